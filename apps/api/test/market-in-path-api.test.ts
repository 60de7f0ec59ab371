/**
 * Market-in-path page paths (issue 25; GEINS-API §0 item 7): with MARKET_IN_PATH every page path
 * the API returns (products, categories, brands, campaigns, list pages, breadcrumbs, search
 * suggestions) starts with `/{market}/{language}` of the root field's ctx arguments, so that a
 * client such as ralph can use it verbatim as its route; without it the paths are unchanged.
 * Image file names are never prefixed. On every database kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const NOW = new Date('2026-11-21T10:00:00Z');

const PRODUCT = `query($alias: String, $m: String, $l: String) {
  product(alias: $alias, marketId: $m, languageId: $l) {
    alias canonicalUrl
    breadcrumbs { url }
    primaryCategory { canonicalUrl }
    categories { canonicalUrl }
    brand { canonicalUrl }
    discountCampaigns { canonicalUrl }
    productImages { fileName }
    variantGroup { variants { level canonicalUrl } }
  }
}`;

function pathMode(on: boolean) {
  const base = testConfig();
  return testConfig({ routing: { ...base.routing, marketInPath: on } });
}

describe.each(testDatabaseKinds())('market-in-path page paths on %s', (kind) => {
  let handle: DbHandle;
  let inPath: TestClient;
  let bare: TestClient;
  let alias: string;
  let campaignAlias: string | null;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 60, now: NOW });
    inPath = createTestClient(handle, pathMode(true));
    bare = createTestClient(handle, pathMode(false));
    const { data } = await bare.query(
      `{ products(take: 60) { products { alias discountCampaigns { canonicalUrl } } } }`,
    );
    const products = data!.products.products as Array<{
      alias: string;
      discountCampaigns: Array<{ canonicalUrl: string }>;
    }>;
    const discounted = products.find((p) => p.discountCampaigns.length > 0);
    alias = (discounted ?? products[0]!).alias;
    campaignAlias = discounted?.discountCampaigns[0]!.canonicalUrl.replace('/dc/', '') ?? null;
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('product(alias, marketId "se", languageId "sv-SE") has /se/sv/ before every page path', async () => {
    const { data, errors } = await inPath.query(PRODUCT, { alias, m: 'se', l: 'sv-SE' });
    expect(errors).toBeUndefined();
    const product = data!.product;
    expect(product.canonicalUrl).toMatch(new RegExp(`^/se/sv/p/.+/${alias}$`));
    expect(product.breadcrumbs.length).toBeGreaterThan(0);
    for (const crumb of product.breadcrumbs) expect(crumb.url).toMatch(/^\/se\/sv\/c\/[^/]/);
    expect(product.primaryCategory.canonicalUrl).toMatch(/^\/se\/sv\/c\//);
    for (const c of product.categories) expect(c.canonicalUrl).toMatch(/^\/se\/sv\/c\//);
    expect(product.brand.canonicalUrl).toMatch(/^\/se\/sv\/b\//);
    if (campaignAlias) {
      expect(product.discountCampaigns[0].canonicalUrl).toBe(`/se/sv/dc/${campaignAlias}`);
    }
    // The colour level of the variant tree leads to product pages.
    const colours = product.variantGroup.variants as Array<{ level: number; canonicalUrl: string }>;
    expect(colours.filter((c) => c.level === 1).length).toBeGreaterThan(0);
    for (const v of colours.filter((c) => c.level === 1)) {
      expect(v.canonicalUrl).toMatch(/^\/se\/sv\/p\//);
    }
    // Images stay bare file names.
    for (const image of product.productImages) expect(image.fileName).not.toMatch(/^\//);
  });

  it('follows the market and language of the request: /no/nb, and the short code "sv"', async () => {
    const no = await inPath.query(PRODUCT, { alias, m: 'no', l: 'nb-NO' });
    expect(no.data!.product.canonicalUrl).toMatch(/^\/no\/nb\/p\//);
    expect(no.data!.product.breadcrumbs[0].url).toMatch(/^\/no\/nb\/c\//);
    const short = await inPath.query(PRODUCT, { alias, m: 'se', l: 'sv' });
    expect(short.data!.product.canonicalUrl).toMatch(/^\/se\/sv\/p\//);
    // Without ctx arguments: the default market and its default language.
    const defaults = await inPath.query(PRODUCT, { alias });
    expect(defaults.data!.product.canonicalUrl).toMatch(/^\/se\/sv\/p\//);
  });

  it('each root field uses its own ctx arguments, also through aliases and fragments', async () => {
    const { data, errors } = await inPath.query(
      `query($alias: String) {
        se: product(alias: $alias, marketId: "se", languageId: "sv-SE") { canonicalUrl }
        ...More
      }
      fragment More on GeinsMerchantApiQuery {
        fi: product(alias: $alias, marketId: "fi", languageId: "fi-FI") {
          canonicalUrl brand { canonicalUrl }
        }
      }`,
      { alias },
    );
    expect(errors).toBeUndefined();
    expect(data!.se.canonicalUrl).toMatch(/^\/se\/sv\/p\//);
    expect(data!.fi.canonicalUrl).toMatch(/^\/fi\/fi\/p\//);
    expect(data!.fi.brand.canonicalUrl).toMatch(/^\/fi\/fi\/b\//);
  });

  it('categories, brands, list pages and search suggestions carry the prefix too', async () => {
    const { data, errors } = await inPath.query(`{
      categories(marketId: "se", languageId: "sv-SE") { alias canonicalUrl }
      brands(marketId: "se", languageId: "sv-SE") { canonicalUrl }
      cyklar: listPageInfo(url: "/se/sv/c/cyklar", marketId: "se", languageId: "sv-SE") {
        id canonicalUrl subCategories { canonicalUrl }
      }
      nyheter: listPageInfo(url: "/l/nyheter", marketId: "se", languageId: "sv-SE") { canonicalUrl }
      searchSuggestions(prefix: "cyk", marketId: "se", languageId: "sv-SE") {
        categories { canonicalUrl }
      }
    }`);
    expect(errors).toBeUndefined();
    const cyklar = data!.categories.find((c: { alias: string }) => c.alias === 'cyklar');
    expect(cyklar.canonicalUrl).toBe('/se/sv/c/cyklar');
    for (const b of data!.brands) expect(b.canonicalUrl).toMatch(/^\/se\/sv\/b\//);
    expect(data!.cyklar.id).toBeGreaterThan(0);
    expect(data!.cyklar.canonicalUrl).toBe('/se/sv/c/cyklar');
    for (const c of data!.cyklar.subCategories) {
      expect(c.canonicalUrl).toMatch(/^\/se\/sv\/c\/cyklar\//);
    }
    expect(data!.nyheter.canonicalUrl).toBe('/se/sv/l/nyheter');
    expect(data!.searchSuggestions.categories.length).toBeGreaterThan(0);
    for (const c of data!.searchSuggestions.categories) {
      expect(c.canonicalUrl).toMatch(/^\/se\/sv\/c\//);
    }
  });

  it('without MARKET_IN_PATH the paths are unchanged', async () => {
    const { data } = await bare.query(PRODUCT, { alias, m: 'se', l: 'sv-SE' });
    expect(data!.product.canonicalUrl).toMatch(new RegExp(`^/p/.+/${alias}$`));
    expect(data!.product.breadcrumbs[0].url).toMatch(/^\/c\//);
    expect(data!.product.brand.canonicalUrl).toMatch(/^\/b\//);
    const list = await bare.query(`{ listPageInfo(url: "/c/cyklar") { canonicalUrl } }`);
    expect(list.data!.listPageInfo.canonicalUrl).toBe('/c/cyklar');
  });
});
