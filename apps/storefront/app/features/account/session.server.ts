/**
 * The shopper's login session on the storefront's server: reads the account cookies, talks to
 * the auth service (GEINS-API §7.2: challenge -> sign -> credentials, refresh, logout, password)
 * in-process or over HTTP, and turns its answers into Set-Cookie headers (SPEC §9).
 */
import {
  IMPERSONATED_COOKIE,
  MAXAGE_COOKIE,
  parseCookieHeader,
  REFRESH_COOKIE,
  REMEMBER_COOKIE,
  REMEMBERED_SECONDS,
  serializeCookie,
  SHORT_SESSION_LIFETIME,
  SHORT_SESSION_SECONDS,
  TOKEN_COOKIE,
  TOKEN_COOKIE_SECONDS,
} from './cookies';

/** Calls the auth service: `request` URL paths are `/auth/...`. */
export type AuthFetch = (request: Request) => Promise<Response>;

/** What the auth service answered to a credentials or refresh call. */
export type AuthOutcome =
  | { ok: true; token: string; maxAge: number; refreshToken: string }
  | { ok: false; status: number; error: string; retryAfter?: number };

/** The session as the cookies tell it. */
export interface SessionCookies {
  token: string | null;
  refreshToken: string | null;
  remember: boolean;
  impersonated: boolean;
}

/** Reads the account cookies of a request. */
export function readSessionCookies(cookieHeader: string | null | undefined): SessionCookies {
  const cookies = parseCookieHeader(cookieHeader);
  return {
    token: cookies[TOKEN_COOKIE] || null,
    refreshToken: cookies[REFRESH_COOKIE] || null,
    remember: cookies[REMEMBER_COOKIE] !== '0',
    impersonated: cookies[IMPERSONATED_COOKIE] === '1',
  };
}

/** The claims of an access token the storefront reads (display and scheduling only). */
export interface TokenClaims {
  exp?: number;
  name?: string;
  sid?: string;
  /** The staff user of a support session (`{ sub: "staff:<id>" }`, issue 41), or absent. */
  act?: { sub?: string };
}

/** The unverified claims of a JWT (for scheduling only; the API verifies every token). */
export function peekTokenClaims(token: string): TokenClaims {
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
  } catch {
    return {};
  }
}

/** True when the token is missing, unreadable or expires within `skewSeconds`. */
export function tokenExpired(token: string | null, nowMs: number, skewSeconds = 10): boolean {
  if (!token) return true;
  const { exp } = peekTokenClaims(token);
  return typeof exp !== 'number' || exp * 1000 <= nowMs + skewSeconds * 1000;
}

/** Set-Cookie values for a new or refreshed session. */
export function sessionCookies(
  outcome: { token: string; maxAge: number; refreshToken: string },
  remember: boolean,
  secure: boolean,
  nowMs: number,
  impersonated = false,
): string[] {
  const session = remember ? REMEMBERED_SECONDS : SHORT_SESSION_SECONDS;
  const httpOnly = { httpOnly: true, secure };
  return [
    serializeCookie(TOKEN_COOKIE, outcome.token, { ...httpOnly, maxAge: TOKEN_COOKIE_SECONDS }),
    serializeCookie(REFRESH_COOKIE, outcome.refreshToken, { ...httpOnly, maxAge: session }),
    serializeCookie(REMEMBER_COOKIE, remember ? '1' : '0', { ...httpOnly, maxAge: session }),
    serializeCookie(MAXAGE_COOKIE, `${outcome.maxAge}:${nowMs}`, {
      httpOnly: false,
      secure,
      maxAge: session,
    }),
    serializeCookie(IMPERSONATED_COOKIE, impersonated ? '1' : '', {
      ...httpOnly,
      maxAge: impersonated ? session : 0,
    }),
  ];
}

/** Set-Cookie values that end the session (logout; SPEC §4 "clears session and cookies"). */
export function clearedSessionCookies(secure: boolean): string[] {
  return [TOKEN_COOKIE, REFRESH_COOKIE, REMEMBER_COOKIE, MAXAGE_COOKIE, IMPERSONATED_COOKIE].map(
    (name) => serializeCookie(name, '', { maxAge: 0, httpOnly: name !== MAXAGE_COOKIE, secure }),
  );
}

/** The auth-service client of the storefront's server. */
export interface AuthGateway {
  /** POST /login with credentials; `remember` false sends sessionLifetime 30. */
  login(email: string, digest: string, remember: boolean): Promise<AuthOutcome>;
  /** POST /register with credentials. */
  register(email: string, digest: string, remember: boolean): Promise<AuthOutcome>;
  /** POST /password with the refresh token. */
  changePassword(
    email: string,
    digest: string,
    newDigest: string,
    refreshToken: string,
  ): Promise<AuthOutcome>;
  /** GET /login with the refresh token (rotates it). */
  refresh(refreshToken: string): Promise<AuthOutcome>;
  /** GET /logout with the refresh token. */
  logout(refreshToken: string): Promise<void>;
  /** POST /login-token: redeems a single-use login link (issue 13 §8). */
  loginWithToken(loginToken: string): Promise<AuthOutcome>;
}

