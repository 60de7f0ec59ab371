/**
 * Path rules of SPEC §2: product paths `/p/{alias}`, `/p/(.*)/{alias}` (up to three segments
 * before the alias) and `/product/{alias}`; category paths `/c/{category}`, `/c/(.*)/{category}`
 * and `/list/{category}`. Pure functions, shared by loaders and links.
 */

/** Splits a path into its non-empty, URI-decoded segments. Malformed escapes are kept as-is. */
export function pathSegments(pathname: string): string[] {
  return pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** The decoded path as ralph compares it with `canonicalUrl`: no trailing slash, `/` kept. */
export function normalizePath(pathname: string): string {
  const segments = pathSegments(pathname);
  return '/' + segments.join('/');
}

/**
 * The product alias of a product path, or null when the path is not a valid product path
 * (`/p/` with 1 to 4 segments, `/product/` with exactly one).
 */
export function productAliasFromPath(pathname: string): string | null {
  const [prefix, ...rest] = pathSegments(pathname);
  if (prefix === 'p' && rest.length >= 1 && rest.length <= 4) return rest.at(-1) ?? null;
  if (prefix === 'product' && rest.length === 1) return rest[0] ?? null;
  return null;
}

/** The category of a list path: its last segment and whether it came from `/list/`. */
export interface CategoryPath {
  /** Alias of the category (the last segment). */
  alias: string;
  /** `/c/...` (looked up by url) or `/list/...` (looked up by alias). */
  kind: 'c' | 'list';
}

/** Parses `/c/{category}`, `/c/(.*)/{category}` and `/list/{category}`; null otherwise. */
export function categoryFromPath(pathname: string): CategoryPath | null {
  const [prefix, ...rest] = pathSegments(pathname);
  if (prefix === 'c' && rest.length >= 1) return { alias: rest.at(-1)!, kind: 'c' };
  if (prefix === 'list' && rest.length === 1) return { alias: rest[0]!, kind: 'list' };
  return null;
}

/**
 * True when the current path differs from the API's canonical path (the product or list page
 * then redirects with 301). Compares decoded paths without trailing slashes.
 */
export function needsCanonicalRedirect(
  pathname: string,
  canonicalUrl: string | null | undefined,
): boolean {
  if (!canonicalUrl || !canonicalUrl.startsWith('/')) return false;
  return normalizePath(pathname) !== normalizePath(canonicalUrl);
}

/** An absolute URL from the public base URL and a path (canonical links). */
export function absoluteUrl(publicUrl: string, path: string): string {
  return publicUrl.replace(/\/$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

/** The search page of a term (SPEC §2: `/s/{search}`); the page itself arrives later. */
export function searchPath(term: string): string {
  return `/s/${encodeURIComponent(term.trim())}`;
}
