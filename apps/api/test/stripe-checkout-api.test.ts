/**
 * Stripe card and Swish end to end against the local stand-in (issue 42; ADR 019 §2;
 * docs/payment-stand-ins.md S3–S8), the real `stripe` client on the shop's side: the checkout's
 * paymentData frames our Payment Element page of an intent of exactly the cart total (öre),
 * updated while the cart changes; the webhook (replayed, racing the confirm page) leads to one
 * order written from what Stripe authorised; a wrong, missing or tampered signature answers 401
 * and writes nothing; an intent for another amount is declined and cancelled; Swish is captured
 * at once; placeOrder sends our storefront to the page. On every database kind.
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { orderPayments, paymentOperations, paymentSessions } from '../src/db/schema.ts';
import { CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { CONFIRM, STRIPE, useStripeShop } from './stripe-suite.ts';
import { testDatabaseKinds } from './test-db.ts';

const PLACE = `mutation place($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { status redirectUrl } }`;
const TOTAL = `query($id: String!) { getCart(id: $id) { summary { total { sellingPriceIncVat } } } }`;

describe.each(testDatabaseKinds())('Stripe card and Swish on %s', (kind) => {
  const shop = useStripeShop(kind);
  const { q, cartWith, chooseStripe, ordersOfCart, paymentOf } = shop;
  const totalOre = async (cartId: string) =>
    Math.round((await q(TOTAL, { id: cartId })).getCart.summary.total.sellingPriceIncVat * 100);

  it('frames our page of an intent for exactly the cart total, updated while the cart changes; Swish only in SEK, Klarna in SEK and EUR, euro in Finland', async () => {
    const cartId = await cartWith([
      [F.bike.skuId, 1],
      [F.tube.skuId, 3],
    ]);
    const { option, sessionId, intentId } = await chooseStripe(cartId);
    expect(option).toMatchObject({ isSelected: true, newCheckoutSession: true });
    expect(option.paymentData).toContain(`${shop.shopUrl}/payments/stripe/${sessionId}`);
    const intent = shop.standIn.intent(intentId)!;
    expect(intent).toMatchObject({
      amount: await totalOre(cartId),
      currency: 'sek',
      status: 'requires_payment_method',
      metadata: { sessionId },
    });
    expect(intent.payment_method_types.sort()).toEqual(['card', 'klarna', 'swish']);
    expect(intent.payment_method_options?.card?.capture_method).toBe('manual');
    expect(intent.payment_method_options?.klarna?.capture_method).toBe('manual');
    expect(shop.posts('/v1/payment_intents').at(-1)!.idempotencyKey).toBe(`intent:${sessionId}`);

    const again = await chooseStripe(cartId);
    expect(again).toMatchObject({ sessionId, intentId });
    expect(again.option.newCheckoutSession).toBe(false);
    await q(
      `mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`,
      { id: cartId, item: { skuId: F.bike.skuId, quantity: 1 } },
    );
    const changed = await chooseStripe(cartId);
    expect(changed.intentId).toBe(intentId);
    expect(shop.standIn.intent(intentId)!.amount).toBe(await totalOre(cartId));

    // Finland pays in EUR (25.5 % VAT): card and Klarna, no Swish; the intent is the cart's
    // total in cent.
    const finland = await cartWith([[F.tube.skuId, 1]], 'fi');
    const eur = await chooseStripe(finland, 'fi');
    const cent = Math.round(
      (
        await q(
          `query($id: String!) { getCart(id: $id, marketId: "fi") { summary { total { sellingPriceIncVat } } } }`,
          { id: finland },
        )
      ).getCart.summary.total.sellingPriceIncVat * 100,
    );
    expect(shop.standIn.intent(eur.intentId)).toMatchObject({
      currency: 'eur',
      amount: cent,
      payment_method_types: ['card', 'klarna'],
    });
  });

  it('card: the webhook ×3 and the confirm page at once give one order from the authorisation', async () => {
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    const { sessionId, intentId } = await chooseStripe(cartId);
    const authorised = await shop.standIn.confirm(intentId, { method: 'card' });
    expect(authorised.status).toBe('requires_capture');
    const [statuses, confirm] = await Promise.all([
      shop.standIn.deliver('payment_intent.amount_capturable_updated', intentId, { times: 3 }),
      q(CONFIRM, { id: sessionId }),
    ]);
    expect(statuses).toEqual([200, 200, 200]);
    expect(confirm.checkout.completed).toBe(true);
    const placed = await ordersOfCart(cartId);
    expect(placed).toHaveLength(1);
    expect(await paymentOf(placed[0]!.id)).toMatchObject({
      provider: 'stripe',
      transactionId: intentId,
      amount: authorised.amount,
      status: 'authorized',
      capturedAmount: 0,
    });
    // The intent id finds the confirm page too; nothing was captured yet.
    expect((await q(CONFIRM, { id: intentId })).checkout.completed).toBe(true);
    expect(shop.standIn.intent(intentId)!.status).toBe('requires_capture');
  });

  it('Swish: paid at once, the order and its capture recorded; webhook first, then the confirm page', async () => {
    const cartId = await cartWith([[F.tube.skuId, 2]]);
    const { sessionId, intentId } = await chooseStripe(cartId);
    const paid = await shop.standIn.confirm(intentId, { method: 'swish' });
    expect(paid.status).toBe('succeeded');
    expect(await shop.standIn.deliver('payment_intent.succeeded', intentId)).toEqual([200]);
    expect((await q(CONFIRM, { id: sessionId })).checkout.completed).toBe(true);
    const [order] = await ordersOfCart(cartId);
    expect(await paymentOf(order!.id)).toMatchObject({
      status: 'paid',
      amount: paid.amount,
      capturedAmount: paid.amount,
    });
    const ops = await shop.handle.db
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.orderId, order!.id));
    expect(ops.map((op) => [op.kind, op.state, op.amount])).toEqual([
      ['capture', 'succeeded', paid.amount],
    ]);
  });

  it('a missing, wrong or tampered signature answers 401 and writes nothing', async () => {
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    const { intentId } = await chooseStripe(cartId);
    await shop.standIn.confirm(intentId, { method: 'card' });
    for (const signature of ['none', 'wrong-secret', 'tampered-body'] as const) {
      expect(
        await shop.standIn.deliver('payment_intent.amount_capturable_updated', intentId, {
          signature,
        }),
      ).toEqual([401]);
    }
    expect(await ordersOfCart(cartId)).toHaveLength(0);
    const unsigned = await shop.fetchShop('/payments/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'payment_intent.succeeded',
        data: { object: { id: intentId } },
      }),
    });
    expect(unsigned.status).toBe(401);
    expect(await ordersOfCart(cartId)).toHaveLength(0);
  });

  it('an intent for another amount than the cart is declined and cancelled, no order', async () => {
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    const { sessionId, intentId } = await chooseStripe(cartId);
    // Someone changes the amount at Stripe (not through the shop).
    const sdk = new Stripe(shop.standIn.secretKey, {
      host: '127.0.0.1',
      port: shop.standIn.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const amount = shop.standIn.intent(intentId)!.amount;
    await sdk.paymentIntents.update(intentId, { amount: amount - 1 });
    await shop.standIn.confirm(intentId, { method: 'card' });
    expect(
      await shop.standIn.deliver('payment_intent.amount_capturable_updated', intentId),
    ).toEqual([200]);
    expect(await ordersOfCart(cartId)).toHaveLength(0);
    expect(shop.standIn.intent(intentId)!.status).toBe('canceled');
    const [session] = await shop.handle.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, sessionId));
    expect(session).toMatchObject({ status: 'declined', declineReason: 'cart-changed' });
    const confirm = await q(CONFIRM, { id: sessionId });
    expect(confirm.checkout).toMatchObject({ completed: false });
    expect(confirm.checkout.htmlSnippet).toContain('cart-changed');
  });

  it('placeOrder sends our storefront to the Payment Element page; its return goes to the confirm page', async () => {
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    const placed = await q(PLACE, { cartId, checkout: personCheckout({ paymentId: STRIPE }) });
    expect(placed.placeOrder.status).toBe('pending');
    const path = new URL(placed.placeOrder.redirectUrl).pathname;
    expect(path).toMatch(/^\/payments\/stripe\/[0-9a-f-]{36}$/);
    const page = await shop.fetchShop(path);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'nonce-");
    expect(csp).toContain('https://js.stripe.com');
    expect(csp).toContain(`connect-src https://api.stripe.com ${shop.standIn.url}`);
    const html = await page.text();
    expect(html).toContain('https://js.stripe.com/endive/stripe.js');
    expect(html).toMatch(/Betala [\d\s\u00a0]+(,\d\d)?\s?kr/);
    const sessionId = path.split('/').at(-1)!;
    const [session] = await shop.handle.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, sessionId));
    expect(html).toContain(shop.standIn.intent(session!.providerRef!)!.client_secret);
    const back = await shop.fetchShop(`${path}/return`, { redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(
      `${shop.shopUrl}/checkout/confirm?kid=${sessionId}&cartid=${cartId}`,
    );
    expect(
      await shop.handle.db
        .select()
        .from(orderPayments)
        .where(eq(orderPayments.transactionId, session!.providerRef!)),
    ).toHaveLength(0);
    expect(STRIPE).toBe(5);
  });
});
