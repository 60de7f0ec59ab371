/**
 * The weight and packed size of SKUs (issue 43), for whoever prices or packs a parcel: the cart's
 * parcel estimate (cart/cart-parcel.ts) and the packing list (orders/packing-list.service.ts).
 * Grams and millimetres as the catalogue stores them; 0 means unknown.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { skus } from './catalog.tables.ts';

/** One SKU's weight (grams) and packed size (millimetres); each 0 when unknown. */
export interface SkuMeasures {
  weightGrams: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}

/**
 * The measures of the SKUs `skuIds` by id (one statement; none for an empty list). An id the
 * catalogue no longer has (a SKU removed after an order) is missing from the map.
 */
export async function skuMeasuresById(
  db: Database,
  skuIds: readonly number[],
): Promise<Map<number, SkuMeasures>> {
  const ids = [...new Set(skuIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: skus.id,
      weightGrams: skus.weight,
      lengthMm: skus.lengthMm,
      widthMm: skus.widthMm,
      heightMm: skus.heightMm,
    })
    .from(skus)
    .where(inArray(skus.id, ids));
  return new Map(rows.map(({ id, ...measures }) => [id, measures]));
}
