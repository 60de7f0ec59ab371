/**
 * Money moved at a payment provider as jobs (issue 42; ADR 019 §3–4): captures when an order
 * ships, cancels when it is cancelled before, refunds from the back office, each a
 * `payment_operations` row written in the transaction of its cause together with its
 * `payment-operation` job (an outbox: nothing is lost if the provider or the process is down).
 * The job ({@link runPaymentOperation}) calls the provider with the row's idempotency key, the
 * same on every attempt, so a retry never captures or refunds twice.
 *
 * Which payments have provider calls: Kustom's and Stripe's. Invoice, leasing and the sandbox move no money
 * through a provider (the sandbox takes none; an invoice is paid to the shop's account), so
 * their orders get no operations. Amounts in öre.
 *
 * The rules, in one place:
 * - capture: once, at the first shipment or the move to `completed`, of what was authorised
 *   minus what was refunded before (a refund before the capture only lowers it); nothing left
 *   to take -> a cancel instead; less than authorised -> the rest is released after the capture.
 * - cancel (order cancelled): before a capture, the authorisation is cancelled; after it, what
 *   was captured and not yet refunded is refunded.
 * - refund to the payment: after the capture, at most what was captured minus the refunds not
 *   failed (REFUND_EXCEEDS_CAPTURED otherwise); before it, recorded and taken off the capture.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import { enqueueJob, type NewJob } from '../jobs/queue.ts';
import { orderPayments, paymentOperations } from './payments.tables.ts';

/** The providers whose payments move money through calls (the others need none). */
export const PROVIDERS_WITH_CALLS: readonly string[] = ['kustom', 'stripe'];

/** A `payment_operations` row. */
export type PaymentOperationRecord = typeof paymentOperations.$inferSelect;

/** The kind of an operation. */
export type PaymentOperationKind = 'capture' | 'cancel' | 'release' | 'refund';

/** The job that runs operation `operationId` (key `payment-operation:{id}`, 12 attempts ≈ 3 h). */
export function paymentOperationJob(operationId: number): NewJob {
  return {
    kind: 'payment-operation',
    key: `payment-operation:${operationId}`,
    payload: { operationId },
    maxAttempts: 12,
  };
}

/** Who asked for an operation (a staff user), or nobody (the shop itself). */
export interface OperationActor {
  staffUserId: number | null;
  staffEmail: string | null;
}

/** The order's payment that has provider calls (authorised or paid), locked, or null. */
async function callablePayment(tx: Database, orderId: number) {
  const [payment] = await tx
    .select()
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        inArray(orderPayments.provider, [...PROVIDERS_WITH_CALLS]),
        inArray(orderPayments.status, ['authorized', 'paid']),
      ),
    )
    .orderBy(asc(orderPayments.id))
    .limit(1)
    .for('update');
  return payment ?? null;
}

async function operationsOf(tx: Database, orderPaymentId: number) {
  return tx
    .select()
    .from(paymentOperations)
    .where(eq(paymentOperations.orderPaymentId, orderPaymentId))
    .orderBy(asc(paymentOperations.id));
}

async function insertOperation(
  tx: Database,
  payment: typeof orderPayments.$inferSelect,
  values: {
    kind: PaymentOperationKind;
    amount: number;
    key: (seq: number) => string;
    refundNo?: number | null;
    state?: 'queued' | 'succeeded';
    providerMessage?: string | null;
    shippingInfo?: PaymentOperationRecord['shippingInfo'];
    actor?: OperationActor | null;
  },
): Promise<PaymentOperationRecord> {
  const [{ seq }] = (await tx
    .select({ seq: sql<number>`coalesce(max(${paymentOperations.seq}), 0)::int + 1` })
    .from(paymentOperations)
    .where(
      and(
        eq(paymentOperations.orderPaymentId, payment.id),
        eq(paymentOperations.kind, values.kind),
      ),
    )) as [{ seq: number }];
  const [row] = await tx
    .insert(paymentOperations)
    .values({
      orderId: payment.orderId,
      orderPaymentId: payment.id,
      provider: payment.provider,
      kind: values.kind,
      seq,
      amount: values.amount,
      refundNo: values.refundNo ?? null,
      idempotencyKey: values.key(seq),
      state: values.state ?? 'queued',
      providerMessage: values.providerMessage ?? null,
      shippingInfo: values.shippingInfo ?? null,
      staffUserId: values.actor?.staffUserId ?? null,
      staffEmail: values.actor?.staffEmail ?? null,
    })
    .returning();
  if (row!.state === 'queued') await enqueueJob(tx, paymentOperationJob(row!.id));
  return row!;
}

