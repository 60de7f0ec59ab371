/**
 * What a cart weighs and how big its parcel is (issue 43), for a shipping provider to price
 * (nShift's options follow the cart's weight): one function per rule, each pure, plus
 * {@link cartParcel} that reads a cart's lines and the SKUs' measures.
 *
 * Units: weights in grams, lengths in millimetres, whole numbers. A SKU's 0 means "unknown"
 * (catalog.tables.ts `skus`): it adds nothing to a weight and is skipped for the size, and the
 * result says so (`unknownWeight`, `unknownSize`) so a caller can fall back to its own default.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { skuMeasuresById, type SkuMeasures } from '../catalog/sku-measures.service.ts';
import { cartItems } from './cart.tables.ts';

/** One line of a parcel: the SKU's measures and how many units. */
export interface ParcelLine extends SkuMeasures {
  quantity: number;
}

/** A box's outer size in millimetres, longest side first. */
export interface ParcelDimensions {
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}

/** A cart's weight and parcel size (see the module comment). */
export interface ParcelEstimate {
  /** Total weight in grams ({@link totalWeightGrams}). */
  weightGrams: number;
  /** True when a line's weight is unknown (0): the total is then too low. */
  unknownWeight: boolean;
  /** The parcel's size ({@link largestLineDimensions}), or null when no line's size is known. */
  dimensions: ParcelDimensions | null;
  /** True when a line's size is unknown (some side 0). */
  unknownSize: boolean;
}

/**
 * The rule for the weight: the sum of every line's unit weight × quantity, in grams. Lines of
 * unknown weight (0) add nothing. An empty cart weighs 0.
 */
export function totalWeightGrams(lines: readonly ParcelLine[]): number {
  return lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);
}

/** A line's size with its sides sorted longest first (a box may be turned). */
function sorted(line: SkuMeasures): ParcelDimensions {
  const [lengthMm, widthMm, heightMm] = [line.lengthMm, line.widthMm, line.heightMm].sort(
    (a, b) => b - a,
  ) as [number, number, number];
  return { lengthMm, widthMm, heightMm };
}

/** True when all three sides of the SKU are known (above 0). */
function hasSize(line: SkuMeasures): boolean {
  return line.lengthMm > 0 && line.widthMm > 0 && line.heightMm > 0;
}

/**
 * The rule for the size: the parcel is as big as the largest single unit of the cart, by volume
 * (length × width × height, millimetres; ties: the longest side, then the first line), with its
 * sides sorted longest first. The smaller items are assumed to fit beside it (a bike's box holds
 * a helmet; a helmet's box a tube), which is how most shops quote a parcel without packing it.
 * Lines whose size is unknown (a side 0) are skipped; null when no line has a known size.
 */
export function largestLineDimensions(lines: readonly ParcelLine[]): ParcelDimensions | null {
  let best: ParcelDimensions | null = null;
  let bestVolume = 0;
  for (const line of lines) {
    if (line.quantity <= 0 || !hasSize(line)) continue;
    const size = sorted(line);
    const volume = size.lengthMm * size.widthMm * size.heightMm;
    if (volume > bestVolume || (volume === bestVolume && best && size.lengthMm > best.lengthMm)) {
      best = size;
      bestVolume = volume;
    }
  }
  return best;
}

/** Both rules over `lines`, with what was unknown. */
export function parcelEstimate(lines: readonly ParcelLine[]): ParcelEstimate {
  return {
    weightGrams: totalWeightGrams(lines),
    unknownWeight: lines.some((line) => line.weightGrams <= 0),
    dimensions: largestLineDimensions(lines),
    unknownSize: lines.some((line) => !hasSize(line)),
  };
}

/**
 * The parcel estimate of cart `cartId` with the SKUs' current measures (two statements). An
 * empty or unknown cart gives weight 0 and no dimensions.
 */
export async function cartParcel(db: Database, cartId: string): Promise<ParcelEstimate> {
  const items = await db
    .select({ skuId: cartItems.skuId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId));
  const measures = await skuMeasuresById(
    db,
    items.map((item) => item.skuId),
  );
  const unknown: SkuMeasures = { weightGrams: 0, lengthMm: 0, widthMm: 0, heightMm: 0 };
  return parcelEstimate(
    items.map((item) => ({ ...(measures.get(item.skuId) ?? unknown), quantity: item.quantity })),
  );
}
