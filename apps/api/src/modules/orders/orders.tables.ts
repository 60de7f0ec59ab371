/**
 * Orders (SPEC §3 Order, §4 account order statuses; GEINS-API §4.6 OrderType, CheckoutOrderType).
 * An order is self-contained: lines copy names, article numbers and prices (ARCHITECTURE
 * convention 4), so it has no foreign keys into the catalogue and survives a reseed. Amounts are
 * integer minor units (öre) of `currencyCode`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PickupPoint } from '../shipping/provider.ts';

/** An address as stored on an order (the 14 AddressType fields, strings). */
export type StoredAddress = Record<string, string>;

/** VAT per rate of an order: rate in basis points, amount in öre. */
export type StoredVatGroup = { rateBasisPoints: number; amount: number };

/**
 * An order. `cartId` and `idempotencyKey` are unique: a repeated submission finds the order
 * instead of writing a second one. `status` changes only through the transitions table in
 * orders.service.ts. `customerId` is the logged-in customer (issue 7), null for guests.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    publicId: uuid().notNull().unique(),
    cartId: text().notNull().unique(),
    idempotencyKey: text().notNull().unique(),
    customerId: integer(),
    marketId: text().notNull(),
    currencyCode: text().notNull(),
    languageId: text().notNull(),
    status: text().notNull().default('received'),
    customerType: text().notNull(),
    email: text().notNull(),
    phone: text().notNull().default(''),
    identityNumber: text().notNull().default(''),
    billingAddress: jsonb().$type<StoredAddress>().notNull(),
    shippingAddress: jsonb().$type<StoredAddress>().notNull(),
    message: text().notNull().default(''),
    /** The delivery date the shopper asked for (CheckoutInputType.desiredDeliveryDate), or null. */
    desiredDeliveryDate: timestamp({ withTimezone: true }),
    /** The company customer's own order reference (CheckoutInputType.customerOrderNumber). */
    customerOrderNumber: text(),
    /** The text to mark the parcel with (CheckoutInputType.goodsLabel). */
    goodsLabel: text(),
    promoCode: text(),
    campaignNames: text().array().notNull().default([]),
    shippingId: integer().notNull(),
    shippingName: text().notNull(),
    pickupPoint: text(),
    /** Who delivers (ADR 020 §6): `own` (the shop's shipping_methods) or `nshift`. */
    shippingProvider: text().notNull().default('own'),
    /** The provider's option chosen (nShift option id, GEINS `externalShippingId`), or null. */
    shippingChoiceId: text(),
    /** The carrier's id at the provider (nShift `carrierId`, e.g. `PLAB`), or null. */
    shippingCarrierId: text(),
    /** The carrier's name as shown to the shopper (e.g. PostNord), or null. */
    shippingCarrierName: text(),
    /** The delivery promise shown at the checkout (e.g. "1–3 vardagar"), or null. */
    deliveryPromise: text(),
    /**
     * The pickup point as the shopper chose it (id, name, address, zip, city, country, distance,
     * opening hours), for the confirmation, e-mails, account, back office and packing slip;
     * `pickupPoint` keeps its id (GEINS-API `pickupPoint`). Null for home delivery.
     */
    pickupPointDetails: jsonb().$type<PickupPoint>(),
    /** What a shipping widget reported with the choice (ralph's `message`, nShift `fields`), ≤ 4 kB. */
    shippingWidgetData: text(),
    paymentId: integer().notNull(),
    paymentName: text().notNull(),
    paymentType: text().notNull(),
    itemValueIncVat: integer().notNull(),
    itemValueExVat: integer().notNull(),
    discountIncVat: integer().notNull(),
    discountExVat: integer().notNull(),
    shippingFeeIncVat: integer().notNull(),
    shippingFeeExVat: integer().notNull(),
    paymentFeeIncVat: integer().notNull().default(0),
    paymentFeeExVat: integer().notNull().default(0),
    orderValueIncVat: integer().notNull(),
    orderValueExVat: integer().notNull(),
    /** Paid with gift cards (öre). */
    fromBalance: integer().notNull().default(0),
    vats: jsonb().$type<StoredVatGroup[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    /** When the order e-mail was handed to the mail transport; null until then. */
    confirmationSentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.customerId),
    // The back office's order list (newest first, date filters) and the dashboard's revenue
    // per day (issue 27) read orders by creation time.
    index().on(t.createdAt),
    check(
      'orders_status_known',
      sql`${t.status} in ('awaiting_approval', 'received', 'processing', 'completed', 'cancelled')`,
    ),
    check('orders_value_non_negative', sql`${t.orderValueIncVat} >= 0`),
  ],
);

