/**
 * Back-in-stock requests (issue 17; GEINS-API §2.3 monitorProductAvailability): the errors, no
 * duplicates, the rate limit, and the mail: exactly one per request after the stock went from 0
 * to more (whatever raised it), none for a second raise, none lost or doubled when a worker dies
 * mid-way, and the signed unsubscribe link. On every database kind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { availabilitySubscriptions, jobs, rateLimitEvents, stock } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import {
  availabilityUnsubscribeLink,
  MONITOR_LIMIT,
} from '../src/modules/engagement/availability.service.ts';
import { RESTOCK_SCAN_JOB } from '../src/modules/engagement/engagement-jobs.ts';
import { JOB_HANDLERS } from '../src/modules/jobs/handlers.ts';
import { claimJob, enqueueJob } from '../src/modules/jobs/queue.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { createTestClient, TEST_API_KEY, testConfig, type TestClient } from './api-client.ts';
import { addCartFixture, CART_FIXTURE as F } from './cart-fixture.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const MONITOR = `mutation ($email: String!, $skuId: Int!) {
  monitorProductAvailability(email: $email, skuId: $skuId) }`;
const END = `mutation ($token: String!) { endProductAvailabilityMonitoring(token: $token) }`;

/** The helmet's second size, sold out for these tests. */
const SOLD_OUT = F.helmet.skuIds[1];
const quiet = { info() {}, error() {} };

