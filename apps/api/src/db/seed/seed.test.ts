import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { openTestDb, testDatabaseKinds } from '../../../test/test-db.ts';
import type { DbHandle } from '../client.ts';
import * as schema from '../schema.ts';
import { clearCatalogue } from './clear.ts';
import { ean13CheckDigit } from './identifiers.ts';
import { seedWidgetImages } from './images/widget-images.ts';
import { FIRST_PRODUCT_ID } from './product-generator.ts';
import {
  isCatalogueEmpty,
  PRICE_HISTORY_DAYS,
  seedCatalogue,
  storeMissingSeedImages,
  type SeedSummary,
} from './seed.ts';
import { recordPriceChanges } from '../../modules/pricing/price-log.ts';

const NOW = new Date('2026-11-21T10:00:00Z');
const PRODUCTS = 120;

async function productSnapshot(handle: DbHandle) {
  return handle.db
    .select({
      id: schema.products.id,
      name: schema.products.name,
      alias: schema.products.alias,
      articleNumber: schema.products.articleNumber,
      text1: schema.products.text1,
      price: schema.productPrices.regularPriceIncVat,
    })
    .from(schema.products)
    .innerJoin(schema.productPrices, eq(schema.productPrices.productId, schema.products.id))
    .where(eq(schema.productPrices.marketId, 'SE|SEK'))
    .orderBy(asc(schema.products.id));
}

/**
 * Every variant group is one model in several colours: at least two products with the group's
 * name, the main product among them, different colours (parameter Color), the same sizes and
 * the same regular price.
 */
async function expectColourVariants(
  handle: DbHandle,
  groups: Array<typeof schema.variantGroups.$inferSelect>,
): Promise<void> {
  const members = await handle.db
    .select({
      id: schema.products.id,
      name: schema.products.name,
      groupId: schema.products.variantGroupId,
      colour: schema.productParameters.value,
      price: schema.productPrices.regularPriceIncVat,
      sizes: sql<string>`(select string_agg(${schema.skus.name}, ',' order by ${schema.skus.sortOrder}) from ${schema.skus} where ${schema.skus.productId} = ${schema.products.id})`,
    })
    .from(schema.products)
    .innerJoin(
      schema.productParameters,
      and(
        eq(schema.productParameters.productId, schema.products.id),
        eq(schema.productParameters.parameterId, 1),
      ),
    )
    .innerJoin(
      schema.productPrices,
      and(
        eq(schema.productPrices.productId, schema.products.id),
        eq(schema.productPrices.marketId, 'SE|SEK'),
      ),
    )
    .where(sql`${schema.products.variantGroupId} is not null`);
  for (const group of groups) {
    const products = members.filter((m) => m.groupId === group.id);
    expect(products.length).toBeGreaterThanOrEqual(2);
    expect(group.parameterId).toBe(1);
    expect(products.map((p) => p.id)).toContain(group.mainProductId);
    expect(new Set(products.map((p) => p.name))).toEqual(new Set([group.name]));
    expect(new Set(products.map((p) => p.colour)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.sizes)).size).toBe(1);
    expect(new Set(products.map((p) => p.price)).size).toBe(1);
  }
}