/** An order line with the copies of the product and the prices paid (öre). */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNo: integer().notNull(),
    skuId: integer().notNull(),
    productId: integer().notNull(),
    articleNumber: text().notNull(),
    skuArticleNumber: text().notNull(),
    name: text().notNull(),
    skuName: text().notNull(),
    brandName: text().notNull().default(''),
    quantity: integer().notNull(),
    /** Regular unit price incl. VAT. */
    regularUnitPriceIncVat: integer().notNull(),
    /** Selling unit price incl. VAT (after price campaigns, before cart discounts). */
    unitPriceIncVat: integer().notNull(),
    vatRateBasisPoints: integer().notNull(),
    /** Line total after every discount. */
    totalIncVat: integer().notNull(),
    totalExVat: integer().notNull(),
    /** Cart campaign, promo and fixed discounts on the line. */
    discountIncVat: integer().notNull(),
    discountExVat: integer().notNull(),
    campaignNames: text().array().notNull().default([]),
    /**
     * The store whose shelf the units were taken from (click and collect, issue 40 §6: the store
     * prepares the line from its own stock, and a cancellation puts the units back there), or
     * null for the web shop's stock. A copy of the id, no foreign key (orders are self-contained).
     */
    pickupStoreId: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo] }),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Every status change of an order (the first row is the creation, from null to received), with
 * the staff user who made it (null: the shop itself, e.g. checkout or the employer's answer).
 */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text(),
    toStatus: text().notNull(),
    reason: text().notNull().default(''),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The back-office user who made the change (issue 27); null for the shop's own changes. */
    staffUserId: integer(),
    staffEmail: text(),
  },
  (t) => [index().on(t.orderId)],
);

/**
 * A note on an order written by staff (issue 27 "its history: every transition and note, who
 * and when"); also the resending of the confirmation is noted here (`kind` `confirmation`).
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `note` (typed by staff) or `confirmation` (the order e-mail was queued again). */
    kind: text().notNull().default('note'),
    text: text().notNull(),
    staffUserId: integer(),
    staffEmail: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.orderId),
    check('order_notes_kind_known', sql`${t.kind} in ('note', 'confirmation')`),
  ],
);

/**
 * A refund of an order (issue 27; GEINS-API §4.6 RefundType): one row per refunded line (some
 * units of it) or for the shipping fee (`lineNo` null), written by the back office's refund
 * (order-refund.service.ts) in one transaction with its audit entry. Rows of one refund share
 * `refundNo`. Amounts in öre of the order's currency; `toBalance`: paid back as store credit
 * (the customer's balance), else to the payment. Refunds of a cancellation are not rows: they
 * follow from the cancellation (order-refunds.ts).
 */
export const orderRefundRows = pgTable(
  'order_refunds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The refund (several rows, one staff action) this row belongs to. */
    refundNo: integer().notNull(),
    /** The order line refunded; null for the shipping fee. */
    lineNo: integer(),
    /** Units of the line refunded (0 for the shipping fee). */
    quantity: integer().notNull(),
    amountIncVat: integer().notNull(),
    amountExVat: integer().notNull(),
    toBalance: boolean().notNull().default(false),
    reason: text().notNull().default(''),
    staffUserId: integer(),
    staffEmail: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.orderId),
    check(
      'order_refunds_amounts',
      sql`${t.amountIncVat} >= ${t.amountExVat} and ${t.amountExVat} >= 0`,
    ),
    check('order_refunds_quantity', sql`${t.quantity} >= 0`),
  ],
);

/**
 * A parcel of an order handed to the carrier (GEINS-API §4.6 ShippingDetailType), written by the
 * status transition that ships it (orders.service.ts `transitionOrder` with a shipment).
 * `trackingLink` is the shipping method's tracking URL template filled with the parcel number
 * when the parcel was registered; null for methods without tracking (store pickup).
 */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shippingId: integer().notNull(),
    shippingName: text().notNull(),
    parcelNumber: text().notNull(),
    shippingDate: timestamp({ withTimezone: true }).notNull(),
    trackingLink: text(),
    /** The provider booking that made the parcel (shipping order_bookings), null when typed in. */
    bookingId: integer(),
  },
  (t) => [index().on(t.orderId)],
);
