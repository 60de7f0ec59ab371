/**
 * Issue 28, the pieces: which errors mean "the database is unavailable", the GraphQL and HTTP
 * answers to them (SERVICE_UNAVAILABLE, 503, Retry-After), the statement deadline and the
 * bounded pool wait, the log (one line when the database is lost and one when it is back,
 * limited 503 request lines, no SQL parameters) and the job runner's quiet back-off. The
 * PostgreSQL part reaches the database through a TCP proxy it cuts (TEST_DATABASE_URL; skipped
 * without it). The whole shop under load: scripts/db-outage.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { GraphQLError } from 'graphql/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../src/app.ts';
import { createDb, withStatementDeadline, type DbHandle } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import {
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
  unavailableReason,
} from '../src/db/unavailable.ts';
import { ShopError } from '../src/errors.ts';
import { createHealth } from '../src/health.ts';
import { errorFields, lineBudget, requestLogging, runWithLogger } from '../src/log.ts';
import {
  JobRunner,
  MAX_UNAVAILABLE_BACKOFF_MS,
  unavailableBackoffMs,
} from '../src/modules/jobs/runner.ts';
import { TEST_API_KEY, testConfig } from './api-client.ts';
import { capturedLogger, type CapturedLog } from './log-capture.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';
import { createScratchDatabase, type ScratchDatabase } from './test-db.ts';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('holds for a server that is gone, refuses, ends the connection or is too slow', () => {
    const cases: Array<[unknown, string]> = [
      [coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), 'ECONNREFUSED'],
      [coded('ECONNRESET'), 'ECONNRESET'],
      [new Error('Connection terminated unexpectedly'), 'connection-lost'],
      [new Error('Connection terminated due to connection timeout'), 'connection-lost'],
      [
        new Error('Client has encountered a connection error and is not queryable'),
        'connection-lost',
      ],
      [new Error('timeout exceeded when trying to connect'), 'pool-wait-timeout'],
      [new Error('Query read timeout'), 'statement-timeout'],
      [coded('57014', 'canceling statement due to statement timeout'), 'statement-timeout'],
      [coded('57P01', 'terminating connection due to administrator command'), 'sqlstate-57P01'],
      [coded('57P03', 'the database system is starting up'), 'sqlstate-57P03'],
      [coded('08006', 'connection failure'), 'sqlstate-08006'],
      [new AggregateError([coded('ECONNREFUSED')]), 'ECONNREFUSED'],
      // Drizzle wraps the driver's error; GraphQL wraps what a resolver threw.
      [new DrizzleQueryError('select 1', [], coded('ECONNRESET')), 'ECONNRESET'],
      [
        new GraphQLError('x', { originalError: new Error('Connection terminated unexpectedly') }),
        'connection-lost',
      ],
    ];
    for (const [error, reason] of cases) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      expect(unavailableReason(error)).toBe(reason);
    }
  });

  it('does not hold for errors of one request: constraints, bad input, bugs', () => {
    for (const error of [
      coded('23505', 'duplicate key value violates unique constraint'),
      coded('22P02', 'invalid input syntax for type integer'),
      coded('40001', 'could not serialize access'),
      new DrizzleQueryError('insert ...', ['a@b.se'], coded('23503')),
      new ShopError('OUT_OF_STOCK', 'Out of stock'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'Connection terminated',
      null,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});

describe('logging an outage', () => {
  it('a failed Drizzle query logs its driver error and statement, never its parameters', () => {
    const error = new DrizzleQueryError(
      'select * from customers where email = $1',
      ['anna@example.se', 'cart-123'],
      coded('ECONNRESET', 'read ECONNRESET'),
    );
    const fields = errorFields(error, true);
    expect(fields).toMatchObject({
      message: 'read ECONNRESET',
      sql: 'select * from customers where email = $1',
    });
    expect(JSON.stringify(fields)).not.toMatch(/anna|cart-123|params/);
  });

  it('lineBudget: 10 lines at once, then one a second, counting the rest', () => {
    let now = 0;
    const budget = lineBudget({ burst: 10, perSecond: 1 }, () => now);
    const taken = Array.from({ length: 30 }, () => budget.take()).filter(Boolean).length;
    expect(taken).toBe(10);
    expect(budget.skipped()).toBe(20);
    expect(budget.skipped()).toBe(0);
    now = 2_500;
    expect([budget.take(), budget.take(), budget.take()]).toEqual([true, true, false]);
  });

  it('503 request lines carry the code and are limited; other lines are not', async () => {
    const log = capturedLogger('info');
    // One more line a minute at most: the count below does not depend on the machine's speed.
    const logging = requestLogging(log.logger, {
      unavailableLines: { burst: 10, perSecond: 1 / 60 },
    });
    let status = 503;
    const server = createServer((req, res) =>
      logging(req, res, () => {
        res.statusCode = status;
        res.end();
      }),
    );
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/c/cyklar`;
    try {
      for (let n = 0; n < 30; n += 1) await fetch(url);
      status = 200;
      for (let n = 0; n < 5; n += 1) await fetch(url);
      await new Promise((done) => setTimeout(done, 50));
    } finally {
      server.close();
    }
    const failed = log.lines.filter((line) => line.status === 503);
    expect(failed).toHaveLength(10);
    for (const line of failed) {
      expect(line).toMatchObject({ level: 'warn', code: 'SERVICE_UNAVAILABLE', path: '/c/cyklar' });
    }
    expect(log.lines.filter((line) => line.status === 200)).toHaveLength(5);
  });

  it('the job runner waits longer after each poll that met an unavailable database', () => {
    expect(unavailableBackoffMs(1_000, 1)).toBe(2_000);
    expect(unavailableBackoffMs(1_000, 3)).toBe(8_000);
    expect(unavailableBackoffMs(1_000, 50)).toBe(MAX_UNAVAILABLE_BACKOFF_MS);
  });
});

const GRAPHQL_URL = 'http://shop.local/graphql';

/** A GraphQL request to the in-process API, as a request of the shop (its log context). */
function graphql(api: Api, log: CapturedLog, query: string): Promise<Response> {
  return runWithLogger(log.logger.child({ reqId: 'test-request' }), () =>
    api.fetch(
      new Request(GRAPHQL_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-apikey': TEST_API_KEY },
        body: JSON.stringify({ query }),
      }),
    ),
  );
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL through a proxy that is cut', () => {
  let scratch: ScratchDatabase;
  let proxy: TcpProxy;
  let handle: DbHandle;
  let log: CapturedLog;
  let api: Api;
  let server: Server | undefined;

  beforeAll(async () => {
    scratch = await createScratchDatabase('unavail');
    const migrator = await createDb({ databaseUrl: scratch.url, poolMax: 1 });
    await runMigrations(migrator);
    await migrator.close();
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    log = capturedLogger('info');
    handle = await createDb({
      databaseUrl: proxy.urlThrough(scratch.url),
      poolMax: 2,
      statementTimeoutMs: 300,
      poolWaitMs: 300,
      logger: log.logger,
    });
    api = createApi({ db: handle.db, config: testConfig(), logger: log.logger });
  });

  afterAll(async () => {
    server?.close();
    await handle?.close();
    await proxy?.close();
    await scratch?.drop();
  });

  it('statements of a request end at the deadline; background work is not limited', async () => {
    const started = Date.now();
    const slow = withStatementDeadline(() => handle.db.execute(sql`select pg_sleep(2)`));
    const error = await slow.then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(unavailableReason(error)).toBe('statement-timeout');
    expect(Date.now() - started).toBeLessThan(1_900);
    // Outside a request (jobs, start-up), no deadline.
    await handle.db.execute(sql`select pg_sleep(0.5)`);
    // The connection that ran past the deadline was replaced: the pool still answers.
    await withStatementDeadline(() => handle.db.execute(sql`select 1`));
  });

  it('waits a bounded time for a pooled connection', async () => {
    const held = await Promise.all([handle.pool!.connect(), handle.pool!.connect()]);
    try {
      const error = await handle.db.execute(sql`select 1`).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(unavailableReason(error)).toBe('pool-wait-timeout');
    } finally {
      for (const client of held) client.release();
    }
    // The next statement that succeeds marks the database available again.
    expect(handle.availability!.available).toBe(false);
    await handle.db.execute(sql`select 1`);
    expect(handle.availability!.available).toBe(true);
  });

  it('cut: SERVICE_UNAVAILABLE, 503 and Retry-After; one line lost, one back', async () => {
    const before = log.lines.length;
    // The job runner polls the cut database without a line per poll.
    const jobLines: unknown[] = [];
    const runner = new JobRunner({
      db: handle.db,
      pollMs: 50,
      kinds: ['no-such-kind'],
      log: { info: (...args) => jobLines.push(args), error: (...args) => jobLines.push(args) },
    });
    await proxy.cut();
    try {
      runner.start();
      const answer = await graphql(api, log, '{ channels { id } }');
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      const body = (await answer.json()) as {
        data?: unknown;
        errors: Array<{ message: string; extensions: Record<string, unknown> }>;
      };
      expect(body.errors).toEqual([
        expect.objectContaining({
          extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: RETRY_AFTER_SECONDS },
        }),
      ]);
      // A field answered without the database: the partial answer keeps 200.
      const partial = await graphql(api, log, '{ __typename channels { id } }');
      expect(partial.status).toBe(200);
      expect(partial.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      const partialBody = (await partial.json()) as {
        data: Record<string, unknown>;
        errors: Array<{ extensions: { code: string } }>;
      };
      expect(partialBody.data.__typename).toMatch(/Query$/);
      expect(partialBody.errors[0]!.extensions.code).toBe('SERVICE_UNAVAILABLE');
      // The HTTP routes: a refresh of the login reads the session.
      const refresh = await api.auth(
        new Request('http://shop.local/auth/login', {
          headers: { 'x-auth-refresh-token': 'a'.repeat(40) },
        }),
      );
      expect(refresh.status).toBe(503);
      expect(refresh.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(await refresh.json()).toEqual({ error: 'SERVICE_UNAVAILABLE' });
      // Readiness.
      const ready = await createHealth(handle.db).readiness();
      expect(ready).toEqual({
        status: 503,
        body: { status: 'not-ready', reason: 'database-unavailable' },
      });
      await new Promise((done) => setTimeout(done, 500));
    } finally {
      await proxy.restore();
      await runner.stop();
    }
    expect(jobLines).toEqual([]);
    const outage = log.lines.slice(before);
    expect(outage.filter((line) => line.event === 'db.unavailable')).toHaveLength(1);
    expect(outage.filter((line) => line.msg === 'Unexpected error')).toEqual([]);
    // Back: the next statement succeeds and writes the one line.
    const answer = await graphql(api, log, '{ channels { id } }');
    expect(answer.status).toBe(200);
    expect(log.lines.slice(before).filter((line) => line.event === 'db.available')).toHaveLength(1);
    expect(handle.availability!.available).toBe(true);
  });
});
