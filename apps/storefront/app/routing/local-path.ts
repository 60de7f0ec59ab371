/**
 * Paths inside the app under a market or locale prefix (React Router `basename`, issue 4).
 * Loaders see the full request path; these helpers strip and add the request's prefix.
 */
import { sameOriginPath } from './safe-redirect';

/** A `returnTo` form value as a same-origin path ('/' for anything else, issue 13 §16). */
export function safeLocalPath(value: unknown): string {
  return sameOriginPath(value, '/');
}

/** The request URL with the prefix removed from its path (`/no/nb/c/x` -> `/c/x`). */
export function appUrl(request: Request, basename: string): URL {
  const url = new URL(request.url);
  if (basename && (url.pathname === basename || url.pathname.startsWith(`${basename}/`))) {
    url.pathname = url.pathname.slice(basename.length) || '/';
  }
  return url;
}

/**
 * An app path with a prefix added (`/c/x` -> `/no/nb/c/x`), for locations outside React Router
 * (`window.location`, absolute redirects to another prefix). Loader and action redirects to
 * app paths get the request's prefix from React Router itself.
 */
export function withBasename(basename: string, path: string): string {
  if (!basename || !path.startsWith('/') || path.startsWith('//')) return path;
  return path === '/' ? `${basename}/` : `${basename}${path}`;
}
