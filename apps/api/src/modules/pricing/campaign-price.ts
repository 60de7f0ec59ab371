/**
 * The one home of the rule "active campaign price" (SPEC §3 Price; GEINS-API §4.2 PriceType,
 * DiscountType; issue 22): a price campaign is active at `now` when `startsAt <= now < endsAt`
 * (no end: open-ended); a product's selling price in a market is its regular price, or the
 * lowest price an active campaign gives it in that market when that is lower; without a regular
 * price it has none. Which campaigns are active, and so every selling price, changes only with a
 * write or at a campaign start or end.
 *
 * The rule in two forms, one per consumer: TypeScript ({@link isCampaignActive},
 * {@link applicableCampaign}, {@link sellingPriceOf}) for prices shown on products and in carts
 * (price.ts `computePrice`), and SQL fragments ({@link campaignActiveSql},
 * {@link activeCampaignPricesSql}, {@link sellingPriceSql}, {@link sellingOfSql},
 * {@link latestCampaignBoundarySql}) for lists, facets, postings and the list cache.
 * `campaign-price.test.ts` checks that both forms give the same prices.
 */
import { and, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { priceCampaignPrices, priceCampaigns, productPrices } from './pricing.tables.ts';

/** A campaign price candidate: selling price in minor units incl. VAT and its active period. */
export interface CampaignPriceCandidate {
  sellingPriceIncVat: number;
  /** Start of the campaign (inclusive). */
  startsAt: Date;
  /** End of the campaign (exclusive); null means open-ended. */
  endsAt: Date | null;
}

/** True when `now` lies in [startsAt, endsAt). The SQL form: {@link campaignActiveSql}. */
export function isCampaignActive(
  campaign: Pick<CampaignPriceCandidate, 'startsAt' | 'endsAt'>,
  now: Date,
): boolean {
  return campaign.startsAt <= now && (campaign.endsAt === null || now < campaign.endsAt);
}

/**
 * Picks the campaign price that applies: active at `now` and below the regular price; the lowest
 * one wins. Returns null when none applies.
 */
export function applicableCampaign<T extends CampaignPriceCandidate>(
  regularPriceIncVat: number,
  campaigns: readonly T[],
  now: Date,
): T | null {
  let best: T | null = null;
  for (const campaign of campaigns) {
    if (!isCampaignActive(campaign, now)) continue;
    if (campaign.sellingPriceIncVat >= regularPriceIncVat) continue;
    if (best === null || campaign.sellingPriceIncVat < best.sellingPriceIncVat) best = campaign;
  }
  return best;
}

/**
 * The selling price (minor units incl. VAT) of a regular price and the campaign prices of a
 * product in a market at `now`; null without a regular price. The SQL form: {@link sellingOfSql}
 * over {@link activeCampaignPricesSql}, or {@link sellingPriceSql}.
 */
export function sellingPriceOf(
  regularPriceIncVat: number | null,
  campaigns: readonly CampaignPriceCandidate[],
  now: Date,
): number | null {
  if (regularPriceIncVat === null) return null;
  return (
    applicableCampaign(regularPriceIncVat, campaigns, now)?.sellingPriceIncVat ?? regularPriceIncVat
  );
}

/** SQL: `now` as a timestamptz parameter (works the same on PGlite and node-postgres). */
function at(now: Date): SQL {
  return sql`${now.toISOString()}::timestamptz`;
}

/** SQL condition on `price_campaigns`: the campaign is active at `now` (startsAt <= now < endsAt). */
export function campaignActiveSql(now: Date): SQL {
  return and(
    lte(priceCampaigns.startsAt, at(now)),
    or(isNull(priceCampaigns.endsAt), gt(priceCampaigns.endsAt, at(now))),
  )!;
}

/**
 * Derived table `cp (product_id, selling)`: the lowest campaign price (minor units) of each
 * product in the market's campaigns active at `now`, optionally only for products meeting
 * `productFilter` (a condition on `price_campaign_prices.product_id`). Join it to the regular
 * price and take {@link sellingOfSql}.
 */
export function activeCampaignPricesSql(marketId: string, now: Date, productFilter?: SQL): SQL {
  return sql`(select ${priceCampaignPrices.productId} as product_id,
      min(${priceCampaignPrices.sellingPriceIncVat}) as selling
    from ${priceCampaignPrices}
    join ${priceCampaigns} on ${priceCampaigns.id} = ${priceCampaignPrices.campaignId}
    where ${priceCampaignPrices.marketId} = ${marketId} and ${campaignActiveSql(now)}
      ${productFilter ? sql`and ${productFilter}` : sql``}
    group by ${priceCampaignPrices.productId}) as cp`;
}

/**
 * SQL: the selling price of a regular price and the lowest active campaign price (both minor
 * units, e.g. `product_prices.regular_price_inc_vat` and `cp.selling` of
 * {@link activeCampaignPricesSql}): the lower of the two; null without a regular price.
 */
export function sellingOfSql(regular: SQL | AnyPgColumn, lowestCampaign: SQL): SQL {
  return sql`(case when ${regular} is null then null else least(${regular}, ${lowestCampaign}) end)`;
}

/**
 * SQL expression: the selling price incl. VAT (minor units) of the product in `productId` in a
 * market at `now` (correlated subqueries; for sorting and price-range filters in the same
 * statement): {@link sellingOfSql} of its regular price and its lowest active campaign price.
 */
export function sellingPriceSql(productId: SQL | AnyPgColumn, marketId: string, now: Date): SQL {
  return sql`(select ${sellingOfSql(
    productPrices.regularPriceIncVat,
    sql`(select min(${priceCampaignPrices.sellingPriceIncVat})
      from ${priceCampaignPrices}
      inner join ${priceCampaigns} on ${priceCampaigns.id} = ${priceCampaignPrices.campaignId}
      where ${priceCampaignPrices.productId} = ${productId}
        and ${priceCampaignPrices.marketId} = ${marketId}
        and ${campaignActiveSql(now)})`,
  )}
    from ${productPrices}
    where ${productPrices.productId} = ${productId} and ${productPrices.marketId} = ${marketId})`;
}

/**
 * SQL (`timestamptz`, null before any): the latest campaign start or end at or before `now`.
 * Which campaigns are active, and so every selling price, only changes at these moments (the
 * list cache's and the price postings' stamp).
 */
export function latestCampaignBoundarySql(now: Date): SQL {
  return sql`(select max(b) from (
      select ${priceCampaigns.startsAt} as b from ${priceCampaigns}
      union all select ${priceCampaigns.endsAt} from ${priceCampaigns}) as boundaries
    where b <= ${at(now)})`;
}

/** SQL (`timestamptz`, null when none): the first campaign start or end after `now`. */
export function nextCampaignBoundarySql(now: Date): SQL {
  return sql`(select min(b) from (
      select ${priceCampaigns.startsAt} as b from ${priceCampaigns}
      union all select ${priceCampaigns.endsAt} from ${priceCampaigns}) as boundaries
    where b > ${at(now)})`;
}
