/**
 * The price log (prisinformationslagen 7 a §, EU Omnibus directive; GEINS-API §4.2
 * `ProductType.priceLog`, `lowestPrice`; issue 25): every change of a product's selling price in
 * a market, so that a reduced price can be shown beside the lowest price of the 30 days before
 * it (lowest-price.ts).
 *
 * Selling prices change in two ways, and both reach {@link recordPriceChanges}, the one writer
 * of the log:
 * - by a write of regular or campaign prices (the seed; any future price import or admin write
 *   calls it in its own transaction, after the write);
 * - by time, at a campaign start or end (campaign-price.ts): the `price-stamp` job
 *   (jobs/handlers.ts), which already runs at each boundary, records them.
 */
import { and, asc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activeCampaignPricesSql, sellingOfSql } from './campaign-price.ts';
import { priceCampaignPrices, priceCampaigns, priceLog, productPrices } from './pricing.tables.ts';
import { LOG_LOOKBACK_DAYS, type PriceLogEntry } from './lowest-price.ts';

const DAY_MS = 86_400_000;

/** Which prices {@link recordPriceChanges} looks at; everything when omitted. */
export interface PriceChangeScope {
  /** Only these markets (ids such as `SE|SEK`). */
  marketIds?: readonly string[];
  /** Only these products. */
  productIds?: readonly number[];
}

/** The markets that have prices (one short statement). */
async function pricedMarketIds(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ marketId: productPrices.marketId })
    .from(productPrices)
    .orderBy(asc(productPrices.marketId));
  return rows.map((row) => row.marketId);
}

/**
 * Records the selling prices in effect at `at` that differ from the log's latest row at or
 * before `at` (or have none): one `price_log` row each, dated `at`. The selling price is the
 * campaign rule's (campaign-price.ts `sellingOfSql` over `activeCampaignPricesSql`), so what is
 * logged is what a shopper saw. Idempotent: a second call at the same or a later moment without
 * a price change writes nothing. One statement per market; call it inside the transaction of a
 * price write, and with the moment of a campaign boundary (the price-stamp job).
 * @returns the number of rows written
 */
export async function recordPriceChanges(
  db: Database,
  at: Date,
  scope: PriceChangeScope = {},
): Promise<number> {
  const marketIds = scope.marketIds ?? (await pricedMarketIds(db));
  const productIds = scope.productIds ? [...scope.productIds] : null;
  if (productIds?.length === 0) return 0;
  const atSql = sql`${at.toISOString()}::timestamptz`;
  let written = 0;
  for (const marketId of marketIds) {
    const products: SQL = productIds
      ? sql`and ${inArray(productPrices.productId, productIds)}`
      : sql``;
    const campaignFilter = productIds
      ? inArray(priceCampaignPrices.productId, productIds)
      : undefined;
    const selling = sellingOfSql(productPrices.regularPriceIncVat, sql`cp.selling`);
    const result = (await db.execute(sql`
      insert into ${priceLog} (product_id, market_id, changed_at, selling_price_inc_vat,
        regular_price_inc_vat, vat_rate_basis_points)
      select ${productPrices.productId}, ${productPrices.marketId}, ${atSql}, ${selling},
        ${productPrices.regularPriceIncVat}, ${productPrices.vatRateBasisPoints}
      from ${productPrices}
      left join ${activeCampaignPricesSql(marketId, at, campaignFilter)}
        on cp.product_id = ${productPrices.productId}
      left join lateral (
        select l.selling_price_inc_vat, l.regular_price_inc_vat, l.vat_rate_basis_points
        from ${priceLog} l
        where l.product_id = ${productPrices.productId} and l.market_id = ${productPrices.marketId}
          and l.changed_at <= ${atSql}
        order by l.changed_at desc limit 1) last on true
      where ${productPrices.marketId} = ${marketId} ${products}
        and (last.selling_price_inc_vat is null
          or last.selling_price_inc_vat <> ${selling}
          or last.regular_price_inc_vat <> ${productPrices.regularPriceIncVat}
          or last.vat_rate_basis_points <> ${productPrices.vatRateBasisPoints})
      on conflict (product_id, market_id, changed_at) do update set
        selling_price_inc_vat = excluded.selling_price_inc_vat,
        regular_price_inc_vat = excluded.regular_price_inc_vat,
        vat_rate_basis_points = excluded.vat_rate_basis_points`)) as unknown as {
      rowCount?: number | null;
      affectedRows?: number;
    };
    written += result.rowCount ?? result.affectedRows ?? 0;
  }
  return written;
}

