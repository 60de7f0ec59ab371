/**
 * Product prices per market and price campaigns (GEINS-API §4.2 PriceType, DiscountType; SPEC §3
 * Price). Amounts are integer minor units incl. VAT in the database; {@link toPriceView} turns
 * them into the API's amounts, and the arithmetic lives in the pure `price.ts`.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CurrencyInfo, PricedShopContext } from '../channel/channel.service.ts';
import { computePrice, type PriceAmounts } from './price.ts';
import { applicableCampaign, campaignActiveSql } from './campaign-price.ts';
import type { CurrentPrice } from './lowest-price.ts';
import { priceCampaignPrices, priceCampaigns, productPrices } from './pricing.tables.ts';

/** A price campaign row. */
export type PriceCampaignRecord = typeof priceCampaigns.$inferSelect;

/** The campaign price that applies to a product now. */
export interface AppliedCampaign {
  campaignId: number;
  alias: string;
  name: string;
  /** Minor units incl. VAT. */
  sellingPriceIncVat: number;
  startsAt: Date;
  endsAt: Date | null;
  /** `CampaignRuleType.ruleType`; absent for price campaigns (PRICE_CAMPAIGN), CART_CAMPAIGN for cart campaigns. */
  ruleType?: 'CART_CAMPAIGN';
}

/** A product's price in one market, as stored, with the applicable campaign (if any). */
export interface ProductPriceRecord {
  productId: number;
  currencyCode: string;
  /** Minor units incl. VAT. */
  regularPriceIncVat: number;
  /** Basis points (2500 = 25 %). */
  vatRateBasisPoints: number;
  campaign: AppliedCampaign | null;
}

/** What a `PriceType` shows: amounts in minor units plus how to present them. */
export interface PriceView {
  amounts: PriceAmounts;
  currency: CurrencyInfo;
  /** Culture for `…Formatted` strings, e.g. `sv-SE`. */
  culture: string;
}

/** The `DiscountType` of a price (GEINS-API §4.2). SALE_PRICE is not used by this shop yet. */
export type DiscountKind = 'NONE' | 'SALE_PRICE' | 'PRICE_CAMPAIGN';

/**
 * Prices of products in a market (DataLoader batch) with the campaign that applies at `now`:
 * active, below the regular price, lowest wins. Two statements whatever the number of ids.
 */
export async function pricesByProductIds(
  db: Database,
  marketId: string,
  productIds: readonly number[],
  now: Date,
  /** One statement after the other (inside a transaction: one connection, no overlapping queries). */
  sequential = false,
): Promise<Map<number, ProductPriceRecord>> {
  const result = new Map<number, ProductPriceRecord>();
  if (productIds.length === 0) return result;
  const ids = [...productIds];
  // Drizzle queries are lazy: nothing runs until awaited.
  const regularQuery = db
    .select()
    .from(productPrices)
    .where(and(eq(productPrices.marketId, marketId), inArray(productPrices.productId, ids)));
  const campaignQuery = db
    .select({
      productId: priceCampaignPrices.productId,
      sellingPriceIncVat: priceCampaignPrices.sellingPriceIncVat,
      campaignId: priceCampaigns.id,
      alias: priceCampaigns.alias,
      name: priceCampaigns.name,
      startsAt: priceCampaigns.startsAt,
      endsAt: priceCampaigns.endsAt,
    })
    .from(priceCampaignPrices)
    .innerJoin(priceCampaigns, eq(priceCampaigns.id, priceCampaignPrices.campaignId))
    .where(
      and(
        eq(priceCampaignPrices.marketId, marketId),
        inArray(priceCampaignPrices.productId, ids),
        campaignActiveSql(now),
      ),
    );
  const [regular, campaigns] = sequential
    ? [await regularQuery, await campaignQuery]
    : await Promise.all([regularQuery, campaignQuery]);
  const byProduct = new Map<number, AppliedCampaign[]>();
  for (const row of campaigns) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  for (const row of regular) {
    result.set(row.productId, {
      productId: row.productId,
      currencyCode: row.currencyCode,
      regularPriceIncVat: row.regularPriceIncVat,
      vatRateBasisPoints: row.vatRateBasisPoints,
      campaign: applicableCampaign(row.regularPriceIncVat, byProduct.get(row.productId) ?? [], now),
    });
  }
  return result;
}

