/**
 * Where a form may send the shopper next (`redirectTo`, `returnTo`): a path on this shop only
 * (issue 13 §16, open-redirect guard). Pure; used by login, favourites, cart, market and
 * customer-type forms.
 */

/** A stand-in origin to resolve paths against; only equality with it matters. */
const BASE = 'https://shop.invalid';

/** Longest path accepted. */
const MAX_LENGTH = 2000;

/**
 * `value` as a same-origin path (pathname, query and fragment of `new URL(value, origin)`), or
 * `fallback` when it is not a string, does not start with `/`, holds a control character or a
 * backslash (browsers drop tabs and newlines and read `\` as `/`: `"/\t/evil.example"` would be
 * `//evil.example`), is longer than 2000 characters, or resolves to another origin.
 */
export function sameOriginPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH || !value.startsWith('/')) {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
