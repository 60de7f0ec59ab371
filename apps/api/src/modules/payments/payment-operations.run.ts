/**
 * The `payment-operation` job (issue 42; ADR 019 §4): calls the provider for one
 * `payment_operations` row with its idempotency key and records the outcome in one transaction
 * with the payment's captured and refunded amounts. A refusal that cannot change by waiting (a
 * 4xx such as Kustom's 403 "capture not allowed" or Stripe's 400) marks the operation failed with the provider's
 * words, for the back office; anything else (network, 5xx, 429, 409, the provider not configured)
 * throws, so the queue retries with back-off (12 attempts, about 3 hours), then shows it failed.
 */
import { eq, sql } from 'drizzle-orm';
import type { PaymentsConfig } from '../../config-types.ts';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import {
  callProvider,
  ProviderNotConfiguredError,
  type ProviderCallResult,
} from './provider-calls.ts';
import { queueRelease } from './payment-operations.service.ts';
import { orderPayments, paymentOperations } from './payments.tables.ts';

/** Where a refusal is logged (modules/jobs/handlers.ts `JobLog`). */
interface OperationLog {
  error(message: string, details?: Record<string, unknown>): void;
}

/**
 * A job handler as modules/jobs/handlers.ts `JobHandler` calls it (declared here, so that this
 * module does not import the handlers' module that imports it).
 */
export interface PaymentJobHandler {
  run(
    payload: Record<string, unknown>,
    ctx: { db: Database; config: Config | undefined; log: OperationLog },
  ): Promise<void>;
}

/** A provider call that failed and may succeed later: the job is retried. */
export class RetryablePaymentError extends Error {
  override name = 'RetryablePaymentError';
}

/**
 * Runs operation `operationId` once: nothing for an operation no longer queued.
 * @throws RetryablePaymentError when the provider could not answer (the queue retries)
 */
export async function runPaymentOperation(
  db: Database,
  payments: PaymentsConfig,
  operationId: number,
  log?: OperationLog,
): Promise<void> {
  const [op] = await db
    .select()
    .from(paymentOperations)
    .where(eq(paymentOperations.id, operationId));
  if (!op || op.state !== 'queued') return;
  const [payment] = await db
    .select()
    .from(orderPayments)
    .where(eq(orderPayments.id, op.orderPaymentId));
  if (!payment) return;
  let result: ProviderCallResult;
  try {
    result = await callProvider(db, payments, op, payment);
  } catch (error) {
    if (error instanceof ProviderNotConfiguredError) throw new RetryablePaymentError(error.message);
    throw error;
  }
  if (!result.ok && result.retry) {
    await db
      .update(paymentOperations)
      .set({
        attempts: sql`${paymentOperations.attempts} + 1`,
        errorCode: result.code,
        providerMessage: result.message,
        updatedAt: new Date(),
      })
      .where(eq(paymentOperations.id, op.id));
    throw new RetryablePaymentError(`${op.provider} ${op.kind}: ${result.code} ${result.message}`);
  }
  if (!result.ok) {
    log?.error('Payment operation refused by the provider', {
      operationId: op.id,
      orderId: op.orderId,
      kind: op.kind,
      amount: op.amount,
      status: result.status,
      code: result.code,
      message: result.message,
    });
  }
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(paymentOperations)
      .set(
        result.ok
          ? {
              state: 'succeeded',
              providerOperationId: result.operationId,
              errorCode: null,
              providerMessage: null,
              attempts: sql`${paymentOperations.attempts} + 1`,
              updatedAt: new Date(),
            }
          : {
              state: 'failed',
              errorCode: result.code,
              providerMessage: result.message,
              attempts: sql`${paymentOperations.attempts} + 1`,
              updatedAt: new Date(),
            },
      )
      .where(sql`${paymentOperations.id} = ${op.id} and ${paymentOperations.state} = 'queued'`)
      .returning();
    if (!claimed || !result.ok) return;
    if (op.kind === 'capture') {
      await tx
        .update(orderPayments)
        .set({
          capturedAmount: sql`${orderPayments.capturedAmount} + ${op.amount}`,
          status: 'paid',
          paidAt: new Date(),
        })
        .where(eq(orderPayments.id, payment.id));
      if (op.amount < payment.amount) await queueRelease(tx, payment);
    } else if (op.kind === 'refund') {
      await tx
        .update(orderPayments)
        .set({ refundedAmount: sql`${orderPayments.refundedAmount} + ${op.amount}` })
        .where(eq(orderPayments.id, payment.id));
    } else if (op.kind === 'cancel') {
      await tx
        .update(orderPayments)
        .set({ status: 'cancelled' })
        .where(eq(orderPayments.id, payment.id));
    }
  });
}

/** The job handlers of payments (merged into JOB_HANDLERS). */
export const PAYMENT_JOB_HANDLERS: Readonly<Record<string, PaymentJobHandler>> = {
  'payment-operation': {
    async run(payload, { db, config, log }) {
      if (!config) throw new Error('The payment jobs need the configuration');
      await runPaymentOperation(db, config.payments, Number(payload.operationId), log);
    },
  },
};
