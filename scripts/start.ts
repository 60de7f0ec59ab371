/**
 * `npm start`: validates the configuration, builds the storefront if needed, then starts the
 * one-process shop (migrations and, on an empty database, the seed run inside the server start).
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
const { startServer } = await import('../apps/storefront/server.ts');
const server = await startServer({ port: config.port });
console.log(
  `${config.shopName} körs på ${server.url} (klar efter ${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
if (secretsFile) console.log(`API-nyckel och hemligheter för denna installation: ${secretsFile}`);
