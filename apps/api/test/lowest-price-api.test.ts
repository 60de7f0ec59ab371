/**
 * The 30-day lowest price through the API (issue 25; prisinformationslagen 7 a §; GEINS-API
 * §4.2 `lowestPrice`, `priceLog`): a price lowered today shows the earlier price as the
 * comparison price and in the log; a price lower than that, but older than the 30 days before
 * the current price, does not count; a campaign start is recorded by the price-stamp job at the
 * moment it started; the seed gives a campaign product its earlier, higher price.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { PRICE_STAMP_JOB } from '../src/modules/jobs/job-kinds.ts';
import { enqueueJob } from '../src/modules/jobs/queue.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { recordPriceChanges } from '../src/modules/pricing/price-log.ts';
import { createTestClient, searchConfig, type TestClient } from './api-client.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SE = 'SE|SEK';
/** The seed's clock: two hours before the test's requests, so later writes are after it. */
const SEEDED_AT = new Date(Date.now() - 2 * HOUR);
const ago = (ms: number) => new Date(Date.now() - ms);

const QUERY = `query($alias: String!) {
  product(alias: $alias) {
    unitPrice { sellingPriceIncVat regularPriceIncVat isDiscounted }
    lowestPrice {
      sellingPriceIncVat comparisonPriceIncVat comparisonPriceExVat lowestPriceIncVat
      discountIncVat discountPercentage isDiscounted vat comparisonPriceIncVatFormatted
    }
    priceLog { date sellingPriceIncVat sellingPriceIncVatFormatted regularPriceIncVat isDiscounted isLowest }
  }
}`;

interface Answer {
  product: {
    unitPrice: { sellingPriceIncVat: number; regularPriceIncVat: number; isDiscounted: boolean };
    lowestPrice: {
      sellingPriceIncVat: number;
      comparisonPriceIncVat: number;
      comparisonPriceExVat: number;
      lowestPriceIncVat: number;
      discountIncVat: number;
      discountPercentage: number;
      isDiscounted: boolean;
      vat: number;
      comparisonPriceIncVatFormatted: string;
    };
    priceLog: Array<{
      date: string;
      sellingPriceIncVat: number;
      sellingPriceIncVatFormatted: string;
      regularPriceIncVat: number;
      isDiscounted: boolean;
      isLowest: boolean;
    }>;
  };
}

