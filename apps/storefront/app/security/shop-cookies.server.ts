/**
 * The storefront's own cookies, signed (issue 22 "Libraries over hand-written code"): React
 * Router's `createCookie` with the keys of COOKIE_SECRETS (or the key derived from
 * AUTH_JWT_SECRET, see `Config.auth.cookieSecrets`). Every one is Path=/, HttpOnly,
 * SameSite=Lax, one year (SPEC §9), and Secure when the request came over https.
 *
 * The value format is React Router's: base64 of the JSON string, a dot and an HMAC-SHA256
 * signature. A value without a valid signature reads as absent: a tampered one, one signed with
 * another key, and a plain value written before the cookies were signed (`ralph-market=no`,
 * `ralph-cart=<uuid>`; issue 22 dropped that fallback). The caller then falls back as for a
 * missing cookie (the default market, a new cart) and the next write stores the signed form.
 *
 * The account cookies (`apollo-token` and friends, `features/account/cookies.ts`) are not signed:
 * the token cookie must hold the bare JWT (SPEC §8 "token from the cookie", sent as Bearer) and
 * the API verifies it; `ralph-user-maxage` is read by the browser.
 */
import { createCookie, type Cookie } from 'react-router';
import {
  CART_COOKIE,
  CART_COOKIE_MAX_AGE,
  isCartId,
  LEASING_CART_COOKIE,
} from '../features/cart/cart-cookie';
import { CONSENT_COOKIE, isConsentValue } from '../features/consent/consent';
import {
  CHECKOUT_MARKET_COOKIE,
  isSafeCookieValue,
  LOCALE_COOKIE,
  MARKET_COOKIE,
  ONE_YEAR_SECONDS,
  USER_TYPE_COOKIE,
} from '../market/cookies';

/** One signed cookie holding a short string. */
export interface SignedCookie {
  /** The cookie's name, e.g. `ralph-cart`. */
  readonly name: string;
  /**
   * The value in a Cookie header when its signature holds (with one of the keys) and it passes
   * the check; else null (missing, unsigned, tampered or refused by the check).
   */
  read(cookieHeader: string | null | undefined): Promise<string | null>;
  /** A `Set-Cookie` value storing `value` (signed) for the cookie's lifetime. */
  serialize(value: string, secure: boolean): Promise<string>;
  /** A `Set-Cookie` value removing the cookie (Max-Age=0). */
  clear(secure: boolean): Promise<string>;
}

/** Options of {@link signedCookie}. */
export interface SignedCookieOptions {
  /** Signing keys, newest first (at least one). */
  secrets: readonly string[];
  /** Lifetime in seconds. */
  maxAge: number;
  /** Which signed values are acceptable; anything else reads as absent. */
  accept: (value: string) => boolean;
}

/** A signed, HttpOnly, SameSite=Lax cookie on path / (see the module comment). */
export function signedCookie(name: string, options: SignedCookieOptions): SignedCookie {
  if (options.secrets.length === 0) throw new Error(`signedCookie(${name}): no secrets`);
  const cookie: Cookie = createCookie(name, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: options.maxAge,
    secrets: [...options.secrets],
  });
  return {
    name,
    async read(cookieHeader) {
      if (!cookieHeader) return null;
      const signed: unknown = await cookie.parse(cookieHeader).catch(() => null);
      return typeof signed === 'string' && options.accept(signed) ? signed : null;
    },
    serialize: (value, secure) => cookie.serialize(value, { secure }),
    clear: (secure) => cookie.serialize('', { secure, maxAge: 0 }),
  };
}

/** The shop's signed cookies (SPEC §9 names). */
export interface ShopCookies {
  /** `ralph-cart`: the cart id (a UUID). */
  cart: SignedCookie;
  /** `ralph-leasing-cart`: the förmånscykel cart's id (a UUID; issue 21). */
  leasingCart: SignedCookie;
  /** `ralph-market`: the browsing market's alias. */
  market: SignedCookie;
  /** `ralph-checkout-market`: the checkout market's alias. */
  checkoutMarket: SignedCookie;
  /** `ralph-user-type`: `PERSON` or `ORGANIZATION`. */
  userType: SignedCookie;
  /** `ralph-locale`: the chosen or detected locale code. */
  locale: SignedCookie;
  /** `ralph-consent`: the cookie-consent choice, e.g. `necessary,statistics` (issue 19). */
  consent: SignedCookie;
}

/** Creates the shop's cookies signed with `secrets` (newest first; `Config.auth.cookieSecrets`). */
export function createShopCookies(secrets: readonly string[]): ShopCookies {
  const preference = (name: string) =>
    signedCookie(name, { secrets, maxAge: ONE_YEAR_SECONDS, accept: isSafeCookieValue });
  return {
    cart: signedCookie(CART_COOKIE, { secrets, maxAge: CART_COOKIE_MAX_AGE, accept: isCartId }),
    leasingCart: signedCookie(LEASING_CART_COOKIE, {
      secrets,
      maxAge: CART_COOKIE_MAX_AGE,
      accept: isCartId,
    }),
    market: preference(MARKET_COOKIE),
    checkoutMarket: preference(CHECKOUT_MARKET_COOKIE),
    userType: preference(USER_TYPE_COOKIE),
    locale: preference(LOCALE_COOKIE),
    consent: signedCookie(CONSENT_COOKIE, {
      secrets,
      maxAge: ONE_YEAR_SECONDS,
      accept: isConsentValue,
    }),
  };
}
