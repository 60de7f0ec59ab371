/**
 * Orders in the back office (issue 27 "Orders"): who may see and change them (a content editor
 * neither sees nor refunds; customer service cannot change prices), the list's filters and
 * search, the transitions table with its side effects (cancelling returns stock, completing
 * records the delivery) and its typed refusal, refunds per line and in full (shown by the shop
 * API's `OrderType.refunds`, store credit in the customer's balance, never more than was
 * paid), notes, resending the confirmation, and an audit entry with before/after for every
 * change. On every database kind.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, jobs, orderPayments, orders, stock } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createTestClient, type TestClient } from './api-client.ts';
import { customerSession } from './auth-client.ts';
import { addStaff, adminClient, codeOf, useAdminApi, type AdminResponse } from './admin-client.ts';
import { addCartFixture, CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { testDatabaseKinds } from './test-db.ts';

const ORDER_FIELDS = `id status statusName nextStatuses completedAt email
  lines { lineNo name quantity totalIncVat }
  vats { ratePercent amount } totals { items discount shipping total vat toPay }
  payments { provider amount status } shipments { parcelNumber }
  refunds { refundType totalIncVat vat toBalance reason }
  refundable { paidIncVat refundedIncVat remainingIncVat shippingRemainingIncVat
    lines { lineNo remainingQuantity remainingIncVat } }
  customer { email balance }
  history { kind fromStatus toStatus text amountIncVat staffEmail }`;
const ORDER = `query($id: Int!) { adminOrder(id: $id) { ${ORDER_FIELDS} } }`;
const LIST = `query($filter: AdminOrderFilterInput, $skip: Int, $take: Int) {
  adminOrders(filter: $filter, skip: $skip, take: $take) { total items { id status email name pickupPoint } } }`;
const TRANSITION = `mutation($input: AdminOrderTransitionInput!) {
  changeOrderStatus(input: $input) { ${ORDER_FIELDS} } }`;
const REFUND = `mutation($input: AdminRefundInput!) { refundOrder(input: $input) { ${ORDER_FIELDS} } }`;
const NOTE = `mutation($id: Int!, $text: String!) { addOrderNote(orderId: $id, text: $text) { history { kind text staffEmail } } }`;
const RESEND = `mutation($id: Int!) { resendOrderConfirmation(orderId: $id) { history { kind text } } }`;
const SHOP_ORDERS = `{ getOrders { id status refunds { id itemId articleNumber refundType toBalance total vat reason } } }`;

type Order = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(testDatabaseKinds())('admin orders on %s', (kind) => {
  const state = useAdminApi(kind);
  let service: ReturnType<typeof adminClient>;
  let shop: TestClient;
  let customer: { id: number; token: string };

  beforeAll(async () => {
    await seedCatalogue(state.handle.db, { products: 20 });
    await addCartFixture(state.handle.db);
    await addStaff(state.handle, 'kundtjanst@example.se', 'kundtjanst');
    await addStaff(state.handle, 'redaktor@example.se', 'innehallsredaktor');
    service = adminClient(state.api, '10.80.0.1');
    expect((await service.login('kundtjanst@example.se')).status).toBe(200);
    shop = createTestClient(state.handle, state.config);
    customer = await customerSession(state.handle.db, state.config, 'kund@example.se');
  }, 120_000);

  /** Places an invoice order of `items` as the customer (or a guest); returns its id. */
  async function placeOrder(items: Array<[number, number]>, asCustomer = true, extra = {}) {
    const { data } = await shop.query(`{ getCart(id: "") { id } }`);
    const cartId = data!.getCart.id as string;
    for (const [skuId, quantity] of items) {
      await shop.query(
        `mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`,
        { id: cartId, item: { skuId, quantity } },
      );
    }
    const response = await shop.post(
      {
        query: `mutation($cartId: String!, $checkout: CheckoutInputType!) {
          placeOrder(cartId: $cartId, checkout: $checkout) { orderId status } }`,
        variables: {
          cartId,
          checkout: personCheckout({
            email: asCustomer ? 'kund@example.se' : 'gast.gastsson@example.se',
            ...extra,
          }),
        },
      },
      asCustomer ? { authorization: `Bearer ${customer.token}` } : {},
    );
    const body = (await response.json()) as { data?: { placeOrder: { orderId: string } } };
    expect(body.data?.placeOrder.orderId).toBeTruthy();
    return Number(body.data!.placeOrder.orderId);
  }

  const orderOf = async (id: number): Promise<Order> =>
    (await service.send(ORDER, { id })).body.data!.adminOrder as Order;
  const data = (answer: AdminResponse, field: string): Order => {
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data![field] as Order;
  };
  const stockOf = async (skuId: number) =>
    (await state.handle.db.select().from(stock).where(eq(stock.skuId, skuId)))[0]!.inStock;
  const auditOf = (action: string, id: number) =>
    state.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));

  it('refuses a content editor every order operation (403); customer service cannot change prices', async () => {
    const id = await placeOrder([[F.lock.skuId, 1]]);
    const editor = adminClient(state.api, '10.80.0.2');
    await editor.login('redaktor@example.se');
    for (const [query, variables] of [
      [LIST, {}],
      [ORDER, { id }],
      [REFUND, { input: { orderId: id, full: true } }],
      [TRANSITION, { input: { orderId: id, to: 'cancelled' } }],
      [NOTE, { id, text: 'x' }],
      [RESEND, { id }],
    ] as const) {
      const answer = await editor.send(query, variables);
      expect(answer.status).toBe(403);
      expect(codeOf(answer)).toBe('FORBIDDEN');
    }
    expect((await adminClient(state.api).send(LIST)).status).toBe(401);
    const prices = await service.send(
      `mutation { setProductPrices(productId: ${F.lock.productId}, prices: [{ marketId: "SE|SEK", amount: 100 }]) { id } }`,
    );
    expect(codeOf(prices)).toBe('FORBIDDEN');
    const order = await orderOf(id);
    expect(order.status).toBe('received');
    expect(order.refunds).toEqual([]);
  });

  it('lists orders with filters and search, paged', async () => {
    const guest = await placeOrder([[F.tube.skuId, 1]], false);
    const all = data(await service.send(LIST, { take: 100 }), 'adminOrders');
    expect(all.items[0].id).toBe(guest);
    const page = data(await service.send(LIST, { skip: 1, take: 1 }), 'adminOrders');
    expect(page.total).toBe(all.total);
    expect(page.items).toHaveLength(1);
    expect(page.items[0].id).toBe(all.items[1].id);
    const search = async (filter: Record<string, unknown>) =>
      data(await service.send(LIST, { filter }), 'adminOrders').items.map((o: Order) => o.id);
    expect(await search({ query: String(guest) })).toEqual([guest]);
    expect(await search({ query: 'GAST.gast' })).toEqual([guest]);
    expect(await search({ query: 'Anna Andersson' })).toContain(guest);
    expect(await search({ query: 'nobody%' })).toEqual([]);
    expect(await search({ status: 'received', marketId: 'SE|SEK', paymentId: 1 })).toContain(guest);
    expect(await search({ status: 'cancelled' })).toEqual([]);
    expect(await search({ storePickup: true })).toEqual([]);
    expect(await search({ storePickup: false })).toContain(guest);
    expect(await search({ from: '2099-01-01' })).toEqual([]);
    // The filter's days are Swedish calendar days: between 23:00 and 24:00 UTC (00:00–01:00 in
    // Stockholm in winter) the UTC date is the day before.
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(
      new Date(),
    );
    expect(await search({ from: today, to: today })).toContain(guest);
    const bad = await service.send(LIST, { filter: { from: '1 jan' } });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
  });

  it('processes an order received → processing → completed; a move the table refuses is a typed error', async () => {
    const id = await placeOrder([[F.lock.skuId, 1]]);
    const skip = await service.send(TRANSITION, { input: { orderId: id, to: 'completed' } });
    expect(codeOf(skip)).toBe('ORDER_TRANSITION_NOT_ALLOWED');
    expect(skip.body.errors![0]!.extensions).toMatchObject({ from: 'received', to: 'completed' });
    expect((await orderOf(id)).status).toBe('received');

    let order = data(
      await service.send(TRANSITION, {
        input: { orderId: id, to: 'processing', note: 'Plockad', parcelNumber: 'PN1234SE' },
      }),
      'changeOrderStatus',
    );
    expect(order).toMatchObject({ status: 'processing', nextStatuses: ['completed', 'cancelled'] });
    expect(order.shipments).toEqual([{ parcelNumber: 'PN1234SE' }]);
    order = data(
      await service.send(TRANSITION, { input: { orderId: id, to: 'completed' } }),
      'changeOrderStatus',
    );
    expect(order.status).toBe('completed');
    expect(order.completedAt).toBeTruthy();
    expect(order.nextStatuses).toEqual([]);
    expect(order.history.map((h: Order) => [h.toStatus, h.staffEmail])).toEqual([
      ['received', null],
      ['processing', 'kundtjanst@example.se'],
      ['completed', 'kundtjanst@example.se'],
    ]);
    expect(order.history[1].text).toBe('Plockad');
    const cancel = await service.send(TRANSITION, { input: { orderId: id, to: 'cancelled' } });
    expect(codeOf(cancel)).toBe('ORDER_TRANSITION_NOT_ALLOWED');
    const entries = await auditOf('order.transition', id);
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [
        expect.objectContaining({ status: 'received', completedAt: null }),
        expect.objectContaining({ status: 'processing', parcelNumber: 'PN1234SE' }),
      ],
      [
        expect.objectContaining({ status: 'processing' }),
        expect.objectContaining({ status: 'completed', completedAt: expect.any(String) }),
      ],
    ]);
    expect(entries[0]!.staffEmail).toBe('kundtjanst@example.se');
  });

  it('cancels an order: its units go back to stock, and every line shows as refunded', async () => {
    const before = await stockOf(F.lock.skuId);
    const id = await placeOrder([[F.lock.skuId, 2]], false);
    expect(await stockOf(F.lock.skuId)).toBe(before - 2);
    const order = data(
      await service.send(TRANSITION, { input: { orderId: id, to: 'cancelled', note: 'Ångrat' } }),
      'changeOrderStatus',
    );
    expect(order.status).toBe('cancelled');
    expect(await stockOf(F.lock.skuId)).toBe(before);
    expect(order.refunds).toEqual([
      {
        refundType: 'cancellation',
        totalIncVat: 59_800,
        vat: 11_960,
        toBalance: false,
        reason: 'Ångrat',
      },
    ]);
    expect((await auditOf('order.transition', id))[0]!.after).toMatchObject({
      status: 'cancelled',
      stockReturned: true,
    });
    // Nothing left of the lines to refund.
    const again = await service.send(REFUND, { input: { orderId: id, full: true } });
    expect(codeOf(again)).toBe('BAD_USER_INPUT');
  });

  it('refunds one line as store credit; the shop API shows it; a refund beyond what was paid is refused', async () => {
    const id = await placeOrder([
      [F.lock.skuId, 2],
      [F.bike.skuId, 1],
    ]);
    const placed = await orderOf(id);
    const lockLine = placed.lines.find((l: Order) => l.name === 'Testlås Bygel');
    const order = data(
      await service.send(REFUND, {
        input: {
          orderId: id,
          lines: [{ lineNo: lockLine.lineNo, quantity: 1 }],
          toBalance: true,
          reason: 'Trasig bygel',
        },
      }),
      'refundOrder',
    );
    expect(order.refunds).toEqual([
      {
        refundType: 'line',
        totalIncVat: 29_900,
        vat: 5_980,
        toBalance: true,
        reason: 'Trasig bygel',
      },
    ]);
    expect(order.customer).toEqual({ email: 'kund@example.se', balance: 29_900 });
    expect(order.refundable.refundedIncVat).toBe(29_900);
    expect(order.history.at(-1)).toMatchObject({
      kind: 'refund',
      amountIncVat: 29_900,
      staffEmail: 'kundtjanst@example.se',
    });
    const shopOrders = await shop.post(
      { query: SHOP_ORDERS },
      { authorization: `Bearer ${customer.token}` },
    );
    const mine = ((await shopOrders.json()) as Order).data.getOrders.find(
      (o: Order) => o.id === id,
    );
    expect(mine.refunds).toEqual([
      {
        id: expect.any(Number),
        itemId: -(id * 10_000 + lockLine.lineNo),
        articleNumber: expect.any(String),
        refundType: 'line',
        toBalance: true,
        total: 299,
        vat: 59.8,
        reason: 'Trasig bygel',
      },
    ]);
    const user = await shop.post(
      { query: '{ getUser { balance } }' },
      { authorization: `Bearer ${customer.token}` },
    );
    expect(((await user.json()) as Order).data.getUser.balance).toBe(299);

    // Two more units of the line than are left: refused, nothing written.
    const beyond = await service.send(REFUND, {
      input: { orderId: id, lines: [{ lineNo: lockLine.lineNo, quantity: 2 }] },
    });
    expect(codeOf(beyond)).toBe('REFUND_EXCEEDS_PAID');
    expect(beyond.body.errors![0]!.message).toContain('högst 1 st');
    expect((await orderOf(id)).refunds).toHaveLength(1);

    // The rest, with shipping: everything paid is refunded; nothing more can be.
    const full = data(
      await service.send(REFUND, { input: { orderId: id, full: true, includeShipping: true } }),
      'refundOrder',
    );
    expect(full.refundable.refundedIncVat).toBe(full.refundable.paidIncVat);
    expect(full.refundable.remainingIncVat).toBe(0);
    const more = await service.send(REFUND, { input: { orderId: id, includeShipping: true } });
    expect(['REFUND_EXCEEDS_PAID', 'BAD_USER_INPUT']).toContain(codeOf(more));
    const entries = await auditOf('order.refund', id);
    expect(entries).toHaveLength(2);
    expect(entries[0]!.before).toMatchObject({ refundedIncVat: 0, customerBalance: 0 });
    expect(entries[0]!.after).toMatchObject({ refundedIncVat: 29_900, customerBalance: 29_900 });
    const [row] = await state.handle.db
      .select()
      .from(customers)
      .where(eq(customers.id, customer.id));
    expect(row!.balance).toBe(29_900);
  });

  it('never refunds more than the payments and the gift card: a cancelled payment leaves nothing', async () => {
    const id = await placeOrder([[F.tube.skuId, 1]], false);
    await state.handle.db
      .update(orderPayments)
      .set({ status: 'cancelled' })
      .where(eq(orderPayments.orderId, id));
    const answer = await service.send(REFUND, { input: { orderId: id, full: true } });
    expect(codeOf(answer)).toBe('REFUND_EXCEEDS_PAID');
    const guestCredit = await service.send(REFUND, {
      input: { orderId: id, full: true, toBalance: true },
    });
    expect(codeOf(guestCredit)).toBe('BAD_USER_INPUT');
    expect(await auditOf('order.refund', id)).toEqual([]);
  });

  it('a partly refunded order that is then cancelled refunds only what was left of the line', async () => {
    const id = await placeOrder([[F.bike.skuId, 2]], false);
    const lineNo = (await orderOf(id)).lines[0].lineNo;
    await service.send(REFUND, { input: { orderId: id, lines: [{ lineNo, quantity: 1 }] } });
    const order = data(
      await service.send(TRANSITION, { input: { orderId: id, to: 'cancelled' } }),
      'changeOrderStatus',
    );
    expect(order.refunds.map((r: Order) => [r.refundType, r.totalIncVat])).toEqual([
      ['line', 499_900],
      ['cancellation', 499_900],
    ]);
  });

  it('leaves a förmånscykel application waiting for the employer alone', async () => {
    const id = await placeOrder([[F.tube.skuId, 1]], false);
    await state.handle.db
      .update(orders)
      .set({ status: 'awaiting_approval' })
      .where(eq(orders.id, id));
    expect((await orderOf(id)).nextStatuses).toEqual([]);
    const cancel = await service.send(TRANSITION, { input: { orderId: id, to: 'cancelled' } });
    expect(codeOf(cancel)).toBe('ORDER_TRANSITION_NOT_ALLOWED');
    const refund = await service.send(REFUND, { input: { orderId: id, full: true } });
    expect(codeOf(refund)).toBe('BAD_USER_INPUT');
    expect(codeOf(await service.send(RESEND, { id }))).toBe('BAD_USER_INPUT');
    expect((await orderOf(id)).status).toBe('awaiting_approval');
  });

  it('writes notes and resends the confirmation, both in the history and the audit log', async () => {
    const id = await placeOrder([[F.tube.skuId, 1]]);
    const noted = data(await service.send(NOTE, { id, text: 'Kunden ringde' }), 'addOrderNote');
    expect(noted.history.at(-1)).toEqual({
      kind: 'note',
      text: 'Kunden ringde',
      staffEmail: 'kundtjanst@example.se',
    });
    expect(codeOf(await service.send(NOTE, { id, text: '  ' }))).toBe('BAD_USER_INPUT');
    await state.handle.db
      .update(orders)
      .set({ confirmationSentAt: new Date() })
      .where(eq(orders.id, id));
    await state.handle.db
      .update(jobs)
      .set({ state: 'done' })
      .where(eq(jobs.key, `order-confirmation:${id}`));
    const resent = data(await service.send(RESEND, { id }), 'resendOrderConfirmation');
    expect(resent.history.at(-1)).toEqual({
      kind: 'confirmation',
      text: 'Orderbekräftelsen skickas igen till kund@example.se.',
    });
    const [job] = await state.handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `order-confirmation:${id}`));
    expect(job!.state).toBe('queued');
    const [order] = await state.handle.db.select().from(orders).where(eq(orders.id, id));
    expect(order!.confirmationSentAt).toBeNull();
    expect((await auditOf('order.note', id))[0]!.after).toEqual({ note: 'Kunden ringde' });
    expect((await auditOf('order.resend-confirmation', id))[0]!.before).toMatchObject({
      confirmationSentAt: expect.any(String),
    });
  });
});
