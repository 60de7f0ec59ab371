/**
 * API integration tests of checkout and orders (GEINS-API §3.2 placeOrder; issue 6), part 2:
 * the hosted sandbox payment with repeated and reordered notifications (in-process and over
 * HTTP), gift cards, status transitions and refused carts, on every database kind.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giftCards, orderPayments, orders, stock } from '../src/db/schema.ts';
import { applyPaymentNotification } from '../src/modules/checkout/hosted-payment.service.ts';
import { transitionOrder } from '../src/modules/orders/order-process.ts';
import { decidePaymentSession } from '../src/modules/payments/payments.service.ts';
import { sandboxSignature } from '../src/modules/payments/payments.http.ts';
import { testConfig } from './api-client.ts';
import { CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { testDatabaseKinds } from './test-db.ts';
import { useCheckoutApi } from './checkout-suite.ts';

describe.each(testDatabaseKinds())('checkout and orders on %s', (kind) => {
  const api = useCheckoutApi(kind);
  const { cartWith, place, stockOf, shop } = api;

  it('hosted sandbox payment: pending with redirect, declined keeps the cart, approved places one order; notifications 3 times and out of order give one paid order', async () => {
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    const declined = await place(cartId, personCheckout({ paymentId: 2 }));
    expect(declined.data!.placeOrder).toMatchObject({ status: 'pending', orderId: null });
    const firstSession = declined.data!.placeOrder.redirectUrl!.split('/').pop()!;
    await decidePaymentSession(api.handle.db, firstSession, { approved: false, reason: 'blocked' });
    let confirm = await api.client.query(
      `{ checkout(id: "${firstSession}", cartId: "${cartId}", paymentType: KLARNA) { completed htmlSnippet cart { isCompleted items { quantity } } } }`,
    );
    expect(confirm.data!.checkout).toEqual({
      completed: false,
      htmlSnippet: JSON.stringify({ failure: 'blocked' }),
      cart: { isCompleted: false, items: [{ quantity: 1 }] },
    });

    const before = await stockOf(F.bike.skuId);
    const pending = await place(cartId, personCheckout({ paymentId: 2 }));
    const session = pending.data!.placeOrder.redirectUrl!.split('/').pop()!;
    const priced = await shop();
    // The provider's notifications arrive before the shopper returns: captured first, then
    // authorized late, and captured again.
    const deliveries = [
      { eventId: 'evt-2', sessionId: session, type: 'captured' as const },
      { eventId: 'evt-1', sessionId: session, type: 'authorized' as const },
      { eventId: 'evt-2', sessionId: session, type: 'captured' as const },
    ];
    const orderIds = await Promise.all(
      deliveries.map((d) =>
        applyPaymentNotification(api.handle.db, d, priced, new Date(), testConfig().payments),
      ),
    );
    expect(new Set(orderIds).size).toBe(1);
    confirm = await api.client.query(
      `{ checkout(id: "${session}", cartId: "${cartId}", paymentType: KLARNA) { completed order { orderId orderValueIncVat } cart { isCompleted } } }`,
    );
    expect(confirm.data!.checkout.completed).toBe(true);
    expect(confirm.data!.checkout.order).toEqual({
      orderId: String(orderIds[0]),
      orderValueIncVat: 4999,
    });
    expect(confirm.data!.checkout.cart.isCompleted).toBe(true);
    const rows = await api.handle.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(rows).toHaveLength(1);
    const payments = await api.handle.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, rows[0]!.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'paid', provider: 'sandbox', amount: 499_900 });
    expect(await stockOf(F.bike.skuId)).toBe(before - 1);
  });

  it('the sandbox over HTTP: its page, decline and approve redirects, signed notifications applied once', async () => {
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    const pending = await place(cartId, personCheckout({ paymentId: 2 }));
    const path = new URL(pending.data!.placeOrder.redirectUrl!).pathname;
    expect(path).toMatch(/^\/payments\/sandbox\/[0-9a-f-]{36}$/);
    const session = path.split('/').pop()!;
    const http = (url: string, init?: RequestInit) =>
      api.client.api.fetch(new Request(`http://localhost${url}`, init));
    const pageResponse = await http(path);
    expect(pageResponse.status).toBe(200);
    const html = await pageResponse.text();
    expect(html).toContain('<h1>Betala 4\u00a0999\u00a0kr</h1>');
    expect(html).toContain('<p class="shop">Trampa</p>');

    const body = JSON.stringify({ eventId: 'e-1', sessionId: session, type: 'captured' });
    const unsigned = await http('/payments/notify/sandbox', { method: 'POST', body });
    expect(unsigned.status).toBe(401);
    const signature = sandboxSignature(testConfig().payments.sandboxSecret, body);
    const deliveries = await Promise.all(
      [1, 2, 3].map(() =>
        http('/payments/notify/sandbox', {
          method: 'POST',
          body,
          headers: { 'x-sandbox-signature': signature },
        }),
      ),
    );
    const ids = await Promise.all(
      deliveries.map(async (r) => ((await r.json()) as { orderId: number }).orderId),
    );
    expect(new Set(ids).size).toBe(1);
    const approve = await http(path, {
      method: 'POST',
      body: 'decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approve.status).toBe(303);
    expect(approve.headers.get('location')).toBe(
      `/checkout/confirm?kid=${session}&cartid=${cartId}`,
    );
    const [order] = await api.handle.db.select().from(orders).where(eq(orders.cartId, cartId));
    const payments = await api.handle.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order!.id));
    expect(payments.map((p) => p.status)).toEqual(['paid']);

    const other = await cartWith([[F.bike.skuId, 1]]);
    const second = await place(other, personCheckout({ paymentId: 2 }));
    const declinePath = new URL(second.data!.placeOrder.redirectUrl!).pathname;
    const decline = await http(declinePath, {
      method: 'POST',
      body: 'decision=out-of-stock',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(decline.headers.get('location')).toBe('/checkout/klarna-fail?reason=out-of-stock');
  });

  it('gift cards pay part or all of an order, keep the rest, and wrong codes are rate limited', async () => {
    await api.handle.db.insert(giftCards).values([
      { code: 'KORT1000', currencyCode: 'SEK', balance: 100_000 },
      { code: 'KORT50', currencyCode: 'SEK', balance: 5_000 },
    ]);
    const apply = (id: string, giftCardCode: string) =>
      api.client.query(
        `mutation($id: String!, $code: String!) { setCartGiftCard(id: $id, giftCardCode: $code) {
          summary { total { sellingPriceIncVat } balance { pending remaining totalSellingPriceExBalanceIncVat } } } }`,
        { id, code: giftCardCode },
      );
    // Part of the order: the lock costs 299 kr (+ 49 kr shipping); the card keeps the rest.
    await api.handle.db.update(stock).set({ inStock: 5 }).where(eq(stock.skuId, F.lock.skuId));
    const cartId = await cartWith([[F.lock.skuId, 1]]);
    let result = await apply(cartId, 'kort-1000');
    expect(result.errors).toBeUndefined();
    expect(result.data!.setCartGiftCard.summary.balance).toEqual({
      pending: 348,
      remaining: 652,
      totalSellingPriceExBalanceIncVat: 0,
    });
    const placed = await place(cartId, personCheckout());
    expect(placed.errors).toBeUndefined();
    const [order] = await api.handle.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(order!.fromBalance).toBe(34_800);
    const [card] = await api.handle.db
      .select()
      .from(giftCards)
      .where(eq(giftCards.code, 'KORT1000'));
    expect(card!.balance).toBe(100_000 - 34_800);

    // A small card pays a part; the rest is invoiced.
    const second = await cartWith([[F.lock.skuId, 1]]);
    result = await apply(second, 'KORT50');
    expect(result.data!.setCartGiftCard.summary.balance.totalSellingPriceExBalanceIncVat).toBe(298);
    await place(second, personCheckout());
    const [small] = await api.handle.db
      .select()
      .from(giftCards)
      .where(eq(giftCards.code, 'KORT50'));
    expect(small!.balance).toBe(0);

    // Wrong codes: a clear error, then a limit.
    const third = await cartWith([[F.lock.skuId, 1]]);
    for (let i = 0; i < 5; i += 1) {
      result = await apply(third, `FEL${i}`);
      expect(result.errors![0]).toMatchObject({
        message: 'The gift card is invalid or has no balance',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    result = await apply(third, 'KORT1000');
    expect(result.errors![0]!.extensions!.code).toBe('RATE_LIMITED');
  });

  it('order status changes only through the transitions table; cancelling always returns stock, once', async () => {
    const cartId = await cartWith([[F.bike.skuId, 3]]);
    const result = await place(cartId, personCheckout());
    const id = Number(result.data!.placeOrder.orderId);
    const before = await stockOf(F.bike.skuId);
    await expect(transitionOrder(api.handle.db, id, 'completed', 'skip')).rejects.toMatchObject({
      extensions: { code: 'ORDER_TRANSITION_NOT_ALLOWED' },
    });
    await transitionOrder(api.handle.db, id, 'processing', 'picked');
    // The transition owns its side effect: no caller has to remember to return the stock.
    await transitionOrder(api.handle.db, id, 'cancelled', 'customer asked');
    expect(await stockOf(F.bike.skuId)).toBe(before + 3);
    // Cancelling again changes nothing: the units are not returned twice.
    await transitionOrder(api.handle.db, id, 'cancelled', 'asked twice');
    expect(await stockOf(F.bike.skuId)).toBe(before + 3);
    // Straight from received too.
    const second = await place(await cartWith([[F.bike.skuId, 2]]), personCheckout());
    const secondId = Number(second.data!.placeOrder.orderId);
    const beforeSecond = await stockOf(F.bike.skuId);
    await transitionOrder(api.handle.db, secondId, 'cancelled', 'payment declined');
    expect(await stockOf(F.bike.skuId)).toBe(beforeSecond + 2);
    await expect(transitionOrder(api.handle.db, id, 'processing', 'reopen')).rejects.toMatchObject({
      extensions: { code: 'ORDER_TRANSITION_NOT_ALLOWED' },
    });
  });

  it('refuses an empty cart, a completed cart and tampered prices', async () => {
    const empty = await cartWith([]);
    let result = await place(empty, personCheckout());
    expect(result.errors![0]).toMatchObject({
      message: 'The cart is empty',
      extensions: { code: 'INVALID_CHECKOUT' },
    });
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    await api.client.query(`mutation { completeCart(id: "${cartId}") { id } }`);
    result = await place(cartId, personCheckout());
    expect(result.errors![0]!.extensions!.code).toBe('CART_COMPLETED');
    const tampered = await place(await cartWith([[F.bike.skuId, 1]]), {
      ...personCheckout(),
      orderValueIncVat: 1,
    });
    expect(tampered.errors![0]!.message).toMatch(/orderValueIncVat/);
  });
});
