/**
 * The product-list cache (apps/api/src/modules/catalog/list-cache.ts; issue 5 speed): cached
 * counts, pages and facets are used again for the same query, and are never served after what
 * they depend on changed: prices, campaigns (written, or starting as time passes), products and
 * their categories, SKUs and parameters; stock-dependent lists are not cached. Each check
 * compares the cached answer with the same query computed with the cache off.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, type DbHandle } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createGraphQLContext } from '../src/graphql/context.ts';
import { listCacheSize, setListCacheEnabled } from '../src/modules/catalog/list-cache.ts';
import type { ProductListArgs } from '../src/modules/catalog/product-list.types.ts';
import {
  createTestClient,
  prepareProductSearch,
  searchConfig,
  type TestClient,
} from './api-client.ts';
import { openTestDb, testSearchMatrix } from './test-db.ts';

const HOUR = 3_600_000;

const LIST = `query list($categoryAlias: String, $url: String, $take: Int, $filter: FilterInputType) {
  products(categoryAlias: $categoryAlias, url: $url, take: $take, filter: $filter, marketId: "se") {
    count
    products { productId }
    filters {
      price { lowest highest }
      facets { filterId type values { facetId count } }
    }
  }
}`;

describe.each(testSearchMatrix())('product-list cache on %s, %s search', (kind, search) => {
  let handle: DbHandle;
  let client: TestClient;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 80 });
    await prepareProductSearch(search, handle.db);
    client = createTestClient(handle, searchConfig(search));
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function list(variables: Record<string, unknown>) {
    const { data, errors } = await client.query(LIST, variables);
    expect(errors).toBeUndefined();
    return data!.products as {
      count: number;
      products: Array<{ productId: number }>;
      filters: unknown;
    };
  }

  /** The same query with the cache off: what the statements give now. */
  async function uncached(variables: Record<string, unknown>) {
    setListCacheEnabled(handle.db, false);
    try {
      return await list(variables);
    } finally {
      setListCacheEnabled(handle.db, true);
    }
  }

  const category = { categoryAlias: 'cyklar', take: 12, filter: { sort: 'PRICE' } };

  it('answers a repeated query from the cache, with the same result and fewer statements', async () => {
    const first = await countStatements(() => client.query(LIST, category));
    const second = await countStatements(() => client.query(LIST, category));
    expect(second.result).toEqual(first.result);
    expect(first.counter.count).toBeGreaterThanOrEqual(4); // stamp, count, page, facets
    // Only the stamp: count, page and facets come from the cache.
    expect(second.counter.statements).toHaveLength(1);
    expect(second.counter.statements[0]).toContain('catalogue_state');
    expect(listCacheSize(handle.db)).toBeGreaterThan(0);
    expect(second.result.data).toEqual({ products: await uncached(category) });
  });

  it('drops cached results when a price changes', async () => {
    const before = await list(category);
    const cheapest = before.products[0]!.productId;
    const last = before.products[before.products.length - 1]!.productId;
    // The cheapest product becomes the most expensive one of the category.
    await handle.db
      .update(schema.productPrices)
      .set({ regularPriceIncVat: 99_999_900 })
      .where(eq(schema.productPrices.productId, cheapest));
    const after = await list(category);
    expect(after.products.map((p) => p.productId)).not.toContain(cheapest);
    expect(after.products.map((p) => p.productId)).toContain(last);
    expect(after).toEqual(await uncached(category));
    expect(JSON.stringify(after.filters)).toContain('"highest":999999');
  });

  it('drops cached results when products, categories, SKUs and parameters change', async () => {
    const filtered = { categoryAlias: 'cyklar', take: 5, filter: { facets: [] as string[] } };
    const before = await list(filtered);
    const [first] = before.products;
    await handle.db
      .update(schema.products)
      .set({ active: false })
      .where(eq(schema.products.id, first!.productId));
    const fewer = await list(filtered);
    expect(fewer.count).toBe(before.count - 1);
    expect(fewer).toEqual(await uncached(filtered));

    const someSkus = await handle.db.select({ id: schema.skus.id }).from(schema.skus).limit(3);
    await handle.db
      .update(schema.skus)
      .set({ name: 'Jättestor' })
      .where(
        inArray(
          schema.skus.id,
          someSkus.map((s) => s.id),
        ),
      );
    const renamed = await list(filtered);
    expect(JSON.stringify(renamed.filters)).not.toEqual(JSON.stringify(fewer.filters));
    expect(renamed).toEqual(await uncached(filtered));

    await handle.db.execute(sql`update product_parameters set parameter_value_id = null
      where product_id in (select product_id from product_categories where category_id = 11)`);
    await handle.db.execute(sql`delete from product_categories where category_id = 11`);
    const moved = await list(filtered);
    expect(moved).toEqual(await uncached(filtered));
  });

  it('lists under /l/i-lager follow stock at once (never cached)', async () => {
    const inStock = { url: '/l/i-lager', take: 0 };
    const before = await list(inStock);
    expect(before.count).toBeGreaterThan(0);
    await handle.db.execute(sql`update stock set in_stock = 0, static = 0`);
    const after = await list(inStock);
    expect(after.count).toBe(0);
    expect(after).toEqual(await uncached(inStock));
  });

  it('follows campaigns that start and end as time passes, without a write in between', async () => {
    const [product] = await handle.db
      .select({ id: schema.products.id })
      .from(schema.products)
      .where(eq(schema.products.active, true))
      .limit(1);
    const [price] = await handle.db
      .select()
      .from(schema.productPrices)
      .where(eq(schema.productPrices.productId, product!.id));
    const start = new Date(Date.now() + HOUR);
    await handle.db.insert(schema.priceCampaigns).values({
      id: 900,
      alias: 'snart-rea',
      name: 'Snart rea',
      startsAt: start,
      endsAt: new Date(start.getTime() + HOUR),
    });
    await handle.db.insert(schema.priceCampaignPrices).values({
      campaignId: 900,
      productId: product!.id,
      marketId: price!.marketId,
      sellingPriceIncVat: 100,
    });

    const at = async (time: number, args: ProductListArgs) => {
      // A new context per call, as per request (the cache stamp is read once per request).
      const ctx = createGraphQLContext({
        db: handle.db,
        config: searchConfig(search),
        now: new Date(time),
      });
      const page = await ctx.productSearch.products(
        {
          db: handle.db,
          tree: await ctx.categoryTree(),
          shop: await ctx.pricedShop({ marketId: 'se' }),
          now: ctx.now,
        },
        args,
      );
      return { count: page.count, filters: await page.filters() };
    };
    const campaign = { discountCampaignAlias: 'snart-rea', take: 0 };
    const cheap = { take: 0, filter: { price: { highest: 1 } } };
    expect((await at(start.getTime() - 1, campaign)).count).toBe(0);
    expect((await at(start.getTime() - 1, cheap)).count).toBe(0);
    expect((await at(start.getTime(), campaign)).count).toBe(1);
    const during = await at(start.getTime() + 1, cheap);
    expect(during.count).toBe(1);
    expect((await at(start.getTime() + HOUR, campaign)).count).toBe(0);
    expect((await at(start.getTime() + HOUR, cheap)).count).toBe(0);
  });
});