const live = (op: PaymentOperationRecord) => op.state !== 'failed';

/**
 * Inside a shipment or completion transaction: queues the capture of the order's provider
 * payment, once (a second shipment queues nothing). Nothing left to take (refunded before)
 * queues a cancel instead.
 * @returns the operation queued, or null (no provider payment, or already captured/cancelled)
 */
export async function queueCapture(
  tx: Database,
  orderId: number,
  parcel: { trackingNumber: string; shippingCompany: string | null } | null,
): Promise<PaymentOperationRecord | null> {
  const payment = await callablePayment(tx, orderId);
  if (!payment) return null;
  const ops = (await operationsOf(tx, payment.id)).filter(live);
  if (ops.some((op) => op.kind === 'capture' || op.kind === 'cancel')) return null;
  const refundedBefore = ops
    .filter((op) => op.kind === 'refund')
    .reduce((sum, op) => sum + op.amount, 0);
  const amount = payment.amount - refundedBefore;
  if (amount <= 0) {
    return insertOperation(tx, payment, {
      kind: 'cancel',
      amount: 0,
      key: (seq) => `cancel:${orderId}:${seq}`,
    });
  }
  return insertOperation(tx, payment, {
    kind: 'capture',
    amount,
    key: (seq) => `capture:${orderId}:${seq}`,
    shippingInfo: parcel ? [parcel] : null,
  });
}

/**
 * A payment the provider took at the purchase (Stripe Swish: no manual capture): its capture is
 * recorded as done, once, and the payment is paid; later refunds and a cancellation refund it.
 * Nothing for an unknown payment or one with a capture already.
 * @param amount öre taken
 */
export async function recordCaptureAtPurchase(
  db: Database,
  orderId: number,
  provider: string,
  transactionId: string,
  amount: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(orderPayments)
      .where(
        and(
          eq(orderPayments.orderId, orderId),
          eq(orderPayments.provider, provider),
          eq(orderPayments.transactionId, transactionId),
        ),
      )
      .for('update');
    if (!payment || payment.status === 'cancelled') return;
    const ops = (await operationsOf(tx, payment.id)).filter(live);
    if (ops.some((op) => op.kind === 'capture')) return;
    await insertOperation(tx, payment, {
      kind: 'capture',
      amount,
      key: (seq) => `capture:${orderId}:${seq}`,
      state: 'succeeded',
      providerMessage: 'Dragen direkt vid köpet.',
    });
    await tx
      .update(orderPayments)
      .set({ status: 'paid', capturedAmount: amount, paidAt: new Date() })
      .where(eq(orderPayments.id, payment.id));
  });
}

/**
 * Inside the cancellation's transaction: before a capture the authorisation is cancelled; after
 * it, what was captured and not refunded is refunded (key `refund:{orderId}:cancel`).
 * @returns the operation queued, or null (no provider payment, or nothing left)
 */
export async function queueCancellation(
  tx: Database,
  orderId: number,
  actor: OperationActor | null,
): Promise<PaymentOperationRecord | null> {
  const payment = await callablePayment(tx, orderId);
  if (!payment) return null;
  const ops = (await operationsOf(tx, payment.id)).filter(live);
  if (ops.some((op) => op.kind === 'cancel')) return null;
  const captured = ops.filter((op) => op.kind === 'capture');
  if (captured.length === 0) {
    return insertOperation(tx, payment, {
      kind: 'cancel',
      amount: 0,
      key: (seq) => `cancel:${orderId}:${seq}`,
      actor,
    });
  }
  const left = capturedLeft(ops);
  if (left <= 0) return null;
  return insertOperation(tx, payment, {
    kind: 'refund',
    amount: left,
    key: () => `refund:${orderId}:cancel`,
    actor,
  });
}

/**
 * After a capture of less than was authorised (refunds before it): the rest of the authorisation
 * is released, so the shopper's money is not held until it expires.
 */
export async function queueRelease(
  tx: Database,
  payment: typeof orderPayments.$inferSelect,
): Promise<PaymentOperationRecord> {
  return insertOperation(tx, payment, {
    kind: 'release',
    amount: 0,
    key: (seq) => `release:${payment.orderId}:${seq}`,
  });
}

/** Captured minus refunds after the capture (not failed), öre. */
function capturedLeft(ops: readonly PaymentOperationRecord[]): number {
  const captureIndex = ops.findIndex((op) => op.kind === 'capture');
  if (captureIndex < 0) return 0;
  const captured = ops
    .filter((op) => op.kind === 'capture')
    .reduce((sum, op) => sum + op.amount, 0);
  const refunded = ops
    .slice(captureIndex + 1)
    .filter((op) => op.kind === 'refund')
    .reduce((sum, op) => sum + op.amount, 0);
  return captured - refunded;
}

