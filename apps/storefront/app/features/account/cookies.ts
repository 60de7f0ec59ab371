/**
 * The account cookies (SPEC §9, GEINS-API §7.4) and a tiny parser/serialiser. Names:
 * - `apollo-token`: the access token (JWT), 7 days, HttpOnly (the browser never reads it);
 * - `ralph-auth-refresh`: the refresh token, 604800 s with "Kom ihåg mig", else 1800 s, HttpOnly;
 * - `ralph-auth-remember`: `1` or `0`, so that a refresh keeps the chosen session length;
 * - `ralph-user-maxage`: `<maxAge s>:<issued unix ms>`, readable by the browser to schedule the
 *   refresh at 0.9 × maxAge (SPEC §4, §9);
 * - `ralph-impersonated`: `1` after a `loginToken` login ("logged in as another user", SPEC §2).
 * All are SameSite=Lax, path /, Secure when the shop runs on https. Unlike the shop's `ralph-*`
 * preference cookies (`security/shop-cookies.server.ts`) they are not signed: the token is a JWT
 * the API verifies and Geins clients send as Bearer (SPEC §8), the refresh token an opaque secret
 * the auth service checks, and `ralph-user-maxage` is read by the browser.
 */
import { parse, serialize } from 'cookie';

/** Access-token cookie (SPEC §9). */
export const TOKEN_COOKIE = 'apollo-token';
/** Refresh-token cookie (GEINS-API §7.4). */
export const REFRESH_COOKIE = 'ralph-auth-refresh';
/** "Kom ihåg mig" choice. */
export const REMEMBER_COOKIE = 'ralph-auth-remember';
/** maxAge and issue time of the current token, for the browser's refresh timer. */
export const MAXAGE_COOKIE = 'ralph-user-maxage';
/** Set after a loginToken login. */
export const IMPERSONATED_COOKIE = 'ralph-impersonated';

/** Lifetime of the token cookie: 7 days in seconds (SPEC §9). */
export const TOKEN_COOKIE_SECONDS = 604800;
/** Session cookie lifetime when remembered (SPEC §9). */
export const REMEMBERED_SECONDS = 604800;
/** Session cookie lifetime when not remembered (SPEC §9). */
export const SHORT_SESSION_SECONDS = 1800;
/** The sessionLifetime sent when "Kom ihåg mig" is off (SPEC §5). */
export const SHORT_SESSION_LIFETIME = 30;

/** Reads a Cookie header into a name → value map (the `cookie` package; first value wins). */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const [name, value] of Object.entries(parse(header ?? ''))) {
    if (value !== undefined) cookies[name] = value;
  }
  return cookies;
}

/** Options of {@link serializeCookie}. */
export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  httpOnly: boolean;
  secure: boolean;
}

/**
 * A Set-Cookie value with SameSite=Lax and path / (the `cookie` package). The value is stored as
 * is (URI-encoded), not signed: the token cookie must stay the bare JWT (SPEC §8).
 */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return serialize(name, value, {
    path: '/',
    maxAge: Math.max(0, Math.floor(options.maxAge)),
    sameSite: 'lax',
    httpOnly: options.httpOnly,
    secure: options.secure,
  });
}
