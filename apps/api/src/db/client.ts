/**
 * Database client: embedded PGlite by default, a PostgreSQL server through a `pg` pool when
 * DATABASE_URL is set (ARCHITECTURE "Data"). Both speak the same Drizzle PostgreSQL dialect,
 * run the same migrations and expose the same {@link Database} type.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql, type SQL } from 'drizzle-orm';
import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';
import { currentLogger, processLogger, timeStatements, type Logger } from '../log.ts';
import { DatabaseAvailability, isDatabaseUnavailable, unavailableReason } from './unavailable.ts';
import { PGLITE_SHARED_BUFFERS } from '../config.ts';

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

/** The counter of the current async context, if a caller asked for one. */
export function currentStatementCounter(): StatementCounter | undefined {
  return counterStorage.getStore();
}

const countingLogger: DrizzleLogger = {
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
 * connection and keeps its plan on the server; further texts run unprepared). The bound keeps
 * the plans' memory per pooled connection in check (docs/performance.md "Measurement history");
 * the shop's lists have a few dozen shapes (facet groups, number of search words).
 */
export const MAX_PREPARED_TEXTS = 32;

/**
 * Marks a statement to be prepared once per pooled PostgreSQL connection and executed by name
 * afterwards: the server parses it once and may keep a generic plan, instead of parsing and
 * planning it on every request. For the large statements of product lists (facet postings,
 * issue 5), whose parsing and planning cost more than running them (docs/performance.md). The text
 * must not embed values (parameters only), or every call is a new statement. PGlite runs it
 * as it is.
 */
export function prepared(query: SQL): SQL {
  return sql.join([sql.raw(PREPARED_MARK), query]);
}

/**
 * The name a statement text runs under: a hash of the text for a text marked by
 * {@link prepared} while fewer than `limit` texts are named in `names` (which it extends),
 * else undefined (run unprepared). Unmarked texts are never named.
 */
export function preparedStatementName(
  text: unknown,
  names: Map<string, string>,
  limit: number,
): string | undefined {
  if (typeof text !== 'string' || !text.startsWith(PREPARED_MARK)) return undefined;
  let name = names.get(text);
  if (name === undefined && names.size < limit) {
    name = `p_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
    names.set(text, name);
  }
  return name;
}

/** `pg.Client` with its query method untyped (its overloads do not survive an override). */
const UntypedClient = pg.Client as unknown as new (config?: string | pg.ClientConfig) => {
  query(config: unknown, ...rest: unknown[]): unknown;
};

/**
 * A `pg.Client` class for `new pg.Pool({ Client })` (pg-pool's documented extension point) that
 * sends statements marked by {@link prepared} as named statements, up to `limit` different
 * texts per pool; pg prepares a named statement once per connection and runs it by name after.
 */
function preparingClient(limit: number): typeof pg.Client {
  const names = new Map<string, string>();
  class PreparingClient extends UntypedClient {
    override query(config: unknown, ...rest: unknown[]): unknown {
      const text = (config as { text?: unknown } | null)?.text;
      const name = preparedStatementName(text, names, limit);
      return super.query(name ? { ...(config as object), name } : config, ...rest);
    }
  }
  return PreparingClient as unknown as typeof pg.Client;
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

/**
 * Makes V8 compile WebAssembly with its baseline compiler (Liftoff) only, never tiering hot
 * functions up to TurboFan. Set before PGlite compiles its module, it keeps the process ~50 MiB
 * smaller (TurboFan's code and compilation memory; measured with `bench/soak.ts`, issue 28,
 * docs/performance.md "Memory") for SQL about a quarter slower on PGlite. Process-wide: PGlite
 * is the only WebAssembly the shop runs. Not used with PostgreSQL.
 */
function useBaselineWasmCompiler(): void {
  setFlagsFromString('--liftoff-only');
}

/** Where the data lives. */
export interface DbOptions {
  /** `postgres://...`; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** PGlite folder or `memory://` (default). */
  pgliteDataDir?: string;
  /**
   * PGlite only: a data folder as a tarball (`dumpDataDir('none')` of another instance) that a
   * new database (`memory://`, or a folder without one) starts from instead of running initdb
   * (PGlite's `loadDataDir`); a folder that holds a database opens it and ignores this. For
   * tests (apps/api/test/db-templates.ts, the journeys' shops): a copy of a migrated (and
   * seeded) database starts in about a second.
   */
  pgliteLoadDataDir?: Blob;
  /** PGlite's `shared_buffers` (PGLITE_SHARED_BUFFERS; default {@link PGLITE_SHARED_BUFFERS}). */
  pgliteSharedBuffers?: string;
  /**
   * PGLITE_OPTIMIZING_COMPILER (config default `false`): `false` compiles PGlite's WebAssembly
   * with V8's baseline compiler only ({@link useBaselineWasmCompiler}); `true` or unset (tests,
   * scripts) leaves V8's default, hot functions tiering up to the optimising compiler.
   */
  pgliteOptimizingCompiler?: boolean;
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
  /**
   * Milliseconds a statement sent while serving a request (or inside
   * {@link withStatementDeadline}) may take before it fails as unavailable (client-side:
   * DATABASE_STATEMENT_TIMEOUT_MS; 0 = no limit). Default {@link DEFAULT_STATEMENT_TIMEOUT_MS}.
   */
  statementTimeoutMs?: number;
  /**
   * Milliseconds to wait for a pooled connection (a free one, or a new one to connect):
   * DATABASE_POOL_WAIT_MS; 0 = no limit. Default {@link DEFAULT_POOL_WAIT_MS}.
   */
  poolWaitMs?: number;
  /** Where the database's lost/available lines go (default the process logger). */
  logger?: Logger | undefined;
}

/** Default of DATABASE_STATEMENT_TIMEOUT_MS (milliseconds). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

/** Default of DATABASE_POOL_WAIT_MS (milliseconds). */
export const DEFAULT_POOL_WAIT_MS = 2_000;

/** An open database with its kind and a way to close it. */
export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** A short description for logs, without credentials. */
  description: string;
  /** The `pg` pool (PostgreSQL only): for work that needs one connection, e.g. the migration lock. */
  pool?: pg.Pool;
  /** Whether PostgreSQL answers, as seen by this handle's statements (PostgreSQL only). */
  availability?: DatabaseAvailability;
  /**
   * PGlite only: bytes of the embedded database's WebAssembly memory (its heap: shared buffers,
   * catalogue and plan caches, sorts). It grows and never shrinks; most of it is resident. For
   * the bench's memory report (BENCH_MEMORY=1).
   */
  embeddedMemoryBytes?: () => number;
  close(): Promise<void>;
}

