/**
 * `npm run raster-images -w apps/storefront`: the shop's raster images for search engines and
 * shared links (issue 20), drawn from the wheel mark `public/favicon.svg` with resvg
 * (`@resvg/resvg-js`): `public/logo-512.png` (512 × 512, the Organization JSON-LD's logo) and
 * `public/og-default.png` (1200 × 630, the Open Graph and Twitter image of pages without a
 * product image). The PNGs are committed; `raster-images.test.ts` fails when they no longer
 * match the SVG. No text is drawn (the trade name is configurable and fonts differ per machine).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const publicDir = resolve(fileURLToPath(new URL('../public', import.meta.url)));

/** The committed files: name in `public/`, pixel size. */
export const RASTER_IMAGES = {
  logo: { file: 'logo-512.png', width: 512, height: 512 },
  og: { file: 'og-default.png', width: 1200, height: 630 },
} as const;

/** The Open Graph card's background: the brand purple's lightest tint (tokens.css). */
const CARD_BACKGROUND = '#f4eef8';

/** Renders an SVG document to PNG bytes at its own size (no system fonts are loaded). */
function png(svg: string): Buffer {
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
}

/**
 * The two PNGs of the wheel mark `markSvg` (an SVG with a 32 × 32 viewBox): the logo fills 512 ×
 * 512 on a transparent ground; the card centres it at 360 px on {@link CARD_BACKGROUND}.
 */
export function renderRasterImages(markSvg: string): Record<keyof typeof RASTER_IMAGES, Buffer> {
  const inner = markSvg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const { logo, og } = RASTER_IMAGES;
  const mark = (size: number, x: number, y: number) =>
    `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 32 32">${inner}</svg>`;
  const logoSvg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${logo.width}" height="${logo.height}">` +
    `${mark(logo.width, 0, 0)}</svg>`;
  const size = 360;
  const ogSvg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${og.width}" height="${og.height}">` +
    `<rect width="100%" height="100%" fill="${CARD_BACKGROUND}"/>` +
    `${mark(size, (og.width - size) / 2, (og.height - size) / 2)}</svg>`;
  return { logo: png(logoSvg), og: png(ogSvg) };
}

/** The wheel mark as committed. */
export function readMarkSvg(): string {
  return readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
}

/** The path of a committed raster image. */
export function rasterImagePath(name: keyof typeof RASTER_IMAGES): string {
  return join(publicDir, RASTER_IMAGES[name].file);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const images = renderRasterImages(readMarkSvg());
  for (const name of Object.keys(RASTER_IMAGES) as Array<keyof typeof RASTER_IMAGES>) {
    writeFileSync(rasterImagePath(name), images[name]);
    console.log(`Wrote ${rasterImagePath(name)} (${images[name].length} bytes)`);
  }
}
