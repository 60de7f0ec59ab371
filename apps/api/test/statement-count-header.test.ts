/**
 * The bench's opt-in `x-sql-statements` header (BENCH_SQL_COUNT=1, docs/performance.md): off by
 * default, and when mounted it reports exactly the statements a request sent before its headers,
 * on every database kind.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { countStatements, type DbHandle } from '../src/db/client.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import {
  SQL_STATEMENTS_HEADER,
  sqlStatementCountHeader,
} from '../src/db/statement-count-header.ts';
import { createTestClient, TEST_API_KEY, type TestClient } from './api-client.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

describe('BENCH_SQL_COUNT', () => {
  it('is off by default and on only for "1"', () => {
    expect(loadConfig({}).benchSqlCount).toBe(false);
    expect(loadConfig({ BENCH_SQL_COUNT: '0' }).benchSqlCount).toBe(false);
    expect(loadConfig({ BENCH_SQL_COUNT: '1' }).benchSqlCount).toBe(true);
    expect(() => loadConfig({ BENCH_SQL_COUNT: 'yes' })).toThrow(ConfigError);
  });
});

/** Serves `listener` on a free loopback port. */
async function listen(listener: RequestListener): Promise<{ server: Server; url: string }> {
  const server = createServer(listener);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

describe.each(testDatabaseKinds())('x-sql-statements on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  const servers: Server[] = [];

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 12 });
    client = createTestClient(handle);
  });

  afterAll(async () => {
    for (const server of servers) server.close();
    await handle?.close();
  });

  it('counts the statements sent before the headers, not those after', async () => {
    const { server, url } = await listen((req, res) =>
      sqlStatementCountHeader(req, res, () => {
        void (async () => {
          await handle.db.execute(sql`select 1`);
          await handle.db.execute(sql`select 2`);
          await handle.db.execute(sql`select 3`);
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.write('first part ');
          await handle.db.execute(sql`select 4`);
          res.end('second part');
        })();
      }),
    );
    servers.push(server);
    const response = await fetch(url);
    expect(response.headers.get(SQL_STATEMENTS_HEADER)).toBe('3');
    expect(await response.text()).toBe('first part second part');
  });

  it('sets the header on implicit headers too (res.end without writeHead)', async () => {
    const { server, url } = await listen((req, res) =>
      sqlStatementCountHeader(req, res, () => {
        void handle.db.execute(sql`select 1`).then(() => res.end('ok'));
      }),
    );
    servers.push(server);
    const response = await fetch(url);
    expect(response.headers.get(SQL_STATEMENTS_HEADER)).toBe('1');
  });

  it('reports the same count for a GraphQL request as countStatements', async () => {
    const { server, url } = await listen((req, res) =>
      sqlStatementCountHeader(req, res, () => void client.api.yoga(req, res)),
    );
    servers.push(server);
    const query =
      '{ products(take: 5) { count products { alias brand { name } unitPrice { sellingPriceIncVat } } } }';
    const post = () =>
      fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-apikey': TEST_API_KEY },
        body: JSON.stringify({ query }),
      });
    await post();
    const response = await post();
    const body = (await response.json()) as { data: { products: { count: number } } };
    expect(body.data.products.count).toBeGreaterThan(0);
    const direct = await countStatements(() => client.query(query));
    expect(direct.counter.count).toBeGreaterThan(0);
    expect(response.headers.get(SQL_STATEMENTS_HEADER)).toBe(String(direct.counter.count));
  });

  it('is not sent by a server without the middleware', async () => {
    const { server, url } = await listen((req, res) => void client.api.yoga(req, res));
    servers.push(server);
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-apikey': TEST_API_KEY },
      body: JSON.stringify({ query: '{ channel { id } }' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.has(SQL_STATEMENTS_HEADER)).toBe(false);
  });
});
