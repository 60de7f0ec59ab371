/**
 * Builds the storefront and the back office (apps/admin, issue 26) when a build is missing or
 * older than its sources, so that `npm start` builds on the first run and starts fast (no build)
 * on the next ones.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (this file lives in scripts/). */
export const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** One workspace's build: the file it writes last and the sources whose change makes it stale. */
interface Build {
  workspace: string;
  marker: string;
  sources: string[];
}

const storefront = join(repoRoot, 'apps/storefront');
const admin = join(repoRoot, 'apps/admin');
const builds: Build[] = [
  {
    workspace: 'apps/storefront',
    marker: join(storefront, 'build/server/index.js'),
    sources: [
      join(storefront, 'app'),
      join(storefront, 'vite.config.ts'),
      join(storefront, 'react-router.config.ts'),
      join(storefront, 'package.json'),
      join(repoRoot, 'package-lock.json'),
    ],
  },
  {
    workspace: 'apps/admin',
    marker: join(admin, 'dist/index.html'),
    sources: [
      join(admin, 'src'),
      join(admin, 'index.html'),
      join(admin, 'vite.config.ts'),
      join(admin, 'package.json'),
      join(repoRoot, 'package-lock.json'),
    ],
  },
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

function stale(build: Build): boolean {
  if (!existsSync(build.marker)) return true;
  const builtAt = statSync(build.marker).mtimeMs;
  return build.sources.some((path) => newestModification(path) > builtAt);
}

/** True when a build is missing or a source file changed after it was made. */
export function isBuildStale(): boolean {
  return builds.some(stale);
}

/**
 * Runs the storefront's `react-router build` and the back office's `vite build`, each when
 * stale.
 * @throws when a build fails.
 */
export function buildIfStale(log: (message: string) => void = console.log): void {
  const todo = builds.filter(stale);
  if (todo.length === 0) return;
  log('Bygger butiken (första start eller ändrad kod) ...');
  const started = Date.now();
  for (const build of todo) {
    const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) {
      throw new Error(`The ${build.workspace} build failed (exit ${result.status})`);
    }
  }
  log(`Byggd på ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
