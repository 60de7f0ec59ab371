/**
 * New products of a CSV import written in bulk (issue 26: an ERP file of 10 000 products must
 * not take one short transaction per product's 40 statements). The inputs have passed the
 * product editor's schema (`productInputSchema`) and the import's reference checks; the rows
 * written here are the ones `saveProductInTransaction` writes for a new product with texts in
 * the main language only, no parameters and its primary category (catalog-admin.service.ts):
 * ids after the catalogue's id lock, prices converted with the one VAT rule (`incVatOf`) at the
 * market's rate unless given, the price log, the alias freed in `alias_history`, and one audit
 * entry per product. Stock of the new SKUs is inserted with its history rows (quantity before 0).
 * Changed existing products go through `saveProductInTransaction` itself.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../audit/audit.tables.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import type { MarketInfo } from '../channel/channel.service.ts';
import { aliasHistory } from '../catalog/catalog-admin.tables.ts';
import type { ParsedProductInput } from '../catalog/catalog-admin.input.ts';
import { productColumns } from '../catalog/catalog-admin-product-rows.ts';
import {
  lockCatalogueIds,
  nextCatalogueId,
  type CatalogueTx,
} from '../catalog/catalog-admin-tx.ts';
import { productCategories, products, skus } from '../catalog/catalog.tables.ts';
import { stock, stockAdjustments, storeStock } from '../inventory/inventory.tables.ts';
import { recordPriceChanges } from '../pricing/price-log.ts';
import { incVatOf } from '../pricing/price.ts';
import { productPrices } from '../pricing/pricing.tables.ts';

/** Rows per multi-row insert (well under PostgreSQL's 65 535 parameters). */
const BATCH = 500;

async function insertAll<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** Stock of a new SKU from the file: web units and units per store (null: none given). */
export interface NewSkuStock {
  web: number | null;
  incoming: string | null | undefined;
  stores: Map<number, number | null>;
}

/** A new product: its parsed input and the stock of its SKUs (in input order). */
export interface NewProduct {
  input: ParsedProductInput;
  stock: NewSkuStock[];
}

/**
 * Writes `items` as new products inside the import's transaction.
 * @returns the stock levels written (web and shelves with units)
 */
export async function createProductsInBulk(
  tx: CatalogueTx,
  items: NewProduct[],
  context: { language: string; markets: Map<string, MarketInfo>; actor: AuditActor; now: Date },
): Promise<number> {
  if (items.length === 0) return 0;
  const { language, markets, actor, now } = context;
  const today = now.toISOString().slice(0, 10);
  await lockCatalogueIds(tx);
  let productId = await nextCatalogueId(tx, products);
  let skuId = await nextCatalogueId(tx, skus);
  const productRows: Array<typeof products.$inferInsert> = [];
  const categoryRows: Array<typeof productCategories.$inferInsert> = [];
  const skuRows: Array<typeof skus.$inferInsert> = [];
  const priceRows: Array<typeof productPrices.$inferInsert> = [];
  const stockRows: Array<typeof stock.$inferInsert> = [];
  const shelfRows: Array<typeof storeStock.$inferInsert> = [];
  const historyRows: Array<typeof stockAdjustments.$inferInsert> = [];
  const auditRows: Array<typeof auditLog.$inferInsert> = [];
  for (const { input, stock: levels } of items) {
    const id = productId++;
    const columns = productColumns(input, language);
    productRows.push({
      id,
      ...columns,
      firstAvailableOn: input.published ? today : null,
      createdAt: now,
    });
    [...new Set([input.primaryCategoryId, ...input.categoryIds])].forEach((categoryId, sortOrder) =>
      categoryRows.push({ productId: id, categoryId, sortOrder }),
    );
    const prices = (input.prices ?? []).map((price) => {
      const market = markets.get(price.marketId)!;
      const rate = price.vatRateBasisPoints ?? market.vatRateBasisPoints;
      return {
        productId: id,
        marketId: market.id,
        currencyCode: market.currency!.code,
        regularPriceIncVat: price.vatMode === 'exVat' ? incVatOf(price.amount, rate) : price.amount,
        vatRateBasisPoints: rate,
      };
    });
    priceRows.push(...prices);
    const skuIds: number[] = [];
    input.skus.forEach((sku, sortOrder) => {
      const id2 = skuId++;
      skuIds.push(id2);
      skuRows.push({
        id: id2,
        productId: id,
        articleNumber: sku.articleNumber,
        name: sku.size,
        gtin: sku.ean,
        weight: sku.weight,
        lengthMm: sku.lengthMm,
        widthMm: sku.widthMm,
        heightMm: sku.heightMm,
        sortOrder,
      });
      const level = levels[sortOrder];
      if (!level) return;
      const history = (storeId: number | null, units: number) =>
        historyRows.push({
          skuId: id2,
          storeId,
          reason: 'korrigering',
          quantityBefore: 0,
          quantityAfter: units,
          change: units,
          note: 'CSV-import',
          staffUserId: actor.staffUserId,
          staffEmail: actor.staffEmail,
          at: now,
        });
      if ((level.web ?? 0) > 0 || level.incoming) {
        stockRows.push({ skuId: id2, inStock: level.web ?? 0, incoming: level.incoming ?? null });
        if ((level.web ?? 0) > 0) history(null, level.web!);
      }
      for (const [storeId, units] of level.stores) {
        if (!units) continue;
        shelfRows.push({ storeId, skuId: id2, quantity: units });
        history(storeId, units);
      }
    });
    auditRows.push({
      staffUserId: actor.staffUserId,
      staffEmail: actor.staffEmail,
      action: 'catalogue.product.create',
      entityType: 'product',
      entityId: String(id),
      before: null,
      after: {
        id,
        articleNumber: input.articleNumber,
        alias: input.alias,
        name: columns.name,
        brandId: input.brandId,
        primaryCategoryId: input.primaryCategoryId,
        published: input.published,
        skus: input.skus.map((s, i) => ({ id: skuIds[i], ...s })),
        prices: prices.map((p) => ({
          marketId: p.marketId,
          priceIncVat: p.regularPriceIncVat,
          vatRateBasisPoints: p.vatRateBasisPoints,
        })),
        source: 'csv',
      },
      requestId: actor.requestId ?? null,
      ip: actor.ip ?? null,
      at: now,
    });
  }
  await insertAll(productRows, (b) => tx.insert(products).values(b));
  await insertAll(categoryRows, (b) => tx.insert(productCategories).values(b));
  await insertAll(skuRows, (b) => tx.insert(skus).values(b));
  await insertAll(priceRows, (b) => tx.insert(productPrices).values(b));
  await insertAll(stockRows, (b) => tx.insert(stock).values(b));
  await insertAll(shelfRows, (b) => tx.insert(storeStock).values(b));
  await insertAll(historyRows, (b) => tx.insert(stockAdjustments).values(b));
  await insertAll(auditRows, (b) => tx.insert(auditLog).values(b));
  const aliases = productRows.map((p) => p.alias);
  for (let i = 0; i < aliases.length; i += BATCH) {
    await tx
      .delete(aliasHistory)
      .where(
        and(
          eq(aliasHistory.kind, 'product'),
          inArray(aliasHistory.alias, aliases.slice(i, i + BATCH)),
        ),
      );
  }
  if (priceRows.length > 0) {
    await recordPriceChanges(tx as unknown as Database, now, {
      productIds: productRows.map((p) => p.id),
      marketIds: [...new Set(priceRows.map((p) => p.marketId))],
    });
  }
  return stockRows.filter((s) => (s.inStock ?? 0) > 0).length + shelfRows.length;
}
