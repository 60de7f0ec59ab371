/**
 * Per-installation secrets for `npm start` on the embedded database (issue 13 §1, §10, §20).
 *
 * Production refuses the documented development keys. `npm start` runs in production mode, so on
 * the embedded PGlite default (one process per data folder, nothing shared with other instances)
 * it fills each secret the environment leaves unset from `secrets.json` beside the data folder,
 * creating random ones (32 bytes, base64url) on the first start. A shop on a PostgreSQL server
 * (`DATABASE_URL`) gets nothing here: every instance must share secrets set by the operator.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The variables this fills, each with a fresh random value when the file lacks it. */
export const LOCAL_SECRET_NAMES = [
  'API_KEY',
  'AUTH_JWT_SECRET',
  'PAYMENT_SANDBOX_SECRET',
  'PAYMENT_CALLBACK_SECRET',
] as const;

/** Where the secrets of an embedded data folder live: `<parent of PGLITE_DATA_DIR>/secrets.json`. */
export function localSecretsPath(pgliteDataDir: string): string {
  return join(dirname(resolve(pgliteDataDir)), 'secrets.json');
}

/**
 * Fills the unset secrets of `env` (in place) for the embedded database and returns the path of
 * the file they come from, or null when nothing applies (DATABASE_URL set, not production, or an
 * in-memory database, whose secrets are random and kept only in `env`).
 */
export function applyLocalSecrets(env: Record<string, string | undefined>): string | null {
  if (env.DATABASE_URL?.trim() || env.NODE_ENV !== 'production') return null;
  const dataDir = env.PGLITE_DATA_DIR?.trim() || './data/pglite';
  const inMemory = dataDir.startsWith('memory://');
  const path = inMemory ? null : localSecretsPath(dataDir);
  const stored: Record<string, string> =
    path && existsSync(path)
      ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>)
      : {};
  let changed = false;
  for (const name of LOCAL_SECRET_NAMES) {
    if (!stored[name]) {
      stored[name] = randomBytes(32).toString('base64url');
      changed = true;
    }
    if (!env[name]?.trim()) env[name] = stored[name];
  }
  if (path && changed) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return path;
}
