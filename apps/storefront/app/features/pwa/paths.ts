/**
 * Names the service worker's build (service-worker.build.ts) and the page (service-worker.tsx)
 * share (issue 19 PWA).
 */

/** URL of the service worker (SPEC §1 "registered at /sw.js with scope /"). */
export const SERVICE_WORKER_URL = '/sw.js';

/** Runtime cache of HTML pages; cleared when the shopper logs in or out. */
export const PAGES_CACHE = 'trampa-pages';

/** The Swedish offline page (public/offline.html). */
export const OFFLINE_PAGE = '/offline.html';
