/**
 * The shop's security headers (issue 13 §17, issue 19): helmet's headers, HSTS on an https
 * production shop, and our own Content-Security-Policy with a per-request nonce. Mounted by
 * `startServer` (server.ts) before every route.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '@trampa/api/config';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/** Origins Google Tag Manager and Google Analytics 4 need (Google's CSP guide for GTM). */
const GTM_SCRIPT_ORIGINS = ['https://*.googletagmanager.com'];
const GTM_CONNECT_ORIGINS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];
const GTM_FRAME_ORIGINS = ['https://www.googletagmanager.com'];

/**
 * Origins Stripe.js and the Payment Element need on the checkout page (Stripe's CSP guide: the
 * script and its frames from js.stripe.com, 3-D Secure frames from hooks.stripe.com, calls to
 * api.stripe.com; issue 42), only when Stripe is configured.
 */
const STRIPE_SCRIPT_ORIGINS = ['https://js.stripe.com'];
const STRIPE_FRAME_ORIGINS = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT_ORIGIN = 'https://api.stripe.com';
const STRIPE_IMAGE_ORIGINS = ['https://*.stripe.com'];

/** Stripe's connect origins: api.stripe.com, and STRIPE_API_URL's origin when it is another. */
function stripeConnectOrigins(apiUrl: string): string[] {
  const origin = new URL(apiUrl).origin;
  return origin === STRIPE_CONNECT_ORIGIN ? [origin] : [STRIPE_CONNECT_ORIGIN, origin];
}

/**
 * Content-Security-Policy of the shop: only 'self'. React Router's inline hydration scripts get
 * the per-request nonce. In dev mode Vite injects styles and its client inline, so 'unsafe-inline'
 * is allowed there (and the HMR web socket). The tag manager's and the trust seal's origins are
 * added only when GTM_ID / TRUST_SEAL_SRC are configured (issue 19); the browser still loads them
 * only after consent. Stripe's origins are added only when Stripe is configured (`stripeApiUrl`,
 * STRIPE_API_URL): the checkout mounts its Payment Element (issue 42).
 */
export function contentSecurityPolicy(
  nonce: string,
  dev: boolean,
  tags: Config['tags'] = { gtmId: null, trustSealSrc: null },
  stripeApiUrl: string | null = null,
): string {
  const gtm = tags.gtmId !== null;
  const stripe = stripeApiUrl !== null;
  const seal = tags.trustSealSrc ? [new URL(tags.trustSealSrc).origin] : [];
  const list = (...origins: string[]) => origins.join(' ');
  const scripts = [
    ...(gtm ? GTM_SCRIPT_ORIGINS : []),
    ...seal,
    ...(stripe ? STRIPE_SCRIPT_ORIGINS : []),
  ];
  const images = [
    ...(gtm ? GTM_CONNECT_ORIGINS : []),
    ...seal,
    ...(stripe ? STRIPE_IMAGE_ORIGINS : []),
  ];
  const frames = [...(gtm ? GTM_FRAME_ORIGINS : []), ...(stripe ? STRIPE_FRAME_ORIGINS : [])];
  return [
    "default-src 'self'",
    dev
      ? list("script-src 'self' 'unsafe-inline'", ...scripts)
      : list(`script-src 'self' 'nonce-${nonce}'`, ...scripts),
    dev ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    list("img-src 'self' data:", ...images),
    "font-src 'self'",
    list(
      dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
      ...(gtm ? GTM_CONNECT_ORIGINS : []),
      ...(stripeApiUrl !== null ? stripeConnectOrigins(stripeApiUrl) : []),
    ),
    ...(frames.length > 0 ? [list("frame-src 'self'", ...frames)] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Query parameters that carry a bearer secret: a signed link's `token` (the employer's leasing
 * decision, password reset, login links), and a hosted payment's `kid` and `cartid` on the
 * confirm page. A page whose address holds one sends no referrer at all (issue 41 §8), so the
 * secret never reaches another site through a link or an image on the page.
 */
export const SECRET_QUERY_PARAMETERS = ['token', 'kid', 'cartid'] as const;

/** True when the URL (path and query) carries one of {@link SECRET_QUERY_PARAMETERS}. */
export function carriesSecret(url: string): boolean {
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  return SECRET_QUERY_PARAMETERS.some((name) => query.has(name));
}

/** One year in seconds: HSTS max-age (issue 13 §17). */
export const HSTS_MAX_AGE = 31_536_000;

/**
 * Express middlewares: helmet's security headers (X-Content-Type-Options, X-Frame-Options,
 * Cross-Origin-Opener/Resource-Policy, Referrer-Policy strict-origin-when-cross-origin, or
 * no-referrer on a page whose address carries a secret ({@link carriesSecret}), ...), HSTS
 * `max-age=31536000; includeSubDomains` only when `hsts` (production on an https PUBLIC_URL,
 * issue 13 §17), and our own Content-Security-Policy with a per-request nonce
 * ({@link contentSecurityPolicy}, in `res.locals.cspNonce`) instead of helmet's.
 */
export function securityHeaders(
  dev: boolean,
  hsts: boolean,
  tags: Config['tags'],
  stripeApiUrl: string | null = null,
) {
  const headers = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: hsts ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  return [
    headers,
    (req: Request, res: Response, next: NextFunction) => {
      if (carriesSecret(req.originalUrl)) res.setHeader('Referrer-Policy', 'no-referrer');
      const nonce = randomBytes(16).toString('base64');
      res.locals.cspNonce = nonce;
      res.setHeader(
        'Content-Security-Policy',
        contentSecurityPolicy(nonce, dev, tags, stripeApiUrl),
      );
      next();
    },
  ];
}

/**
 * Public files a headless storefront on another origin shows (issue 44 §2: ralph's product
 * images from `/img/*`): `Cross-Origin-Resource-Policy: cross-origin` instead of helmet's
 * `same-origin`, which made the browser block every image on ralph's origin
 * (`ERR_BLOCKED_BY_RESPONSE.NotSameOrigin`). Pages keep their isolation headers.
 */
export function crossOriginResource(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  next();
}
