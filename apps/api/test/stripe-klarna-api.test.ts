/**
 * Klarna as a Stripe payment method (issue 42: "card, Swish and Klarna as Stripe payment
 * methods, Payment Intents with manual capture where the method allows it"; docs/payments.md),
 * the real `stripe` client against the local stand-in: option 5 "Kort, Swish eller Klarna"
 * creates intents with Klarna (manual capture) in SEK and EUR; a Klarna purchase confirms with a
 * redirect to the stand-in's Klarna page, which authorises and sends the shopper back to our
 * return page with `redirect_status=succeeded`: the intent `requires_capture` becomes one order,
 * captured at shipment and refunded from the back office through the same intent calls; a
 * declined Klarna redirect (`redirect_status=failed`) goes to the checkout's fail page with the
 * cart kept and no order, and the shopper may pay again. On every database kind.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, paymentSessions } from '../src/db/schema.ts';
import { transitionOrder } from '../src/modules/orders/order-process.ts';
import { refundOrder, refundInputSchema } from '../src/modules/orders/order-refund.service.ts';
import { CART_FIXTURE as F } from './cart-fixture.ts';
import { CONFIRM, useStripeShop } from './stripe-suite.ts';
import { testDatabaseKinds } from './test-db.ts';

const STAFF = { staffUserId: null, staffEmail: 'lager@example.se' };

describe.each(testDatabaseKinds())('Klarna through Stripe on %s', (kind) => {
  const shop = useStripeShop(kind);
  const { q, cartWith, chooseStripe, ordersOfCart, paymentOf } = shop;
  const returnUrlOf = (sessionId: string) => `${shop.shopUrl}/payments/stripe/${sessionId}/return`;

  /**
   * The shopper chooses Klarna in the Payment Element (confirm with a redirect), lands on the
   * stand-in's Klarna page and presses "Godkänn" or "Neka": the location Klarna sends them back to.
   */
  const payWithKlarna = async (
    intentId: string,
    sessionId: string,
    decide: 'authorize' | 'fail',
  ) => {
    const confirmed = await shop.standIn.confirm(intentId, {
      method: 'klarna',
      returnUrl: returnUrlOf(sessionId),
    });
    expect(confirmed.status).toBe('requires_action');
    expect(confirmed.next_action?.type).toBe('redirect_to_url');
    const klarna = confirmed.next_action!.redirect_to_url!.url!;
    const page = await fetch(klarna);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Godkänn');
    const back = await fetch(`${klarna}/${decide}`, { method: 'POST', redirect: 'manual' });
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(returnUrlOf(sessionId));
    expect(location.searchParams.get('payment_intent')).toBe(intentId);
    expect(location.searchParams.get('redirect_status')).toBe(
      decide === 'authorize' ? 'succeeded' : 'failed',
    );
    return location;
  };

  it('option 5 "Kort, Swish eller Klarna" has Klarna with manual capture in SEK and in EUR', async () => {
    const cartId = await cartWith([[F.tube.skuId, 1]]);
    const sek = await chooseStripe(cartId);
    const intent = shop.standIn.intent(sek.intentId)!;
    expect([...intent.payment_method_types].sort()).toEqual(['card', 'klarna', 'swish']);
    expect(intent.payment_method_options).toMatchObject({
      card: { capture_method: 'manual' },
      klarna: { capture_method: 'manual' },
    });
    expect(intent.payment_method_options?.swish).not.toHaveProperty('capture_method');
    const created = shop.posts('/v1/payment_intents').at(-1)!;
    expect(created.params).toMatchObject({
      allowed_payment_method_types: ['card', 'swish', 'klarna'],
      payment_method_options: { klarna: { capture_method: 'manual' } },
    });
    const { createOrUpdateCheckout } = await q(
      `mutation($cartId: String!) { createOrUpdateCheckout(cartId: $cartId) { paymentOptions { id displayName } } }`,
      { cartId },
    );
    expect(
      (createOrUpdateCheckout.paymentOptions as Array<{ id: number; displayName: string }>).find(
        (o) => o.id === 5,
      )?.displayName,
    ).toBe('Kort, Swish eller Klarna');

    const finland = await cartWith([[F.tube.skuId, 1]], 'fi');
    const eur = shop.standIn.intent((await chooseStripe(finland, 'fi')).intentId)!;
    expect(eur.currency).toBe('eur');
    expect([...eur.payment_method_types].sort()).toEqual(['card', 'klarna']);
    expect(eur.payment_method_options?.klarna?.capture_method).toBe('manual');
    // Finland names what it offers: no Swish.
    const fi = await q(
      `mutation($cartId: String!) { createOrUpdateCheckout(cartId: $cartId, marketId: "fi") { paymentOptions { id displayName } } }`,
      { cartId: finland },
    );
    expect(
      (fi.createOrUpdateCheckout.paymentOptions as Array<{ id: number; displayName: string }>).find(
        (o) => o.id === 5,
      )?.displayName,
    ).toBe('Kort eller Klarna');
  });

  it('Klarna: redirected to Klarna and back, the intent requires_capture becomes one order, captured at shipment and refunded', async () => {
    const cartId = await cartWith([
      [F.bike.skuId, 1],
      [F.tube.skuId, 1],
    ]);
    const { sessionId, intentId } = await chooseStripe(cartId);
    // While the shopper is at Klarna nothing is held: no order yet.
    const back = await payWithKlarna(intentId, sessionId, 'authorize');
    const authorised = shop.standIn.intent(intentId)!;
    expect(authorised).toMatchObject({ status: 'requires_capture', next_action: null });
    expect(authorised.amount_capturable).toBe(authorised.amount);
    // The webhook and the shopper's return race; one order.
    const [statuses, returned] = await Promise.all([
      shop.standIn.deliver('payment_intent.amount_capturable_updated', intentId, { times: 2 }),
      shop.fetchShop(`${back.pathname}${back.search}`, { redirect: 'manual' }),
    ]);
    expect(statuses).toEqual([200, 200]);
    expect(returned.status).toBe(303);
    expect(returned.headers.get('location')).toBe(
      `${shop.shopUrl}/checkout/confirm?kid=${sessionId}&cartid=${cartId}`,
    );
    expect((await q(CONFIRM, { id: sessionId })).checkout.completed).toBe(true);
    const placed = await ordersOfCart(cartId);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.paymentName).toBe('Kort, Swish eller Klarna');
    const orderId = placed[0]!.id;
    expect(await paymentOf(orderId)).toMatchObject({
      provider: 'stripe',
      transactionId: intentId,
      amount: authorised.amount,
      status: 'authorized',
      capturedAmount: 0,
    });

    await transitionOrder(shop.handle.db, orderId, 'processing', 'Skickad', {
      shipment: { parcelNumber: 'PN-4040404' },
      actor: STAFF,
    });
    await shop.runJobs();
    expect(shop.standIn.intent(intentId)).toMatchObject({
      status: 'succeeded',
      amount_received: authorised.amount,
    });
    expect(await paymentOf(orderId)).toMatchObject({
      status: 'paid',
      capturedAmount: authorised.amount,
    });
    const partial = await refundOrder(
      shop.handle.db,
      refundInputSchema.parse({ orderId, lines: [{ lineNo: 2, quantity: 1 }] }),
      STAFF,
      new Date(),
    );
    await shop.runJobs();
    expect(shop.standIn.refunds(intentId).map((r) => r.amount)).toEqual([partial.amountIncVat]);
    expect(await paymentOf(orderId)).toMatchObject({ refundedAmount: partial.amountIncVat });
  });

  it('Klarna declined: back with redirect_status=failed to the fail page, no order, the cart kept; the shopper pays again by card', async () => {
    const cartId = await cartWith([[F.tube.skuId, 2]]);
    const { sessionId, intentId } = await chooseStripe(cartId);
    const back = await payWithKlarna(intentId, sessionId, 'fail');
    expect(shop.standIn.intent(intentId)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    });
    expect(await shop.standIn.deliver('payment_intent.payment_failed', intentId)).toEqual([200]);
    const returned = await shop.fetchShop(`${back.pathname}${back.search}`, { redirect: 'manual' });
    expect(returned.status).toBe(303);
    expect(returned.headers.get('location')).toBe(
      `${shop.shopUrl}/checkout/klarna-fail?reason=general`,
    );
    // In a headless client's frame: a page that moves the whole window there.
    const framed = await shop.fetchShop(`${back.pathname}${back.search}`, {
      headers: { 'sec-fetch-dest': 'iframe' },
    });
    const html = await framed.text();
    expect(html).toContain('Betalningen gick inte igenom');
    expect(html).toContain('/checkout/klarna-fail?reason=general');
    expect(await ordersOfCart(cartId)).toHaveLength(0);
    const { getCart } = await q(`query($id: String!) { getCart(id: $id) { items { quantity } } }`, {
      id: cartId,
    });
    expect(getCart.items).toEqual([{ quantity: 2 }]);
    const [session] = await shop.handle.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, sessionId));
    expect(session).toMatchObject({ status: 'created', orderId: null });

    // Our page shows the Payment Element again; a card pays the same intent.
    expect((await shop.fetchShop(`/payments/stripe/${sessionId}`)).status).toBe(200);
    await shop.standIn.confirm(intentId, { method: 'card' });
    // A forged redirect_status=failed is not believed: the intent is authorised.
    const forged = await shop.fetchShop(`${back.pathname}${back.search}`, { redirect: 'manual' });
    expect(forged.headers.get('location')).toContain('/checkout/confirm?kid=');
    expect((await q(CONFIRM, { id: sessionId })).checkout.completed).toBe(true);
    const [order] = await shop.handle.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(await paymentOf(order!.id)).toMatchObject({ status: 'authorized' });
  });
});
