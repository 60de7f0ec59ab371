/**
 * Facet counts from postings (facet-postings.ts; issue 5 speed): a list whose scope and
 * selections are facet keys counts its facets with bitmaps of the catalogue version. It must
 * answer exactly what counting the product rows gives (the same request with postings off),
 * for scopes, selection kinds, BY_GROUP and CURRENT, markets (price parts) and after catalogue
 * writes (before and after the background build of the new version). List cache off.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, type DbHandle } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { buildFacetPostings } from '../src/modules/catalog/facet-postings.ts';
import { facetPostingsSettled } from '../src/modules/catalog/facet-postings-settled.ts';
import { setListCacheEnabled } from '../src/modules/catalog/list-cache.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { createTestClient, searchConfig, type TestClient } from './api-client.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const LIST = `query list($categoryAlias: String, $brandAlias: String, $url: String, $filter: FilterInputType, $marketId: String, $skip: Int, $take: Int = 3) {
  products(categoryAlias: $categoryAlias, brandAlias: $brandAlias, url: $url, skip: $skip, take: $take, filter: $filter, marketId: $marketId) {
    count
    products { productId }
    filters {
      price { lowest highest }
      facets { filterId type group label order values { facetId parentId label order count hidden } }
    }
  }
}`;

interface Facets {
  count: number;
  products: Array<{ productId: number }>;
  filters: { facets: Array<{ type: string; values: Array<{ facetId: string; count: number }> }> };
}

describe.each(testDatabaseKinds())('facet counts from postings on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  /** The same API answered by each `ProductSearch`: postings-backed and rows only. */
  let clients: Record<'postings' | 'rows', TestClient>;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 90 });
    setListCacheEnabled(handle.db, false);
    client = createTestClient(handle, searchConfig('postings'));
    clients = { postings: client, rows: createTestClient(handle, searchConfig('rows')) };
    expect(await buildFacetPostings(handle.db)).toBe('full');
  });
  afterAll(async () => {
    if (handle) await facetPostingsSettled(handle.db);
    await handle?.close();
  });

  async function list(variables: Record<string, unknown>, postings: boolean) {
    const client = clients[postings ? 'postings' : 'rows'];
    const { data, errors } = await client.query(LIST, { marketId: 'se', ...variables });
    expect(errors).toBeUndefined();
    return data!.products as Facets;
  }

  /** `count` alone (no filters asked for), from postings or from rows. */
  async function countOnly(variables: Record<string, unknown>, postings: boolean) {
    const client = clients[postings ? 'postings' : 'rows'];
    const { data, errors } = await client.query(
      `query count($filter: FilterInputType, $categoryAlias: String) {
        products(categoryAlias: $categoryAlias, take: 1, filter: $filter, marketId: "se") { count }
      }`,
      variables,
    );
    expect(errors).toBeUndefined();
    return (data!.products as { count: number }).count;
  }

  /** The same list counted from postings and from rows. */
  async function expectSameAsRows(variables: Record<string, unknown>) {
    const rows = await list(variables, false);
    const postings = await list(variables, true);
    expect(postings).toEqual(rows);
    return postings;
  }

  /** First facet id of each type of a list (what a shopper would tick). */
  async function firstIds(variables: Record<string, unknown>) {
    const base = await list(variables, false);
    const ids = new Map<string, string[]>();
    for (const facet of base.filters.facets) {
      ids.set(
        facet.type === 'Parameter'
          ? `Parameter:${facet.values[0]?.facetId.split('_')[1]}`
          : facet.type,
        facet.values.map((v) => v.facetId),
      );
    }
    return ids;
  }

  async function postingVersions() {
    const rows = await handle.db
      .selectDistinct({ version: schema.facetPostings.catalogueVersion })
      .from(schema.facetPostings);
    return rows.map((r) => r.version);
  }

  it('counts unfiltered lists as the rows do: catalogue, category, brand, markets', async () => {
    const all = await expectSameAsRows({});
    expect(all.count).toBe(90);
    const cyklar = await expectSameAsRows({ categoryAlias: 'cyklar' });
    expect(cyklar.count).toBeGreaterThan(0);
    await expectSameAsRows({ url: '/c/cyklar' });
    await expectSameAsRows({ categoryAlias: 'cyklar', marketId: 'fi' });
    await expectSameAsRows({ categoryAlias: 'cyklar', marketId: 'no' });
    const brand = (await firstIds({})).get('Brand')![0]!;
    const [row] = await handle.db
      .select({ alias: schema.brands.alias })
      .from(schema.brands)
      .where(eq(schema.brands.id, Number(brand.slice(2))));
    const page = await expectSameAsRows({ brandAlias: row!.alias });
    expect(page.count).toBeGreaterThan(0);
    await expectSameAsRows({ url: `/b/${row!.alias}`, categoryAlias: 'cyklar' });
    expect((await expectSameAsRows({ brandAlias: 'finns-inte' })).count).toBe(0);
    // The markets' price postings were built meanwhile (in the background): now they answer.
    await facetPostingsSettled(handle.db);
    const markets = await handle.db
      .selectDistinct({ market: schema.pricePostings.marketId })
      .from(schema.pricePostings);
    expect(markets.length).toBeGreaterThanOrEqual(3);
    for (const marketId of ['se', 'fi', 'no']) {
      const page = await expectSameAsRows({ categoryAlias: 'cyklar', marketId });
      expect(page.filters).toMatchObject({ price: { lowest: expect.any(Number) } });
    }
  });

  it('follows a campaign that ends with no write: new selling prices at the boundary', async () => {
    const [campaign] = await handle.db
      .select({ id: schema.priceCampaigns.id })
      .from(schema.priceCampaigns)
      .where(
        sql`${schema.priceCampaigns.startsAt} <= now() and (${schema.priceCampaigns.endsAt} is null or ${schema.priceCampaigns.endsAt} > now())`,
      )
      .limit(1);
    expect(campaign).toBeDefined();
    await handle.db.execute(
      sql`update price_campaigns set ends_at = now() + interval '1500 milliseconds' where id = ${campaign!.id}`,
    );
    const during = await expectSameAsRows({ categoryAlias: 'cyklar' });
    await facetPostingsSettled(handle.db);
    expect(await expectSameAsRows({ categoryAlias: 'cyklar' })).toEqual(during);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const after = await expectSameAsRows({ categoryAlias: 'cyklar' });
    await facetPostingsSettled(handle.db);
    expect(await expectSameAsRows({ categoryAlias: 'cyklar' })).toEqual(after);
    const discounted = (page: Facets) =>
      page.filters.facets
        .find((f) => f.type === 'Discount')
        ?.values.reduce((n, v) => n + v.count, 0) ?? 0;
    expect(discounted(after)).toBeLessThan(discounted(during));
  });

  it('counts every selection kind, BY_GROUP and CURRENT, as the rows do', async () => {
    const ids = await firstIds({ categoryAlias: 'cyklar' });
    const brands = ids.get('Brand')!;
    const sizes = ids.get('Sku')!;
    const categoryIds = ids.get('Category')!;
    const parameterGroups = [...ids.entries()].filter(([k]) => k.startsWith('Parameter:'));
    expect(brands.length).toBeGreaterThan(1);
    expect(sizes.length).toBeGreaterThan(1);
    expect(parameterGroups.length).toBeGreaterThan(0);
    const parameters = parameterGroups.flatMap(([, values]) => values.slice(0, 2));
    const selections = [
      [brands[0]!],
      [brands[0]!, brands[1]!, sizes[0]!],
      [brands[0]!, sizes[0]!, sizes[1]!],
      [categoryIds[categoryIds.length - 1]!, sizes[0]!],
      [parameters[0]!, brands[0]!],
      parameters,
      [...parameters, sizes[0]!, brands[1]!],
      ['b_999999', sizes[0]!],
      ['inget-facett-id', brands[0]!],
    ];
    let narrowed = 0;
    for (const facets of selections) {
      for (const filterMode of ['BY_GROUP', 'CURRENT']) {
        const result = await expectSameAsRows({
          categoryAlias: 'cyklar',
          filter: { facets, filterMode },
        });
        if (result.count > 0) narrowed += 1;
      }
      await expectSameAsRows({ filter: { facets }, marketId: 'fi' });
    }
    expect(narrowed).toBeGreaterThan(4);
  });

  it('counts search results as the rows do (stemming, typos, selections)', async () => {
    const ids = await firstIds({ filter: { searchText: 'cyklar' } });
    const facets = [ids.get('Brand')![0]!, ids.get('Sku')![0]!];
    let found = 0;
    for (const searchText of [
      'cyklar',
      'hjälmar',
      'monrk',
      'specialised',
      'lås',
      'xyzzy',
      "'; drop",
      'och',
      'elcykel dam',
      'cykel och hjälm',
      // Typed without å, ä, ö (issue 14): the same lists as with them.
      'hjalmar',
      'hjalm',
      'las',
      'cykelhjalm',
      // Split by the text-search parser ('x' <-> '2'): read from rows.
      'cykel x²',
    ]) {
      const all = await expectSameAsRows({ filter: { searchText } });
      if (all.count > 0) found += 1;
      // Deeper RELEVANCE pages (postings rank the documents without joining the hits).
      for (const [skip, take] of [
        [0, 24],
        [2, 5],
        [20, 10],
      ]) {
        await expectSameAsRows({ skip, take, filter: { searchText } });
      }
      // A count without filters (the search box's suggestions) is counted from postings too.
      expect(await countOnly({ filter: { searchText } }, true)).toBe(all.count);
      expect(await countOnly({ filter: { searchText } }, false)).toBe(all.count);
      await expectSameAsRows({ filter: { searchText, facets } });
      await expectSameAsRows({
        categoryAlias: 'cyklar',
        filter: { searchText, facets, filterMode: 'CURRENT' },
      });
    }
    expect(found).toBeGreaterThanOrEqual(4);
  });

  it('a word typed without å, ä, ö, é or ü gives the same page as with them, on both paths (issue 14)', async () => {
    for (const [plain, accented] of [
      ['hjalm', 'hjälm'],
      ['hjalmar', 'hjälmar'],
      ['las', 'lås'],
      ['cykel hjalm', 'cykel hjälm'],
    ] as const) {
      const withAccents = await expectSameAsRows({ take: 24, filter: { searchText: accented } });
      expect(withAccents.count, accented).toBeGreaterThan(0);
      const withoutAccents = await expectSameAsRows({ take: 24, filter: { searchText: plain } });
      expect(withoutAccents, plain).toEqual(withAccents);
    }
  });

  it('gives the same product fields on a RELEVANCE page as the rows (one statement reads them)', async () => {
    const page = async (postings: boolean) => {
      const client = clients[postings ? 'postings' : 'rows'];
      const { data, errors } = await client.query(
        `{ products(take: 8, filter: { searchText: "cykel" }, marketId: "se") {
          products { productId name alias articleNumber categoryId firstAvailableOn
            texts { text1 text2 text3 } meta { title description } brand { name }
            productImages { fileName } unitPrice { sellingPriceIncVat } } } }`,
      );
      expect(errors).toBeUndefined();
      return (data!.products as { products: unknown[] }).products;
    };
    const fromPostings = await page(true);
    expect(fromPostings).toHaveLength(8);
    expect(fromPostings).toEqual(await page(false));
  });

  it('pages RELEVANCE as the rows do across cells of equal rank (every page boundary)', async () => {
    // Several words give cells of every rank (name, brand, category, description points per
    // word); pages of 1 and 7 start and end inside and between cells, read newest first by the
    // LATEST index walk (large cells) or from a cell's set bits (small ones).
    for (const searchText of ['cykel', 'cykel dam', 'hjälm', 'monark cykel']) {
      const { count } = await list({ filter: { searchText } }, false);
      expect(count).toBeGreaterThan(1);
      for (const take of [1, 7]) {
        for (let skip = 0; skip < count + take; skip += take) {
          await expectSameAsRows({ skip, take, filter: { searchText } });
        }
      }
    }
  });

  it('is what answers once built (a wrong bitmap shows), and falls back to rows for a new version', async () => {
    const before = await list({ categoryAlias: 'cyklar' }, true);
    const version = (await postingVersions())[0]!;
    // Spoil the stored bitmap of every active product: counting from postings now says 0.
    await handle.db.execute(
      sql`update facet_postings set bits = (select bits from facet_postings where key = '#' and catalogue_version = ${version}) where key = 'all'`,
    );
    const spoiled = await list({ categoryAlias: 'cyklar' }, true);
    expect(spoiled.count).toBe(0);
    expect(await countOnly({ categoryAlias: 'cyklar' }, true)).toBe(0);
    expect(await countOnly({ categoryAlias: 'cyklar' }, false)).toBe(before.count);
    expect((await list({ categoryAlias: 'cyklar' }, false)).count).toBe(before.count);
    // The same for the price postings: spoiled price buckets leave the Price facet empty.
    await handle.db.execute(sql`delete from facet_postings`);
    await buildFacetPostings(handle.db);
    await facetPostingsSettled(handle.db);
    const prices = (page: Facets) => page.filters.facets.find((f) => f.type === 'Price')!.values;
    expect(prices(await list({ categoryAlias: 'cyklar' }, true)).length).toBeGreaterThan(0);
    await handle.db.execute(
      sql`update price_postings p set bits = (select z.bits from price_postings z where z.key = '#r1'
        and z.market_id = p.market_id and z.since = p.since and z.catalogue_version = p.catalogue_version)
        where p.key like 'pr%'`,
    );
    expect(prices(await list({ categoryAlias: 'cyklar' }, true))).toEqual([]);
    await handle.db.execute(sql`delete from price_postings`);
    // A catalogue write (a new version): rows answer until the new postings are built.
    await handle.db.execute(sql`delete from facet_postings`);
    await buildFacetPostings(handle.db);
    expect(await list({ categoryAlias: 'cyklar' }, true)).toEqual(before);
  });

  it('gives the counts of the rows after catalogue writes, before and after the rebuild', async () => {
    const ids = await firstIds({ categoryAlias: 'cyklar' });
    const [product] = await handle.db
      .select({ id: schema.products.id, brandId: schema.products.brandId })
      .from(schema.products)
      .where(
        inArray(
          schema.products.primaryCategoryId,
          ids.get('Category')!.map((id) => Number(id.slice(2))),
        ),
      )
      .limit(1);
    const oldVersions = await postingVersions();
    const writes: Array<() => Promise<unknown>> = [
      () =>
        handle.db
          .update(schema.products)
          .set({ brandId: Number(ids.get('Brand')![1]!.slice(2)) })
          .where(eq(schema.products.id, product!.id)),
      () =>
        handle.db
          .update(schema.products)
          .set({ active: false })
          .where(eq(schema.products.id, product!.id)),
      () =>
        handle.db.execute(
          sql`update skus set name = 'XXL' where id = (select min(id) from skus where product_id <> ${product!.id})`,
        ),
      () =>
        handle.db.execute(
          sql`delete from product_parameters where parameter_id = 1 and product_id % 3 = 0`,
        ),
    ];
    for (const write of writes) {
      await write();
      const facets = [ids.get('Brand')![1]!, ids.get('Sku')![0]!];
      // First request: no postings for the new version, counted from rows (and a build starts).
      await expectSameAsRows({ categoryAlias: 'cyklar', filter: { facets } });
      await facetPostingsSettled(handle.db);
      const versions = await postingVersions();
      expect(versions).toHaveLength(1);
      expect(oldVersions).not.toContain(versions[0]);
      await expectSameAsRows({ categoryAlias: 'cyklar', filter: { facets } });
      await expectSameAsRows({ categoryAlias: 'cyklar' });
    }
  });

  // Builds postings twice over the catalogue: minutes on a loaded 2-core machine.
  it('updates the postings of the changed products as a full build would (incremental build)', async () => {
    await facetPostingsSettled(handle.db);
    await buildFacetPostings(handle.db);
    /** The products of each posting with at least one (bit positions; lengths may differ). */
    const postings = async () => {
      const rows = (
        (await handle.db.execute(
          sql`select key, bits::text as bits from facet_postings where key <> '#'`,
        )) as unknown as { rows: Array<{ key: string; bits: string }> }
      ).rows;
      const byKey = new Map<string, number[]>();
      for (const row of rows) {
        const ids = [...row.bits].flatMap((bit, i) => (bit === '1' ? [i] : []));
        if (ids.length > 0) byKey.set(row.key, ids);
      }
      return byKey;
    };
    const [{ id: first, max }] = (
      (await handle.db.execute(
        sql`select min(id) as id, max(id) as max from products where active`,
      )) as unknown as { rows: Array<{ id: number; max: number }> }
    ).rows as [{ id: number; max: number }];
    const added = Number(max) + 700;
    const writes: Array<[string, 'full' | 'incremental', ReturnType<typeof sql>[]]> = [
      [
        'a new product with a higher id, its category, size, parameter and search document',
        'incremental',
        [
          sql`insert into products (id, article_number, alias, name, brand_id, primary_category_id, first_available_on, active)
            select ${added}, 'INC-1', 'inkrementell-testcykel', 'Inkrementell Testcykel Zyxel', brand_id, primary_category_id, first_available_on, true
            from products where id = ${first}`,
          sql`insert into product_categories (product_id, category_id)
            select ${added}, category_id from product_categories where product_id = ${first}`,
          sql`insert into skus (id, product_id, article_number, name)
            values ((select max(id) + 1 from skus), ${added}, 'INC-1-XL', 'Zyxel-storlek')`,
          sql`insert into product_parameters (product_id, parameter_id, parameter_value_id, value)
            select ${added}, parameter_id, parameter_value_id, value from product_parameters where product_id = ${first}`,
        ],
      ],
      [
        'a name (search document)',
        'incremental',
        [sql`update products set name = name || ' Kvarts' where id = ${first} + 1`],
      ],
      [
        'an inactive product',
        'incremental',
        [sql`update products set active = false where id = ${first} + 2`],
      ],
      ['a deleted product', 'incremental', [sql`delete from products where id = ${first} + 3`]],
      [
        'sizes and parameters',
        'incremental',
        [
          sql`update skus set name = 'XXS' where product_id in (${first} + 4, ${first} + 5)`,
          sql`delete from product_parameters where product_id = ${first} + 6`,
        ],
      ],
      [
        'a statement that changes nothing',
        'incremental',
        [sql`update skus set name = name where false`],
      ],
      [
        'the category tree (everything)',
        'full',
        [sql`update categories set name = name || ' ' where id = (select min(id) from categories)`],
      ],
      [
        'the highest product deleted',
        'incremental',
        [sql`delete from products where id = ${added}`],
      ],
    ];
    for (const [what, how, statements] of writes) {
      for (const statement of statements) await handle.db.execute(statement);
      expect(await buildFacetPostings(handle.db), what).toBe(how);
      const updated = await postings();
      // The same version built from every product.
      await handle.db.execute(sql`delete from facet_postings`);
      expect(await buildFacetPostings(handle.db), what).toBe('full');
      expect(updated, what).toEqual(await postings());
      expect(await postingVersions()).toHaveLength(1);
      const [changes] = (
        (await handle.db.execute(sql`select count(*)::int as n from facet_changes`)) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows;
      expect(changes!.n, what).toBe(0);
    }
    // Lists answer from the updated postings as from rows.
    await handle.db.execute(sql`update products set name = name || ' Ny' where id = ${first} + 7`);
    expect(await buildFacetPostings(handle.db)).toBe('incremental');
    await expectSameAsRows({ categoryAlias: 'cyklar' });
    await expectSameAsRows({ filter: { searchText: 'kvarts' } });
  }, 180_000);

  it('keeps the facet postings over a price write (prices follow through the price postings)', async () => {
    await facetPostingsSettled(handle.db);
    await buildFacetPostings(handle.db);
    const before = await postingVersions();
    expect(before).toHaveLength(1);
    const [state] = await handle.db.select().from(schema.catalogueState);
    await handle.db.execute(
      sql`update product_prices set regular_price_inc_vat = regular_price_inc_vat + 10000 where product_id % 2 = 0`,
    );
    const [after] = await handle.db.select().from(schema.catalogueState);
    expect(after!.version).toBeGreaterThan(state!.version);
    expect(after!.structureVersion).toBe(state!.structureVersion);
    await expectSameAsRows({ categoryAlias: 'cyklar' });
    await facetPostingsSettled(handle.db);
    expect(await postingVersions()).toEqual(before);
    const page = await expectSameAsRows({ categoryAlias: 'cyklar', marketId: 'se' });
    expect(page.count).toBeGreaterThan(0);
  });

  it('the rows implementation reads no postings, enqueues no build, and its job runner builds none', async () => {
    // A catalogue write makes the postings stale (a postings shop would enqueue a build).
    const [product] = await handle.db.select().from(schema.products).limit(1);
    await handle.db
      .update(schema.products)
      .set({ name: `${product!.name} ` })
      .where(eq(schema.products.id, product!.id));
    await facetPostingsSettled(handle.db);
    await handle.db.delete(schema.jobs);
    const counted = await countStatements(() =>
      clients.rows.query(LIST, { marketId: 'se', categoryAlias: 'cyklar', take: 3 }),
    );
    expect(counted.counter.statements.some((t) => t.includes('facet_postings'))).toBe(false);
    expect(await handle.db.select().from(schema.jobs)).toEqual([]);
    // A queued build (as a postings shop on the same database would leave) is not run by the
    // job runner of a rows shop: the one connection of the embedded database stays free.
    await handle.db.insert(schema.jobs).values({ kind: 'facet-postings', key: 'facet-postings' });
    const rowsConfig = searchConfig('rows');
    expect(await runJobsUntilIdle(handle.db, rowsConfig, { kinds: ['facet-postings'] })).toBe(1);
    const built = (await handle.db.execute(
      sql`select count(*)::int as n from facet_postings where catalogue_version = (select structure_version from catalogue_state where id = 1)`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(built.rows[0]!.n).toBe(0);
    await facetPostingsSettled(handle.db);
  });

  it('waits a minute after a failed background build instead of retrying on every list', async () => {
    await handle.db.execute(sql`delete from facet_postings`);
    await handle.db.execute(
      sql`alter table facet_postings add constraint no_build check (key <> 'all') not valid`,
    );
    try {
      // Counted from rows; the background build fails (the constraint refuses its rows).
      expect((await list({ categoryAlias: 'cyklar' }, true)).count).toBeGreaterThan(0);
      await facetPostingsSettled(handle.db);
    } finally {
      await handle.db.execute(sql`alter table facet_postings drop constraint no_build`);
    }
    const again = await list({ categoryAlias: 'cyklar' }, true);
    await facetPostingsSettled(handle.db);
    expect(again).toEqual(await list({ categoryAlias: 'cyklar' }, false));
    expect(await postingVersions()).toEqual([]);
    expect(await buildFacetPostings(handle.db)).toBe('full');
    expect(await postingVersions()).toHaveLength(1);
  });
});
