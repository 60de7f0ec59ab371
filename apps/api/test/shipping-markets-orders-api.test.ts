/**
 * API integration tests of money per market in shipping (issues 4 and 6; GEINS-API §3.1 getCart
 * allowExternalShippingFee and validateOrderConditions, §3.2 setCartShippingFee), part 2: a hosted
 * payment in EUR, the external fee, stock texts in the request language and the order
 * conditions, on every database kind.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giftCards, stock } from '../src/db/schema.ts';
import { decidePaymentSession } from '../src/modules/payments/payments.service.ts';
import { CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { testDatabaseKinds } from './test-db.ts';
import {
  plain,
  GET_CART,
  CHECKOUT,
  SET_FEE,
  VALIDATE,
  type ShippingFields,
  useShippingMarketsApi,
} from './shipping-markets-suite.ts';

describe.each(testDatabaseKinds())('shipping per market on %s', (kind) => {
  const api = useShippingMarketsApi(kind);
  const { cartWith, shippingOf } = api;

  it('a hosted payment started in Finland becomes an order in EUR, whatever market the return asks for', async () => {
    const cartId = await cartWith('fi', [[F.tube.skuId, 1]]);
    const email = 'eero.hosted@example.fi';
    const pending = await api.client.query(
      `mutation($cartId: String!, $checkout: CheckoutInputType!, $m: String) {
        placeOrder(cartId: $cartId, checkout: $checkout, marketId: $m) { status redirectUrl } }`,
      {
        cartId,
        m: 'fi',
        checkout: personCheckout({
          email,
          paymentId: 2,
          shippingId: 2,
          billingAddress: {
            firstName: 'Eero',
            lastName: 'Virtanen',
            addressLine1: 'Aleksanterinkatu 1',
            zip: '00100',
            city: 'Helsinki',
            mobile: '0401234567',
          },
        }),
      },
    );
    expect(pending.errors).toBeUndefined();
    const session = pending.data!.placeOrder.redirectUrl!.split('/').pop()!;
    await decidePaymentSession(api.handle.db, session, { approved: true });
    // The confirm page without a market: the default (Swedish) one.
    const confirm = await api.client.query(
      `{ checkout(id: "${session}", cartId: "${cartId}", paymentType: KLARNA) { completed order { currency shippingFeeIncVat orderValueIncVat } } }`,
    );
    expect(confirm.errors).toBeUndefined();
    expect(confirm.data!.checkout).toMatchObject({
      completed: true,
      order: { currency: 'EUR', shippingFeeIncVat: 5.9, orderValueIncVat: 18.8 },
    });
  });

  it('setCartShippingFee stores the external fee; only reads with allowExternalShippingFee in its currency use it', async () => {
    const cartId = await cartWith('fi', [[F.tube.skuId, 1]]);
    const set = await api.client.query(SET_FEE, { cartId, fee: 12.5, m: 'fi' });
    expect(set.errors).toBeUndefined();
    expect(set.data!.setCartShippingFee.cart).toMatchObject({
      id: cartId,
      summary: { shipping: { feeIncVat: 12.5, feeExVat: 9.96 } },
    });
    expect(plain(set.data!.setCartShippingFee.cart.summary.shipping.feeIncVatFormatted)).toBe(
      '12,50 €',
    );
    expect(await shippingOf(cartId, 'fi', true)).toMatchObject({ feeIncVat: 12.5 });
    // Not asked for: the method's fee.
    expect(await shippingOf(cartId, 'fi')).toMatchObject({ feeIncVat: 5.9 });
    // Set in EUR: a Swedish read keeps the Swedish fee.
    expect(await shippingOf(cartId, 'se', true)).toMatchObject({ feeIncVat: 49 });
    // The checkout uses it for the method the cart is priced with.
    const checkout = await api.client.query(CHECKOUT, {
      cartId,
      m: 'fi',
      checkout: { billingAddress: { zip: '00100' } },
    });
    expect(
      checkout.data!.createOrUpdateCheckout.shippingOptions.map((o: ShippingFields) => [
        o.name,
        o.feeIncVat,
      ]),
    ).toEqual([
      ['ombud', 12.5],
      ['hemleverans', 9.9],
    ]);
    // Over the threshold an eligible method still ships free.
    const added = await api.client.query(
      `mutation($id: String!, $m: String) { addToCart(id: $id, item: { skuId: ${F.bike.skuId}, quantity: 1 }, marketId: $m, allowExternalShippingFee: true) { summary { shipping { feeIncVat } } } }`,
      { id: cartId, m: 'fi' },
    );
    expect(added.data!.addToCart.summary.shipping.feeIncVat).toBe(0);
    expect(await shippingOf(cartId, 'fi', true)).toMatchObject({ feeIncVat: 0 });
    // 0 is a fee too.
    const zero = await api.client.query(SET_FEE, { cartId, fee: 0, m: 'fi' });
    expect(zero.errors).toBeUndefined();
  });

  it('setCartShippingFee refuses bad fees with a typed error and changes nothing', async () => {
    const cartId = await cartWith('fi', [[F.tube.skuId, 1]]);
    for (const fee of [-1, -0.01, 10_000.01, 1e9, 5.999]) {
      const result = await api.client.query(SET_FEE, { cartId, fee, m: 'fi' });
      expect(result.data?.setCartShippingFee ?? null).toBeNull();
      expect(result.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        argument: 'shippingFee',
      });
      expect(result.errors![0]!.message).toMatch(/^shippingFee must be an amount between 0 and/);
    }
    // Not a number at all: the Decimal scalar refuses it.
    const text = await api.client.query(SET_FEE, { cartId, fee: 'gratis', m: 'fi' });
    expect(text.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await shippingOf(cartId, 'fi', true)).toMatchObject({ feeIncVat: 5.9 });
    const unknown = await api.client.query(SET_FEE, {
      cartId: '00000000-0000-4000-8000-000000000000',
      fee: 10,
      m: 'fi',
    });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('writes the numbers of "only {stock} left" in the request language', async () => {
    await api.handle.db.update(stock).set({ inStock: 1000 }).where(eq(stock.skuId, F.bike.skuId));
    const ADD = `mutation($id: String!, $m: String) {
      addToCart(id: $id, item: { skuId: ${F.bike.skuId}, quantity: 600 }, marketId: $m) { id } }`;
    const twice = async (m: string) => {
      const { data } = await api.client.query(GET_CART, { id: '', m });
      const id = data!.getCart.id as string;
      expect((await api.client.query(ADD, { id, m })).errors).toBeUndefined();
      return (await api.client.query(ADD, { id, m })).errors?.[0];
    };
    const danish = await twice('dk');
    expect(danish?.extensions).toMatchObject({ code: 'OUT_OF_STOCK', stock: 1000 });
    expect(danish?.message).toBe('Only 1.000 left in stock, and the cart already holds 600');
    const swedish = await twice('se');
    expect(swedish?.message).toBe('Only 1\u00a0000 left in stock, and the cart already holds 600');
    await api.handle.db.update(stock).set({ inStock: 100 }).where(eq(stock.skuId, F.bike.skuId));
  });

  it('validateOrderConditions: stock, shipping and payment selection, e-mail, completed carts', async () => {
    const check = async (cartId: string, email?: string) => {
      const result = await api.client.query(VALIDATE, { cartId, email, m: 'fi' });
      expect(result.errors).toBeUndefined();
      return result.data!.validateOrderConditions as { isValid: boolean; message: string | null };
    };
    const unknown = await api.client.query(VALIDATE, { cartId: 'not-a-cart', m: 'fi' });
    expect(unknown.errors?.[0]?.extensions).toMatchObject({
      code: 'NOT_FOUND',
      argument: 'cartId',
    });

    const empty = await cartWith('fi', []);
    expect(await check(empty)).toEqual({ isValid: false, message: 'The cart is empty' });

    const cartId = await cartWith('fi', [[F.tube.skuId, 2]]);
    expect(await check(cartId)).toEqual({
      isValid: false,
      message: 'Enter a valid postal code',
    });
    await api.client.query(CHECKOUT, {
      cartId,
      m: 'fi',
      checkout: { billingAddress: { zip: '00100' } },
    });
    // The default method serves the zip, but none was chosen yet.
    expect(await check(cartId)).toEqual({ isValid: false, message: 'Choose a shipping method' });
    await api.client.query(CHECKOUT, { cartId, m: 'fi', checkout: { shippingId: 3 } });
    // Store pickup is not offered in Finland.
    expect(await check(cartId)).toEqual({ isValid: false, message: 'Choose a shipping method' });
    await api.client.query(CHECKOUT, {
      cartId,
      m: 'fi',
      checkout: { shippingId: 2, paymentId: 99 },
    });
    expect(await check(cartId)).toEqual({ isValid: false, message: 'Choose a payment method' });
    await api.client.query(CHECKOUT, { cartId, m: 'fi', checkout: { paymentId: 1 } });
    expect(await check(cartId)).toEqual({ isValid: true, message: null });
    expect(await check(cartId, 'aino@example.fi')).toEqual({ isValid: true, message: null });
    expect(await check(cartId, 'inte en adress')).toEqual({
      isValid: false,
      message: 'Enter a valid e-mail address',
    });
    expect(await check(cartId, `${'a'.repeat(250)}@example.fi`)).toMatchObject({
      isValid: false,
    });

    // Stock fell below the cart's quantity.
    await api.handle.db.update(stock).set({ inStock: 1 }).where(eq(stock.skuId, F.tube.skuId));
    const low = await check(cartId);
    expect(low.isValid).toBe(false);
    expect(low.message).toBe('Only 1 of Testslang 28" (28") left in stock');
    await api.handle.db.update(stock).set({ inStock: 20 }).where(eq(stock.skuId, F.tube.skuId));

    // A gift card that has been used up elsewhere since it was applied.
    const swedish = await cartWith('se', [[F.tube.skuId, 1]]);
    const applied = await api.client.query(
      `mutation($id: String!) { setCartGiftCard(id: $id, giftCardCode: "PRESENT500") { id } }`,
      { id: swedish },
    );
    expect(applied.errors).toBeUndefined();
    await api.client.query(CHECKOUT, {
      cartId: swedish,
      m: 'se',
      checkout: { billingAddress: { zip: '11122' }, shippingId: 2, paymentId: 1 },
    });
    const inSweden = async () =>
      (await api.client.query(VALIDATE, { cartId: swedish, m: 'se' })).data!
        .validateOrderConditions;
    expect(await inSweden()).toEqual({ isValid: true, message: null });
    await api.handle.db
      .update(giftCards)
      .set({ balance: 0 })
      .where(eq(giftCards.code, 'PRESENT500'));
    expect(await inSweden()).toEqual({
      isValid: false,
      message: 'The gift card has no balance left',
    });

    await api.client.query(`mutation($id: String!) { completeCart(id: $id) { id } }`, {
      id: cartId,
    });
    expect(await check(cartId)).toEqual({
      isValid: false,
      message: 'The cart is already completed',
    });
  });
});
