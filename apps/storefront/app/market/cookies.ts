/**
 * The shop's preference cookies (SPEC §9: names prefixed `ralph-`, about one year): the market,
 * the checkout market, the customer type and the locale. Parsing never throws: a missing,
 * malformed or tampered value reads as absent and the caller falls back (issue 4 "Bad input").
 */

/** The browsing market's alias (`no`). */
export const MARKET_COOKIE = 'ralph-market';
/** The checkout market's alias (`fi`); defaults to the browsing market. */
export const CHECKOUT_MARKET_COOKIE = 'ralph-checkout-market';
/** The customer type, `PERSON` or `ORGANIZATION`. */
export const USER_TYPE_COOKIE = 'ralph-user-type';
/** The chosen or detected locale code (`en`). */
export const LOCALE_COOKIE = 'ralph-locale';

/** One year in seconds (SPEC §9: 31 536 000 000 ms). */
export const ONE_YEAR_SECONDS = 31_536_000;

/** A cookie value is a short token: letters, digits, `-`, `_` and `|`, at most 64 characters. */
const SAFE_VALUE = /^[A-Za-z0-9_|-]{1,64}$/;

/**
 * Parses a `Cookie` header into name -> value, keeping only safe-looking values (see
 * {@link SAFE_VALUE}); the first occurrence of a name wins.
 */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    let value = part.slice(index + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      continue;
    }
    if (name in cookies || !SAFE_VALUE.test(value)) continue;
    cookies[name] = value;
  }
  return cookies;
}

/**
 * A `Set-Cookie` value for a one-year preference cookie: Path=/, HttpOnly, SameSite=Lax, and
 * Secure when the shop runs on https.
 */
export function preferenceCookie(name: string, value: string, secure = false): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${ONE_YEAR_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