/** Options of {@link createAuthGateway}. */
export interface AuthGatewayOptions {
  fetch: AuthFetch;
  /** The API key, for the sign endpoint. */
  apiKey: string;
}

const BASE = 'http://in-process.local';

/** Creates the gateway on an auth transport. */
export function createAuthGateway({ fetch, apiKey }: AuthGatewayOptions): AuthGateway {
  async function call(
    method: 'GET' | 'POST',
    action: string,
    body?: unknown,
    refreshToken?: string,
  ): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (refreshToken) headers['x-auth-refresh-token'] = refreshToken;
    return fetch(
      new Request(`${BASE}/auth/${action}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  }
  async function outcome(response: Response): Promise<AuthOutcome> {
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const refreshToken = response.headers.get('x-auth-refresh-token');
    if (response.ok && typeof body.token === 'string' && refreshToken) {
      return { ok: true, token: body.token, maxAge: Number(body.maxAge), refreshToken };
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      ok: false,
      status: response.status,
      error: String(body.error ?? 'ERROR'),
      ...(retryAfter > 0 ? { retryAfter } : {}),
    };
  }
  async function credentials(
    action: 'login' | 'register' | 'password',
    email: string,
    extra: Record<string, unknown>,
    refreshToken?: string,
  ): Promise<AuthOutcome> {
    const challenge = await call('POST', action, { username: email });
    if (!challenge.ok) return outcome(challenge);
    const { sign } = (await challenge.json()) as { sign: string };
    const signed = await fetch(
      new Request(
        `${BASE}/auth/sign/${encodeURIComponent(apiKey)}?identity=${encodeURIComponent(sign)}`,
      ),
    );
    if (!signed.ok) return outcome(signed);
    const signature: unknown = await signed.json();
    return outcome(
      await call('POST', action, { username: email, signature, ...extra }, refreshToken),
    );
  }
  return {
    login: (email, digest, remember) =>
      credentials('login', email, {
        password: digest,
        ...(remember ? {} : { sessionLifetime: SHORT_SESSION_LIFETIME }),
      }),
    register: (email, digest, remember) =>
      credentials('register', email, {
        password: digest,
        ...(remember ? {} : { sessionLifetime: SHORT_SESSION_LIFETIME }),
      }),
    changePassword: (email, digest, newDigest, refreshToken) =>
      credentials('password', email, { password: digest, newPassword: newDigest }, refreshToken),
    refresh: async (refreshToken) => outcome(await call('GET', 'login', undefined, refreshToken)),
    async logout(refreshToken) {
      await call('GET', 'logout', undefined, refreshToken);
    },
    loginWithToken: async (loginToken) =>
      outcome(await call('POST', 'login-token', { loginToken })),
  };
}

/** The session of one request after a possible refresh. */
export interface ResolvedSession {
  /** The access token to send as Bearer, or null. */
  token: string | null;
  /** The refresh token now valid (after rotation), or null. */
  refreshToken: string | null;
  remember: boolean;
  impersonated: boolean;
  /** maxAge of the token in seconds (0 when logged out). */
  maxAge: number;
  /** Set-Cookie values to send with the response (refresh or clean-up). */
  setCookies: string[];
}

/**
 * Resolves the session of a request: when the access token is missing or expired but a refresh
 * token exists, refreshes it (SPEC §4) and returns the new cookies; a refused refresh clears the
 * session ("Auth request failure is silent: the user stays unauthenticated", SPEC §7).
 */
export async function resolveSession(
  cookieHeader: string | null | undefined,
  gateway: AuthGateway,
  secure: boolean,
  nowMs: number,
): Promise<ResolvedSession> {
  const cookies = readSessionCookies(cookieHeader);
  const maxAgeOf = (token: string) => {
    const claims = peekTokenClaims(token);
    return typeof claims.exp === 'number' ? Math.max(0, claims.exp - Math.floor(nowMs / 1000)) : 0;
  };
  if (!tokenExpired(cookies.token, nowMs) || !cookies.refreshToken) {
    const valid = cookies.token && !tokenExpired(cookies.token, nowMs);
    return {
      ...cookies,
      token: valid ? cookies.token : null,
      maxAge: valid ? maxAgeOf(cookies.token!) : 0,
      setCookies: [],
    };
  }
  const refreshed = await gateway
    .refresh(cookies.refreshToken)
    .catch(() => ({ ok: false, status: 500, error: 'ERROR' }) as const);
  if (!refreshed.ok) {
    return {
      ...cookies,
      token: null,
      refreshToken: null,
      maxAge: 0,
      setCookies: refreshed.status === 401 ? clearedSessionCookies(secure) : [],
    };
  }
  return {
    token: refreshed.token,
    refreshToken: refreshed.refreshToken,
    remember: cookies.remember,
    impersonated: cookies.impersonated,
    maxAge: refreshed.maxAge,
    setCookies: sessionCookies(refreshed, cookies.remember, secure, nowMs, cookies.impersonated),
  };
}
