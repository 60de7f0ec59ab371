/**
 * Product discovery through the API (issue 5; GEINS-API §5), part 1: scopes, every filter and
 * facet type, and counts with and without filters, against the fixed catalogue of
 * discovery-fixture.ts, on every database kind and product search.
 */
import { describe, expect, it } from 'vitest';
import { countStatements } from '../src/db/client.ts';
import { buildFacetPostings } from '../src/modules/catalog/facet-postings.ts';
import { facetPostingsSettled } from '../src/modules/catalog/facet-postings-settled.ts';
import { createTestClient, searchConfig, type TestClient } from './api-client.ts';
import { testSearchMatrix } from './test-db.ts';
import { LIST, useDiscoveryApi } from './discovery-fixture.ts';

describe.each(testSearchMatrix())('product discovery API on %s, %s search', (kind, search) => {
  const api = useDiscoveryApi(kind, search);
  const { list, ids, sorted, size } = api;

  describe('scopes', () => {
    it('categoryAlias includes subcategories and leaves out inactive products', async () => {
      expect(sorted(await ids({ categoryAlias: 'cyklar' }))).toEqual([101, 102, 103, 105]);
      expect(sorted(await ids({ categoryAlias: 'elcyklar' }))).toEqual([102, 103]);
    });
    it('brandAlias, url /b/ and /c/ scope like the arguments', async () => {
      expect(sorted(await ids({ brandAlias: 'monark' }))).toEqual([101, 102]);
      expect(sorted(await ids({ url: '/b/specialized' }))).toEqual([103, 106]);
      expect(sorted(await ids({ url: '/c/cyklar/elcyklar' }))).toEqual([102, 103]);
    });
    it('discountCampaignAlias lists products an active campaign lowers; an ended one none', async () => {
      expect(sorted(await ids({ discountCampaignAlias: 'varrea' }))).toEqual([102, 104]);
      expect(await ids({ discountCampaignAlias: 'slutrea' })).toEqual([]);
      expect(sorted(await ids({ url: '/dc/varrea' }))).toEqual([102, 104]);
    });
    it('generic lists under /l/: rea, mest-salda; unknown lists are empty', async () => {
      expect(sorted(await ids({ url: '/l/rea' }))).toEqual([102, 104]);
      expect(sorted(await ids({ url: '/l/mest-salda' }))).toEqual([101, 102, 103, 104, 106]);
      expect(await ids({ url: '/l/finns-inte' })).toEqual([]);
      const { data } = await api.client.query(
        `{ listPageInfo(url: "/l/rea") { id name canonicalUrl } }`,
      );
      expect(data!.listPageInfo).toEqual({ id: 9002, name: 'Rea', canonicalUrl: '/l/rea' });
    });
  });

  describe('facet filters', () => {
    it('brand, size, price bucket, discount bucket, parameter and category facets', async () => {
      const scope = { categoryAlias: 'cyklar' };
      expect(sorted(await ids({ ...scope, filter: { facets: ['b_1'] } }))).toEqual([101, 102]);
      expect(sorted(await ids({ ...scope, filter: { facets: [size('M')] } }))).toEqual([
        101, 102, 105,
      ]);
      expect(sorted(await ids({ ...scope, filter: { facets: ['pr_5000_10000'] } }))).toEqual([
        101, 105,
      ]);
      expect(sorted(await ids({ filter: { facets: ['d_21_30'] } }))).toEqual([102]);
      expect(sorted(await ids({ filter: { facets: ['d_16_20'] } }))).toEqual([104]);
      expect(sorted(await ids({ ...scope, filter: { facets: ['p_1_1'] } }))).toEqual([
        101, 103, 105,
      ]);
      expect(sorted(await ids({ filter: { facets: ['c_21'] } }))).toEqual([104, 106]);
    });
    it('OR within a group, AND across groups', async () => {
      const scope = { categoryAlias: 'cyklar' };
      expect(sorted(await ids({ ...scope, filter: { facets: ['b_1', size('M')] } }))).toEqual([
        101, 102,
      ]);
      expect(sorted(await ids({ ...scope, filter: { facets: ['b_1', 'b_4', 'p_1_1'] } }))).toEqual([
        101, 105,
      ]);
      expect(
        sorted(
          await ids({
            ...scope,
            filter: { facets: ['b_1', 'b_2', size('L'), 'pr_10000_20000', 'pr_40000_'] },
          }),
        ),
      ).toEqual([102, 103]);
    });
    it('excludeFacets removes products having any of them', async () => {
      expect(
        sorted(await ids({ categoryAlias: 'cyklar', filter: { excludeFacets: ['b_1'] } })),
      ).toEqual([103, 105]);
    });
    it('price range in kronor on the selling price', async () => {
      expect(
        sorted(
          await ids({
            categoryAlias: 'cyklar',
            filter: { price: { lowest: 6500, highest: 20000 } },
          }),
        ),
      ).toEqual([102, 105]);
    });
    it('unknown or garbage facet ids are ignored; a well-formed unknown value matches nothing', async () => {
      const all = sorted(await ids({ categoryAlias: 'cyklar' }));
      expect(
        sorted(
          await ids({
            categoryAlias: 'cyklar',
            filter: { facets: ['x', 'b_', 'b_abc', '<script>', 'pr_9_1', "c_1' or 1=1"] },
          }),
        ),
      ).toEqual(all);
      expect(await ids({ categoryAlias: 'cyklar', filter: { facets: ['b_999'] } })).toEqual([]);
    });
    it('productIds and articleNumbers keep the input order and ignore other filters', async () => {
      expect(
        await ids({ categoryAlias: 'tillbehor', filter: { productIds: [105, 101, 103] } }),
      ).toEqual([105, 101, 103]);
      expect(await ids({ filter: { articleNumbers: ['A-106', 'A-102'] } })).toEqual([106, 102]);
    });
    it('a_<alias> facets with FACET_ORDER keep the order (favourites)', async () => {
      expect(
        await ids({
          filter: {
            facets: ['a_produkt-104', 'a_PRODUKT-101', 'a_produkt-103'],
            sort: 'FACET_ORDER',
          },
        }),
      ).toEqual([104, 101, 103]);
    });
  });

  describe('facets in the response', () => {
    it('counts per type with labels, _id = facetId_count, category tree via parentId', async () => {
      const result = await list({ take: 0 });
      expect(result.counts('Brand')).toEqual({
        Crescent: 5,
        'Lyx Bikes': 1,
        Monark: 2,
        POC: 1,
        Specialized: 2,
      });
      const category = result.facet('Category')!;
      const elcyklar = category.values.find((v) => v.label === 'Elcyklar')!;
      expect(elcyklar).toMatchObject({ facetId: 'c_11', parentId: 'c_1', count: 2, _id: 'c_11_2' });
      expect(category.values.find((v) => v.label === 'Cyklar')).toMatchObject({
        parentId: null,
        count: 4,
      });
      expect(result.counts('Sku')).toEqual({ S: 2, M: 5, L: 3, 'One size': 5 });
      expect(result.facet('Sku')!.values.map((v) => v.label)).toEqual(['S', 'M', 'L', 'One size']);
      expect(result.counts('Discount')).toEqual({ '16–20 %': 1, '21–30 %': 1 });
      expect(result.counts('Price')).toEqual({
        'Under 500 kr': 5,
        '500–999 kr': 1,
        '1 000–2 499 kr': 1,
        '5 000–9 999 kr': 2,
        '10 000–19 999 kr': 1,
        'Över 40 000 kr': 1,
      });
      const colour = result.facet('Parameter')!;
      expect(colour).toMatchObject({ group: 'Färg', filterId: 'Parameter-1' });
      expect(result.counts('Parameter')).toEqual({ Svart: 4, Vit: 2 });
      expect(result.filters.facets.some((f) => f.group === 'Garanti')).toBe(false);
      expect(result.filters.price).toEqual({ lowest: 100, highest: 40000 });
    });
    it('BY_GROUP: a group counts without its own selection; CURRENT counts the result', async () => {
      const byGroup = await list({
        categoryAlias: 'cyklar',
        take: 0,
        filter: { facets: ['b_1'], filterMode: 'BY_GROUP' },
      });
      expect(byGroup.count).toBe(2);
      expect(byGroup.counts('Brand')).toEqual({ Monark: 2, Specialized: 1, Crescent: 1 });
      expect(byGroup.counts('Sku')).toEqual({ S: 1, M: 2, L: 1 });
      const current = await list({
        categoryAlias: 'cyklar',
        take: 0,
        filter: { facets: ['b_1'], filterMode: 'CURRENT' },
      });
      expect(current.counts('Brand')).toEqual({ Monark: 2 });
      const twoGroups = await list({
        categoryAlias: 'cyklar',
        take: 0,
        filter: { facets: ['b_1', 'p_1_2'] },
      });
      expect(twoGroups.ids).toEqual([]);
      expect(twoGroups.count).toBe(1);
      expect(twoGroups.counts('Brand')).toEqual({ Monark: 1 });
      expect(twoGroups.counts('Parameter')).toEqual({ Svart: 1, Vit: 1 });
    });
    it('the price range ignores the price filter; counts and filters cost a fixed number of statements', async () => {
      const filtered = await list({
        categoryAlias: 'cyklar',
        take: 0,
        filter: { price: { lowest: 6500 } },
      });
      expect(filtered.count).toBe(3);
      expect(filtered.filters.price).toEqual({ lowest: 6000, highest: 40000 });
      const run = (by: TestClient, facets: string[], searchText = 'karin') =>
        countStatements(() =>
          by.query(LIST, {
            categoryAlias: 'cyklar',
            take: 5,
            filter: { facets, searchText },
          }),
        );
      // Counted from rows (price and discount selections always are)…
      // A new API reads its reference data (channels, category tree) on its first request.
      const rows = createTestClient(api.handle, searchConfig('rows'));
      await run(rows, [], 'warm-up');
      const fewRows = await run(rows, []);
      const manyRows = await run(rows, ['b_1', 'b_2', size('M'), 'p_1_1', 'pr_0_500', 'd_21_30']);
      expect(manyRows.counter.count).toBe(fewRows.counter.count);
      // …and from the facet postings.
      const postings = createTestClient(api.handle, searchConfig('postings'));
      await run(postings, [], 'warm-up');
      await facetPostingsSettled(api.handle.db);
      await buildFacetPostings(api.handle.db);
      // (Another text: the list cache holds the answers above.)
      const few = await run(postings, [], 'monark');
      const many = await run(postings, ['b_1', 'b_2', size('M'), 'p_1_1'], 'monark');
      expect(many.counter.count).toBe(few.counter.count);
      expect(many.counter.statements.some((t) => t.includes('with post as'))).toBe(true);
    });
  });

  describe('count with and without filters', () => {
    // With `filters` selected the count comes from the facet statement (product-list.service.ts
    // withFilters), without it from a count statement: both must give the number of hits.
    const COUNT_ONLY = `query count($categoryAlias: String, $url: String, $filter: FilterInputType) {
      products(categoryAlias: $categoryAlias, url: $url, take: 200, filter: $filter, marketId: "se") {
        count
        products { productId }
      }
    }`;
    const FILTERS_IN_FRAGMENT = `query countWithFragment($categoryAlias: String, $url: String, $filter: FilterInputType) {
      products(categoryAlias: $categoryAlias, url: $url, take: 0, filter: $filter, marketId: "se") {
        count
        ...withFilters
      }
    }
    fragment withFilters on ProductsResultType { ... on ProductsResultType { filters { price { lowest } } } }`;
    it.each([
      ['no scope', {}],
      ['category', { categoryAlias: 'cyklar' }],
      [
        'brand + size BY_GROUP',
        { categoryAlias: 'cyklar', filter: { facets: ['b_1', size('M')] } },
      ],
      [
        'brand + size CURRENT',
        { categoryAlias: 'cyklar', filter: { facets: ['b_1', size('M')], filterMode: 'CURRENT' } },
      ],
      ['parameter + price bucket', { filter: { facets: ['p_1_1', 'pr_5000_10000'] } }],
      ['discount bucket', { filter: { facets: ['d_21_30', 'd_16_20'] } }],
      [
        'price range',
        { categoryAlias: 'cyklar', filter: { price: { lowest: 6500, highest: 20000 } } },
      ],
      ['excluded facets', { categoryAlias: 'cyklar', filter: { excludeFacets: ['b_1'] } }],
      ['UNION include', { filter: { include: ['b_2', 'c_21'], includeMode: 'UNION' } }],
      ['search text', { filter: { searchText: 'cykel' } }],
      ['productIds', { filter: { productIds: [105, 101, 999] } }],
      ['campaign url', { url: '/dc/varrea' }],
      ['generic list', { url: '/l/rea' }],
      ['no hits', { categoryAlias: 'cyklar', filter: { facets: ['b_999'] } }],
    ])('%s', async (_name, variables) => {
      const plain = await api.client.query(COUNT_ONLY, variables);
      expect(plain.errors).toBeUndefined();
      const page = plain.data!.products as { count: number; products: unknown[] };
      expect(page.count).toBe(page.products.length);
      expect((await list({ ...variables, take: 0 })).count).toBe(page.count);
      const fragment = await api.client.query(FILTERS_IN_FRAGMENT, variables);
      expect(fragment.errors).toBeUndefined();
      expect((fragment.data!.products as { count: number }).count).toBe(page.count);
    });
    it('count and filters together cost one list statement, not two', async () => {
      // Variables not asked for before in this file: the list cache has nothing for them.
      // Counted from rows (postings off) and from the facet postings of the version.
      const listStatements = (texts: string[]) => texts.filter((t) => /count\(\*\)/.test(t)).length;
      const byRows = createTestClient(api.handle, searchConfig('rows'));
      const rowVariables = { categoryAlias: 'elcyklar', filter: { facets: ['b_2'] } };
      const rows = await countStatements(() => byRows.query(FILTERS_IN_FRAGMENT, rowVariables));
      expect(listStatements(rows.counter.statements)).toBe(1);
      expect(rows.counter.statements.some((t) => t.includes('with priced as'))).toBe(true);
      const byPostings = createTestClient(api.handle, searchConfig('postings'));
      await facetPostingsSettled(api.handle.db);
      await buildFacetPostings(api.handle.db);
      const variables = { categoryAlias: 'elcyklar', filter: { facets: ['b_1'] } };
      const postings = await countStatements(() =>
        byPostings.query(FILTERS_IN_FRAGMENT, variables),
      );
      expect(listStatements(postings.counter.statements)).toBe(1);
      expect(postings.counter.statements.some((t) => t.includes('with post as'))).toBe(true);
    });
  });
});
