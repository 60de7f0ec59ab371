/**
 * Scale-out mode (API_URL set; docs/architecture.md): the API runs in another process, so the
 * shop reaches it over HTTP — GraphQL at {@link graphqlUrl}, product images forwarded by
 * {@link forwardImages}.
 */
import type { Request, Response } from 'express';

/** Response headers an image forwarded from the API (scale-out mode) keeps. */
const FORWARDED_IMAGE_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'content-security-policy',
  'x-content-type-options',
  'allow',
];

/**
 * `/img/*` forwarded to the API server, which serves the stored images
 * (apps/api/src/modules/media/media.http.ts), so image URLs stay `{shop}/img/...`. 502 when the
 * API cannot be reached.
 */
export function forwardImages(apiUrl: string) {
  const origin = new URL(apiUrl).origin;
  return async (req: Request, res: Response): Promise<void> => {
    let upstream: globalThis.Response;
    try {
      upstream = await fetch(new URL(req.originalUrl, origin), { method: req.method });
    } catch {
      res.status(502).type('text/plain').send('Bad gateway');
      return;
    }
    res.status(upstream.status);
    for (const name of FORWARDED_IMAGE_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null) res.setHeader(name, value);
    }
    res.end(Buffer.from(await upstream.arrayBuffer()));
  };
}

/** The GraphQL endpoint of API_URL: the URL itself when it ends in /graphql, else base + /graphql. */
export function graphqlUrl(apiUrl: string): string {
  const url = new URL(apiUrl);
  if (!url.pathname.endsWith('/graphql')) url.pathname = url.pathname.replace(/\/?$/, '/graphql');
  return url.href;
}
