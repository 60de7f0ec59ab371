/**
 * Refunds made at Stripe outside the shop, read back (issue 42): a refund made in Stripe's
 * Dashboard (or by any other client of the account) is recorded against its order as a refund
 * operation in state succeeded, with Stripe's refund id and amount, and added to the payment's
 * refunded amount, so the back office's payment panel ("Återbetalt") is right and a later refund
 * from the back office is capped at what is left (payment-operations.service.ts `queueRefund`).
 *
 * Stripe's events `charge.refunded`, `refund.updated` and `refund.failed` only say that
 * something changed: the intent's refunds are listed at Stripe (`GET /v1/refunds?payment_intent=`)
 * and compared with our operations, in one transaction with the payment locked. Exactly once
 * however often an event is replayed: each refund is keyed on its Stripe id (operation key
 * `refund:{orderId}:stripe:{refundId}`, unique). A refund the shop made itself is never counted
 * twice: it carries our operation's refund id (`provider_operation_id`) or our metadata
 * (`orderId`, as provider-calls.ts sends it). A refund of ours that Stripe later reports failed
 * or cancelled marks its operation failed (with Stripe's reason, on "Att hantera" with "Försök
 * igen") and is taken off the refunded amount. Amounts in öre (minor units).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { StripeSettings } from '../../config-payments.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentOperationRecord } from './payment-operations.service.ts';
import { orderPayments, paymentOperations } from './payments.tables.ts';
import { stripeClient } from './stripe-client.ts';

/** The note on a refund recorded from Stripe (shown on the order page). */
export const OUTSIDE_REFUND_NOTE = 'Återbetald direkt hos Stripe, utanför butiken.';

/** What one read-back did. */
export type RefundSyncResult =
  | {
      ok: true;
      /** The order of the intent; null when the intent is not one of our orders' payments. */
      orderId: number | null;
      /** Stripe refund ids recorded now (made outside the shop). */
      recorded: string[];
      /** Stripe refund ids of our operations that Stripe reports failed now. */
      failed: string[];
    }
  | { ok: false; retry: boolean; code: string; message: string };

/** Refunds that moved money back (or will: `pending` is left until it succeeds). */
const DONE = 'succeeded';
const UNDONE = new Set(['failed', 'canceled']);

/** The key of a refund recorded from Stripe: one per Stripe refund id. */
export function outsideRefundKey(orderId: number, refundId: string): string {
  return `refund:${orderId}:stripe:${refundId}`;
}

/** Every refund of an intent at Stripe, oldest first (pages of 100). */
async function listRefunds(
  settings: StripeSettings,
  intentId: string,
): Promise<{ ok: true; refunds: Stripe.Refund[] } | Extract<RefundSyncResult, { ok: false }>> {
  const sdk = stripeClient(settings).sdk;
  const refunds: Stripe.Refund[] = [];
  try {
    for (let startingAfter: string | undefined; ;) {
      const page = await sdk.refunds.list({
        payment_intent: intentId,
        limit: 100,
        ...(startingAfter ? { starting_after: startingAfter } : {}),
      });
      refunds.push(...page.data);
      if (!page.has_more || page.data.length === 0) break;
      startingAfter = page.data[page.data.length - 1]!.id;
    }
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode ?? 0;
    return {
      ok: false,
      retry: status === 0 || status === 409 || status === 429 || status >= 500,
      code: (error as { code?: string }).code ?? `HTTP_${status}`,
      message: error instanceof Error ? error.message : String(error),
    };
  }
  return { ok: true, refunds: refunds.sort((a, b) => a.created - b.created) };
}

/** True when `refund` is one the shop made for `op`'s order (its id, or our metadata). */
function isOurs(refund: Stripe.Refund, orderId: number, ops: readonly PaymentOperationRecord[]) {
  if (ops.some((op) => op.providerOperationId === refund.id)) return true;
  return refund.metadata?.orderId === String(orderId);
}

/**
 * Reads the refunds of Stripe intent `intentId` back and records, against its order, those made
 * outside the shop (succeeded ones; see the module comment), once each; our own refunds that
 * Stripe now reports failed are marked failed. Nothing for an intent that is not an order's
 * payment, or whose payment has nothing captured (releasing an authorisation is no refund).
 * @param settings the configured Stripe account
 * @returns what was recorded, or why Stripe could not be read (`retry`: ask again later)
 */
export async function syncStripeRefunds(
  db: Database,
  settings: StripeSettings,
  intentId: string,
): Promise<RefundSyncResult> {
  const [known] = await db
    .select({ id: orderPayments.id, orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(and(eq(orderPayments.provider, 'stripe'), eq(orderPayments.transactionId, intentId)));
  if (!known) return { ok: true, orderId: null, recorded: [], failed: [] };
  const listed = await listRefunds(settings, intentId);
  if (!listed.ok) return listed;
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.id, known.id))
      .for('update');
    if (!payment) return { ok: true as const, orderId: null, recorded: [], failed: [] };
    const ops = await tx
      .select()
      .from(paymentOperations)
      .where(
        and(eq(paymentOperations.orderPaymentId, payment.id), eq(paymentOperations.kind, 'refund')),
      )
      .orderBy(asc(paymentOperations.id));
    const recorded: string[] = [];
    const failed: string[] = [];
    let refundedChange = 0;
    for (const refund of listed.refunds) {
      if (isOurs(refund, payment.orderId, ops)) {
        const op = ops.find((o) => o.providerOperationId === refund.id);
        if (!op || op.state !== 'succeeded' || !UNDONE.has(refund.status ?? '')) continue;
        // Ours, and Stripe could not pay it back after all.
        await tx
          .update(paymentOperations)
          .set({
            state: 'failed',
            errorCode: refund.failure_reason ?? refund.status,
            providerMessage: `Stripe: återbetalningen ${refund.status === 'canceled' ? 'avbröts' : 'misslyckades'} (${refund.failure_reason ?? refund.status}).`,
            updatedAt: new Date(),
          })
          .where(eq(paymentOperations.id, op.id));
        refundedChange -= op.amount;
        failed.push(refund.id);
        continue;
      }
      // Outside the shop: only money that went back, only of what was captured.
      if (refund.status !== DONE || payment.capturedAmount === 0) continue;
      if (refund.reason === 'expired_uncaptured_charge') continue;
      const [{ seq }] = (await tx
        .select({ seq: sql<number>`coalesce(max(${paymentOperations.seq}), 0)::int + 1` })
        .from(paymentOperations)
        .where(
          and(
            eq(paymentOperations.orderPaymentId, payment.id),
            eq(paymentOperations.kind, 'refund'),
          ),
        )) as [{ seq: number }];
      const [row] = await tx
        .insert(paymentOperations)
        .values({
          orderId: payment.orderId,
          orderPaymentId: payment.id,
          provider: 'stripe',
          kind: 'refund',
          seq,
          amount: refund.amount,
          idempotencyKey: outsideRefundKey(payment.orderId, refund.id),
          state: 'succeeded',
          providerOperationId: refund.id,
          providerMessage: OUTSIDE_REFUND_NOTE,
          attempts: 0,
        })
        .onConflictDoNothing({ target: paymentOperations.idempotencyKey })
        .returning();
      if (!row) continue;
      ops.push(row);
      refundedChange += refund.amount;
      recorded.push(refund.id);
    }
    if (refundedChange !== 0) {
      await tx
        .update(orderPayments)
        .set({ refundedAmount: sql`${orderPayments.refundedAmount} + ${refundedChange}` })
        .where(eq(orderPayments.id, payment.id));
    }
    return { ok: true as const, orderId: payment.orderId, recorded, failed };
  });
}
