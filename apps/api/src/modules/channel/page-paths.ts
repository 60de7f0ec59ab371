/**
 * Router paths of the shop's pages as the API returns them (issue 25; GEINS-API §0 item 7:
 * `canonicalUrl` is used verbatim as a router path). With MARKET_IN_PATH on, a storefront's
 * routes are `/{market}/{language}/…` (ralph: `/se/sv/p/…`, `/se/sv/c/cyklar`), so every page
 * path the API hands out (products, categories, brands, campaigns, lists, breadcrumbs) carries
 * the market alias and language code of the request; otherwise paths are bare (`/c/cyklar`).
 * Only page paths go through here: image file names, absolute URLs and API endpoints never do.
 */
import type { ShopContext } from './channel.service.ts';

/**
 * The path prefix of a request's pages: `/{market alias}/{language code}` (e.g. `/se/sv`) when
 * the market is in the path (MARKET_IN_PATH), else ''. Also '' when the market or language has
 * no alias or code to put there.
 */
export function pagePathPrefix(
  shop: Pick<ShopContext, 'market' | 'language'>,
  marketInPath: boolean,
): string {
  if (!marketInPath) return '';
  const market = shop.market.alias.trim().toLowerCase();
  const language = shop.language.code.trim().toLowerCase();
  if (!market || !language) return '';
  return `/${encodeURIComponent(market)}/${encodeURIComponent(language)}`;
}

/**
 * A page path with the request's prefix ({@link pagePathPrefix}): (`/se/sv`, `/c/cyklar`) ->
 * `/se/sv/c/cyklar`; `/` becomes `/se/sv`. The one place page paths get their market and
 * language. Left as they are: an empty prefix, anything that is not a site-relative path
 * (`https://…`, `//host/…`, a bare file name) and a path that already has the prefix.
 */
export function prefixPagePath(prefix: string, path: string): string {
  if (!prefix || !path.startsWith('/') || path.startsWith('//')) return path;
  if (path === prefix || path.startsWith(`${prefix}/`)) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}
