/**
 * Cross-origin access to `/graphql` and `/auth/*` (issue 25, src/cors.ts): a headless
 * storefront on an origin listed in CORS_ORIGINS (ralph on `www.`, the API on `api.`) gets
 * credentialed CORS and can read the refresh-token header; any other origin gets no CORS
 * headers; by default only PUBLIC_URL's origin is allowed. On every database kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../src/app.ts';
import { loadConfig, ConfigError } from '../src/config.ts';
import type { DbHandle } from '../src/db/client.ts';
import { TEST_API_KEY, testConfig } from './api-client.ts';
import { authClient, startAuthServer } from './auth-client.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const SHOP = 'https://api.cykel.example';
const RALPH = 'https://www.cykel.example';
const EVIL = 'https://evil.example';

const listed = testConfig({ publicUrl: SHOP, cors: { origins: [RALPH] } });
listed.auth = { ...listed.auth, scryptLogN: 12 };
const unlisted = testConfig({ publicUrl: SHOP });

function preflight(api: Api, path: string, origin: string, headers = 'content-type,x-apikey') {
  return api.fetch(
    new Request(`${SHOP}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': headers,
      },
    }),
  );
}

function expectCredentialedCors(response: { headers: Headers }, origin: string): void {
  expect(response.headers.get('access-control-allow-origin')).toBe(origin);
  expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  expect(response.headers.get('vary') ?? '').toMatch(/origin/i);
}

function expectNoCors(response: { headers: Headers }): void {
  expect(response.headers.get('access-control-allow-origin')).toBeNull();
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
}

describe('CORS_ORIGINS in the configuration', () => {
  it('reads a comma-separated list as normalised origins, none by default', () => {
    expect(loadConfig({}).cors.origins).toEqual([]);
    expect(
      loadConfig({
        CORS_ORIGINS:
          ' https://WWW.cykel.example , http://localhost:3700/,https://www.cykel.example',
      }).cors.origins,
    ).toEqual(['https://www.cykel.example', 'http://localhost:3700']);
  });

  it('refuses what is not an origin: *, a path, a query, another scheme, junk', () => {
    for (const value of [
      '*',
      'https://www.cykel.example/shop',
      'https://www.cykel.example?x=1',
      'ftp://www.cykel.example',
      'www.cykel.example',
      'https://user:pw@www.cykel.example',
    ]) {
      expect(() => loadConfig({ CORS_ORIGINS: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ CORS_ORIGINS: value }), value).toThrow(/CORS_ORIGINS/);
    }
  });
});

describe.each(testDatabaseKinds())('CORS on %s', (kind) => {
  let handle: DbHandle;
  let api: Api;
  let defaults: Api;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    api = createApi({ db: handle.db, config: listed, log: { error: () => undefined } });
    defaults = createApi({ db: handle.db, config: unlisted, log: { error: () => undefined } });
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('/graphql: a listed origin gets credentialed CORS for the Geins headers', async () => {
    const response = await preflight(api, '/graphql', RALPH, 'content-type,x-apikey,authorization');
    expect(response.status).toBe(204);
    expectCredentialedCors(response, RALPH);
    const allowed = response.headers.get('access-control-allow-headers') ?? '';
    for (const header of ['content-type', 'x-apikey', 'authorization']) {
      expect(allowed).toContain(header);
    }
    const post = await api.fetch(
      new Request(`${SHOP}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-apikey': TEST_API_KEY, origin: RALPH },
        body: JSON.stringify({ query: '{ __typename }' }),
      }),
    );
    expect(post.status).toBe(200);
    expectCredentialedCors(post, RALPH);
  });

  it("/graphql: the shop's own origin is always allowed, another origin never", async () => {
    expectCredentialedCors(await preflight(api, '/graphql', SHOP), SHOP);
    const evil = await preflight(api, '/graphql', EVIL);
    expect(evil.status).toBeLessThan(500);
    expectNoCors(evil);
    expect(evil.headers.get('vary') ?? '').toMatch(/origin/i);
    const post = await api.fetch(
      new Request(`${SHOP}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-apikey': TEST_API_KEY, origin: EVIL },
        body: JSON.stringify({ query: '{ __typename }' }),
      }),
    );
    expectNoCors(post);
  });

  it('/graphql: without CORS_ORIGINS another origin (ralph on www.) is refused', async () => {
    expectNoCors(await preflight(defaults, '/graphql', RALPH));
    expectCredentialedCors(await preflight(defaults, '/graphql', SHOP), SHOP);
  });

  it('/auth/*: a listed origin gets credentialed CORS and the refresh header exposed', async () => {
    const response = await preflight(
      api,
      '/auth/login',
      RALPH,
      'content-type,x-auth-refresh-token',
    );
    expect(response.status).toBe(204);
    expectCredentialedCors(response, RALPH);
    expect(response.headers.get('access-control-allow-headers')).toContain('x-auth-refresh-token');
    const challenge = await api.auth(
      new Request(`${SHOP}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: RALPH },
        body: JSON.stringify({ username: 'anna@example.se' }),
      }),
    );
    expect(challenge.status).toBe(200);
    expectCredentialedCors(challenge, RALPH);
    expect(challenge.headers.get('access-control-expose-headers')).toBe('x-auth-refresh-token');
  });

  it('/auth/*: another origin, and ralph without CORS_ORIGINS, get no CORS headers', async () => {
    const evil = await preflight(api, '/auth/login', EVIL);
    expect(evil.status).toBe(204);
    expectNoCors(evil);
    expect(evil.headers.get('access-control-expose-headers')).toBeNull();
    expectNoCors(await preflight(defaults, '/auth/login', RALPH));
  });

  it('a storefront on a listed origin refreshes over HTTP and can read the new refresh token', async () => {
    const server = await startAuthServer(api);
    try {
      const client = authClient(server.url, listed.auth.passwordSalt);
      const registered = await client.register('ralph.kund@example.se', 'cykel123');
      expect(registered.status).toBe(200);
      const refreshed = await client.call('GET', 'login', undefined, {
        origin: RALPH,
        'x-auth-refresh-token': registered.refreshToken!,
      });
      expect(refreshed.status).toBe(200);
      expect(refreshed.refreshToken).toBeTruthy();
      expectCredentialedCors(refreshed, RALPH);
      expect(refreshed.headers.get('access-control-expose-headers')).toBe('x-auth-refresh-token');
    } finally {
      await server.close();
    }
  });
});
