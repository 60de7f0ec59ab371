/**
 * The cart id cookie (SPEC §9: cookie names prefixed 'ralph-', about one year): `ralph-cart`,
 * HttpOnly and SameSite=Lax, so only the server reads it; signed (`security/shop-cookies.server.ts`).
 * Pure.
 */

/** The cookie's name. */
export const CART_COOKIE = 'ralph-cart';
/** The förmånscykel cart's cookie (issue 21): a second cart of the same shopper. */
export const LEASING_CART_COOKIE = 'ralph-leasing-cart';
/** One year in seconds (SPEC §9: 31536000000 ms). */
export const CART_COOKIE_MAX_AGE = 31_536_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for a cart id as the API makes them: a lower-case UUID. */
export function isCartId(value: string): boolean {
  return UUID.test(value);
}
