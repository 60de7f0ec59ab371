/**
 * The back office's catalogue service (issue 26 "Catalogue and stock"): a product written with
 * createProduct/updateProduct shows in the shop API at once (product page, category list,
 * search), prices entered excl. VAT are stored incl. VAT by the one VAT rule, an alias change
 * keeps the old alias answering with the new canonical URL, and every write is in the audit log
 * with before/after. On every database kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { DbHandle } from '../src/db/client.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { auditLog, brands, categories, markets } from '../src/db/schema.ts';
import {
  createProduct,
  setProductPrices,
  updateProduct,
} from '../src/modules/catalog/catalog-admin.service.ts';
import type { ProductInput } from '../src/modules/catalog/catalog-admin.input.ts';
import { createTestClient, type TestClient } from './api-client.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const actor = { staffUserId: null, staffEmail: 'test@example.se' };

describe.each(testDatabaseKinds())('catalogue service on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  let input: ProductInput;
  let categoryAlias: string;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 6 });
    client = createTestClient(handle);
    const [brand] = await handle.db.select().from(brands).orderBy(asc(brands.id)).limit(1);
    const [category] = await handle.db
      .select()
      .from(categories)
      .where(eq(categories.isHidden, false))
      .orderBy(asc(categories.id))
      .limit(1);
    categoryAlias = category!.alias;
    const marketRows = await handle.db.select().from(markets).where(eq(markets.active, true));
    input = {
      articleNumber: 'ADM-1',
      alias: 'testhjalm-zeta',
      brandId: brand!.id,
      primaryCategoryId: category!.id,
      published: true,
      texts: [
        { languageId: 'sv-SE', name: 'Testhjälm Zeta', shortText: 'Lätt och luftig.' },
        { languageId: 'en-US', name: 'Test helmet Zeta' },
      ].filter((t) => t.languageId === 'sv-SE'),
      skus: [
        { articleNumber: 'ADM-1-S', size: 'S', ean: '7350000000016' },
        { articleNumber: 'ADM-1-M', size: 'M' },
      ],
      prices: marketRows.map((m) => ({ marketId: m.id, amount: 99_900 })),
    };
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
  });

  const shopProduct = async (alias: string) =>
    (
      await client.query(
        `query($alias: String) { product(alias: $alias) { productId name canonicalUrl
          skus { articleNumber name gtin } unitPrice { sellingPriceIncVat sellingPriceExVat vat } } }`,
        { alias },
      )
    ).data?.product;

  it('creates a product the shop shows at once: page, category and search', async () => {
    const created = await createProduct(handle.db, input, { actor });
    expect(created.skus.map((s) => s.size)).toEqual(['S', 'M']);
    expect(created.prices.length).toBeGreaterThan(0);
    const product = await shopProduct('testhjalm-zeta');
    expect(product).toMatchObject({
      productId: created.id,
      name: 'Testhjälm Zeta',
      skus: [
        { articleNumber: 'ADM-1-S', name: 'S', gtin: '7350000000016' },
        { articleNumber: 'ADM-1-M', name: 'M', gtin: null },
      ],
      unitPrice: { sellingPriceIncVat: 999, sellingPriceExVat: 799.2, vat: 199.8 },
    });
    const list = await client.query(
      `query($c: String) { products(categoryAlias: $c, take: 100) { products { alias } } }`,
      { c: categoryAlias },
    );
    expect(list.data?.products.products.map((p: { alias: string }) => p.alias)).toContain(
      'testhjalm-zeta',
    );
    const search = await client.query(
      `{ products(filter: { searchText: "zeta" }) { count products { alias } } }`,
    );
    expect(search.data?.products.products.map((p: { alias: string }) => p.alias)).toEqual([
      'testhjalm-zeta',
    ]);
  });

  it('stores a price entered excl. VAT incl. VAT, and logs the change', async () => {
    const [product] = await Promise.all([shopProduct('testhjalm-zeta')]);
    const after = await setProductPrices(
      handle.db,
      product.productId,
      [{ marketId: 'SE|SEK', amount: 80_000, vatMode: 'exVat' }],
      { actor },
    );
    expect(after.prices).toEqual([
      {
        marketId: 'SE|SEK',
        currencyCode: 'SEK',
        priceIncVat: 100_000,
        priceExVat: 80_000,
        vat: 20_000,
        vatRateBasisPoints: 2500,
      },
    ]);
    expect((await shopProduct('testhjalm-zeta')).unitPrice.sellingPriceIncVat).toBe(1000);
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'catalogue.product.prices'));
    expect(entry).toMatchObject({
      staffEmail: 'test@example.se',
      entityId: String(product.productId),
    });
    expect((entry!.before as { prices: unknown[] }).prices.length).toBeGreaterThan(1);
  });

  it('keeps the old alias answering with the new canonical URL after an alias change', async () => {
    const product = await shopProduct('testhjalm-zeta');
    const updated = await updateProduct(
      handle.db,
      product.productId,
      { ...input, alias: 'testhjalm-zeta-2', prices: undefined },
      { actor },
    );
    expect(updated.alias).toBe('testhjalm-zeta-2');
    const old = await shopProduct('testhjalm-zeta');
    expect(old.productId).toBe(product.productId);
    expect(old.canonicalUrl).toMatch(/\/testhjalm-zeta-2$/);
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'catalogue.product.update'));
    expect(entry?.before).toMatchObject({ alias: 'testhjalm-zeta' });
    expect(entry?.after).toMatchObject({ alias: 'testhjalm-zeta-2' });
  });

  it('refuses a bad EAN, a taken article number and a missing default language in Swedish', async () => {
    await expect(
      createProduct(
        handle.db,
        {
          ...input,
          articleNumber: 'ADM-2',
          alias: 'x-2',
          skus: [{ articleNumber: 'X', size: 'S', ean: '7350000000019' }],
        },
        { actor },
      ),
    ).rejects.toMatchObject({ extensions: { code: 'BAD_USER_INPUT', argument: 'skus.0.ean' } });
    await expect(createProduct(handle.db, { ...input, alias: 'x-3' }, { actor })).rejects.toThrow(
      'Artikelnumret används redan',
    );
    await expect(
      createProduct(
        handle.db,
        {
          ...input,
          articleNumber: 'ADM-4',
          alias: 'x-4',
          texts: [{ languageId: 'en-US', name: 'X' }],
        },
        { actor },
      ),
    ).rejects.toThrow(/huvudspråk/);
  });
});
