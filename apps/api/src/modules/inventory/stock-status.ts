/**
 * Stock status and delivery time of a SKU or product (SPEC §4 "Stock statuses"; GEINS-API §4.2
 * StockType). Pure and free of database imports: the storefront imports this file too
 * (`@trampa/api/stock-status`).
 */

/** At most this many units in stock shows "few left" (SPEC §4). */
export const FEW_LEFT_THRESHOLD = 5;

/** The stock quantities that decide the status, in units. */
export interface StockLevels {
  /** Units physically in the warehouse. */
  inStock: number;
  /** Units sellable from a supplier's stock (external stock). */
  oversellable: number;
  /** Units always sellable; null counts as 0. */
  static?: number | null;
}

/** The five statuses of SPEC §4. */
export type StockStatus = 'in-stock' | 'few-left' | 'out-of-stock' | 'oversellable' | 'static';

/** Delivery-time buckets in days (SPEC §4, §9: "1-3 or 3-10 days"), or "longer". */
export type DeliveryTime = '1-3' | '3-10' | 'longer';

/**
 * The stock status:
 * - `few-left` when 1 <= inStock <= {@link FEW_LEFT_THRESHOLD};
 * - `in-stock` when inStock > {@link FEW_LEFT_THRESHOLD};
 * - `static` when nothing is in stock and static > 0;
 * - `oversellable` when nothing is in stock, static is 0 and oversellable > 0;
 * - `out-of-stock` otherwise.
 */
export function stockStatus(stock: StockLevels): StockStatus {
  const inStock = Math.max(0, stock.inStock);
  if (inStock > FEW_LEFT_THRESHOLD) return 'in-stock';
  if (inStock >= 1) return 'few-left';
  if ((stock.static ?? 0) > 0) return 'static';
  if (stock.oversellable > 0) return 'oversellable';
  return 'out-of-stock';
}

/**
 * Delivery time for a status: 1-3 days for in stock, few left and static; 3-10 days for
 * oversellable; longer for out of stock (SPEC §4).
 */
export function deliveryTime(status: StockStatus): DeliveryTime {
  switch (status) {
    case 'in-stock':
    case 'few-left':
    case 'static':
      return '1-3';
    case 'oversellable':
      return '3-10';
    case 'out-of-stock':
      return 'longer';
  }
}

/** Units that can be sold now: inStock + oversellable + static (`StockType.totalStock`). */
export function sellableUnits(stock: StockLevels): number {
  return stock.inStock + stock.oversellable + (stock.static ?? 0);
}
