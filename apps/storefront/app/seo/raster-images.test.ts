/**
 * The committed raster images (issue 20): `public/logo-512.png` and `public/og-default.png` are
 * PNGs of their stated size and exactly what `npm run raster-images -w apps/storefront` draws from
 * the wheel mark `public/favicon.svg` now (a changed mark without new PNGs fails here).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  RASTER_IMAGES,
  rasterImagePath,
  readMarkSvg,
  renderRasterImages,
} from '../../scripts/raster-images';

/** Width and height from a PNG's IHDR chunk; throws when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('ascii', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG');
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('raster images', () => {
  const names = Object.keys(RASTER_IMAGES) as Array<keyof typeof RASTER_IMAGES>;

  it.each(names)('%s is a PNG of its size, small enough to share', (name) => {
    const bytes = readFileSync(rasterImagePath(name));
    const { width, height } = RASTER_IMAGES[name];
    expect(pngSize(bytes)).toEqual({ width, height });
    expect(bytes.length).toBeLessThan(100_000);
  });

  it('the committed files are what the script draws from the current mark', () => {
    const drawn = renderRasterImages(readMarkSvg());
    for (const name of names) {
      expect(readFileSync(rasterImagePath(name)).equals(drawn[name]), name).toBe(true);
    }
    // A different mark draws different images (the comparison can fail).
    const recoloured = renderRasterImages(readMarkSvg().replace('#510c76', '#0c7651'));
    expect(recoloured.logo.equals(drawn.logo)).toBe(false);
  });
});
