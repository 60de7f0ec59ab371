/**
 * The auth service over HTTP (GEINS-API §7.1–7.2), as a fetch handler for `/auth/*`:
 *
 * | Request | Answer |
 * |---|---|
 * | `POST /auth/{login,register,password}` `{username}` | `{sign}` (challenge) |
 * | `GET /auth/sign/{apiKey}?identity=<challenge>` | `{identity, timestamp, signature}`; 401 for a wrong key |
 * | `POST /auth/login` credentials | `{token, maxAge}` + `x-auth-refresh-token` |
 * | `POST /auth/register` credentials | same; 409 `ACCOUNT_EXISTS`; 429 per IP (rate-limit.ts) |
 * | `POST /auth/password` credentials + `newPassword`, header `x-auth-refresh-token` | same |
 * | `GET /auth/login`, header `x-auth-refresh-token` | refresh: same, the refresh token rotates |
 * | `GET` or `POST /auth/logout`, header `x-auth-refresh-token` | 200 `{}` |
 * | `POST /auth/login-token` `{loginToken}` | a session for the login token's account (once) |
 *
 * A signed challenge works once: credentials presenting it again (also for another action) get
 * 401 INVALID_SIGNATURE, like a forged one.
 *
 * Failures: 400 BAD_REQUEST, 401 INVALID_*, 403 FORBIDDEN (a password change in a support
 * session, issue 41), 409 ACCOUNT_EXISTS, 429 TOO_MANY_ATTEMPTS with
 * `Retry-After` (seconds); the body is `{error}`. Every answer is `no-store`. Credentialed CORS
 * is allowed for the shop's own origin (PUBLIC_URL) and the CORS_ORIGINS (src/cors.ts), and
 * exposes `x-auth-refresh-token`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { CORS_MAX_AGE_SECONDS, corsHeaders } from '../../cors.ts';
import type { Database } from '../../db/client.ts';
import {
  AUTH_FAILURES,
  challenge,
  changePassword,
  login,
  loginWithToken,
  logout,
  refresh,
  register,
  type AuthDeps,
  type AuthResult,
  type Credentials,
} from './auth.service.ts';
import { signIdentity } from './tokens.ts';

/** Path prefix of the auth service. */
export const AUTH_PATH = '/auth';

/** The refresh-token header, both ways (GEINS-API §7.2, §0 item 8). */
export const REFRESH_HEADER = 'x-auth-refresh-token';

/** Per-request facts the transport knows and the Request does not. */
export interface AuthRequestInfo {
  /** The client's IP address, for the per-IP rate limit. */
  clientIp?: string;
}

/** Options of {@link createAuthHandler}. */
export interface AuthHandlerOptions {
  db: Database;
  config: Config;
  /** Clock (tests). */
  now?: () => Date;
}

/** The auth fetch handler: null when the path is not under `/auth`. */
export type AuthHandler = (request: Request, info?: AuthRequestInfo) => Promise<Response | null>;

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Creates the `/auth/*` handler on a database. */
export function createAuthHandler(options: AuthHandlerOptions): AuthHandler {
  const { db, config } = options;
  const clock = options.now ?? (() => new Date());

  return async (request, info = {}) => {
    const url = new URL(request.url);
    if (url.pathname !== AUTH_PATH && !url.pathname.startsWith(`${AUTH_PATH}/`)) return null;
    const cors = corsHeaders(request, config, [REFRESH_HEADER]);
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), {
        status,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
          ...cors,
          ...headers,
        },
      });
    const answer = (result: AuthResult) => {
      if (result.ok) {
        return reply(
          200,
          { token: result.token, maxAge: result.maxAge },
          { [REFRESH_HEADER]: result.refreshToken },
        );
      }
      const extra: Record<string, string> =
        result.retryAfter !== undefined ? { 'retry-after': String(result.retryAfter) } : {};
      return reply(AUTH_FAILURES[result.error], { error: result.error }, extra);
    };

    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          ...cors,
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers': `content-type, ${REFRESH_HEADER}, x-apikey`,
          'access-control-max-age': String(CORS_MAX_AGE_SECONDS),
        },
      });
    }

    const deps: AuthDeps = { db, config, now: clock() };
    const action = url.pathname.slice(AUTH_PATH.length + 1);
    const refreshToken = request.headers.get(REFRESH_HEADER);

    const sign = /^sign\/([^/]+)$/.exec(action);
    if (sign && request.method === 'GET') {
      const apiKey = decodeURIComponent(sign[1] ?? '');
      if (!timingSafeEqual(digest(apiKey), digest(config.apiKey))) {
        return reply(401, { error: 'INVALID_API_KEY' });
      }
      const identity = url.searchParams.get('identity');
      if (!identity || identity.length > 500) return reply(400, { error: 'BAD_REQUEST' });
      return reply(200, signIdentity(identity, config.auth.jwtSecret, deps.now));
    }

    if (action === 'logout' && (request.method === 'GET' || request.method === 'POST')) {
      await logout(refreshToken, deps);
      return reply(200, {});
    }

    if (action === 'login-token' && request.method === 'POST') {
      const body = (await request.json().catch(() => null)) as { loginToken?: unknown } | null;
      return answer(await loginWithToken(body?.loginToken, deps));
    }

    if (action === 'login' && request.method === 'GET') {
      // A visitor without a session sends no refresh token: that is no error (issue 44 §4).
      // ralph asks on every page load and reads a body without `token` as "logged out"
      // (GEINS-API §7.2); a 401 made every anonymous page log a console error.
      if (!refreshToken) return reply(200, {});
      return answer(await refresh(refreshToken, deps));
    }

    if (
      (action === 'login' || action === 'register' || action === 'password') &&
      request.method === 'POST'
    ) {
      let body: Credentials;
      try {
        const parsed: unknown = await request.json();
        if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
        body = parsed as Credentials;
      } catch {
        return reply(400, { error: 'BAD_REQUEST' });
      }
      if (body.signature === undefined && body.password === undefined) {
        const result = challenge(body.username, deps);
        return 'sign' in result ? reply(200, result) : answer(result);
      }
      if (action === 'login') return answer(await login(body, info.clientIp, deps));
      if (action === 'register') return answer(await register(body, info.clientIp, deps));
      return answer(await changePassword(body, refreshToken, info.clientIp, deps));
    }

    return reply(404, { error: 'NOT_FOUND' });
  };
}
