/**
 * The shopper's favourite product ids on every page: from the root loader (the cookie, read on
 * the server) with pending toggles applied at once (optimistic UI while the fetcher posts).
 */
import { useFetchers, useRouteLoaderData } from 'react-router';

/** The favourite ids, newest first. */
export function useFavoriteIds(): number[] {
  const root = useRouteLoaderData('root') as { favorites?: number[] } | undefined;
  let ids = root?.favorites ?? [];
  for (const fetcher of useFetchers()) {
    if (fetcher.formAction !== '/favoriter' || !fetcher.formData) continue;
    const id = Number(fetcher.formData.get('productId'));
    const intent = fetcher.formData.get('intent');
    ids = ids.filter((x) => x !== id);
    if (intent === 'add') ids = [id, ...ids];
  }
  return ids;
}
