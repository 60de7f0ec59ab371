/**
 * Payments (GEINS-API §4.6 PaymentDetailsType, PaymentOptionType): payments of orders, hosted
 * payment sessions and received provider notifications. Amounts in minor units (öre).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.tables.ts';

/**
 * A payment of an order. `status` only moves forward: pending -> authorized -> paid, or to
 * cancelled. (`provider`, `transactionId`) is unique.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    transactionId: text().notNull(),
    amount: integer().notNull(),
    status: text().notNull(),
    /** Öre taken at the provider (captures that succeeded, issue 42). */
    capturedAmount: integer().notNull().default(0),
    /** Öre paid back through the provider (refunds that succeeded, issue 42). */
    refundedAmount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('order_payments_provider_transaction').on(t.provider, t.transactionId),
    index().on(t.orderId),
    check(
      'order_payments_status_known',
      sql`${t.status} in ('pending', 'authorized', 'paid', 'cancelled')`,
    ),
  ],
);

/**
 * A session of a hosted payment provider (the local sandbox): created when the shopper leaves
 * for the provider's page; `status` created -> approved | declined (and approved -> declined
 * with reason `cart-changed` when the shop refuses the approval, issue 13 §2); `orderId` once the
 * order exists. `checkout` is the checkout input at session creation, `amount` and `lines` what
 * is being paid for.
 */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: text().primaryKey(),
    provider: text().notNull(),
    cartId: text().notNull(),
    amount: integer().notNull(),
    currencyCode: text().notNull(),
    status: text().notNull().default('created'),
    declineReason: text(),
    checkout: jsonb().$type<Record<string, unknown>>().notNull(),
    /**
     * The cart's lines `[{skuId, quantity}]` when the payment started (issue 13 §2): the order
     * written at approval must have exactly these and cost `amount`; null for sessions started
     * before this column existed (then only the amount is compared).
     */
    lines: jsonb().$type<Array<{ skuId: number; quantity: number }>>(),
    marketId: text().notNull(),
    /**
     * Where the shopper returns after approving an embedded payment (issue 25: the client's
     * confirm page, e.g. `https://www.cykel.example/se/sv/checkout/confirm?kid={payment.uid}&
     * cartid={geins.cartid}`, placeholders as in Geins' `checkoutUrls`); null for a session the
     * shopper was redirected to (placeOrder), which returns to the shop's own confirm page.
     */
    returnUrl: text(),
    /**
     * The provider's id of the session (issue 42): Kustom's checkout `order_id`; null for the
     * sandbox (its session id is its own). Unique per provider.
     */
    providerRef: text(),
    /**
     * The lines sent to the provider (`ProviderLine[]`, provider-lines.ts, öre): what the
     * provider's authorisation is compared with at approval. Null for the sandbox.
     */
    providerLines: jsonb().$type<unknown[]>(),
    orderId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.cartId),
    unique('payment_sessions_provider_ref').on(t.provider, t.providerRef),
    check('payment_sessions_status_known', sql`${t.status} in ('created', 'approved', 'declined')`),
  ],
);

/** Provider notifications received, one row per (provider, eventId): applied exactly once. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    eventId: text().notNull(),
    sessionId: text().notNull(),
    eventType: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('payment_notifications_event').on(t.provider, t.eventId)],
);

/**
 * A call that moves money at a payment provider (issue 42; ADR 019 §3–4): a capture when the
 * order ships, a cancel or release of what was not taken, a refund. Written in the transaction
 * of its cause together with its `payment-operation` job; the job calls the provider with
 * `idempotency_key` (the same key on every attempt, so a retry never moves money twice) and
 * records the outcome. `state` queued -> succeeded | failed (the provider refused; the back
 * office shows `provider_message` and may queue it again). Amounts in öre.
 */
export const paymentOperations = pgTable(
  'payment_operations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderPaymentId: integer()
      .notNull()
      .references(() => orderPayments.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    /** capture | cancel | release (the rest of a partly captured authorisation) | refund. */
    kind: text().notNull(),
    /** 1, 2, … per order payment and kind. */
    seq: integer().notNull(),
    amount: integer().notNull(),
    /** The back office refund (`order_refunds.refund_no`) a refund pays back; null otherwise. */
    refundNo: integer(),
    /** `capture:{orderId}:{seq}`, `refund:{orderId}:{refundNo}`, … (ADR 019 §1). */
    idempotencyKey: text().notNull(),
    state: text().notNull().default('queued'),
    /** The provider's id of the capture or refund (Kustom `Capture-Id`, `Refund-Id`). */
    providerOperationId: text(),
    errorCode: text(),
    /** The provider's own words when it refused or failed (shown to staff). */
    providerMessage: text(),
    /** Tracking numbers sent with a capture (`shipping_info`). */
    shippingInfo:
      jsonb().$type<Array<{ trackingNumber: string; shippingCompany: string | null }>>(),
    attempts: integer().notNull().default(0),
    staffUserId: integer(),
    staffEmail: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payment_operations_key').on(t.idempotencyKey),
    unique('payment_operations_seq').on(t.orderPaymentId, t.kind, t.seq),
    index().on(t.orderId),
    check('payment_operations_amount', sql`${t.amount} >= 0`),
    check(
      'payment_operations_kind_known',
      sql`${t.kind} in ('capture', 'cancel', 'release', 'refund')`,
    ),
    check('payment_operations_state_known', sql`${t.state} in ('queued', 'succeeded', 'failed')`),
  ],
);

/**
 * What the provider said about an order's authorisation when it was last read back (issue 42;
 * ADR 019 §5, the reconciliation's second half; authorisation-checks.service.ts): one row per
 * Kustom or Stripe payment still authorised (not captured), read at most every 6 hours from an
 * hour after the order. `state` ok, `expiring` (the authorisation runs out within 24 hours,
 * `expires_at`), `expired` or `cancelled` (nothing can be captured: the payment is then
 * cancelled too). A state other than ok is a flag on the dashboard's "Att hantera" and on the
 * order page. `provider_status` is the provider's own word (Stripe intent `status`, Kustom OM
 * `status`), or `error:{code}` when the read failed.
 */
export const paymentAuthorisationChecks = pgTable(
  'payment_authorisation_checks',
  {
    orderPaymentId: integer()
      .primaryKey()
      .references(() => orderPayments.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    state: text().notNull().default('ok'),
    providerStatus: text(),
    /** When the provider lets the authorisation be captured until (Stripe `capture_before`, Kustom `expires_at`). */
    expiresAt: timestamp({ withTimezone: true }),
    checkedAt: timestamp({ withTimezone: true }).notNull(),
    /** When a state other than ok was first seen; null while ok. */
    flaggedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.orderId),
    index().on(t.state),
    check(
      'payment_authorisation_checks_state_known',
      sql`${t.state} in ('ok', 'expiring', 'expired', 'cancelled')`,
    ),
  ],
);
