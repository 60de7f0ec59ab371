/**
 * Customers in the back office (issue 27 "Customers"): who may see and change them (401 for
 * anonymous callers, a shop API key and a customer token; 403 for a content editor), search,
 * the customer page (orders, balance, newsletter status and consent), GDPR export, support
 * login ("logged in as another user": a single-use link whose session is tied to the staff user
 * by its family) and erasure (orders kept anonymised, refused with an open order), every change
 * in the audit log with before/after. On every database kind.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  customers,
  newsletterSubscriptions,
  orderNotes,
  orders,
  refreshTokens,
} from '../src/db/schema.ts';
import { loginWithToken } from '../src/modules/auth/auth.service.ts';
import { verifyAccessToken } from '../src/modules/auth/tokens.ts';
import { resolveViewer } from '../src/modules/customers/viewer.ts';
import {
  ANONYMISED_EMAIL,
  ERASED_NOTE_TEXT,
} from '../src/modules/orders/orders-anonymise.service.ts';
import { TEST_API_KEY } from './api-client.ts';
import { customerSession } from './auth-client.ts';
import { addStaff, adminClient, codeOf, useAdminApi } from './admin-client.ts';
import { orderFixture } from './customers-fixture.ts';
import { testDatabaseKinds } from './test-db.ts';

const SEARCH = `query($q: String, $skip: Int, $take: Int) { customerSearch(query: $q, skip: $skip, take: $take) {
  total items { id email firstName lastName newsletter balance balanceCurrency } } }`;
const DETAIL = `query($id: Int!) { customer(customerId: $id) {
  id email firstName lastName balance balanceCurrency newsletter
  orders { id status statusName orderValueIncVat currencyCode quantity }
  newsletterSubscription { state source consentText consentedAt confirmedAt } } }`;
const EXPORT = `mutation($id: Int!) { exportCustomerData(customerId: $id) }`;
const IMPERSONATE = `mutation($id: Int!, $path: String) {
  impersonateCustomer(customerId: $id, path: $path) { path expiresAt sessionSeconds } }`;
const ERASE = `mutation($id: Int!, $email: String!) {
  eraseCustomer(customerId: $id, confirmEmail: $email) {
    ordersAnonymised newsletterRemoved availabilityRequestsRemoved } }`;

describe.each(testDatabaseKinds())('admin customers on %s', (kind) => {
  const state = useAdminApi(kind);
  let service: ReturnType<typeof adminClient>;
  let serviceId: number;
  let anna: { id: number; token: string };
  let annaOrderId: number;

  beforeAll(async () => {
    const db = state.handle.db;
    serviceId = (await addStaff(state.handle, 'kundtjanst@example.se', 'kundtjanst')).id;
    await addStaff(state.handle, 'redaktor@example.se', 'innehallsredaktor');
    service = adminClient(state.api, '10.80.0.1');
    expect((await service.login('kundtjanst@example.se')).status).toBe(200);
    anna = await customerSession(db, state.config, 'anna.berg@example.se');
    await db
      .update(customers)
      .set({ firstName: 'Anna', lastName: 'Berg', balance: 12_500, phone: '070-123 45 67' })
      .where(eq(customers.id, anna.id));
    const [order] = await db
      .insert(orders)
      .values({ ...orderFixture(anna.id, 'anna.berg@example.se'), status: 'completed' })
      .returning();
    annaOrderId = order!.id;
    await db.insert(newsletterSubscriptions).values({
      email: 'anna.berg@example.se',
      state: 'confirmed',
      source: 'account',
      consentText: 'Jag vill få nyhetsbrev från Trampa.',
      consentedAt: new Date('2026-11-01T10:00:00Z'),
      confirmedAt: new Date('2026-11-01T10:05:00Z'),
    });
    await customerSession(db, state.config, 'bertil@example.se');
  }, 120_000);

  it('refuses anonymous callers, a shop API key and a customer token (401)', async () => {
    const variants: Array<Record<string, string>> = [
      {},
      { 'x-apikey': TEST_API_KEY },
      { authorization: `Bearer ${anna.token}` },
    ];
    for (const headers of variants) {
      for (const [query, variables] of [
        [SEARCH, { q: 'anna' }],
        [DETAIL, { id: anna.id }],
        [EXPORT, { id: anna.id }],
        [IMPERSONATE, { id: anna.id }],
        [ERASE, { id: anna.id, email: 'anna.berg@example.se' }],
      ] as const) {
        const answer = await adminClient(state.api).send(query, variables, { headers });
        expect(answer.status).toBe(401);
        expect(codeOf(answer)).toBe('UNAUTHENTICATED');
        expect(Object.values(answer.body.data ?? {}).filter(Boolean)).toEqual([]);
      }
    }
  });

  it('refuses a content editor (403): no search, page, export, support login or erasure', async () => {
    const editor = adminClient(state.api, '10.80.0.2');
    await editor.login('redaktor@example.se');
    for (const [query, variables] of [
      [SEARCH, { q: 'anna' }],
      [DETAIL, { id: anna.id }],
      [EXPORT, { id: anna.id }],
      [IMPERSONATE, { id: anna.id }],
      [ERASE, { id: anna.id, email: 'anna.berg@example.se' }],
    ] as const) {
      const answer = await editor.send(query, variables);
      expect(answer.status).toBe(403);
      expect(codeOf(answer)).toBe('FORBIDDEN');
      expect(Object.values(answer.body.data ?? {}).filter(Boolean)).toEqual([]);
    }
    const entries = await state.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'customer'));
    expect(entries).toEqual([]);
  });

  it('refuses a support login or an erasure without the CSRF header, with a valid session', async () => {
    for (const [query, variables] of [
      [IMPERSONATE, { id: anna.id }],
      [ERASE, { id: anna.id, email: 'anna.berg@example.se' }],
    ] as const) {
      const answer = await service.send(query, variables, { csrf: false });
      expect(answer.status).toBe(403);
      expect(codeOf(answer)).toBe('CSRF');
    }
    const entries = await state.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'customer'));
    expect(entries).toEqual([]);
  });

  it('finds customers by e-mail, name, phone and order number; pages', async () => {
    const emails = async (q: string) => {
      const answer = await service.send(SEARCH, { q });
      expect(answer.body.errors).toBeUndefined();
      const page = answer.body.data!.customerSearch as { items: Array<{ email: string }> };
      return page.items.map((item) => item.email);
    };
    expect(await emails('ANNA.B')).toEqual(['anna.berg@example.se']);
    expect(await emails('anna berg')).toEqual(['anna.berg@example.se']);
    expect(await emails('0701234567')).toEqual([]);
    expect(await emails('070-123')).toEqual(['anna.berg@example.se']);
    expect(await emails(String(annaOrderId))).toEqual(['anna.berg@example.se']);
    expect(await emails('100%')).toEqual([]);
    const page = await service.send(SEARCH, { q: '', take: 1, skip: 1 });
    expect(page.body.data!.customerSearch).toMatchObject({ total: 2, items: [{ id: anna.id }] });
    const tooMany = await service.send(SEARCH, { q: '', take: 500 });
    expect(codeOf(tooMany)).toBe('BAD_USER_INPUT');
  });

  it("shows the customer's orders, balance, newsletter status and consent", async () => {
    const answer = await service.send(DETAIL, { id: anna.id });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data!.customer).toEqual({
      id: anna.id,
      email: 'anna.berg@example.se',
      firstName: 'Anna',
      lastName: 'Berg',
      balance: 12_500,
      balanceCurrency: 'SEK',
      newsletter: false,
      orders: [
        {
          id: annaOrderId,
          status: 'completed',
          statusName: 'Slutförd',
          orderValueIncVat: 49_900,
          currencyCode: 'SEK',
          quantity: 0,
        },
      ],
      newsletterSubscription: {
        state: 'confirmed',
        source: 'account',
        consentText: 'Jag vill få nyhetsbrev från Trampa.',
        consentedAt: '2026-11-01T10:00:00.000Z',
        confirmedAt: '2026-11-01T10:05:00.000Z',
      },
    });
    expect((await service.send(DETAIL, { id: 999_999 })).body.data!.customer).toBeNull();
  });

  it('exports everything as JSON without the password hash, and records the export', async () => {
    const answer = await service.send(EXPORT, { id: anna.id });
    expect(answer.body.errors).toBeUndefined();
    const data = answer.body.data!.exportCustomerData as Record<string, never>;
    expect(data).toMatchObject({
      customer: { id: anna.id, email: 'anna.berg@example.se', balance: 12_500 },
      orders: [{ id: annaOrderId, email: 'anna.berg@example.se', lines: [] }],
      newsletter: { state: 'confirmed', consentText: 'Jag vill få nyhetsbrev från Trampa.' },
      availabilityRequests: [],
      reviews: [],
    });
    expect(JSON.stringify(data)).not.toContain('passwordHash');
    const [entry] = await state.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'customer.export'));
    expect(entry).toMatchObject({
      staffUserId: serviceId,
      staffEmail: 'kundtjanst@example.se',
      entityId: String(anna.id),
      after: { id: anna.id, orders: 1 },
    });
  });

  it('support login: a single-use link to a 1-hour session tied to the staff user, audited', async () => {
    const bad = await service.send(IMPERSONATE, { id: anna.id, path: 'https://evil.example/' });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    const answer = await service.send(IMPERSONATE, { id: anna.id });
    expect(answer.body.errors).toBeUndefined();
    const link = answer.body.data!.impersonateCustomer as { path: string; sessionSeconds: number };
    expect(link.sessionSeconds).toBe(3600);
    expect(link.path).toMatch(/^\/mina-sidor\/ordrar\?loginToken=[\w.-]+$/);
    const [entry] = await state.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'customer.impersonate'));
    const after = entry!.after as { impersonatedSession: { sessionFamilyId: string } };
    expect(entry).toMatchObject({
      staffUserId: serviceId,
      entityType: 'customer',
      entityId: String(anna.id),
      before: { id: anna.id, impersonatedSession: null },
      after: {
        id: anna.id,
        impersonatedSession: { byStaffUserId: serviceId, sessionSeconds: 3600 },
      },
    });
    const token = new URLSearchParams(link.path.split('?')[1]).get('loginToken')!;
    const deps = { db: state.handle.db, config: state.config, now: state.clock.now };
    const session = await loginWithToken(token, deps);
    expect(session).toMatchObject({ ok: true });
    if (!session.ok) return;
    const claims = await verifyAccessToken(session.token, state.config.auth, state.clock.now);
    expect(claims?.familyId).toBe(after.impersonatedSession.sessionFamilyId);
    const family = await state.handle.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, after.impersonatedSession.sessionFamilyId));
    expect(family).toMatchObject([{ customerId: anna.id, lifetimeSeconds: 3600 }]);
    const viewer = await resolveViewer(
      state.handle.db,
      state.config,
      `Bearer ${session.token}`,
      state.clock.now,
    );
    expect(viewer?.customerId).toBe(anna.id);
    expect(await loginWithToken(token, deps)).toMatchObject({ ok: false });
  });

  it('refuses to erase with a wrong confirmation or an open order; changes nothing', async () => {
    const db = state.handle.db;
    const wrong = await service.send(ERASE, { id: anna.id, email: 'bertil@example.se' });
    expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
    expect(wrong.body.errors?.[0]?.extensions?.argument).toBe('confirmEmail');
    const [open] = await db
      .insert(orders)
      .values(orderFixture(anna.id, 'anna.berg@example.se'))
      .returning();
    const refused = await service.send(ERASE, { id: anna.id, email: 'Anna.Berg@example.se' });
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.body.errors?.[0]?.message).toContain(String(open!.id));
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, open!.id));
    expect(await db.select().from(customers).where(eq(customers.id, anna.id))).toHaveLength(1);
    const missing = await service.send(ERASE, { id: 999_999, email: 'x@example.se' });
    expect(codeOf(missing)).toBe('NOT_FOUND');
    const erasures = await db.select().from(auditLog).where(eq(auditLog.action, 'customer.erase'));
    expect(erasures).toEqual([]);
  });

  it('erases: orders kept anonymised, account and subscription gone, audited before/after', async () => {
    const db = state.handle.db;
    // A staff note naming the customer goes with the personal data; who wrote it stays.
    await db.insert(orderNotes).values({
      orderId: annaOrderId,
      text: 'Anna Berg ringde om leveransen',
      staffEmail: 'x@y.se',
    });
    const answer = await service.send(ERASE, { id: anna.id, email: 'anna.berg@example.se' });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data!.eraseCustomer).toEqual({
      ordersAnonymised: 2,
      newsletterRemoved: 1,
      availabilityRequestsRemoved: 0,
    });
    expect(await db.select().from(customers).where(eq(customers.id, anna.id))).toEqual([]);
    const [kept] = await db.select().from(orders).where(eq(orders.id, annaOrderId));
    expect(kept).toMatchObject({ customerId: null, email: ANONYMISED_EMAIL, status: 'completed' });
    expect(kept!.orderValueIncVat).toBe(49_900);
    expect(
      await db
        .select({ text: orderNotes.text, staffEmail: orderNotes.staffEmail })
        .from(orderNotes)
        .where(eq(orderNotes.orderId, annaOrderId)),
    ).toEqual([{ text: ERASED_NOTE_TEXT, staffEmail: 'x@y.se' }]);
    expect(
      await db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, 'anna.berg@example.se')),
    ).toEqual([]);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.erase'), eq(auditLog.entityId, String(anna.id))));
    expect(entry).toMatchObject({
      staffUserId: serviceId,
      before: { id: anna.id, orders: 2, balance: 12_500, newsletter: false },
      after: { erased: true, ordersAnonymised: 2, newsletterRemoved: 1 },
    });
    expect(JSON.stringify(entry!.before)).not.toContain('anna.berg');
    const viewer = await resolveViewer(db, state.config, `Bearer ${anna.token}`, new Date());
    expect(viewer).toBeNull();
    const search = await service.send(SEARCH, { q: 'anna' });
    expect(search.body.data!.customerSearch).toEqual({ total: 0, items: [] });
  });
});