describe.each(testDatabaseKinds())('30-day lowest price on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  /** Products of the seed without any campaign price: id, alias, regular price (öre). */
  let plain: Array<{ id: number; alias: string; regular: number }> = [];

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 24, now: SEEDED_AT });
    client = createTestClient(handle, searchConfig('rows'));
    const rows = await handle.db
      .select({
        id: schema.products.id,
        alias: schema.products.alias,
        regular: schema.productPrices.regularPriceIncVat,
      })
      .from(schema.products)
      .innerJoin(
        schema.productPrices,
        and(
          eq(schema.productPrices.productId, schema.products.id),
          eq(schema.productPrices.marketId, SE),
        ),
      )
      .orderBy(schema.products.id);
    const inCampaigns = new Set(
      (await handle.db.select().from(schema.priceCampaignPrices)).map((r) => r.productId),
    );
    plain = rows.filter((r) => !inCampaigns.has(r.id));
    expect(plain.length).toBeGreaterThanOrEqual(4);
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function ask(alias: string): Promise<Answer['product']> {
    const result = await client.query<Answer>(QUERY, { alias });
    expect(result.errors).toBeUndefined();
    return result.data!.product;
  }

  /** Writes a regular price and records it (as a price write does) at `at`. */
  async function setRegular(productId: number, regular: number, at: Date): Promise<void> {
    await handle.db.transaction(async (tx) => {
      await tx
        .update(schema.productPrices)
        .set({ regularPriceIncVat: regular })
        .where(
          and(eq(schema.productPrices.productId, productId), eq(schema.productPrices.marketId, SE)),
        );
      await recordPriceChanges(tx, at, { productIds: [productId], marketIds: [SE] });
    });
  }

  it('shows the earlier price of a price lowered today as the comparison price and in the log', async () => {
    const product = plain[0]!;
    const lowered = product.regular - 10_000;
    await setRegular(product.id, lowered, new Date());
    const answer = await ask(product.alias);
    expect(answer.unitPrice).toMatchObject({ sellingPriceIncVat: lowered / 100 });
    expect(answer.lowestPrice).toMatchObject({
      sellingPriceIncVat: lowered / 100,
      comparisonPriceIncVat: product.regular / 100,
      lowestPriceIncVat: lowered / 100,
      discountIncVat: 100,
      discountPercentage: Math.round((100 * 10_000) / product.regular),
      isDiscounted: true,
    });
    expect(answer.lowestPrice.comparisonPriceIncVatFormatted).toMatch(/^[\d\u00a0]+\u00a0kr$/);
    // 30 days (the seed's history is 90 days long), the last one today at the lowered price.
    expect(answer.priceLog).toHaveLength(30);
    const today = answer.priceLog.at(-1)!;
    expect(today).toMatchObject({
      date: new Date().toISOString().slice(0, 10),
      sellingPriceIncVat: lowered / 100,
      isLowest: true,
    });
    const earlier = answer.priceLog.slice(0, -1);
    expect(earlier.every((d) => d.sellingPriceIncVat === product.regular / 100)).toBe(true);
    expect(earlier.some((d) => d.isLowest)).toBe(false);
  });

  it('counts a lower price only when it was in effect in the 30 days before the current one', async () => {
    // Both: 1 000 kr, 700 kr from 45 days ago, back to 1 000 kr, 900 kr from an hour ago.
    const [outside, inside] = [plain[1]!, plain[2]!];
    for (const [product, backAt] of [
      [outside, ago(32 * DAY)],
      [inside, ago(29 * DAY)],
    ] as const) {
      await handle.db.delete(schema.priceLog).where(eq(schema.priceLog.productId, product.id));
      await setRegular(product.id, 100_000, ago(60 * DAY));
      await setRegular(product.id, 70_000, ago(45 * DAY));
      await setRegular(product.id, 100_000, backAt);
      await setRegular(product.id, 90_000, ago(HOUR));
    }
    // Back at 1 000 kr 32 days ago: the 700 kr ended before the window, 900 kr is a reduction.
    expect((await ask(outside.alias)).lowestPrice).toMatchObject({
      comparisonPriceIncVat: 1000,
      lowestPriceIncVat: 900,
      discountPercentage: 10,
      isDiscounted: true,
    });
    // Back at 1 000 kr 29 days ago: 700 kr was in effect inside the window, so no reduction.
    expect((await ask(inside.alias)).lowestPrice).toMatchObject({
      comparisonPriceIncVat: 700,
      discountIncVat: 0,
      discountPercentage: 0,
      isDiscounted: false,
    });
  });

  it('records a campaign start at its moment through the price-stamp job', async () => {
    const product = plain[3]!;
    const campaignPrice = product.regular - 20_000;
    const startsAt = ago(HOUR);
    await handle.db.insert(schema.priceCampaigns).values({
      id: 950,
      alias: 'lagsta-pris-test',
      name: 'Lägsta pris-test',
      startsAt,
      endsAt: new Date(Date.now() + 5 * DAY),
    });
    await handle.db.insert(schema.priceCampaignPrices).values({
      campaignId: 950,
      productId: product.id,
      marketId: SE,
      sellingPriceIncVat: campaignPrice,
    });
    await enqueueJob(handle.db, PRICE_STAMP_JOB, { rearm: true });
    expect(
      await runJobsUntilIdle(handle.db, searchConfig('rows'), { kinds: ['price-stamp'] }),
    ).toBeGreaterThanOrEqual(1);
    const rows = await handle.db
      .select()
      .from(schema.priceLog)
      .where(and(eq(schema.priceLog.productId, product.id), eq(schema.priceLog.marketId, SE)))
      .orderBy(schema.priceLog.changedAt);
    const last = rows.at(-1)!;
    expect(last.sellingPriceIncVat).toBe(campaignPrice);
    expect(last.changedAt.getTime()).toBe(startsAt.getTime());
    const answer = await ask(product.alias);
    expect(answer.lowestPrice).toMatchObject({
      sellingPriceIncVat: campaignPrice / 100,
      comparisonPriceIncVat: product.regular / 100,
      isDiscounted: true,
    });
    expect(answer.unitPrice.isDiscounted).toBe(true);
  });

  it('gives a seeded campaign product its earlier, higher price in the log', async () => {
    const [campaignRow] = await handle.db
      .select({ productId: schema.priceCampaignPrices.productId, alias: schema.products.alias })
      .from(schema.priceCampaignPrices)
      .innerJoin(schema.products, eq(schema.products.id, schema.priceCampaignPrices.productId))
      .innerJoin(
        schema.priceCampaigns,
        eq(schema.priceCampaigns.id, schema.priceCampaignPrices.campaignId),
      )
      .where(
        and(
          eq(schema.priceCampaigns.alias, 'hjalmveckan'),
          eq(schema.priceCampaignPrices.marketId, SE),
        ),
      );
    expect(campaignRow).toBeDefined();
    const answer = await ask(campaignRow!.alias);
    expect(answer.unitPrice.isDiscounted).toBe(true);
    expect(answer.lowestPrice.comparisonPriceIncVat).toBe(answer.unitPrice.regularPriceIncVat);
    expect(answer.lowestPrice.isDiscounted).toBe(true);
    const prices = new Set(answer.priceLog.map((d) => d.sellingPriceIncVat));
    expect(prices).toEqual(
      new Set([answer.unitPrice.regularPriceIncVat, answer.unitPrice.sellingPriceIncVat]),
    );
    expect(answer.priceLog.filter((d) => d.isLowest).at(-1)!.date).toBe(
      new Date().toISOString().slice(0, 10),
    );
  });
});
