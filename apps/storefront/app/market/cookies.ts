/**
 * The shop's preference cookies (SPEC §9: names prefixed `ralph-`, about one year): the market,
 * the checkout market, the customer type and the locale. They are signed and read by
 * `security/shop-cookies.server.ts`: a missing, malformed or tampered value reads as absent and
 * the caller falls back (issue 4 "Bad input").
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

/** True for a value a preference cookie may hold (see {@link SAFE_VALUE}). */
export function isSafeCookieValue(value: string): boolean {
  return SAFE_VALUE.test(value);
}
