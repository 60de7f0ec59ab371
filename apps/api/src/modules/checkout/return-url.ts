/**
 * Where an embedded hosted payment returns the shopper (issue 25; GEINS-API §4.6
 * CheckoutInputType `checkoutUrls.redirectUrl`, §2.4 confirm page `/checkout/confirm?kid=…
 * &cartid=…`): the client's own confirm page, never a page on another site.
 */

/** The confirm page's query with the Geins placeholders (`kid`: the KLARNA-type session). */
export const CONFIRM_QUERY = 'kid={payment.uid}&cartid={geins.cartid}';

/** What {@link embeddedReturnUrl} chooses from. */
export interface ReturnUrlChoice {
  /** Origins that may receive the shopper: PUBLIC_URL's and CORS_ORIGINS (cors.ts). */
  allowedOrigins: readonly string[];
  /** PUBLIC_URL's origin: the fallback. */
  ownOrigin: string;
  /** The request's `Origin` header (a browser-side client such as ralph sends it), if any. */
  requestOrigin: string | null;
  /** `checkoutUrls.redirectUrl` as the client gave it, if any. */
  redirectUrl: string | null | undefined;
  /** The confirm page's router path for the request's market, e.g. `/se/sv/checkout/confirm`. */
  confirmPath: string;
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The return URL template of an embedded payment, placeholders `{payment.uid}` and
 * `{geins.cartid}` kept:
 * 1. the client's `checkoutUrls.redirectUrl` when it is an absolute http(s) URL on an allowed
 *    origin (anything else is ignored: no open redirect);
 * 2. else the confirm page on the request's origin when that origin is allowed (ralph calls
 *    from the shopper's browser on its own origin);
 * 3. else the confirm page on the shop's own origin.
 * The confirm page is `{confirmPath}?kid={payment.uid}&cartid={geins.cartid}`.
 */
export function embeddedReturnUrl(choice: ReturnUrlChoice): string {
  const given = choice.redirectUrl?.trim();
  const givenOrigin = given ? originOf(given) : null;
  if (given && givenOrigin && choice.allowedOrigins.includes(givenOrigin)) return given;
  const origin =
    choice.requestOrigin && choice.allowedOrigins.includes(choice.requestOrigin)
      ? choice.requestOrigin
      : choice.ownOrigin;
  return `${origin}${choice.confirmPath}?${CONFIRM_QUERY}`;
}
