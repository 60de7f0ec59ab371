/**
 * Registers the service worker (SPEC §1 "/sw.js with scope /"; built by
 * service-worker.build.ts) once the page has loaded, in production builds only (the dev server
 * has none). When the shopper logs in or out the cache of pages is emptied, so no page rendered
 * for one login is shown offline to another. Renders nothing; mounted once in the root.
 */
import { useEffect, useRef } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { AccountSummary } from '../account/account-summary';
import { PAGES_CACHE, SERVICE_WORKER_URL } from './paths';

function register(): void {
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
    // Blocked (private mode, a browser setting): the shop works without it.
  });
}

/** The registration and the cache clean-up on a login change. */
export function ServiceWorker() {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => window.removeEventListener('load', register);
  }, []);

  const root = useRouteLoaderData<{ account?: AccountSummary }>('root');
  const loggedIn = root?.account?.loggedIn ?? false;
  const previous = useRef(loggedIn);
  useEffect(() => {
    if (previous.current === loggedIn) return;
    previous.current = loggedIn;
    if (typeof caches !== 'undefined') void caches.delete(PAGES_CACHE).catch(() => false);
  }, [loggedIn]);
  return null;
}