/** The decoded Subject header of a raw message (RFC 2047 base64 for non-ASCII). */
function subjectOf(mail: string): string {
  const head = mail.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const folded = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(head)?.[1] ?? '';
  // RFC 2047 encoded words (B or Q, as Nodemailer writes them); adjacent words join unspaced.
  return folded
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_hex, code: string) =>
                String.fromCharCode(parseInt(code, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}

describe.each(testDatabaseKinds())('back-in-stock requests on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  let outbox: string;
  const config = testConfig({ publicUrl: 'https://shop.example' });
  let clock = new Date('2026-11-25T10:00:00Z');

  /** Runs every due job at the test clock (the restock scan included when it is queued). */
  const runQueue = (options: Parameters<typeof runJobsUntilIdle>[2] = {}) =>
    runJobsUntilIdle(handle.db, config, { now: () => clock, log: quiet, ...options });
  /** Sets the web-shop stock of the sold-out size (as a stock import would). */
  const setStock = (inStock: number) =>
    handle.db.update(stock).set({ inStock }).where(eq(stock.skuId, SOLD_OUT));
  /** Queues the restock scan now (the runner does so when it starts, then every 60 s). */
  const scanNow = () =>
    enqueueJob(handle.db, { ...RESTOCK_SCAN_JOB, runAt: clock }, { rearm: true });
  const mailsTo = (email: string) => readOutbox(outbox, email);

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 20 });
    await addCartFixture(handle.db);
    client = createTestClient(handle, config);
  });

  beforeEach(async () => {
    outbox = mkdtempSync(join(tmpdir(), 'trampa-bevaka-'));
    config.mail = { outboxDir: outbox };
    clock = new Date(clock.getTime() + 3_600_000);
    await setStock(0);
    await handle.db.delete(availabilitySubscriptions);
    await handle.db.delete(jobs);
    await handle.db.delete(rateLimitEvents);
  });

  afterAll(async () => {
    await handle?.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('refuses an unknown SKU, an inactive product and a bad e-mail address', async () => {
    const unknown = await client.query(MONITOR, { email: 'a@example.com', skuId: 1 });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const inactive = await client.query(MONITOR, { email: 'a@example.com', skuId: F.gone.skuId });
    expect(inactive.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    for (const email of ['', 'not-an-address', 'a@b', `${'x'.repeat(250)}@example.com`]) {
      const bad = await client.query(MONITOR, { email, skuId: SOLD_OUT });
      expect(bad.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        argument: 'email',
      });
    }
    expect(await handle.db.select().from(availabilitySubscriptions)).toHaveLength(0);
  });

  it('answers false for a SKU in stock and records nothing', async () => {
    const result = await client.query(MONITOR, {
      email: 'a@example.com',
      skuId: F.helmet.skuIds[0],
    });
    expect(result.data?.monitorProductAvailability).toBe(false);
    expect(await handle.db.select().from(availabilitySubscriptions)).toHaveLength(0);
  });

  it('records one request however often the same address submits it', async () => {
    for (const email of ['Kund@Example.com', 'kund@example.com', ' kund@example.com ']) {
      const result = await client.query(MONITOR, { email, skuId: SOLD_OUT });
      expect(result.data?.monitorProductAvailability).toBe(true);
    }
    const rows = await handle.db.select().from(availabilitySubscriptions);
    expect(rows.map((r) => [r.skuId, r.email])).toEqual([[SOLD_OUT, 'kund@example.com']]);
  });

  it('rate-limits requests per client address', async () => {
    const fromIp = async (ip: string, n: number) => {
      const response = await client.api.fetch(
        new Request('http://localhost/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-apikey': TEST_API_KEY },
          body: JSON.stringify({
            query: MONITOR,
            variables: { email: `kund${n}@example.com`, skuId: SOLD_OUT },
          }),
        }),
        { clientIp: ip },
      );
      return (await response.json()) as {
        data?: { monitorProductAvailability: boolean } | null;
        errors?: Array<{ extensions?: Record<string, unknown> }>;
      };
    };
    for (let n = 0; n < MONITOR_LIMIT; n += 1) {
      expect((await fromIp('203.0.113.7', n)).data?.monitorProductAvailability).toBe(true);
    }
    const refused = await fromIp('203.0.113.7', 99);
    expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(Number(refused.errors?.[0]?.extensions?.retryAfter)).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await fromIp('198.51.100.1', 100)).data?.monitorProductAvailability).toBe(true);
  });

  it('mails each subscriber once when the stock goes from 0 to more, and never again', async () => {
    await client.query(MONITOR, { email: 'first@example.com', skuId: SOLD_OUT });
    await client.query(MONITOR, { email: 'second@example.com', skuId: SOLD_OUT });
    // Still sold out: a scan sends nothing.
    await scanNow();
    await runQueue();
    expect(await mailsTo('first@example.com')).toHaveLength(0);

    await setStock(3);
    clock = new Date(clock.getTime() + 61_000);
    await runQueue();
    for (const email of ['first@example.com', 'second@example.com']) {
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(subjectOf(mails[0]!)).toBe('Nu finns Testhjälm Abus i lager igen');
      expect(mails[0]).toContain(`https://shop.example/product/cart-test-${F.helmet.productId}`);
      expect(mails[0]).toContain('storlek M/L');
      expect(mails[0]).toContain('https://shop.example/bevaka/avsluta?token=');
    }
    // The requests ended.
    expect(await handle.db.select().from(availabilitySubscriptions)).toHaveLength(0);

    // Sold out and back again: nobody asked again, so nothing is sent.
    await setStock(0);
    await setStock(5);
    clock = new Date(clock.getTime() + 61_000);
    await runQueue();
    expect(await mailsTo('first@example.com')).toHaveLength(1);
    expect(await mailsTo('second@example.com')).toHaveLength(1);
  });

  it('neither loses nor doubles the mail when a worker dies between claim and send', async () => {
    await client.query(MONITOR, { email: 'crash@example.com', skuId: SOLD_OUT });
    await setStock(2);
    await scanNow();
    await runQueue({ kinds: ['restock-scan'] });
    // A worker claims the mail job and dies before sending (its lease is 30 s).
    const claimed = await claimJob(handle.db, 'dead-worker', clock, 30_000, ['back-in-stock']);
    expect(claimed?.kind).toBe('back-in-stock');
    await runQueue();
    expect(await mailsTo('crash@example.com')).toHaveLength(0);
    // After the lease another worker takes it over and sends it once.
    clock = new Date(clock.getTime() + 31_000);
    await runQueue();
    expect(await mailsTo('crash@example.com')).toHaveLength(1);
    clock = new Date(clock.getTime() + 3_600_000);
    await runQueue();
    expect(await mailsTo('crash@example.com')).toHaveLength(1);
  });

  it('does not send again when a run fails after the mail went out', async () => {
    await client.query(MONITOR, { email: 'retry@example.com', skuId: SOLD_OUT });
    await setStock(2);
    await scanNow();
    await runQueue({ kinds: ['restock-scan'] });
    let failures = 0;
    const handlers = {
      ...JOB_HANDLERS,
      'back-in-stock': {
        async run(
          payload: Record<string, unknown>,
          ctx: Parameters<(typeof JOB_HANDLERS)[string]['run']>[1],
        ) {
          await JOB_HANDLERS['back-in-stock']!.run(payload, ctx);
          failures += 1;
          throw new Error('the process died before the job was marked done');
        },
      },
    };
    await runQueue({ handlers });
    expect(failures).toBe(1);
    clock = new Date(clock.getTime() + 60_000);
    await runQueue();
    expect(await mailsTo('retry@example.com')).toHaveLength(1);
    const [job] = await handle.db.select().from(jobs).where(eq(jobs.kind, 'back-in-stock'));
    expect(job?.state).toBe('done');
  });

  it('ends every request of the address with the signed unsubscribe link', async () => {
    await client.query(MONITOR, { email: 'leave@example.com', skuId: SOLD_OUT });
    await client.query(MONITOR, { email: 'stay@example.com', skuId: SOLD_OUT });
    const forged = await client.query(END, { token: 'bGVhdmVAZXhhbXBsZS5jb20.forged' });
    expect(forged.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const otherAddress = new URL(availabilityUnsubscribeLink(config, 'stay@example.com'));
    const [payload, mac] = otherAddress.searchParams.get('token')!.split('.');
    const swapped = `${Buffer.from('leave@example.com').toString('base64url')}.${mac}`;
    expect(payload).not.toBe(swapped.split('.')[0]);
    expect((await client.query(END, { token: swapped })).errors?.[0]?.extensions?.code).toBe(
      'BAD_USER_INPUT',
    );

    const link = new URL(availabilityUnsubscribeLink(config, 'leave@example.com'));
    const ended = await client.query(END, { token: link.searchParams.get('token') });
    expect(ended.data?.endProductAvailabilityMonitoring).toBe(true);
    const rows = await handle.db.select().from(availabilitySubscriptions);
    expect(rows.map((r) => r.email)).toEqual(['stay@example.com']);

    await setStock(1);
    await scanNow();
    await runQueue();
    expect(await mailsTo('leave@example.com')).toHaveLength(0);
    expect(await mailsTo('stay@example.com')).toHaveLength(1);
  });
});
