/**
 * Stripe's Payment Element on our own checkout page (issue 42; stripe-element.service.ts):
 * createOrUpdateCheckout asked for `paymentOptions.stripeElement` gives the cart's intent (the
 * same session placeOrder then uses, for exactly the cart total in öre), its client secret and
 * the session's return page; placeOrder sets the final amount on that very intent, so what the
 * Element confirms is what the order is written from. Against the local Stripe stand-in, on
 * every database kind.
 */
import { describe, expect, it } from 'vitest';
import { CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { CONFIRM, STRIPE, useStripeShop } from './stripe-suite.ts';
import { testDatabaseKinds } from './test-db.ts';

const ELEMENT = `mutation co($cartId: String!, $checkout: CheckoutInputType) {
  createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) {
    cart { summary { total { sellingPriceIncVat } } }
    paymentOptions { id isSelected paymentData stripeElement { publishableKey clientSecret sessionId returnUrl } } } }`;
const PLACE = `mutation place($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { status redirectUrl } }`;

interface ElementOption {
  id: number;
  isSelected: boolean;
  paymentData: string | null;
  stripeElement: {
    publishableKey: string;
    clientSecret: string;
    sessionId: string;
    returnUrl: string;
  } | null;
}

describe.each(testDatabaseKinds())('the Payment Element on our checkout on %s', (kind) => {
  const shop = useStripeShop(kind);
  const { q, cartWith, ordersOfCart } = shop;

  /** createOrUpdateCheckout asking for the element: the Stripe option and the total in öre. */
  const checkout = async (cartId: string, paymentId: number) => {
    const data = await q(ELEMENT, { cartId, checkout: personCheckout({ paymentId }) });
    const options = data.createOrUpdateCheckout.paymentOptions as ElementOption[];
    return {
      stripe: options.find((o) => o.id === STRIPE)!,
      others: options.filter((o) => o.id !== STRIPE),
      total: Math.round(data.createOrUpdateCheckout.cart.summary.total.sellingPriceIncVat * 100),
    };
  };

  it('gives the intent of the cart total; placeOrder keeps that intent; the Element pays it and one order follows', async () => {
    const cartId = await cartWith([
      [F.bike.skuId, 1],
      [F.tube.skuId, 2],
    ]);
    const { stripe, total } = await checkout(cartId, STRIPE);
    const element = stripe.stripeElement!;
    expect(element.publishableKey).toBe(shop.standIn.publishableKey);
    expect(element.returnUrl).toBe(`${shop.shopUrl}/payments/stripe/${element.sessionId}/return`);
    // The element asked for, not the framed page: no snippet unless a client asks for it.
    expect(stripe.paymentData).toBeNull();
    const intentId = element.clientSecret.split('_secret_')[0]!;
    expect(shop.standIn.intent(intentId)).toMatchObject({
      amount: total,
      currency: 'sek',
      status: 'requires_payment_method',
      client_secret: element.clientSecret,
    });

    // Asked again (an autosave): the same session and intent; a larger cart raises its amount.
    expect((await checkout(cartId, STRIPE)).stripe.stripeElement).toEqual(element);
    await q(
      `mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`,
      { id: cartId, item: { skuId: F.tube.skuId, quantity: 1 } },
    );
    const grown = await checkout(cartId, STRIPE);
    expect(grown.stripe.stripeElement!.sessionId).toBe(element.sessionId);
    expect(shop.standIn.intent(intentId)!.amount).toBe(grown.total);

    // placeOrder (the storefront's "Slutför köp") names the same session: the Element confirms it.
    const placed = await q(PLACE, { cartId, checkout: personCheckout({ paymentId: STRIPE }) });
    expect(placed.placeOrder.status).toBe('pending');
    expect(new URL(placed.placeOrder.redirectUrl).pathname).toBe(
      `/payments/stripe/${element.sessionId}`,
    );
    const authorised = await shop.standIn.confirm(intentId, { method: 'card' });
    expect(authorised).toMatchObject({ status: 'requires_capture', amount: grown.total });
    const back = await shop.fetchShop(new URL(element.returnUrl).pathname, { redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(
      `${shop.shopUrl}/checkout/confirm?kid=${element.sessionId}&cartid=${cartId}`,
    );
    expect((await q(CONFIRM, { id: element.sessionId })).checkout.completed).toBe(true);
    const orders = await ordersOfCart(cartId);
    expect(orders).toHaveLength(1);
  });

  it('is null for another choice, and once the intent is paid no element is given for it', async () => {
    const cartId = await cartWith([[F.tube.skuId, 1]]);
    const invoice = await checkout(cartId, 1);
    expect(invoice.stripe.stripeElement).toBeNull();
    expect(invoice.others.every((o) => o.stripeElement === null)).toBe(true);

    const { stripe } = await checkout(cartId, STRIPE);
    const intentId = stripe.stripeElement!.clientSecret.split('_secret_')[0]!;
    await shop.standIn.confirm(intentId, { method: 'card' });
    // Authorised but not yet an order (the shopper has not come back): not payable again; the
    // storefront then places the order through our page, which goes on to the confirm page.
    expect((await checkout(cartId, STRIPE)).stripe.stripeElement).toBeNull();
  });
});
