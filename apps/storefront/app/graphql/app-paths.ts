/**
 * Page paths from the API as app paths (issue 25). With MARKET_IN_PATH the API returns every
 * page path with the request's market and language first (`/se/sv/p/…`, GEINS-API §0 item 7),
 * ready for a client such as ralph to use as its route. This storefront renders under a React
 * Router `basename` (`/se/sv`) that its links and redirects add themselves, so the API client
 * removes that prefix from the page paths of every response once, here, and the loaders keep
 * working with app paths (`/p/…`): no double prefix.
 */

/** The response fields that hold page paths (`canonicalUrl` everywhere, `BreadcrumbType.url`). */
const PATH_KEYS = new Set(['canonicalUrl', 'url']);

/**
 * The prefix the API puts before the page paths of a request in market-in-path mode:
 * `/{market alias}/{language code}`, e.g. `/se/sv` (the API's `pagePathPrefix`).
 */
export function apiPagePrefix(marketAlias: string, languageCode: string): string {
  return `/${marketAlias.toLowerCase()}/${languageCode.toLowerCase()}`;
}

/**
 * A page path without the prefix: (`/se/sv`, `/se/sv/c/cyklar`) -> `/c/cyklar`, the prefix alone
 * -> `/`; any other value (no prefix, an absolute URL, another market's prefix) unchanged.
 */
export function toAppPath(prefix: string, path: string): string {
  if (!prefix) return path;
  if (path === prefix) return '/';
  return path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : path;
}

/**
 * A response's data with {@link toAppPath} applied to every page-path field at any depth.
 * Returns new objects and arrays; leaves other values as they are.
 */
export function toAppPaths<T>(data: T, prefix: string): T {
  if (!prefix) return data;
  const walk = (value: unknown, key: string | null): unknown => {
    if (typeof value === 'string') {
      return key !== null && PATH_KEYS.has(key) ? toAppPath(prefix, value) : value;
    }
    if (Array.isArray(value)) return value.map((item) => walk(item, key));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    }
    return value;
  };
  return walk(data, null) as T;
}
