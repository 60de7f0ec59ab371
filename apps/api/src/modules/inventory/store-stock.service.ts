/**
 * Click and collect from a store's own shelf (issue 40 §6: "a size sold out online but in stock
 * at a store can be reserved for pickup there"): the units of cart lines tied to a store, and the
 * order transaction's draw-down of a store's shelf (`store_stock.quantity`), locked so concurrent
 * orders never take more than the shelf holds. The web stock's rules are in inventory.service.ts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { storeStock, stores } from './inventory.tables.ts';
import type { StockShortage, StockWant, StoreRecord } from './inventory.service.ts';

/** A cart line's store and SKU, for {@link pickupStoreStock}. */
export interface StoreSkuKey {
  storeId: number;
  skuId: number;
}

/** A store and the units of one SKU on its shelf now (0 when it has none). */
export interface PickupStoreStock {
  store: StoreRecord;
  quantity: number;
}

/** The map key of a store and SKU: `"3:9800011"`. */
export function storeSkuKey(storeId: number, skuId: number): string {
  return `${storeId}:${skuId}`;
}

/**
 * The stores of cart lines tied to a store, with the units of each line's SKU on that store's
 * shelf: key {@link storeSkuKey} -> store and units (a store without a row for the SKU has 0).
 * Keys whose store does not exist are missing. One statement.
 */
export async function pickupStoreStock(
  db: Database,
  keys: readonly StoreSkuKey[],
): Promise<Map<string, PickupStoreStock>> {
  const result = new Map<string, PickupStoreStock>();
  if (keys.length === 0) return result;
  const storeIds = [...new Set(keys.map((k) => k.storeId))];
  const skuIds = [...new Set(keys.map((k) => k.skuId))];
  const rows = await db
    .select({ store: stores, skuId: storeStock.skuId, quantity: storeStock.quantity })
    .from(stores)
    .leftJoin(storeStock, and(eq(storeStock.storeId, stores.id), inArray(storeStock.skuId, skuIds)))
    .where(inArray(stores.id, storeIds));
  for (const key of keys) {
    const store = rows.find((r) => r.store.id === key.storeId)?.store;
    if (!store) continue;
    const row = rows.find((r) => r.store.id === key.storeId && r.skuId === key.skuId);
    result.set(storeSkuKey(key.storeId, key.skuId), { store, quantity: row?.quantity ?? 0 });
  }
  return result;
}

/**
 * Units of one SKU on one store's shelf now (0 without a row). One statement.
 */
export async function unitsOnShelf(db: Database, storeId: number, skuId: number): Promise<number> {
  const [row] = await db
    .select({ quantity: storeStock.quantity })
    .from(storeStock)
    .where(and(eq(storeStock.storeId, storeId), eq(storeStock.skuId, skuId)));
  return row?.quantity ?? 0;
}

/**
 * Inside an order transaction: locks the shelf rows of the SKUs in one store in ascending SKU id
 * order (`SELECT ... ORDER BY sku_id FOR UPDATE`; the order writer takes the web stock first,
 * then this, so concurrent orders lock in one global order and cannot deadlock), checks every
 * SKU against the shelf and only when all are there decrements them. The CHECK constraint on
 * `store_stock.quantity` keeps it >= 0 whatever happens.
 * @param storeId the store whose shelf the units come from
 * @returns the shortages (nothing was decremented) or an empty list (all decremented).
 */
export async function takeStoreStock(
  tx: Database,
  storeId: number,
  wants: readonly StockWant[],
): Promise<StockShortage[]> {
  const wanted = new Map<number, number>();
  for (const w of wants) wanted.set(w.skuId, (wanted.get(w.skuId) ?? 0) + w.quantity);
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(storeStock)
    .where(and(eq(storeStock.storeId, storeId), inArray(storeStock.skuId, ids)))
    .orderBy(storeStock.skuId)
    .for('update');
  const shelf = new Map(rows.map((r) => [r.skuId, r.quantity]));
  const shortages: StockShortage[] = [];
  for (const skuId of ids) {
    const available = shelf.get(skuId) ?? 0;
    const want = wanted.get(skuId)!;
    if (want > available) shortages.push({ skuId, wanted: want, available });
  }
  if (shortages.length > 0) return shortages;
  for (const skuId of ids) {
    await tx
      .update(storeStock)
      .set({ quantity: sql`${storeStock.quantity} - ${wanted.get(skuId)!}` })
      .where(and(eq(storeStock.storeId, storeId), eq(storeStock.skuId, skuId)));
  }
  return [];
}

/**
 * Puts units back on store shelves (a cancelled click-and-collect order), in ascending store and
 * SKU order. The shelf row exists (the order took its units from it); one that is gone since
 * (the SKU left the catalogue) gets nothing back.
 */
export async function returnStoreStock(
  tx: Database,
  wants: ReadonlyArray<StockWant & { storeId: number }>,
): Promise<void> {
  const sorted = [...wants].sort((a, b) => a.storeId - b.storeId || a.skuId - b.skuId);
  for (const w of sorted) {
    await tx
      .update(storeStock)
      .set({ quantity: sql`${storeStock.quantity} + ${w.quantity}` })
      .where(and(eq(storeStock.storeId, w.storeId), eq(storeStock.skuId, w.skuId)));
  }
}
