/**
 * API integration tests of the catalogue queries (GEINS-API §3.1, §4; SPEC §3), part 1: channel
 * and context, categories and brands, and one product, on the seed catalogue plus a few known
 * rows (catalog-fixture.ts), on every database kind.
 */
import { describe, expect, it } from 'vitest';
import { products } from '../src/db/schema.ts';
import { FIXTURE } from './catalog-fixture.ts';
import { testSearchMatrix } from './test-db.ts';
import { plain, PRODUCT_QUERY, useCatalogApi } from './catalog-suite.ts';

describe.each(testSearchMatrix())('catalogue API on %s, %s search', (kind, search) => {
  const api = useCatalogApi(kind, search);

  describe('channel and context', () => {
    it('returns channel 1|se with its default market and market details', async () => {
      const { data, errors } = await api.client.query(`{
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
      const { data } = await api.client.query(
        `{ a: channel(channelId: "99|xx") { id } b: channel { id } channels { id } }`,
      );
      expect(data).toEqual({ a: { id: '1|se' }, b: { id: '1|se' }, channels: [{ id: '1|se' }] });
    });

    it('gives the same prices for marketId "se", "SE|SEK", none, and an unknown market (logged)', async () => {
      const query = `query($m: String) { product(alias: "${FIXTURE.campaignProduct.alias}", marketId: $m) { unitPrice { sellingPriceIncVatFormatted regularPriceIncVat } } }`;
      const results = await Promise.all(
        ['se', 'SE|SEK', undefined, 'se|sek'].map((m) => api.client.query(query, { m })),
      );
      for (const result of results) {
        expect(result.errors).toBeUndefined();
        expect(result.data).toEqual(results[0]!.data);
      }
      api.client.logged.length = 0;
      const unknown = await api.client.query(query, { m: 'no-such-market' });
      expect(unknown.data).toEqual(results[0]!.data);
      expect(api.client.logged.some((line) => line.includes('no-such-market'))).toBe(true);
    });

    it('accepts languageId "sv-SE" and "sv" alike', async () => {
      const query = `query($l: String) { product(alias: "${FIXTURE.campaignProduct.alias}", languageId: $l) { name unitPrice { sellingPriceIncVatFormatted } } }`;
      const long = await api.client.query(query, { l: 'sv-SE' });
      const short = await api.client.query(query, { l: 'sv' });
      expect(long.errors).toBeUndefined();
      expect(short.data).toEqual(long.data);
    });

    it('ignores extra, undeclared variables (GEINS-API §0.3)', async () => {
      const { data, errors } = await api.client.query(`query brands { brands { brandId } }`, {
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
      const { data, errors } = await api.client.query(
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
      const { data, errors } = await api.client.query(
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
      const { data } = await api.client.query(
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
      const { data, errors } = await api.client.query(
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
      const { data, errors } = await api.client.query(PRODUCT_QUERY, {
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
      const { data } = await api.client.query(PRODUCT_QUERY, {
        alias: FIXTURE.campaignProduct.alias,
      });
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
      const byId = await api.client.query(PRODUCT_QUERY, {
        productId: FIXTURE.campaignProduct.id,
        alias: FIXTURE.oreProduct.alias,
      });
      const byAlias = await api.client.query(PRODUCT_QUERY, {
        alias: FIXTURE.campaignProduct.alias,
      });
      expect(byId.errors).toBeUndefined();
      expect(byId.data).toEqual(byAlias.data);
    });

    it('formats öre with two decimals and an undiscounted price as NONE', async () => {
      const { data } = await api.client.query(PRODUCT_QUERY, { alias: FIXTURE.oreProduct.alias });
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
      const [row] = await api.handle.db.select().from(products).orderBy(products.id).limit(1);
      const { data, errors } = await api.client.query(PRODUCT_QUERY, { alias: row!.alias });
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
      const { data, errors } = await api.client.query(`{
        a: product(alias: "finns-inte") { productId }
        b: product(productId: 123456789) { productId }
        c: product { productId }
      }`);
      expect(errors).toBeUndefined();
      expect(data).toEqual({ a: null, b: null, c: null });
    });

    it('lists related products with relationType', async () => {
      const { data, errors } = await api.client.query(
        `{ products(take: 200) { products { alias } } }`,
      );
      expect(errors).toBeUndefined();
      let found = false;
      for (const { alias } of data!.products.products.slice(0, 40)) {
        const related = await api.client.query(
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
      const none = await api.client.query(`{ relatedProducts(alias: "finns-inte") { alias } }`);
      expect(none.data).toEqual({ relatedProducts: [] });
    });
  });
});