/**
 * Inside refundOrder's transaction (the order locked): a refund "to the payment" of `amount`
 * öre. The provider part is at most what is left of the payment (the rest of a refund is the
 * gift-card part the order was also paid with): after the capture, what was captured and not
 * refunded, queued for the provider; before it, recorded as done, and the capture will take
 * that much less.
 * @returns the operation, or null when the order has no provider payment or nothing is left
 * @throws ShopError REFUND_EXCEEDS_PAID (Swedish) when the payment was cancelled
 */
export async function queueRefund(
  tx: Database,
  orderId: number,
  refundNo: number,
  amount: number,
  actor: OperationActor | null,
): Promise<PaymentOperationRecord | null> {
  const payment = await callablePayment(tx, orderId);
  if (!payment || amount <= 0) return null;
  const ops = (await operationsOf(tx, payment.id)).filter(live);
  if (ops.some((op) => op.kind === 'cancel')) {
    throw new ShopError(
      'REFUND_EXCEEDS_PAID',
      'Betalningen är makulerad: inget finns att återbetala till den.',
      { locale: 'sv', argument: 'toBalance' },
    );
  }
  const captured = ops.some((op) => op.kind === 'capture');
  const left = captured
    ? capturedLeft(ops)
    : payment.amount -
      ops.filter((op) => op.kind === 'refund').reduce((sum, op) => sum + op.amount, 0);
  const toProvider = Math.min(amount, left);
  if (toProvider <= 0) return null;
  return insertOperation(tx, payment, {
    kind: 'refund',
    amount: toProvider,
    refundNo,
    key: () => `refund:${orderId}:${refundNo}`,
    actor,
    ...(captured
      ? {}
      : {
          state: 'succeeded' as const,
          providerMessage: 'Före dragningen: dragningen tar så mycket mindre.',
        }),
  });
}

/** The operations of orders, oldest first per order (the back office's order page). */
export async function operationsByOrderIds(
  db: Database,
  orderIds: readonly number[],
): Promise<Map<number, PaymentOperationRecord[]>> {
  const rows =
    orderIds.length === 0
      ? []
      : await db
          .select()
          .from(paymentOperations)
          .where(inArray(paymentOperations.orderId, [...orderIds]))
          .orderBy(asc(paymentOperations.id));
  const map = new Map<number, PaymentOperationRecord[]>();
  for (const row of rows) map.set(row.orderId, [...(map.get(row.orderId) ?? []), row]);
  return map;
}

/** `capture:4:1` -> `capture:4:1:r1`, `…:r1` -> `…:r2`. */
function nextRetryKey(key: string): string {
  const match = /^(.*):r(\d+)$/.exec(key);
  return match ? `${match[1]}:r${Number(match[2]) + 1}` : `${key}:r1`;
}

/** The number of failed operations (the dashboard's "Att hantera"). */
export async function countFailedOperations(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentOperations)
    .where(eq(paymentOperations.state, 'failed'));
  return row?.n ?? 0;
}

/**
 * "Försök igen" on a failed operation: queued again, its job re-armed. Under a new idempotency
 * key (`{key}:r{n}`): the provider refused the call, so it moved nothing, and Kustom answers a
 * repeated key with its first answer whatever changed ("only the key matters", K4).
 * @throws ShopError NOT_FOUND (Swedish) for an unknown operation, BAD_USER_INPUT when it did not fail
 */
export async function retryPaymentOperation(
  db: Database,
  operationId: number,
): Promise<PaymentOperationRecord> {
  return db.transaction(async (tx) => {
    const [op] = await tx
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.id, operationId))
      .for('update');
    if (!op) throw new ShopError('NOT_FOUND', 'Betalningshändelsen finns inte.', { locale: 'sv' });
    if (op.state !== 'failed') {
      throw new ShopError(
        'BAD_USER_INPUT',
        'Bara en misslyckad betalningshändelse kan försökas igen.',
        {
          locale: 'sv',
          argument: 'operationId',
        },
      );
    }
    const [queued] = await tx
      .update(paymentOperations)
      .set({
        state: 'queued',
        errorCode: null,
        idempotencyKey: nextRetryKey(op.idempotencyKey),
        updatedAt: new Date(),
      })
      .where(and(eq(paymentOperations.id, op.id), ne(paymentOperations.state, 'queued')))
      .returning();
    await enqueueJob(tx, paymentOperationJob(op.id), { rearm: true });
    return queued!;
  });
}
