/**
 * Payments behind one provider interface (issue 6; GEINS-API §4.6 PaymentOptionType,
 * PaymentDetailsType): "Faktura" (invoice, the STANDARD flow) and a local sandbox that behaves
 * like an external hosted checkout (the shopper is sent to the provider's page, comes back
 * approved or declined, and the provider also notifies the server; SPEC §2 /checkout/klarna-fail).
 * Amounts in minor units (öre).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { DeclineReason, PaymentOption } from './payment-options.ts';
import { orderPayments, paymentNotifications, paymentSessions } from './payments.tables.ts';

/**
 * What every payment provider does. `createSession` starts a hosted payment (not for invoice);
 * `recordPayment` writes the order's payment inside the order transaction; `confirm` asks the
 * provider whether a session was approved; `cancel` voids a payment.
 */
export interface PaymentProvider {
  readonly name: PaymentOption['provider'];
  /** Starts a hosted payment for a cart; returns the session id. */
  createSession(db: Database, input: NewPaymentSession): Promise<string>;
  /** The session's outcome as the provider knows it. */
  confirm(db: Database, sessionId: string): Promise<PaymentSessionRecord | null>;
  /** Inside the order transaction: the order's payment row. */
  recordPayment(tx: Database, orderId: number, amount: number, reference: string): Promise<void>;
  /** Voids the payments of an order (order cancelled). */
  cancel(tx: Database, orderId: number): Promise<void>;
}

/** A payment session row. */
export type PaymentSessionRecord = typeof paymentSessions.$inferSelect;

/** A cart line as paid for: SKU and units (issue 13 §2). */
export interface PaidLine {
  skuId: number;
  quantity: number;
}

/** What a hosted session is created from. */
export interface NewPaymentSession {
  cartId: string;
  /** What the shopper is asked to pay: minor units incl. VAT, after the gift card. */
  amount: number;
  currencyCode: string;
  marketId: string;
  checkout: Record<string, unknown>;
  /** The cart's lines when the payment started: the order must be these (issue 13 §2). */
  lines: PaidLine[];
}

async function cancelPayments(tx: Database, orderId: number): Promise<void> {
  await tx
    .update(orderPayments)
    .set({ status: 'cancelled' })
    .where(eq(orderPayments.orderId, orderId));
}

/**
 * A hosted payment's row: authorised by the provider, `transactionId` its reference (the
 * sandbox's session id, Kustom's order id); written once (a repeat changes nothing).
 */
function recordAuthorized(
  provider: 'sandbox' | 'kustom' | 'stripe',
): PaymentProvider['recordPayment'] {
  return async (tx, orderId, amount, reference) => {
    await tx
      .insert(orderPayments)
      .values({ orderId, provider, transactionId: reference, amount, status: 'authorized' })
      .onConflictDoNothing();
  };
}

/** Invoice: no hosted page; the payment is authorized when the order is placed, paid later. */
export const invoiceProvider: PaymentProvider = {
  name: 'invoice',
  async createSession() {
    throw new Error('Invoice payments have no hosted session');
  },
  async confirm() {
    return null;
  },
  async recordPayment(tx, orderId, amount) {
    await tx.insert(orderPayments).values({
      orderId,
      provider: 'invoice',
      transactionId: `FAKTURA-${orderId}`,
      amount,
      status: 'authorized',
    });
  },
  cancel: cancelPayments,
};

/** The local sandbox: sessions in `payment_sessions`, approved or declined on its page. */
export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  async createSession(db, input) {
    const id = randomUUID();
    await db.insert(paymentSessions).values({ id, provider: 'sandbox', ...input });
    return id;
  },
  async confirm(db, sessionId) {
    return getPaymentSession(db, sessionId);
  },
  recordPayment: recordAuthorized('sandbox'),
  cancel: cancelPayments,
};

/**
 * Förmånscykel (issue 21): no hosted page and no card; the payment is `pending` until the
 * employer approves (the leasing company pays the shop, the employee through the salary).
 */
const leasingProvider: PaymentProvider = {
  name: 'leasing',
  async createSession() {
    throw new Error('Leasing payments have no hosted session');
  },
  async confirm() {
    return null;
  },
  async recordPayment(tx, orderId, amount) {
    await tx.insert(orderPayments).values({
      orderId,
      provider: 'leasing',
      transactionId: `FORMANSCYKEL-${orderId}`,
      amount,
      status: 'pending',
    });
  },
  cancel: cancelPayments,
};

/**
 * Kustom Checkout (issue 42): the session is opened and read at Kustom (kustom-session.service.ts, checkout/kustom-payment.service.ts); the
 * order's payment is the authorised KCO order (`transactionId` its order_id), captured later.
 */
const kustomProvider: PaymentProvider = {
  name: 'kustom',
  async createSession() {
    throw new Error('Kustom sessions are opened by kustom-session.service.ts');
  },
  async confirm(db, sessionId) {
    return getPaymentSession(db, sessionId);
  },
  recordPayment: recordAuthorized('kustom'),
  cancel: cancelPayments,
};

/**
 * Stripe (issue 42): the intent is created and read at Stripe (stripe-session.service.ts,
 * checkout/stripe-payment.service.ts); the order's payment is the intent (`transactionId` its
 * `pi_…` id), authorised (card, captured at shipment) or paid at once (Swish).
 */
