/**
 * Web-shop stock per SKU (GEINS-API §4.2 StockType; SPEC §3 Stock, §4 stock statuses). The
 * status rules are in the pure `stock-status.ts`.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { skus } from '../catalog/catalog.tables.ts';
import { stock } from './inventory.tables.ts';

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
