/**
 * Facet counts from postings (facet-postings.ts; issue 5 speed), part 1: a list whose scope and
 * selections are facet keys counts its facets with bitmaps and must answer exactly what counting
 * the product rows gives, for scopes, selection kinds, BY_GROUP and CURRENT, markets, search and
 * RELEVANCE pages. List cache off.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';
import { facetPostingsSettled } from '../src/modules/catalog/facet-postings-settled.ts';
import { testDatabaseKinds } from './test-db.ts';
import { type Facets, useFacetPostingsApi } from './facet-postings-suite.ts';

describe.each(testDatabaseKinds())('facet counts from postings on %s', (kind) => {
  const suite = useFacetPostingsApi(kind);
  const { list, countOnly, expectSameAsRows, firstIds } = suite;

  it('counts unfiltered lists as the rows do: catalogue, category, brand, markets', async () => {
    const all = await expectSameAsRows({});
    expect(all.count).toBe(90);
    const cyklar = await expectSameAsRows({ categoryAlias: 'cyklar' });
    expect(cyklar.count).toBeGreaterThan(0);
    await expectSameAsRows({ url: '/c/cyklar' });
    await expectSameAsRows({ categoryAlias: 'cyklar', marketId: 'fi' });
    await expectSameAsRows({ categoryAlias: 'cyklar', marketId: 'no' });
    const brand = (await firstIds({})).get('Brand')![0]!;
    const [row] = await suite.handle.db
      .select({ alias: schema.brands.alias })
      .from(schema.brands)
      .where(eq(schema.brands.id, Number(brand.slice(2))));
    const page = await expectSameAsRows({ brandAlias: row!.alias });
    expect(page.count).toBeGreaterThan(0);
    await expectSameAsRows({ url: `/b/${row!.alias}`, categoryAlias: 'cyklar' });
    expect((await expectSameAsRows({ brandAlias: 'finns-inte' })).count).toBe(0);
    // The markets' price postings were built meanwhile (in the background): now they answer.
    await facetPostingsSettled(suite.handle.db);
    const markets = await suite.handle.db
      .selectDistinct({ market: schema.pricePostings.marketId })
      .from(schema.pricePostings);
    expect(markets.length).toBeGreaterThanOrEqual(3);
    for (const marketId of ['se', 'fi', 'no']) {
      const page = await expectSameAsRows({ categoryAlias: 'cyklar', marketId });
      expect(page.filters).toMatchObject({ price: { lowest: expect.any(Number) } });
    }
  });

  it('follows a campaign that ends with no write: new selling prices at the boundary', async () => {
    const [campaign] = await suite.handle.db
      .select({ id: schema.priceCampaigns.id })
      .from(schema.priceCampaigns)
      .where(
        sql`${schema.priceCampaigns.startsAt} <= now() and (${schema.priceCampaigns.endsAt} is null or ${schema.priceCampaigns.endsAt} > now())`,
      )
      .limit(1);
    expect(campaign).toBeDefined();
    await suite.handle.db.execute(
      sql`update price_campaigns set ends_at = now() + interval '1500 milliseconds' where id = ${campaign!.id}`,
    );
    const during = await expectSameAsRows({ categoryAlias: 'cyklar' });
    await facetPostingsSettled(suite.handle.db);
    expect(await expectSameAsRows({ categoryAlias: 'cyklar' })).toEqual(during);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const after = await expectSameAsRows({ categoryAlias: 'cyklar' });
    await facetPostingsSettled(suite.handle.db);
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
      const client = suite.clients[postings ? 'postings' : 'rows'];
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
});
