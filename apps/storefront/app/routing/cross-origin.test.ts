/**
 * A headless storefront on another origin (issue 25: ralph on `www.`, the shop on `api.`)
 * against the real shop server (the built storefront in production mode): CORS preflights to
 * `/graphql` and `/auth/*` from an origin in CORS_ORIGINS get credentialed CORS, from another
 * origin none; the auth service takes its logins past the same-origin guard; an `OPTIONS`
 * request to a page or any other path is a 405 with `Allow`, never the page handler's 500;
 * product images may be shown on another origin (`Cross-Origin-Resource-Policy: cross-origin`).
 * On the embedded database and, with TEST_DATABASE_URL, on a PostgreSQL database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../../../../scripts/build-if-stale.ts';
import {
  createScratchDatabase,
  testDatabaseKinds,
  type ScratchDatabase,
} from '../../../api/test/test-db.ts';
import { E2E_ENV } from '../../tests/e2e/e2e-env.ts';
import { shopTemplate } from '../../tests/e2e/shop-template.ts';
import type { RunningServer } from '../../server.ts';

const PUBLIC_URL = 'https://api.cykel.example';
const RALPH = 'https://www.cykel.example';
const EVIL = 'https://evil.example';

describe.each(testDatabaseKinds())('cross-origin requests to the shop on %s', (kind) => {
  let server: RunningServer;
  let scratch: ScratchDatabase | undefined;
  let previousNodeEnv: string | undefined;

  beforeAll(async () => {
    buildIfStale();
    previousNodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    scratch = kind === 'postgres' ? await createScratchDatabase('cors') : undefined;
    const { startServer } = await import('../../server.ts');
    server = await startServer({
      port: 0,
      pgliteLoadDataDir: shopTemplate(),
      env: {
        ...process.env,
        ...E2E_ENV,
        PUBLIC_URL,
        CORS_ORIGINS: RALPH,
        ...(scratch ? { DATABASE_URL: scratch.url, MIGRATE_ON_START: 'true' } : {}),
      },
    });
  }, 300_000);

  afterAll(async () => {
    await server?.close();
    await scratch?.drop();
    process.env.NODE_ENV = previousNodeEnv;
  });

  function preflight(path: string, origin: string, headers = 'content-type'): Promise<Response> {
    return fetch(`${server.url}${path}`, {
      method: 'OPTIONS',
      redirect: 'manual',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': headers,
      },
    });
  }

  it('answers OPTIONS to pages and other paths with 405 and Allow, never 500', async () => {
    for (const path of ['/', '/c/cyklar', '/checkout', '/no-such-page', '/img/product/raw/x.svg']) {
      for (const origin of [RALPH, EVIL]) {
        const response = await preflight(path, origin);
        expect(response.status, `${path} from ${origin}`).toBe(405);
        expect(response.headers.get('allow')).toBe('GET, HEAD, POST');
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
      }
    }
    const bare = await fetch(`${server.url}/c/cyklar`, { method: 'OPTIONS' });
    expect(bare.status).toBe(405);
  });

  it('serves product images to other origins (CORP cross-origin; issue 44 §2) while pages stay same-origin', async () => {
    const image = await fetch(`${server.url}/img/product/400x400/finns-inte.svg`, {
      headers: { origin: RALPH },
    });
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const page = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('/graphql and /auth/*: a listed origin gets credentialed CORS, another origin none', async () => {
    for (const path of ['/graphql', '/auth/login']) {
      const listed = await preflight(path, RALPH, 'content-type,x-apikey');
      expect(listed.status, path).toBe(204);
      expect(listed.headers.get('access-control-allow-origin')).toBe(RALPH);
      expect(listed.headers.get('access-control-allow-credentials')).toBe('true');
      const other = await preflight(path, EVIL, 'content-type,x-apikey');
      expect(other.status, path).toBe(204);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('a login challenge from a listed origin passes the same-origin guard; from another site it is refused', async () => {
    const login = (origin: string) =>
      fetch(`${server.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ username: 'anna@example.se' }),
      });
    const listed = await login(RALPH);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toHaveProperty('sign');
    expect(listed.headers.get('access-control-allow-origin')).toBe(RALPH);
    expect(listed.headers.get('access-control-expose-headers')).toBe('x-auth-refresh-token');
    expect((await login(EVIL)).status).toBe(403);
    // CORS_ORIGINS open the auth service only: the shop's own page actions stay same-origin.
    const customerType = await fetch(`${server.url}/kundtyp`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: RALPH },
      body: new URLSearchParams({ customerType: 'ORGANIZATION', returnTo: '/' }).toString(),
    });
    expect(customerType.status).toBe(403);
  });
});
