/**
 * Cross-origin browser access to the API (issue 25; GEINS-API §1 "Where called from", §7.2
 * credentialed CORS, §0 item 8): one policy for `/graphql` and `/auth/*`, and the answer to an
 * `OPTIONS` request for any other path.
 *
 * The origins allowed are PUBLIC_URL's own and those listed in CORS_ORIGINS (a headless
 * storefront such as ralph on `https://www.cykel.example` calling the API on
 * `https://api.cykel.example`). An allowed origin gets its own origin back in
 * `Access-Control-Allow-Origin` with `Access-Control-Allow-Credentials: true` (ralph's auth
 * client sends `credentials: 'include'`), and the auth service also exposes the refresh-token
 * header `x-auth-refresh-token`. Any other origin gets no CORS headers: the browser refuses it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'graphql-yoga';
import type { Config } from './config.ts';

/** Seconds a browser may cache a preflight answer. */
export const CORS_MAX_AGE_SECONDS = 600;

/** The part of the configuration the policy reads. */
export type CorsConfig = Pick<Config, 'publicUrl' | 'cors'>;

/** The origin of a URL, or null when it does not parse. */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The origins allowed cross-origin: PUBLIC_URL's and CORS_ORIGINS. */
export function allowedOrigins(config: CorsConfig): string[] {
  const own = originOf(config.publicUrl);
  return [...new Set([...(own ? [own] : []), ...config.cors.origins])];
}

/**
 * The request's `Origin` when it is one of {@link allowedOrigins} (compared exactly, as the
 * browser sends it: scheme, host and port), else null (no `Origin`, `null`, or another site).
 */
export function allowedOriginOf(request: Request, config: CorsConfig): string | null {
  const origin = request.headers.get('origin');
  if (!origin || origin === 'null') return null;
  return allowedOrigins(config).includes(origin) ? origin : null;
}

/**
 * The CORS headers of an answer to `request` (actual requests and preflights alike): always
 * `Vary: Origin`; for an allowed origin also that origin, credentials, and `expose` (response
 * headers scripts may read) when given.
 */
export function corsHeaders(
  request: Request,
  config: CorsConfig,
  expose: readonly string[] = [],
): Record<string, string> {
  const origin = allowedOriginOf(request, config);
  if (!origin) return { vary: 'Origin' };
  return {
    vary: 'Origin',
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    ...(expose.length > 0 ? { 'access-control-expose-headers': expose.join(', ') } : {}),
  };
}

/** Yoga's `cors` option value: options for an allowed origin, `false` (no headers) otherwise. */
type YogaCorsOptions =
  | {
      origin: string;
      credentials: boolean;
      allowedHeaders: string[];
      methods: string[];
      maxAge: number;
    }
  | false;

/**
 * The `/graphql` policy as Yoga's `cors` option: an allowed origin gets credentialed CORS for
 * `allowedHeaders` and GET/POST; another origin gets none (Yoga still answers a preflight 204,
 * without CORS headers, so the browser refuses). Pair it with {@link useVaryOrigin}.
 */
export function graphqlCors(
  config: CorsConfig,
  allowedHeaders: readonly string[],
): (request: Request) => YogaCorsOptions {
  return (request) => {
    const origin = allowedOriginOf(request, config);
    if (!origin) return false;
    return {
      origin,
      credentials: true,
      allowedHeaders: [...allowedHeaders],
      methods: ['GET', 'POST', 'OPTIONS'],
      maxAge: CORS_MAX_AGE_SECONDS,
    };
  };
}

/** Yoga plugin: every answer says it varies by `Origin` (the CORS headers do). */
export function useVaryOrigin(): Plugin {
  return {
    onResponse({ response }) {
      const vary = response.headers.get('vary');
      if (!vary || !/(^|,)\s*origin\s*(,|$)/i.test(vary)) response.headers.append('vary', 'Origin');
    },
  };
}

/** Methods the storefront's pages answer: loaders (GET, HEAD) and actions (POST). */
export const PAGE_METHODS = ['GET', 'HEAD', 'POST'] as const;

/**
 * Node/Express middleware for the paths no CORS endpoint serves (mount it after `/graphql` and
 * `/auth/*`): an `OPTIONS` request is answered `405 Method Not Allowed` with `Allow` (default
 * {@link PAGE_METHODS}) and no CORS headers, instead of reaching a page handler that cannot
 * answer it (React Router throws "Invalid request method OPTIONS": a 500). Other methods go on.
 */
export function optionsNotAllowed(allow: readonly string[] = PAGE_METHODS) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (req.method !== 'OPTIONS') {
      next();
      return;
    }
    res.statusCode = 405;
    res.setHeader('allow', allow.join(', '));
    res.setHeader('cache-control', 'no-store');
    res.setHeader('content-length', '0');
    res.end();
  };
}
