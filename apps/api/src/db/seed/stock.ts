/**
 * Web-shop stock per SKU covering every stock status of SPEC §4: in stock (> 5 units), few left
 * (1-5), out of stock with and without an incoming date, oversellable (supplier stock) and static.
 */
import type { ProductKind } from './images/product-kinds.ts';
import type { Random } from './random.ts';

/** The statuses the seed produces; `out-of-stock-incoming` has a restock date. */
export const SEED_STOCK_STATUSES = [
  'in-stock',
  'few-left',
  'out-of-stock-incoming',
  'out-of-stock',
  'oversellable',
  'static',
] as const;

/** A seed stock status. */
export type SeedStockStatus = (typeof SEED_STOCK_STATUSES)[number];

/** Units per column and the restock date (yyyy-mm-dd) of one SKU. */
export interface StockLevels {
  inStock: number;
  oversellable: number;
  static: number;
  incoming: string | null;
}

const WEIGHTS: Record<SeedStockStatus, number> = {
  'in-stock': 70,
  'few-left': 11,
  'out-of-stock-incoming': 6,
  'out-of-stock': 4,
  oversellable: 6,
  static: 3,
};

/**
 * Picks a status. The first SKUs of the catalogue (`globalIndex` < 6) get each status once so
 * that even a tiny seed shows them all; lådcyklar are often built to order (static).
 */
export function pickStockStatus(
  kind: ProductKind,
  globalIndex: number,
  rng: Random,
): SeedStockStatus {
  const forced = SEED_STOCK_STATUSES[globalIndex];
  if (forced) return forced;
  const weights = SEED_STOCK_STATUSES.map((s) =>
    kind === 'ladcykel' && s === 'static' ? 25 : WEIGHTS[s],
  );
  return rng.weighted(SEED_STOCK_STATUSES, weights);
}

/** Stock levels consistent with the status; `today` is the seed's `now` (UTC date). */
export function stockLevels(
  status: SeedStockStatus,
  isBike: boolean,
  today: Date,
  rng: Random,
): StockLevels {
  const none = { inStock: 0, oversellable: 0, static: 0, incoming: null };
  switch (status) {
    case 'in-stock':
      return { ...none, inStock: isBike ? rng.int(6, 24) : rng.int(6, 80) };
    case 'few-left':
      return { ...none, inStock: rng.int(1, 5) };
    case 'out-of-stock-incoming': {
      const date = new Date(today.getTime() + rng.int(3, 45) * 86_400_000);
      return { ...none, incoming: date.toISOString().slice(0, 10) };
    }
    case 'out-of-stock':
      return none;
    case 'oversellable':
      return { ...none, oversellable: rng.int(3, 40) };
    case 'static':
      return { ...none, static: 100 };
  }
}
