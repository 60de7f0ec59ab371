/**
 * Moderation in the back office (issue 27 "Moderation and content"): the review queue (content
 * area): who may read and decide (401 without a staff session, 403 without the content
 * permission), publish and reject with a reason, the shop API listing only published reviews,
 * and every decision in the audit log with before/after. Subscribers (customers area): the
 * newsletter's subscriptions and the open back-in-stock requests listed and exported as CSV,
 * each export audited. On every database kind.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  availabilitySubscriptions,
  newsletterSubscriptions,
  productReviews,
} from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { postProductReview } from '../src/modules/engagement/reviews.service.ts';
import { TEST_API_KEY, createTestClient, type TestClient } from './api-client.ts';
import { customerSession } from './auth-client.ts';
import { addStaff, adminClient, codeOf, useAdminApi } from './admin-client.ts';
import { addCartFixture, CART_FIXTURE as F } from './cart-fixture.ts';
import { testDatabaseKinds } from './test-db.ts';

const QUEUE = `query($state: ReviewState) { reviewQueue(state: $state) {
  id productAlias productName author rating comment state verifiedPurchase moderationReason } }`;
const COUNTS = '{ reviewCounts { pending published rejected } }';
const MODERATE = `mutation($input: ModerateReviewInput!) { moderateReview(input: $input) {
  id state moderationReason moderatedAt } }`;
const SHOP_REVIEWS = `query($alias: String) { reviews(alias: $alias, skip: 0, take: 10) {
  count averageRating reviews { author rating } } }`;

const HELMET = `cart-test-${F.helmet.productId}`;

describe.each(testDatabaseKinds())('admin moderation on %s', (kind) => {
  const state = useAdminApi(kind);
  let editor: ReturnType<typeof adminClient>;
  let shop: TestClient;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const db = state.handle.db;
    await seedCatalogue(db, { products: 20 });
    await addCartFixture(db);
    shop = createTestClient(state.handle, state.config);
    for (const [email, author, rating] of [
      ['anna@example.se', 'Anna', 5],
      ['bo@example.se', 'Bo', 1],
    ] as const) {
      const customer = await customerSession(db, state.config, email);
      await postProductReview(
        db,
        customer.id,
        { alias: HELMET, rating, comment: `${author} tycker till.`, author },
        state.clock.now,
      );
    }
    for (const row of await db.select().from(productReviews)) ids[row.author] = row.id;
    await addStaff(state.handle, 'redaktor@example.se', 'innehallsredaktor');
    await addStaff(state.handle, 'kundtjanst@example.se', 'kundtjanst');
    editor = adminClient(state.api, '10.80.0.1');
    expect((await editor.login('redaktor@example.se')).status).toBe(200);
  }, 120_000);

  const reviewRow = async (id: number) =>
    (await state.handle.db.select().from(productReviews).where(eq(productReviews.id, id)))[0]!;

  it('refuses anonymous callers, a shop API key and a customer token (401)', async () => {
    const customer = await customerSession(state.handle.db, state.config, 'kund@example.se');
    for (const headers of [
      {},
      { 'x-apikey': TEST_API_KEY },
      { authorization: `Bearer ${customer.token}` },
    ] as Array<Record<string, string>>) {
      const queue = await adminClient(state.api).send(QUEUE, {}, { headers });
      expect(queue.status).toBe(401);
      expect(codeOf(queue)).toBe('UNAUTHENTICATED');
      const decide = await adminClient(state.api).send(
        MODERATE,
        { input: { id: ids.Anna, state: 'published' } },
        { headers },
      );
      expect(decide.status).toBe(401);
    }
    expect((await reviewRow(ids.Anna!)).state).toBe('pending');
  });

  it('refuses roles without the content permission (403)', async () => {
    const service = adminClient(state.api, '10.80.0.2');
    await service.login('kundtjanst@example.se');
    for (const [query, variables] of [
      [QUEUE, {}],
      [COUNTS, {}],
      [MODERATE, { input: { id: ids.Anna, state: 'published' } }],
    ] as const) {
      const answer = await service.send(query, variables);
      expect(answer.status).toBe(403);
      expect(codeOf(answer)).toBe('FORBIDDEN');
    }
    expect((await reviewRow(ids.Anna!)).state).toBe('pending');
  });

  it('lists the queue oldest first; publishing shows the review in the shop API', async () => {
    const queue = await editor.send(QUEUE, {});
    expect(queue.body.data?.reviewQueue).toEqual([
      expect.objectContaining({ id: ids.Anna, author: 'Anna', productAlias: HELMET, rating: 5 }),
      expect.objectContaining({ id: ids.Bo, author: 'Bo', state: 'pending' }),
    ]);
    expect((await shop.query(SHOP_REVIEWS, { alias: HELMET })).data?.reviews.count).toBe(0);

    const published = await editor.send(MODERATE, { input: { id: ids.Anna, state: 'published' } });
    expect(published.body.errors).toBeUndefined();
    expect(published.body.data?.moderateReview).toMatchObject({
      state: 'published',
      moderationReason: null,
    });
    expect((await shop.query(SHOP_REVIEWS, { alias: HELMET })).data?.reviews).toEqual({
      count: 1,
      averageRating: 5,
      reviews: [{ author: 'Anna', rating: 5 }],
    });
  });

  it('rejects only with a reason; a rejected review never shows', async () => {
    for (const reason of [undefined, '   ']) {
      const refused = await editor.send(MODERATE, {
        input: { id: ids.Bo, state: 'rejected', reason },
      });
      expect(codeOf(refused)).toBe('BAD_USER_INPUT');
      expect(refused.body.errors?.[0]).toMatchObject({
        message: 'Skriv varför recensionen avvisas.',
        extensions: { argument: 'reason', locale: 'sv' },
      });
    }
    const pendingState = await editor.send(MODERATE, { input: { id: ids.Bo, state: 'pending' } });
    expect(codeOf(pendingState)).toBe('BAD_USER_INPUT');
    const unknown = await editor.send(MODERATE, { input: { id: 999999, state: 'published' } });
    expect(codeOf(unknown)).toBe('NOT_FOUND');
    expect((await reviewRow(ids.Bo!)).state).toBe('pending');

    const rejected = await editor.send(MODERATE, {
      input: { id: ids.Bo, state: 'rejected', reason: 'Personangrepp' },
    });
    expect(rejected.body.data?.moderateReview).toMatchObject({
      state: 'rejected',
      moderationReason: 'Personangrepp',
    });
    expect((await shop.query(SHOP_REVIEWS, { alias: HELMET })).data?.reviews.count).toBe(1);
    expect((await editor.send(COUNTS)).body.data?.reviewCounts).toEqual({
      pending: 0,
      published: 1,
      rejected: 1,
    });
    const rejectedList = await editor.send(QUEUE, { state: 'rejected' });
    expect(rejectedList.body.data?.reviewQueue).toEqual([
      expect.objectContaining({ author: 'Bo', moderationReason: 'Personangrepp' }),
    ]);
  });

  it('records every decision in the audit log with before and after', async () => {
    const entries = await state.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'review'))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.entityId, e.staffEmail, e.before, e.after])).toEqual([
      [
        'review.publish',
        String(ids.Anna),
        'redaktor@example.se',
        { product: HELMET, author: 'Anna', rating: 5, state: 'pending', moderationReason: null },
        { product: HELMET, author: 'Anna', rating: 5, state: 'published', moderationReason: null },
      ],
      [
        'review.reject',
        String(ids.Bo),
        'redaktor@example.se',
        { product: HELMET, author: 'Bo', rating: 1, state: 'pending', moderationReason: null },
        {
          product: HELMET,
          author: 'Bo',
          rating: 1,
          state: 'rejected',
          moderationReason: 'Personangrepp',
        },
      ],
    ]);
  });

  describe('subscribers', () => {
    const NEWSLETTER = `query($state: NewsletterState, $query: String) {
      newsletterSubscribers(state: $state, query: $query) { total items { email state source } } }`;
    const BACK_IN_STOCK = `{ backInStockRequests { total items { email skuId articleNumber
      productAlias } } }`;
    const EXPORT = `mutation($list: SubscriberList!) { exportSubscribers(list: $list) { csv rows } }`;
    let service: ReturnType<typeof adminClient>;

    beforeAll(async () => {
      const db = state.handle.db;
      const at = (minute: number) => new Date(`2026-11-20T10:0${minute}:00Z`);
      const consent = { source: 'footer', consentText: 'Ja tack' };
      await db.insert(newsletterSubscriptions).values([
        {
          email: 'cyklist@example.se',
          state: 'confirmed',
          consentedAt: at(1),
          confirmedAt: at(2),
          ...consent,
        },
        { email: 'vantar@example.se', state: 'pending', consentedAt: at(3), ...consent },
        { email: 'slutat@example.se', state: 'unsubscribed', consentedAt: at(4), ...consent },
      ]);
      await db.insert(availabilitySubscriptions).values([
        { skuId: F.helmet.skuIds[0]!, email: 'bevakar@example.se' },
        { skuId: F.helmet.skuIds[1]!, email: 'klar@example.se', notifiedAt: at(5) },
      ]);
      service = adminClient(state.api, '10.80.0.3');
      await service.login('kundtjanst@example.se');
    });

    it('refuses anonymous callers (401) and a content editor (403)', async () => {
      for (const [query, variables] of [
        [NEWSLETTER, {}],
        [BACK_IN_STOCK, {}],
        [EXPORT, { list: 'newsletter' }],
      ] as const) {
        const anonymous = await adminClient(state.api).send(query, variables);
        expect(anonymous.status).toBe(401);
        const refused = await editor.send(query, variables);
        expect(refused.status).toBe(403);
        expect(codeOf(refused)).toBe('FORBIDDEN');
      }
    });

    it('lists the newsletter by state and address, and the open back-in-stock requests', async () => {
      const all = await service.send(NEWSLETTER, {});
      expect(all.body.data?.newsletterSubscribers).toEqual({
        total: 3,
        items: [
          { email: 'slutat@example.se', state: 'unsubscribed', source: 'footer' },
          { email: 'vantar@example.se', state: 'pending', source: 'footer' },
          { email: 'cyklist@example.se', state: 'confirmed', source: 'footer' },
        ],
      });
      const confirmed = await service.send(NEWSLETTER, { state: 'confirmed' });
      expect(confirmed.body.data?.newsletterSubscribers).toMatchObject({ total: 1 });
      const found = await service.send(NEWSLETTER, { query: 'VANT' });
      expect(found.body.data?.newsletterSubscribers).toMatchObject({
        total: 1,
        items: [{ email: 'vantar@example.se' }],
      });
      const wildcard = await service.send(NEWSLETTER, { query: '%' });
      expect(wildcard.body.data?.newsletterSubscribers).toMatchObject({ total: 0 });
      const requests = await service.send(BACK_IN_STOCK);
      expect(requests.body.data?.backInStockRequests).toEqual({
        total: 1,
        items: [
          {
            email: 'bevakar@example.se',
            skuId: F.helmet.skuIds[0],
            articleNumber: `CART-${F.helmet.skuIds[0]}`,
            productAlias: HELMET,
          },
        ],
      });
    });

    it('exports CSV (confirmed subscribers only; open requests), each export audited', async () => {
      const newsletter = await service.send(EXPORT, { list: 'newsletter' });
      const { csv, rows } = newsletter.body.data?.exportSubscribers as {
        csv: string;
        rows: number;
      };
      expect(rows).toBe(1);
      expect(csv.split('\r\n')[0]).toBe('email,tags,source,consented_at,confirmed_at,consent_text');
      expect(csv).toContain('cyklist@example.se,,footer,2026-11-20T10:01:00.000Z');
      expect(csv).not.toContain('vantar@');
      const stock = await service.send(EXPORT, { list: 'back_in_stock' });
      expect(stock.body.data?.exportSubscribers).toMatchObject({ rows: 1 });
      expect((stock.body.data?.exportSubscribers as { csv: string }).csv).toContain(
        `bevakar@example.se,CART-${F.helmet.skuIds[0]},`,
      );
      const entries = await state.handle.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'subscribers.export'))
        .orderBy(auditLog.id);
      expect(entries.map((e) => [e.staffEmail, e.entityId, e.before, e.after])).toEqual([
        ['kundtjanst@example.se', 'newsletter', null, { list: 'newsletter', rows: 1 }],
        ['kundtjanst@example.se', 'back-in-stock', null, { list: 'back-in-stock', rows: 1 }],
      ]);
    });
  });
});