describe.each(testDatabaseKinds())('seed catalogue on %s', (kind) => {
  let handle: DbHandle;
  let summary: SeedSummary;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    expect(await isCatalogueEmpty(handle.db)).toBe(true);
    summary = await seedCatalogue(handle.db, { products: PRODUCTS, now: NOW });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('gives the expected counts', async () => {
    const { db } = handle;
    expect(await isCatalogueEmpty(db)).toBe(false);
    expect(summary.products).toBe(PRODUCTS);
    expect(await db.$count(schema.products)).toBe(PRODUCTS);
    expect(await db.$count(schema.skus)).toBe(summary.skus);
    expect(summary.skus).toBeGreaterThan(PRODUCTS);
    expect(await db.$count(schema.stock)).toBe(summary.skus);
    expect(await db.$count(schema.brands)).toBe(summary.brands);
    expect(summary.brands).toBeGreaterThanOrEqual(25);
    expect(await db.$count(schema.categories)).toBe(summary.categories);
    expect(await db.$count(schema.priceCampaigns)).toBe(summary.campaigns);
    expect(await db.$count(schema.stores)).toBe(3);
    expect(await db.$count(schema.productPrices)).toBe(PRODUCTS * 5);
    expect(await db.$count(schema.markets)).toBe(5);
  });

  it('has the channel and the Swedish market', async () => {
    const [channel] = await handle.db.select().from(schema.channels);
    expect(channel).toMatchObject({
      id: 1,
      alias: 'se',
      name: 'Trampa',
      defaultLanguageId: 'sv-SE',
      defaultMarketId: 'SE|SEK',
    });
    const [market] = await handle.db
      .select()
      .from(schema.markets)
      .where(eq(schema.markets.id, 'SE|SEK'));
    expect(market).toMatchObject({
      id: 'SE|SEK',
      alias: 'se',
      countryCode: 'SE',
      currencyCode: 'SEK',
      vatRateBasisPoints: 2500,
      groupKey: 'Norden',
      virtual: false,
      onlyDisplayInCheckout: false,
    });
  });

  it('covers every stock status', async () => {
    const rows = await handle.db.select().from(schema.stock);
    const statuses = new Set(
      rows.map((s) => {
        if (s.inStock > 5) return 'in-stock';
        if (s.inStock >= 1) return 'few-left';
        if (s.static > 0) return 'static';
        if (s.oversellable > 0) return 'oversellable';
        return s.incoming ? 'out-of-stock-incoming' : 'out-of-stock';
      }),
    );
    expect([...statuses].sort()).toEqual(
      [
        'few-left',
        'in-stock',
        'out-of-stock',
        'out-of-stock-incoming',
        'oversellable',
        'static',
      ].sort(),
    );
    for (const s of rows.filter((r) => r.incoming)) {
      expect(s.inStock + s.oversellable + s.static).toBe(0);
      expect(s.incoming! > '2026-11-21').toBe(true);
    }
    const inStock = rows.filter((s) => s.inStock > 5).length;
    expect(inStock / rows.length).toBeGreaterThan(0.5);
  });

  it('puts campaign prices 10-40 % below regular prices, ending in 9', async () => {
    const rows = await handle.db
      .select({
        selling: schema.priceCampaignPrices.sellingPriceIncVat,
        regular: schema.productPrices.regularPriceIncVat,
      })
      .from(schema.priceCampaignPrices)
      .innerJoin(
        schema.productPrices,
        and(
          eq(schema.productPrices.productId, schema.priceCampaignPrices.productId),
          eq(schema.productPrices.marketId, schema.priceCampaignPrices.marketId),
        ),
      )
      .where(eq(schema.priceCampaignPrices.marketId, 'SE|SEK'));
    expect(rows.length).toBeGreaterThan(0);
    for (const { selling, regular } of rows) {
      expect(selling).toBeLessThan(regular);
      expect(selling).toBeLessThanOrEqual(regular * 0.9);
      expect(selling).toBeGreaterThanOrEqual(regular * 0.6);
      expect(selling % 1000).toBe(900);
    }
    const active = await handle.db
      .selectDistinct({ productId: schema.priceCampaignPrices.productId })
      .from(schema.priceCampaignPrices)
      .innerJoin(
        schema.priceCampaigns,
        eq(schema.priceCampaigns.id, schema.priceCampaignPrices.campaignId),
      )
      .where(and(lte(schema.priceCampaigns.startsAt, NOW), gt(schema.priceCampaigns.endsAt, NOW)));
    expect(active.length).toBeGreaterThan(0);
  });

  it('records a price history: every price from its start, campaign prices from their start', async () => {
    const start = new Date(NOW.getTime() - PRICE_HISTORY_DAYS * 86_400_000);
    const opening = await handle.db
      .select()
      .from(schema.priceLog)
      .where(eq(schema.priceLog.changedAt, start));
    expect(opening).toHaveLength(PRODUCTS * 5);
    // Hjälmveckan started 3 days before NOW: its products' rows then carry the campaign price,
    // and the row before it the higher regular price.
    const startsAt = new Date(NOW.getTime() - 3 * 86_400_000);
    const campaign = await handle.db
      .select({
        productId: schema.priceCampaignPrices.productId,
        selling: schema.priceCampaignPrices.sellingPriceIncVat,
      })
      .from(schema.priceCampaignPrices)
      .where(
        and(
          eq(schema.priceCampaignPrices.campaignId, 2),
          eq(schema.priceCampaignPrices.marketId, 'SE|SEK'),
        ),
      );
    expect(campaign.length).toBeGreaterThan(0);
    for (const { productId, selling } of campaign) {
      const log = await handle.db
        .select()
        .from(schema.priceLog)
        .where(
          and(eq(schema.priceLog.productId, productId), eq(schema.priceLog.marketId, 'SE|SEK')),
        )
        .orderBy(asc(schema.priceLog.changedAt));
      const at = log.findIndex((row) => row.changedAt.getTime() === startsAt.getTime());
      expect(log[at]?.sellingPriceIncVat).toBe(selling);
      expect(log[at - 1]!.sellingPriceIncVat).toBeGreaterThan(selling);
    }
    // Recording again at NOW finds nothing changed.
    expect(await recordPriceChanges(handle.db, NOW)).toBe(0);
  });

  it('gives every product a SKU, an image, a SE|SEK price, a brand and its categories', async () => {
    const { db } = handle;
    const products = await db.select().from(schema.products);
    const skus = await db.select().from(schema.skus);
    const images = await db.select().from(schema.productImages);
    const prices = await db.select().from(schema.productPrices);
    const links = await db.select().from(schema.productCategories);
    const categories = new Map((await db.select().from(schema.categories)).map((c) => [c.id, c]));
    const brands = new Set((await db.select().from(schema.brands)).map((b) => b.id));
    const colour = await db
      .select()
      .from(schema.productParameters)
      .where(eq(schema.productParameters.parameterId, 1));
    expect(colour).toHaveLength(products.length);
    expect(colour.every((c) => c.parameterValueId !== null)).toBe(true);
    for (const product of products) {
      expect(skus.some((s) => s.productId === product.id)).toBe(true);
      expect(
        images.some(
          (i) => i.productId === product.id && /^[a-z]+_[a-z]+_\d+_[1-3]\.svg$/.test(i.fileName),
        ),
      ).toBe(true);
      const price = prices.find((p) => p.productId === product.id && p.marketId === 'SE|SEK');
      expect(price).toMatchObject({
        marketId: 'SE|SEK',
        currencyCode: 'SEK',
        vatRateBasisPoints: 2500,
      });
      expect(price!.regularPriceIncVat % 1000).toBe(900);
      expect(brands.has(product.brandId)).toBe(true);
      const primary = categories.get(product.primaryCategoryId);
      expect(primary?.parentId).not.toBeNull();
      const own = links.filter((l) => l.productId === product.id).map((l) => l.categoryId);
      expect(own).toContain(product.primaryCategoryId);
      expect(own).toContain(primary!.parentId);
      expect(product.text1.split('. ').length).toBeGreaterThanOrEqual(2);
    }
    const productById = new Map(products.map((p) => [p.id, p]));
    for (const sku of skus) {
      expect(sku.gtin).toMatch(/^\d{13}$/);
      expect(Number(sku.gtin!.slice(12))).toBe(ean13CheckDigit(sku.gtin!.slice(0, 12)));
      const product = productById.get(sku.productId)!;
      const isBike = categories.get(product.primaryCategoryId)?.parentId === 1;
      expect(sku.weight).toBeGreaterThanOrEqual(isBike ? 9_000 : 50);
      expect(sku.weight).toBeLessThanOrEqual(isBike ? 35_000 : 3_000);
      // The packed size (issue 43): a boxed bike about 1500 × 200 × 800 mm, accessories smaller.
      expect(sku.lengthMm).toBeGreaterThanOrEqual(isBike ? 1000 : 100);
      expect(Math.min(sku.widthMm, sku.heightMm)).toBeGreaterThan(isBike ? 150 : 40);
      expect(Math.max(sku.lengthMm, sku.widthMm, sku.heightMm)).toBeLessThanOrEqual(
        isBike ? 2500 : 700,
      );
      expect(sku.articleNumber.startsWith(`${product.articleNumber}-`)).toBe(true);
    }
  });

  it('gives every product a price in each market, in its currency, with its VAT and endings', async () => {
    const markets = await handle.db.select().from(schema.markets);
    expect(markets.map((m) => [m.alias, m.currencyCode, m.vatRateBasisPoints]).sort()).toEqual([
      ['dk', 'DKK', 2500],
      ['eu', 'EUR', 2500],
      ['fi', 'EUR', 2550],
      ['no', 'NOK', 2500],
      ['se', 'SEK', 2500],
    ]);
    const eu = markets.find((m) => m.alias === 'eu')!;
    expect(eu).toMatchObject({ onlyDisplayInCheckout: true, groupKey: 'Europa' });
    const languages = await handle.db.select().from(schema.marketLanguages);
    expect(languages.filter((l) => l.marketId === 'FI|EUR').map((l) => l.languageId)).toEqual([
      'fi-FI',
      'sv-FI',
    ]);
    const prices = await handle.db.select().from(schema.productPrices);
    const se = new Map(
      prices.filter((p) => p.marketId === 'SE|SEK').map((p) => [p.productId, p.regularPriceIncVat]),
    );
    for (const market of markets) {
      const own = prices.filter((p) => p.marketId === market.id);
      expect(own).toHaveLength(PRODUCTS);
      for (const price of own) {
        expect(price.currencyCode).toBe(market.currencyCode);
        expect(price.vatRateBasisPoints).toBe(market.vatRateBasisPoints);
        // Whole amounts ending in 9 ("1 299 kr"); euro prices under 1 000 € end in ",90".
        const endsIn9 = price.regularPriceIncVat % 1000 === 900;
        const endsIn90 = market.currencyCode === 'EUR' && price.regularPriceIncVat % 100 === 90;
        expect(endsIn9 || endsIn90).toBe(true);
        // Within 12 % of the Swedish price at the fixed rate (rounding to the endings).
        const rate = { SEK: 1, NOK: 0.96, DKK: 1.47, EUR: 11 }[market.currencyCode!]!;
        const expected =
          (se.get(price.productId)! / rate) * ((10_000 + market.vatRateBasisPoints) / 12_500);
        expect(price.regularPriceIncVat / expected).toBeGreaterThan(0.88);
        expect(price.regularPriceIncVat / expected).toBeLessThan(1.12);
      }
    }
    const campaigns = await handle.db
      .select({
        marketId: schema.priceCampaignPrices.marketId,
        selling: schema.priceCampaignPrices.sellingPriceIncVat,
        regular: schema.productPrices.regularPriceIncVat,
      })
      .from(schema.priceCampaignPrices)
      .innerJoin(
        schema.productPrices,
        and(
          eq(schema.productPrices.productId, schema.priceCampaignPrices.productId),
          eq(schema.productPrices.marketId, schema.priceCampaignPrices.marketId),
        ),
      );
    for (const market of markets) {
      const own = campaigns.filter((c) => c.marketId === market.id);
      expect(own.length).toBeGreaterThan(0);
      for (const c of own) expect(c.selling).toBeLessThan(c.regular);
    }
  });

  it('relates bikes to accessories', async () => {
    const rows = await handle.db
      .select({ productId: schema.productRelations.productId, n: sql<number>`count(*)::int` })
      .from(schema.productRelations)
      .groupBy(schema.productRelations.productId);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.n).toBeGreaterThanOrEqual(4);
      expect(row.n).toBeLessThanOrEqual(8);
    }
  });

  it('stores a drawn image file for every product image; --images fills in missing ones only', async () => {
    const images = await handle.db
      .selectDistinct({ fileName: schema.productImages.fileName })
      .from(schema.productImages);
    // Besides the product images, the start page's widget images (seed/content.ts).
    const widgetImages = seedWidgetImages().length;
    expect(widgetImages).toBeGreaterThan(0);
    expect(await handle.db.$count(schema.imageFiles)).toBe(images.length + widgetImages);
    expect(await storeMissingSeedImages(handle.db)).toBe(0);
    // As in a catalogue seeded before image files were stored, plus a shop's own upload.
    const [first, second] = images.map((image) => image.fileName);
    await handle.db
      .delete(schema.imageFiles)
      .where(inArray(schema.imageFiles.fileName, [first!, second!]));
    const upload = 'egen-bild.jpg';
    await handle.db
      .insert(schema.productImages)
      .values({ productId: FIRST_PRODUCT_ID, fileName: upload, sortOrder: 9 });
    expect(await storeMissingSeedImages(handle.db)).toBe(2);
    const stored = await handle.db
      .select()
      .from(schema.imageFiles)
      .where(eq(schema.imageFiles.fileName, first!));
    expect(stored[0]!.contentType).toBe('image/svg+xml; charset=utf-8');
    expect(stored[0]!.body.toString('utf8')).toMatch(/^<svg /);
    expect(await handle.db.$count(schema.imageFiles)).toBe(images.length + widgetImages);
    await handle.db.delete(schema.productImages).where(eq(schema.productImages.fileName, upload));
  });

  it('refuses to seed a catalogue that is not empty, and can be cleared', async () => {
    await expect(seedCatalogue(handle.db, { products: 5 })).rejects.toThrow(/not empty/);
    expect(await handle.db.$count(schema.products)).toBe(PRODUCTS);
    const before = await productSnapshot(handle);
    await clearCatalogue(handle.db);
    expect(await isCatalogueEmpty(handle.db)).toBe(true);
    expect(await handle.db.$count(schema.products)).toBe(0);
    await seedCatalogue(handle.db, { products: PRODUCTS, now: NOW });
    expect(await productSnapshot(handle)).toEqual(before);
  });

  it('is deterministic: the same seed on another database gives the same products', async () => {
    const other = await openTestDb('pglite');
    try {
      await seedCatalogue(other.db, { products: PRODUCTS, now: NOW });
      expect(await productSnapshot(other)).toEqual(await productSnapshot(handle));
    } finally {
      await other.close();
    }
  });
});

