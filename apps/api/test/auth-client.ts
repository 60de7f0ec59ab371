/**
 * A plain HTTP client of the auth service, doing what the Geins clients do (GEINS-API §7.2):
 * challenge -> sign -> credentials, refresh by GET with `x-auth-refresh-token`, logout. Used by
 * the HTTP integration tests against a real `node:http` server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Api } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { customers, refreshTokens } from '../src/db/schema.ts';
import { hashOpaqueToken, issueAccessToken, newRefreshToken } from '../src/modules/auth/tokens.ts';
import { authNodeListener } from '../src/modules/auth/auth.node.ts';
import { passwordDigest } from '../src/modules/auth/password-digest.ts';
import { TEST_API_KEY } from './api-client.ts';

/** A response of the auth service, parsed. */
export interface AuthAnswer {
  status: number;
  body: Record<string, unknown>;
  refreshToken: string | null;
  headers: Headers;
}

/** Runs `api.auth` behind a real HTTP server on a free port. */
export async function startAuthServer(api: Api): Promise<{ url: string; close(): Promise<void> }> {
  const listener = authNodeListener(api.auth);
  // A rejection surfaces as vitest's unhandled-rejection error, failing the test.
  const server: Server = createServer((req, res) => void listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The auth client of one base URL (e.g. http://127.0.0.1:1234). */
export function authClient(base: string, salt: string, apiKey = TEST_API_KEY) {
  async function call(
    method: string,
    action: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<AuthAnswer> {
    const response = await fetch(`${base}/auth/${action}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      refreshToken: response.headers.get('x-auth-refresh-token'),
      headers: response.headers,
    };
  }

  /** Steps 1 and 2: the challenge for `username`, signed through the sign endpoint. */
  async function signature(action: string, username: string): Promise<unknown> {
    const challenge = await call('POST', action, { username });
    const sign = String(challenge.body.sign);
    const signed = await fetch(
      `${base}/auth/sign/${encodeURIComponent(apiKey)}?identity=${encodeURIComponent(sign)}`,
    );
    return signed.json();
  }

  const digest = (password: string) => passwordDigest(password, salt);

  return {
    call,
    signature,
    digest,
    /** POST /login with credentials; `remember: false` sends sessionLifetime 30. */
    async login(username: string, password: string, remember = true) {
      return call('POST', 'login', {
        username,
        signature: await signature('login', username),
        password: await digest(password),
        ...(remember ? {} : { sessionLifetime: 30 }),
      });
    },
    async register(username: string, password: string) {
      return call('POST', 'register', {
        username,
        signature: await signature('register', username),
        password: await digest(password),
      });
    },
    async changePassword(username: string, password: string, newPassword: string, refresh: string) {
      return call(
        'POST',
        'password',
        {
          username,
          signature: await signature('password', username),
          password: await digest(password),
          newPassword: await digest(newPassword),
        },
        { 'x-auth-refresh-token': refresh },
      );
    },
    refresh: (refreshToken: string) =>
      call('GET', 'login', undefined, { 'x-auth-refresh-token': refreshToken }),
    logout: (refreshToken: string) =>
      call('GET', 'logout', undefined, { 'x-auth-refresh-token': refreshToken }),
  };
}

/**
 * A customer row and a live session for it, straight in the database (no password, no HTTP):
 * a session family with one refresh token and an access token of that family (viewer.ts accepts
 * only tokens of live families).
 */
export async function customerSession(
  db: Database,
  config: Config,
  email: string,
): Promise<{ id: number; token: string; familyId: string }> {
  const [row] = await db.insert(customers).values({ email, passwordHash: 'not-used' }).returning();
  const familyId = `test-${email}`;
  await db.insert(refreshTokens).values({
    tokenHash: hashOpaqueToken(newRefreshToken()),
    familyId,
    customerId: row!.id,
    lifetimeSeconds: 3600,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  const token = await issueAccessToken(
    { customerId: row!.id, email, customerType: 'PERSON', memberType: '', familyId },
    config.auth,
    new Date(),
  );
  return { id: row!.id, token, familyId };
}
