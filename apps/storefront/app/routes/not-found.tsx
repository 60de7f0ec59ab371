/**
 * `/404` and every path no other route matches: the 404 page with status 404 (SPEC §2: 'This
 * page could not be found'; a missing page raises 'Page not found' with the requested url).
 */
import type { Route } from './+types/not-found';
import { appUrl } from '../routing/local-path';

/** Throws the 404 response the layout's error boundary renders. */
export function loader({ request, context }: Route.LoaderArgs): never {
  const { pathname } = appUrl(request, context.market.basename);
  throw Response.json(
    { message: `Page not found: ${pathname}` },
    { status: 404, statusText: 'Page not found' },
  );
}

/** Never rendered: the loader always throws. */
export default function NotFound() {
  return null;
}
