/**
 * Shipping methods (GEINS-API §4.6 ShippingOptionType; SPEC §9 free shipping over 499 kr).
 * Fees in minor units (öre) incl. VAT.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * A shipping method: `kind` home (delivered to the door), service_point (an agent near the zip)
 * or pickup (one of the shop's stores, chosen as `pickupPoint`). `freeShippingEligible` methods
 * cost nothing when the items reach the free-shipping threshold.
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: integer().primaryKey(),
    alias: text().notNull().unique(),
    name: text().notNull(),
    kind: text().notNull(),
    feeIncVat: integer().notNull(),
    vatRateBasisPoints: integer().notNull(),
    freeShippingEligible: boolean().notNull().default(true),
    isDefault: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    check('shipping_methods_kind_known', sql`${t.kind} in ('home', 'service_point', 'pickup')`),
    check('shipping_methods_fee_non_negative', sql`${t.feeIncVat} >= 0`),
  ],
);
