/**
 * The compiled production build (issue 15 "Production and scale-out"): `npm run build:server`
 * bundles the server programs into plain JavaScript that runs with `node` alone (no tsx, no
 * TypeScript loader), as the Docker image does.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale, repoRoot } from './build-if-stale.ts';
import { buildServer, packageName, type ServerBuildResult } from './build-server.ts';

/** Production secrets of the test shop (production refuses the development ones). */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  API_KEY: 'build-test-api-key-not-the-default',
  AUTH_JWT_SECRET: 'build-test-jwt-secret-0123456789abcdefghij',
};

/**
 * A clean environment for a child: only PATH and the given variables, so no NODE_OPTIONS
 * (e.g. a `--import tsx` loader), DATABASE_URL or TEST_DATABASE_URL leaks in from the runner.
 */
function plainEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', ...extra };
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Production dependencies of the root and the workspaces (what `npm ci --omit=dev` installs). */
function productionDependencies(): Set<string> {
  const names = new Set<string>();
  for (const file of ['package.json', 'apps/api/package.json', 'apps/storefront/package.json']) {
    const manifest = JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const name of Object.keys(manifest.dependencies ?? {})) names.add(name);
  }
  return names;
}

/** Packages `import`ed by an ES module file (static and literal dynamic imports). */
function importedPackages(code: string): Set<string> {
  const names = new Set<string>();
  const pattern =
    /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']((?:@[\w.-]+\/)?[\w.-]+(?:\/[\w./-]*)?)["']/g;
  for (const match of code.matchAll(pattern)) {
    const name = packageName(match[1]!);
    if (name) names.add(name);
  }
  return names;
}

describe('compiled production build', () => {
  let outdir: string;
  let result: ServerBuildResult;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    buildIfStale(() => {});
    // Inside the repository, so the bundles find node_modules like dist/ does.
    const cache = join(repoRoot, 'node_modules/.cache');
    mkdirSync(cache, { recursive: true });
    outdir = mkdtempSync(join(cache, 'build-server-test-'));
    result = await buildServer({ outdir });
  }, 180_000);

  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    if (outdir) rmSync(outdir, { recursive: true, force: true });
  });

  it('bundles our TypeScript (the @trampa/api workspace included) into JavaScript', () => {
    expect(Object.keys(result.outputs).sort()).toEqual([
      'api',
      'migrate',
      'seed',
      'server',
      'worker',
    ]);
    for (const file of Object.values(result.outputs)) {
      const code = readFileSync(file, 'utf8');
      expect(code).not.toMatch(/["']@trampa\/api/);
      expect(code).not.toMatch(/from\s*["'][^"']+\.tsx?["']/);
      expect(code).not.toMatch(/["']tsx["']/);
    }
  });

  it('imports at run time only production dependencies (npm ci --omit=dev)', () => {
    const allowed = productionDependencies();
    const storefrontBuild = readFileSync(
      join(repoRoot, 'apps/storefront/build/server/index.js'),
      'utf8',
    );
    const used = new Set([...result.externals, ...importedPackages(storefrontBuild)]);
    // `vite` is imported only by `--dev` (npm run dev), never in production.
    used.delete('vite');
    expect([...used].filter((name) => !allowed.has(name)).sort()).toEqual([]);
  });

  it('migrates a database with plain node (the release step)', () => {
    const data = mkdtempSync(join(tmpdir(), 'trampa-build-migrate-'));
    try {
      const run = spawnSync(process.execPath, [result.outputs.migrate!], {
        cwd: data,
        env: plainEnv({ ...PRODUCTION_ENV, PGLITE_DATA_DIR: join(data, 'pglite') }),
        encoding: 'utf8',
        timeout: 90_000,
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });

  it('serves the start page with plain node on PGlite in memory with production secrets', async () => {
    const port = await freePort();
    const work = mkdtempSync(join(tmpdir(), 'trampa-build-serve-'));
    const child = spawn(process.execPath, ['--enable-source-maps', result.outputs.server!], {
      cwd: work,
      env: plainEnv({
        ...PRODUCTION_ENV,
        PORT: String(port),
        PGLITE_DATA_DIR: 'memory://',
        MAIL_OUTBOX_DIR: join(work, 'outbox'),
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let exited = false;
    child.once('exit', () => (exited = true));
    try {
      let status = 0;
      let body = '';
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline && !exited) {
        try {
          const response = await fetch(`http://127.0.0.1:${port}/`);
          status = response.status;
          body = await response.text();
          break;
        } catch {
          await new Promise((wait) => setTimeout(wait, 250));
        }
      }
      expect(exited, output).toBe(false);
      expect(status, output).toBe(200);
      expect(body).toContain('<html');
    } finally {
      child.kill('SIGTERM');
      await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(0)));
      rmSync(work, { recursive: true, force: true });
    }
  });
});
