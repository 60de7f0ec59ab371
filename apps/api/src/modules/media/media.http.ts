/**
 * The image route: `GET|HEAD /img/product/{folder}/{fileName}` and `/img/pagewidget/{folder}/
 * {fileName}` (widget images, issue 16) answer the stored image file
 * `fileName` with its media type and a one-year immutable cache (a file's name changes when its
 * content does): a back-office upload from the media storage (issue 26; its size folder, else its
 * `raw` copy), else a file stored in the database (media.service.ts: the seed's); or 404 `Not found` for an unknown file, a folder that is
 * not a size (`400x400`, `100f125`) or `raw`, or any other path under `/img/`. A database file is
 * served as it is in every size folder. GEINS-API §1 image URLs; ralph's `IMAGE_SERVER` is
 * `{shop}/img`.
 */
import type { Database } from '../../db/client.ts';
import { productImageKey, type MediaStorage } from './media-storage.ts';
import { findStoredImage, type StoredImage } from './media.service.ts';

/** Path prefix of the image route. */
export const IMAGES_PATH = '/img';

/** One year, for files whose content never changes under the same name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Image folders accepted: `400x400`, `100f125` (product sizes), `1500w` (ralph's page-widget
 * widths, its config/image-sizes.csv: 100w–4000w; issue 44 §2), `raw`.
 */
const IMAGE_FOLDER = /^(?:\d{1,4}[xf]\d{1,4}|\d{1,4}w|raw)$/;

/** `/img/product/{folder}/{fileName}` or `/img/pagewidget/{folder}/{fileName}`, one segment each. */
const IMAGE_PATH = /^\/img\/(product|pagewidget)\/([^/]+)\/([^/]+)$/;

/**
 * A stored file is uploaded data: an SVG among them must not run script or load anything when
 * opened directly, and no browser may sniff another type.
 */
const IMAGE_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
};

function notFound(): Response {
  return new Response('Not found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}

/** The kind, folder and bare file name a path asks for, or null when it is not an image path. */
function requested(pathname: string): { kind: string; folder: string; fileName: string } | null {
  const match = IMAGE_PATH.exec(pathname);
  if (!match || !IMAGE_FOLDER.test(match[2] ?? '')) return null;
  try {
    const fileName = decodeURIComponent(match[3] ?? '');
    if (fileName === '' || fileName.includes('/')) return null;
    return { kind: match[1]!, folder: match[2]!, fileName };
  } catch {
    return null;
  }
}

/** An uploaded product image from the storage: the size folder's file, else the `raw` copy. */
async function findUploadedImage(
  storage: MediaStorage,
  folder: string,
  fileName: string,
): Promise<StoredImage | null> {
  for (const candidate of folder === 'raw' ? ['raw'] : [folder, 'raw']) {
    const file = await storage.get(productImageKey(candidate, fileName));
    if (file) return { fileName, ...file };
  }
  return null;
}

/**
 * Creates the image handler on an open database: a Response for a path under `/img/`, null for
 * any other path (the caller routes it elsewhere). GET and HEAD only; other methods get 405.
 */
export function createImageHandler(options: {
  db: Database;
  /** The media storage of uploads (none: database files only). */
  storage?: MediaStorage | undefined;
}): (request: Request) => Promise<Response | null> {
  const { db, storage } = options;
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(`${IMAGES_PATH}/`)) return null;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', {
        status: 405,
        headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    const asked = requested(pathname);
    const uploaded =
      asked && storage && asked.kind === 'product'
        ? await findUploadedImage(storage, asked.folder, asked.fileName)
        : null;
    const image = uploaded ?? (asked ? await findStoredImage(db, asked.fileName) : null);
    if (!image) return notFound();
    const headers = {
      'content-type': image.contentType,
      'content-length': String(image.body.length),
      'cache-control': IMMUTABLE_CACHE,
      ...IMAGE_SECURITY_HEADERS,
    };
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(image.body), {
      status: 200,
      headers,
    });
  };
}
