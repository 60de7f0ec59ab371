/**
 * The image route: `GET|HEAD /img/product/{folder}/{fileName}` and `/img/pagewidget/{folder}/
 * {fileName}` (widget images, issue 16) answer the stored image file
 * `fileName` (media.service.ts) with its media type and a one-year immutable cache (a file's
 * name changes when its content does), or 404 `Not found` for an unknown file, a folder that is
 * not a size (`400x400`, `100f125`) or `raw`, or any other path under `/img/`. Every size folder
 * serves the stored file as it is. GEINS-API §1 image URLs; ralph's `IMAGE_SERVER` is
 * `{shop}/img`.
 */
import type { Database } from '../../db/client.ts';
import { findStoredImage } from './media.service.ts';

/** Path prefix of the image route. */
export const IMAGES_PATH = '/img';

/** One year, for files whose content never changes under the same name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** Image folders accepted in `/img/product/{folder}/...`: `400x400`, `100f125`, `raw`. */
const IMAGE_FOLDER = /^(?:\d{1,4}[xf]\d{1,4}|raw)$/;

/** `/img/product/{folder}/{fileName}` or `/img/pagewidget/{folder}/{fileName}`, one segment each. */
const IMAGE_PATH = /^\/img\/(?:product|pagewidget)\/([^/]+)\/([^/]+)$/;

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

/** The bare file name a path asks for, or null when it is not a product image path. */
function requestedFileName(pathname: string): string | null {
  const match = IMAGE_PATH.exec(pathname);
  if (!match || !IMAGE_FOLDER.test(match[1] ?? '')) return null;
  try {
    const fileName = decodeURIComponent(match[2] ?? '');
    return fileName === '' || fileName.includes('/') ? null : fileName;
  } catch {
    return null;
  }
}

/**
 * Creates the image handler on an open database: a Response for a path under `/img/`, null for
 * any other path (the caller routes it elsewhere). GET and HEAD only; other methods get 405.
 */
export function createImageHandler(options: {
  db: Database;
}): (request: Request) => Promise<Response | null> {
  const { db } = options;
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(`${IMAGES_PATH}/`)) return null;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', {
        status: 405,
        headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    const fileName = requestedFileName(pathname);
    const image = fileName === null ? null : await findStoredImage(db, fileName);
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
