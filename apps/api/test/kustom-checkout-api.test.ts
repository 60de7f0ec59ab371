/**
 * Kustom Checkout end to end against the local stand-in (issue 42; ADR 019 §2;
 * docs/payment-stand-ins.md K2–K5): the checkout's paymentData is Kustom's snippet for exactly
 * our cart (lines, VAT and totals in öre), updated while the cart changes; the push and the
 * confirm page, in any order and any number of times, lead to one order written from what Kustom
 * authorised, then acknowledged; the validation callback refuses a purchase whose stock ran out;
 * an authorisation for other amounts is declined and cancelled at Kustom; unsigned callbacks are
 * refused. The shop listens on HTTP so the stand-in can call it back. On every database kind.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import type { DbHandle } from '../src/db/client.ts';
import { orderPayments, orders, stock } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { authNodeListener } from '../src/modules/auth/auth.node.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { addCartFixture, CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { startKustomStandIn, type KustomStandIn } from './kustom-stand-in.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const KUSTOM = 4;
const CHECKOUT = `mutation co($cartId: String!, $checkout: CheckoutInputType) {
  createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) {
    paymentOptions { id paymentType isSelected paymentData newCheckoutSession } } }`;
const CONFIRM = `query confirm($id: String!) {
  checkout(id: $id, paymentType: KLARNA) { completed htmlSnippet order { orderId status } } }`;
const PLACE = `mutation place($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { status redirectUrl } }`;

describe.each(testDatabaseKinds())('Kustom Checkout on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  let standIn: KustomStandIn;
  let server: Server;
  let shopUrl: string;
  let config: Config;

  const q = async (query: string, variables: Record<string, unknown>) => {
    const result = await client.query(query, variables);
    expect(result.errors).toBeUndefined();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return result.data as Record<string, any>;
  };
  const cartWith = async (items: Array<[number, number]>) => {
    const { getCart } = await q(`{ getCart(id: "") { id } }`, {});
    for (const [skuId, quantity] of items) {
      await q(
        `mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`,
        { id: getCart.id, item: { skuId, quantity } },
      );
    }
    return getCart.id as string;
  };
  const chooseKustom = async (cartId: string) => {
    const data = await q(CHECKOUT, {
      cartId,
      checkout: personCheckout({ paymentId: KUSTOM }),
    });
    return (data.createOrUpdateCheckout.paymentOptions as Array<Record<string, unknown>>).find(
      (o) => o.id === KUSTOM,
    ) as { paymentData: string | null; newCheckoutSession: boolean; isSelected: boolean };
  };
  /** The stand-in's order whose snippet the checkout returned. */
  const kustomOrderOf = (snippet: string) => {
    const id = /\/checkout\/([0-9a-f-]{36})\/frame/.exec(snippet)![1]!;
    return { id, order: standIn.orders.get(id)! };
  };
  const ordersOfCart = (cartId: string) =>
    handle.db.select().from(orders).where(eq(orders.cartId, cartId));
  const requestsTo = (suffix: string) =>
    standIn.requests.filter((r) => r.method === 'POST' && r.path.endsWith(suffix));

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 40 });
    await addCartFixture(handle.db);
    standIn = await startKustomStandIn({ autoPush: false, validationTimeoutMs: 2000 });
    // The shop over HTTP: Kustom calls push and validation on PUBLIC_URL.
    let listener: ReturnType<typeof authNodeListener> | null = null;
    server = createServer((req, res) => void listener!(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const base = testConfig();
    config = testConfig({
      publicUrl: shopUrl,
      payments: {
        ...base.payments,
        sandbox: false,
        kustom: {
          apiUrl: standIn.url,
          username: standIn.username,
          password: standIn.password,
          markets: [{ country: 'SE', currency: 'SEK' }],
          testMode: true,
        },
        callbackSecret: 'test-callback-secret-0123456789abcdef',
      },
    });
    client = createTestClient(handle, config);
    listener = authNodeListener((request) => client.api.payments(request));
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await standIn?.close();
    await handle?.close();
  });

  it('offers Kustom in its markets only, and its paymentData is the snippet of a KCO order of exactly the cart', async () => {
    const cartId = await cartWith([
      [F.bike.skuId, 1],
      [F.tube.skuId, 3],
    ]);
    const option = await chooseKustom(cartId);
    expect(option.isSelected).toBe(true);
    expect(option.newCheckoutSession).toBe(true);
    expect(option.paymentData).toContain('klarna-checkout-container');
    const { order } = kustomOrderOf(option.paymentData!);
    expect(order).toMatchObject({
      purchase_country: 'SE',
      purchase_currency: 'SEK',
      locale: 'sv-SE',
    });
    // Tubes are 3 for 2: the campaign is the line's discount; shipping is its own line.
    const cart = await q(
      `query($id: String!) { getCart(id: $id) { summary { total { sellingPriceIncVat } } } }`,
      { id: cartId },
    );
    expect(order.order_amount).toBe(
      Math.round(cart.getCart.summary.total.sellingPriceIncVat * 100),
    );
    const tube = order.order_lines.find((l: { quantity: number }) => l.quantity === 3);
    expect(tube).toMatchObject({
      type: 'physical',
      unit_price: F.tube.price,
      tax_rate: 2500,
      total_discount_amount: F.tube.price,
      total_amount: 2 * F.tube.price,
      total_tax_amount: (2 * F.tube.price) / 5,
    });
    expect(order.merchant_urls.confirmation).toBe(
      `${shopUrl}/checkout/confirm?kid={checkout.order.id}&cartid=${cartId}`,
    );
    expect(order.merchant_urls.push).toMatch(
      new RegExp(`^${shopUrl}/payments/kustom/push\\?sid=[0-9a-f-]{36}&sig=[0-9a-f]{64}$`),
    );
    expect(order.billing_address).toMatchObject({ email: 'anna.andersson@example.se' });
    const firstAmount = order.order_amount as number;

    // The same cart: the same KCO order, updated, no new session.
    const again = await chooseKustom(cartId);
    expect(again.newCheckoutSession).toBe(false);
    expect(kustomOrderOf(again.paymentData!).id).toBe(kustomOrderOf(option.paymentData!).id);
    // The cart changes: the KCO order follows it.
    await q(
      `mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`,
      { id: cartId, item: { skuId: F.bike.skuId, quantity: 1 } },
    );
    const changed = await chooseKustom(cartId);
    const after = kustomOrderOf(changed.paymentData!);
    expect(after.id).toBe(kustomOrderOf(option.paymentData!).id);
    expect(after.order.order_amount).toBe(firstAmount + F.bike.price);
    expect(requestsTo(`/checkout/v3/orders/${after.id}`).length).toBeGreaterThanOrEqual(2);

    // Not in Norway (KUSTOM_MARKETS SE:SEK).
    const { getCart } = await q(`{ getCart(id: "", marketId: "no") { id } }`, {});
    const norway = await q(
      `mutation($cartId: String!) { createOrUpdateCheckout(cartId: $cartId, marketId: "no") { paymentOptions { id } } }`,
      { cartId: getCart.id },
    );
    expect(norway.createOrUpdateCheckout.paymentOptions.map((o: { id: number }) => o.id)).toEqual([
      1,
    ]);
  });

  it('push ×3 and the confirm page at once give one order from what Kustom authorised, acknowledged', async () => {
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    const { id } = kustomOrderOf((await chooseKustom(cartId)).paymentData!);
    const acksBefore = requestsTo(`/orders/${id}/acknowledge`).length;
    const done = await standIn.complete(id, {
      address: {
        given_name: 'Kalle',
        family_name: 'Kustomsson',
        email: 'kalle@example.se',
        street_address: 'Kustomvägen 2',
        postal_code: '41101',
        city: 'Göteborg',
        country: 'se',
      },
    });
    expect(done.outcome).toBe('completed');
    expect(done.validationStatus).toBe(200);
    expect(done.location).toBe(`${shopUrl}/checkout/confirm?kid=${id}&cartid=${cartId}`);
    const [p1, p2, p3, confirm] = await Promise.all([
      standIn.push(id),
      standIn.push(id),
      standIn.push(id),
      q(CONFIRM, { id }),
    ]);
    expect([p1, p2, p3]).toEqual([200, 200, 200]);
    expect(confirm.checkout.completed).toBe(true);
    expect(confirm.checkout.htmlSnippet).toContain('kustom-confirmation');
    const placed = await ordersOfCart(cartId);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ email: 'kalle@example.se' });
    const payments = await handle.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, placed[0]!.id));
    expect(payments).toEqual([
      expect.objectContaining({
        provider: 'kustom',
        transactionId: id,
        amount: standIn.orders.get(id)!.order_amount,
        status: 'authorized',
      }),
    ]);
    expect(requestsTo(`/orders/${id}/acknowledge`).length).toBeGreaterThan(acksBefore);
    expect(standIn.orders.get(id)!.om).toMatchObject({ status: 'AUTHORIZED' });
    // The confirm page again: the same order.
    const later = await q(CONFIRM, { id });
    expect(later.checkout.order.orderId).toBe(confirm.checkout.order.orderId);
  });

  it('the validation callback refuses a purchase whose stock ran out: Kustom sends the shopper to klarna-fail, no order', async () => {
    const cartId = await cartWith([[F.lock.skuId, 1]]);
    const { id } = kustomOrderOf((await chooseKustom(cartId)).paymentData!);
    const [row] = await handle.db.select().from(stock).where(eq(stock.skuId, F.lock.skuId));
    await handle.db.update(stock).set({ inStock: 0 }).where(eq(stock.skuId, F.lock.skuId));
    try {
      const done = await standIn.complete(id);
      expect(done).toMatchObject({
        outcome: 'redirected',
        validationStatus: 303,
        location: `${shopUrl}/checkout/klarna-fail?reason=out-of-stock`,
      });
      expect(await standIn.push(id)).toBe(503);
      expect((await q(CONFIRM, { id })).checkout.completed).toBe(false);
      expect(await ordersOfCart(cartId)).toHaveLength(0);
    } finally {
      await handle.db
        .update(stock)
        .set({ inStock: row!.inStock })
        .where(eq(stock.skuId, F.lock.skuId));
    }
  });

  it('an authorisation of another amount than the session sent is declined (cart-changed) and cancelled at Kustom', async () => {
    const cartId = await cartWith([[F.tube.skuId, 1]]);
    const { id } = kustomOrderOf((await chooseKustom(cartId)).paymentData!);
    // What Kustom says it authorised differs by one öre from what we sent.
    const stored = standIn.orders.get(id)!;
    stored.order_amount += 1;
    stored.order_lines[0].total_amount += 1;
    stored.order_lines[0].unit_price += 1;
    const done = await standIn.complete(id);
    // Validation sees the other amount too.
    expect(done).toMatchObject({
      outcome: 'redirected',
      location: `${shopUrl}/checkout/klarna-fail?reason=cart-changed`,
    });
    // Even if Kustom completed it anyway, the confirm page places no order and cancels.
    stored.status = 'checkout_complete';
    stored.om = {
      ...(stored.om ?? {}),
      status: 'AUTHORIZED',
      order_amount: stored.order_amount,
      captured_amount: 0,
      refunded_amount: 0,
      remaining_authorized_amount: stored.order_amount,
      captures: [],
      refunds: [],
    };
    const confirm = await q(CONFIRM, { id });
    expect(confirm.checkout).toMatchObject({
      completed: false,
      htmlSnippet: JSON.stringify({ failure: 'cart-changed' }),
    });
    expect(await ordersOfCart(cartId)).toHaveLength(0);
    expect(requestsTo(`/orders/${id}/cancel`)).toHaveLength(1);
  });

  it('refuses callbacks without our signature, and placeOrder sends our own storefront to a page with the snippet', async () => {
    const cartId = await cartWith([[F.tube.skuId, 2]]);
    const { id, order } = kustomOrderOf((await chooseKustom(cartId)).paymentData!);
    const push = new URL(order.merchant_urls.push);
    push.searchParams.set('sig', '0'.repeat(64));
    expect((await fetch(push, { method: 'POST' })).status).toBe(401);
    push.searchParams.delete('sig');
    expect((await fetch(push, { method: 'POST' })).status).toBe(401);

    const placed = await client.query(PLACE, {
      cartId,
      checkout: personCheckout({ paymentId: KUSTOM }),
    });
    expect(placed.errors).toBeUndefined();
    const { status, redirectUrl } = placed.data!.placeOrder as {
      status: string;
      redirectUrl: string;
    };
    expect(status).toBe('pending');
    expect(redirectUrl).toMatch(new RegExp(`^${shopUrl}/payments/kustom/[0-9a-f-]{36}$`));
    const page = await fetch(redirectUrl);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    const html = await page.text();
    expect(html).toContain(`<script nonce="${nonce}"`);
    expect(html).toContain(`/checkout/${id}/frame`);
    expect(csp).toContain(`frame-src https: ${standIn.url}`);
    expect(csp).toContain("frame-ancestors 'self'");
  });
});
