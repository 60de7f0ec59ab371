/**
 * Product discovery through the API (issue 5; GEINS-API §5): every filter, sort and facet type,
 * search (Swedish stemming, typos, ranking), suggestions, popular searches and bad input, against
 * a small fixed catalogue inserted here, on every database kind.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, type DbHandle } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import {
  CHANNEL,
  CHANNEL_LANGUAGES,
  COUNTRIES,
  CURRENCIES,
  LANGUAGES,
  MARKETS,
  MARKET_LANGUAGES,
} from '../src/db/seed/reference-data.ts';
import { encodeFacetText } from '../src/modules/catalog/facet-ids.ts';
import { prefixQuery } from '../src/modules/search/search-text.ts';
import { buildFacetPostings } from '../src/modules/catalog/facet-postings.ts';
import { facetPostingsSettled } from '../src/modules/catalog/facet-postings-settled.ts';
import {
  createTestClient,
  prepareProductSearch,
  searchConfig,
  type TestClient,
} from './api-client.ts';
import { openTestDb, testSearchMatrix } from './test-db.ts';

const DAY = 86_400_000;

interface P {
  id: number;
  name: string;
  brand: number;
  category: number;
  date: string;
  sales: number;
  price: number;
  campaign?: number;
  sizes: string[];
  colour?: 1 | 2;
  text?: string;
  active?: boolean;
}

const PRODUCTS: P[] = [
  {
    id: 101,
    name: 'Monark Karin 3-vxl',
    brand: 1,
    category: 12,
    date: '2026-01-01',
    sales: 5,
    price: 6000,
    sizes: ['S', 'M'],
    colour: 1,
    text: 'En klassisk stadscykel.',
  },
  {
    id: 102,
    name: 'E-Karin 7-vxl',
    brand: 1,
    category: 11,
    date: '2026-03-01',
    sales: 20,
    price: 20000,
    campaign: 15000,
    sizes: ['M', 'L'],
    colour: 2,
  },
  {
    id: 103,
    name: 'Specialized Turbo Vado',
    brand: 2,
    category: 11,
    date: '2026-02-01',
    sales: 10,
    price: 40000,
    sizes: ['L'],
    colour: 1,
  },
  {
    id: 104,
    name: 'POC Omne Air',
    brand: 3,
    category: 21,
    date: '2025-12-01',
    sales: 50,
    price: 1500,
    campaign: 1200,
    sizes: ['S', 'M'],
    colour: 2,
    text: 'Lätt hjälm för landsväg.',
  },
  {
    id: 105,
    name: 'Crescent Elis',
    brand: 4,
    category: 12,
    date: '2026-04-01',
    sales: 0,
    price: 7000,
    sizes: ['M'],
    colour: 1,
  },
  {
    id: 106,
    name: 'Specialized Align',
    brand: 2,
    category: 21,
    date: '2025-11-01',
    sales: 3,
    price: 800,
    sizes: ['M', 'L'],
    colour: 1,
  },
  {
    id: 107,
    name: 'Monark Gammal',
    brand: 1,
    category: 12,
    date: '2020-01-01',
    sales: 1,
    price: 3000,
    sizes: ['M'],
    active: false,
  },
  // Ranking of "lyx": name (A) > brand (B) > category (C) > description (D); in one field the
  // word itself > a longer word starting with it.
  {
    id: 201,
    name: 'Lyx Cruiser',
    brand: 4,
    category: 32,
    date: '2024-01-01',
    sales: 0,
    price: 100,
    sizes: ['One size'],
  },
  {
    id: 202,
    name: 'Cruiser Comfort',
    brand: 5,
    category: 32,
    date: '2024-01-02',
    sales: 0,
    price: 100,
    sizes: ['One size'],
  },
  {
    id: 203,
    name: 'Cruiser Basic',
    brand: 4,
    category: 31,
    date: '2024-01-03',
    sales: 0,
    price: 100,
    sizes: ['One size'],
  },
  {
    id: 204,
    name: 'Cruiser Budget',
    brand: 4,
    category: 32,
    date: '2024-01-04',
    sales: 0,
    price: 100,
    sizes: ['One size'],
    text: 'Ingen lyx här.',
  },
  // "lyx" as the start of a longer word in the name: after the name holding "lyx" itself.
  {
    id: 205,
    name: 'Lyxkorg Cruiser',
    brand: 4,
    category: 32,
    date: '2024-01-05',
    sales: 0,
    price: 100,
    sizes: ['One size'],
  },
];

async function insertCatalogue(db: DbHandle['db'], now: Date) {
  await db.insert(schema.languages).values(LANGUAGES);
  await db.insert(schema.currencies).values(CURRENCIES);
  await db.insert(schema.countries).values(COUNTRIES);
  await db.insert(schema.channels).values([CHANNEL]);
  await db.insert(schema.channelLanguages).values(CHANNEL_LANGUAGES);
  await db.insert(schema.markets).values(MARKETS);
  await db.insert(schema.marketLanguages).values(MARKET_LANGUAGES);
  const category = (id: number, parentId: number | null, alias: string, name: string) => ({
    id,
    parentId,
    alias,
    name,
    sortOrder: id,
  });
  await db
    .insert(schema.categories)
    .values([
      category(1, null, 'cyklar', 'Cyklar'),
      category(11, 1, 'elcyklar', 'Elcyklar'),
      category(12, 1, 'stadscyklar', 'Stadscyklar'),
      category(2, null, 'tillbehor', 'Tillbehör'),
      category(21, 2, 'hjalmar', 'Hjälmar'),
      category(3, null, 'ovrigt', 'Övrigt'),
      category(31, 3, 'lyxcyklar', 'Lyxcyklar'),
      category(32, 3, 'diverse', 'Diverse'),
    ]);
  await db.insert(schema.brands).values([
    { id: 1, alias: 'monark', name: 'Monark' },
    { id: 2, alias: 'specialized', name: 'Specialized' },
    { id: 3, alias: 'poc', name: 'POC' },
    { id: 4, alias: 'crescent', name: 'Crescent' },
    { id: 5, alias: 'lyx-bikes', name: 'Lyx Bikes' },
  ]);
  await db.insert(schema.parameterGroups).values({ id: 1, name: 'Allmänt', sortOrder: 1 });
  await db.insert(schema.parameters).values([
    { id: 1, groupId: 1, identifier: 'Color', label: 'Färg', showFilter: true },
    { id: 2, groupId: 1, identifier: 'Warranty', label: 'Garanti', showFilter: false },
  ]);
  await db.insert(schema.parameterValues).values([
    { id: 1, parameterId: 1, value: 'Svart', sortOrder: 1 },
    { id: 2, parameterId: 1, value: 'Vit', sortOrder: 2 },
  ]);
  await db.insert(schema.priceCampaigns).values([
    {
      id: 1,
      alias: 'varrea',
      name: 'Vårrea',
      startsAt: new Date(now.getTime() - DAY),
      endsAt: new Date(now.getTime() + DAY),
    },
    {
      id: 2,
      alias: 'slutrea',
      name: 'Slutrea',
      startsAt: new Date(now.getTime() - 9 * DAY),
      endsAt: new Date(now.getTime() - 2 * DAY),
    },
  ]);
  for (const p of PRODUCTS) {
    await db.insert(schema.products).values({
      id: p.id,
      articleNumber: `A-${p.id}`,
      alias: `produkt-${p.id}`,
      name: p.name,
      brandId: p.brand,
      primaryCategoryId: p.category,
      text1: p.text ?? '',
      firstAvailableOn: p.date,
      salesCount: p.sales,
      active: p.active ?? true,
    });
    await db.insert(schema.productCategories).values({ productId: p.id, categoryId: p.category });
    await db.insert(schema.skus).values(
      p.sizes.map((name, i) => ({
        id: p.id * 10 + i,
        productId: p.id,
        articleNumber: `A-${p.id}-${i}`,
        name,
        sortOrder: i,
      })),
    );
    await db.insert(schema.productPrices).values({
      productId: p.id,
      marketId: 'SE|SEK',
      currencyCode: 'SEK',
      regularPriceIncVat: p.price * 100,
      vatRateBasisPoints: 2500,
    });
    if (p.campaign) {
      await db.insert(schema.priceCampaignPrices).values([
        {
          campaignId: 1,
          productId: p.id,
          marketId: 'SE|SEK',
          sellingPriceIncVat: p.campaign * 100,
        },
        { campaignId: 2, productId: p.id, marketId: 'SE|SEK', sellingPriceIncVat: 10 },
      ]);
    }
    await db.insert(schema.productParameters).values([
      ...(p.colour
        ? [
            {
              productId: p.id,
              parameterId: 1,
              parameterValueId: p.colour,
              value: p.colour === 1 ? 'Svart' : 'Vit',
            },
          ]
        : []),
      { productId: p.id, parameterId: 2, value: '2 år' },
    ]);
  }
}

const LIST = `query list($categoryAlias: String, $brandAlias: String, $discountCampaignAlias: String, $url: String, $skip: Int, $take: Int, $filter: FilterInputType) {
  products(categoryAlias: $categoryAlias, brandAlias: $brandAlias, discountCampaignAlias: $discountCampaignAlias, url: $url, skip: $skip, take: $take, filter: $filter, marketId: "se") {
    count
    products { productId }
    filters {
      price { lowest highest }
      facets { filterId type group label order values { _id facetId parentId label order count hidden } }
    }
  }
}`;

interface FacetJson {
  filterId: string;
  type: string;
  group: string | null;
  values: Array<{
    _id: string;
    facetId: string;
    parentId: string | null;
    label: string;
    count: number;
  }>;
}

describe.each(testSearchMatrix())('product discovery API on %s, %s search', (kind, search) => {
  let handle: DbHandle;
  let client: TestClient;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await insertCatalogue(handle.db, new Date());
    await prepareProductSearch(search, handle.db);
    client = createTestClient(handle, searchConfig(search));
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function list(variables: Record<string, unknown>) {
    const { data, errors } = await client.query(LIST, variables);
    expect(errors).toBeUndefined();
    const result = data!.products as {
      count: number;
      products: Array<{ productId: number }>;
      filters: { price: { lowest: number; highest: number } | null; facets: FacetJson[] };
    };
    const facet = (type: string) => result.filters.facets.find((f) => f.type === type);
    const counts = (type: string) =>
      Object.fromEntries(
        (facet(type)?.values ?? []).map((v) => [v.label.replace(/\u00a0/g, ' '), v.count]),
      );
    return { ...result, ids: result.products.map((p) => p.productId), facet, counts };
  }
  const ids = async (variables: Record<string, unknown>) => (await list(variables)).ids;
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const size = (name: string) => `s_${encodeFacetText(name)}`;

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
      const { data } = await client.query(
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
      const rows = createTestClient(handle, searchConfig('rows'));
      await run(rows, [], 'warm-up');
      const fewRows = await run(rows, []);
      const manyRows = await run(rows, ['b_1', 'b_2', size('M'), 'p_1_1', 'pr_0_500', 'd_21_30']);
      expect(manyRows.counter.count).toBe(fewRows.counter.count);
      // …and from the facet postings.
      const postings = createTestClient(handle, searchConfig('postings'));
      await run(postings, [], 'warm-up');
      await facetPostingsSettled(handle.db);
      await buildFacetPostings(handle.db);
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
      const plain = await client.query(COUNT_ONLY, variables);
      expect(plain.errors).toBeUndefined();
      const page = plain.data!.products as { count: number; products: unknown[] };
      expect(page.count).toBe(page.products.length);
      expect((await list({ ...variables, take: 0 })).count).toBe(page.count);
      const fragment = await client.query(FILTERS_IN_FRAGMENT, variables);
      expect(fragment.errors).toBeUndefined();
      expect((fragment.data!.products as { count: number }).count).toBe(page.count);
    });
    it('count and filters together cost one list statement, not two', async () => {
      // Variables not asked for before in this file: the list cache has nothing for them.
      // Counted from rows (postings off) and from the facet postings of the version.
      const listStatements = (texts: string[]) => texts.filter((t) => /count\(\*\)/.test(t)).length;
      const byRows = createTestClient(handle, searchConfig('rows'));
      const rowVariables = { categoryAlias: 'elcyklar', filter: { facets: ['b_2'] } };
      const rows = await countStatements(() => byRows.query(FILTERS_IN_FRAGMENT, rowVariables));
      expect(listStatements(rows.counter.statements)).toBe(1);
      expect(rows.counter.statements.some((t) => t.includes('with priced as'))).toBe(true);
      const byPostings = createTestClient(handle, searchConfig('postings'));
      await facetPostingsSettled(handle.db);
      await buildFacetPostings(handle.db);
      const variables = { categoryAlias: 'elcyklar', filter: { facets: ['b_1'] } };
      const postings = await countStatements(() =>
        byPostings.query(FILTERS_IN_FRAGMENT, variables),
      );
      expect(listStatements(postings.counter.statements)).toBe(1);
      expect(postings.counter.statements.some((t) => t.includes('with post as'))).toBe(true);
    });
  });

  describe('sorting and paging', () => {
    const scope = { categoryAlias: 'cyklar' };
    it.each([
      ['LATEST', [105, 102, 103, 101]],
      ['PRICE', [101, 105, 102, 103]],
      ['PRICE_DESC', [103, 102, 105, 101]],
      ['ALPHABETICAL', [105, 102, 101, 103]],
      ['ALPHABETICAL_DESC', [103, 101, 102, 105]],
      ['MOST_SOLD', [102, 103, 101, 105]],
      ['CUSTOM_1', [102, 105, 103, 101]],
    ])('%s', async (sort, expected) => {
      expect(await ids({ ...scope, filter: { sort } })).toEqual(expected);
    });
    it('skip and take page through the same order', async () => {
      expect(await ids({ ...scope, skip: 1, take: 2, filter: { sort: 'PRICE' } })).toEqual([
        105, 102,
      ]);
      const { count } = await list({ ...scope, skip: 3, take: 5 });
      expect(count).toBe(4);
    });
  });

  describe('search', () => {
    it('Swedish stemming: "hjälmar" finds helmets (category and text), "cyklar" the bikes', async () => {
      expect(sorted(await ids({ filter: { searchText: 'hjälmar' } }))).toEqual([104, 106]);
      expect(sorted(await ids({ filter: { searchText: 'hjälm' } }))).toEqual([104, 106]);
      expect(sorted(await ids({ filter: { searchText: 'cyklar' } }))).toEqual([101, 102, 103, 105]);
    });
    it('"cykel" finds the bikes of "Cyklar" and "cyklar" finds "cykel" (Swedish drops the e: cykel – cyklar)', async () => {
      expect(sorted(await ids({ filter: { searchText: 'cykel' } }))).toEqual([101, 102, 103, 105]);
      const matches = async (text: string, word: string) => {
        const { rows } = (await handle.db.execute(
          sql`select search_fold(to_tsvector('swedish', ${text})) @@ ${prefixQuery(word)} as ok`,
        )) as unknown as { rows: Array<{ ok: boolean }> };
        return rows[0]!.ok;
      };
      for (const [text, word] of [
        ['En trygg cykel', 'cyklar'],
        ['Cyklar för stan', 'cykel'],
        ['Sadlar', 'sadel'],
        ['Ny sadel', 'sadlar'],
        ['Växlar och kedjor', 'växel'],
        ['Filtret', 'filter'],
        ['Elcyklar', 'elcykel'],
        ['Monark', 'mon'],
      ] as const) {
        expect(await matches(text, word), `${word} in "${text}"`).toBe(true);
      }
      // Only after a consonant, only l and r, and only as a prefix of the same word.
      for (const [text, word] of [
        ['Baren', 'barn'],
        ['Pedalen', 'pedl'],
        ['Hjälm', 'cykel'],
      ] as const) {
        expect(await matches(text, word), `${word} in "${text}"`).toBe(false);
      }
    });
    it('folds å, ä, ö, é and ü: "hjalm" finds and ranks what "hjälm" finds; suggestions too (issue 14)', async () => {
      for (const [plain, accented] of [
        ['hjalm', 'hjälm'],
        ['hjalmar', 'hjälmar'],
        ['latt hjalm', 'lätt hjälm'],
        ['POC HJALM', 'poc hjälm'],
      ] as const) {
        const expected = await ids({ filter: { searchText: accented } });
        expect(expected.length, accented).toBeGreaterThan(0);
        expect(await ids({ filter: { searchText: plain } }), plain).toEqual(expected);
      }
      // Accents typed where the text has none, and é/ü folded like å/ä/ö.
      for (const [typed, plain] of [
        ['mönark', 'monark'],
        ['crëscént', 'crescent'],
        ['spëcialïzed', 'specialized'],
      ] as const) {
        const expected = await ids({ filter: { searchText: plain } });
        expect(expected.length, plain).toBeGreaterThan(0);
        expect(await ids({ filter: { searchText: typed } }), typed).toEqual(expected);
      }
      const q = `query s($prefix: String!) { searchSuggestions(prefix: $prefix) { categories { alias } brands { alias } } }`;
      const hja = await client.query(q, { prefix: 'hja' });
      expect(hja.data!.searchSuggestions.categories).toEqual([{ alias: 'hjalmar' }]);
      const hjalmar = await client.query(q, { prefix: 'hjalmar' });
      expect(hjalmar.data!.searchSuggestions.categories).toEqual([{ alias: 'hjalmar' }]);
    });
    it('typos: "specialised" finds Specialized, "monrk" finds Monark', async () => {
      expect(sorted(await ids({ filter: { searchText: 'specialised' } }))).toEqual([103, 106]);
      expect(sorted(await ids({ filter: { searchText: 'monrk' } }))).toEqual([101, 102]);
    });
    it('ranks name > brand > category > description (RELEVANCE is the default with searchText)', async () => {
      expect(await ids({ filter: { searchText: 'lyx' } })).toEqual([201, 205, 202, 203, 204]);
    });
    it('skip and take page through the RELEVANCE order (pages of 1, 2 and 3, past the end)', async () => {
      for (const searchText of ['lyx', 'cyklar', 'monrk', 'karin']) {
        const all = await ids({ filter: { searchText } });
        expect(all.length).toBeGreaterThan(1);
        for (const take of [1, 2, 3]) {
          const pages: number[] = [];
          for (let skip = 0; skip < all.length; skip += take) {
            pages.push(...(await ids({ skip, take, filter: { searchText } })));
          }
          expect(pages).toEqual(all);
        }
        expect(await ids({ skip: all.length, take: 2, filter: { searchText } })).toEqual([]);
      }
    });
    it('every word must match somewhere; search combines with scope and facets', async () => {
      expect(await ids({ filter: { searchText: 'monark karin' } })).toEqual(
        expect.arrayContaining([101, 102]),
      );
      expect(await ids({ filter: { searchText: 'poc hjälm' } })).toEqual([104]);
      expect(await ids({ categoryAlias: 'elcyklar', filter: { searchText: 'karin' } })).toEqual([
        102,
      ]);
    });
    it('SQL and HTML in the search text are just words', async () => {
      expect(await ids({ filter: { searchText: "'; drop table products; --" } })).toEqual([]);
      expect(await ids({ filter: { searchText: '<script>alert(1)</script>' } })).toEqual([]);
      expect(await ids({ filter: { searchText: '!!! ???' } })).toHaveLength(11);
    });
    it('suggestions: categories and brands for a prefix, with typos', async () => {
      const q = `query s($prefix: String!) { searchSuggestions(prefix: $prefix) { categories { alias } brands { alias } } }`;
      const hj = await client.query(q, { prefix: 'hjä' });
      expect(hj.data!.searchSuggestions.categories).toEqual([{ alias: 'hjalmar' }]);
      const monrk = await client.query(q, { prefix: 'monrk' });
      expect(monrk.data!.searchSuggestions.brands).toEqual([{ alias: 'monark' }]);
      const empty = await client.query(q, { prefix: '  ' });
      expect(empty.data!.searchSuggestions).toEqual({ categories: [], brands: [] });
    });
    it('popular searches count recorded searches with hits, most searched first', async () => {
      const record = `mutation r($term: String!, $hits: Int!) { recordSearch(term: $term, hits: $hits) }`;
      expect((await client.query(record, { term: '  Hjälm  ', hits: 2 })).data!.recordSearch).toBe(
        'hjälm',
      );
      await client.query(record, { term: 'hjälm', hits: 2 });
      await client.query(record, { term: 'monark', hits: 2 });
      await client.query(record, { term: 'zzzz', hits: 0 });
      expect((await client.query(record, { term: '<>', hits: 1 })).data!.recordSearch).toBeNull();
      const { data } = await client.query(`{ popularSearches(take: 5) { term count } }`);
      expect(data!.popularSearches).toEqual([
        { term: 'hjälm', count: 2 },
        { term: 'monark', count: 1 },
      ]);
    });
  });

  describe('bad input is a typed BAD_USER_INPUT error', () => {
    it.each([
      ['a reversed price range', { filter: { price: { lowest: 500, highest: 100 } } }],
      ['a negative price', { filter: { price: { lowest: -1 } } }],
      ['a 10 000-character search text', { filter: { searchText: 'a'.repeat(10_000) } }],
      ['a negative skip', { skip: -1 }],
      ['a huge skip', { skip: 1_000_000 }],
      ['too many facets', { filter: { facets: Array.from({ length: 201 }, (_, i) => `b_${i}`) } }],
    ])('%s', async (_name, variables) => {
      const { errors } = await client.query(LIST, variables);
      expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });
  });
});
