/**
 * The förmånscykel order flow through the API (issue 21): the leasing cart's rules, the
 * application placed in one transaction (stock reserved, leasing payment pending, status
 * awaiting_approval, the employer's mail), the signed links (tampered, foreign key, expired,
 * reused), approve (order received, order e-mail to the employee) and decline (cancelled, stock
 * returned), and a cart of another customer; the applicant's confirmation by the order's public
 * id with the one status name (issue 40). On PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  carts,
  leasingApplications,
  orderPayments,
  orders,
  productPrices,
  products,
  stock,
} from '../src/db/schema.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { calculateLeasing } from '../src/modules/leasing/leasing-calculation.ts';
import { LEASING_LINK_TTL_MS, signLeasingLink } from '../src/modules/leasing/leasing-links.ts';
import { LEASING_SETTINGS } from '../src/modules/leasing/leasing-settings.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { CART_FIXTURE as F, ORGANIZATION_ID, personCheckout } from './cart-fixture.ts';
import { useCheckoutApi } from './checkout-suite.ts';
import { testDatabaseKinds } from './test-db.ts';

const BIKE_PRICE = 2_659_900;
const EMPLOYER = 'lonekontoret@arbetsgivare.example.se';
const EMPLOYEE = 'erik.eriksson@example.se';

const PLACE = `mutation($cartId: String!, $application: LeasingApplicationInputType!) {
  placeLeasingOrder(cartId: $cartId, application: $application) {
    status netCostPerMonth grossDeductionPerMonth periodMonths packageName
    order { id publicId status paymentDetails { displayName } }
  } }`;
const READ = `query($token: String!) { leasingApplication(token: $token) {
  status decision employerName employeeName order { id status } } }`;
const DECIDE = `mutation($token: String!) { decideLeasingApplication(token: $token) {
  status order { id status } } }`;
const RECEIPT = `query($id: Guid!) { leasingApplicationReceipt(orderPublicId: $id) {
  status statusName employerName employerEmail employeeEmail linksExpireAt periodMonths
  packageName order { id publicId status createdAt } } }`;

function application(overrides: Record<string, unknown> = {}) {
  return {
    employerName: 'Arbetsgivaren AB',
    organisationNumber: ORGANIZATION_ID,
    employerEmail: EMPLOYER,
    firstName: 'Erik',
    lastName: 'Eriksson',
    email: EMPLOYEE,
    phone: '070-123 45 67',
    addressLine1: 'Storgatan 1',
    zip: '111 22',
    city: 'Stockholm',
    periodMonths: 36,
    packageId: 'bas',
    marginalTaxPercent: 32,
    acceptTerms: true,
    ...overrides,
  };
}

describe.each(testDatabaseKinds())('förmånscykel orders on %s', (kind) => {
  const api = useCheckoutApi(kind);
  const { cartWith, stockOf } = api;
  const place = (cartId: string, overrides: Record<string, unknown> = {}) =>
    api.client.query(PLACE, { cartId, application: application(overrides) });
  const runJobs = () => runJobsUntilIdle(api.handle.db, api.mailConfig);
  /** The approve and decline tokens of the employer's newest mail about order `id`. */
  const linksOf = async (orderId: number) => {
    await runJobs();
    const mails = await readOutbox(api.outbox, EMPLOYER);
    const mail = mails.find(
      (m) => m.includes(`arbetsgivare?token=`) && m.includes(String(orderId)),
    );
    const tokens = [...(mail ?? '').matchAll(/arbetsgivare\?token=([A-Za-z0-9_.-]+)/g)].map(
      (m) => m[1]!,
    );
    return { mail: mail ?? '', approve: tokens[0]!, decline: tokens[1]! };
  };

  beforeAll(async () => {
    // The fixture bike becomes a leasable 26 599 kr e-bike; the lock a leasable item priced
    // under the limit; helmet and tube stay non-leasable.
    const db = api.handle.db;
    await db
      .update(products)
      .set({ leasable: true })
      .where(inArray(products.id, [F.bike.productId, F.lock.productId]));
    await db
      .update(productPrices)
      .set({ regularPriceIncVat: BIKE_PRICE })
      .where(eq(productPrices.productId, F.bike.productId));
  });

  it('refuses a cart that breaks a rule, and an invalid form, writing nothing', async () => {
    const helmetOnly = await cartWith([[F.helmet.skuIds[0], 1]]);
    let result = await place(helmetOnly);
    expect(result.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'leasing-rules',
      problems: [{ code: 'nonLeasable', skuIds: [F.helmet.skuIds[0]] }, { code: 'needsBike' }],
    });
    const cheap = await cartWith([
      [F.bike.skuId, 1],
      [F.lock.skuId, 1],
    ]);
    result = await place(cheap);
    expect(result.errors![0]!.extensions!.problems).toEqual([
      { code: 'priceOutsideLimits', skuIds: [F.lock.skuId] },
    ]);
    const ok = await cartWith([[F.bike.skuId, 1]]);
    result = await place(ok, { organisationNumber: '556016-0681', marginalTaxPercent: 75 });
    expect(result.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: {
        organisationNumber: 'Ange ett giltigt organisationsnummer (NNNNNN-NNNN)',
        marginalTaxPercent: 'Värdet måste vara mellan 0 och 60',
      },
    });
    result = await place(ok, { acceptTerms: false });
    expect(result.errors![0]!.extensions!.fields).toEqual({
      acceptTerms: 'Du måste godkänna villkoren',
    });
    const written = await api.handle.db
      .select()
      .from(orders)
      .where(inArray(orders.cartId, [helmetOnly, cheap, ok]));
    expect(written).toEqual([]);
  });

  it('places the application in one transaction, mails the employer, approves once by the link', async () => {
    const before = await stockOf(F.bike.skuId);
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    const result = await place(cartId);
    expect(result.errors).toBeUndefined();
    const placed = result.data!.placeLeasingOrder;
    const expected = calculateLeasing(
      {
        priceIncVat: BIKE_PRICE,
        periodMonths: 36,
        packageFeePerYear: 66_000,
        marginalTaxBasisPoints: 3200,
      },
      LEASING_SETTINGS,
    );
    expect(placed).toMatchObject({
      status: 'awaiting',
      periodMonths: 36,
      packageName: 'Bas',
      netCostPerMonth: expected.netCost / 100,
      grossDeductionPerMonth: expected.grossDeduction / 100,
      order: {
        status: 'awaiting_approval',
        paymentDetails: [{ displayName: 'Förmånscykel via arbetsgivaren' }],
      },
    });
    const orderId = placed.order.id as number;
    expect(await stockOf(F.bike.skuId)).toBe(before - 1);
    const [payment] = await api.handle.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId));
    expect(payment).toMatchObject({ provider: 'leasing', status: 'pending' });
    // The same cart again: the same order, no second one.
    expect((await place(cartId)).data!.placeLeasingOrder.order.id).toBe(orderId);

    const { mail, approve, decline } = await linksOf(orderId);
    expect(mail).toContain('Erik Eriksson');
    expect(mail).toContain(ORGANIZATION_ID);
    expect(approve).toBeTruthy();
    expect(decline).toBeTruthy();
    // No order e-mail to the employee before the employer approved.
    await runJobs();
    expect(
      (await readOutbox(api.outbox, EMPLOYEE)).filter((m) =>
        m.includes(`Ordernummer: ${orderId}.`),
      ),
    ).toHaveLength(0);

    const read = await api.client.query(READ, { token: approve });
    expect(read.data!.leasingApplication).toMatchObject({
      status: 'awaiting',
      decision: 'approve',
      employerName: 'Arbetsgivaren AB',
      employeeName: 'Erik Eriksson',
      order: { id: orderId, status: 'awaiting_approval' },
    });
    const decided = await api.client.query(DECIDE, { token: approve });
    expect(decided.data!.decideLeasingApplication).toEqual({
      status: 'approved',
      order: { id: orderId, status: 'received' },
    });
    await runJobs();
    expect(
      (await readOutbox(api.outbox, EMPLOYEE)).filter((m) =>
        m.includes(`Ordernummer: ${orderId}.`),
      ),
    ).toHaveLength(1);
    // Single use: neither link works again; the stock stays reserved.
    for (const token of [approve, decline]) {
      const again = await api.client.query(DECIDE, { token });
      expect(again.errors![0]!.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'used' });
    }
    expect(await stockOf(F.bike.skuId)).toBe(before - 1);
  });

  it('declines by the link: the order is cancelled, its stock returned, the payment void', async () => {
    const before = await stockOf(F.bike.skuId);
    const cartId = await cartWith([[F.bike.skuId, 2]]);
    const placed = (await place(cartId, { periodMonths: 12, packageId: 'none' })).data!
      .placeLeasingOrder;
    expect(await stockOf(F.bike.skuId)).toBe(before - 2);
    const { decline } = await linksOf(placed.order.id);
    const decided = await api.client.query(DECIDE, { token: decline });
    expect(decided.data!.decideLeasingApplication).toEqual({
      status: 'declined',
      order: { id: placed.order.id, status: 'cancelled' },
    });
    expect(await stockOf(F.bike.skuId)).toBe(before);
    const [payment] = await api.handle.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, placed.order.id));
    expect(payment!.status).toBe('cancelled');
  });

  it("shows the applicant's confirmation by the order's public id, with the one status name", async () => {
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    const placed = (await place(cartId)).data!.placeLeasingOrder;
    const receipt = async (id: string) =>
      (await api.client.query(RECEIPT, { id })).data!.leasingApplicationReceipt;
    const shown = await receipt(placed.order.publicId);
    expect(shown).toMatchObject({
      status: 'awaiting',
      statusName: 'Väntar på arbetsgivarens godkännande',
      employerName: 'Arbetsgivaren AB',
      employerEmail: EMPLOYER,
      employeeEmail: EMPLOYEE,
      periodMonths: 36,
      packageName: 'Bas',
      order: { id: placed.order.id, status: 'awaiting_approval' },
    });
    // The links' last moment: 14 days after the application, as the employer's mail says.
    expect(new Date(shown.linksExpireAt).getTime()).toBe(
      new Date(shown.order.createdAt).getTime() + LEASING_LINK_TTL_MS,
    );
    const { mail, decline } = await linksOf(placed.order.id);
    expect(mail).toContain(new Date(shown.linksExpireAt).toISOString().slice(0, 10));
    // The employer's page names the status the same way; the decision changes it.
    const read = await api.client.query(
      `query($token: String!) { leasingApplication(token: $token) { statusName } }`,
      { token: decline },
    );
    expect(read.data!.leasingApplication.statusName).toBe('Väntar på arbetsgivarens godkännande');
    await api.client.query(DECIDE, { token: decline });
    expect((await receipt(placed.order.publicId)).statusName).toBe('Avslagen av arbetsgivaren');
    // Unknown ids and an ordinary order show nothing; a malformed id is refused.
    expect(await receipt('00000000-0000-4000-8000-000000000000')).toBeNull();
    const ordinary = await api.place(
      await cartWith([[F.helmet.skuIds[0], 1]]),
      personCheckout({ shippingId: 1 }),
    );
    expect(ordinary.errors).toBeUndefined();
    expect(await receipt(ordinary.data!.placeOrder.publicId)).toBeNull();
    const malformed = await api.client.query(RECEIPT, { id: 'not-a-uuid' });
    expect(malformed.errors).toBeDefined();
  });

  it('refuses tampered, foreign and expired links, changing nothing', async () => {
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    const placed = (await place(cartId)).data!.placeLeasingOrder;
    const { approve, decline } = await linksOf(placed.order.id);
    const [body, signature] = approve.split('.');
    const [declineBody] = decline.split('.');
    const secret = api.mailConfig.auth.jwtSecret;
    const cases: Array<[string, string]> = [
      [`${body}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`, 'invalid'],
      [`${declineBody}.${signature}`, 'invalid'],
      ['garbage', 'invalid'],
      [
        signLeasingLink(
          {
            orderPublicId: placed.order.publicId,
            decision: 'approve',
            expiresAt: Date.now() + 60_000,
          },
          'another-secret',
        ),
        'invalid',
      ],
      [
        signLeasingLink(
          { orderPublicId: placed.order.publicId, decision: 'approve', expiresAt: Date.now() - 1 },
          secret,
        ),
        'expired',
      ],
    ];
    for (const [token, reason] of cases) {
      const result = await api.client.query(DECIDE, { token });
      expect([reason, result.errors?.[0]?.extensions]).toMatchObject([
        reason,
        { code: 'FORBIDDEN', reason },
      ]);
      const read = await api.client.query(READ, { token });
      expect(read.errors![0]!.extensions!.reason).toBe(reason);
    }
    const [row] = await api.handle.db
      .select()
      .from(leasingApplications)
      .where(eq(leasingApplications.orderId, placed.order.id));
    expect(row!.status).toBe('awaiting');
  });

  it('rolls back when the stock is short, and refuses another customer\u2019s cart', async () => {
    const db = api.handle.db;
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    const before = await stockOf(F.bike.skuId);
    await db.update(stock).set({ inStock: 0 }).where(eq(stock.skuId, F.bike.skuId));
    const short = await place(cartId);
    expect(short.errors![0]!.extensions!.code).toBe('OUT_OF_STOCK');
    expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toEqual([]);
    await db.update(stock).set({ inStock: before }).where(eq(stock.skuId, F.bike.skuId));

    await db.update(carts).set({ customerId: 424242 }).where(eq(carts.id, cartId));
    const foreign = await place(cartId);
    expect(foreign.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    expect(await stockOf(F.bike.skuId)).toBe(before);
  });
});