const deadlineStorage = new AsyncLocalStorage<true>();

/**
 * Runs `fn` with the statement deadline (DATABASE_STATEMENT_TIMEOUT_MS) on its statements, as a
 * request has (e.g. the readiness probe, which is served outside the request log context).
 */
export function withStatementDeadline<T>(fn: () => PromiseLike<T> | T): Promise<T> {
  // Awaited inside the context: Drizzle's queries run when `then` is called, not when built.
  return deadlineStorage.run(true, async () => await fn());
}

/** True when statements sent now get the deadline: inside a request or {@link withStatementDeadline}. */
function deadlineApplies(): boolean {
  return deadlineStorage.getStore() === true || currentLogger() !== undefined;
}

/** Marks a query config whose deadline was decided (in the caller's async context). */
const DEADLINE_DECIDED = Symbol('deadlineDecided');

type QueryConfig = { text: string; values?: unknown; query_timeout?: number } & Record<
  PropertyKey,
  unknown
>;

/**
 * A query's arguments as a config object with the statement deadline decided: `query_timeout`
 * when {@link deadlineApplies}. Submittables (objects with `submit`) pass unchanged.
 */
function withDeadline(args: unknown[], timeoutMs: number): unknown[] {
  const [first, second, ...rest] = args;
  let config: QueryConfig;
  let remaining: unknown[];
  if (typeof first === 'string') {
    const values = Array.isArray(second) ? second : undefined;
    config = { text: first, ...(values ? { values } : {}) };
    remaining = values || second === undefined ? rest : [second, ...rest];
  } else if (first && typeof first === 'object' && !('submit' in first)) {
    if ((first as Record<PropertyKey, unknown>)[DEADLINE_DECIDED]) return args;
    config = { ...(first as QueryConfig) };
    remaining = second === undefined ? rest : [second, ...rest];
  } else {
    return args;
  }
  config[DEADLINE_DECIDED] = true;
  if (timeoutMs > 0 && deadlineApplies()) config.query_timeout = timeoutMs;
  return [config, ...remaining];
}

/**
 * Wraps a pooled connection's `query`: the statement deadline (decided here for statements of
 * a checked-out client, e.g. a transaction's), a connection whose statement ran past it is
 * destroyed (the statement may still be running on it: the pool replaces it), and every outcome
 * is reported to `availability`.
 */