describe('seed options', () => {
  it('rejects a product count that is not a positive integer', async () => {
    const handle = await openTestDb('pglite');
    try {
      await expect(seedCatalogue(handle.db, { products: 0 })).rejects.toThrow(RangeError);
      await expect(seedCatalogue(handle.db, { products: 2.5 })).rejects.toThrow(RangeError);
      expect(await isCatalogueEmpty(handle.db)).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('seeds a tiny catalogue of 3 products', async () => {
    const handle = await openTestDb('pglite');
    try {
      const summary = await seedCatalogue(handle.db, { products: 3, now: NOW });
      expect(summary.products).toBe(3);
      expect(await handle.db.$count(schema.products)).toBe(3);
    } finally {
      await handle.close();
    }
  });

  it('seeds the default 640 products with at least 40 on active campaigns, unique names but for a model’s colours', async () => {
    const handle = await openTestDb('pglite');
    try {
      const summary = await seedCatalogue(handle.db, { now: NOW });
      expect(summary.products).toBe(640);
      const names = await handle.db
        .selectDistinct({ name: schema.products.name })
        .from(schema.products);
      const groups = await handle.db.select().from(schema.variantGroups);
      const grouped = await handle.db.$count(
        schema.products,
        sql`${schema.products.variantGroupId} is not null`,
      );
      expect(groups.length).toBeGreaterThanOrEqual(20);
      // One name per model: a variant group's colours share their model's name.
      expect(names).toHaveLength(640 - grouped + groups.length);
      await expectColourVariants(handle, groups);
      const active = await handle.db
        .selectDistinct({ productId: schema.priceCampaignPrices.productId })
        .from(schema.priceCampaignPrices)
        .innerJoin(
          schema.priceCampaigns,
          eq(schema.priceCampaigns.id, schema.priceCampaignPrices.campaignId),
        )
        .where(
          and(lte(schema.priceCampaigns.startsAt, NOW), gt(schema.priceCampaigns.endsAt, NOW)),
        );
      expect(active.length).toBeGreaterThanOrEqual(40);
      const brandsInUse = await handle.db
        .selectDistinct({ id: schema.products.brandId })
        .from(schema.products);
      expect(brandsInUse.length).toBe(summary.brands);
    } finally {
      await handle.close();
    }
  });
});
