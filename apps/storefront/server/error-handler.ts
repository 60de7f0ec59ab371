/**
 * The shop's last Express error handler (issue 15, issue 28): errors passed to Express (e.g. a
 * missing /assets file, a failing load context) are logged as JSON with message and stack when
 * 5xx (4xx only on the request line) and answered with the status's reason phrase instead of
 * Express's default handler, which prints stacks to stderr. An unavailable database is a 503
 * with the static "Försök igen" page for a browser and no error line (the request line carries
 * the code).
 */
import { STATUS_CODES } from 'node:http';
import { currentLogger, errorFields, type Logger } from '@trampa/api/log';
import { isDatabaseUnavailable } from '@trampa/api/unavailable';
import type { ErrorRequestHandler } from 'express';
import { unavailablePageHtml } from '../app/features/errors/unavailable.server.ts';

/**
 * The error handler; mount it after every route.
 * @param logger the process's logger, used when the request has none (`currentLogger()`)
 * @param shopName the trade name on the 503 page
 */
export function errorHandler(logger: Logger, shopName: string): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const declared = (error as { status?: unknown } | null)?.status;
    const unavailable = isDatabaseUnavailable(error);
    const status = unavailable
      ? 503
      : typeof declared === 'number' && declared >= 400 && declared < 600
        ? declared
        : 500;
    if (status >= 500 && !unavailable)
      (currentLogger() ?? logger).error({ err: errorFields(error, true) }, 'Unexpected error');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (status === 503 && req.method === 'GET' && req.accepts(['text/plain', 'html']) === 'html') {
      res.status(503).type('html').send(unavailablePageHtml(shopName, req.originalUrl));
      return;
    }
    res
      .status(status)
      .type('text/plain')
      .send(STATUS_CODES[status] ?? 'Error');
  };
}
