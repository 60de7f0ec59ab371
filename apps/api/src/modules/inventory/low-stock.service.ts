/**
 * Low stock for the back office's dashboard (issue 27 "Dashboard"): the SKUs of active products
 * with at most {@link FEW_LEFT_THRESHOLD} units in the web warehouse (the storefront's "few left"
 * and "out of stock", SPEC §4), whatever a supplier's stock adds; SKUs with static stock (always
 * sellable) are left out. A SKU without a stock row has 0 units.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, skus } from '../catalog/catalog.tables.ts';
import { stock } from './inventory.tables.ts';
import { FEW_LEFT_THRESHOLD } from './stock-status.ts';

/** One SKU running low. */
export interface LowStockItem {
  skuId: number;
  /** The SKU's article number. */
  articleNumber: string;
  /** The size label. */
  size: string;
  productId: number;
  productName: string;
  /** Units in the web warehouse (0 … {@link FEW_LEFT_THRESHOLD}). */
  inStock: number;
  /** Units sellable from a supplier's stock. */
  oversellable: number;
  /** Expected restock date (`yyyy-mm-dd`), or null. */
  incoming: string | null;
}

/** The first SKUs running low and how many there are in all. */
export interface LowStock {
  /** Every SKU running low. */
  total: number;
  /** The lowest first (fewest units, then product name), at most `take`. */
  items: LowStockItem[];
  /** The threshold used: at most this many units (SPEC §4 "few left"). */
  threshold: number;
}

/** Most SKUs {@link lowStock} lists. */
export const LOW_STOCK_TAKE_MAX = 50;

/**
 * The SKUs of active products running low (see the module comment), fewest units first.
 * Two statements.
 * @param take how many to list, 1–{@link LOW_STOCK_TAKE_MAX}
 */
export async function lowStock(db: Database, take = 10): Promise<LowStock> {
  const units = sql<number>`coalesce(${stock.inStock}, 0)`;
  const where = and(
    eq(products.active, true),
    lte(units, FEW_LEFT_THRESHOLD),
    sql`coalesce(${stock.static}, 0) = 0`,
  );
  const base = () =>
    db
      .select({
        skuId: skus.id,
        articleNumber: skus.articleNumber,
        size: skus.name,
        productId: products.id,
        productName: products.name,
        inStock: units,
        oversellable: sql<number>`coalesce(${stock.oversellable}, 0)`,
        incoming: stock.incoming,
      })
      .from(skus)
      .innerJoin(products, eq(products.id, skus.productId))
      .leftJoin(stock, eq(stock.skuId, skus.id));
  const [items, [count]] = await Promise.all([
    base()
      .where(where)
      .orderBy(asc(units), asc(products.name), asc(skus.sortOrder), asc(skus.id))
      .limit(Math.min(Math.max(take, 1), LOW_STOCK_TAKE_MAX)),
    db
      .select({ total: sql<string>`count(*)` })
      .from(skus)
      .innerJoin(products, eq(products.id, skus.productId))
      .leftJoin(stock, eq(stock.skuId, skus.id))
      .where(where),
  ]);
  return {
    total: Number(count?.total ?? 0),
    items: items.map((i) => ({
      ...i,
      inStock: Number(i.inStock),
      oversellable: Number(i.oversellable),
    })),
    threshold: FEW_LEFT_THRESHOLD,
  };
}
