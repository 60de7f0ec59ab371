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

/** A colour of the fixed palette: Swedish label and the main and shade colours (hex). */
export interface PaletteColour {
  label: string;
  hex: string;
  shade: string;
}

/** The colour palette product images and the `Color` parameter use, keyed by ASCII key. */
export const PRODUCT_COLOURS = {
  svart: { label: 'Svart', hex: '#26282b', shade: '#111214' },
  vit: { label: 'Vit', hex: '#f3f2ee', shade: '#c9c7c0' },
  gra: { label: 'Grå', hex: '#8b9196', shade: '#5f6569' },
  rod: { label: 'Röd', hex: '#c62a2f', shade: '#8e1a1f' },
  bla: { label: 'Blå', hex: '#2563b8', shade: '#17427d' },
  marinbla: { label: 'Marinblå', hex: '#1f2f57', shade: '#121c36' },
  gron: { label: 'Grön', hex: '#2f8a58', shade: '#1d5c3a' },
  olivgron: { label: 'Olivgrön', hex: '#6b7445', shade: '#474e2c' },
  gul: { label: 'Gul', hex: '#f2c230', shade: '#b98f12' },
  orange: { label: 'Orange', hex: '#ee7a25', shade: '#b1561a' },
  rosa: { label: 'Rosa', hex: '#ee9bbb', shade: '#c06a8c' },
  lila: { label: 'Lila', hex: '#7a4fa6', shade: '#533475' },
  turkos: { label: 'Turkos', hex: '#2bb0ad', shade: '#1b7b79' },
  silver: { label: 'Silver', hex: '#c3c8cc', shade: '#8e959b' },
  beige: { label: 'Beige', hex: '#d9c6a3', shade: '#a8946f' },
  brun: { label: 'Brun', hex: '#7b5332', shade: '#52361f' },
} as const satisfies Record<string, PaletteColour>;

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
