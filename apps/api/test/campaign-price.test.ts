/**
 * The active campaign price rule (pricing/campaign-price.ts, issue 22 "one home per rule") in
 * its TypeScript and SQL forms: for campaigns that are active, ended, not yet started, open-ended
 * and above the regular price, at instants before, at and after their starts and ends, the
 * TypeScript selling price equals `sellingPriceSql` and `activeCampaignPricesSql` +
 * `sellingOfSql` (what lists, facets and postings use), and `isCampaignActive` equals
 * `campaignActiveSql`; the latest and next boundaries are the campaigns' starts and ends.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import {
  activeCampaignPricesSql,
  campaignActiveSql,
  isCampaignActive,
  latestCampaignBoundarySql,
  nextCampaignBoundarySql,
  sellingOfSql,
  sellingPriceOf,
  sellingPriceSql,
  type CampaignPriceCandidate,
} from '../src/modules/pricing/campaign-price.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const T0 = new Date('2030-05-01T10:00:00Z');
const hours = (n: number) => new Date(T0.getTime() + n * 3_600_000);

describe.each(testDatabaseKinds())('active campaign price on %s', (kind) => {
  let handle: DbHandle;
  let productId = 0;
  let marketId = '';
  let regular = 0;
  const candidates: Array<CampaignPriceCandidate & { id: number }> = [];

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 6, now: T0 });
    // Campaigns of the seed may touch the product: a product of its own prices only.
    await handle.db.delete(schema.priceCampaigns);
    const [price] = await handle.db.select().from(schema.productPrices).limit(1);
    productId = price!.productId;
    marketId = price!.marketId;
    regular = price!.regularPriceIncVat;
    const campaigns = [
      { id: 901, startsAt: hours(1), endsAt: hours(5), sellingPriceIncVat: regular - 300 },
      { id: 902, startsAt: hours(2), endsAt: hours(3), sellingPriceIncVat: regular - 700 },
      { id: 903, startsAt: hours(4), endsAt: null, sellingPriceIncVat: regular - 100 },
      { id: 904, startsAt: hours(0), endsAt: hours(8), sellingPriceIncVat: regular + 500 },
    ];
    for (const c of campaigns) {
      await handle.db.insert(schema.priceCampaigns).values({
        id: c.id,
        alias: `kampanj-${c.id}`,
        name: `Kampanj ${c.id}`,
        startsAt: c.startsAt,
        endsAt: c.endsAt,
      });
      await handle.db.insert(schema.priceCampaignPrices).values({
        campaignId: c.id,
        productId,
        marketId,
        sellingPriceIncVat: c.sellingPriceIncVat,
      });
      candidates.push(c);
    }
  });
  afterAll(async () => {
    await handle?.close();
  });

  const instants = [-1, 0, 1, 1.5, 2, 2.5, 3, 4, 4.5, 5, 8, 100].map(hours);

  it('gives the same selling price in TypeScript and in both SQL forms at every instant', async () => {
    const seen = new Set<number | null>();
    for (const now of instants) {
      const expected = sellingPriceOf(regular, candidates, now);
      seen.add(expected);
      const result = (await handle.db.execute(sql`select
          ${sellingPriceSql(sql`${productId}::int`, marketId, now)} as correlated,
          (select ${sellingOfSql(schema.productPrices.regularPriceIncVat, sql`cp.selling`)}
            from ${schema.productPrices}
            left join ${activeCampaignPricesSql(marketId, now)} on cp.product_id = ${schema.productPrices.productId}
            where ${schema.productPrices.productId} = ${productId}
              and ${schema.productPrices.marketId} = ${marketId}) as joined`)) as unknown as {
        rows: Array<{ correlated: number | null; joined: number | null }>;
      };
      const row = result.rows[0]!;
      expect([Number(row.correlated), Number(row.joined)], now.toISOString()).toEqual([
        expected,
        expected,
      ]);
    }
    // The instants reach the regular price and each campaign below it.
    expect(seen).toEqual(new Set([regular, regular - 300, regular - 700, regular - 100]));
  });

  it('has one definition of "active" in TypeScript and SQL', async () => {
    for (const now of instants) {
      const rows = await handle.db
        .select({ id: schema.priceCampaigns.id })
        .from(schema.priceCampaigns)
        .where(campaignActiveSql(now));
      const active = candidates.filter((c) => isCampaignActive(c, now)).map((c) => c.id);
      expect(rows.map((r) => r.id).sort(), now.toISOString()).toEqual(active.sort());
    }
  });

  it('names the latest and the next campaign start or end', async () => {
    const boundaries = async (now: Date) =>
      (
        (await handle.db.execute(
          sql`select ${latestCampaignBoundarySql(now)} as latest, ${nextCampaignBoundarySql(now)} as next`,
        )) as unknown as { rows: Array<{ latest: unknown; next: unknown }> }
      ).rows[0]!;
    const at = (value: unknown) => (value === null ? null : new Date(String(value)).getTime());
    const b = await boundaries(hours(2.5));
    expect([at(b.latest), at(b.next)]).toEqual([hours(2).getTime(), hours(3).getTime()]);
    const before = await boundaries(hours(-1));
    expect([at(before.latest), at(before.next)]).toEqual([null, hours(0).getTime()]);
  });
});
