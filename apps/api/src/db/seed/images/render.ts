/**
 * Renders a seed product image from its file name (./product-kinds.ts): the seed stores the
 * result as the product's uploaded image. Pure: no database, no network. Seed-only.
 */
import {
  bagSvg,
  childSeatSvg,
  helmetSvg,
  jerseySvg,
  lampSvg,
  lockSvg,
  pumpSvg,
  toolSvg,
  tubeSvg,
  tyreSvg,
} from './accessories.ts';
import { bikeShape, bikeSvg } from './bike.ts';
import {
  BIKE_KINDS,
  parseProductImageFileName,
  PRODUCT_COLOURS,
  type ProductImageSpec,
  type ProductKind,
} from './product-kinds.ts';
import { paintOf, r1, tint, type Paint, type Point } from './svg-kit.ts';

/* Composition ------------------------------------------------------------------------------ */

const BACKGROUNDS = ['#f4f2ee', '#eef1f3', '#f3efe8'] as const;

/** Point the close-up (image 3) zooms in on, per kind. */
const FOCUS: Partial<Record<ProductKind, Point>> = {
  elcykel: [420, 470],
  hybridcykel: [520, 380],
  stadscykel: [560, 380],
  mountainbike: [560, 420],
  racercykel: [560, 380],
  gravelcykel: [520, 420],
  barncykel: [430, 500],
  ladcykel: [520, 480],
};

function drawing(spec: ProductImageSpec, paint: Paint): string {
  const { kind, productId, n } = spec;
  switch (kind) {
    case 'hjalm':
      return helmetSvg(paint, productId);
    case 'las':
      return lockSvg(paint, productId + n);
    case 'belysning':
      return lampSvg(paint, productId, n === 2);
    case 'cykelvaska':
      return bagSvg(paint, productId);
    case 'pump':
      return pumpSvg(paint);
    case 'dack':
      return tyreSvg(paint, productId, n === 2);
    case 'slang':
      return tubeSvg(productId);
    case 'klader':
      return jerseySvg(paint, productId, n === 2);
    case 'verktyg':
      return toolSvg(paint, productId);
    case 'barnsits':
      return childSeatSvg(paint);
    default:
      return bikeSvg(bikeShape(kind, productId), paint);
  }
}

/**
 * Renders the SVG illustration for a product image file name (see `productImageFileName`),
 * or null when the name is not one this module makes (the server answers 404 then). The result
 * is a complete, self-contained SVG document of a few KB with an 800x800 viewBox: the product
 * kind drawn flat in the product's colour on a light neutral background. Image 1 is the product
 * from the side, image 2 mirrored or another view, image 3 a close-up.
 */
export function renderProductImageSvg(fileName: string): string | null {
  const spec = parseProductImageFileName(fileName);
  if (!spec) return null;
  const paint = paintOf(PRODUCT_COLOURS[spec.colour]);
  const isBike = BIKE_KINDS.includes(spec.kind);
  const variant = (spec.n - 1) % 3;
  const background = BACKGROUNDS[variant] ?? BACKGROUNDS[0];
  const halo =
    spec.colour === 'vit' || spec.colour === 'silver'
      ? '#e4e7ea'
      : tint(spec.colour === 'svart' ? '#8b9196' : paint.main, 0.82);
  let transform = '';
  if (
    variant === 1 &&
    (isBike || spec.kind === 'hjalm' || spec.kind === 'barnsits' || spec.kind === 'pump')
  ) {
    transform = 'translate(800 0) scale(-1 1)';
  } else if (
    variant === 1 &&
    (spec.kind === 'las' ||
      spec.kind === 'cykelvaska' ||
      spec.kind === 'slang' ||
      spec.kind === 'verktyg')
  ) {
    transform = 'translate(400 410) rotate(9) scale(0.94) translate(-400 -410)';
  } else if (variant === 2) {
    const focus = FOCUS[spec.kind] ?? ([400, 420] as Point);
    transform = isBike
      ? `translate(400 400) scale(1.7) translate(${r1(-focus[0])} ${r1(-focus[1])})`
      : 'translate(400 400) rotate(-14) scale(1.12) translate(-400 -400)';
  }
  const haloShape =
    variant === 1
      ? `<rect x="110" y="150" width="580" height="520" rx="120" fill="${halo}"/>`
      : `<circle cx="400" cy="${isBike ? 440 : 420}" r="${isBike ? 320 : 290}" fill="${halo}"/>`;
  const ground =
    variant === 2
      ? ''
      : `<ellipse cx="400" cy="${isBike ? 668 : 700}" rx="${isBike ? 330 : 230}" ry="18" fill="#000" opacity=".08"/>`;
  const defs =
    spec.kind === 'belysning'
      ? '<defs><linearGradient id="beam"><stop offset="0" stop-color="#fff3a6" stop-opacity=".9"/><stop offset="1" stop-color="#fff3a6" stop-opacity="0"/></linearGradient></defs>'
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">${defs}` +
    `<rect width="800" height="800" fill="${background}"/>${haloShape}${ground}` +
    `<g${transform ? ` transform="${transform}"` : ''}>${drawing(spec, paint)}</g></svg>`
  );
}

/** Media type of the seed's images, sent as Content-Type by the image route. */
export const SEED_IMAGE_TYPE = 'image/svg+xml; charset=utf-8';

/**
 * The seed's image files for product image file names: each drawn by
 * {@link renderProductImageSvg}, ready for `storeImages`.
 * @throws Error for a name the renderer does not understand (a seed bug)
 */
export function renderSeedImages(
  fileNames: readonly string[],
): Array<{ fileName: string; contentType: string; body: Buffer }> {
  return fileNames.map((fileName) => {
    const svg = renderProductImageSvg(fileName);
    if (svg === null) throw new Error(`the seed cannot draw ${fileName}`);
    return { fileName, contentType: SEED_IMAGE_TYPE, body: Buffer.from(svg, 'utf8') };
  });
}
