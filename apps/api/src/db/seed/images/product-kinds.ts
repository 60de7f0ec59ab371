/**
 * What the seed catalogue's product images show. The seed catalogue has no photographs; each
 * product image file name encodes what to draw (`{kind}_{colour}_{productId}_{n}.svg`, e.g.
 * `elcykel_svart_1042_1.svg`), the seed renders it (./render.ts) and stores it as the product's
 * uploaded image. Seed-only: production serves what is stored, it draws nothing.
 */

/** The product kinds the seed catalogue sells; one per leaf category. */
export const PRODUCT_KINDS = [
  'elcykel',
  'hybridcykel',
  'stadscykel',
  'mountainbike',
  'racercykel',
  'gravelcykel',
  'barncykel',
  'ladcykel',
  'hjalm',
  'las',
  'belysning',
  'cykelvaska',
  'pump',
  'dack',
  'slang',
  'klader',
  'verktyg',
  'barnsits',
] as const;

/** A product kind (`elcykel`, `hjalm`, ...). */
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** The bicycle kinds (the rest are accessories and parts). */
export const BIKE_KINDS: readonly ProductKind[] = [
  'elcykel',
  'hybridcykel',
  'stadscykel',
  'mountainbike',
  'racercykel',
  'gravelcykel',
  'barncykel',
  'ladcykel',
];

export { PRODUCT_COLOURS, type PaletteColour } from '../../../modules/catalog/colour-palette.ts';
import { PRODUCT_COLOURS } from '../../../modules/catalog/colour-palette.ts';

/** A palette key (`svart`, `rod`, ...). */
export type ColourKey = keyof typeof PRODUCT_COLOURS;

/** All palette keys in palette order. */
export const COLOUR_KEYS = Object.keys(PRODUCT_COLOURS) as ColourKey[];

/** What a product image file name encodes. */
export interface ProductImageSpec {
  kind: ProductKind;
  colour: ColourKey;
  productId: number;
  /** Image number within the product's gallery, 1..9. */
  n: number;
}

/**
 * The file name of a product image, e.g. `productImageFileName('elcykel', 'svart', 1042, 1)`
 * → `elcykel_svart_1042_1.svg`.
 */
export function productImageFileName(
  kind: ProductKind,
  colour: ColourKey,
  productId: number,
  n: number,
): string {
  return `${kind}_${colour}_${productId}_${n}.svg`;
}

const FILE_NAME = /^([a-z]+)_([a-z]+)_([1-9][0-9]{0,9})_([1-9])\.svg$/;

/** Parses a file name made by {@link productImageFileName}; null for anything else. */
export function parseProductImageFileName(fileName: string): ProductImageSpec | null {
  const match = FILE_NAME.exec(fileName);
  if (!match) return null;
  const [, kind, colour, id, n] = match;
  if (!(PRODUCT_KINDS as readonly string[]).includes(kind ?? '')) return null;
  if (!Object.hasOwn(PRODUCT_COLOURS, colour ?? '')) return null;
  return {
    kind: kind as ProductKind,
    colour: colour as ColourKey,
    productId: Number(id),
    n: Number(n),
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Drawing                                                                                      */
