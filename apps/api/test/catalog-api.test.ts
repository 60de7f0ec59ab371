/**
 * API integration tests of the catalogue queries (GEINS-API §3.1, §4, §5; SPEC §3), on the seed
 * catalogue plus a few known rows (catalog-fixture.ts), on every database kind.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { productCategories, products } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { addCatalogFixture, FIXTURE } from './catalog-fixture.ts';
import {
  createTestClient,
  prepareProductSearch,
  searchConfig,
  type TestClient,
} from './api-client.ts';
import { openTestDb, testSearchMatrix } from './test-db.ts';

/** Intl puts U+00A0 between groups and before "kr"; compare with plain spaces. */
const plain = (text: unknown) => String(text).replace(/\u00a0/g, ' ');

const PRICE_FIELDS = `
  sellingPriceIncVat sellingPriceExVat regularPriceIncVat regularPriceExVat
  discountIncVat discountExVat discountPercentage vat isDiscounted
  sellingPriceIncVatFormatted sellingPriceExVatFormatted regularPriceIncVatFormatted
  regularPriceExVatFormatted discountIncVatFormatted vatFormatted currency { code symbol }`;

const PRODUCT_QUERY = `
  query product($alias: String, $productId: Int, $marketId: String, $languageId: String, $channelId: String) {
    product(alias: $alias, productId: $productId, marketId: $marketId, languageId: $languageId, channelId: $channelId) {
      productId name alias articleNumber canonicalUrl categoryId firstAvailableOn type supplierId weight
      texts { text1 text2 text3 }
      brand { brandId name alias canonicalUrl }
      primaryCategory { categoryId alias canonicalUrl }
      categories { categoryId alias }
      productImages { fileName tags }
      skus { skuId productId articleNumber name gtin weight stock { totalStock inStock oversellable static incoming } }
      totalStock { totalStock inStock oversellable static incoming }
      unitPrice { ${PRICE_FIELDS} }
      discountType
      discountCampaigns { campaignId name canonicalUrl }
      parameterGroups { parameterGroupId productId name parameters { parameterId parameterGroupId name label value parameterValueId show showFilter identifier order facetId } }
      breadcrumbs { categoryId parentCategoryId name url }
      meta { title description }
    }
  }`;

