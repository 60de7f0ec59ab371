/**
 * Web-shop stock per SKU (GEINS-API §4.2 StockType; SPEC §3 Stock, §4 stock statuses). The
 * status rules are in the pure `stock-status.ts`.
 */
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { skus } from '../catalog/catalog.tables.ts';
import { stock, storeStock, stores } from './inventory.tables.ts';

/** Stock of one SKU in units (`StockType`); `incoming` is the restock date (yyyy-mm-dd). */
export interface StockLevelsRecord {
  inStock: number;
  oversellable: number;
  static: number;
  incoming: string | null;
}

/** `StockType` values: totalStock = inStock + oversellable + static. */
export interface StockView extends StockLevelsRecord {
  totalStock: number;
}

const noStock: StockLevelsRecord = { inStock: 0, oversellable: 0, static: 0, incoming: null };

/** Stock of SKUs (DataLoader batch); SKUs without a row have no stock. One statement. */
export async function stockBySkuIds(
  db: Database,
  skuIds: readonly number[],
): Promise<Map<number, StockLevelsRecord>> {
  const result = new Map<number, StockLevelsRecord>();
  if (skuIds.length === 0) return result;
  const rows = await db
    .select()
    .from(stock)
    .where(inArray(stock.skuId, [...skuIds]));
  for (const row of rows) {
    result.set(row.skuId, {
      inStock: row.inStock,
      oversellable: row.oversellable,
      static: row.static,
      incoming: row.incoming,
    });
  }
  return result;
}

/**
 * Stock of products summed over their SKUs (DataLoader batch for `ProductType.totalStock`, as
 * {@link sumStock} of the SKUs' levels: units added up, `incoming` the earliest restock date);
 * products without SKUs or stock rows are missing (nothing in stock). One statement, so a
 * product list's stock does not wait for its SKUs first.
 */
export async function stockByProductIds(
  db: Database,
  productIds: readonly number[],
): Promise<Map<number, StockView>> {
  const result = new Map<number, StockView>();
  if (productIds.length === 0) return result;
  const rows = await db
    .select({
      productId: skus.productId,
      inStock: sql<number>`coalesce(sum(${stock.inStock}), 0)::int`,
      oversellable: sql<number>`coalesce(sum(${stock.oversellable}), 0)::int`,
      static: sql<number>`coalesce(sum(${stock.static}), 0)::int`,
      incoming: sql<string | null>`min(${stock.incoming})::text`,
    })
    .from(skus)
    .innerJoin(stock, eq(stock.skuId, skus.id))
    .where(inArray(skus.productId, [...productIds]))
    .groupBy(skus.productId);
  for (const row of rows) {
    result.set(row.productId, {
      inStock: row.inStock,
      oversellable: row.oversellable,
      static: row.static,
      incoming: row.incoming,
      totalStock: row.inStock + row.oversellable + row.static,
    });
  }
  return result;
}

/** The stock view of one SKU (missing row = nothing in stock). */
export function toStockView(levels: StockLevelsRecord | null | undefined): StockView {
  const l = levels ?? noStock;
  return { ...l, totalStock: l.inStock + l.oversellable + l.static };
}

/**
 * Sums SKU stock into a product's `totalStock`; `incoming` is the earliest restock date.
 */
export function sumStock(levels: ReadonlyArray<StockLevelsRecord | null | undefined>): StockView {
  let inStock = 0;
  let oversellable = 0;
  let staticUnits = 0;
  let incoming: string | null = null;
  for (const l of levels) {
    if (!l) continue;
    inStock += l.inStock;
    oversellable += l.oversellable;
    staticUnits += l.static;
    if (l.incoming && (incoming === null || l.incoming < incoming)) incoming = l.incoming;
  }
  return {
    inStock,
    oversellable,
    static: staticUnits,
    incoming,
    totalStock: inStock + oversellable + staticUnits,
  };
}

/** SQL: units in stock (inStock) over a product's SKUs, for sorting. */
export function availableStockSql(productId: AnyPgColumn): SQL {
  return sql`(select coalesce(sum(${stock.inStock}), 0) from ${stock} inner join ${skus} on ${skus.id} = ${stock.skuId} where ${skus.productId} = ${productId})`;
}

/** SQL: inStock + oversellable + static over a product's SKUs, for sorting. */
export function totalStockSql(productId: AnyPgColumn): SQL {
  return sql`(select coalesce(sum(${stock.inStock} + ${stock.oversellable} + ${stock.static}), 0) from ${stock} inner join ${skus} on ${skus.id} = ${stock.skuId} where ${skus.productId} = ${productId})`;
}

/**
 * Units of a SKU that can be sold now: unlimited (Infinity) when it has static units (always
 * sellable), otherwise inStock + oversellable (SPEC §5 "Cart quantity may not exceed stock").
 */