function guardConnection(
  client: pg.PoolClient,
  timeoutMs: number,
  availability: DatabaseAvailability,
): void {
  // A checked-out connection (e.g. a transaction's, between two statements) that breaks emits
  // 'error' with no pool listener attached: unhandled, that would end the process (issue 28).
  // Its next statement fails ("not queryable"), and the pool drops it when it is released.
  client.on('error', (error: Error) => {
    if (isDatabaseUnavailable(error)) availability.reportFailure(error);
  });
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const outcome = (error: unknown, startedAt: number) => {
    if (!error) return availability.reportSuccess(startedAt);
    if (!isDatabaseUnavailable(error)) return;
    availability.reportFailure(error);
    if (unavailableReason(error) === 'statement-timeout') {
      (
        client as unknown as { connection?: { stream?: { destroy(): void } } }
      ).connection?.stream?.destroy();
    }
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...raw: unknown[]) => {
    const args = withDeadline(raw, timeoutMs);
    const startedAt = Date.now();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, ...rest: unknown[]) => {
        outcome(error, startedAt);
        return (callback as (...a: unknown[]) => unknown)(error, ...rest);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(
        () => outcome(undefined, startedAt),
        (error: unknown) => outcome(error ?? true, startedAt),
      );
    }
    return result;
  };
}

/**
 * Wraps `pool.query` (the statement deadline decided in the caller's async context: pg-pool
 * may hand the statement to a connection from another request's context) and `pool.connect`
 * (a refused or timed-out connection is reported to `availability`).
 */
function guardPool(pool: pg.Pool, timeoutMs: number, availability: DatabaseAvailability): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) =>
    query(...withDeadline(args, timeoutMs));
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (
    ...args: unknown[]
  ) => {
    const [callback] = args;
    const failed = (error: unknown) => {
      if (isDatabaseUnavailable(error)) availability.reportFailure(error);
    };
    if (typeof callback === 'function') {
      return connect((error: unknown, ...rest: unknown[]) => {
        if (error) failed(error);
        return (callback as (...a: unknown[]) => unknown)(error, ...rest);
      });
    }
    const result = connect() as Promise<unknown>;
    result.catch(failed);
    return result;
  };
}

/**
 * Opens the database. PGlite data folders are created if missing.
 * @throws when PostgreSQL cannot be reached (the caller reports it).
 */
export async function createDb(options: DbOptions = {}): Promise<DbHandle> {
  if (options.databaseUrl) {
    const logger = () => options.logger ?? processLogger();
    const availability = new DatabaseAvailability(logger);
    const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      // Issue 28: a bounded wait for a pooled connection (a free one, or a new one to connect),
      // then a fast "unavailable" instead of a queue that grows while the database is slow.
      connectionTimeoutMillis: options.poolWaitMs ?? DEFAULT_POOL_WAIT_MS,
      ...(options.preparedStatements !== false
        ? { Client: preparingClient(options.maxPreparedTexts ?? MAX_PREPARED_TEXTS) }
        : {}),
      // No JIT compilation: the shop's statements are short, and for the facet statement of a
      // large list (issue 5) compiling costs more than running it (docs/performance.md).
      // A SET on each new connection before its first use, not a startup option (`options:
      // '-c jit=off'`), which PgBouncer and managed poolers refuse (issue 15). Behind a
      // transaction pooler the SET may land on another server connection: there, run
      // `ALTER ROLE <user> SET jit = off` once (README).
      // pg-pool awaits a promise the hook returns (a failed SET fails that checkout); its
      // types declare a void hook, hence the cast.
      onConnect: ((client: pg.ClientBase) => client.query('set jit = off')) as (
        client: pg.ClientBase,
      ) => void,
    });
    // An idle pooled connection that the server ends (restart, admin termination) emits 'error';
    // without a listener that would crash the process. The pool replaces the client on next use.
    // A lost database is one line (DatabaseAvailability), not one per connection (issue 28).
    pool.on('error', (error) => {
      if (isDatabaseUnavailable(error)) availability.reportFailure(error);
      else logger().error(`PostgreSQL pool: idle connection lost (${error.message})`);
    });
    // The statement deadline, and the availability lines (issue 28).
    guardPool(pool, statementTimeoutMs, availability);
    pool.on('connect', (connection) => {
      guardConnection(connection, statementTimeoutMs, availability);
      // LOG_LEVEL=debug: each statement's duration in the request's log (src/log.ts, issue 15).
      timeStatements(connection);
    });
    const client = await pool.connect();
    client.release();
    const url = new URL(options.databaseUrl);
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger: countingLogger });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      description: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`,
      pool,
      availability,
      close: () => pool.end(),
    };
  }
  const dataDir = options.pgliteDataDir ?? 'memory://';
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const loadDataDir =
    options.pgliteLoadDataDir && (inMemory || !existsSync(join(dataDir, 'PG_VERSION')))
      ? options.pgliteLoadDataDir
      : undefined;
  if (options.pgliteOptimizingCompiler === false) useBaselineWasmCompiler();
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm, unaccent },
    ...(loadDataDir ? { loadDataDir } : {}),
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
