/**
 * Payment and checkout hardening after the adversarial probe of issue 13, with the probe's own
 * requests through the GraphQL test client and the payment endpoints, on every database kind:
 *
 * - §1 the payment sandbox exists only when enabled (PAYMENT_SANDBOX): otherwise it is not
 *   offered, choosing it is refused, its pages and notification endpoint answer 404; its
 *   notifications are signed with PAYMENT_SANDBOX_SECRET, never with API_KEY.
 * - §2 a hosted payment pays for the cart as it was when the payment started: a cart changed
 *   before the approval becomes no order (the session is refused), starting again works.
 * - §3 an external shipping fee (setCartShippingFee) never lowers the shop's own fee.
 * - §7 store pickup only at one of the shop's stores.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import type { DbHandle } from '../src/db/client.ts';
import { orderLines, orderPayments, orders, paymentSessions, stock } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { decidePaymentSession } from '../src/modules/payments/payments.service.ts';
import { sandboxSignature } from '../src/modules/payments/payments.http.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { addCartFixture, CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const PLACE = `mutation($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { orderId status redirectUrl } }`;

const CHECKOUT = `mutation($cartId: String!, $checkout: CheckoutInputType) {
  createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) {
    paymentOptions { id displayName isSelected }
    cart { summary { shipping { feeIncVat } } } } }`;

const VALIDATE = `query($cartId: String!) {
  validateOrderConditions(cartId: $cartId) { isValid message } }`;

const SET_FEE = `mutation($cartId: String!, $fee: Decimal!) {
  setCartShippingFee(cartId: $cartId, shippingFee: $fee) {
    cart { summary { shipping { feeIncVat } total { sellingPriceIncVat } } }
    shippingOptions { id feeIncVat } } }`;

const ADD = `mutation($id: String!, $item: CartItemInputType!) {
  addToCart(id: $id, item: $item) { id } }`;

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(testDatabaseKinds())('payment and checkout hardening (issue 13) on %s', (kind) => {
  let handle: DbHandle;
  /** The shop with the sandbox on (development and test default). */
  let client: TestClient;
  /** The same shop with the sandbox off (production default). */
  let closed: TestClient;
  let sandboxOn: Config;

  const cartWith = async (items: Array<[number, number]>, via = client): Promise<string> => {
    const { data } = await via.query(`{ getCart(id: "") { id } }`);
    const id = data!.getCart.id as string;
    for (const [skuId, quantity] of items) {
      expect((await via.query(ADD, { id, item: { skuId, quantity } })).errors).toBeUndefined();
    }
    return id;
  };
  const http = (via: TestClient, path: string, init?: RequestInit) =>
    via.api.fetch(new Request(`http://localhost${path}`, init));
  /** Starts a sandbox payment; returns the session id. */
  const startPayment = async (cartId: string, via = client): Promise<string> => {
    const result = await via.query(PLACE, {
      cartId,
      checkout: personCheckout({ paymentId: 2, shippingId: 2 }),
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.placeOrder.status).toBe('pending');
    return new URL(result.data!.placeOrder.redirectUrl).pathname.split('/').pop()!;
  };
  const ordersOf = (cartId: string) =>
    handle.db.select().from(orders).where(eq(orders.cartId, cartId));
  const stockOf = async (skuId: number) => {
    const [row] = await handle.db.select().from(stock).where(eq(stock.skuId, skuId));
    return row!.inStock;
  };

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 20 });
    await addCartFixture(handle.db);
    sandboxOn = testConfig({
      payments: {
        sandbox: true,
        sandboxSecret: 'test-sandbox-secret-0123456789abcdef',
        kustom: null,
        stripe: null,
        callbackSecret: 'test-callback-secret-0123456789abcdef',
      },
    });
    client = createTestClient(handle, sandboxOn);
    closed = createTestClient(
      handle,
      testConfig({
        payments: {
          sandbox: false,
          sandboxSecret: 'test-sandbox-secret-0123456789abcdef',
          kustom: null,
          stripe: null,
          callbackSecret: 'test-callback-secret-0123456789abcdef',
        },
      }),
    );
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('§1 with the sandbox off: only Faktura is offered, paymentId 2 is refused, the sandbox pages and notifications answer 404', async () => {
    const cartId = await cartWith([[F.tube.skuId, 1]], closed);
    const checkout = await closed.query(CHECKOUT, {
      cartId,
      checkout: personCheckout({ paymentId: 2, shippingId: 2 }),
    });
    expect(checkout.errors).toBeUndefined();
    expect(checkout.data!.createOrUpdateCheckout.paymentOptions).toEqual([
      { id: 1, displayName: 'Faktura', isSelected: true },
    ]);
    expect((await closed.query(VALIDATE, { cartId })).data!.validateOrderConditions).toEqual({
      isValid: false,
      message: 'Choose a payment method',
    });
    const refused = await closed.query(PLACE, {
      cartId,
      checkout: personCheckout({ paymentId: 2, shippingId: 2 }),
    });
    expect(refused.data?.placeOrder ?? null).toBeNull();
    expect(refused.errors![0]).toMatchObject({
      message: 'Choose a payment method',
      extensions: { code: 'INVALID_CHECKOUT', fields: { paymentId: 'Choose a payment method' } },
    });
    expect(
      await handle.db.select().from(paymentSessions).where(eq(paymentSessions.cartId, cartId)),
    ).toEqual([]);

    // A session started while the sandbox was on cannot be approved or used once it is off.
    const other = await cartWith([[F.tube.skuId, 1]]);
    const session = await startPayment(other);
    expect((await http(closed, `/payments/sandbox/${session}`)).status).toBe(404);
    const approve = await http(closed, `/payments/sandbox/${session}`, {
      method: 'POST',
      body: 'decision=approve',
      headers: FORM,
    });
    expect(approve.status).toBe(404);
    const body = JSON.stringify({ eventId: 'off-1', sessionId: session, type: 'captured' });
    const notify = await http(closed, '/payments/notify/sandbox', {
      method: 'POST',
      body,
      headers: { 'x-sandbox-signature': sandboxSignature(sandboxOn.payments.sandboxSecret, body) },
    });
    expect(notify.status).toBe(404);
    await decidePaymentSession(handle.db, session, { approved: true });
    const confirm = await closed.query(
      `{ checkout(id: "${session}", cartId: "${other}", paymentType: KLARNA) { completed order { orderId } } }`,
    );
    expect(confirm.errors).toBeUndefined();
    expect(confirm.data!.checkout).toMatchObject({ completed: false, order: null });
    expect(await ordersOf(other)).toEqual([]);
  });

  it('§1 notifications are signed with PAYMENT_SANDBOX_SECRET: the API_KEY signature is refused', async () => {
    const cartId = await cartWith([[F.tube.skuId, 1]]);
    const session = await startPayment(cartId);
    const body = JSON.stringify({ eventId: 'key-1', sessionId: session, type: 'captured' });
    const withApiKey = await http(client, '/payments/notify/sandbox', {
      method: 'POST',
      body,
      headers: { 'x-sandbox-signature': sandboxSignature(sandboxOn.apiKey, body) },
    });
    expect(withApiKey.status).toBe(401);
    expect(await ordersOf(cartId)).toEqual([]);
    const withSecret = await http(client, '/payments/notify/sandbox', {
      method: 'POST',
      body,
      headers: { 'x-sandbox-signature': sandboxSignature(sandboxOn.payments.sandboxSecret, body) },
    });
    expect(withSecret.status).toBe(200);
    expect(await ordersOf(cartId)).toHaveLength(1);
  });

  it('§2 units added to the cart while the payment page is open make no order at approval; going back and paying again orders what was paid', async () => {
    const before = await stockOf(F.tube.skuId);
    const cartId = await cartWith([[F.tube.skuId, 1]]);
    const first = await startPayment(cartId);
    const [started] = await handle.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, first));
    // One tube 129 kr + service point 49 kr.
    expect(started!.amount).toBe(17_800);
    // The probe: 9 more units in the still-open cart, then approve the 178 kr payment.
    expect(
      (await client.query(ADD, { id: cartId, item: { skuId: F.tube.skuId, quantity: 9 } })).errors,
    ).toBeUndefined();
    const approve = await http(client, `/payments/sandbox/${first}`, {
      method: 'POST',
      body: 'decision=approve',
      headers: FORM,
    });
    expect(approve.status).toBe(303);
    expect(approve.headers.get('location')).toBe('/checkout/klarna-fail?reason=cart-changed');
    expect(await ordersOf(cartId)).toEqual([]);
    expect(await stockOf(F.tube.skuId)).toBe(before);
    const confirm = await client.query(
      `{ checkout(id: "${first}", cartId: "${cartId}", paymentType: KLARNA) {
        completed htmlSnippet order { orderId } cart { isCompleted items { quantity } } } }`,
    );
    expect(confirm.data!.checkout).toEqual({
      completed: false,
      htmlSnippet: JSON.stringify({ failure: 'cart-changed' }),
      order: null,
      cart: { isCompleted: false, items: [{ quantity: 10 }] },
    });
    // A late notification of the refused session writes no order either.
    const body = JSON.stringify({ eventId: 'late-1', sessionId: first, type: 'captured' });
    const late = await http(client, '/payments/notify/sandbox', {
      method: 'POST',
      body,
      headers: { 'x-sandbox-signature': sandboxSignature(sandboxOn.payments.sandboxSecret, body) },
    });
    expect(await late.json()).toEqual({ ok: true, orderId: null });
    expect(await ordersOf(cartId)).toEqual([]);

    // The shopper changes the cart again and pays for what it holds now.
    expect(
      (
        await client.query(
          `mutation($id: String!) { updateCartItem(id: $id, item: { skuId: ${F.tube.skuId}, quantity: 4 }) { id } }`,
          { id: cartId },
        )
      ).errors,
    ).toBeUndefined();
    const second = await startPayment(cartId);
    const [restarted] = await handle.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, second));
    const again = await http(client, `/payments/sandbox/${second}`, {
      method: 'POST',
      body: 'decision=approve',
      headers: FORM,
    });
    expect(again.headers.get('location')).toBe(`/checkout/confirm?kid=${second}&cartid=${cartId}`);
    const [order] = await ordersOf(cartId);
    const payments = await handle.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order!.id));
    expect(payments.map((p) => p.amount)).toEqual([restarted!.amount]);
    expect(order!.orderValueIncVat - order!.fromBalance).toBe(restarted!.amount);
    const lines = await handle.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order!.id));
    expect(lines.map((l) => l.quantity)).toEqual([4]);
    expect(await stockOf(F.tube.skuId)).toBe(before - 4);
  });

  it('§3 setCartShippingFee(0) does not make shipping free: placeOrder charges the shop fee; a higher external fee is charged', async () => {
    const cartId = await cartWith([[F.tube.skuId, 1]]);
    const zero = await client.query(SET_FEE, { cartId, fee: 0 });
    expect(zero.errors).toBeUndefined();
    expect(zero.data!.setCartShippingFee.cart.summary.shipping.feeIncVat).toBe(49);
    const placed = await client.query(PLACE, {
      cartId,
      checkout: personCheckout({ shippingId: 2 }),
    });
    expect(placed.errors).toBeUndefined();
    const [order] = await ordersOf(cartId);
    expect(order).toMatchObject({ shippingFeeIncVat: 4_900, orderValueIncVat: 17_800 });

    // Home delivery (99 kr) with a 49 kr fee reported for it: 99 kr.
    const home = await cartWith([[F.tube.skuId, 1]]);
    await client.query(SET_FEE, { cartId: home, fee: 49 });
    await client.query(PLACE, { cartId: home, checkout: personCheckout({ shippingId: 1 }) });
    expect((await ordersOf(home))[0]).toMatchObject({ shippingFeeIncVat: 9_900 });

    // A fee above the shop's own is the widget's to set.
    const higher = await cartWith([[F.tube.skuId, 1]]);
    const set = await client.query(SET_FEE, { cartId: higher, fee: 59 });
    expect(set.data!.setCartShippingFee.cart.summary.shipping.feeIncVat).toBe(59);
    await client.query(PLACE, { cartId: higher, checkout: personCheckout({ shippingId: 2 }) });
    expect((await ordersOf(higher))[0]).toMatchObject({
      shippingFeeIncVat: 5_900,
      orderValueIncVat: 18_800,
    });
  });

  it('§7 store pickup at a store that does not exist is refused; a real store is accepted', async () => {
    const cartId = await cartWith([[F.tube.skuId, 1]]);
    const checkout = personCheckout({ shippingId: 3, pickupPoint: 'no-such-store' });
    const result = await client.query(PLACE, { cartId, checkout });
    expect(result.data?.placeOrder ?? null).toBeNull();
    expect(result.errors![0]).toMatchObject({
      message: 'Choose a store to pick up from',
      extensions: {
        code: 'INVALID_CHECKOUT',
        fields: { pickupPoint: 'Choose a store to pick up from' },
      },
    });
    expect(await ordersOf(cartId)).toEqual([]);
    await client.query(CHECKOUT, { cartId, checkout });
    expect((await client.query(VALIDATE, { cartId })).data!.validateOrderConditions).toEqual({
      isValid: false,
      message: 'Choose a store to pick up from',
    });
    const real = await client.query(PLACE, {
      cartId,
      checkout: personCheckout({ shippingId: 3, pickupPoint: 'stockholm' }),
    });
    expect(real.errors).toBeUndefined();
    expect((await ordersOf(cartId))[0]).toMatchObject({
      pickupPoint: 'stockholm',
      shippingFeeIncVat: 0,
    });
  });
});
