/**
 * Database client: embedded PGlite by default, a PostgreSQL server through a `pg` pool when
 * DATABASE_URL is set (ARCHITECTURE "Data"). Both speak the same Drizzle PostgreSQL dialect,
 * run the same migrations and expose the same {@link Database} type.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';
import { PGLITE_SHARED_BUFFERS } from '../config.ts';
import { processLogger, timeStatements } from '../log.ts';

/** The Drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Counts SQL statements; one per request (bench, N+1 tests) through {@link countStatements}. */
export interface StatementCounter {
  count: number;
  statements: string[];
}

const counterStorage = new AsyncLocalStorage<StatementCounter>();

/**
 * Runs `fn` and counts the SQL statements it sends, on any {@link Database} from this module.
 * @returns the result of `fn` and the counter (statement count and texts).
 */
export async function countStatements<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; counter: StatementCounter }> {
  const counter: StatementCounter = { count: 0, statements: [] };
  const result = await counterStorage.run(counter, fn);
  return { result, counter };
}

/**
 * Runs `fn` outside any statement count (work a request starts but does not wait for, such as
 * enqueueing a background index build: not part of the request's statements).
 */
export function uncounted<T>(fn: () => T): T {
  return counterStorage.exit(fn);
}

/** The counter of the current async context, if a caller asked for one. */
export function currentStatementCounter(): StatementCounter | undefined {
  return counterStorage.getStore();
}

const countingLogger: Logger = {
  logQuery(query) {
    const counter = counterStorage.getStore();
    if (counter) {
      counter.count += 1;
      if (counter.statements.length < 200) counter.statements.push(query);
    }
  },
};

/** The comment that marks a statement to be prepared once per connection ({@link prepared}). */
const PREPARED_MARK = '/* prepared */ ';

/**
 * Statement texts a PostgreSQL pool prepares by default (each is prepared once per pooled
 * connection and keeps its plan on the server; further texts run unprepared). A list statement
 * of the facet postings keeps ~2 MB of plans per connection (measured with
 * `pg_backend_memory_contexts`: 7 statements, 15 MB), so at most ~64 MB per pooled connection;
 * the shop's lists have a few dozen shapes (facet groups, number of search words).
 */
export const MAX_PREPARED_TEXTS = 32;

/**
 * Marks a statement to be prepared once per pooled PostgreSQL connection and executed by name
 * afterwards: the server parses it once and may keep a generic plan, instead of parsing and
 * planning it on every request. For the large statements of product lists (facet postings,
 * issue 5), whose parsing and planning took 4-8 ms against 1-5 ms of execution. The text
 * must not embed values (parameters only), or every call is a new statement. PGlite runs it
 * as it is.
 */
export function prepared(query: SQL): SQL {
  return sql.join([sql.raw(PREPARED_MARK), query]);
}

/**
 * Wraps `pool.query` so that statements marked by {@link prepared} are sent as named
 * statements (the name is a hash of the text), up to `limit` different texts.
 */
function prepareMarkedStatements(pool: pg.Pool, limit: number): void {
  const names = new Map<string, string>();
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    ...rest: unknown[]
  ) => {
    const text = (config as { text?: unknown } | null)?.text;
    if (typeof text !== 'string' || !text.startsWith(PREPARED_MARK)) return query(config, ...rest);
    let name = names.get(text);
    if (name === undefined && names.size < limit) {
      name = `p_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
      names.set(text, name);
    }
    return query(name ? { ...(config as object), name } : config, ...rest);
  };
}

/**
 * LOG_LEVEL=debug: times PGlite's statements, also those inside transactions (Drizzle runs them
 * on the transaction object PGlite hands to the callback).
 */
function timeStatementsOfPglite(client: PGlite): void {
  timeStatements(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: object) => Promise<unknown>) =>
    transaction((tx) => {
      timeStatements(tx);
      return callback(tx);
    })) as PGlite['transaction'];
}

/** Where the data lives. */
export interface DbOptions {
  /** `postgres://...`; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** PGlite folder or `memory://` (default). */
  pgliteDataDir?: string;
  /** PGlite's `shared_buffers` (PGLITE_SHARED_BUFFERS; default {@link PGLITE_SHARED_BUFFERS}). */
  pgliteSharedBuffers?: string;
  /** Pool size for `pg`. */
  poolMax?: number;
  /** Statement texts marked {@link prepared} that `pg` prepares (default {@link MAX_PREPARED_TEXTS}). */
  maxPreparedTexts?: number;
  /**
   * `false`: nothing is prepared by name (DATABASE_PREPARED_STATEMENTS=false, for transaction
   * poolers such as PgBouncer in transaction mode, where a statement prepared on one server
   * connection is unknown on the next). Default true.
   */
  preparedStatements?: boolean;
}

/** An open database with its kind and a way to close it. */
export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** A short description for logs, without credentials. */
  description: string;
  /** The `pg` pool (PostgreSQL only): for work that needs one connection, e.g. the migration lock. */
  pool?: pg.Pool;
  /**
   * PGlite only: bytes of the embedded database's WebAssembly memory (its heap: shared buffers,
   * catalogue and plan caches, sorts). It grows and never shrinks; most of it is resident. For
   * the bench's memory report (BENCH_MEMORY=1).
   */
  embeddedMemoryBytes?: () => number;
  close(): Promise<void>;
}

/**
 * Opens the database. PGlite data folders are created if missing.
 * @throws when PostgreSQL cannot be reached (the caller reports it).
 */
export async function createDb(options: DbOptions = {}): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      // No JIT compilation: the shop's statements are short, and for the facet statement of a
      // large list (issue 5) compiling took 0.1-2.4 s, more than running it (docs/performance.md).
      // A SET on each new connection before its first use, not a startup option (`options:
      // '-c jit=off'`), which PgBouncer and managed poolers refuse (issue 15). Behind a
      // transaction pooler the SET may land on another server connection: there, run
      // `ALTER ROLE <user> SET jit = off` once (README).
      onConnect: async (client) => {
        await client.query('set jit = off');
      },
    });
    // An idle pooled connection that the server ends (restart, admin termination) emits 'error';
    // without a listener that would crash the process. The pool replaces the client on next use.
    pool.on('error', (error) =>
      processLogger().error(`PostgreSQL pool: idle connection lost (${error.message})`),
    );
    if (options.preparedStatements !== false) {
      prepareMarkedStatements(pool, options.maxPreparedTexts ?? MAX_PREPARED_TEXTS);
    }
    // LOG_LEVEL=debug: each statement's duration in the request's log (src/log.ts, issue 15).
    pool.on('connect', (connection) => timeStatements(connection));
    const client = await pool.connect();
    client.release();
    const url = new URL(options.databaseUrl);
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger: countingLogger });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      description: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`,
      pool,
      close: () => pool.end(),
    };
  }
  const dataDir = options.pgliteDataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm, unaccent },
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${options.pgliteSharedBuffers ?? PGLITE_SHARED_BUFFERS}`,
    ],
  });
  timeStatementsOfPglite(client);
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger: countingLogger });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    description: `PGlite ${dataDir}`,
    embeddedMemoryBytes: () =>
      (client as unknown as { mod?: { wasmMemory?: WebAssembly.Memory } }).mod?.wasmMemory?.buffer
        .byteLength ?? 0,
    close: () => client.close(),
  };
}
