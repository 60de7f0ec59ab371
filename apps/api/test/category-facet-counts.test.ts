/**
 * Stored catalogue facet counts of unfiltered category pages (`category_facet_counts`,
 * product-list.service.ts; issue 5 speed): a category page without facets, price range or search
 * reads its Category, Brand, Sku and Parameter counts and its count from the table at the current
 * catalogue version, and must answer exactly what counting the same products gives. The same
 * products counted the ordinary way: no scope and `filter.categoryIds` (never stored). Checked
 * before and after catalogue writes (brand, active, SKU, parameter, category), with the list
 * cache off so every request reaches the database, and the facet postings off (they answer
 * instead once built).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, type DbHandle } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { setListCacheEnabled } from '../src/modules/catalog/list-cache.ts';
import { createTestClient, searchConfig, type TestClient } from './api-client.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const LIST = `query list($categoryAlias: String, $url: String, $filter: FilterInputType) {
  products(categoryAlias: $categoryAlias, url: $url, take: 0, filter: $filter, marketId: "se") {
    count
    filters {
      price { lowest highest }
      facets { filterId type group label order values { facetId parentId label order count hidden } }
    }
  }
}`;

describe.each(testDatabaseKinds())('stored category facet counts on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 90 });
    setListCacheEnabled(handle.db, false);
    // The stored counts are what answers on the rows implementation, and on the postings one
    // while the facet postings of a version are not built yet (facet-postings.ts): the rows
    // implementation here so every request takes that path.
    client = createTestClient(handle, searchConfig('rows'));
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function list(variables: Record<string, unknown>) {
    const { data, errors } = await client.query(LIST, variables);
    expect(errors).toBeUndefined();
    return data!.products as { count: number; filters: unknown };
  }

  async function categoryId(alias: string) {
    const [row] = await handle.db
      .select({ id: schema.categories.id })
      .from(schema.categories)
      .where(eq(schema.categories.alias, alias));
    return row!.id;
  }

  /** The stored path (category scope) and the ordinary one (categoryIds filter) agree. */
  async function expectSameAsCounted(alias: string) {
    const stored = await list({ categoryAlias: alias });
    const counted = await list({ filter: { categoryIds: [await categoryId(alias)] } });
    expect(stored).toEqual(counted);
    expect(await list({ url: `/c/${alias}` })).toEqual(counted);
    return stored;
  }

  async function storedVersions() {
    const rows = await handle.db
      .selectDistinct({ version: schema.categoryFacetCounts.catalogueVersion })
      .from(schema.categoryFacetCounts);
    return rows.map((r) => r.version);
  }

  async function catalogueVersion() {
    const [row] = await handle.db.select().from(schema.catalogueState);
    return row!.version;
  }

  it('gives the counts of counting the products, for parent and leaf categories', async () => {
    const cyklar = await expectSameAsCounted('cyklar');
    expect(cyklar.count).toBeGreaterThan(0);
    await expectSameAsCounted('elcyklar');
    await expectSameAsCounted('tillbehor');
    expect(await storedVersions()).toEqual([await catalogueVersion()]);
  });

  it('reads the stored counts on the next request: the category is not counted again', async () => {
    await list({ categoryAlias: 'cyklar' });
    const { counter } = await countStatements(() => list({ categoryAlias: 'cyklar' }));
    const texts = counter.statements.join('\n');
    expect(texts).toContain('category_facet_counts');
    expect(texts).not.toContain('insert into "category_facet_counts"');
    // Only the price parts are counted: no SKU or parameter join.
    expect(texts).not.toMatch(/join "skus"|join "product_parameters"/);
  });

  it('a filtered category page is counted, not read from the table', async () => {
    const brand = (await handle.db.select().from(schema.brands).limit(1))[0]!;
    const { counter } = await countStatements(() =>
      list({ categoryAlias: 'cyklar', filter: { facets: [`b_${brand.id}`] } }),
    );
    expect(counter.statements.join('\n')).not.toContain('category_facet_counts');
  });

  it('stays equal to counting after catalogue writes, and keeps only the current version', async () => {
    const before = await expectSameAsCounted('cyklar');
    const cyklarId = await categoryId('cyklar');
    const inCyklar = await handle.db.execute(
      sql`select pc.product_id as id from product_categories pc join categories c on c.id = pc.category_id
        where c.id = ${cyklarId} or c.parent_id = ${cyklarId} order by 1 limit 3`,
    );
    const ids = (inCyklar as unknown as { rows: Array<{ id: number }> }).rows.map((r) => r.id);
    expect(ids).toHaveLength(3);
    const brands = await handle.db.select().from(schema.brands);
    const versionBefore = await catalogueVersion();

    // Another brand, one product inactive, one product's SKUs renamed.
    const [first] = await handle.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.id, ids[0]!));
    const other = brands.find((b) => b.id !== first!.brandId)!;
    await handle.db
      .update(schema.products)
      .set({ brandId: other.id })
      .where(eq(schema.products.id, ids[0]!));
    await handle.db
      .update(schema.products)
      .set({ active: false })
      .where(eq(schema.products.id, ids[1]!));
    await handle.db
      .update(schema.skus)
      .set({ name: 'XXL' })
      .where(eq(schema.skus.productId, ids[2]!));
    expect(await catalogueVersion()).toBeGreaterThan(versionBefore);

    const after = await expectSameAsCounted('cyklar');
    expect(after.count).toBe(before.count - 1);
    expect(after).not.toEqual(before);
    expect(await storedVersions()).toEqual([await catalogueVersion()]);

    // Parameter values and category membership.
    await handle.db
      .delete(schema.productParameters)
      .where(inArray(schema.productParameters.productId, [ids[0]!, ids[2]!]));
    await handle.db
      .delete(schema.productCategories)
      .where(eq(schema.productCategories.productId, ids[2]!));
    const last = await expectSameAsCounted('cyklar');
    expect(last.count).toBe(after.count - 1);
    await expectSameAsCounted('elcyklar');
    expect(await storedVersions()).toEqual([await catalogueVersion()]);
  });
});
