/**
 * Request ids and SQL timing in the API's logs (issue 15 "Logs"), on every database kind: the
 * standalone API's request line and its GraphQL context's lines carry the request's
 * `x-request-id`, and LOG_LEVEL=debug adds one line per SQL statement with its duration and
 * text, never its parameters.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/app.ts';
import type { DbHandle } from '../src/db/client.ts';
import { loadConfig } from '../src/config.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { requestLogging, runWithLogger } from '../src/log.ts';
import { TEST_API_KEY, testConfig } from './api-client.ts';
import { addCatalogFixture, FIXTURE } from './catalog-fixture.ts';
import { capturedLogger, type CapturedLog } from './log-capture.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

describe('LOG_LEVEL', () => {
  it('is info by default and one of the pino levels or silent', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(loadConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
  });
});

/** Waits until the pending log writes (response 'close' events) are through. */
const settle = () => new Promise((done) => setTimeout(done, 50));

describe.each(testDatabaseKinds())('request ids and SQL timing in the API logs on %s', (kind) => {
  let handle: DbHandle;
  let server: Server;
  let url: string;
  let log: CapturedLog;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 20 });
    await addCatalogFixture(handle.db);
    log = capturedLogger('debug');
    // As src/server.ts serves the API: the request-line middleware in front of Yoga.
    const api = createApi({ db: handle.db, config: testConfig(), logger: log.logger });
    const logging = requestLogging(log.logger);
    server = createServer((req, res) => logging(req, res, () => void api.yoga(req, res)));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });

  afterAll(async () => {
    server?.close();
    await handle?.close();
  });

  function post(body: unknown, requestId: string): Promise<Response> {
    return fetch(`${url}?debug=q-secret`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-apikey': TEST_API_KEY,
        'x-request-id': requestId,
      },
      body: JSON.stringify(body),
    });
  }

  it("returns the request id and logs it on the request line and each of the request's SQL lines", async () => {
    const before = log.lines.length;
    const response = await post(
      {
        query: `query ($text: String) { products(filter: { searchText: $text }) { count } }`,
        variables: { text: 'zqxparameterwv' },
      },
      `api-${kind}-1`,
    );
    expect(response.status).toBe(200);
    await response.json();
    await settle();
    expect(response.headers.get('x-request-id')).toBe(`api-${kind}-1`);
    const lines = log.lines.slice(before);
    const requestLine = lines.find((line) => line.msg === 'request');
    expect(requestLine).toMatchObject({
      reqId: `api-${kind}-1`,
      method: 'POST',
      path: '/graphql',
      status: 200,
    });
    const sqlLines = lines.filter((line) => line.msg === 'sql');
    expect(sqlLines.length).toBeGreaterThan(0);
    for (const line of sqlLines) {
      expect(line).toMatchObject({ level: 'debug', reqId: `api-${kind}-1` });
      expect(typeof line.durationMs).toBe('number');
      expect(line.sql).toEqual(expect.any(String));
    }
    expect(sqlLines.some((line) => /\bselect\b/i.test(String(line.sql)))).toBe(true);
    const output = log.raw.join('\n');
    expect(output).not.toContain('zqxparameterwv');
    expect(output).not.toContain('q-secret');
    expect(output).not.toContain(TEST_API_KEY);
  });

  it("logs the GraphQL context's errors with the request id", async () => {
    const before = log.lines.length;
    // A market the channel does not have: "logged as an error" (SPEC §8) by the context.
    const response = await post(
      {
        query: `{ product(alias: "${FIXTURE.campaignProduct.alias}", marketId: "no-such-market") { name } }`,
      },
      `api-${kind}-2`,
    );
    await response.json();
    await settle();
    const errors = log.lines.slice(before).filter((line) => line.level === 'error');
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) expect(line.reqId).toBe(`api-${kind}-2`);
  });

  it('logs an unexpected error with the request id, its message and its stack', async () => {
    const broken = await openTestDb(kind);
    const errors = capturedLogger('info');
    const api = createApi({ db: broken.db, config: testConfig(), logger: errors.logger });
    // A statement that fails for a reason other than an outage (issue 28: a closed pool or a
    // lost server answers SERVICE_UNAVAILABLE instead): its table is gone.
    await seedCatalogue(broken.db, { products: 2 });
    await broken.db.execute(sql`drop table products cascade`);
    const logging = requestLogging(errors.logger);
    const local = createServer((req, res) => logging(req, res, () => void api.yoga(req, res)));
    await new Promise<void>((done) => local.listen(0, '127.0.0.1', done));
    const response = await fetch(
      `http://127.0.0.1:${(local.address() as AddressInfo).port}/graphql`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-apikey': TEST_API_KEY,
          'x-request-id': `broken-${kind}`,
        },
        body: JSON.stringify({ query: '{ products { count } }' }),
      },
    );
    const body = (await response.json()) as { errors: Array<{ message: string }> };
    await settle();
    local.close();
    await broken.close();
    expect(body.errors[0]!.message).toBe('Unexpected error.');
    const logged = errors.lines.filter((line) => line.level === 'error');
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) {
      expect(line).toMatchObject({ reqId: `broken-${kind}`, msg: 'Unexpected error' });
      expect(line.err).toMatchObject({ message: expect.any(String), stack: expect.any(String) });
    }
  });

  it('times the statements of a transaction too, with their parameters left out', async () => {
    const timed = capturedLogger('debug');
    await runWithLogger(timed.logger.child({ reqId: `tx-${kind}` }), () =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select ${'zqxtransactionparam'}::text as marker`);
      }),
    );
    const lines = timed.lines.filter((line) => line.msg === 'sql');
    expect(lines.map((line) => line.sql)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^select \$1::text as marker$/)]),
    );
    for (const line of lines) expect(line.reqId).toBe(`tx-${kind}`);
    expect(timed.raw.join('\n')).not.toContain('zqxtransactionparam');
  });

  it('logs no SQL lines at info', async () => {
    const quiet = capturedLogger('info');
    const api = createApi({ db: handle.db, config: testConfig(), logger: quiet.logger });
    const logging = requestLogging(quiet.logger);
    const local = createServer((req, res) => logging(req, res, () => void api.yoga(req, res)));
    await new Promise<void>((done) => local.listen(0, '127.0.0.1', done));
    const response = await fetch(
      `http://127.0.0.1:${(local.address() as AddressInfo).port}/graphql`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-apikey': TEST_API_KEY },
        body: JSON.stringify({ query: '{ products { count } }' }),
      },
    );
    await response.json();
    await settle();
    local.close();
    expect(quiet.lines.map((line) => line.msg)).toEqual(['request']);
  });
});
