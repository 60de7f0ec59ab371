/**
 * Förmånscykel applications in the back office (issue 27 "Moderation and content"; issue 21):
 * 401 without a staff session, 403 for a role without the orders permission, the list, and the
 * employer's answer recorded by staff: required, approve (order received, the employee's order
 * mail, the employer's link used up), decline (order cancelled, stock returned), a second
 * decision refused, each in the audit log with before/after. On every database kind.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminApi, type AdminApi } from '../src/admin-app.ts';
import { auditLog, productPrices, products } from '../src/db/schema.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { TEST_API_KEY } from './api-client.ts';
import { customerSession } from './auth-client.ts';
import { addStaff, adminClient, adminTestConfig, codeOf } from './admin-client.ts';
import { CART_FIXTURE as F, ORGANIZATION_ID } from './cart-fixture.ts';
import { useCheckoutApi } from './checkout-suite.ts';
import { testDatabaseKinds } from './test-db.ts';

const EMPLOYER = 'hr@arbetsgivare.example.se';
const EMPLOYEE = 'lisa.leasing@example.se';
const PLACE = `mutation($cartId: String!, $application: LeasingApplicationInputType!) {
  placeLeasingOrder(cartId: $cartId, application: $application) { order { id } } }`;
const LIST = `query($status: LeasingApplicationState) { leasingApplications(status: $status) {
  total items { orderNumber orderStatus customerName email employerName organisationNumber
    employerEmail periodMonths packageName netCostPerMonth status statusName decidedVia
    employerAnswer } states { code name } } }`;
const DECIDE = `mutation($input: DecideLeasingApplicationInput!) {
  decideLeasingApplication(input: $input) { orderNumber orderStatus status decidedVia
    employerAnswer } }`;
const LINK_DECIDE = `mutation($token: String!) { decideLeasingApplication(token: $token) {
  status } }`;

const application = {
  employerName: 'Arbetsgivaren AB',
  organisationNumber: ORGANIZATION_ID,
  employerEmail: EMPLOYER,
  firstName: 'Lisa',
  lastName: 'Leasing',
  email: EMPLOYEE,
  phone: '070-123 45 67',
  addressLine1: 'Storgatan 1',
  zip: '111 22',
  city: 'Stockholm',
  periodMonths: 36,
  packageId: 'trygg',
  marginalTaxPercent: 32,
  acceptTerms: true,
};

describe.each(testDatabaseKinds())('admin förmånscykel applications on %s', (kind) => {
  const shop = useCheckoutApi(kind);
  let admin: AdminApi;
  let manager: ReturnType<typeof adminClient>;
  const orderIds: number[] = [];
  const config = adminTestConfig();
  const now = new Date('2026-11-28T10:00:00Z');
  const runJobs = () => runJobsUntilIdle(shop.handle.db, shop.mailConfig);

  beforeAll(async () => {
    const db = shop.handle.db;
    await db.update(products).set({ leasable: true }).where(eq(products.id, F.bike.productId));
    await db
      .update(productPrices)
      .set({ regularPriceIncVat: 2_659_900 })
      .where(eq(productPrices.productId, F.bike.productId));
    for (let i = 0; i < 2; i += 1) {
      const cartId = await shop.cartWith([[F.bike.skuId, 1]]);
      const placed = await shop.client.query(PLACE, { cartId, application });
      expect(placed.errors).toBeUndefined();
      orderIds.push(placed.data!.placeLeasingOrder.order.id as number);
    }
    admin = createAdminApi({ db, config, now: () => now });
    await addStaff(shop.handle, 'chef@example.se', 'butikschef');
    await addStaff(shop.handle, 'redaktor@example.se', 'innehallsredaktor');
    manager = adminClient(admin, '10.81.0.1');
    expect((await manager.login('chef@example.se')).status).toBe(200);
  }, 120_000);

  it('refuses anonymous callers, a shop API key and a customer token (401), an editor (403)', async () => {
    const customer = await customerSession(shop.handle.db, config, 'kund@example.se');
    const decide = { input: { orderId: orderIds[0], decision: 'approve', employerAnswer: 'OK' } };
    for (const headers of [
      {},
      { 'x-apikey': TEST_API_KEY },
      { authorization: `Bearer ${customer.token}` },
    ] as Array<Record<string, string>>) {
      for (const [query, variables] of [
        [LIST, {}],
        [DECIDE, decide],
      ] as const) {
        const answer = await adminClient(admin).send(query, variables, { headers });
        expect(answer.status).toBe(401);
        expect(codeOf(answer)).toBe('UNAUTHENTICATED');
      }
    }
    const editor = adminClient(admin, '10.81.0.2');
    await editor.login('redaktor@example.se');
    for (const [query, variables] of [
      [LIST, {}],
      [DECIDE, decide],
    ] as const) {
      const answer = await editor.send(query, variables);
      expect(answer.status).toBe(403);
      expect(codeOf(answer)).toBe('FORBIDDEN');
    }
    const list = await manager.send(LIST, { status: 'awaiting' });
    expect(list.body.data?.leasingApplications).toMatchObject({ total: 2 });
  });

  it('lists the applications with their orders, newest first', async () => {
    const list = await manager.send(LIST, {});
    const page = list.body.data?.leasingApplications as {
      total: number;
      items: unknown[];
      states: unknown[];
    };
    expect(page.total).toBe(2);
    // One name per state, the storefront's (leasing-status.ts, issue 40), for the filters too.
    expect(page.states).toEqual([
      { code: 'awaiting', name: 'Väntar på arbetsgivarens godkännande' },
      { code: 'approved', name: 'Godkänd av arbetsgivaren' },
      { code: 'declined', name: 'Avslagen av arbetsgivaren' },
    ]);
    expect(page.items[0]).toEqual({
      orderNumber: orderIds[1],
      orderStatus: 'awaiting_approval',
      customerName: 'Lisa Leasing',
      email: EMPLOYEE,
      employerName: 'Arbetsgivaren AB',
      organisationNumber: ORGANIZATION_ID,
      employerEmail: EMPLOYER,
      periodMonths: 36,
      packageName: 'Trygg',
      netCostPerMonth: expect.any(Number),
      status: 'awaiting',
      statusName: 'Väntar på arbetsgivarens godkännande',
      decidedVia: null,
      employerAnswer: null,
    });
  });

  it("approves with the employer's answer: order received, order mail, link used up, audited", async () => {
    const [orderId] = orderIds as [number];
    await runJobs();
    const employerMail = (await readOutbox(shop.outbox, EMPLOYER)).find((m) =>
      m.includes(String(orderId)),
    );
    const approveToken = /arbetsgivare\?token=([A-Za-z0-9_.-]+)/.exec(employerMail ?? '')?.[1];
    expect(approveToken).toBeTruthy();

    const missing = await manager.send(DECIDE, {
      input: { orderId, decision: 'approve', employerAnswer: '  ' },
    });
    expect(missing.body.errors?.[0]).toMatchObject({
      message: 'Skriv arbetsgivarens svar.',
      extensions: { code: 'BAD_USER_INPUT', argument: 'employerAnswer', locale: 'sv' },
    });
    const answer = 'Godkänt per telefon av Eva, lönekontoret';
    const approved = await manager.send(DECIDE, {
      input: { orderId, decision: 'approve', employerAnswer: answer },
    });
    expect(approved.body.errors).toBeUndefined();
    expect(approved.body.data?.decideLeasingApplication).toEqual({
      orderNumber: orderId,
      orderStatus: 'received',
      status: 'approved',
      decidedVia: 'staff',
      employerAnswer: answer,
    });
    await runJobs();
    const orderMails = (await readOutbox(shop.outbox, EMPLOYEE)).filter((m) =>
      m.includes(`Ordernummer: ${orderId}.`),
    );
    expect(orderMails).toHaveLength(1);
    const link = await shop.client.query(LINK_DECIDE, { token: approveToken });
    expect(link.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'used' });
    const again = await manager.send(DECIDE, {
      input: { orderId, decision: 'decline', employerAnswer: 'Ångrat' },
    });
    expect(again.body.errors?.[0]).toMatchObject({
      message: 'Ansökan är redan avgjord.',
      extensions: { code: 'BAD_USER_INPUT', argument: 'orderId' },
    });
    const unknown = await manager.send(DECIDE, {
      input: { orderId: 1, decision: 'approve', employerAnswer: 'OK' },
    });
    expect(codeOf(unknown)).toBe('NOT_FOUND');
  });

  it('declines: the order is cancelled and its stock returned; both decisions audited', async () => {
    const orderId = orderIds[1]!;
    const before = await shop.stockOf(F.bike.skuId);
    const declined = await manager.send(DECIDE, {
      input: { orderId, decision: 'decline', employerAnswer: 'Nej, e-post från HR' },
    });
    expect(declined.body.data?.decideLeasingApplication).toMatchObject({
      orderStatus: 'cancelled',
      status: 'declined',
    });
    expect(await shop.stockOf(F.bike.skuId)).toBe(before + 1);
    const entries = await shop.handle.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'leasing_application'),
          inArray(auditLog.entityId, orderIds.map(String)),
        ),
      )
      .orderBy(auditLog.id);
    const common = {
      employerName: 'Arbetsgivaren AB',
      organisationNumber: ORGANIZATION_ID,
    };
    expect(entries.map((e) => [e.action, e.staffEmail, e.before, e.after])).toEqual([
      [
        'leasing.approve',
        'chef@example.se',
        {
          orderId: orderIds[0],
          ...common,
          status: 'awaiting',
          decidedVia: null,
          employerAnswer: null,
        },
        {
          orderId: orderIds[0],
          ...common,
          status: 'approved',
          decidedVia: 'staff',
          employerAnswer: 'Godkänt per telefon av Eva, lönekontoret',
        },
      ],
      [
        'leasing.decline',
        'chef@example.se',
        { orderId, ...common, status: 'awaiting', decidedVia: null, employerAnswer: null },
        {
          orderId,
          ...common,
          status: 'declined',
          decidedVia: 'staff',
          employerAnswer: 'Nej, e-post från HR',
        },
      ],
    ]);
  });
});
