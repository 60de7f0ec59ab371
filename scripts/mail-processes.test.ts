/**
 * E-mail leaves the shop as users start it (issue 40 §1). Every mail job of a shop started with
 * `npm start` failed with "React is not defined" (tsx applied the root tsconfig, which does not
 * name apps/api, so the mail templates compiled to classic JSX), while the suites that render
 * mail under Vitest passed. These start the shop exactly as a user does and send real mail:
 *
 * - `npm start` from the repository root (the same command and working folder; the environment
 *   only adds the port, a fresh data folder, the outbox and the first administrator), which
 *   builds if needed, migrates and seeds the embedded database, in production mode;
 * - the compiled bundles: `dist/server.js` and `dist/worker.js` with plain `node` on PostgreSQL
 *   (the production layout, the worker beside the web process), after `dist/migrate.js` and
 *   `dist/seed.js`; without a PostgreSQL server, `dist/server.js` alone on PGlite.
 *
 * Each places an order, asks for a password reset, subscribes to the newsletter and restocks a
 * watched size, and finds each `.eml` in the outbox (scripts/mail-flows.ts). Each also takes a
 * real payment (issue 42): Kustom Checkout against the local Kustom stand-in (KUSTOM_API_URL
 * with KUSTOM_TEST_MODE, as a shop on Kustom's playground runs), whose callbacks reach the
 * started process, and a Stripe card payment against the Stripe stand-in (STRIPE_API_URL with
 * STRIPE_TEST_MODE, its webhook reaching the process); each then a capture and a refund run by
 * the shop's own job runner (scripts/payment-flows.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../apps/api/test/test-db.ts';
import { buildIfStale, repoRoot } from './build-if-stale.ts';
import { buildServer } from './build-server.ts';
import { startKustomStandIn, type KustomStandIn } from '../apps/api/test/kustom-stand-in.ts';
import { startStripeStandIn, type StripeStandIn } from '../apps/api/test/stripe-stand-in.ts';
import { exerciseMail } from './mail-flows.ts';
import { exerciseKustom, exerciseStripe } from './payment-flows.ts';

const ADMIN = { email: 'agare@butik.example', password: 'ett-langt-adminlosen-1' };

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

/**
 * A user's environment: their PATH and HOME, nothing of the test runner's (no NODE_ENV=test,
 * no NODE_OPTIONS loader, no VITEST), plus `extra`.
 */
function userEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    ...extra,
  };
}

const children: ChildProcess[] = [];

/** Starts a process in its own process group, its output collected. */
function start(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output = { text: '' };
  child.stdout!.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  return { child, output };
}

/** Stops a process group started by {@link start} and waits for its exit. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, 30_000);
  await exited;
  clearTimeout(timer);
}

/** Waits until `url/readyz` answers 200 (at most `ms`), failing with the process's output. */
async function ready(url: string, child: ChildProcess, output: { text: string }, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error(`The shop did not get ready:\n${output.text.slice(-4000)}`);
}

/** No mail job failed in the output (the log line of a failed attempt). */
function expectNoFailedJobs(output: string): void {
  expect(output).not.toContain('React is not defined');
  expect(output).not.toMatch(/"msg":"Job (attempt failed|failed and was given up)"/);
}

/** Kustom's settings for a started shop: the stand-in, test payments on purpose. */
function kustomEnv(standIn: KustomStandIn): Record<string, string> {
  return {
    KUSTOM_USERNAME: standIn.username,
    KUSTOM_PASSWORD: standIn.password,
    KUSTOM_API_URL: standIn.url,
    KUSTOM_TEST_MODE: 'true',
  };
}

let standIn: KustomStandIn | null = null;
const kustom = async () => (standIn ??= await startKustomStandIn({ autoPush: false }));
let stripeStandIn: StripeStandIn | null = null;
const stripe = async () => (stripeStandIn ??= await startStripeStandIn({ autoWebhooks: false }));

/** Stripe's settings for a started shop: the stand-in's keys, test payments on purpose. */
async function stripeEnv(): Promise<Record<string, string>> {
  const s = await stripe();
  return {
    STRIPE_SECRET_KEY: s.secretKey,
    STRIPE_PUBLISHABLE_KEY: s.publishableKey,
    STRIPE_WEBHOOK_SECRET: s.webhookSecret,
    STRIPE_API_URL: s.url,
    STRIPE_TEST_MODE: 'true',
  };
}

afterAll(async () => {
  await Promise.all(children.map(stop));
  await standIn?.close();
  await stripeStandIn?.close();
});

