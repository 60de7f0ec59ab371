/**
 * Opt-in measurement hook for the bench (issue 3, docs/performance.md): counts the SQL
 * statements each HTTP request sends through the database client ({@link countStatements}) and
 * reports the count in the response header {@link SQL_STATEMENTS_HEADER}. Mounted only when
 * BENCH_SQL_COUNT=1 (config `benchSqlCount`); off by default.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { countStatements, currentStatementCounter } from './client.ts';

/** Response header with the number of SQL statements sent before the headers went out. */
export const SQL_STATEMENTS_HEADER = 'x-sql-statements';

/**
 * Node/Express middleware: runs the rest of the request inside a statement counter and sets
 * {@link SQL_STATEMENTS_HEADER} (a decimal integer) when the response headers are written.
 * Statements sent after that (data streamed later in a server-rendered page) are not in the
 * count; the storefront waits for all data before the headers when the User-Agent is a crawler.
 */
export function sqlStatementCountHeader(
  _req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
): void {
  // countStatements runs the callback synchronously inside the counter's async context, so
  // everything the request does from `next()` on is counted.
  void countStatements(async () => {
    const counter = currentStatementCounter();
    const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
    // Node sends implicit headers (res.write/res.end without writeHead) through writeHead too.
    res.writeHead = function writeHeadWithCount(this: ServerResponse, ...args: unknown[]) {
      if (counter && !this.headersSent) {
        this.setHeader(SQL_STATEMENTS_HEADER, String(counter.count));
      }
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];
    next();
  });
}
