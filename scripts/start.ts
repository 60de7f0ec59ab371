/**
 * `npm start`: validates the configuration, builds the storefront if needed, then starts the
 * one-process shop (on the embedded database migrations and, when it is empty, the seed run
 * inside the server start; with DATABASE_URL see MIGRATE_ON_START and `npm run db:migrate`).
 * Drains and exits 0 on SIGTERM/SIGINT.
 */
import { loadConfigOrExit } from '../apps/api/src/config.ts';
import { buildIfStale } from './build-if-stale.ts';
import { applyLocalSecrets } from './local-secrets.ts';

process.env.NODE_ENV ??= 'production';
const secretsFile = applyLocalSecrets(process.env);
const config = loadConfigOrExit();
const started = Date.now();
try {
  buildIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const { startServerOrExit, stopOnSignals } = await import('../apps/storefront/server.ts');
const server = await startServerOrExit({ port: config.port });
stopOnSignals(server, config);
console.log(
  `${config.shopName} körs på ${server.url} (klar efter ${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
if (secretsFile) console.log(`API-nyckel och hemligheter för denna installation: ${secretsFile}`);
