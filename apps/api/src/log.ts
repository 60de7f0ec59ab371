/**
 * Structured logs (issue 15 "Logs"): JSON lines on stdout through pino, one logger per process
 * made by {@link createLogger} from LOG_LEVEL, and one child logger per request carrying its
 * request id (`reqId`), kept in an AsyncLocalStorage so that the API's GraphQL context and the
 * SQL timing of db/client.ts log with the id of the request they serve.
 *
 * No secrets or personal data (issue 15): `authorization`, `cookie`, `set-cookie`, `x-apikey`,
 * `password` and `token` fields are censored wherever they appear two levels deep, and every
 * logged string (messages, values, error messages and stacks) has its e-mail addresses,
 * personnummer/organisationsnummer and Bearer tokens replaced ({@link scrubText}). Request lines
 * carry the path without its query string; SQL lines carry the statement text, never its
 * parameters.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** The values of LOG_LEVEL, most to least severe; `silent` logs nothing (tests). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The response and request header of the request id. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Field names whose values never reach a log line (any case-sensitive match, 0-2 levels deep). */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'x-apikey',
  'apiKey',
  'password',
  'token',
];

/** pino redact paths for {@link SECRET_FIELDS} at the top level and one and two levels down. */
const REDACT_PATHS = SECRET_FIELDS.flatMap((field) => {
  const key = /^[A-Za-z_]\w*$/.test(field) ? `.${field}` : `["${field}"]`;
  return [key.slice(key.startsWith('.') ? 1 : 0), `*${key}`, `*.*${key}`];
});

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}/g;
/** Swedish personal and organisation numbers: (YY)YYMMDD[-+]NNNN, 10 or 12 digits. */
const PERSONNUMMER = /(?<![\d])(?:\d{2})?\d{6}[-+]?\d{4}(?![\d])/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;

/**
 * A text with e-mail addresses, personnummer (and organisationsnummer) and Bearer/Basic
 * credentials replaced by `[email]`, `[personnummer]` and `Bearer [redacted]`.
 */
export function scrubText(text: string): string {
  return text
    .replace(BEARER, '$1 [redacted]')
    .replace(EMAIL, '[email]')
    .replace(PERSONNUMMER, '[personnummer]');
}

/** A copy of a logged value with every string scrubbed ({@link scrubText}); errors as objects. */
function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (value instanceof Error) return errorFields(value, true);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = scrubValue(item, depth + 1);
  return copy;
}

/** The `at …` frames of a stack, without the message lines before them. */
function stackFrames(stack: string): string {
  return scrubText(
    stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  );
}

/**
 * The fields of a logged error: its type and scrubbed message, and its (scrubbed) stack only
 * when it was `unexpected` (a bug, not a condition the code handles such as a shopper's
 * mistake or a mail server that is down). A failed Drizzle query logs its driver's error and
 * `sql` (the statement text), never its parameters.
 */
export function errorFields(
  error: unknown,
  unexpected: boolean,
): { type: string; message: string; stack?: string; sql?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubText(String(error)) };
  const cause = (error as { originalError?: unknown }).originalError;
  if (cause instanceof Error && cause !== error) return errorFields(cause, unexpected);
  // Drizzle's "Failed query: <sql>\nparams: <values>": the driver's error and the statement
  // text only; the parameters (e-mails, cart ids) never reach the log (issue 28).
  const { query, params } = error as { query?: unknown; params?: unknown };
  if (typeof query === 'string' && Array.isArray(params)) {
    const driverError = (error as { cause?: unknown }).cause;
    const inner =
      driverError instanceof Error && driverError !== error
        ? errorFields(driverError, unexpected)
        : {
            type: 'DrizzleQueryError',
            message: 'Failed query',
            // The frames only: the stack's first lines repeat the message with the parameters.
            ...(unexpected && error.stack ? { stack: stackFrames(error.stack) } : {}),
          };
    return { ...inner, sql: statementText(query) };
  }
  return {
    type: error.name,
    message: scrubText(error.message),
    ...(unexpected && error.stack ? { stack: scrubText(error.stack) } : {}),
  };
}

