/**
 * API integration tests of the catalogue queries (GEINS-API §4, §5; SPEC §3), part 2: product
 * lists and listPageInfo, on the seed catalogue plus a few known rows (catalog-fixture.ts), on
 * every database kind.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productCategories, products } from '../src/db/schema.ts';
import { FIXTURE } from './catalog-fixture.ts';
import { testSearchMatrix } from './test-db.ts';
import { useCatalogApi } from './catalog-suite.ts';

describe.each(testSearchMatrix())('catalogue API on %s, %s search', (kind, search) => {
  const api = useCatalogApi(kind, search);

  describe('products', () => {
    const LIST = `query list($skip: Int, $take: Int, $categoryAlias: String, $brandAlias: String, $discountCampaignAlias: String, $url: String, $filter: FilterInputType) {
      products(skip: $skip, take: $take, categoryAlias: $categoryAlias, brandAlias: $brandAlias, discountCampaignAlias: $discountCampaignAlias, url: $url, filter: $filter) {
        count filters { price { lowest } }
        products { productId alias firstAvailableOn brand { alias } categories { alias } unitPrice { sellingPriceIncVat isDiscounted } }
      }
    }`;

    async function countInCategoryTree(rootId: number): Promise<number> {
      const rows = await api.handle.db
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
      const [{ total }] = (await api.handle.db
        .select({ total: sql<number>`count(*)::int` })
        .from(products)
        .where(eq(products.active, true))) as [{ total: number }];
      const { data, errors } = await api.client.query(LIST, { take: 50 });
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
      const all = await api.client.query(LIST, { categoryAlias: 'cyklar', take: 200 });
      expect(all.errors).toBeUndefined();
      expect(all.data!.products.count).toBe(expected);
      expect(all.data!.products.products).toHaveLength(expected);
      for (const p of all.data!.products.products) {
        expect(p.categories.map((c: { alias: string }) => c.alias)).toContain('cyklar');
      }
      const first = await api.client.query(LIST, { categoryAlias: 'cyklar', skip: 0, take: 5 });
      const second = await api.client.query(LIST, { categoryAlias: 'cyklar', skip: 5, take: 5 });
      expect(first.data!.products.count).toBe(expected);
      const ids = (r: typeof first) =>
        r.data!.products.products.map((p: { productId: number }) => p.productId);
      expect(ids(first)).toHaveLength(5);
      expect([...ids(first), ...ids(second)]).toEqual(ids(all).slice(0, 10));
      const leaf = await api.client.query(LIST, { categoryAlias: 'elcyklar', take: 200 });
      expect(leaf.data!.products.count).toBeGreaterThan(0);
      expect(leaf.data!.products.count).toBeLessThan(expected);
      expect(ids(leaf)).toContain(FIXTURE.campaignProduct.id);
    });

    it('gives the same hits for url /c/cyklar/elcyklar as for categoryAlias elcyklar', async () => {
      const byUrl = await api.client.query(LIST, { url: '/c/cyklar/elcyklar', take: 200 });
      const byAlias = await api.client.query(LIST, { categoryAlias: 'elcyklar', take: 200 });
      expect(byUrl.data).toEqual(byAlias.data);
    });

    it('scopes by brandAlias and by discountCampaignAlias', async () => {
      const brand = await api.client.query(LIST, { brandAlias: 'trek', take: 200 });
      expect(brand.errors).toBeUndefined();
      expect(brand.data!.products.count).toBeGreaterThan(0);
      for (const p of brand.data!.products.products) expect(p.brand.alias).toBe('trek');
      const campaign = await api.client.query(LIST, {
        discountCampaignAlias: 'testrea',
        take: 200,
      });
      expect(
        campaign.data!.products.products.map((p: { productId: number }) => p.productId),
      ).toEqual([FIXTURE.campaignProduct.id]);
      const ended = await api.client.query(LIST, { discountCampaignAlias: 'testrea-slut' });
      expect(ended.data!.products.count).toBe(0);
    });

    it('gives no hits for an unknown scope', async () => {
      const { data } = await api.client.query(LIST, { categoryAlias: 'finns-inte' });
      expect(data!.products).toEqual({ count: 0, products: [], filters: { price: null } });
    });

    it('sorts by PRICE, PRICE_DESC and MOST_SOLD', async () => {
      const prices = async (sort: string) => {
        const { data, errors } = await api.client.query(LIST, { take: 200, filter: { sort } });
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
      const bestSellers = await api.handle.db
        .select({ id: products.id })
        .from(products)
        .orderBy(desc(products.salesCount), desc(products.id))
        .limit(5);
      const { data } = await api.client.query(LIST, { take: 5, filter: { sort: 'MOST_SOLD' } });
      expect(data!.products.products.map((p: { productId: number }) => p.productId)).toEqual(
        bestSellers.map((r) => r.id),
      );
    });

    it('keeps the order of productIds and of a_<alias> facets (favorites)', async () => {
      const ids = [FIXTURE.oreProduct.id, FIXTURE.campaignProduct.id];
      const byIds = await api.client.query(LIST, { filter: { productIds: ids } });
      expect(byIds.data!.products.products.map((p: { productId: number }) => p.productId)).toEqual(
        ids,
      );
      const byFacets = await api.client.query(LIST, {
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
      const search = await api.client.query(LIST, { filter: { searchText: 'testcykel' } });
      expect(search.data!.products.count).toBe(1);
      const range = await api.client.query(LIST, {
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
      const countOnly = await api.client.query(LIST, { take: 0 });
      expect(countOnly.data!.products.products).toEqual([]);
      expect(countOnly.data!.products.count).toBeGreaterThan(100);
      const bad = await api.client.query(LIST, { skip: -1 });
      expect(bad.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        argument: 'skip',
      });
      const wrongType = await api.client.query(LIST, { take: 'many' });
      expect(wrongType.errors?.[0]?.message).toMatch(/take/);
      expect(JSON.stringify(wrongType)).not.toMatch(/stack/);
    });
  });

  describe('listPageInfo', () => {
    const PAGE = `query($url: String, $alias: String) { listPageInfo(url: $url, alias: $alias) {
      id alias canonicalUrl name primaryDescription secondaryDescription hideTitle hideDescription
      meta { title description } subCategories { alias canonicalUrl } } }`;

    it('describes a category page by url, with sub-categories', async () => {
      const root = await api.client.query(PAGE, { url: '/c/cyklar' });
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
      const leaf = await api.client.query(PAGE, { url: '/c/cyklar/elcyklar' });
      expect(leaf.data!.listPageInfo).toMatchObject({
        alias: 'elcyklar',
        canonicalUrl: '/c/cyklar/elcyklar',
      });
      const prefixed = await api.client.query(PAGE, { url: '/se/sv/c/cyklar/elcyklar?page=2' });
      expect(prefixed.data).toEqual(leaf.data);
    });

    it('describes brand and campaign pages, by url or alias', async () => {
      const brand = await api.client.query(PAGE, { url: '/b/trek' });
      expect(brand.data!.listPageInfo).toMatchObject({
        alias: 'trek',
        canonicalUrl: '/b/trek',
        name: 'Trek',
      });
      const byAlias = await api.client.query(PAGE, { alias: 'trek' });
      expect(byAlias.data).toEqual(brand.data);
      const campaign = await api.client.query(PAGE, { url: '/dc/testrea' });
      expect(campaign.data!.listPageInfo).toMatchObject({
        id: 901,
        canonicalUrl: '/dc/testrea',
        name: 'Testrea',
      });
      const category = await api.client.query(PAGE, { alias: 'elcyklar' });
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
        const { data, errors } = await api.client.query(PAGE, variables);
        expect(errors).toBeUndefined();
        expect(data!.listPageInfo).toBeNull();
      }
    });

    it('gives the site default meta with the shop name without arguments', async () => {
      const { data } = await api.client.query(
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
