/**
 * The shop under test: a throw-away database (a PGlite folder under the system temp folder, or a
 * new database on a PostgreSQL server), the seed, and the shop (`scripts/start.ts`) in its own
 * process on a free loopback port with BENCH_SQL_COUNT=1.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { repoRoot } from '../scripts/build-if-stale.ts';

/** A database made for one bench run. */
export interface BenchDatabase {
  kind: 'pglite' | 'postgres';
  /** Environment variables that point the shop and the seed at it. */
  env: Record<string, string>;
  /** For the report, without credentials. */
  description: string;
  /** Folder for logs of this run (removed by dispose unless kept). */
  workDir: string;
  /** Drops the database and removes the folder. */
  dispose(): Promise<void>;
}

/** Environment variables of the caller that must not leak into the shop under test. */
const STRIPPED_ENV = ['DATABASE_URL', 'PGLITE_DATA_DIR', 'API_URL', 'PORT', 'HOST', 'PUBLIC_URL'];

/**
 * Secrets of the measured shop: production refuses the development defaults (issue 13). The
 * bench's requests send {@link BENCH_SECRETS}.API_KEY (bench/operations.ts apiHeaders).
 */
export const BENCH_SECRETS = {
  API_KEY: 'bench-api-key-not-the-development-default',
  AUTH_JWT_SECRET: 'bench-jwt-secret-0123456789abcdefghijklmnop',
} as const;

/** The caller's environment without {@link STRIPPED_ENV}, plus `extra`. */
export function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !STRIPPED_ENV.includes(key)) env[key] = value;
  }
  return { ...env, ...extra };
}

/**
 * Creates the database for a run.
 * @param postgresUrl for kind postgres: any URL on the server (its database part is ignored);
 *   the user needs CREATEDB.
 * @throws when the PostgreSQL server cannot be reached
 */
export async function createBenchDatabase(
  kind: 'pglite' | 'postgres',
  postgresUrl?: string,
): Promise<BenchDatabase> {
  const workDir = mkdtempSync(join(tmpdir(), 'trampa-bench-'));
  const removeDir = () => rmSync(workDir, { recursive: true, force: true });
  if (kind === 'pglite') {
    return {
      kind,
      env: { PGLITE_DATA_DIR: join(workDir, 'pglite') },
      description: 'PGlite (embedded, on disk)',
      workDir,
      dispose: async () => removeDir(),
    };
  }
  const server = new URL(postgresUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `trampa_bench_${Date.now()}_${process.pid}`;
  const adminUrl = new URL(server);
  adminUrl.pathname = '/postgres';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl.href });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const databaseUrl = new URL(server);
  databaseUrl.pathname = `/${name}`;
  const version = await serverVersion(databaseUrl.href);
  return {
    kind,
    env: { DATABASE_URL: databaseUrl.href },
    description: `PostgreSQL ${version} (${server.hostname}:${server.port || 5432}, throw-away database)`,
    workDir,
    dispose: async () => {
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      removeDir();
    },
  };
}

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ server_version: string }>('SHOW server_version');
    return result.rows[0]?.server_version.split(' ')[0] ?? '?';
  } finally {
    await client.end();
  }
}

/** What the seed printed and how long it took. */
export interface SeedResult {
  seconds: number;
  /** The seed's summary line, e.g. "Seeded 640 products, 2 110 SKUs ...". */
  summary: string;
}

/**
 * Migrates and seeds the database with `npm run db:seed`'s script.
 * @param products catalogue size; undefined = the seed's default
 * @throws when the seed fails (its output is in the message)
 */
export function seedDatabase(
  database: BenchDatabase,
  products: number | undefined,
  root: string = repoRoot,
): SeedResult {
  const started = Date.now();
  const args = ['--import', 'tsx', 'apps/api/src/db/seed-cli.ts'];
  if (products !== undefined) args.push('--products', String(products));
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: childEnv(database.env),
    encoding: 'utf8',
    timeout: 30 * 60_000,
  });
  if (result.status !== 0) {
    throw new Error(`The seed failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  const lines = result.stdout.trim().split('\n');
  return { seconds: (Date.now() - started) / 1000, summary: lines[lines.length - 1] ?? '' };
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The shop running in a child process. */
export interface RunningShop {
  /** `http://127.0.0.1:PORT` */
  url: string;
  pid: number;
  /** Stops the process (SIGTERM, then SIGKILL after 10 s). */
  stop(): Promise<void>;
}

/**
 * The arguments of `node` in `npm run start:prod` (package.json), e.g. `--enable-source-maps
 * --max-old-space-size=256 ... dist/server.js`: the bench starts the bundle with the same flags
 * as production (the Dockerfile's CMD has them too).
 */
export function productionArgs(): string[] {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [node, ...args] = (manifest.scripts['start:prod'] ?? '').trim().split(/\s+/);
  if (node !== 'node' || args.at(-1) !== 'dist/server.js') {
    throw new Error('package.json start:prod is not "node [flags] dist/server.js"');
  }
  return args;
}

/** How {@link startShop} starts the shop. */
export interface StartShopOptions {
  /**
   * `true`: the built bundle as production runs it (`node dist/server.js`, no tsx; build it
   * first with `npm run build`); default `scripts/start.ts` through tsx.
   */
  bundle?: boolean;
  /** More environment variables for the shop. */
  env?: Record<string, string>;
  /** Node options before the script, e.g. `--cpu-prof` (not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
  /** The checkout to start (default this one): another commit's `git worktree`, built. */
  root?: string;
}

/**
 * Starts `scripts/start.ts` (production mode, BENCH_SQL_COUNT=1), or `dist/server.js` with
 * `options.bundle`, and waits until `/` answers. The shop's output goes to `shop.log` in the
 * run's folder.
 * @throws when it exits or does not answer within `timeoutMs`; the log is in the message
 */
export async function startShop(
  database: BenchDatabase,
  timeoutMs = 180_000,
  options: StartShopOptions = {},
): Promise<RunningShop> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logPath = join(database.workDir, 'shop.log');
  const log = createWriteStream(logPath);
  const args = [
    ...(options.nodeArgs ?? []),
    ...(options.bundle ? productionArgs() : ['--import', 'tsx', 'scripts/start.ts']),
  ];
  const child = spawn(process.execPath, args, {
    cwd: options.root ?? repoRoot,
    env: childEnv({
      ...database.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      NODE_ENV: 'production',
      BENCH_SQL_COUNT: '1',
      ...BENCH_SECRETS,
      // operations.ts reads the root fields by introspection (off by default in production).
      GRAPHQL_INTROSPECTION: 'true',
      // One shop process and no `npm run worker`: it runs the job queue (index builds, ADR 011).
      WORKER_IN_PROCESS: 'true',
      ...options.env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  let failingSince: number | undefined;
  let reason = 'timeout';
  while (Date.now() < deadline && !exited) {
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.ok) return { url, pid: child.pid ?? 0, stop };
      // Listening but failing: give it 10 s (a first request may meet a cold start), then stop.
      failingSince ??= Date.now();
      reason = `GET / answers ${response.status}`;
      if (Date.now() - failingSince > 10_000) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (exited) reason = 'it exited';
  await stop();
  log.end();
  const output = readFileSync(logPath, 'utf8');
  throw new Error(`The shop did not start (${reason}). Its output (end):\n${output.slice(-4000)}`);
}
