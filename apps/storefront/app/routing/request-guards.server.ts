/**
 * Express middlewares that guard every request before any route sees it (issue 13):
 *
 * - {@link sameOriginGuard} (§15): a state-changing request (POST, PUT, PATCH, DELETE) from
 *   another site is refused with 403, whatever route it is for, with or without a page.
 * - {@link rejectUnsafeUrl} (§21): a path or query string with a NUL character (also percent-
 *   encoded once or more: `%00`, `%2500`), another control character, or percent-encoding that is
 *   not UTF-8 (lone surrogates) is refused with 400.
 * - {@link secureCookies} (§17): every `Set-Cookie` gets `Secure` when the shop runs on https.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Methods that change state (React Router actions, the auth service, the payment sandbox). */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Paths exempt from the origin check: `/graphql` is authorised by X-ApiKey and Bearer tokens,
 * never cookies (its CORS allows the shop's origin and CORS_ORIGINS: @trampa/api/cors); the
 * payment provider's notification is server-to-server and signed (HMAC).
 */
export const CROSS_ORIGIN_PATHS = /^\/(?:graphql|payments\/notify)(?:\/|$)/;

/**
 * Paths that also accept the CORS_ORIGINS (a headless storefront on another origin, issue 25):
 * the auth service, whose credentialed CORS allows them.
 */
export const CORS_ORIGIN_PATHS = /^\/auth(?:\/|$)/;

/** The origin of a URL, or null when it does not parse (or is `null`). */
function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** Options of {@link sameOriginGuard}. */
export interface SameOriginGuardOptions {
  /** The shop's public base URL (PUBLIC_URL, or the listening URL when unset). */
  publicUrl: () => string;
  /** CORS_ORIGINS: further origins accepted on {@link CORS_ORIGIN_PATHS}. Default none. */
  corsOrigins?: readonly string[];
}

/**
 * Whether a state-changing request may go on: yes when its `Origin` (or, without one, its
 * `Referer`) is the shop's own origin, the public URL's or the one the request was addressed to
 * (Host header; a browser on another site cannot forge it). `Origin: null` (sandboxed frames,
 * privacy redirects) is refused. A request with neither header is allowed: browsers send
 * `Origin` on every POST form submission and fetch since 2020, so such a request comes from a
 * non-browser client (curl, a monitor, a server), which holds no shopper's cookies anyway.
 */
export function isSameOriginRequest(
  headers: { origin?: string; referer?: string },
  ownOrigins: readonly string[],
): boolean {
  const claimed = headers.origin ?? headers.referer;
  if (claimed === undefined) return true;
  const origin = originOf(claimed);
  return origin !== null && ownOrigins.includes(origin);
}

/**
 * Express middleware: refuses cross-site state-changing requests with 403 (issue 13 §15), before
 * React Router and every other route, with or without cookies (a logout needs none: it clears
 * them). Exempt: {@link CROSS_ORIGIN_PATHS}; the auth service also takes CORS_ORIGINS. Complements SameSite=Lax cookies, which keep the
 * shopper's session out of a cross-site POST but not the cookies such a request's answer sets.
 */
export function sameOriginGuard(options: SameOriginGuardOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!UNSAFE_METHODS.has(req.method) || CROSS_ORIGIN_PATHS.test(req.path)) return next();
    const own = [originOf(options.publicUrl()), originOf(`${req.protocol}://${req.get('host')}`)];
    if (CORS_ORIGIN_PATHS.test(req.path)) own.push(...(options.corsOrigins ?? []));
    const origin = req.get('origin');
    const referer = req.get('referer');
    const allowed = isSameOriginRequest(
      {
        ...(origin !== undefined ? { origin } : {}),
        ...(referer !== undefined ? { referer } : {}),
      },
      own.filter((value): value is string => value !== null),
    );
    if (allowed) return next();
    res
      .status(403)
      .type('text/plain; charset=utf-8')
      .set('Cache-Control', 'no-store')
      .send('Förfrågan kom från en annan webbplats och stoppades.');
  };
}

/** Control characters (C0, DEL), a lone surrogate. */
const UNSAFE_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Percent-decodes `text`, a `%` not followed by two hex digits standing for itself. */
function decodeLeniently(text: string): string {
  return decodeURIComponent(text.replace(/%(?![0-9a-f]{2})/gi, '%25'));
}

/**
 * True when a request target (path and query) is unsafe: it holds a control character, or does
 * so after percent-decoding up to three times (`%00`, `%2500`, `%252500`: routes and loaders may
 * decode again), or its percent-encoding is not UTF-8 (`%ED%A0%80`, a lone surrogate; `%FF`).
 */
export function isUnsafeRequestTarget(target: string): boolean {
  let text = target;
  for (let round = 0; round < 4; round++) {
    if (UNSAFE_TEXT.test(text)) return true;
    if (!/%[0-9a-f]{2}/i.test(text)) return false;
    try {
      text = decodeLeniently(text);
    } catch {
      // Not UTF-8 in the target itself is refused; in a decoded value it is just text.
      return round === 0;
    }
  }
  return false;
}

/** Express middleware: 400 for an unsafe path or query string (issue 13 §21). */
export function rejectUnsafeUrl(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isUnsafeRequestTarget(req.originalUrl)) return next();
    res
      .status(400)
      .type('text/plain; charset=utf-8')
      .set('Cache-Control', 'no-store')
      .send('Ogiltig adress.');
  };
}

/** Adds `Secure` to one `Set-Cookie` value that lacks it. */
export function withSecureFlag(cookie: string): string {
  return /;\s*secure\s*(?:;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
}

/**
 * Express middleware: when `secure()` (PUBLIC_URL is https), every `Set-Cookie` the response sets
 * (React Router's loaders and actions, the routing layer, any route) carries `Secure` (issue 13
 * §17), whatever protocol the proxy in front spoke to this process.
 */
export function secureCookies(secure: () => boolean): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    if (!secure()) return next();
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name: string, value: number | string | readonly string[]) => {
      if (name.toLowerCase() === 'set-cookie') {
        const cookies = Array.isArray(value) ? value : [String(value)];
        return setHeader(name, cookies.map(withSecureFlag));
      }
      return setHeader(name, value);
    };
    next();
  };
}
