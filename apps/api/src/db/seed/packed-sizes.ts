/**
 * The packed size of the seed's SKUs (issue 43): the box each kind ships in, in millimetres
 * (length × width × height as `skus.length_mm`, `width_mm`, `height_mm`), so the demo shop's
 * shipping can be priced by size. A boxed bike is about 1500 × 200 × 800; a bike's frame size
 * makes its box a little longer. Drawn without the seed's random streams, so every other
 * generated value stays as it was.
 */
import type { ProductKind } from './images/product-kinds.ts';

/** A box: millimetres. */
export interface PackedSize {
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}

/** The box of each kind's middle size. */
const BOXES: Record<ProductKind, PackedSize> = {
  elcykel: { lengthMm: 1600, widthMm: 250, heightMm: 850 },
  hybridcykel: { lengthMm: 1500, widthMm: 200, heightMm: 800 },
  stadscykel: { lengthMm: 1500, widthMm: 220, heightMm: 800 },
  mountainbike: { lengthMm: 1550, widthMm: 230, heightMm: 820 },
  racercykel: { lengthMm: 1450, widthMm: 200, heightMm: 780 },
  gravelcykel: { lengthMm: 1450, widthMm: 210, heightMm: 790 },
  barncykel: { lengthMm: 1050, widthMm: 180, heightMm: 600 },
  ladcykel: { lengthMm: 2200, widthMm: 700, heightMm: 1000 },
  hjalm: { lengthMm: 300, widthMm: 250, heightMm: 200 },
  las: { lengthMm: 320, widthMm: 150, heightMm: 80 },
  belysning: { lengthMm: 150, widthMm: 100, heightMm: 60 },
  cykelvaska: { lengthMm: 450, widthMm: 350, heightMm: 150 },
  pump: { lengthMm: 650, widthMm: 200, heightMm: 100 },
  dack: { lengthMm: 350, widthMm: 350, heightMm: 70 },
  slang: { lengthMm: 150, widthMm: 100, heightMm: 50 },
  klader: { lengthMm: 350, widthMm: 250, heightMm: 50 },
  verktyg: { lengthMm: 250, widthMm: 150, heightMm: 50 },
  barnsits: { lengthMm: 600, widthMm: 450, heightMm: 400 },
};

/** Millimetres a bike's box grows per frame size up from the middle one. */
const BIKE_STEP_MM = 30;

/**
 * The box of a SKU of `kind`: `sizeStep` sizes above (negative: below) the product's middle size.
 * Bikes' boxes are {@link BIKE_STEP_MM} longer per size; accessories keep one box.
 */
export function packedSize(kind: ProductKind, isBike: boolean, sizeStep: number): PackedSize {
  const box = BOXES[kind];
  if (!isBike) return { ...box };
  return { ...box, lengthMm: Math.round(box.lengthMm + sizeStep * BIKE_STEP_MM) };
}
