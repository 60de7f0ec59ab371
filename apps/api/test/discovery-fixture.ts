/**
 * The small fixed catalogue of the product discovery tests (discovery-*-api.test.ts) and their
 * setup: the catalogue inserted on a fresh database of `kind`, the product search `search`
 * prepared, a client and the list helpers.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { type DbHandle } from '../src/db/client.ts';
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
import {
  createTestClient,
  prepareProductSearch,
  searchConfig,
  type TestClient,
} from './api-client.ts';
import type { ProductSearchName } from '../src/modules/search/product-search.ts';
import { openTestDb } from './test-db.ts';

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

export const LIST = `query list($categoryAlias: String, $brandAlias: String, $discountCampaignAlias: String, $url: String, $skip: Int, $take: Int, $filter: FilterInputType) {
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

/** Registers the hooks of a discovery suite (fresh database, catalogue, search) and its helpers. */
export function useDiscoveryApi(kind: 'pglite' | 'postgres', search: ProductSearchName) {
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
  return {
    get handle() {
      return handle;
    },
    get client() {
      return client;
    },
    list,
    ids,
    sorted,
    size,
  };
}
