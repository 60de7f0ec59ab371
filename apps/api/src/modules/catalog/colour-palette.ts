/**
 * The shop's colour palette (issue 25): the Swedish colour names of the `Color` parameter with
 * their swatch colours. The variant tree gives a colour node its `hex` attribute from here; the
 * seed draws its demo product images in these colours (db/seed/images).
 */

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