/**
 * The process's logger: JSON lines at `level` (LOG_LEVEL, default info) to `destination`
 * (default stdout; tests pass a stream to read the lines), with the redaction and scrubbing
 * described in this module's header.
 */
export function createLogger(
  config: { logLevel: LogLevel },
  destination?: DestinationStream,
): Logger {
  const options = {
    level: config.logLevel,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    formatters: { level: (label: string) => ({ level: label }) },
    // Errors are already plain objects here (scrubValue, errorFields): no re-serialising.
    serializers: { err: (value: unknown) => value },
    hooks: {
      logMethod(this: Logger, args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => scrubValue(arg)),
        );
      },
    },
  };
  return pino(options, destination ?? (stdout ??= pino.destination(1)));
}

/** One stdout destination for every logger of the process (each API instance makes one). */
let stdout: DestinationStream | undefined;

let fallback: Logger | undefined;

/**
 * A stdout logger at the environment's LOG_LEVEL (info when unset or invalid), for code that
 * runs without a logger handed to it (e.g. a GraphQL context made outside createApi).
 */
export function processLogger(): Logger {
  const level = process.env.LOG_LEVEL as LogLevel | undefined;
  return (fallback ??= createLogger({
    logLevel: level && LOG_LEVELS.includes(level) ? level : 'info',
  }));
}

const requestLogs = new AsyncLocalStorage<Logger>();

/** The logger of the request being served (child with its `reqId`), if any. */
export function currentLogger(): Logger | undefined {
  return requestLogs.getStore();
}

/** The id of the request being served (its logger's `reqId`), if any. */
export function currentRequestId(): string | undefined {
  const reqId = requestLogs.getStore()?.bindings().reqId as unknown;
  return typeof reqId === 'string' ? reqId : undefined;
}

/** Runs `fn` with `logger` as the {@link currentLogger} of everything it starts. */
export function runWithLogger<T>(logger: Logger, fn: () => T): T {
  return requestLogs.run(logger, fn);
}

/** Milliseconds since an `hrtime.bigint()` reading, to 0.01 ms. */
function millisecondsSince(started: bigint): number {
  return Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
}

const VALID_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The incoming `x-request-id` when it is 1-128 letters, digits, `_ . : -`; else a new UUID. */
export function requestIdOf(header: string | string[] | null | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && VALID_REQUEST_ID.test(value) ? value : randomUUID();
}

/** Error codes noted for the request a logger serves ({@link noteRequestCode}). */
const requestCodes = new WeakMap<Logger, string>();

/**
 * Notes the error code of the request being served (e.g. `SERVICE_UNAVAILABLE`), written as
 * `code` on its request line; the first code noted wins. Does nothing outside a request.
 */
export function noteRequestCode(code: string): void {
  const log = requestLogs.getStore();
  if (log && !requestCodes.has(log)) requestCodes.set(log, code);
}

/** How many 503 request lines may be written at once, and then how many per second. */
export const UNAVAILABLE_LINES = { burst: 10, perSecond: 1 } as const;

/**
 * A token bucket for log lines: `take()` is true while lines are left (`burst` at first, then
 * `perSecond` more each second); `skipped()` returns and resets the count of refused lines.
 */
export function lineBudget(
  { burst, perSecond }: { burst: number; perSecond: number },
  now: () => number = Date.now,
): { take(): boolean; skipped(): number } {
  let tokens = burst;
  let last = now();
  let refused = 0;
  return {
    take() {
      const at = now();
      tokens = Math.min(burst, tokens + ((at - last) / 1000) * perSecond);
      last = at;
      if (tokens >= 1) {
        tokens -= 1;
        return true;
      }
      refused += 1;
      return false;
    },
    skipped() {
      const count = refused;
      refused = 0;
      return count;
    },
  };
}

