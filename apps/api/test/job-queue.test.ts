/**
 * The job queue (issue 15 "Jobs", ADR 011) on both databases: the order e-mail is a job written
 * in the order's transaction, a failing send is retried and then sent once, concurrent workers
 * never run the same job, a job whose worker died is claimed again after its lease, and
 * `npm run worker` (src/worker.ts) processes jobs in its own process and stops on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import { createDb, type DbHandle } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { customers, orders, passwordResets, stock } from '../src/db/schema.ts';
import { requestPasswordReset } from '../src/modules/customers/password-reset.service.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import type { JobHandler } from '../src/modules/jobs/handlers.ts';
import { passwordResetMailJob } from '../src/modules/jobs/job-kinds.ts';
import { jobs } from '../src/modules/jobs/jobs.tables.ts';
import { claimJob, completeJob, enqueueJob } from '../src/modules/jobs/queue.ts';
import { JobRunner, runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { addCartFixture, CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const quiet = { info: () => {}, error: () => {} };

describe.each(testDatabaseKinds())('job queue on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  let outbox: string;
  let config: Config;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 20 });
    await addCartFixture(handle.db);
    await handle.db.update(stock).set({ inStock: 50 }).where(eq(stock.skuId, F.lock.skuId));
    outbox = mkdtempSync(join(tmpdir(), 'trampa-jobs-'));
    const base = testConfig();
    config = { ...base, mail: { ...base.mail, outboxDir: join(outbox, 'mail') } };
    client = createTestClient(handle, config);
  });

  afterAll(async () => {
    await handle?.close();
    if (outbox) rmSync(outbox, { recursive: true, force: true });
  });

  async function placeOrder(email: string) {
    const { data } = await client.query(`{ getCart(id: "") { id } }`);
    const cartId = data!.getCart.id as string;
    await client.query(
      `mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`,
      { id: cartId, item: { skuId: F.lock.skuId, quantity: 1 } },
    );
    return client.query(
      `mutation($cartId: String!, $checkout: CheckoutInputType!) {
        placeOrder(cartId: $cartId, checkout: $checkout) { orderId } }`,
      { cartId, checkout: personCheckout({ email, shippingId: 1 }) },
    );
  }

  const jobOf = async (key: string) =>
    (await handle.db.select().from(jobs).where(eq(jobs.key, key)))[0];

  it("writes the order e-mail job in the order's transaction: no order, no job", async () => {
    // A fault after the job was written (the payment row) rolls the whole order back.
    await handle.db.execute(sql`create function fail_payment() returns trigger language plpgsql
      as $$ begin raise exception 'injected fault'; end $$`);
    await handle.db.execute(sql`create trigger fail_payment before insert on order_payments
      for each row execute function fail_payment()`);
    const failed = await placeOrder('rullad@example.se');
    expect(failed.errors).toBeDefined();
    await handle.db.execute(sql`drop trigger fail_payment on order_payments`);
    expect(
      await handle.db.select().from(orders).where(eq(orders.email, 'rullad@example.se')),
    ).toEqual([]);
    expect(await handle.db.select().from(jobs).where(eq(jobs.kind, 'order-confirmation'))).toEqual(
      [],
    );

    const placed = await placeOrder('sparad@example.se');
    expect(placed.errors).toBeUndefined();
    const orderId = Number(placed.data!.placeOrder.orderId);
    const job = await jobOf(`order-confirmation:${orderId}`);
    expect(job).toMatchObject({ state: 'queued', attempts: 0, payload: { orderId } });
    // Not sent by the request: the queue sends it.
    expect(await readOutbox(config.mail.outboxDir, 'sparad@example.se')).toEqual([]);
    expect(await runJobsUntilIdle(handle.db, config, { log: quiet })).toBe(1);
    const mails = await readOutbox(config.mail.outboxDir, 'sparad@example.se');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Message-ID: <order-confirmation.${orderId}@`);
    expect(await jobOf(`order-confirmation:${orderId}`)).toMatchObject({ state: 'done' });
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.confirmationSentAt).not.toBeNull();
  });

  it('writes a reset key and its mail job in one statement; the key leaves the job once sent', async () => {
    await handle.db.insert(customers).values({ email: 'nyckel@example.se', passwordHash: 'x' });
    const before = await handle.db.select().from(jobs).where(eq(jobs.kind, 'password-reset-mail'));
    await requestPasswordReset(handle.db, config, 'okand@example.se', new Date());
    await requestPasswordReset(handle.db, config, 'nyckel@example.se', new Date());
    const after = await handle.db.select().from(jobs).where(eq(jobs.kind, 'password-reset-mail'));
    expect(after.length - before.length).toBe(1);
    const job = after.find((j) => !before.some((b) => b.id === j.id))!;
    expect(job.payload).toMatchObject({ to: 'nyckel@example.se' });
    const [reset] = await handle.db.select().from(passwordResets);
    expect(reset!.keyHash).toBe(job.key.replace('password-reset-mail:', ''));
    await runJobsUntilIdle(handle.db, config, { log: quiet });
    const [mail] = await readOutbox(config.mail.outboxDir, 'nyckel@example.se');
    expect(mail).toContain(`resetKey=${String(job.payload.resetKey)}`);
    expect(await jobOf(job.key)).toMatchObject({ state: 'done', payload: {} });
  });

  it('retries a failing send with back-off and then sends it once', async () => {
    const placed = await placeOrder('retry@example.se');
    const orderId = Number(placed.data!.placeOrder.orderId);
    // The outbox "folder" is a file: the transport fails.
    const blocked = join(outbox, 'blocked');
    writeFileSync(blocked, 'not a folder');
    let clock = Date.now();
    const broken = { ...config, mail: { ...config.mail, outboxDir: join(blocked, 'mail') } };
    const runner = (cfg: Config) =>
      new JobRunner({ db: handle.db, config: cfg, log: quiet, now: () => new Date(clock) });

    expect(await runner(broken).runOne()).toBe('retry');
    let job = await jobOf(`order-confirmation:${orderId}`);
    expect(job).toMatchObject({ state: 'queued', attempts: 1 });
    expect(job!.lastError).toBeTruthy();
    expect(job!.runAt.getTime()).toBeGreaterThanOrEqual(clock + 10_000);
    // Not due during the back-off.
    expect(await runner(config).runOne()).toBe('none');

    clock += 11_000;
    expect(await runner(config).runOne()).toBe('done');
    clock += 3_600_000;
    expect(await runner(config).runUntilIdle()).toBe(0);
    job = await jobOf(`order-confirmation:${orderId}`);
    expect(job).toMatchObject({ state: 'done', attempts: 2, lastError: null });
    expect(await readOutbox(config.mail.outboxDir, 'retry@example.se')).toHaveLength(1);
  });

  it('gives a job up as failed after its last attempt', async () => {
    await enqueueJob(handle.db, { kind: 'test-fails', key: 'test-fails:1', maxAttempts: 2 });
    const handlers: Record<string, JobHandler> = {
      'test-fails': {
        run: () => Promise.reject(new Error('always')),
      },
    };
    const runner = new JobRunner({ db: handle.db, log: quiet, handlers, backoff: () => 0 });
    expect(await runner.runOne()).toBe('retry');
    expect(await runner.runOne()).toBe('failed');
    expect(await runner.runOne()).toBe('none');
    expect(await jobOf('test-fails:1')).toMatchObject({ state: 'failed', attempts: 2 });
  });

  it('never runs a job on two workers at once', async () => {
    const count = 30;
    for (let i = 0; i < count; i += 1) {
      await enqueueJob(handle.db, { kind: 'test-claim', key: `test-claim:${i}`, payload: { i } });
    }
    const runs: Array<{ i: number; worker: string }> = [];
    const runnerFor = (worker: string) =>
      new JobRunner({
        db: handle.db,
        log: quiet,
        workerId: worker,
        handlers: {
          'test-claim': {
            async run(payload) {
              runs.push({ i: Number(payload.i), worker });
              await new Promise((resolve) => setTimeout(resolve, 5));
            },
          },
        },
      });
    await Promise.all(['w1', 'w2', 'w3'].map((w) => runnerFor(w).runUntilIdle()));
    const ids = runs.map((r) => r.i).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: count }, (_, i) => i));
    if (kind === 'postgres') {
      // Real concurrency (a pool): more than one worker got jobs.
      expect(new Set(runs.map((r) => r.worker)).size).toBeGreaterThan(1);
    }
  });

  it.runIf(kind === 'postgres')('skips a job another connection holds locked', async () => {
    await enqueueJob(handle.db, { kind: 'test-lock', key: 'test-lock:a' });
    await enqueueJob(handle.db, { kind: 'test-lock', key: 'test-lock:b' });
    const first = await jobOf('test-lock:a');
    // A transaction on another pool connection holds job a (a worker in the middle of its claim).
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select id from jobs where id = ${first!.id} for update`);
      const [claimedA, claimedB] = await Promise.all([
        claimJob(handle.db, 'w-a', new Date(), 60_000, ['test-lock']),
        claimJob(handle.db, 'w-b', new Date(), 60_000, ['test-lock']),
      ]);
      // Neither waits for the lock nor takes job a; exactly one takes b.
      const keys = [claimedA?.key, claimedB?.key].filter(Boolean);
      expect(keys).toEqual(['test-lock:b']);
    });
  });

  it('claims a job again when its worker died (lease ran out)', async () => {
    await enqueueJob(handle.db, { kind: 'test-lease', key: 'test-lease:1' });
    const now = Date.now();
    const dead = await claimJob(handle.db, 'dead-worker', new Date(now), 60_000, ['test-lease']);
    expect(dead).toMatchObject({ key: 'test-lease:1', state: 'running', attempts: 1 });
    let ran = 0;
    const runnerAt = (at: number) =>
      new JobRunner({
        db: handle.db,
        log: quiet,
        now: () => new Date(at),
        handlers: { 'test-lease': { run: async () => void (ran += 1) } },
      });
    // Within the lease nobody else takes it.
    expect(await runnerAt(now + 30_000).runOne()).toBe('none');
    // After it, another worker does.
    expect(await runnerAt(now + 61_000).runOne()).toBe('done');
    expect(ran).toBe(1);
    expect(await jobOf('test-lease:1')).toMatchObject({ state: 'done', attempts: 2 });
    // The dead worker, back from the dead, cannot mark it.
    expect(await completeJob(handle.db, dead!, 'dead-worker', new Date())).toBe(false);
  });

  it('enqueues once per key; an index build re-arms its finished job', async () => {
    const job = { kind: 'test-once', key: 'test-once:1' };
    expect(await enqueueJob(handle.db, job)).toBe(true);
    expect(await enqueueJob(handle.db, job)).toBe(false);
    const handlers = { 'test-once': { run: async () => {} } };
    await runJobsUntilIdle(handle.db, undefined, { handlers, log: quiet });
    expect(await enqueueJob(handle.db, job)).toBe(false);
    expect(await enqueueJob(handle.db, job, { rearm: true })).toBe(true);
    expect(await jobOf('test-once:1')).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('stop() lets the running job finish, then the loop ends', async () => {
    await enqueueJob(handle.db, { kind: 'test-stop', key: 'test-stop:1' });
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const runner = new JobRunner({
      db: handle.db,
      log: quiet,
      pollMs: 20,
      handlers: {
        'test-stop': {
          run: () => {
            started();
            return new Promise<void>((resolve) => (release = resolve));
          },
        },
      },
    });
    runner.start();
    await running;
    const stopped = runner.stop(5_000);
    setTimeout(() => release(), 50);
    await stopped;
    expect(await jobOf('test-stop:1')).toMatchObject({ state: 'done' });
  });
});

describe('npm run worker', () => {
  it('processes a queued reset mail in its own process, erases the key, stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trampa-worker-'));
    try {
      const dataDir = join(dir, 'pglite');
      const mailDir = join(dir, 'outbox');
      const db = await createDb({ pgliteDataDir: dataDir });
      await runMigrations(db);
      const expires = new Date(Date.now() + 3_600_000);
      await enqueueJob(db.db, passwordResetMailJob('hash1', 'worker@example.se', 'KEY1', expires));
      await db.close();

      const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
        cwd: API_DIR,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: '',
          PGLITE_DATA_DIR: dataDir,
          MAIL_OUTBOX_DIR: mailDir,
          PUBLIC_URL: 'https://shop.example',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      const deadline = Date.now() + 60_000;
      let mails: string[] = [];
      while (Date.now() < deadline && mails.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        mails = await readOutbox(mailDir, 'worker@example.se');
      }
      expect(mails, output).toHaveLength(1);
      expect(mails[0]).toContain('https://shop.example/account/reset-password?resetKey=KEY1');
      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);

      const after = await createDb({ pgliteDataDir: dataDir });
      const [job] = await after.db.select().from(jobs);
      await after.close();
      expect(job).toMatchObject({ state: 'done', payload: {} });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