/**
 * Records the changes of time up to `now` (the price-stamp job, at each campaign start or end
 * and at least hourly): for every campaign start or end of the last {@link LOG_LOOKBACK_DAYS}
 * days, the products of the campaigns starting or ending then, dated at that moment (so a
 * boundary the job reaches late, or after a stop, is dated when prices changed; a boundary
 * already recorded writes nothing); then every price at `now` (the safety net: a write that was
 * not recorded, or an empty log right after the migration).
 * @returns the number of rows written
 */
export async function recordPriceChangesUntil(db: Database, now: Date): Promise<number> {
  const since = new Date(now.getTime() - LOG_LOOKBACK_DAYS * DAY_MS);
  const boundary = (column: typeof priceCampaigns.startsAt | typeof priceCampaigns.endsAt) =>
    db
      .select({ at: column, productId: priceCampaignPrices.productId })
      .from(priceCampaignPrices)
      .innerJoin(priceCampaigns, eq(priceCampaigns.id, priceCampaignPrices.campaignId))
      .where(and(gt(column, since), lte(column, now)));
  const rows = [
    ...(await boundary(priceCampaigns.startsAt)),
    ...(await boundary(priceCampaigns.endsAt)),
  ];
  const byMoment = new Map<number, Set<number>>();
  for (const row of rows) {
    if (!row.at) continue;
    const ids = byMoment.get(row.at.getTime()) ?? new Set<number>();
    ids.add(row.productId);
    byMoment.set(row.at.getTime(), ids);
  }
  let written = 0;
  for (const [at, ids] of [...byMoment].sort(([a], [b]) => a - b)) {
    written += await recordPriceChanges(db, new Date(at), { productIds: [...ids] });
  }
  return written + (await recordPriceChanges(db, now));
}

/**
 * The log rows of products in a market that {@link lowestPriceOf} and {@link priceLogDays}
 * (lowest-price.ts) need at `now`: every row of the last {@link LOG_LOOKBACK_DAYS} days up to
 * `now`, and the row in effect at that period's start, oldest first per product (DataLoader
 * batch: two statements whatever the number of ids).
 */
export async function priceLogsByProductIds(
  db: Database,
  marketId: string,
  productIds: readonly number[],
  now: Date,
  /** One statement after the other (inside a transaction). */
  sequential = false,
): Promise<Map<number, PriceLogEntry[]>> {
  const result = new Map<number, PriceLogEntry[]>();
  if (productIds.length === 0) return result;
  const ids = [...productIds];
  const since = new Date(now.getTime() - LOG_LOOKBACK_DAYS * DAY_MS);
  const columns = {
    productId: priceLog.productId,
    changedAt: priceLog.changedAt,
    sellingPriceIncVat: priceLog.sellingPriceIncVat,
    regularPriceIncVat: priceLog.regularPriceIncVat,
    vatRateBasisPoints: priceLog.vatRateBasisPoints,
  };
  const recentQuery = db
    .select(columns)
    .from(priceLog)
    .where(
      and(
        eq(priceLog.marketId, marketId),
        inArray(priceLog.productId, ids),
        gt(priceLog.changedAt, since),
        lte(priceLog.changedAt, now),
      ),
    );
  const openingQuery = db
    .selectDistinctOn([priceLog.productId], columns)
    .from(priceLog)
    .where(
      and(
        eq(priceLog.marketId, marketId),
        inArray(priceLog.productId, ids),
        lte(priceLog.changedAt, since),
      ),
    )
    .orderBy(priceLog.productId, sql`${priceLog.changedAt} desc`);
  const [recent, opening] = sequential
    ? [await recentQuery, await openingQuery]
    : await Promise.all([recentQuery, openingQuery]);
  for (const row of [...opening, ...recent]) {
    const list = result.get(row.productId) ?? [];
    list.push({
      changedAt: row.changedAt,
      sellingPriceIncVat: row.sellingPriceIncVat,
      regularPriceIncVat: row.regularPriceIncVat,
      vatRateBasisPoints: row.vatRateBasisPoints,
    });
    result.set(row.productId, list);
  }
  for (const list of result.values()) {
    list.sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime());
  }
  return result;
}
