/**
 * The back office in scale-out mode (issue 26; ADR 015): a storefront with API_URL has no
 * database, so `/admin/graphql` is proxied to the API server. Staff log in through the shop's
 * origin (the session cookie comes back through the proxy), the CSRF header still decides, the
 * API sees the client's address (TRUST_PROXY=1 there, the shop's own address resolution first:
 * a forged `X-Forwarded-For` entry does not pass), and an API that does not answer is a 502.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdminApi, ADMIN_GRAPHQL_PATH } from '@trampa/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestConfig, addStaff, STAFF_PASSWORD } from '../../../api/test/admin-client.ts';
import { openTestDb } from '../../../api/test/test-db.ts';
import type { DbHandle } from '@trampa/api/db';
import { E2E_ENV } from '../../tests/e2e/e2e-env.ts';
import type { RunningServer } from '../../server.ts';

const cleanup: Array<() => Promise<void> | void> = [];
let handle: DbHandle;
let apiServer: Server;
let apiUrl: string;

/** The storefront with API_URL (no database of its own), trusting one proxy hop. */
async function startShop(api: string): Promise<RunningServer> {
  const { startServer } = await import('../../server.ts');
  const server = await startServer({
    port: 0,
    env: { ...process.env, ...E2E_ENV, API_URL: api, TRUST_PROXY: '1', LOG_LEVEL: 'silent' },
  });
  cleanup.push(() => server.close());
  return server;
}

beforeAll(async () => {
  handle = await openTestDb('pglite');
  cleanup.push(() => handle.close());
  // The API server as apps/api/src/server.ts routes /admin/graphql, behind one proxy.
  const config = adminTestConfig();
  const admin = createAdminApi({ db: handle.db, config: { ...config, trustProxyHops: 1 } });
  apiServer = createServer((req, res) => {
    if ((req.url ?? '').split('?')[0] === ADMIN_GRAPHQL_PATH) void admin.yoga(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((done) => apiServer.listen(0, '127.0.0.1', done));
  cleanup.push(() => void apiServer.close());
  apiUrl = `http://127.0.0.1:${(apiServer.address() as AddressInfo).port}/graphql`;
  await addStaff(handle, 'proxy@example.se', 'administrator');
}, 120_000);

afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** A POST to the shop's /admin/graphql as the back-office app sends it. */
function adminPost(
  shop: string,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return fetch(`${shop}/admin/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-trampa-admin': '1',
      origin: shop,
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
}

describe('the back office with API_URL', () => {
  it('logs in through the shop: cookie, session and the client address reach the API', async () => {
    const shop = await startShop(apiUrl);
    const login = await adminPost(
      shop.url,
      'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { email } }',
      { e: 'proxy@example.se', p: STAFF_PASSWORD },
      // A forged entry first, then what the shop's one trusted proxy saw.
      { 'x-forwarded-for': '198.51.100.66, 203.0.113.7' },
    );
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual({ data: { login: { email: 'proxy@example.se' } } });
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^trampa-admin-session=[^;]+; Path=\/admin; HttpOnly; SameSite=Strict/);

    const me = await adminPost(
      shop.url,
      '{ activeAdministrator { email role } }',
      {},
      {
        cookie: cookie.split(';')[0]!,
      },
    );
    expect(await me.json()).toEqual({
      data: { activeAdministrator: { email: 'proxy@example.se', role: 'administrator' } },
    });

    const log = await adminPost(
      shop.url,
      '{ auditLog(filter: { action: "staff.login" }, take: 1) { entries { staffEmail ip } } }',
      {},
      { cookie: cookie.split(';')[0]! },
    );
    expect(await log.json()).toEqual({
      data: { auditLog: { entries: [{ staffEmail: 'proxy@example.se', ip: '203.0.113.7' }] } },
    });
  });

  it('keeps the CSRF rule: without the header the API refuses', async () => {
    const shop = await startShop(apiUrl);
    const response = await fetch(`${shop.url}/admin/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.url },
      body: JSON.stringify({ query: '{ activeAdministrator { email } }' }),
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors[0]?.extensions.code).toBe('CSRF');
  });

  it('answers 502 with a GraphQL error when the API server does not answer', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const shop = await startShop(`http://127.0.0.1:${port}`);
    const response = await adminPost(shop.url, '{ activeAdministrator { email } }', {});
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      errors: [{ extensions: { code: 'BAD_GATEWAY' } }],
    });
  });
});
