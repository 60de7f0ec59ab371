/**
 * Reading stock in the back office (issue 26 "Stock per SKU and store"): find SKUs by article
 * number, EAN or product name with their web stock, status and units per store, and a SKU's
 * adjustment history. Changes are stock-admin.service.ts.
 */
import { asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, skus } from '../catalog/catalog.tables.ts';
import { stockBySkuIds, toStockView, type StockView } from './inventory.service.ts';
import { stockAdjustments, storeStock, stores } from './inventory.tables.ts';
import { stockStatus, type StockStatus } from './stock-status.ts';

/** Units of a SKU on one store's shelf (0 included: every store is listed). */
export interface StoreStockLevel {
  storeId: number;
  alias: string;
  name: string;
  quantity: number;
}

/** One SKU with its product, web stock (units, SPEC §4 status) and stock per store. */
export interface StockItem extends StockView {
  skuId: number;
  /** The SKU's article number. */
  articleNumber: string;
  /** EAN/GTIN, or null. */
  ean: string | null;
  /** The size label (`skus.name`). */
  size: string;
  productId: number;
  productName: string;
  productArticleNumber: string;
  productAlias: string;
  productActive: boolean;
  /** The status the storefront shows for the web stock. */
  status: StockStatus;
  /** Every store, in store order, with the units of this SKU on its shelf. */
  stores: StoreStockLevel[];
}

/** Most SKUs one search returns. */
export const MAX_STOCK_SEARCH = 50;

/** `text` with LIKE's wildcards escaped (backslash is PostgreSQL's default escape). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const skuColumns = {
  skuId: skus.id,
  articleNumber: skus.articleNumber,
  ean: skus.gtin,
  size: skus.name,
  productId: products.id,
  productName: products.name,
  productArticleNumber: products.articleNumber,
  productAlias: products.alias,
  productActive: products.active,
};

type SkuRow = Omit<StockItem, keyof StockView | 'status' | 'stores'>;

/** Adds web stock and store stock to SKU rows (two statements, plus one for the stores). */
async function withStock(db: Database, rows: SkuRow[]): Promise<StockItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.skuId);
  const [levels, allStores, shelves] = await Promise.all([
    stockBySkuIds(db, ids),
    db
      .select({ id: stores.id, alias: stores.alias, name: stores.name })
      .from(stores)
      .orderBy(asc(stores.id)),
    db
      .select({
        skuId: storeStock.skuId,
        storeId: storeStock.storeId,
        quantity: storeStock.quantity,
      })
      .from(storeStock)
      .where(inArray(storeStock.skuId, ids)),
  ]);
  const shelf = new Map(shelves.map((s) => [`${s.skuId}:${s.storeId}`, s.quantity]));
  return rows.map((row) => {
    const view = toStockView(levels.get(row.skuId));
    return {
      ...row,
      ...view,
      status: stockStatus(view),
      stores: allStores.map((store) => ({
        storeId: store.id,
        alias: store.alias,
        name: store.name,
        quantity: shelf.get(`${row.skuId}:${store.id}`) ?? 0,
      })),
    };
  });
}

/**
 * SKUs whose article number starts with `query`, whose EAN is `query`, whose product's article
 * number starts with it or whose product name contains it (any case): exact SKU/EAN matches
 * first, then by product name and size order; at most `take` (1–{@link MAX_STOCK_SEARCH}).
 * An empty query finds nothing.
 */
export async function searchStock(db: Database, query: string, take = 20): Promise<StockItem[]> {
  const q = query.trim();
  if (!q) return [];
  const prefix = `${likeLiteral(q)}%`;
  const rows = await db
    .select(skuColumns)
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(
      or(
        ilike(skus.articleNumber, prefix),
        eq(skus.gtin, q),
        ilike(products.articleNumber, prefix),
        ilike(products.name, `%${likeLiteral(q)}%`),
      ),
    )
    .orderBy(
      sql`case when lower(${skus.articleNumber}) = lower(${q}) or ${skus.gtin} = ${q} then 0 else 1 end`,
      asc(products.name),
      asc(products.id),
      asc(skus.sortOrder),
      asc(skus.id),
    )
    .limit(Math.min(Math.max(take, 1), MAX_STOCK_SEARCH));
  return withStock(db, rows);
}

/** The stock of SKUs by id, in the order given; unknown ids are left out. */
export async function stockItemsBySkuIds(
  db: Database,
  skuIds: readonly number[],
): Promise<StockItem[]> {
  if (skuIds.length === 0) return [];
  const rows = await db
    .select(skuColumns)
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(inArray(skus.id, [...skuIds]));
  const items = await withStock(db, rows);
  const byId = new Map(items.map((item) => [item.skuId, item]));
  return skuIds.flatMap((id) => byId.get(id) ?? []);
}

/** One row of a SKU's stock history. */
export interface StockAdjustmentRecord {
  id: number;
  at: Date;
  skuId: number;
  /** Null: the web shop's stock. */
  storeId: number | null;
  storeName: string | null;
  reason: string;
  quantityBefore: number;
  quantityAfter: number;
  change: number;
  note: string;
  staffEmail: string | null;
}

/** A SKU's adjustments, newest first, at most `take` (1–200). One statement. */
export async function listStockAdjustments(
  db: Database,
  skuId: number,
  take = 20,
): Promise<StockAdjustmentRecord[]> {
  return db
    .select({
      id: stockAdjustments.id,
      at: stockAdjustments.at,
      skuId: stockAdjustments.skuId,
      storeId: stockAdjustments.storeId,
      storeName: stores.name,
      reason: stockAdjustments.reason,
      quantityBefore: stockAdjustments.quantityBefore,
      quantityAfter: stockAdjustments.quantityAfter,
      change: stockAdjustments.change,
      note: stockAdjustments.note,
      staffEmail: stockAdjustments.staffEmail,
    })
    .from(stockAdjustments)
    .leftJoin(stores, eq(stores.id, stockAdjustments.storeId))
    .where(eq(stockAdjustments.skuId, skuId))
    .orderBy(desc(stockAdjustments.at), desc(stockAdjustments.id))
    .limit(Math.min(Math.max(take, 1), 200));
}
