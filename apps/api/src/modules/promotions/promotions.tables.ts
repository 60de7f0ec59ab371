/**
 * Promo codes and cart campaigns (SPEC §3 promo code, §8 "Koden är ej giltig"; GEINS-API §4.5
 * setCartPromoCode, appliedCampaigns). Amounts in minor units (öre) incl. VAT, percentages in
 * basis points (1000 = 10 %).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { brands, categories } from '../catalog/catalog.tables.ts';

/**
 * A promo code. `kind` percent: `percentBasisPoints` off the items; fixed: `amountIncVat` öre off
 * the order (spread over the lines for VAT). Valid from `startsAt` until `endsAt` (exclusive),
 * at most `usageLimit` orders (null = unlimited), when the items are worth at least
 * `minOrderIncVat` öre.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    /** Upper case, e.g. `VÅR10`. */
    code: text().primaryKey(),
    name: text().notNull(),
    kind: text().notNull(),
    percentBasisPoints: integer().notNull().default(0),
    amountIncVat: integer().notNull().default(0),
    minOrderIncVat: integer().notNull().default(0),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }),
    usageLimit: integer(),
    timesUsed: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  },
  (t) => [
    check('promo_codes_kind_known', sql`${t.kind} in ('percent', 'fixed')`),
    check('promo_codes_percent_range', sql`${t.percentBasisPoints} between 0 and 10000`),
    check('promo_codes_amount_non_negative', sql`${t.amountIncVat} >= 0`),
    check(
      'promo_codes_usage_within_limit',
      sql`${t.usageLimit} is null or ${t.timesUsed} <= ${t.usageLimit}`,
    ),
  ],
);

/**
 * A cart campaign: a rule (items in a category or of a brand) and an action (`buy_x_pay_y`:
 * for every `buyQuantity` matching units the cheapest `buyQuantity - payQuantity` are free;
 * `percent`: `percentBasisPoints` off the matching items). Active in [startsAt, endsAt).
 */
export const cartCampaigns = pgTable(
  'cart_campaigns',
  {
    id: integer().primaryKey(),
    name: text().notNull(),
    categoryId: integer().references(() => categories.id, { onDelete: 'cascade' }),
    brandId: integer().references(() => brands.id, { onDelete: 'cascade' }),
    action: text().notNull(),
    buyQuantity: integer().notNull().default(0),
    payQuantity: integer().notNull().default(0),
    percentBasisPoints: integer().notNull().default(0),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('cart_campaigns_action_known', sql`${t.action} in ('buy_x_pay_y', 'percent')`),
    check('cart_campaigns_one_rule', sql`(${t.categoryId} is null) <> (${t.brandId} is null)`),
  ],
);
