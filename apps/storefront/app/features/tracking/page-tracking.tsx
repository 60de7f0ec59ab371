/**
 * Page-level tracking (issue 19, SPEC §4): `page:impression` after every route change (path or
 * query; a same-URL revalidation is not a new page), queued product impressions flushed when the
 * page changes, is hidden or unloads, and the market's currency for the ecommerce payloads.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import {
  flushImpressions,
  queueImpression,
  setTrackingCurrency,
  trackPageImpression,
  type TrackedProduct,
} from './data-layer';

/** Mounted once in the root route. */
export function PageTracking() {
  const location = useLocation();
  const currency = useRouteLoaderData<{ market?: { currency: string } }>('root')?.market?.currency;
  // Before the children's effects push their events with it.
  if (currency) setTrackingCurrency(currency);
  const path = location.pathname + location.search;
  useEffect(() => {
    flushImpressions();
    trackPageImpression(location);
    // One impression per path and query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flushImpressions();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flushImpressions);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flushImpressions);
    };
  }, []);
  return null;
}

/** Queues a `product:impression` once half of `ref`'s element has been in view. */
export function useImpression(ref: RefObject<Element | null>, product: TrackedProduct): void {
  const latest = useRef(product);
  latest.current = product;
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        queueImpression(latest.current);
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, product.productId, product.listName]);
}
