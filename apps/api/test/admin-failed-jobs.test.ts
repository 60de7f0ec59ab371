/**
 * Jobs that keep failing (issue 40 §1): an order confirmation whose mail cannot be written fails
 * its bounded attempts with back-off, one log line per attempt, and ends `failed` (never an
 * endless retry); the back office lists it for the roles that handle orders ("Att hantera"),
 * not for a content editor, and `retryJob` queues it again with a new set of attempts, audited;
 * once the cause is fixed it is sent. A password-reset mail whose link was erased when it gave
 * up is listed but cannot be retried. On every database kind.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { passwordResetMailJob } from '../src/modules/jobs/job-kinds.ts';
import { enqueueJob } from '../src/modules/jobs/queue.ts';
import { JobRunner } from '../src/modules/jobs/runner.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { createTestClient } from './api-client.ts';
import { addStaff, adminClient, codeOf, useAdminApi } from './admin-client.ts';
import { addCartFixture, CART_FIXTURE as F } from './cart-fixture.ts';
import { placeTestOrder, type PlacedOrder } from './placed-orders.ts';
import { testDatabaseKinds } from './test-db.ts';

const FAILED = `{ failedJobs(take: 10) { total jobs { id kind title orderId attempts maxAttempts
  lastError failedAt retryable } } }`;
const RETRY = `mutation($id: Int!) { retryJob(id: $id) { id kind attempts } }`;

interface FailedJobView {
  id: number;
  kind: string;
  title: string;
  orderId: number | null;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  retryable: boolean;
}

describe.each(testDatabaseKinds())('failed jobs on %s', (kind) => {
  const state = useAdminApi(kind);
  const work = mkdtempSync(join(tmpdir(), 'trampa-failed-jobs-'));
  // A file where the outbox folder should be: every write of a mail fails (ENOTDIR/EEXIST).
  const blocked = join(work, 'blocked');
  const outbox = join(work, 'outbox');
  const lines: Array<[string, Record<string, unknown> | undefined]> = [];
  const log = {
    info: () => {},
    error: (message: string, details?: Record<string, unknown>) => lines.push([message, details]),
  };
  let order: PlacedOrder;
  const clock = { now: new Date('2026-11-28T09:00:00Z') };

  const runner = (outboxDir: string) =>
    new JobRunner({
      db: state.handle.db,
      config: { ...state.config, mail: { ...state.config.mail, outboxDir } },
      log,
      kinds: ['order-confirmation', 'password-reset-mail'],
      now: () => clock.now,
    });

  beforeAll(async () => {
    writeFileSync(join(work, 'blocked'), 'not a folder');
    const db = state.handle.db;
    await seedCatalogue(db, { products: 10 });
    await addCartFixture(db);
    state.config = { ...state.config, mail: { ...state.config.mail, outboxDir: blocked } };
    order = await placeTestOrder(createTestClient(state.handle, state.config), db, [
      [F.bike.skuId, 1],
    ]);
    await db
      .update(jobs)
      .set({ maxAttempts: 3, runAt: clock.now })
      .where(eq(jobs.key, `order-confirmation:${order.id}`));
    await addStaff(state.handle, 'admin@shop.se', 'administrator');
    await addStaff(state.handle, 'support@shop.se', 'kundtjanst');
    await addStaff(state.handle, 'editor@shop.se', 'innehallsredaktor');
  }, 120_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('fails its bounded attempts with back-off, one log line each, and ends failed', async () => {
    const waits: number[] = [];
    const start = clock.now.getTime();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await runner(blocked).runOne()).toBe(attempt < 3 ? 'retry' : 'failed');
      const [job] = await state.handle.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `order-confirmation:${order.id}`));
      waits.push(job!.runAt.getTime() - clock.now.getTime());
      // Not due again before its back-off has passed.
      expect(await runner(blocked).runOne()).toBe('none');
      clock.now = new Date(job!.runAt.getTime() + 1);
    }
    expect(waits.slice(0, 2)).toEqual([10_000, 20_000]);
    expect(lines.map(([message, details]) => [message, details?.attempt, details?.next])).toEqual([
      ['Job attempt failed', 1, 'queued'],
      ['Job attempt failed', 2, 'queued'],
      ['Job failed and was given up', 3, 'failed'],
    ]);
    expect(lines[0]![1]).toMatchObject({ kind: 'order-confirmation', maxAttempts: 3 });
    expect(lines[0]![1]!.retryAt).toBe(new Date(start + 10_000).toISOString());
    // Given up: no further run, however long one waits.
    clock.now = new Date(clock.now.getTime() + 86_400_000);
    expect(await runner(blocked).runOne()).toBe('none');
  });

  it('is listed for the roles that handle orders, not for a content editor', async () => {
    const admin = adminClient(state.api);
    await admin.login('admin@shop.se');
    const listed = await admin.send(FAILED);
    expect(listed.body.errors).toBeUndefined();
    const page = listed.body.data!.failedJobs as { total: number; jobs: FailedJobView[] };
    expect(page.total).toBe(1);
    expect(page.jobs[0]).toMatchObject({
      kind: 'order-confirmation',
      title: 'Orderbekräftelse (e-post)',
      orderId: order.id,
      attempts: 3,
      maxAttempts: 3,
      retryable: true,
    });
    expect(page.jobs[0]!.lastError).toBeTruthy();

    const editor = adminClient(state.api, '10.20.0.3');
    await editor.login('editor@shop.se');
    const none = await editor.send(FAILED);
    expect(none.body.data!.failedJobs).toEqual({ total: 0, jobs: [] });
    const refused = await editor.send(RETRY, { id: page.jobs[0]!.id });
    expect(codeOf(refused)).toBe('FORBIDDEN');

    const anonymous = adminClient(state.api, '10.20.0.4');
    expect(codeOf(await anonymous.send(FAILED))).toBe('UNAUTHENTICATED');
  });

  it('is queued again by retryJob with a new set of attempts, audited, and sent once fixed', async () => {
    const support = adminClient(state.api, '10.20.0.2');
    await support.login('support@shop.se');
    const page = (await support.send(FAILED)).body.data!.failedJobs as { jobs: FailedJobView[] };
    const id = page.jobs[0]!.id;
    const retried = await support.send(RETRY, { id });
    expect(retried.body.errors).toBeUndefined();
    expect(retried.body.data!.retryJob).toMatchObject({ id, attempts: 3 });
    const [job] = await state.handle.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ state: 'queued', attempts: 0, finishedAt: null });
    // Twice is refused: it is no longer failed.
    expect(codeOf(await support.send(RETRY, { id }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await support.send(RETRY, { id: 999_999 }))).toBe('NOT_FOUND');
    const [entry] = await state.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'job.retry'));
    expect(entry).toMatchObject({ staffEmail: 'support@shop.se', entityId: String(id) });

    expect(existsSync(outbox)).toBe(false);
    clock.now = new Date(Math.max(clock.now.getTime(), job!.runAt.getTime()) + 1);
    expect(await runner(outbox).runOne()).toBe('done');
    const mails = await readOutbox(outbox, order.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(String(order.id));
    expect(((await support.send(FAILED)).body.data!.failedJobs as { total: number }).total).toBe(0);
  });

  it('lists a given-up password-reset mail as not retryable (its link was erased)', async () => {
    const db = state.handle.db;
    const job = passwordResetMailJob(
      'hash-of-a-key',
      'kund@example.se',
      'secret-reset-key',
      new Date(clock.now.getTime() + 3_600_000),
    );
    await enqueueJob(db, { ...job, maxAttempts: 1, runAt: clock.now });
    expect(await runner(blocked).runOne()).toBe('failed');
    const [row] = await db.select().from(jobs).where(eq(jobs.key, job.key));
    expect(row!.payload).toEqual({});
    const admin = adminClient(state.api, '10.20.0.5');
    await admin.login('admin@shop.se');
    const page = (await admin.send(FAILED)).body.data!.failedJobs as { jobs: FailedJobView[] };
    expect(page.jobs).toEqual([
      expect.objectContaining({ kind: 'password-reset-mail', retryable: false }),
    ]);
    const refused = await admin.send(RETRY, { id: row!.id });
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.body.errors![0]!.message).toContain('Kunden får begära en ny');
  });
});
