/**
 * Shipping methods and what they cost per market (GEINS-API §4.6 ShippingOptionType; SPEC §9
 * free shipping over 499 kr, issue 4 "money per market"). Amounts in minor units of the market's
 * currency (öre, øre, cent) incl. VAT; VAT rates in basis points (2550 = 25.5 %).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { markets } from '../channel/channel.tables.ts';

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
