/**
 * Prices per market and price campaigns (SPEC §3 Price, GEINS-API §4.2 PriceType).
 * All amounts are integer minor units (öre for SEK) including VAT, with the currency code beside.
 */
import { index, integer, pgTable, primaryKey, text, timestamp, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { products } from '../catalog/catalog.tables.ts';
import { markets, currencies } from '../channel/channel.tables.ts';

/**
 * Regular price of a product in a market: `regularPriceIncVat` in minor units incl. VAT,
 * `vatRateBasisPoints` the product's VAT rate in hundredths of a percent (2500 = 25 %).
 */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    marketId: text()
      .notNull()
      .references(() => markets.id),
    currencyCode: text()
      .notNull()
      .references(() => currencies.code),
    regularPriceIncVat: integer().notNull(),
    vatRateBasisPoints: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.marketId] }),
    // One market's regular prices in product order without reading the table (index-only
    // scan): the facet statement of a product list joins its whole scope with one market's
    // prices (catalog/product-list.service.ts); figures in docs/performance.md.
    index('product_prices_market_product_idx').on(t.marketId, t.productId, t.regularPriceIncVat),
    check('product_prices_regular_non_negative', sql`${t.regularPriceIncVat} >= 0`),
  ],
);

/** Price campaigns (discountType PRICE_CAMPAIGN): active from `startsAt` until `endsAt`. */
export const priceCampaigns = pgTable('price_campaigns', {
  id: integer().primaryKey(),
  alias: text().notNull().unique(),
  name: text().notNull(),
  startsAt: timestamp({ withTimezone: true }).notNull(),
  endsAt: timestamp({ withTimezone: true }),
});

/** A product's selling price in a market during a campaign, minor units incl. VAT. */
export const priceCampaignPrices = pgTable(
  'price_campaign_prices',
  {
    campaignId: integer()
      .notNull()
      .references(() => priceCampaigns.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    marketId: text()
      .notNull()
      .references(() => markets.id),
    sellingPriceIncVat: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.productId, t.marketId] }),
    index().on(t.productId, t.marketId),
    check('campaign_selling_non_negative', sql`${t.sellingPriceIncVat} >= 0`),
  ],
);

/**
 * The price log (prisinformationslagen 7 a §, EU Omnibus directive; GEINS-API §4.2 `priceLog`,
 * `LowestPriceType`): one row each time a product's selling price in a market changes, written
 * only by `recordPriceChanges` (price-log.ts). A row holds the prices in effect from `changedAt`
 * until the next row: the selling price (minor units incl. VAT), the regular price it was
 * compared with and the VAT rate (basis points), so a day of the log can show every `PriceType`
 * amount.
 */
export const priceLog = pgTable(
  'price_log',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    marketId: text()
      .notNull()
      .references(() => markets.id),
    changedAt: timestamp({ withTimezone: true }).notNull(),
    sellingPriceIncVat: integer().notNull(),
    regularPriceIncVat: integer().notNull(),
    vatRateBasisPoints: integer().notNull(),
  },
  (t) => [
    // The latest row of a product in a market, and a product's rows in a period, by index.
    primaryKey({ columns: [t.productId, t.marketId, t.changedAt] }),
    check('price_log_selling_non_negative', sql`${t.sellingPriceIncVat} >= 0`),
  ],
);