/**
 * The path a request line carries: without the query string, and with the API key of the auth
 * service's `GET /auth/sign/{apiKey}` (GEINS-API §7) replaced by `[redacted]`, so no secret
 * reaches the log through a path.
 */
export function loggedPath(url: string): string {
  return url.split('?')[0]!.replace(/^(\/auth\/sign\/)[^/]+/, '$1[redacted]');
}

/**
 * Node/Express middleware: takes the request id ({@link requestIdOf}), writes it back to
 * `req.headers` (so later handlers and the in-process API see the same id) and to the
 * `x-request-id` response header, serves the rest of the request with a child logger as
 * {@link currentLogger}, and writes one info line when the response ends: method, path without
 * the query string, status, durationMs and reqId (`aborted: true` when the client left first),
 * and `code` when one was noted ({@link noteRequestCode}).
 *
 * A 503 (the database is unavailable, issue 28) is a `warn` line with `code`
 * (SERVICE_UNAVAILABLE unless another was noted); such lines are limited to
 * {@link UNAVAILABLE_LINES} (10 at once, then 1 a second), and the next one written carries
 * `suppressed`, the number left out, so an outage never floods the log. `options` may set
 * another limit (tests).
 */
export function requestLogging(
  logger: Logger,
  options: { unavailableLines?: { burst: number; perSecond: number } } = {},
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const unavailableLines = lineBudget(options.unavailableLines ?? UNAVAILABLE_LINES);
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const reqId = requestIdOf(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = reqId;
    res.setHeader(REQUEST_ID_HEADER, reqId);
    const log = logger.child({ reqId });
    const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    res.once('close', () => {
      const unavailable = res.statusCode === 503;
      const code = requestCodes.get(log) ?? (unavailable ? 'SERVICE_UNAVAILABLE' : undefined);
      if (unavailable && !unavailableLines.take()) return;
      const suppressed = unavailable ? unavailableLines.skipped() : 0;
      log[unavailable ? 'warn' : 'info'](
        {
          method: req.method,
          path: loggedPath(url),
          status: res.statusCode,
          durationMs: millisecondsSince(started),
          ...(code ? { code } : {}),
          ...(suppressed > 0 ? { suppressed } : {}),
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
    runWithLogger(log, next);
  };
}

/** A statement's text for a log line: whitespace collapsed, at most 300 characters. */
function statementText(query: unknown): string {
  const text =
    typeof query === 'string'
      ? query
      : String((query as { text?: unknown } | null)?.text ?? '(unknown statement)');
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
}

/**
 * Wraps `target.query` (a `pg` client or PGlite) so that, when the {@link currentLogger} logs
 * at debug (LOG_LEVEL=debug), each statement writes a debug line `sql` with its durationMs and
 * its text, never its parameters. Costs one AsyncLocalStorage look-up per statement otherwise.
 * Handles promise and callback calls.
 */
export function timeStatements(target: object): void {
  const holder = target as { query: (...args: unknown[]) => unknown };
  const query = holder.query.bind(target);
  holder.query = (...args: unknown[]) => {
    const log = requestLogs.getStore();
    if (!log?.isLevelEnabled('debug')) return query(...args);
    const started = process.hrtime.bigint();
    const done = (error?: unknown) =>
      log.debug(
        {
          durationMs: millisecondsSince(started),
          sql: statementText(args[0]),
          ...(error ? { failed: true } : {}),
        },
        'sql',
      );
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, ...rest: unknown[]) => {
        done(error);
        return (callback as (...a: unknown[]) => unknown)(error, ...rest);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(
        () => done(),
        (error: unknown) => done(error ?? true),
      );
    }
    return result;
  };
}

/** `ContextLogger` (graphql/context.ts) on the current request's logger, else on `logger`. */
export function contextLogger(logger: Logger): {
  error(message: string, details?: Record<string, unknown>): void;
} {
  return {
    error: (message, details) => (currentLogger() ?? logger).error(details ?? {}, message),
  };
}
