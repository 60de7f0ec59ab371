/**
 * The cart id cookie (SPEC §9: cookie names prefixed 'ralph-', about one year): `ralph-cart`,
 * HttpOnly and SameSite=Lax, so only the server reads it. Pure.
 */

/** The cookie's name. */
export const CART_COOKIE = 'ralph-cart';
/** One year in seconds (SPEC §9: 31536000000 ms). */
export const CART_COOKIE_MAX_AGE = 31_536_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cart id in a Cookie header, or null when missing or not a UUID. */
export function cartIdFromCookieHeader(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, value] = part.trim().split('=');
    if (key === CART_COOKIE && value && UUID.test(value)) return value;
  }
  return null;
}

/** `Set-Cookie` value storing a cart id for a year. */
export function cartCookie(id: string, secure: boolean): string {
  return `${CART_COOKIE}=${id}; Path=/; Max-Age=${CART_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** `Set-Cookie` value removing the cart cookie (SPEC §4 "Reset clears the cart and its cookie"). */
export function clearCartCookie(secure: boolean): string {
  return `${CART_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
