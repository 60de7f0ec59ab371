/**
 * Uploaded product images (issue 26): validated and resized with sharp to the sizes the
 * storefront asks for (`/img/product/400x400/…` for cards and thumbnails, `800x800` for the
 * gallery; storefront features/product/image-url.ts) plus a `raw` copy of at most
 * {@link RAW_MAX_EDGE} px, all WebP, stored under `product/{folder}/{fileName}` in the media
 * storage (media-storage.ts). The image route (media.http.ts) serves them.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { badUserInput } from '../../errors.ts';
import type { MediaStorage } from './media-storage.ts';

/** The size folders made for every upload: a square box of `size` px, the image centred on white. */
export const PRODUCT_IMAGE_SIZES = [
  { folder: '400x400', size: 400 },
  { folder: '800x800', size: 800 },
] as const;

/** The longest edge of the `raw` copy, in pixels. */
export const RAW_MAX_EDGE = 2000;

/** The largest upload accepted, in bytes (15 MiB). */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

/** The smallest width and height accepted, in pixels. */
export const MIN_IMAGE_EDGE = 200;

/** The formats accepted (as sharp names them). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'tiff', 'gif', 'heif']);

/** The most pixels sharp decodes (decompression bombs are refused before decoding). */
const MAX_INPUT_PIXELS = 50_000_000;

/** The storage key of a product image file in a size folder. */
export function productImageKey(folder: string, fileName: string): string {
  return `product/${folder}/${fileName}`;
}

/**
 * Checks an upload and makes its sizes: WebP files for each of {@link PRODUCT_IMAGE_SIZES} and
 * `raw`. `baseName` becomes the start of the file name (an alias), followed by a hash of the
 * bytes, so a new picture gets a new name (the image route caches a name for a year).
 * @returns the file name and the files by folder
 * @throws ShopError BAD_USER_INPUT (Swedish message) for an empty, too large, unreadable,
 *   unsupported or too small image
 */
export async function processProductImage(
  body: Buffer,
  baseName: string,
): Promise<{ fileName: string; files: Array<{ folder: string; body: Buffer }> }> {
  if (body.length === 0) throw badUserInput('Filen är tom', 'file');
  if (body.length > MAX_IMAGE_BYTES) {
    throw badUserInput('Bilden är större än 15 MB', 'file');
  }
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(body, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw badUserInput('Filen är ingen bild som kan läsas (JPEG, PNG, WebP eller AVIF)', 'file');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw badUserInput('Bildformatet stöds inte (JPEG, PNG, WebP eller AVIF)', 'file');
  }
  const width = metadata.autoOrient?.width ?? metadata.width ?? 0;
  const height = metadata.autoOrient?.height ?? metadata.height ?? 0;
  if (width * height > MAX_INPUT_PIXELS) throw badUserInput('Bilden har för många pixlar', 'file');
  if (width < MIN_IMAGE_EDGE || height < MIN_IMAGE_EDGE) {
    throw badUserInput(
      `Bilden måste vara minst ${MIN_IMAGE_EDGE}×${MIN_IMAGE_EDGE} pixlar`,
      'file',
    );
  }
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const fileName = `${baseName.replace(/[^a-z0-9-]/g, '').slice(0, 80) || 'bild'}_${hash}.webp`;
  const source = () =>
    sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
  try {
    const files = await Promise.all([
      ...PRODUCT_IMAGE_SIZES.map(async ({ folder, size }) => ({
        folder,
        body: await source()
          .resize(size, size, { fit: 'contain', background: '#ffffff' })
          .flatten({ background: '#ffffff' })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
      (async () => ({
        folder: 'raw',
        body: await source()
          .resize(RAW_MAX_EDGE, RAW_MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 88 })
          .toBuffer(),
      }))(),
    ]);
    return { fileName, files };
  } catch {
    throw badUserInput('Bilden kunde inte läsas (filen kan vara skadad)', 'file');
  }
}

/** Stores the files of {@link processProductImage} under their keys. */
export async function storeProductImageFiles(
  storage: MediaStorage,
  fileName: string,
  files: ReadonlyArray<{ folder: string; body: Buffer }>,
): Promise<void> {
  for (const file of files) {
    await storage.put(productImageKey(file.folder, fileName), {
      body: file.body,
      contentType: 'image/webp',
    });
  }
}
