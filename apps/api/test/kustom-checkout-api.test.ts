/**
 * Kustom Checkout end to end against the local stand-in (issue 42; ADR 019 §2;
 * docs/payment-stand-ins.md K2–K5): the checkout's paymentData is Kustom's snippet for exactly
 * our cart (lines, VAT and totals in öre), updated while the cart changes; the push and the
 * confirm page, in any order and any number of times, lead to one order written from what Kustom
 * authorised, then acknowledged; the validation callback refuses a purchase whose stock ran out;
 * an authorisation for other amounts is declined and cancelled at Kustom; unsigned callbacks are
 * refused. The shop listens on HTTP so the stand-in can call it back. On every database kind.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderPayments, stock } from '../src/db/schema.ts';
import { CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { CONFIRM, KUSTOM, useKustomShop } from './kustom-suite.ts';
import { testDatabaseKinds } from './test-db.ts';

const PLACE = `mutation place($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { status redirectUrl } }`;

describe.each(testDatabaseKinds())('Kustom Checkout on %s', (kind) => {
  const shop = useKustomShop(kind);
  const { q, cartWith, chooseKustom, kustomOrderOf, ordersOfCart, requestsTo } = shop;

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
      `${shop.shopUrl}/checkout/confirm?kid={checkout.order.id}&cartid=${cartId}`,
    );
    expect(order.merchant_urls.push).toMatch(
      new RegExp(`^${shop.shopUrl}/payments/kustom/push\\?sid=[0-9a-f-]{36}&sig=[0-9a-f]{64}$`),
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
    const done = await shop.standIn.complete(id, {
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
    expect(done.location).toBe(`${shop.shopUrl}/checkout/confirm?kid=${id}&cartid=${cartId}`);
    const [p1, p2, p3, confirm] = await Promise.all([
      shop.standIn.push(id),
      shop.standIn.push(id),
      shop.standIn.push(id),
      q(CONFIRM, { id }),
    ]);
    expect([p1, p2, p3]).toEqual([200, 200, 200]);
    expect(confirm.checkout.completed).toBe(true);
    expect(confirm.checkout.htmlSnippet).toContain('kustom-confirmation');
    const placed = await ordersOfCart(cartId);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ email: 'kalle@example.se' });
    const payments = await shop.handle.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, placed[0]!.id));
    expect(payments).toEqual([
      expect.objectContaining({
        provider: 'kustom',
        transactionId: id,
        amount: shop.standIn.orders.get(id)!.order_amount,
        status: 'authorized',
      }),
    ]);
    expect(requestsTo(`/orders/${id}/acknowledge`).length).toBeGreaterThan(acksBefore);
    expect(shop.standIn.orders.get(id)!.om).toMatchObject({ status: 'AUTHORIZED' });
    // Kustom knows the order by the shop's number (merchant_reference1), set before the
    // acknowledge; the confirmation snippet names it.
    const references = shop.standIn.requests.filter((r) =>
      r.path.endsWith(`/orders/${id}/merchant-references`),
    );
    expect(references.length).toBeGreaterThan(0);
    expect(references[0]).toMatchObject({ method: 'PATCH' });
    expect(shop.standIn.orders.get(id)!.merchant_reference1).toBe(String(placed[0]!.id));
    const again = await q(CONFIRM, { id });
    expect(again.checkout.htmlSnippet).toContain(`Tack! Order ${placed[0]!.id}`);
    // The confirm page again: the same order.
    const later = await q(CONFIRM, { id });
    expect(later.checkout.order.orderId).toBe(confirm.checkout.order.orderId);
  });

  it('the validation callback refuses a purchase whose stock ran out: Kustom sends the shopper to klarna-fail, no order', async () => {
    const cartId = await cartWith([[F.lock.skuId, 1]]);
    const { id } = kustomOrderOf((await chooseKustom(cartId)).paymentData!);
    const [row] = await shop.handle.db.select().from(stock).where(eq(stock.skuId, F.lock.skuId));
    await shop.handle.db.update(stock).set({ inStock: 0 }).where(eq(stock.skuId, F.lock.skuId));
    try {
      const done = await shop.standIn.complete(id);
      expect(done).toMatchObject({
        outcome: 'redirected',
        validationStatus: 303,
        location: `${shop.shopUrl}/checkout/klarna-fail?reason=out-of-stock`,
      });
      expect(await shop.standIn.push(id)).toBe(503);
      expect((await q(CONFIRM, { id })).checkout.completed).toBe(false);
      expect(await ordersOfCart(cartId)).toHaveLength(0);
    } finally {
      await shop.handle.db
        .update(stock)
        .set({ inStock: row!.inStock })
        .where(eq(stock.skuId, F.lock.skuId));
    }
  });

  it('an authorisation of another amount than the session sent is declined (cart-changed) and cancelled at Kustom', async () => {
    const cartId = await cartWith([[F.tube.skuId, 1]]);
    const { id } = kustomOrderOf((await chooseKustom(cartId)).paymentData!);
    // What Kustom says it authorised differs by one öre from what we sent.
    const stored = shop.standIn.orders.get(id)!;
    stored.order_amount += 1;
    stored.order_lines[0].total_amount += 1;
    stored.order_lines[0].unit_price += 1;
    const done = await shop.standIn.complete(id);
    // Validation sees the other amount too.
    expect(done).toMatchObject({
      outcome: 'redirected',
      location: `${shop.shopUrl}/checkout/klarna-fail?reason=cart-changed`,
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

    const placed = await shop.client.query(PLACE, {
      cartId,
      checkout: personCheckout({ paymentId: KUSTOM }),
    });
    expect(placed.errors).toBeUndefined();
    const { status, redirectUrl } = placed.data!.placeOrder as {
      status: string;
      redirectUrl: string;
    };
    expect(status).toBe('pending');
    expect(redirectUrl).toMatch(new RegExp(`^${shop.shopUrl}/payments/kustom/[0-9a-f-]{36}$`));
    const page = await fetch(redirectUrl);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    const html = await page.text();
    expect(html).toContain(`<script nonce="${nonce}"`);
    expect(html).toContain(`/checkout/${id}/frame`);
    expect(csp).toContain(`frame-src https: ${shop.standIn.url}`);
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('a Kustom purchase of a cart that was ordered by invoice meanwhile is refused and cancelled, never acknowledged', async () => {
    const cartId = await cartWith([[F.tube.skuId, 1]]);
    const { id } = kustomOrderOf((await chooseKustom(cartId)).paymentData!);
    const invoice = await shop.client.query(PLACE, { cartId, checkout: personCheckout() });
    expect(invoice.errors).toBeUndefined();
    // The validation callback already refuses it: the cart is no longer open.
    expect(await shop.standIn.complete(id)).toMatchObject({
      outcome: 'redirected',
      location: `${shop.shopUrl}/checkout/klarna-fail?reason=cart-changed`,
    });
    // Were it completed anyway, the confirm page and the push place nothing and cancel it.
    const stored = shop.standIn.orders.get(id)!;
    stored.status = 'checkout_complete';
    stored.om = {
      status: 'AUTHORIZED',
      order_amount: stored.order_amount,
      captured_amount: 0,
      refunded_amount: 0,
      remaining_authorized_amount: stored.order_amount,
      captures: [],
      refunds: [],
    };
    expect(await shop.standIn.push(id)).toBe(200);
    expect((await q(CONFIRM, { id })).checkout).toMatchObject({
      completed: false,
      htmlSnippet: JSON.stringify({ failure: 'general' }),
    });
    expect(await ordersOfCart(cartId)).toHaveLength(1);
    expect(requestsTo(`/orders/${id}/cancel`)).toHaveLength(1);
    expect(requestsTo(`/orders/${id}/acknowledge`)).toHaveLength(0);
  });
});