describe.each(testSearchMatrix())('catalogue API on %s, %s search', (kind, search) => {
  let handle: DbHandle;
  let client: TestClient;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 120 });
    await addCatalogFixture(handle.db);
    await prepareProductSearch(search, handle.db);
    client = createTestClient(handle, searchConfig(search));
  });

  afterAll(async () => {
    await handle?.close();
  });

  describe('channel and context', () => {
    it('returns channel 1|se with its default market and market details', async () => {
      const { data, errors } = await client.query(`{
        channel(channelId: "1|se") {
          id name defaultMarketId defaultLanguageId languages { id code }
          markets { id alias defaultLanguageId groupKey virtual onlyDisplayInCheckout
            currency { code name symbol rate } country { code name } allowedLanguages { id name code } }
        }
      }`);
      expect(errors).toBeUndefined();
      const channel = data!.channel;
      expect(channel.id).toBe('1|se');
      expect(channel.defaultMarketId).toBe('SE|SEK');
      expect(channel.defaultLanguageId).toBe('sv-SE');
      const se = channel.markets.find((m: { id: string }) => m.id === 'SE|SEK');
      expect(se).toMatchObject({
        alias: 'se',
        defaultLanguageId: 'sv-SE',
        virtual: false,
        currency: { code: 'SEK', symbol: 'kr', rate: 1 },
        country: { code: 'SE', name: 'Sverige' },
      });
      expect(se.allowedLanguages).toContainEqual({ id: 'sv-SE', name: 'Svenska', code: 'sv' });
    });

    it('falls back to the default channel for an unknown or missing channelId', async () => {
      const { data } = await client.query(
        `{ a: channel(channelId: "99|xx") { id } b: channel { id } channels { id } }`,
      );
      expect(data).toEqual({ a: { id: '1|se' }, b: { id: '1|se' }, channels: [{ id: '1|se' }] });
    });

    it('gives the same prices for marketId "se", "SE|SEK", none, and an unknown market (logged)', async () => {
      const query = `query($m: String) { product(alias: "${FIXTURE.campaignProduct.alias}", marketId: $m) { unitPrice { sellingPriceIncVatFormatted regularPriceIncVat } } }`;
      const results = await Promise.all(
        ['se', 'SE|SEK', undefined, 'se|sek'].map((m) => client.query(query, { m })),
      );
      for (const result of results) {
        expect(result.errors).toBeUndefined();
        expect(result.data).toEqual(results[0]!.data);
      }
      client.logged.length = 0;
      const unknown = await client.query(query, { m: 'no-such-market' });
      expect(unknown.data).toEqual(results[0]!.data);
      expect(client.logged.some((line) => line.includes('no-such-market'))).toBe(true);
    });

    it('accepts languageId "sv-SE" and "sv" alike', async () => {
      const query = `query($l: String) { product(alias: "${FIXTURE.campaignProduct.alias}", languageId: $l) { name unitPrice { sellingPriceIncVatFormatted } } }`;
      const long = await client.query(query, { l: 'sv-SE' });
      const short = await client.query(query, { l: 'sv' });
      expect(long.errors).toBeUndefined();
      expect(short.data).toEqual(long.data);
    });

    it('ignores extra, undeclared variables (GEINS-API §0.3)', async () => {
      const { data, errors } = await client.query(`query brands { brands { brandId } }`, {
        channelId: '1|se',
        marketId: 'se',
        languageId: 'sv-SE',
        checkoutMarket: 'se',
        somethingElse: { nested: true },
      });
      expect(errors).toBeUndefined();
      expect(data!.brands.length).toBeGreaterThan(0);
    });

    it('fails with "Currency not found for this market" for a market without currency', async () => {
      const { data, errors } = await client.query(
        `{ product(alias: "${FIXTURE.campaignProduct.alias}", marketId: "xx") { productId } }`,
      );
      expect(data?.product ?? null).toBeNull();
      expect(errors?.[0]).toMatchObject({
        message: 'Currency not found for this market',
        extensions: { code: 'CURRENCY_NOT_FOUND' },
      });
      expect(JSON.stringify(errors)).not.toMatch(/stack|\.ts:/);
    });
  });

  describe('categories and brands', () => {
    it('lists the category tree flat, parents first, with /c/ canonical URLs', async () => {
      const { data, errors } = await client.query(
        `{ categories { categoryId parentCategoryId order alias name canonicalUrl isHidden } }`,
      );
      expect(errors).toBeUndefined();
      const list = data!.categories as Array<{
        categoryId: number;
        parentCategoryId: number;
        alias: string;
        canonicalUrl: string;
      }>;
      const byId = new Map(list.map((c) => [c.categoryId, c]));
      const cyklar = list.find((c) => c.alias === 'cyklar')!;
      const elcyklar = list.find((c) => c.alias === 'elcyklar')!;
      expect(cyklar).toMatchObject({ parentCategoryId: 0, canonicalUrl: '/c/cyklar' });
      expect(elcyklar).toMatchObject({
        parentCategoryId: cyklar.categoryId,
        canonicalUrl: '/c/cyklar/elcyklar',
      });
      list.forEach((c, index) => {
        if (c.parentCategoryId === 0) return;
        const parent = byId.get(c.parentCategoryId)!;
        expect(list.indexOf(parent)).toBeLessThan(index);
        expect(c.canonicalUrl).toBe(`${parent.canonicalUrl}/${c.alias}`);
      });
    });

    it('filters by parentCategoryId (0 = roots)', async () => {
      const { data } = await client.query(
        `{ roots: categories(parentCategoryId: 0) { parentCategoryId alias } bikes: categories(parentCategoryId: 1) { parentCategoryId } }`,
      );
      expect(data!.roots.length).toBeGreaterThan(1);
      expect(data!.roots.every((c: { parentCategoryId: number }) => c.parentCategoryId === 0)).toBe(
        true,
      );
      expect(data!.roots.map((c: { alias: string }) => c.alias)).toContain('cyklar');
      expect(data!.bikes.length).toBeGreaterThan(0);
      expect(data!.bikes.every((c: { parentCategoryId: number }) => c.parentCategoryId === 1)).toBe(
        true,
      );
    });

    it('lists brands by name with /b/ canonical URLs', async () => {
      const { data, errors } = await client.query(
        `{ brands { brandId alias name canonicalUrl description } }`,
      );
      expect(errors).toBeUndefined();
      const list = data!.brands as Array<{ alias: string; name: string; canonicalUrl: string }>;
      expect(list.length).toBeGreaterThan(5);
      for (const brand of list) expect(brand.canonicalUrl).toBe(`/b/${brand.alias}`);
      expect(list.map((b) => b.alias)).toContain('trek');
    });
  });

  describe('product', () => {
    it('returns a product by alias with prices formatted "x kr", stock, SKUs and parameters', async () => {
      const { data, errors } = await client.query(PRODUCT_QUERY, {
        alias: FIXTURE.campaignProduct.alias,
      });
      expect(errors).toBeUndefined();
      const p = data!.product;
      expect(p).toMatchObject({
        productId: FIXTURE.campaignProduct.id,
        alias: FIXTURE.campaignProduct.alias,
        articleNumber: FIXTURE.campaignProduct.articleNumber,
        canonicalUrl: `/p/cyklar/elcyklar/${FIXTURE.campaignProduct.alias}`,
        categoryId: 11,
        firstAvailableOn: '2001-01-01',
        type: 'product',
        supplierId: 0,
        weight: 21000,
        texts: { text1: 'En cykel för tester.', text2: 'Kort text.', text3: null },
        primaryCategory: { categoryId: 11, alias: 'elcyklar', canonicalUrl: '/c/cyklar/elcyklar' },
        discountType: 'PRICE_CAMPAIGN',
        discountCampaigns: [{ campaignId: '901', name: 'Testrea', canonicalUrl: '/dc/testrea' }],
        breadcrumbs: [
          { categoryId: 1, parentCategoryId: 0, name: 'Cyklar', url: '/c/cyklar' },
          { categoryId: 11, parentCategoryId: 1, name: 'Elcyklar', url: '/c/cyklar/elcyklar' },
        ],
        meta: { title: 'Testcykel Kampanj', description: 'Kort text.' },
      });
      expect(p.categories.map((c: { alias: string }) => c.alias)).toEqual(['elcyklar', 'cyklar']);
      expect(p.skus).toEqual([
        {
          skuId: 9_900_011,
          productId: FIXTURE.campaignProduct.id,
          articleNumber: 'TEST-990001-M',
          name: 'M',
          gtin: null,
          weight: 21000,
          stock: { totalStock: 5, inStock: 3, oversellable: 2, static: 0, incoming: null },
        },
        {
          skuId: 9_900_012,
          productId: FIXTURE.campaignProduct.id,
          articleNumber: 'TEST-990001-L',
          name: 'L',
          gtin: null,
          weight: 21500,
          stock: { totalStock: 4, inStock: 0, oversellable: 0, static: 4, incoming: '2030-05-01' },
        },
      ]);
      expect(p.totalStock).toEqual({
        totalStock: 9,
        inStock: 3,
        oversellable: 2,
        static: 4,
        incoming: '2030-05-01',
      });
    });

    it('applies the active campaign: isDiscounted, discountPercentage, regular > selling', async () => {
      const { data } = await client.query(PRODUCT_QUERY, { alias: FIXTURE.campaignProduct.alias });
      const price = data!.product.unitPrice;
      expect(price).toMatchObject({
        sellingPriceIncVat: 9999,
        sellingPriceExVat: 7999.2,
        regularPriceIncVat: 12999,
        regularPriceExVat: 10399.2,
        discountIncVat: 3000,
        discountExVat: 2400,
        discountPercentage: 23,
        vat: 1999.8,
        isDiscounted: true,
        currency: { code: 'SEK', symbol: 'kr' },
      });
      expect(price.regularPriceIncVat).toBeGreaterThan(price.sellingPriceIncVat);
      expect(plain(price.sellingPriceIncVatFormatted)).toBe('9 999 kr');
      expect(plain(price.regularPriceIncVatFormatted)).toBe('12 999 kr');
      expect(plain(price.sellingPriceExVatFormatted)).toBe('7 999,20 kr');
      expect(plain(price.discountIncVatFormatted)).toBe('3 000 kr');
      expect(plain(price.vatFormatted)).toBe('1 999,80 kr');
    });

    it('returns the same product by productId, which wins over alias', async () => {
      const byId = await client.query(PRODUCT_QUERY, {
        productId: FIXTURE.campaignProduct.id,
        alias: FIXTURE.oreProduct.alias,
      });
      const byAlias = await client.query(PRODUCT_QUERY, { alias: FIXTURE.campaignProduct.alias });
      expect(byId.errors).toBeUndefined();
      expect(byId.data).toEqual(byAlias.data);
    });

    it('formats öre with two decimals and an undiscounted price as NONE', async () => {
      const { data } = await client.query(PRODUCT_QUERY, { alias: FIXTURE.oreProduct.alias });
      const p = data!.product;
      expect(p.discountType).toBe('NONE');
      expect(p.discountCampaigns).toEqual([]);
      expect(p.unitPrice).toMatchObject({
        sellingPriceIncVat: 1234.5,
        regularPriceIncVat: 1234.5,
        discountIncVat: 0,
        discountPercentage: 0,
        isDiscounted: false,
      });
      expect(plain(p.unitPrice.sellingPriceIncVatFormatted)).toBe('1 234,50 kr');
      expect(plain(p.unitPrice.discountIncVatFormatted)).toBe('0 kr');
      expect(p.canonicalUrl).toBe(`/p/tillbehor/pumpar/${FIXTURE.oreProduct.alias}`);
    });

    it('returns a seeded product with brand, images, SKUs with stock and the Color parameter', async () => {
      const [row] = await handle.db.select().from(products).orderBy(products.id).limit(1);
      const { data, errors } = await client.query(PRODUCT_QUERY, { alias: row!.alias });
      expect(errors).toBeUndefined();
      const p = data!.product;
      expect(p.productId).toBe(row!.id);
      expect(p.brand.name).toBeTruthy();
      expect(p.productImages.length).toBeGreaterThan(0);
      expect(p.skus.length).toBeGreaterThan(0);
      for (const sku of p.skus) {
        expect(sku.stock.totalStock).toBe(
          sku.stock.inStock + sku.stock.oversellable + sku.stock.static,
        );
      }
      expect(plain(p.unitPrice.sellingPriceIncVatFormatted)).toMatch(/^\d{1,3}( \d{3})* kr$/);
      const general = p.parameterGroups.find(
        (g: { parameterGroupId: number }) => g.parameterGroupId === 1,
      );
      expect(general.name).toBe('Allmänt');
      expect(general.parameters).toContainEqual(
        expect.objectContaining({
          name: 'Color',
          identifier: 'Color',
          label: 'Färg',
          parameterGroupId: 1,
        }),
      );
    });

    it('returns null for an unknown alias or id, and for no arguments', async () => {
      const { data, errors } = await client.query(`{
        a: product(alias: "finns-inte") { productId }
        b: product(productId: 123456789) { productId }
        c: product { productId }
      }`);
      expect(errors).toBeUndefined();
      expect(data).toEqual({ a: null, b: null, c: null });
    });

    it('lists related products with relationType', async () => {
      const { data, errors } = await client.query(`{ products(take: 200) { products { alias } } }`);
      expect(errors).toBeUndefined();
      let found = false;
      for (const { alias } of data!.products.products.slice(0, 40)) {
        const related = await client.query(
          `query($alias: String!) { relatedProducts(alias: $alias) { alias name canonicalUrl relationType relation primaryImage brand { name } unitPrice { sellingPriceIncVatFormatted } } }`,
          { alias },
        );
        expect(related.errors).toBeUndefined();
        if (related.data!.relatedProducts.length > 0) {
          const first = related.data!.relatedProducts[0];
          expect(first.canonicalUrl).toMatch(/^\/p\//);
          expect(['ACCESSORIES', 'RELATED', 'SIMILAR']).toContain(first.relationType);
          expect(first.relation).toBe(first.relationType);
          found = true;
          break;
        }
      }
      expect(found).toBe(true);
      const none = await client.query(`{ relatedProducts(alias: "finns-inte") { alias } }`);
      expect(none.data).toEqual({ relatedProducts: [] });
    });
  });

  describe('products', () => {
    const LIST = `query list($skip: Int, $take: Int, $categoryAlias: String, $brandAlias: String, $discountCampaignAlias: String, $url: String, $filter: FilterInputType) {
      products(skip: $skip, take: $take, categoryAlias: $categoryAlias, brandAlias: $brandAlias, discountCampaignAlias: $discountCampaignAlias, url: $url, filter: $filter) {
        count filters { price { lowest } }
        products { productId alias firstAvailableOn brand { alias } categories { alias } unitPrice { sellingPriceIncVat isDiscounted } }
      }
    }`;

    async function countInCategoryTree(rootId: number): Promise<number> {
      const rows = await handle.db
        .selectDistinct({ id: productCategories.productId })
        .from(productCategories)
        .innerJoin(products, eq(products.id, productCategories.productId))
        .where(
          and(
            inArray(
              productCategories.categoryId,
              sql`(select id from categories where id = ${rootId} or parent_id = ${rootId})`,
            ),
            eq(products.active, true),
          ),
        );
      return rows.length;
    }

    it('lists the whole catalogue without a scope, newest first', async () => {
      const [{ total }] = (await handle.db
        .select({ total: sql<number>`count(*)::int` })
        .from(products)
        .where(eq(products.active, true))) as [{ total: number }];
      const { data, errors } = await client.query(LIST, { take: 50 });
      expect(errors).toBeUndefined();
      expect(data!.products.count).toBe(total);
      expect(data!.products.filters.price.lowest).toBeGreaterThan(0);
      const dates = data!.products.products.map(
        (p: { firstAvailableOn: string }) => p.firstAvailableOn,
      );
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it('scopes by categoryAlias including subcategories, with count and paging', async () => {
      const expected = await countInCategoryTree(1);
      const all = await client.query(LIST, { categoryAlias: 'cyklar', take: 200 });
      expect(all.errors).toBeUndefined();
      expect(all.data!.products.count).toBe(expected);
      expect(all.data!.products.products).toHaveLength(expected);
      for (const p of all.data!.products.products) {
        expect(p.categories.map((c: { alias: string }) => c.alias)).toContain('cyklar');
      }
      const first = await client.query(LIST, { categoryAlias: 'cyklar', skip: 0, take: 5 });
      const second = await client.query(LIST, { categoryAlias: 'cyklar', skip: 5, take: 5 });
      expect(first.data!.products.count).toBe(expected);
      const ids = (r: typeof first) =>
        r.data!.products.products.map((p: { productId: number }) => p.productId);
      expect(ids(first)).toHaveLength(5);
      expect([...ids(first), ...ids(second)]).toEqual(ids(all).slice(0, 10));
      const leaf = await client.query(LIST, { categoryAlias: 'elcyklar', take: 200 });
      expect(leaf.data!.products.count).toBeGreaterThan(0);
      expect(leaf.data!.products.count).toBeLessThan(expected);
      expect(ids(leaf)).toContain(FIXTURE.campaignProduct.id);
    });

    it('gives the same hits for url /c/cyklar/elcyklar as for categoryAlias elcyklar', async () => {
      const byUrl = await client.query(LIST, { url: '/c/cyklar/elcyklar', take: 200 });
      const byAlias = await client.query(LIST, { categoryAlias: 'elcyklar', take: 200 });
      expect(byUrl.data).toEqual(byAlias.data);
    });

    it('scopes by brandAlias and by discountCampaignAlias', async () => {
      const brand = await client.query(LIST, { brandAlias: 'trek', take: 200 });
      expect(brand.errors).toBeUndefined();
      expect(brand.data!.products.count).toBeGreaterThan(0);
      for (const p of brand.data!.products.products) expect(p.brand.alias).toBe('trek');
      const campaign = await client.query(LIST, { discountCampaignAlias: 'testrea', take: 200 });
      expect(
        campaign.data!.products.products.map((p: { productId: number }) => p.productId),
      ).toEqual([FIXTURE.campaignProduct.id]);
      const ended = await client.query(LIST, { discountCampaignAlias: 'testrea-slut' });
      expect(ended.data!.products.count).toBe(0);
    });

    it('gives no hits for an unknown scope', async () => {
      const { data } = await client.query(LIST, { categoryAlias: 'finns-inte' });
      expect(data!.products).toEqual({ count: 0, products: [], filters: { price: null } });
    });

    it('sorts by PRICE, PRICE_DESC and MOST_SOLD', async () => {
      const prices = async (sort: string) => {
        const { data, errors } = await client.query(LIST, { take: 200, filter: { sort } });
        expect(errors).toBeUndefined();
        return data!.products.products.map(
          (p: { unitPrice: { sellingPriceIncVat: number } | null }) =>
            p.unitPrice?.sellingPriceIncVat,
        ) as number[];
      };
      const ascending = await prices('PRICE');
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      const descending = await prices('PRICE_DESC');
      expect(descending).toEqual([...descending].sort((a, b) => b - a));
      const bestSellers = await handle.db
        .select({ id: products.id })
        .from(products)
        .orderBy(desc(products.salesCount), desc(products.id))
        .limit(5);
      const { data } = await client.query(LIST, { take: 5, filter: { sort: 'MOST_SOLD' } });
      expect(data!.products.products.map((p: { productId: number }) => p.productId)).toEqual(
        bestSellers.map((r) => r.id),
      );
    });

    it('keeps the order of productIds and of a_<alias> facets (favorites)', async () => {
      const ids = [FIXTURE.oreProduct.id, FIXTURE.campaignProduct.id];
      const byIds = await client.query(LIST, { filter: { productIds: ids } });
      expect(byIds.data!.products.products.map((p: { productId: number }) => p.productId)).toEqual(
        ids,
      );
      const byFacets = await client.query(LIST, {
        filter: {
          facets: [`a_${FIXTURE.campaignProduct.alias}`, `a_${FIXTURE.oreProduct.alias}`],
          sort: 'FACET_ORDER',
        },
      });
      expect(
        byFacets.data!.products.products.map((p: { productId: number }) => p.productId),
      ).toEqual([FIXTURE.campaignProduct.id, FIXTURE.oreProduct.id]);
    });

    it('filters by searchText and by price range (kronor)', async () => {
      const search = await client.query(LIST, { filter: { searchText: 'testcykel' } });
      expect(search.data!.products.count).toBe(1);
      const range = await client.query(LIST, {
        take: 200,
        filter: { price: { lowest: 9999, highest: 9999 } },
      });
      for (const p of range.data!.products.products)
        expect(p.unitPrice.sellingPriceIncVat).toBe(9999);
      expect(
        range.data!.products.products.map((p: { productId: number }) => p.productId),
      ).toContain(FIXTURE.campaignProduct.id);
    });

    it('returns only the count for take 0 and rejects negative paging with BAD_USER_INPUT', async () => {
      const countOnly = await client.query(LIST, { take: 0 });
      expect(countOnly.data!.products.products).toEqual([]);
      expect(countOnly.data!.products.count).toBeGreaterThan(100);
      const bad = await client.query(LIST, { skip: -1 });
      expect(bad.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        argument: 'skip',
      });
      const wrongType = await client.query(LIST, { take: 'many' });
      expect(wrongType.errors?.[0]?.message).toMatch(/take/);
      expect(JSON.stringify(wrongType)).not.toMatch(/stack/);
    });
  });

  describe('listPageInfo', () => {
    const PAGE = `query($url: String, $alias: String) { listPageInfo(url: $url, alias: $alias) {
      id alias canonicalUrl name primaryDescription secondaryDescription hideTitle hideDescription
      meta { title description } subCategories { alias canonicalUrl } } }`;

    it('describes a category page by url, with sub-categories', async () => {
      const root = await client.query(PAGE, { url: '/c/cyklar' });
      expect(root.errors).toBeUndefined();
      expect(root.data!.listPageInfo).toMatchObject({
        id: 1,
        alias: 'cyklar',
        canonicalUrl: '/c/cyklar',
        name: 'Cyklar',
        hideTitle: false,
      });
      expect(root.data!.listPageInfo.meta.title).toBeTruthy();
      expect(root.data!.listPageInfo.subCategories).toContainEqual({
        alias: 'elcyklar',
        canonicalUrl: '/c/cyklar/elcyklar',
      });
      const leaf = await client.query(PAGE, { url: '/c/cyklar/elcyklar' });
      expect(leaf.data!.listPageInfo).toMatchObject({
        alias: 'elcyklar',
        canonicalUrl: '/c/cyklar/elcyklar',
      });
      const prefixed = await client.query(PAGE, { url: '/se/sv/c/cyklar/elcyklar?page=2' });
      expect(prefixed.data).toEqual(leaf.data);
    });

    it('describes brand and campaign pages, by url or alias', async () => {
      const brand = await client.query(PAGE, { url: '/b/trek' });
      expect(brand.data!.listPageInfo).toMatchObject({
        alias: 'trek',
        canonicalUrl: '/b/trek',
        name: 'Trek',
      });
      const byAlias = await client.query(PAGE, { alias: 'trek' });
      expect(byAlias.data).toEqual(brand.data);
      const campaign = await client.query(PAGE, { url: '/dc/testrea' });
      expect(campaign.data!.listPageInfo).toMatchObject({
        id: 901,
        canonicalUrl: '/dc/testrea',
        name: 'Testrea',
      });
      const category = await client.query(PAGE, { alias: 'elcyklar' });
      expect(category.data!.listPageInfo.canonicalUrl).toBe('/c/cyklar/elcyklar');
    });

    it('returns null for unknown pages', async () => {
      for (const variables of [
        { url: '/c/finns-inte' },
        { url: '/b/cyklar' },
        { url: '/l/finns-inte' },
        { url: '/nothing/here' },
        { alias: 'finns-inte' },
      ]) {
        const { data, errors } = await client.query(PAGE, variables);
        expect(errors).toBeUndefined();
        expect(data!.listPageInfo).toBeNull();
      }
    });

    it('gives the site default meta with the shop name without arguments', async () => {
      const { data } = await client.query(
        `{ listPageInfo { id name meta { title description } } }`,
      );
      expect(data!.listPageInfo).toMatchObject({
        id: 0,
        name: 'Trampa',
        meta: { title: 'Trampa' },
      });
    });
  });
});
