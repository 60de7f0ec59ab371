/**
 * Builds the storefront when its build is missing or older than its sources, so that
 * `npm start` builds on the first run and starts fast (no build) on the next ones.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (this file lives in scripts/). */
export const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

const storefront = join(repoRoot, 'apps/storefront');
const buildMarker = join(storefront, 'build/server/index.js');
/** Sources whose change makes the build stale. */
const sourcePaths = [
  join(storefront, 'app'),
  join(storefront, 'vite.config.ts'),
  join(storefront, 'react-router.config.ts'),
  join(storefront, 'package.json'),
  join(repoRoot, 'package-lock.json'),
];

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    newest = Math.max(newest, newestModification(join(path, entry)));
  }
  return newest;
}

/** True when there is no build or a source file changed after it was made. */
export function isBuildStale(): boolean {
  if (!existsSync(buildMarker)) return true;
  const builtAt = statSync(buildMarker).mtimeMs;
  return sourcePaths.some((path) => newestModification(path) > builtAt);
}

/**
 * Runs `react-router build` for the storefront when {@link isBuildStale}.
 * @throws when the build fails.
 */
export function buildIfStale(log: (message: string) => void = console.log): void {
  if (!isBuildStale()) return;
  log('Bygger butiken (första start eller ändrad kod) ...');
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/storefront'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`The storefront build failed (exit ${result.status})`);
  log(`Byggd på ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