const stripeProvider: PaymentProvider = {
  name: 'stripe',
  async createSession() {
    throw new Error('Stripe sessions are opened by stripe-session.service.ts');
  },
  async confirm(db, sessionId) {
    return getPaymentSession(db, sessionId);
  },
  recordPayment: recordAuthorized('stripe'),
  cancel: cancelPayments,
};

/** The provider of a payment option. */
export function providerFor(option: PaymentOption): PaymentProvider {
  if (option.provider === 'leasing') return leasingProvider;
  if (option.provider === 'stripe') return stripeProvider;
  if (option.provider === 'kustom') return kustomProvider;
  return option.provider === 'sandbox' ? sandboxProvider : invoiceProvider;
}

/** A session by id, or null. */
export async function getPaymentSession(
  db: Database,
  sessionId: string,
): Promise<PaymentSessionRecord | null> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return null;
  const [row] = await db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.id, sessionId.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/**
 * The sandbox page's decision (approve or decline with a reason). Only a session still
 * `created` changes; a decided session keeps its first decision.
 * @returns the session after the decision, or null when unknown
 */
export async function decidePaymentSession(
  db: Database,
  sessionId: string,
  decision: { approved: true } | { approved: false; reason: DeclineReason },
): Promise<PaymentSessionRecord | null> {
  const session = await getPaymentSession(db, sessionId);
  if (!session) return null;
  await db
    .update(paymentSessions)
    .set({
      status: decision.approved ? 'approved' : 'declined',
      declineReason: decision.approved ? null : decision.reason,
      updatedAt: new Date(),
    })
    .where(and(eq(paymentSessions.id, session.id), eq(paymentSessions.status, 'created')));
  return getPaymentSession(db, session.id);
}

/**
 * The shop refuses an approved session whose cart no longer matches what was paid (issue 13 §2):
 * the session becomes declined with that reason, unless an order was already written from it.
 * A real provider's authorisation would be voided here; the sandbox took no money.
 * @returns the session after the change, or null when unknown
 */
export async function refuseApprovedSession(
  db: Database,
  sessionId: string,
  reason: DeclineReason,
): Promise<PaymentSessionRecord | null> {
  await db
    .update(paymentSessions)
    .set({ status: 'declined', declineReason: reason, updatedAt: new Date() })
    .where(
      and(
        eq(paymentSessions.id, sessionId),
        eq(paymentSessions.status, 'approved'),
        isNull(paymentSessions.orderId),
      ),
    );
  return getPaymentSession(db, sessionId);
}

/** Links a session to the order created from it (inside the order transaction). */
export async function linkSessionToOrder(
  tx: Database,
  sessionId: string,
  orderId: number,
): Promise<void> {
  await tx
    .update(paymentSessions)
    .set({ orderId, updatedAt: new Date() })
    .where(eq(paymentSessions.id, sessionId));
}

/**
 * True when order `orderId` is paid through `provider` with the transaction `transactionId`
 * (for a hosted session: its id): the payment a provider notification may move (issue 41 §5).
 */
export async function orderHasPayment(
  db: Database,
  orderId: number,
  provider: string,
  transactionId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: orderPayments.id })
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        eq(orderPayments.provider, provider),
        eq(orderPayments.transactionId, transactionId),
      ),
    )
    .limit(1);
  return rows.length === 1;
}

/** Rank of payment statuses: a notification may only move a payment forward. */
const PAYMENT_RANK: Record<string, number> = { pending: 0, authorized: 1, paid: 2, cancelled: 3 };

/**
 * Records a provider notification once per (provider, eventId): a repeated delivery is ignored.
 * @returns true when this delivery is the first of the event
 */
export async function recordNotification(
  tx: Database,
  provider: string,
  eventId: string,
  sessionId: string,
  eventType: string,
): Promise<boolean> {
  const rows = await tx
    .insert(paymentNotifications)
    .values({ provider, eventId, sessionId, eventType })
    .onConflictDoNothing()
    .returning({ id: paymentNotifications.id });
  return rows.length === 1;
}

/**
 * Moves an order's payment of a provider forward to `status` (authorized or paid), never back:
 * a late "authorized" after "paid" changes nothing.
 */
export async function advancePayment(
  tx: Database,
  orderId: number,
  provider: string,
  status: 'authorized' | 'paid',
): Promise<void> {
  const rank = PAYMENT_RANK[status]!;
  await tx
    .update(orderPayments)
    .set({
      status,
      ...(status === 'paid' ? { paidAt: new Date() } : {}),
    })
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        eq(orderPayments.provider, provider),
        sql`(case ${orderPayments.status} when 'pending' then 0 when 'authorized' then 1 when 'paid' then 2 else 3 end) < ${rank}`,
      ),
    );
}

/** A row of `order_payments`. */
export type OrderPaymentRecord = typeof orderPayments.$inferSelect;

/**
 * The payments of several orders in one statement (the `orderPayments` DataLoader), each
 * order's in id order; orders without payments are absent from the map.
 */
export async function paymentsByOrderIds(
  db: Database,
  orderIds: readonly number[],
): Promise<Map<number, OrderPaymentRecord[]>> {
  const rows = await db
    .select()
    .from(orderPayments)
    .where(inArray(orderPayments.orderId, [...orderIds]))
    .orderBy(asc(orderPayments.id));
  const byOrder = new Map<number, OrderPaymentRecord[]>();
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}
