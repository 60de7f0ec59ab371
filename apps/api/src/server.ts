/**
 * Standalone API server (scale-out mode, ARCHITECTURE "The picture"): `npm start -w apps/api`.
 * Opens, migrates and if needed seeds the configured database, then serves `/graphql` on
 * PORT. Stops cleanly on SIGINT/SIGTERM.
 */
import { createServer } from 'node:http';
import { createApi } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { prepareDatabase } from './db/setup.ts';
import { sqlStatementCountHeader } from './db/statement-count-header.ts';

const config = loadConfigOrExit();
const handle = await prepareDatabase(config);
const api = createApi({ db: handle.db, config });
const server = createServer(
  config.benchSqlCount
    ? (req, res) => sqlStatementCountHeader(req, res, () => void api.yoga(req, res))
    : api.yoga,
);

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
    void handle.close().then(() => process.exit(0));
  });
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
