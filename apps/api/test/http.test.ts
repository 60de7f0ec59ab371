/**
 * HTTP behaviour of /graphql: X-ApiKey (401), CORS, masked errors, GraphiQL in production and
 * automatic persisted queries stored in the database, on every database kind. These need only
 * a migrated database (no seed).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/app.ts';
import { createDb, type DbHandle } from '../src/db/client.ts';
import { persistedQueries } from '../src/db/schema.ts';
import { createTestClient, TEST_API_KEY, testConfig, type TestClient } from './api-client.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(testDatabaseKinds())('HTTP on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    // The storefront of the CORS tests is on another origin, listed in CORS_ORIGINS (issue 25).
    client = createTestClient(handle, testConfig({ cors: { origins: ['https://shop.example'] } }));
  });

  afterAll(async () => {
    await handle?.close();
  });

  describe('X-ApiKey', () => {
    const body = { query: '{ __typename }' };

    it('answers 401 UNAUTHENTICATED without a key or with a wrong key', async () => {
      for (const headers of [{ 'x-apikey': '' }, { 'x-apikey': 'wrong-key-123' }]) {
        const response = await client.post(body, headers);
        expect(response.status).toBe(401);
        expect(response.headers.get('content-type')).toMatch(/application\/json/);
        expect(await response.json()).toEqual({
          errors: [
            {
              message: 'Missing or invalid API key (X-ApiKey header)',
              extensions: { code: 'UNAUTHENTICATED' },
            },
          ],
        });
      }
      const none = await client.api.fetch(
        new Request('http://localhost/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      expect(none.status).toBe(401);
    });

    it('accepts the key in any header-name case', async () => {
      for (const name of ['x-apikey', 'X-ApiKey', 'X-APIKEY']) {
        const response = await client.api.fetch(
          new Request('http://localhost/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json', [name]: TEST_API_KEY },
            body: JSON.stringify(body),
          }),
        );
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ data: { __typename: 'GeinsMerchantApiQuery' } });
      }
    });
  });

  describe('CORS', () => {
    it('answers a preflight without a key and allows the Geins client headers', async () => {
      const response = await client.api.fetch(
        new Request('http://localhost/graphql', {
          method: 'OPTIONS',
          headers: {
            origin: 'https://shop.example',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type,x-apikey,authorization,x-request-id',
          },
        }),
      );
      expect(response.status).toBeLessThan(300);
      const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
      for (const header of [
        'content-type',
        'x-apikey',
        'authorization',
        'x-request-id',
        'x-sdk-version',
        'x-idempotency-key',
      ]) {
        expect(allowed).toContain(header);
      }
      expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    });

    it('lets browsers read a 401', async () => {
      const response = await client.post(
        { query: '{ __typename }' },
        {
          'x-apikey': 'nope-nope-nope',
          origin: 'https://shop.example',
        },
      );
      expect(response.status).toBe(401);
      expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    });
  });

  describe('errors', () => {
    it('masks unexpected errors without a stack trace', async () => {
      // A database without tables makes every resolver fail unexpectedly.
      const empty = await createDb({ pgliteDataDir: 'memory://' });
      try {
        const api = createApi({ db: empty.db, config: testConfig({ nodeEnv: 'development' }) });
        const response = await api.fetch(
          new Request('http://localhost/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-apikey': TEST_API_KEY },
            body: JSON.stringify({ query: '{ brands { brandId } }' }),
          }),
        );
        const text = await response.text();
        expect(JSON.parse(text)).toEqual({
          data: { brands: null },
          errors: [
            {
              message: 'Unexpected error.',
              locations: [{ line: 1, column: 3 }],
              path: ['brands'],
              extensions: { code: 'INTERNAL_SERVER_ERROR' },
            },
          ],
        });
        expect(text).not.toMatch(/stack|brands" does not exist|\.ts/);
      } finally {
        await empty.close();
      }
    });

    it('reports validation errors with a code', async () => {
      const { errors } = await client.query('{ product(productId: "abc") { productId } }');
      expect(errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });
  });

  describe('GraphiQL', () => {
    const page = () =>
      new Request('http://localhost/graphql', { method: 'GET', headers: { accept: 'text/html' } });

    it('is served in development and off in production', async () => {
      const dev = createApi({ db: handle.db, config: testConfig({ nodeEnv: 'development' }) });
      const devPage = await dev.fetch(page());
      expect(devPage.status).toBe(200);
      expect(devPage.headers.get('content-type')).toMatch(/text\/html/);
      const prod = createApi({ db: handle.db, config: testConfig({ nodeEnv: 'production' }) });
      const prodPage = await prod.fetch(page());
      expect(prodPage.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
    });
  });

  describe('automatic persisted queries', () => {
    const query = '{ __typename apq: __typename }';
    const hash = sha256(query);
    const extensions = { persistedQuery: { version: 1, sha256Hash: hash } };

    it('fails with PersistedQueryNotFound for an unknown hash without a query', async () => {
      const response = await client.post({
        extensions: { persistedQuery: { version: 1, sha256Hash: sha256('never registered') } },
      });
      const body = (await response.json()) as { errors: Array<{ message: string }> };
      expect(body.errors[0]!.message).toBe('PersistedQueryNotFound');
    });

    it('registers hash + query in the database, then runs by hash alone', async () => {
      const registered = await client.post({ query, extensions });
      expect(await registered.json()).toEqual({
        data: { __typename: 'GeinsMerchantApiQuery', apq: 'GeinsMerchantApiQuery' },
      });
      const rows = await handle.db.select().from(persistedQueries);
      expect(rows).toContainEqual(expect.objectContaining({ hash, query }));
      // A second API instance on the same database knows the query (no process memory).
      const other = createTestClient(handle);
      const byHash = await other.post({ extensions });
      expect(byHash.status).toBe(200);
      expect(await byHash.json()).toEqual({
        data: { __typename: 'GeinsMerchantApiQuery', apq: 'GeinsMerchantApiQuery' },
      });
    });

    it('stores nothing for texts that do not parse or validate (issue 13 §19)', async () => {
      const before = (await handle.db.select().from(persistedQueries)).length;
      // The finding: 100 junk texts of 99 KB, each with its matching hash.
      for (let i = 0; i < 100; i++) {
        const junk = `${i} ${'x'.repeat(99_000)}`;
        const response = await client.post({
          query: junk,
          extensions: { persistedQuery: { version: 1, sha256Hash: sha256(junk) } },
        });
        expect(((await response.json()) as { errors?: unknown[] }).errors).toHaveLength(1);
      }
      // Parses, but fails validation against the schema.
      const invalid = '{ noSuchField }';
      await client.post({
        query: invalid,
        extensions: { persistedQuery: { version: 1, sha256Hash: sha256(invalid) } },
      });
      // Valid, but longer than a stored text may be: it runs, and is not stored.
      const long = `{ __typename }\n# ${'x'.repeat(25_000)}`;
      const ran = await client.post({
        query: long,
        extensions: { persistedQuery: { version: 1, sha256Hash: sha256(long) } },
      });
      expect(await ran.json()).toEqual({ data: { __typename: 'GeinsMerchantApiQuery' } });
      expect((await handle.db.select().from(persistedQueries)).length).toBe(before);
    });

    it('rejects a query whose hash does not match', async () => {
      const response = await client.post({
        query: '{ __typename }',
        extensions: { persistedQuery: { version: 1, sha256Hash: sha256('something else') } },
      });
      const body = (await response.json()) as { errors: Array<{ message: string }> };
      expect(body.errors[0]!.message).toBe('PersistedQueryMismatch');
    });
  });
});