export function sellableUnits(levels: StockLevelsRecord | null | undefined): number {
  if (!levels) return 0;
  if (levels.static > 0) return Number.POSITIVE_INFINITY;
  return Math.max(0, levels.inStock) + Math.max(0, levels.oversellable);
}

/** A SKU and the units an order takes. */
export interface StockWant {
  skuId: number;
  quantity: number;
}

/** The SKUs that lacked stock: what was wanted and what was there. */
export interface StockShortage {
  skuId: number;
  wanted: number;
  available: number;
}

/**
 * Inside an order transaction: locks the stock rows of the SKUs in ascending SKU id order
 * (`SELECT ... ORDER BY sku_id FOR UPDATE`, one fixed order so concurrent orders cannot
 * deadlock), checks every SKU, and only when all have enough decrements them: in-stock units
 * first, then oversellable ones; SKUs with static units are not decremented. The CHECK
 * constraints on `stock` keep every column >= 0 whatever happens.
 * @returns the shortages (nothing was decremented) or an empty list (all decremented).
 */
export async function takeStock(
  tx: Database,
  wants: readonly StockWant[],
): Promise<StockShortage[]> {
  const wanted = new Map<number, number>();
  for (const w of wants) wanted.set(w.skuId, (wanted.get(w.skuId) ?? 0) + w.quantity);
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(stock)
    .where(inArray(stock.skuId, ids))
    .orderBy(stock.skuId)
    .for('update');
  const bySku = new Map(rows.map((r) => [r.skuId, r]));
  const shortages: StockShortage[] = [];
  for (const skuId of ids) {
    const available = sellableUnits(bySku.get(skuId));
    const want = wanted.get(skuId)!;
    if (want > available) shortages.push({ skuId, wanted: want, available });
  }
  if (shortages.length > 0) return shortages;
  for (const skuId of ids) {
    const row = bySku.get(skuId)!;
    if (row.static > 0) continue;
    const want = wanted.get(skuId)!;
    const fromStock = Math.min(want, row.inStock);
    await tx
      .update(stock)
      .set({
        inStock: sql`${stock.inStock} - ${fromStock}`,
        oversellable: sql`${stock.oversellable} - ${want - fromStock}`,
      })
      .where(eq(stock.skuId, skuId));
  }
  return [];
}

/**
 * Puts units back (a cancelled order): into inStock. SKUs are updated in ascending id order.
 */
export async function returnStock(tx: Database, wants: readonly StockWant[]): Promise<void> {
  const sorted = [...wants].sort((a, b) => a.skuId - b.skuId);
  for (const w of sorted) {
    await tx
      .update(stock)
      .set({ inStock: sql`${stock.inStock} + ${w.quantity}` })
      .where(eq(stock.skuId, w.skuId));
  }
}

/** A physical store (`stores` row). */
export type StoreRecord = typeof stores.$inferSelect;

/**
 * The store with that alias (the `pickupPoint` of a store-pickup order), or null when there is
 * none (e.g. the store was closed after the order). One statement.
 */
export async function findStoreByAlias(db: Database, alias: string): Promise<StoreRecord | null> {
  const [row] = await db.select().from(stores).where(eq(stores.alias, alias)).limit(1);
  return row ?? null;
}

/** Every physical store in id order (the stores page and its Store JSON-LD; issue 20). */
export async function listStores(db: Database): Promise<StoreRecord[]> {
  return db.select().from(stores).orderBy(asc(stores.id));
}

/** Units of one SKU on one store's shelves (`SkuType.storeStock`; issue 14). */
export interface SkuStoreStockRecord {
  alias: string;
  name: string;
  city: string;
  /** Units on the shelf, at least 1. */
  quantity: number;
}

/**
 * Store stock of SKUs (DataLoader batch for `SkuType.storeStock`): per SKU the stores that have
 * at least one unit, in store order; SKUs no store has are missing. One statement.
 */
export async function storeStockBySkuIds(
  db: Database,
  skuIds: readonly number[],
): Promise<Map<number, SkuStoreStockRecord[]>> {
  const result = new Map<number, SkuStoreStockRecord[]>();
  if (skuIds.length === 0) return result;
  const rows = await db
    .select({
      skuId: storeStock.skuId,
      alias: stores.alias,
      name: stores.name,
      city: stores.city,
      quantity: storeStock.quantity,
    })
    .from(storeStock)
    .innerJoin(stores, eq(stores.id, storeStock.storeId))
    .where(and(inArray(storeStock.skuId, [...skuIds]), gt(storeStock.quantity, 0)))
    .orderBy(asc(storeStock.skuId), asc(stores.id));
  for (const { skuId, ...store } of rows) {
    const list = result.get(skuId);
    if (list) list.push(store);
    else result.set(skuId, [store]);
  }
  return result;
}