describe('mail under npm start (issue 40 §1)', () => {
  it('sends the order, reset, newsletter and back-in-stock mails of a shop started with npm start', async () => {
    buildIfStale(() => {});
    const work = mkdtempSync(join(tmpdir(), 'trampa-npm-start-mail-'));
    const port = await freePort();
    const outbox = join(work, 'outbox');
    const { child, output } = start(
      'npm',
      ['start'],
      repoRoot,
      userEnv({
        PORT: String(port),
        HOST: '127.0.0.1',
        PGLITE_DATA_DIR: join(work, 'pglite'),
        MAIL_OUTBOX_DIR: outbox,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ...kustomEnv(await kustom()),
        ...(await stripeEnv()),
      }),
    );
    try {
      const url = `http://127.0.0.1:${port}`;
      await ready(url, child, output, 240_000);
      expect(output.text).toContain(`körs på http://localhost:${port}`);
      // npm start's per-installation secrets (scripts/local-secrets.ts) beside the data folder.
      const apiKey = (
        JSON.parse(readFileSync(join(work, 'secrets.json'), 'utf8')) as { API_KEY: string }
      ).API_KEY;
      const running = { url, publicUrl: `http://localhost:${port}`, apiKey, outbox, admin: ADMIN };
      await exerciseMail(running, 'npmstart');
      await exerciseKustom(running, await kustom(), 'npmstart').catch((error: unknown) => {
        throw new Error(`${String(error)}\n${output.text.slice(-3000)}`);
      });
      await exerciseStripe(running, await stripe(), 'npmstart').catch((error: unknown) => {
        throw new Error(`${String(error)}\n${output.text.slice(-3000)}`);
      });
      expectNoFailedJobs(output.text);
    } finally {
      await stop(child);
      rmSync(work, { recursive: true, force: true });
    }
  }, 420_000);
});

describe('mail of the compiled bundles (issue 40 §1)', () => {
  it('sends the same mails from dist/server.js and dist/worker.js with plain node', async () => {
    buildIfStale(() => {});
    const cache = join(repoRoot, 'node_modules/.cache');
    mkdirSync(cache, { recursive: true });
    const outdir = mkdtempSync(join(cache, 'mail-dist-'));
    const work = mkdtempSync(join(tmpdir(), 'trampa-dist-mail-'));
    const { outputs } = await buildServer({ outdir });
    const scratch = process.env.TEST_DATABASE_URL ? await createScratchDatabase('mail_dist') : null;
    const port = await freePort();
    const outbox = join(work, 'outbox');
    const env = userEnv({
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      API_KEY: 'dist-mail-test-api-key-not-the-default',
      AUTH_JWT_SECRET: 'dist-mail-test-jwt-secret-0123456789abcdef',
      MAIL_OUTBOX_DIR: outbox,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PAYMENT_CALLBACK_SECRET: 'dist-mail-test-callback-secret-0123456789',
      ...kustomEnv(await kustom()),
      ...(await stripeEnv()),
      ...(scratch ? { DATABASE_URL: scratch.url } : { PGLITE_DATA_DIR: join(work, 'pglite') }),
    });
    const started: ChildProcess[] = [];
    try {
      if (scratch) {
        for (const step of [outputs.migrate!, outputs.seed!]) {
          const run = spawnSync(process.execPath, ['--enable-source-maps', step], {
            cwd: work,
            env,
            encoding: 'utf8',
            timeout: 240_000,
          });
          expect(run.status, run.stdout + run.stderr).toBe(0);
        }
      }
      const server = start(process.execPath, ['--enable-source-maps', outputs.server!], work, env);
      started.push(server.child);
      const url = `http://127.0.0.1:${port}`;
      await ready(url, server.child, server.output, 240_000);
      // With DATABASE_URL in production the web process runs no jobs: the worker sends the mail.
      const worker = scratch
        ? start(process.execPath, ['--enable-source-maps', outputs.worker!], work, env)
        : null;
      if (worker) started.push(worker.child);
      const running = {
        url,
        publicUrl: `http://localhost:${port}`,
        apiKey: env.API_KEY!,
        outbox,
        admin: ADMIN,
      };
      await exerciseMail(running, scratch ? 'distworker' : 'distserver');
      await exerciseKustom(running, await kustom(), scratch ? 'distworker' : 'distserver');
      await exerciseStripe(running, await stripe(), scratch ? 'distworker' : 'distserver');
      expectNoFailedJobs(server.output.text + (worker?.output.text ?? ''));
    } finally {
      await Promise.all(started.map(stop));
      await scratch?.drop();
      rmSync(work, { recursive: true, force: true });
      rmSync(outdir, { recursive: true, force: true });
    }
  }, 480_000);
});
