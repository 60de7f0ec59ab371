/**
 * Promo codes and cart campaigns (SPEC §3 promo code, §8 "Koden är ej giltig"; GEINS-API §4.5
 * setCartPromoCode, appliedCampaigns). Amounts in minor units of their currency (öre, øre, cent)
 * incl. VAT, percentages in basis points (1000 = 10 %).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { brands, categories } from '../catalog/catalog.tables.ts';

/**
 * A promo code. `kind` percent: `percentBasisPoints` off the items; fixed: the amount of the
 * cart's currency in {@link promoCodeAmounts} off the order (spread over the lines for VAT).
 * Valid from `startsAt` until `endsAt` (exclusive), at most `usageLimit` orders (null =
 * unlimited). Money amounts (the fixed amount, the minimum order) belong to a currency and live
 * in {@link promoCodeAmounts} (issue 13 §4). `active` false: turned off by hand ("Inaktiverad");
 * the status of a code follows from its dates and this flag (promotion-status.ts).
 * `excludeDiscountedItems` ("gäller inte redan nedsatta varor", issue 40 §3): the code leaves
 * out lines whose unit price a price campaign has lowered (cart/totals.ts).
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    /** Upper case, e.g. `VÅR10`. */
    code: text().primaryKey(),
    name: text().notNull(),
    kind: text().notNull(),
    percentBasisPoints: integer().notNull().default(0),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }),
    usageLimit: integer(),
    timesUsed: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    excludeDiscountedItems: boolean().notNull().default(false),
  },
  (t) => [
    check('promo_codes_kind_known', sql`${t.kind} in ('percent', 'fixed')`),
    check('promo_codes_percent_range', sql`${t.percentBasisPoints} between 0 and 10000`),
    check(
      'promo_codes_usage_within_limit',
      sql`${t.usageLimit} is null or ${t.timesUsed} <= ${t.usageLimit}`,
    ),
  ],
);

/**
 * The money amounts of a promo code in one currency (issue 13 §4: a fixed amount belongs to a
 * currency; 100 kr is not 100 €): `amountIncVat` off the order (fixed codes) and the least the
 * items must be worth, `minOrderIncVat`, both in minor units of `currencyCode` incl. VAT. A code
 * with rows here can be used only in those currencies; a fixed code needs a row for the cart's
 * currency; a percentage code without rows applies in every currency with no minimum.
 */
export const promoCodeAmounts = pgTable(
  'promo_code_amounts',
  {
    code: text()
      .notNull()
      .references(() => promoCodes.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** ISO 4217, e.g. SEK. */
    currencyCode: text().notNull(),
    amountIncVat: integer().notNull().default(0),
    minOrderIncVat: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.code, t.currencyCode] }),
    check('promo_code_amounts_amount_non_negative', sql`${t.amountIncVat} >= 0`),
    check('promo_code_amounts_min_order_non_negative', sql`${t.minOrderIncVat} >= 0`),
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