/** The API view of a stored price in a shop context (currency and culture of the market). */
export function toPriceView(record: ProductPriceRecord, shop: PricedShopContext): PriceView {
  return {
    amounts: computePrice({
      regularPriceIncVat: record.regularPriceIncVat,
      sellingPriceIncVat: record.campaign?.sellingPriceIncVat ?? null,
      vatRateBasisPoints: record.vatRateBasisPoints,
    }),
    currency: currencyOf(record, shop),
    culture: shop.market.defaultLanguageId,
  };
}

/** PRICE_CAMPAIGN when a campaign lowers the price, else NONE. */
export function discountKindOf(record: ProductPriceRecord | null | undefined): DiscountKind {
  return record?.campaign ? 'PRICE_CAMPAIGN' : 'NONE';
}

/**
 * Subquery: ids of products whose price a campaign (by alias or ids) lowers in a market at `now`.
 */
export function campaignProductIdsSql(
  db: Database,
  campaign: { alias: string } | { ids: number[] },
  marketId: string,
  now: Date,
) {
  const which =
    'alias' in campaign
      ? eq(sql`lower(${priceCampaigns.alias})`, campaign.alias.toLowerCase())
      : inArray(priceCampaigns.id, campaign.ids);
  return db
    .select({ productId: priceCampaignPrices.productId })
    .from(priceCampaignPrices)
    .innerJoin(priceCampaigns, eq(priceCampaigns.id, priceCampaignPrices.campaignId))
    .innerJoin(
      productPrices,
      and(
        eq(productPrices.productId, priceCampaignPrices.productId),
        eq(productPrices.marketId, priceCampaignPrices.marketId),
      ),
    )
    .where(
      and(
        which,
        eq(priceCampaignPrices.marketId, marketId),
        campaignActiveSql(now),
        sql`${priceCampaignPrices.sellingPriceIncVat} < ${productPrices.regularPriceIncVat}`,
      ),
    );
}

/**
 * The discount campaigns running at `now` (start at or before, end after or none), in id order:
 * alias and start, for the sitemap (issue 20). One statement.
 */
export async function listRunningCampaigns(
  db: Database,
  now: Date,
): Promise<Array<{ alias: string; startsAt: Date }>> {
  return db
    .select({ alias: priceCampaigns.alias, startsAt: priceCampaigns.startsAt })
    .from(priceCampaigns)
    .where(campaignActiveSql(now))
    .orderBy(priceCampaigns.id);
}

/** A campaign by alias (case-insensitive), active or not; null when unknown. One statement. */
export async function findCampaignByAlias(
  db: Database,
  alias: string,
): Promise<PriceCampaignRecord | null> {
  const [row] = await db
    .select()
    .from(priceCampaigns)
    .where(eq(sql`lower(${priceCampaigns.alias})`, alias.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Whole-percent discount of a selling against a regular price (as `PriceType`, rounded). */
export function discountPercentSql(selling: SQL, regular: SQL): SQL {
  return sql`(case when ${regular} > 0 and ${selling} < ${regular} then round(100.0 * (${regular} - ${selling}) / ${regular}) else 0 end)`;
}

/**
 * The current prices of a stored price (lowest-price.ts `CurrentPrice`): the selling price is the
 * applicable campaign's, else the regular price (minor units incl. VAT).
 */
export function currentPriceOf(record: ProductPriceRecord): CurrentPrice {
  return {
    sellingPriceIncVat: record.campaign?.sellingPriceIncVat ?? record.regularPriceIncVat,
    regularPriceIncVat: record.regularPriceIncVat,
    vatRateBasisPoints: record.vatRateBasisPoints,
  };
}

/** The API currency of a stored price in a shop context (the market's, or its bare code). */
export function currencyOf(record: ProductPriceRecord, shop: PricedShopContext): CurrencyInfo {
  return record.currencyCode === shop.currency.code
    ? shop.currency
    : { ...shop.currency, code: record.currencyCode, name: record.currencyCode, symbol: '' };
}
