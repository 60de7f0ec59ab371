/**
 * Newsletter with double opt-in (issue 17; GEINS-API §3 subscribeToNewsletter): the errors, the
 * rate limit, the stored consent, one confirmation mail per address and day, the signed confirm
 * and unsubscribe links (a token of one purpose never works for the other), the account's
 * checkbox sharing the record, and the CSV export of confirmed addresses only.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { customers, jobs, newsletterSubscriptions, rateLimitEvents } from '../src/db/schema.ts';
import {
  NEWSLETTER_CONSENT_TEXT,
  confirmedSubscribers,
  newsletterLinks,
  setAccountNewsletter,
  SIGNUP_LIMIT,
  subscribersCsv,
} from '../src/modules/engagement/newsletter.service.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { createTestClient, TEST_API_KEY, testConfig, type TestClient } from './api-client.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const SUBSCRIBE = `mutation ($email: String!, $tags: [String]) {
  subscribeToNewsletter(email: $email, tags: $tags) }`;
const CONFIRM = `mutation ($token: String!) { confirmNewsletterSubscription(token: $token) }`;
const UNSUBSCRIBE = `mutation ($token: String!) { unsubscribeFromNewsletter(token: $token) }`;
const quiet = { info() {}, error() {} };

/** The `token` of a link. */
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe.each(testDatabaseKinds())('newsletter on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  let outbox: string;
  const config = testConfig({ publicUrl: 'https://shop.example' });

  const runQueue = () => runJobsUntilIdle(handle.db, config, { log: quiet });
  const rowOf = async (email: string) =>
    (
      await handle.db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email))
    )[0];

  beforeAll(async () => {
    handle = await openTestDb(kind);
    client = createTestClient(handle, config);
  });

  beforeEach(async () => {
    outbox = mkdtempSync(join(tmpdir(), 'trampa-nyhetsbrev-'));
    config.mail = { outboxDir: outbox };
    await handle.db.delete(newsletterSubscriptions);
    await handle.db.delete(jobs);
    await handle.db.delete(rateLimitEvents);
  });

  afterAll(async () => {
    await handle?.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('refuses a bad address and bad tags', async () => {
    const bad = await client.query(SUBSCRIBE, { email: 'nej' });
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      argument: 'email',
    });
    const tags = await client.query(SUBSCRIBE, { email: 'a@example.com', tags: ['<b>x</b>'] });
    expect(tags.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      argument: 'tags',
    });
    const many = await client.query(SUBSCRIBE, {
      email: 'a@example.com',
      tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
    });
    expect(many.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await handle.db.select().from(newsletterSubscriptions)).toHaveLength(0);
  });

  it('rate-limits sign-ups per client address', async () => {
    const fromIp = async (n: number) => {
      const response = await client.api.fetch(
        new Request('http://localhost/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-apikey': TEST_API_KEY },
          body: JSON.stringify({ query: SUBSCRIBE, variables: { email: `n${n}@example.com` } }),
        }),
        { clientIp: '203.0.113.20' },
      );
      return (await response.json()) as {
        data?: { subscribeToNewsletter: boolean } | null;
        errors?: Array<{ extensions?: Record<string, unknown> }>;
      };
    };
    for (let n = 0; n < SIGNUP_LIMIT; n += 1) {
      expect((await fromIp(n)).data?.subscribeToNewsletter).toBe(true);
    }
    expect((await fromIp(99)).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  it('stores the consent, mails one confirmation link, and counts the address only once confirmed', async () => {
    const before = Date.now();
    for (let i = 0; i < 2; i += 1) {
      const result = await client.query(SUBSCRIBE, {
        email: 'Ny@Example.com',
        tags: ['racer', 'Racer'],
      });
      expect(result.data?.subscribeToNewsletter).toBe(true);
    }
    await runQueue();
    const row = await rowOf('ny@example.com');
    expect(row).toMatchObject({ state: 'pending', tags: ['racer'], source: 'footer' });
    expect(row!.consentText).toContain('Jag vill få nyhetsbrev från Trampa');
    expect(row!.consentedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await confirmedSubscribers(handle.db)).toHaveLength(0);

    const mails = await readOutbox(outbox, 'ny@example.com');
    expect(mails).toHaveLength(1);
    const links = newsletterLinks(config, 'ny@example.com');
    expect(mails[0]).toContain(links.confirm);
    expect(mails[0]).toContain(links.unsubscribe);

    // The unsubscribe token does not confirm; a forged one neither.
    const wrong = await client.query(CONFIRM, { token: tokenOf(links.unsubscribe) });
    expect(wrong.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const forged = await client.query(CONFIRM, { token: `${tokenOf(links.confirm)}x` });
    expect(forged.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    const confirmed = await client.query(CONFIRM, { token: tokenOf(links.confirm) });
    expect(confirmed.data?.confirmNewsletterSubscription).toBe(true);
    expect((await rowOf('ny@example.com'))?.state).toBe('confirmed');
    const csv = subscribersCsv(await confirmedSubscribers(handle.db));
    expect(csv.split('\r\n')[0]).toBe('email,tags,source,consented_at,confirmed_at,consent_text');
    expect(csv).toContain('ny@example.com,racer,footer,');

    // Signing up again when confirmed sends nothing and keeps the state.
    await client.query(SUBSCRIBE, { email: 'ny@example.com', tags: ['mtb'] });
    await runQueue();
    expect(await readOutbox(outbox, 'ny@example.com')).toHaveLength(1);
    expect(await rowOf('ny@example.com')).toMatchObject({
      state: 'confirmed',
      tags: ['mtb', 'racer'],
    });
  });

  it('ends the subscription with the unsubscribe link, and the export leaves it out', async () => {
    await client.query(SUBSCRIBE, { email: 'bort@example.com' });
    const links = newsletterLinks(config, 'bort@example.com');
    await client.query(CONFIRM, { token: tokenOf(links.confirm) });
    expect(await confirmedSubscribers(handle.db)).toHaveLength(1);
    const result = await client.query(UNSUBSCRIBE, { token: tokenOf(links.unsubscribe) });
    expect(result.data?.unsubscribeFromNewsletter).toBe(true);
    expect((await rowOf('bort@example.com'))?.state).toBe('unsubscribed');
    expect(await confirmedSubscribers(handle.db)).toHaveLength(0);
    // The old confirmation link does not bring it back.
    const again = await client.query(CONFIRM, { token: tokenOf(links.confirm) });
    expect(again.data?.confirmNewsletterSubscription).toBe(false);
    const forged = await client.query(UNSUBSCRIBE, { token: 'Ym9ydEBleGFtcGxlLmNvbQ.x' });
    expect(forged.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it("shares the record with the account's newsletter checkbox", async () => {
    const [customer] = await handle.db
      .insert(customers)
      .values({ email: 'konto@example.com', passwordHash: 'x' })
      .returning();
    const now = new Date();
    await setAccountNewsletter(handle.db, config, 'konto@example.com', true, now);
    await runQueue();
    expect(await rowOf('konto@example.com')).toMatchObject({ state: 'pending', source: 'account' });
    expect(await readOutbox(outbox, 'konto@example.com')).toHaveLength(1);
    await client.query(CONFIRM, {
      token: tokenOf(newsletterLinks(config, 'konto@example.com').confirm),
    });
    const [flagged] = await handle.db
      .select()
      .from(customers)
      .where(eq(customers.id, customer!.id));
    expect(flagged?.newsletter).toBe(true);
    // Unsubscribing by the mail's link clears the checkbox; the checkbox ends the record too.
    await client.query(UNSUBSCRIBE, {
      token: tokenOf(newsletterLinks(config, 'konto@example.com').unsubscribe),
    });
    const [cleared] = await handle.db
      .select()
      .from(customers)
      .where(eq(customers.id, customer!.id));
    expect(cleared?.newsletter).toBe(false);
    await setAccountNewsletter(handle.db, config, 'konto@example.com', true, now);
    expect((await rowOf('konto@example.com'))?.state).toBe('pending');
    await setAccountNewsletter(handle.db, config, 'konto@example.com', false, now);
    expect((await rowOf('konto@example.com'))?.state).toBe('unsubscribed');
  });

  it('stores the consent text the footer form shows', () => {
    const sv = JSON.parse(
      readFileSync(new URL('../../storefront/app/i18n/sv.json', import.meta.url), 'utf8'),
    ) as Record<string, string>;
    expect(sv['newsletter.consent']).toBe(NEWSLETTER_CONSENT_TEXT);
  });

  it('writes RFC 4180 CSV and defuses formulas', () => {
    const csv = subscribersCsv([
      {
        email: '=cmd@example.com',
        tags: ['a', 'b'],
        source: 'footer',
        consentText: 'Text, med "citat"',
        consentedAt: new Date('2026-01-01T00:00:00Z'),
        confirmedAt: new Date('2026-01-02T00:00:00Z'),
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      `"'=cmd@example.com",a;b,footer,2026-01-01T00:00:00.000Z,2026-01-02T00:00:00.000Z,"Text, med ""citat"""`,
    );
  });
});
