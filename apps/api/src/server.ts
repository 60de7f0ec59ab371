/**
 * Standalone API server (scale-out mode, ARCHITECTURE "The picture"): `npm start -w apps/api`.
 * Opens, migrates and if needed seeds the configured database, then serves `/graphql` on
 * PORT. Stops cleanly on SIGINT/SIGTERM.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createApi } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { prepareDatabase } from './db/setup.ts';
import { sqlStatementCountHeader } from './db/statement-count-header.ts';
import { AUTH_PATH } from './modules/auth/auth.http.ts';
import { authNodeListener, clientAddress } from './modules/auth/auth.node.ts';
import { startJobRunner } from './modules/jobs/runner.ts';
import { PAYMENTS_PATH } from './modules/payments/payments.http.ts';

const config = loadConfigOrExit();
const handle = await prepareDatabase(config);
const api = createApi({ db: handle.db, config });
// The job queue (issue 15) in this process unless `npm run worker` runs it (WORKER_IN_PROCESS).
const jobs = config.jobs.inProcess ? startJobRunner({ db: handle.db, config }) : undefined;
const graphql = config.benchSqlCount
  ? (req: IncomingMessage, res: ServerResponse) =>
      sqlStatementCountHeader(req, res, () => void api.yoga(req, res))
  : api.yoga;
// The auth service (GEINS-API §7) under /auth/, GraphQL everywhere else. The client's address
// (per-IP rate limits) comes through TRUST_PROXY hops, e.g. 1 behind the storefront (API_URL).
const auth = authNodeListener(api.auth, (req) => clientAddress(req, config.trustProxyHops));
// The payment sandbox and its notifications (issue 6) under /payments/ (same adapter).
const payments = authNodeListener((request) => api.payments(request));
const server = createServer((req, res) => {
  if ((req.url ?? '').startsWith(`${AUTH_PATH}/`)) void auth(req, res);
  else if ((req.url ?? '').startsWith(`${PAYMENTS_PATH}/`)) void payments(req, res);
  else void graphql(req, res);
});

server.listen(config.port, config.host, () => {
  console.log(
    `${config.shopName} API on http://${config.host}:${config.port}/graphql (${handle.description})`,
  );
});

let stopping = false;
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping`);
  server.close(() => {
    void (jobs?.stop() ?? Promise.resolve()).then(() => handle.close()).then(() => process.exit(0));
  });
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
