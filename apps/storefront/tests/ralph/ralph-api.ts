/**
 * Trampa's API for a walk through the real ralph storefront (docs/ralph-storefront.md "Walking
 * ralph"; ralph-walk.ts): starts the nShift and Kustom stand-ins of the API tests, then the
 * standalone API (`apps/api/src/server.ts`) on port 4000 with what ralph needs (the market in
 * the path, ralph's origin allowed, ralph's password salt, the walk's API key), nShift and
 * Kustom pointed at the stand-ins, on an embedded database in a temporary folder (migrated and
 * seeded on its first start). Stops everything on Ctrl-C.
 *
 * Not part of `npm test`. Run from the repository root:
 *   npx tsx apps/storefront/tests/ralph/ralph-api.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKustomStandIn } from '../../../api/test/kustom-stand-in.ts';
import { startNshiftStandIn } from '../../../api/test/nshift-stand-in.ts';

/** ralph-ui's password salt (its `authClient`), which Trampa's auth must share. */
const RALPH_PASSWORD_SALT = 'Dd1dfLonNy6Am2fXQl2AcoI+IbhLhXvaibnDNn8uEa6vbJ05eyJajSuGFm9uQSmD';
const PORT = Number(process.env.PORT ?? 4000);
const RALPH = process.env.RALPH_URL ?? 'http://localhost:3100';

const nshift = await startNshiftStandIn();
const kustom = await startKustomStandIn({ autoPush: { delayMs: 300, repeat: 2 } });
const folder = mkdtempSync(join(tmpdir(), 'trampa-ralph-walk-'));
const api = spawn('npx', ['tsx', 'apps/api/src/server.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(PORT),
    PUBLIC_URL: `http://localhost:${PORT}`,
    PGLITE_DATA_DIR: join(folder, 'db'),
    MAIL_OUTBOX_DIR: join(folder, 'outbox'),
    MARKET_IN_PATH: 'true',
    CORS_ORIGINS: RALPH,
    API_KEY: process.env.API_KEY ?? 'ralph-walk-key',
    AUTH_PASSWORD_SALT: RALPH_PASSWORD_SALT,
    NSHIFT_API_URL: nshift.url,
    NSHIFT_API_KEY_ID: nshift.keyId,
    NSHIFT_API_KEY_SECRET: nshift.keySecret,
    NSHIFT_DELIVERY_CHECKOUT_ID: nshift.deliveryCheckoutId,
    NSHIFT_TEST_MODE: 'true',
    KUSTOM_USERNAME: kustom.username,
    KUSTOM_PASSWORD: kustom.password,
    KUSTOM_API_URL: kustom.url,
    KUSTOM_TEST_MODE: 'true',
    PAYMENT_CALLBACK_SECRET: 'ralph-walk-callback-secret-0123456789abcdef',
  },
});
console.log(`nShift stand-in ${nshift.url}, Kustom stand-in ${kustom.url}, data in ${folder}`);

async function stop(): Promise<void> {
  api.kill('SIGTERM');
  await Promise.all([nshift.close(), kustom.close()]);
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
api.on('exit', (code) => {
  console.log(`the API stopped (${code})`);
  void Promise.all([nshift.close(), kustom.close()]).then(() => process.exit(code ?? 1));
});
