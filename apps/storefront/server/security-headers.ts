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
 * Content-Security-Policy of the shop: only 'self'. React Router's inline hydration scripts get
 * the per-request nonce. In dev mode Vite injects styles and its client inline, so 'unsafe-inline'
 * is allowed there (and the HMR web socket). The tag manager's and the trust seal's origins are
 * added only when GTM_ID / TRUST_SEAL_SRC are configured (issue 19); the browser still loads them
 * only after consent.
 */
export function contentSecurityPolicy(
  nonce: string,
  dev: boolean,
  tags: Config['tags'] = { gtmId: null, trustSealSrc: null },
): string {
  const gtm = tags.gtmId !== null;
  const seal = tags.trustSealSrc ? [new URL(tags.trustSealSrc).origin] : [];
  const list = (...origins: string[]) => origins.join(' ');
  const scripts = [...(gtm ? GTM_SCRIPT_ORIGINS : []), ...seal];
  const images = [...(gtm ? GTM_CONNECT_ORIGINS : []), ...seal];
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
    ),
    ...(gtm ? [list("frame-src 'self'", ...GTM_FRAME_ORIGINS)] : []),
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
export function securityHeaders(dev: boolean, hsts: boolean, tags: Config['tags']) {
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
      res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce, dev, tags));
      next();
    },
  ];
}
