/**
 * Issue 14, shopper journeys: the news list `/l/nyheter` (what `/nyheter` shows) holds the
 * products first available within the configured window (NEWS_WINDOW_DAYS, default 60), newest
 * first; and every SKU tells its stock per store (`SkuType.storeStock`) for the product page.
 * On the seed catalogue, on every database kind.
 */
import { and, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { DbHandle } from '../src/db/client.ts';
import { products, skus, storeStock, stores } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import {
  createTestClient,
  prepareProductSearch,
  searchConfig,
  type TestClient,
} from './api-client.ts';
import { openTestDb, testSearchMatrix } from './test-db.ts';

const DAY = 86_400_000;

const NEWS = `query news($take: Int) {
  products(url: "/l/nyheter", take: $take) { count products { productId firstAvailableOn } }
}`;

interface NewsAnswer {
  products: { count: number; products: Array<{ productId: number; firstAvailableOn: string }> };
}

/** The UTC date `days` before today, yyyy-mm-dd. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
}

describe('NEWS_WINDOW_DAYS', () => {
  it('defaults to 60 days and accepts 1..3650', () => {
    expect(loadConfig({}).catalog.newsWindowDays).toBe(60);
    expect(loadConfig({ NEWS_WINDOW_DAYS: '14' }).catalog.newsWindowDays).toBe(14);
    expect(() => loadConfig({ NEWS_WINDOW_DAYS: '0' })).toThrow(/NEWS_WINDOW_DAYS/);
    expect(() => loadConfig({ NEWS_WINDOW_DAYS: 'x' })).toThrow(/NEWS_WINDOW_DAYS/);
  });
});

describe.each(testSearchMatrix())('news list and store stock on %s, %s search', (kind, search) => {
  let handle: DbHandle;
  let client: TestClient;
  let total = 0;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 160 });
    await prepareProductSearch(search, handle.db);
    client = createTestClient(handle, searchConfig(search));
    const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(products);
    total = row!.n;
  });

  afterAll(async () => {
    await handle?.close();
  });

  /** Active products first available on or after `since`. */
  async function newSince(since: string): Promise<number> {
    const [row] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.active, true), gte(products.firstAvailableOn, since)));
    return row!.n;
  }

  it('lists the products of the last 60 days by default, newest first: some, not all', async () => {
    const { data, errors } = await client.query<NewsAnswer>(NEWS, { take: 200 });
    expect(errors).toBeUndefined();
    const expected = await newSince(daysAgo(60));
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(total / 2);
    expect(data!.products.count).toBe(expected);
    const dates = data!.products.products.map((p) => p.firstAvailableOn);
    expect(dates.every((d) => d >= daysAgo(60))).toBe(true);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('follows NEWS_WINDOW_DAYS', async () => {
    const base = searchConfig(search);
    const wide = createTestClient(handle, {
      ...base,
      catalog: { ...base.catalog, newsWindowDays: 365 },
    });
    const { data, errors } = await wide.query<NewsAnswer>(NEWS, { take: 0 });
    expect(errors).toBeUndefined();
    const expected = await newSince(daysAgo(365));
    expect(expected).toBeGreaterThan(await newSince(daysAgo(60)));
    expect(data!.products.count).toBe(expected);
  });

  it("tells a SKU's units per store (only stores that have it), for the product page", async () => {
    const [row] = await handle.db
      .select({ productId: skus.productId, skuId: storeStock.skuId })
      .from(storeStock)
      .innerJoin(skus, eq(skus.id, storeStock.skuId))
      .where(gt(storeStock.quantity, 0))
      .limit(1);
    const productSkus = await handle.db
      .select({ id: skus.id })
      .from(skus)
      .where(eq(skus.productId, row!.productId));
    const shelves = await handle.db
      .select({ skuId: storeStock.skuId, quantity: storeStock.quantity, city: stores.city })
      .from(storeStock)
      .innerJoin(stores, eq(stores.id, storeStock.storeId))
      .where(
        and(
          inArray(
            storeStock.skuId,
            productSkus.map((s) => s.id),
          ),
          gt(storeStock.quantity, 0),
        ),
      )
      .orderBy(storeStock.skuId, stores.id);

    const { data, errors } = await client.query<{
      product: {
        skus: Array<{
          skuId: number;
          storeStock: Array<{ alias: string; name: string; city: string; quantity: number }>;
        }>;
      };
    }>(
      `query ($id: Int) { product(productId: $id) {
        skus { skuId storeStock { alias name city quantity } } } }`,
      { id: row!.productId },
    );
    expect(errors).toBeUndefined();
    const answered = data!.product.skus.flatMap((sku) =>
      sku.storeStock.map((s) => ({ skuId: sku.skuId, quantity: s.quantity, city: s.city })),
    );
    expect(answered.sort((a, b) => a.skuId - b.skuId)).toEqual(shelves);
    const any = data!.product.skus.flatMap((s) => s.storeStock)[0]!;
    expect(any.name).toMatch(/^Trampa /);
    expect(any.alias).toMatch(/^[a-z]+$/);
  });
});
