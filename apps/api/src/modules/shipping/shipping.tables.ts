/**
 * Shipping methods and what they cost per market (GEINS-API §4.6 ShippingOptionType; SPEC §9
 * free shipping over 499 kr, issue 4 "money per market"). Amounts in minor units of the market's
 * currency (öre, øre, cent) incl. VAT; VAT rates in basis points (2550 = 25.5 %).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { markets } from '../channel/channel.tables.ts';
import { orders } from '../orders/orders.tables.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A shipping method: `kind` home (delivered to the door), service_point (an agent near the zip)
 * or pickup (one of the shop's stores, chosen as `pickupPoint`). `freeShippingEligible` methods
 * cost nothing when the items reach the market's free-shipping threshold. What a method costs
 * is in {@link shippingFees}, per market: a method without a fee row there is not offered there.
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: integer().primaryKey(),
    alias: text().notNull().unique(),
    name: text().notNull(),
    kind: text().notNull(),
    freeShippingEligible: boolean().notNull().default(true),
    isDefault: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
    /**
     * The carrier's tracking page for a parcel, with `{parcelNumber}` where the (URL-encoded)
     * parcel number goes; null when the method has no tracking (e.g. store pickup). Orders copy
     * the filled-in link when the parcel is shipped (order_shipments).
     */
    trackingUrlTemplate: text(),
  },
  (t) => [
    check('shipping_methods_kind_known', sql`${t.kind} in ('home', 'service_point', 'pickup')`),
  ],
);

/**
 * The fee of a shipping method in a market: minor units of the market's currency incl. VAT
 * (`fee_inc_vat` 4900 = 49 kr in Sweden, 590 = 5,90 € in Finland) and the VAT rate charged on
 * it there (basis points). One row per method and market.
 */
export const shippingFees = pgTable(
  'shipping_fees',
  {
    shippingMethodId: integer()
      .notNull()
      .references(() => shippingMethods.id, { onDelete: 'cascade' }),
    marketId: text()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    feeIncVat: integer().notNull(),
    vatRateBasisPoints: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shippingMethodId, t.marketId] }),
    check('shipping_fees_fee_non_negative', sql`${t.feeIncVat} >= 0`),
    check('shipping_fees_vat_range', sql`${t.vatRateBasisPoints} between 0 and 10000`),
  ],
);

/**
 * The free-shipping threshold of a market (SPEC §9: 499 kr in Sweden): items worth at least
 * `threshold_inc_vat` (minor units of the market's currency, incl. VAT, after discounts) ship
 * free on eligible methods. A market without a row has no free shipping.
 */
export const freeShippingThresholds = pgTable(
  'free_shipping_thresholds',
  {
    marketId: text()
      .primaryKey()
      .references(() => markets.id, { onDelete: 'cascade' }),
    thresholdIncVat: integer().notNull(),
  },
  (t) => [check('free_shipping_thresholds_non_negative', sql`${t.thresholdIncVat} >= 0`)],
);

/**
 * Which nShift service books a Delivery Checkout option (ADR 020 §1: the option answer names
 * no service id): `optionId` is the option's id (GEINS `externalShippingId`), `serviceId`
 * nShift's shipment service (`service.id`, e.g. `P19` for PostNord MyPack Collect), entered by
 * staff from the Delivery Checkout set-up. An option without a row is offered, and its order is
 * shipped with parcel numbers typed by hand.
 */
export const nshiftServices = pgTable('nshift_services', {
  optionId: text().primaryKey(),
  serviceId: text().notNull(),
  /** The option's name when it was mapped (for the back office list). */
  name: text().notNull().default(''),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A parcel booking of an order with the shipping provider (ADR 020 §5–§6), made by the
 * `shipment-booking` job when staff ship the order. `orderNo` (`T{orderId}-{seq}`) is the key
 * nShift's stored shipments are searched by, so a retried job never books twice. `state`:
 * queued (the job waits or retries), booked (parcels written to order_shipments), failed
 * (nShift refused; staff retry or type the parcel), uncertain (an answer was lost after the
 * print: staff read the parcel in nShift and type it), manual (staff typed it). `labelPdf`
 * keeps the label (nShift keeps it one hour), at most 1 MB.
 */
export const orderBookings = pgTable(
  'order_bookings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    seq: integer().notNull().default(1),
    provider: text().notNull(),
    orderNo: text().notNull().unique(),
    state: text().notNull().default('queued'),
    /** nShift's stored shipment id, saved before the print (the step whose answer can be lost). */
    providerRef: text(),
    /** nShift's shipment id once printed. */
    shipmentRef: text(),
    errorCode: text(),
    providerMessage: text(),
    labelPdf: bytea(),
    staffUserId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.orderId, t.seq),
    check(
      'order_bookings_state_known',
      sql`${t.state} in ('queued', 'booked', 'failed', 'uncertain', 'manual')`,
    ),
    check('order_bookings_label_size', sql`octet_length(${t.labelPdf}) <= 1048576`),
  ],
);
