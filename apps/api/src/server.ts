/**
 * Standalone API server (scale-out mode, ARCHITECTURE "The picture"): `npm start -w apps/api`.
 * Opens the configured database (migrating it when MIGRATE_ON_START, refusing an outdated
 * schema; seeding only the embedded one), then serves `/graphql`, `/admin/graphql`, `/auth/`, `/payments/`, `/img/`,
 * `/healthz` and `/readyz` on PORT. On SIGINT/SIGTERM it drains (issue 15 "Shutdown"): readiness
 * 503, requests in flight finish, background builds stop, the pool closes, exit 0.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { ADMIN_GRAPHQL_PATH, createAdminApi } from './admin-app.ts';
import { createApi } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { SchemaOutdatedError } from './db/migrate.ts';
import { prepareDatabase } from './db/setup.ts';
import { drainable, stopBackgroundWork } from './graceful-close.ts';
import { createHealth } from './health.ts';
import { sqlStatementCountHeader } from './db/statement-count-header.ts';
import { AUTH_PATH } from './modules/auth/auth.http.ts';
import { authNodeListener, clientAddress } from './modules/auth/auth.node.ts';
import { jobLog, startJobRunner } from './modules/jobs/runner.ts';
import { closeMailTransports } from './modules/mail/mail.service.ts';
import { IMAGES_PATH } from './modules/media/media.http.ts';
import { PAYMENTS_PATH } from './modules/payments/payments.http.ts';
import { createLogger, errorFields, requestLogging } from './log.ts';

const config = loadConfigOrExit();
const logger = createLogger(config);
const handle = await prepareDatabase(config, (message) => logger.info(message), logger).catch(
  (error: unknown) => {
    if (!(error instanceof SchemaOutdatedError)) throw error;
    console.error(error.message);
    process.exit(1);
  },
);
const health = createHealth(handle.db);
const api = createApi({ db: handle.db, config, logger });
// The back-office API (issue 26, ADR 015) at /admin/graphql.
const admin = createAdminApi({ db: handle.db, config, logger });
// Issue 15: the request id (x-request-id, the storefront's when it sends one) and one JSON line
// per request; the GraphQL context and the SQL timing log with that id. Probes are not logged.
const logging = requestLogging(logger);
// The job queue (issue 15) in this process unless `npm run worker` runs it (WORKER_IN_PROCESS).
const jobs = config.jobs.inProcess
  ? startJobRunner({ db: handle.db, config, log: jobLog(logger) })
  : undefined;
const graphql = config.benchSqlCount
  ? (req: IncomingMessage, res: ServerResponse) =>
      sqlStatementCountHeader(req, res, () => void api.yoga(req, res))
  : api.yoga;
// The auth service (GEINS-API §7) under /auth/, GraphQL everywhere else. The client's address
// (per-IP rate limits) comes through TRUST_PROXY hops, e.g. 1 behind the storefront (API_URL).
const auth = authNodeListener(api.auth, (req) => clientAddress(req, config.trustProxyHops));
// The payment sandbox and its notifications (issue 6) under /payments/ (same adapter).
const payments = authNodeListener((request) => api.payments(request));
// The stored product images under /img/ (the storefront forwards /img/ here in scale-out mode).
const images = authNodeListener((request) => api.images(request));
// The back office's order documents (PDF, issue 27) under /admin/orders/.
const documents = authNodeListener(
  async (request) => (await admin.documents(request)) ?? new Response(null, { status: 404 }),
);
/**
 * Lets an adapter's promise (auth, payments) run on after the listener returns; a rejection (a
 * bug, or a request body that broke off) is logged and answered 500, never left unhandled.
 */
function settle(running: Promise<void>, res: ServerResponse): void {
  running.catch((error: unknown) => {
    logger.error({ err: errorFields(error, true) }, 'Unexpected error');
    if (res.headersSent) res.destroy();
    else res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"INTERNAL"}');
  });
}
const server = createServer((req, res) => {
  if (health.handle(req, res)) return;
  logging(req, res, () => {
    if ((req.url ?? '').startsWith(`${AUTH_PATH}/`)) settle(auth(req, res), res);
    else if ((req.url ?? '').startsWith(`${PAYMENTS_PATH}/`)) settle(payments(req, res), res);
    else if ((req.url ?? '').startsWith(`${IMAGES_PATH}/`)) settle(images(req, res), res);
    else if ((req.url ?? '').split('?')[0] === ADMIN_GRAPHQL_PATH) void admin.yoga(req, res);
    else if ((req.url ?? '').startsWith('/admin/orders/')) settle(documents(req, res), res);
    // Yoga answers its own failures (a GraphQL error or a 500); it does not reject.
    else void graphql(req, res);
  });
});
const draining = drainable(server, health);

server.listen(config.port, config.host, () => {
  console.log(
    `${config.shopName} API on http://${config.host}:${config.port}/graphql (${handle.description})`,
  );
});

let stopping = false;
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  const { delayMs, timeoutMs } = config.shutdown;
  console.log(`${signal}: draining (requests in flight get ${timeoutMs / 1000} s)`);
  // Last resort: a close that hangs past the drain time plus a margin ends the process.
  setTimeout(() => process.exit(1), delayMs + timeoutMs + 10_000).unref();
  void (async () => {
    await draining.close(config.shutdown);
    await stopBackgroundWork(handle.db, 5_000);
    await jobs?.stop();
    closeMailTransports();
    await handle.close();
    console.log(`${signal}: stopped`);
    process.exit(0);
  })().catch((error: unknown) => {
    console.error(`Could not stop cleanly after ${signal}:`, error);
    process.exit(1);
  });
}
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
