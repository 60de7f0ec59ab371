/**
 * Guest buyers as customers and the payment state in the back office (issue 40 point 5): the
 * customer search finds a guest by its orders' e-mail, name or order number, with its orders;
 * export and erasure work by e-mail and are audited; a guest's orders join the account that
 * registers the address once the mailed link proves it (not before); the order list, the order
 * page and its refund panel show one payment state ("Reserverad" for an invoice, never
 * "Betald"). On every database kind.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminApi } from '../src/admin-app.ts';
import { auditLog, jobs, orderPayments, orderRefundRows, orders } from '../src/db/schema.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { ANONYMISED_EMAIL } from '../src/modules/orders/orders-anonymise.service.ts';
import { addStaff, adminClient, codeOf } from './admin-client.ts';
import { orderFixture, useAccountApi } from './customers-fixture.ts';
import { testDatabaseKinds } from './test-db.ts';

const SEARCH = `query($q: String) { customerSearch(query: $q, take: 50) {
  total items { id guest email firstName lastName } } }`;
const GUEST = `query($email: String) { customer(email: $email) {
  id guest email firstName lastName phone orders { id guest status } } }`;
const ACCOUNT = `query($id: Int) { customer(customerId: $id) { id guest orders { id guest } } }`;
const EXPORT = `mutation($email: String) { exportCustomerData(email: $email) }`;
const ERASE = `mutation($email: String, $confirm: String!) {
  eraseCustomer(email: $email, confirmEmail: $confirm) { ordersAnonymised newsletterRemoved } }`;
const ORDER_STATE = `query($id: Int!) { adminOrder(id: $id) {
  paymentState { code label capturedIncVat reservedIncVat refundedIncVat }
  payments { status statusName } refundable { paidIncVat remainingIncVat } } }`;
const LIST_STATE = `query($q: String) { adminOrders(filter: { query: $q }) {
  items { id paymentState { code label } } } }`;

const quiet = { info: () => undefined, error: () => undefined };

describe.each(testDatabaseKinds())('guest customers and payment state on %s', (kind) => {
  const shop = useAccountApi(kind);
  const clock = { now: new Date('2026-11-28T09:00:00Z') };
  let staff: ReturnType<typeof adminClient>;

  /** A guest order of `email` (billing name Greta Gäst), `status`, placed at `at`. */
  async function guestOrder(email: string, status: string, at: string) {
    const base = orderFixture(null, email);
    const address = { ...base.billingAddress, firstName: 'Greta', lastName: 'Gäst' };
    const [row] = await shop.handle.db
      .insert(orders)
      .values({
        ...base,
        status,
        phone: '070-555 12 34',
        billingAddress: address,
        shippingAddress: address,
        createdAt: new Date(at),
      })
      .returning();
    return row!.id;
  }

  beforeAll(async () => {
    await addStaff(shop.handle, 'kundtjanst@example.se', 'kundtjanst');
    const api = createAdminApi({ db: shop.handle.db, config: shop.config, now: () => clock.now });
    staff = adminClient(api, '10.90.0.1');
    expect((await staff.login('kundtjanst@example.se')).status).toBe(200);
  }, 120_000);

  it('finds a guest by e-mail, name and order number, with its orders; not anonymised orders', async () => {
    const first = await guestOrder('Greta.Gast@Example.se', 'completed', '2026-10-01T10:00:00Z');
    const second = await guestOrder('greta.gast@example.se', 'received', '2026-11-02T10:00:00Z');
    await shop.handle.db
      .insert(orders)
      .values({ ...orderFixture(null, ANONYMISED_EMAIL), status: 'completed' });

    const guestRow = { id: null, guest: true, email: 'greta.gast@example.se' };
    for (const q of ['greta.gast@', 'Greta Gäst', String(first), '070-555']) {
      const found = await staff.send(SEARCH, { q });
      expect(found.body.errors).toBeUndefined();
      expect(found.body.data?.customerSearch.items).toEqual([
        { ...guestRow, firstName: 'Greta', lastName: 'Gäst' },
      ]);
      expect(found.body.data?.customerSearch.total).toBe(1);
    }
    // The whole list: the accounts and the guest, never the anonymised address.
    const all = await staff.send(SEARCH, {});
    const emails = all.body.data?.customerSearch.items.map((i: { email: string }) => i.email);
    expect(emails).toEqual(
      expect.arrayContaining(['greta.gast@example.se', 'anna@example.se', 'bertil@example.se']),
    );
    expect(emails).not.toContain(ANONYMISED_EMAIL);
    expect(all.body.data?.customerSearch.total).toBe(emails.length);

    const page = await staff.send(GUEST, { email: 'GRETA.gast@example.se' });
    expect(page.body.data?.customer).toEqual({
      id: null,
      guest: true,
      email: 'greta.gast@example.se',
      firstName: 'Greta',
      lastName: 'Gäst',
      phone: '070-555 12 34',
      orders: [
        { id: second, guest: true, status: 'received' },
        { id: first, guest: true, status: 'completed' },
      ],
    });
    expect((await staff.send(GUEST, { email: 'ingen@example.se' })).body.data?.customer).toBe(null);
    expect((await staff.send(GUEST, { email: ANONYMISED_EMAIL })).body.data?.customer).toBe(null);
    const both = await staff.send(`query { customer(customerId: 1, email: "a@b.se") { id } }`);
    expect(codeOf(both)).toBe('BAD_USER_INPUT');
  });

  it('exports and erases a guest by e-mail, audited; an open order stops the erasure', async () => {
    const email = 'greta.gast@example.se';
    const exported = await staff.send(EXPORT, { email });
    expect(exported.body.errors).toBeUndefined();
    const data = exported.body.data?.exportCustomerData as {
      customer: { email: string; guest: boolean };
      orders: Array<{ email: string; lines: unknown[] }>;
    };
    expect(data.customer).toMatchObject({ email, guest: true });
    expect(data.orders).toHaveLength(2);
    const audited = await shop.handle.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'customer.export'), eq(auditLog.entityType, 'guest_customer')),
      );
    expect(audited).toHaveLength(1);
    expect(audited[0]!.staffEmail).toBe('kundtjanst@example.se');
    expect(audited[0]!.after).toMatchObject({ guest: true, email, orders: 2 });

    const wrong = await staff.send(ERASE, { email, confirm: 'fel@example.se' });
    expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
    const open = await staff.send(ERASE, { email, confirm: email });
    expect(codeOf(open)).toBe('BAD_USER_INPUT');
    expect(open.body.errors?.[0]?.message).toMatch(/inte är levererad eller avbruten/);
    expect((await staff.send(SEARCH, { q: email })).body.data?.customerSearch.total).toBe(1);

    await shop.handle.db
      .update(orders)
      .set({ status: 'completed' })
      .where(eq(orders.email, 'greta.gast@example.se'));
    const erased = await staff.send(ERASE, { email, confirm: email });
    expect(erased.body.data?.eraseCustomer).toEqual({ ordersAnonymised: 2, newsletterRemoved: 0 });
    const left = await shop.handle.db
      .select({ email: orders.email, billing: orders.billingAddress, phone: orders.phone })
      .from(orders)
      .where(eq(orders.email, ANONYMISED_EMAIL));
    // The guest's two orders (the third was anonymised before, by the fixture's hand).
    expect(left).toHaveLength(3);
    expect(left.filter((o) => o.phone === '' && o.billing.firstName === '')).toHaveLength(2);
    expect((await staff.send(SEARCH, { q: 'greta' })).body.data?.customerSearch.total).toBe(0);
    const [entry] = await shop.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.erase'), eq(auditLog.entityType, 'guest_customer')));
    expect(entry!.after).toMatchObject({ erased: true, ordersAnonymised: 2 });
    // No personal data of the erased guest in the audit entry.
    expect(JSON.stringify(entry!.before)).not.toContain('greta');
  });

  it("joins a guest's orders to the account registered with the address once the mailed link proves it", async () => {
    const one = await guestOrder('ny.kund@example.se', 'completed', '2026-11-10T10:00:00Z');
    const two = await guestOrder('ny.kund@example.se', 'completed', '2026-11-11T10:00:00Z');
    const account = await shop.register('ny.kund@example.se');
    // Registering proves nothing: the orders stay the guest's until the link is opened.
    const before = await shop.gql('{ getOrders { id } }', {}, account.token);
    expect(before.data?.getOrders).toEqual([]);
    const [job] = await shop.handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, 'guest-orders-mail'));
    expect(job).toBeDefined();
    const customerId = Number((job!.payload as { customerId: number }).customerId);
    const admin = await staff.send(ACCOUNT, { id: customerId });
    expect(admin.body.data?.customer.orders).toEqual([
      { id: two, guest: true },
      { id: one, guest: true },
    ]);

    await runJobsUntilIdle(shop.handle.db, shop.config, {
      log: quiet,
      kinds: ['guest-orders-mail'],
    });
    const [mail] = await readOutbox(shop.outbox, 'ny.kund@example.se');
    expect(mail).toContain('Bekräfta att adressen är din, så visas de under Mina ordrar');
    const token = /ordrar\?loginToken=([A-Za-z0-9._-]+)/.exec(mail!)?.[1];
    expect(token).toBeTruthy();
    const redeemed = await shop.authCall('login-token', { loginToken: token! });
    expect(redeemed.status).toBe(200);
    const after = await shop.gql('{ getOrders { id } }', {}, String(redeemed.body.token));
    expect(after.data?.getOrders.map((o: { id: number }) => o.id)).toEqual([two, one]);
    const joined = await staff.send(ACCOUNT, { id: customerId });
    expect(joined.body.data?.customer).toEqual({
      id: customerId,
      guest: false,
      orders: [
        { id: two, guest: false },
        { id: one, guest: false },
      ],
    });
    // Used once: the link does not work again.
    expect((await shop.authCall('login-token', { loginToken: token! })).status).toBe(401);
  });

  it('shows one payment state in the list, on the order page and in the refund panel', async () => {
    const id = await guestOrder('faktura@example.se', 'processing', '2026-11-20T10:00:00Z');
    await shop.handle.db.insert(orderPayments).values({
      orderId: id,
      provider: 'invoice',
      transactionId: `INV-${id}`,
      amount: 49_900,
      status: 'authorized',
    });
    const page = await staff.send(ORDER_STATE, { id });
    expect(page.body.data?.adminOrder).toEqual({
      paymentState: {
        code: 'reserved',
        label: 'Reserverad',
        capturedIncVat: 0,
        reservedIncVat: 49_900,
        refundedIncVat: 0,
      },
      payments: [{ status: 'authorized', statusName: 'Reserverad' }],
      refundable: { paidIncVat: 49_900, remainingIncVat: 49_900 },
    });
    const listed = await staff.send(LIST_STATE, { q: String(id) });
    expect(listed.body.data?.adminOrders.items).toEqual([
      { id, paymentState: { code: 'reserved', label: 'Reserverad' } },
    ]);

    await shop.handle.db
      .update(orderPayments)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(orderPayments.orderId, id));
    expect(
      (await staff.send(ORDER_STATE, { id })).body.data?.adminOrder.paymentState,
    ).toMatchObject({ code: 'paid', label: 'Betald', capturedIncVat: 49_900, reservedIncVat: 0 });
    await shop.handle.db.insert(orderRefundRows).values({
      orderId: id,
      refundNo: 1,
      lineNo: null,
      quantity: 0,
      amountIncVat: 9_900,
      amountExVat: 7_920,
      toBalance: false,
      reason: 'test',
    });
    const refunded = await staff.send(LIST_STATE, { q: String(id) });
    expect(refunded.body.data?.adminOrders.items[0].paymentState).toEqual({
      code: 'partly_refunded',
      label: 'Delvis återbetald',
    });
  });
});
