/**
 * One payment operation as a call to its provider (issue 42; ADR 019 §1, §4): the capture,
 * cancel, release or refund of a `payment_operations` row, with the row's idempotency key, for
 * Kustom (Order Management) and Stripe (Payment Intents, Refunds). Amounts in öre. The job
 * (payment-operations.run.ts) records the outcome.
 */
import type { PaymentsConfig } from '../../config-types.ts';
import type { Database } from '../../db/client.ts';
import { refundWithOrderLines } from '../orders/order-refunds.ts';
import type { KustomResult } from './kustom-client.ts';
import { kustomClient } from './kustom-session.service.ts';
import type { PaymentOperationRecord } from './payment-operations.service.ts';
import type { orderPayments } from './payments.tables.ts';
import { refundLinesOf, sumProviderLines, type ProviderLine } from './provider-lines.ts';
import { stripeClient } from './stripe-client.ts';

/** What a provider answered to one operation. */
export type ProviderCallResult =
  | { ok: true; operationId: string | null }
  | { ok: false; retry: boolean; status: number; code: string; message: string };

/** Thrown when the provider of an operation is not configured now (the job retries). */
export class ProviderNotConfiguredError extends Error {
  override name = 'ProviderNotConfiguredError';
}

type Payment = typeof orderPayments.$inferSelect;

/** Kustom keeps an idempotency key for a limited time; past it, a repeat is not recognised. */
const KEY_TRUST_MS = 23 * 3_600_000;

/**
 * True when a capture queued more than {@link KEY_TRUST_MS} ago is already taken at Kustom (an
 * attempt that reached Kustom but whose answer was lost, then a long outage of ours): read the
 * order back instead of trusting the old key, so the money is never captured twice.
 */
async function capturedLongAgo(
  client: ReturnType<typeof kustomClient>,
  ref: string,
  op: PaymentOperationRecord,
): Promise<boolean> {
  if (op.attempts === 0 || Date.now() - op.createdAt.getTime() < KEY_TRUST_MS) return false;
  const order = await client.readOrder(ref);
  return order.ok && order.body.captured_amount >= op.amount;
}

/**
 * The lines of a back-office refund per order line (`order_refunds` rows of `refundNo`), when
 * they add up to exactly what the provider refunds; null for a refund of an amount (the
 * cancellation's) or one whose provider part is less than its lines (a gift card paid the
 * rest), which is sent as the amount with a description.
 */
async function refundedLines(
  db: Database,
  op: PaymentOperationRecord,
): Promise<ProviderLine[] | null> {
  if (op.refundNo === null) return null;
  const found = await refundWithOrderLines(db, op.orderId, op.refundNo);
  if (!found || found.rows.some((row) => row.toBalance)) return null;
  const { order, lines, rows } = found;
  const refund = refundLinesOf(order, lines, rows);
  if (!refund || refund.length === 0) return null;
  return sumProviderLines(refund).amount === op.amount ? refund : null;
}

async function kustomCall(
  db: Database,
  payments: PaymentsConfig,
  op: PaymentOperationRecord,
  payment: Payment,
): Promise<ProviderCallResult> {
  if (!payments.kustom) {
    throw new ProviderNotConfiguredError('Kustom is not configured (KUSTOM_USERNAME/PASSWORD)');
  }
  const client = kustomClient(payments.kustom);
  const ref = payment.transactionId;
  const key = op.idempotencyKey;
  let result: KustomResult<null>;
  switch (op.kind) {
    case 'capture':
      if (await capturedLongAgo(client, ref, op)) return { ok: true, operationId: null };
      result = await client.capture(ref, key, {
        amount: op.amount,
        reference: `order-${op.orderId}`,
        shippingInfo: (op.shippingInfo ?? []).map((p) => ({
          tracking_number: p.trackingNumber.slice(0, 100),
          ...(p.shippingCompany ? { shipping_company: p.shippingCompany.slice(0, 100) } : {}),
        })),
      });
      break;
    case 'refund': {
      const lines = await refundedLines(db, op);
      result = await client.refund(ref, key, {
        amount: op.amount,
        ...(lines ? { lines } : {}),
        description: `Återbetalning order ${op.orderId}`,
        reference:
          op.refundNo === null ? `order-${op.orderId}` : `refund-${op.orderId}-${op.refundNo}`,
      });
      break;
    }
    case 'cancel':
      result = await client.cancel(ref, key);
      break;
    case 'release':
      result = await client.releaseRemaining(ref, key);
      break;
    default:
      throw new Error(`Unknown payment operation ${op.kind}`);
  }
  return result.ok ? { ok: true, operationId: result.operationId } : result;
}

async function stripeCall(
  payments: PaymentsConfig,
  op: PaymentOperationRecord,
  payment: Payment,
): Promise<ProviderCallResult> {
  if (!payments.stripe) {
    throw new ProviderNotConfiguredError('Stripe is not configured (STRIPE_SECRET_KEY)');
  }
  const client = stripeClient(payments.stripe);
  const intent = payment.transactionId;
  // Our order ids repeat across installations (and after a test database is reset) on one
  // Stripe account: the intent id makes the key unique there.
  const key = `${intent}:${op.idempotencyKey}`;
  switch (op.kind) {
    case 'capture': {
      const result = await client.capture(intent, key, op.amount);
      if (!result.ok) return result;
      const charge = result.body.latest_charge;
      return { ok: true, operationId: typeof charge === 'string' ? charge : (charge?.id ?? null) };
    }
    case 'refund': {
      const result = await client.refund(intent, key, op.amount, {
        orderId: String(op.orderId),
        ...(op.refundNo === null ? {} : { refundNo: String(op.refundNo) }),
      });
      return result.ok ? { ok: true, operationId: result.body.id } : result;
    }
    case 'cancel': {
      const result = await client.cancel(intent, key);
      return result.ok ? { ok: true, operationId: null } : result;
    }
    case 'release':
      // A Stripe capture is final: what it did not take was released with it.
      return { ok: true, operationId: null };
    default:
      throw new Error(`Unknown payment operation ${op.kind}`);
  }
}

/**
 * Calls the provider of `op` once (`db` reads what a refund refunded, for its lines).
 * @throws ProviderNotConfiguredError when its provider is not configured now
 */
export async function callProvider(
  db: Database,
  payments: PaymentsConfig,
  op: PaymentOperationRecord,
  payment: Payment,
): Promise<ProviderCallResult> {
  if (op.provider === 'kustom') return kustomCall(db, payments, op, payment);
  if (op.provider === 'stripe') return stripeCall(payments, op, payment);
  throw new Error(`No provider calls for ${op.provider}`);
}
