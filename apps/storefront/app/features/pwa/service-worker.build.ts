/**
 * Build step of the service worker (SPEC §1 "A service worker is registered at /sw.js with scope
 * /"; issue 19 PWA): a Vite plugin that, after the client build, writes `build/client/sw.js`
 * with Workbox's `generateSW` (workbox-build). Only `react-router build` runs it; the dev server
 * has no service worker.
 *
 * What the worker does:
 * - precaches the app shell and static assets: every built script and stylesheet, the icons,
 *   and the Swedish offline page (`public/offline.html`), revisioned by Workbox;
 * - HTML navigations are network-first (pages cache `trampa-pages`, 30 pages, 1 day) and fall
 *   back to the offline page when neither network nor cache answers;
 * - pages with personal content (account, cart, checkout, favourites, subscriptions, payments)
 *   are network-only (never stored), and nothing else is handled at run time: `/graphql`,
 *   `/auth/*`, the route data requests (`*.data`) and the cart's JSON go to the network as if
 *   there were no worker.
 */
import { join, resolve } from 'node:path';
import { generateSW } from 'workbox-build';
import type { Plugin } from 'vite';
import { OFFLINE_PAGE, PAGES_CACHE, SERVICE_WORKER_URL } from './paths';

/**
 * Writes the service worker into `clientDir` (the client build's output folder).
 * @returns the number of precached files and their total bytes
 */
export async function buildServiceWorker(
  clientDir: string,
): Promise<{ count: number; size: number }> {
  const { count, size, warnings } = await generateSW({
    globDirectory: clientDir,
    globPatterns: [
      'assets/**/*.{js,css,woff2}',
      'favicon.svg',
      'icons/*.png',
      'offline.html',
      'offline.css',
    ],
    swDest: join(clientDir, SERVICE_WORKER_URL.slice(1)),
    mode: 'production',
    sourcemap: false,
    inlineWorkboxRuntime: true,
    // A new worker takes over at once (the pages keep working with the files they loaded).
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    // Vite's file names carry a content hash: no revision needed.
    dontCacheBustURLsMatching: /^assets\//,
    runtimeCaching: [
      {
        // Personal pages (any market or language prefix): never stored, offline page when down.
        urlPattern: ({ request, url }) =>
          request.mode === 'navigate' &&
          /\/(account|mina-sidor|kassan|checkout|varukorg|favoriter|bevaka|nyhetsbrev|recension|payments|auth|graphql|kundtyp|marknad)(\/|\.|$)/.test(
            url.pathname,
          ),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: OFFLINE_PAGE } },
      },
      {
        urlPattern: ({ request }) => request.mode === 'navigate',
        handler: 'NetworkFirst',
        options: {
          cacheName: PAGES_CACHE,
          expiration: { maxEntries: 30, maxAgeSeconds: 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
          precacheFallback: { fallbackURL: OFFLINE_PAGE },
        },
      },
    ],
  });
  for (const warning of warnings) console.warn(`sw.js: ${warning}`);
  return { count, size };
}

/** The Vite plugin: runs {@link buildServiceWorker} once the client bundle is written. */
export function serviceWorkerPlugin(): Plugin {
  return {
    name: 'trampa:service-worker',
    apply: 'build',
    // After the bundle is written and the public folder copied (offline page, icons).
    async closeBundle() {
      const { config } = this.environment;
      if (config.consumer !== 'client') return;
      const { count, size } = await buildServiceWorker(resolve(config.root, config.build.outDir));
      this.environment.logger.info(
        `sw.js: ${count} files precached (${Math.round(size / 1024)} KiB)`,
      );
    },
  };
}
