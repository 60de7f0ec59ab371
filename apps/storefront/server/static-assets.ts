/**
 * The built client's files and the PWA's (issue 19), as `startServer` (server.ts) serves them in
 * production: hashed `/assets/*` immutable for a year (a missing one is a 404, not a page), the
 * other files of `build/client` an hour, the service worker `/sw.js` never from a stale cache,
 * and the web app manifest `/manifest.webmanifest` generated with the trade name.
 */
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import { webManifest } from '../app/features/pwa/manifest.ts';

/**
 * Middlewares serving React Router's client build in `clientDir` (`build/client`): `/assets`
 * with `Cache-Control: public, max-age=31536000, immutable`; everything else (favicons, icons,
 * `/sw.js`) one hour, except the service worker: `no-cache`, so the browser checks it for updates
 * on every visit.
 */
export function clientBuildFiles(clientDir: string): RequestHandler[] {
  return [
    express.Router().use(
      '/assets',
      express.static(join(clientDir, 'assets'), {
        immutable: true,
        maxAge: '1y',
        index: false,
        fallthrough: false,
      }),
    ),
    express.static(clientDir, {
      maxAge: '1h',
      index: false,
      setHeaders(res, path) {
        if (path.endsWith('/sw.js')) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  ];
}

/**
 * The web app manifest (`MANIFEST_PATH`) with the shop's trade name, an hour in caches; the same
 * under every market and locale prefix (mounted before the routing layer).
 */
export function webManifestHandler(shopName: string): RequestHandler {
  const body = JSON.stringify(webManifest(shopName));
  return (_req, res) => {
    res.type('application/manifest+json').set('Cache-Control', 'public, max-age=3600');
    res.send(body);
  };
}
