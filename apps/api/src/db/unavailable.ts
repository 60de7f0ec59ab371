/**
 * "The database is unavailable" (issue 28): the one classification of errors that mean the
 * PostgreSQL server cannot be reached or does not answer in time, as opposed to errors of one
 * request (a bug, a constraint). The servers answer such errors with HTTP 503 and `Retry-After:
 * {@link RETRY_AFTER_SECONDS}` (pages, `/auth/*`, `/payments/*`) or with the GraphQL code
 * `SERVICE_UNAVAILABLE`, and log them as one line per request instead of a stack trace.
 *
 * The per-process {@link DatabaseAvailability} writes one line when the database is lost and one
 * when it answers again. PGlite (embedded) has no such failures.
 */
import type { Logger } from 'pino';

/** Seconds a client is told to wait before trying again (`Retry-After` of every 503). */
export const RETRY_AFTER_SECONDS = 5;

/** The GraphQL `extensions.code` and log `code` of a request that failed this way. */
export const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';

/** The message GraphQL clients get with {@link SERVICE_UNAVAILABLE} (English, GEINS-API §1). */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'The shop is temporarily unavailable. Please try again shortly.';

/** Node socket error codes of a server that is gone or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an unavailable server: 57014 query_canceled (statement_timeout), 57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting or recovering),
 * 53300 too_many_connections; and class 08 (connection exception) below.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57014', '57P01', '57P02', '57P03', '53300']);

/**
 * Messages of `pg` and `pg-pool` without a code: the connection ended under a query, the pool
 * wait or connect timeout (DATABASE_POOL_WAIT_MS), the statement deadline
 * (DATABASE_STATEMENT_TIMEOUT_MS, "Query read timeout"), a client whose connection broke.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/** The `reason` of an unavailable error for log lines: a code or a short kind, never SQL. */
export function unavailableReason(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    if (typeof current !== 'object') return undefined;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (current instanceof DatabaseUnavailableError) return current.reason;
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code)) return code;
      if (/^[0-9A-Z]{5}$/.test(code) && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')))
        return code === '57014' ? 'statement-timeout' : `sqlstate-${code}`;
    }
    if (typeof message === 'string') {
      if (/^timeout exceeded when trying to connect$/.test(message)) return 'pool-wait-timeout';
      if (/^Query read timeout$/.test(message)) return 'statement-timeout';
      if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return 'connection-lost';
    }
    // AggregateError (several addresses refused), Drizzle's DrizzleQueryError (`cause`), a
    // GraphQLError around what a resolver threw (`originalError`).
    const aggregate = (current as { errors?: unknown }).errors;
    if (Array.isArray(aggregate) && aggregate.length > 0) {
      const inner = unavailableReason(aggregate[0]);
      if (inner) return inner;
    }
    current =
      (current as { originalError?: unknown }).originalError ??
      (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * True when `error` (or what it wraps: `cause`, `originalError`, an AggregateError's first
 * error) means the database is unavailable: connection refused, reset or terminated, pool wait
 * or connect timeout, statement timeout, SQLSTATE 57014/57P01/57P02/57P03/53300 or class 08.
 * False for every other error, including constraint violations and bugs.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableReason(error) !== undefined;
}

/** An error that says the database is unavailable, with a log-safe reason (no SQL, no values). */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';

  constructor(
    /** e.g. `ECONNREFUSED`, `statement-timeout`, `pool-wait-timeout`. */
    readonly reason: string,
  ) {
    super(`Database unavailable (${reason})`);
  }
}

/**
 * The database's availability as this process sees it: {@link reportFailure} on an unavailable
 * error, {@link reportSuccess} after a statement that succeeded. Writes one `warn` line
 * `database unavailable` (event `db.unavailable`, reason) when the database is lost, and one
 * `info` line `database available` (event `db.available`, `downMs`, `failures`) when it answers
 * again; nothing in between.
 */
export class DatabaseAvailability {
  private downSince: number | null = null;
  private failures = 0;

  constructor(private readonly logger: () => Logger) {}

  /** True while the last statement failed as unavailable and none succeeded since. */
  get available(): boolean {
    return this.downSince === null;
  }

  /** Notes an unavailable error (call only when {@link isDatabaseUnavailable} holds). */
  reportFailure(error: unknown): void {
    this.failures += 1;
    if (this.downSince !== null) return;
    this.downSince = Date.now();
    this.logger().warn(
      { event: 'db.unavailable', reason: unavailableReason(error) ?? 'unknown' },
      'database unavailable',
    );
  }

  /**
   * Notes a statement that succeeded.
   * @param startedAt when the statement was sent (ms since the epoch): one sent before the
   *   database was lost, whose answer was already on its way, says nothing of now and is
   *   ignored, so an outage is one line, not two around a late answer
   */
  reportSuccess(startedAt?: number): void {
    if (this.downSince === null) return;
    if (startedAt !== undefined && startedAt < this.downSince) return;
    const downMs = Date.now() - this.downSince;
    const failures = this.failures;
    this.downSince = null;
    this.failures = 0;
    this.logger().info({ event: 'db.available', downMs, failures }, 'database available');
  }
}
