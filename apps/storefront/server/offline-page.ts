/**
 * The PWA's offline page and service worker as served in production (issue 19: "an offline page
 * in Swedish" that names the shop). The built `offline.html` (public/offline.html) holds
 * `%SHOP_NAME%` where the trade name goes; the server fills in SHOP_NAME. The worker precaches
 * that page under a revision Workbox computed from the file at build time, so the server adds
 * the trade name's hash to that revision in `/sw.js`: a renamed shop gets a new worker, which
 * fetches the renamed offline page.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import { OFFLINE_PAGE, SERVICE_WORKER_URL } from '../app/features/pwa/paths.ts';

/** The placeholder of the trade name in public/offline.html. */
export const SHOP_NAME_PLACEHOLDER = '%SHOP_NAME%';

/** `text` with the five HTML-special characters escaped. */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

/** The offline page's HTML with the trade name filled in (escaped). */
export function offlinePageHtml(template: string, shopName: string): string {
  return template.replaceAll(SHOP_NAME_PLACEHOLDER, escapeHtml(shopName));
}

/**
 * The service worker's source with the offline page's precache revision tied to `shopName`.
 * @throws when the worker has no precache entry for the offline page (a build that changed shape)
 */
export function serviceWorkerSource(source: string, shopName: string): string {
  const entry = /(\{url:"offline\.html",revision:")([0-9a-f]+)(")/;
  if (!entry.test(source))
    throw new Error(`${SERVICE_WORKER_URL} has no precache entry for offline.html`);
  const tag = createHash('sha256').update(shopName).digest('hex').slice(0, 8);
  return source.replace(entry, `$1$2-${tag}$3`);
}

/**
 * Handlers for `/offline.html` (an hour in caches, never indexed) and `/sw.js` (`no-cache`) from
 * the client build in `clientDir`, with `shopName` in both (see the module comment). The files
 * are read once, when the handlers are made.
 * @throws when either file is missing from the build or the worker lacks the offline entry
 */
export function offlineFiles(clientDir: string, shopName: string): Record<string, RequestHandler> {
  const page = offlinePageHtml(
    readFileSync(join(clientDir, OFFLINE_PAGE.slice(1)), 'utf8'),
    shopName,
  );
  const worker = serviceWorkerSource(
    readFileSync(join(clientDir, SERVICE_WORKER_URL.slice(1)), 'utf8'),
    shopName,
  );
  return {
    [OFFLINE_PAGE]: (_req, res) => {
      res.type('html').set('Cache-Control', 'public, max-age=3600').send(page);
    },
    [SERVICE_WORKER_URL]: (_req, res) => {
      res.type('application/javascript').set('Cache-Control', 'no-cache').send(worker);
    },
  };
}
