/**
 * API integration tests of money per market in shipping (issues 4 and 6; SPEC §9 free shipping,
 * GEINS-API §3.1 getCart allowExternalShippingFee and validateOrderConditions, §3.2
 * setCartShippingFee, §4.5 ShippingOptionType): every fee and amountLeftToFreeShipping is in the
 * request's (checkout) market, a method without a fee row there is not offered, and the
 * external fee and the order conditions behave as the contract says, on every database kind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { giftCards, orders, productPrices, shippingFees, stock } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { decidePaymentSession } from '../src/modules/payments/payments.service.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import type { Config } from '../src/config.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { addCartFixture, CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

/** Intl's non-breaking spaces as plain spaces. */
const plain = (text: unknown) => String(text).replace(/[\u00a0\u202f]/g, ' ');

const SHIPPING = `shipping { id name feeIncVat feeExVat feeIncVatFormatted amountLeftToFreeShipping amountLeftToFreeShippingFormatted }`;

const GET_CART = `query($id: String, $m: String, $external: Boolean) {
  getCart(id: $id, marketId: $m, allowExternalShippingFee: $external) {
    id freeShipping summary { total { sellingPriceIncVat currency { code } } ${SHIPPING} }
  } }`;

const CHECKOUT = `mutation($cartId: String!, $checkout: CheckoutInputType, $m: String) {
  createOrUpdateCheckout(cartId: $cartId, checkout: $checkout, marketId: $m) {
    cart { summary { ${SHIPPING} } }
    shippingOptions { id name feeIncVat feeExVat feeIncVatFormatted isSelected }
    shippingData
  } }`;

const SET_FEE = `mutation($cartId: String!, $fee: Decimal!, $m: String) {
  setCartShippingFee(cartId: $cartId, shippingFee: $fee, marketId: $m) {
    cart { id summary { ${SHIPPING} } }
    shippingOptions { name feeIncVat isSelected }
  } }`;

const VALIDATE = `query($cartId: String!, $email: String, $m: String) {
  validateOrderConditions(cartId: $cartId, email: $email, marketId: $m) { isValid message } }`;

type ShippingFields = {
  id: number;
  name: string;
  feeIncVat: number;
  feeExVat: number;
  feeIncVatFormatted: string;
  amountLeftToFreeShipping: number;
  amountLeftToFreeShippingFormatted: string;
};

describe.each(testDatabaseKinds())('shipping per market on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  let outbox: string;
  /** The test configuration with the outbox folder (the order e-mail job reads it). */
  let mailConfig: Config;

  /** A new cart in the market with these SKUs and units. */
  const cartWith = async (market: string, items: Array<[number, number]>): Promise<string> => {
    const { data } = await client.query(GET_CART, { id: '', m: market });
    const id = data!.getCart.id as string;
    for (const [skuId, quantity] of items) {
      const result = await client.query(
        `mutation($id: String!, $item: CartItemInputType!, $m: String) {
          addToCart(id: $id, item: $item, marketId: $m) { id } }`,
        { id, item: { skuId, quantity }, m: market },
      );
      expect(result.errors).toBeUndefined();
    }
    return id;
  };
  const shippingOf = async (id: string, market: string, external?: boolean) => {
    const result = await client.query(GET_CART, { id, m: market, external });
    expect(result.errors).toBeUndefined();
    return result.data!.getCart.summary.shipping as ShippingFields;
  };

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 20 });
    await addCartFixture(handle.db);
    // The fixture's tube and bike in Finland (EUR, 25.5 %) and Norway (NOK).
    await handle.db.insert(productPrices).values([
      {
        productId: F.tube.productId,
        marketId: 'FI|EUR',
        currencyCode: 'EUR',
        regularPriceIncVat: 1_290,
        vatRateBasisPoints: 2550,
      },
      {
        productId: F.bike.productId,
        marketId: 'FI|EUR',
        currencyCode: 'EUR',
        regularPriceIncVat: 44_990,
        vatRateBasisPoints: 2550,
      },
      {
        productId: F.bike.productId,
        marketId: 'DK|DKK',
        currencyCode: 'DKK',
        regularPriceIncVat: 379_900,
        vatRateBasisPoints: 2500,
      },
      {
        productId: F.tube.productId,
        marketId: 'NO|NOK',
        currencyCode: 'NOK',
        regularPriceIncVat: 15_900,
        vatRateBasisPoints: 2500,
      },
    ]);
    outbox = mkdtempSync(join(tmpdir(), 'trampa-outbox-'));
    const base = testConfig();
    mailConfig = { ...base, mail: { ...base.mail, outboxDir: outbox } };
    client = createTestClient(handle, mailConfig);
  });

  afterAll(async () => {
    await handle?.close();
    if (outbox) rmSync(outbox, { recursive: true, force: true });
  });

  it('a Finland cart shows the fee and amountLeftToFreeShipping in EUR, Norway in NOK, Sweden in SEK', async () => {
    const cartId = await cartWith('fi', [[F.tube.skuId, 1]]);
    const finland = await shippingOf(cartId, 'fi');
    // Service point (the default): 5,90 € incl. 25.5 % VAT; free from 49 €.
    expect(finland).toMatchObject({
      name: 'ombud',
      feeIncVat: 5.9,
      feeExVat: 4.7,
      amountLeftToFreeShipping: 36.1,
    });
    expect(plain(finland.feeIncVatFormatted)).toBe('5,90 €');
    expect(plain(finland.amountLeftToFreeShippingFormatted)).toBe('36,10 €');

    // The same cart read in Norway: 159 NOK, fee 59 NOK, free from 599 NOK.
    const norway = await shippingOf(cartId, 'no');
    expect(norway).toMatchObject({ feeIncVat: 59, feeExVat: 47.2, amountLeftToFreeShipping: 440 });
    expect(plain(norway.feeIncVatFormatted)).toBe('59 kr');
    expect(plain(norway.amountLeftToFreeShippingFormatted)).toBe('440 kr');

    // And in Sweden: 129 kr, fee 49 kr, free from 499 kr (SPEC §9).
    const sweden = await shippingOf(cartId, 'se');
    expect(sweden).toMatchObject({ feeIncVat: 49, amountLeftToFreeShipping: 370 });

    // Over 49 €: free in Finland.
    const big = await cartWith('fi', [[F.bike.skuId, 1]]);
    const { data } = await client.query(GET_CART, { id: big, m: 'fi' });
    expect(data!.getCart.freeShipping).toBe(true);
    expect(data!.getCart.summary.shipping).toMatchObject({
      feeIncVat: 0,
      amountLeftToFreeShipping: 0,
    });
    expect(data!.getCart.summary.total).toMatchObject({
      sellingPriceIncVat: 449.9,
      currency: { code: 'EUR' },
    });
  });

  it("MarketType tells each market's free-shipping threshold (shop extension)", async () => {
    const { data, errors } = await client.query(
      `{ channel { markets { id freeShippingThresholdIncVat freeShippingThresholdIncVatFormatted } } }`,
    );
    expect(errors).toBeUndefined();
    expect(
      data!.channel.markets.map(
        (m: {
          id: string;
          freeShippingThresholdIncVat: number;
          freeShippingThresholdIncVatFormatted: string;
        }) => [m.id, m.freeShippingThresholdIncVat, plain(m.freeShippingThresholdIncVatFormatted)],
      ),
    ).toEqual([
      ['SE|SEK', 499, '499 kr'],
      ['NO|NOK', 599, '599 kr'],
      ['DK|DKK', 449, '449 kr.'],
      ['FI|EUR', 49, '49 €'],
      ['EU|EUR', 49, '€49'],
    ]);
  });

  it('offers only the methods with a fee row in the checkout market, for zips of its country', async () => {
    const cartId = await cartWith('fi', [[F.tube.skuId, 1]]);
    let result = await client.query(CHECKOUT, {
      cartId,
      m: 'fi',
      checkout: { billingAddress: { zip: '00100' }, shippingId: 1 },
    });
    expect(result.errors).toBeUndefined();
    let checkout = result.data!.createOrUpdateCheckout;
    // No store pickup outside Sweden (no fee row).
    expect(
      checkout.shippingOptions.map((o: ShippingFields) => [
        o.name,
        o.feeIncVat,
        plain(o.feeIncVatFormatted),
      ]),
    ).toEqual([
      ['ombud', 5.9, '5,90 €'],
      ['hemleverans', 9.9, '9,90 €'],
    ]);
    expect(checkout.cart.summary.shipping).toMatchObject({ name: 'hemleverans', feeIncVat: 9.9 });

    // A Norwegian zip has four digits: "11122" is not one.
    const norwegian = await cartWith('no', [[F.tube.skuId, 1]]);
    result = await client.query(CHECKOUT, {
      cartId: norwegian,
      m: 'no',
      checkout: { billingAddress: { zip: '11122' } },
    });
    expect(result.data!.createOrUpdateCheckout.shippingOptions).toEqual([]);
    result = await client.query(CHECKOUT, {
      cartId: norwegian,
      m: 'no',
      checkout: { billingAddress: { zip: '0150' } },
    });
    expect(
      result.data!.createOrUpdateCheckout.shippingOptions.map((o: ShippingFields) => [
        o.name,
        o.feeIncVat,
      ]),
    ).toEqual([
      ['ombud', 59],
      ['hemleverans', 119],
    ]);

    // Without its fee row, home delivery is not offered in Denmark any more.
    await handle.db
      .delete(shippingFees)
      .where(and(eq(shippingFees.marketId, 'DK|DKK'), eq(shippingFees.shippingMethodId, 1)));
    const danish = await cartWith('dk', [[F.bike.skuId, 1]]);
    result = await client.query(CHECKOUT, {
      cartId: danish,
      m: 'dk',
      checkout: { billingAddress: { zip: '2100' }, shippingId: 1 },
    });
    checkout = result.data!.createOrUpdateCheckout;
    expect(checkout.shippingOptions.map((o: ShippingFields) => o.name)).toEqual(['ombud']);
    // The cart is priced with the default method, not the one no longer offered.
    expect(checkout.cart.summary.shipping.name).toBe('ombud');
  });

  it('places a Finnish order with the EUR fee on the order row and in the e-mail', async () => {
    const cartId = await cartWith('fi', [[F.tube.skuId, 2]]);
    const email = 'aino.virtanen@example.fi';
    const result = await client.query(
      `mutation($cartId: String!, $checkout: CheckoutInputType!, $m: String) {
        placeOrder(cartId: $cartId, checkout: $checkout, marketId: $m) { orderId status } }`,
      {
        cartId,
        m: 'fi',
        checkout: personCheckout({
          email,
          shippingId: 2,
          billingAddress: {
            firstName: 'Aino',
            lastName: 'Virtanen',
            addressLine1: 'Mannerheimintie 1',
            zip: '00100',
            city: 'Helsinki',
            mobile: '0401234567',
          },
        }),
      },
    );
    expect(result.errors).toBeUndefined();
    const orderId = Number(result.data!.placeOrder.orderId);
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      marketId: 'FI|EUR',
      currencyCode: 'EUR',
      itemValueIncVat: 2_580,
      shippingFeeIncVat: 590,
      shippingFeeExVat: 470,
      orderValueIncVat: 3_170,
    });
    // The order e-mail is a job (issue 15): run the queue with the test's mail settings.
    await runJobsUntilIdle(handle.db, mailConfig);
    const mails = await readOutbox(outbox, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Frakt (Leverans till ombud): 5,90 €');
    expect(mails[0]).toContain('Totalt: 31,70 €');
  });

  it('outside Sweden the identity number is optional and not checked as a personnummer', async () => {
    const place = async (market: string, identityNumber: string | null, zip: string) =>
      client.query(
        `mutation($cartId: String!, $checkout: CheckoutInputType!, $m: String) {
          placeOrder(cartId: $cartId, checkout: $checkout, marketId: $m) { orderId status } }`,
        {
          cartId: await cartWith(market, [[F.tube.skuId, 1]]),
          m: market,
          checkout: personCheckout({
            email: `id.${market}.${zip}@example.com`,
            identityNumber,
            shippingId: 2,
            billingAddress: {
              firstName: 'Aino',
              lastName: 'Virtanen',
              addressLine1: 'Mannerheimintie 1',
              zip,
              city: 'Helsinki',
              mobile: '0401234567',
            },
          }),
        },
      );
    // A Finnish henkilötunnus is not a personnummer, and none at all is fine in Finland.
    for (const identityNumber of ['131052-308T', null]) {
      const result = await place('fi', identityNumber, '00100');
      expect(result.errors).toBeUndefined();
      expect(result.data!.placeOrder.status).toBe('completed');
    }
    const hostile = await place('fi', '<b>1</b>', '00100');
    expect(hostile.errors?.[0]?.extensions?.code).toBe('INVALID_IDENTITY_NUMBER');
    expect(hostile.errors?.[0]?.message).toBe('Enter a valid ID number (digits and letters)');
    // In Sweden the personnummer stays required.
    const swedish = await place('se', null, '11122');
    expect(swedish.errors?.[0]?.extensions?.code).toBe('INVALID_CHECKOUT');
    expect(swedish.errors?.[0]?.extensions?.fields).toMatchObject({
      identityNumber: 'This field is required',
    });
  });

  it('a hosted payment started in Finland becomes an order in EUR, whatever market the return asks for', async () => {
    const cartId = await cartWith('fi', [[F.tube.skuId, 1]]);
    const email = 'eero.hosted@example.fi';
    const pending = await client.query(
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
    await decidePaymentSession(handle.db, session, { approved: true });
    // The confirm page without a market: the default (Swedish) one.
    const confirm = await client.query(
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
    const set = await client.query(SET_FEE, { cartId, fee: 12.5, m: 'fi' });
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
    const checkout = await client.query(CHECKOUT, {
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
    const added = await client.query(
      `mutation($id: String!, $m: String) { addToCart(id: $id, item: { skuId: ${F.bike.skuId}, quantity: 1 }, marketId: $m, allowExternalShippingFee: true) { summary { shipping { feeIncVat } } } }`,
      { id: cartId, m: 'fi' },
    );
    expect(added.data!.addToCart.summary.shipping.feeIncVat).toBe(0);
    expect(await shippingOf(cartId, 'fi', true)).toMatchObject({ feeIncVat: 0 });
    // 0 is a fee too.
    const zero = await client.query(SET_FEE, { cartId, fee: 0, m: 'fi' });
    expect(zero.errors).toBeUndefined();
  });

  it('setCartShippingFee refuses bad fees with a typed error and changes nothing', async () => {
    const cartId = await cartWith('fi', [[F.tube.skuId, 1]]);
    for (const fee of [-1, -0.01, 10_000.01, 1e9, 5.999]) {
      const result = await client.query(SET_FEE, { cartId, fee, m: 'fi' });
      expect(result.data?.setCartShippingFee ?? null).toBeNull();
      expect(result.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        argument: 'shippingFee',
      });
      expect(result.errors![0]!.message).toMatch(/^shippingFee must be an amount between 0 and/);
    }
    // Not a number at all: the Decimal scalar refuses it.
    const text = await client.query(SET_FEE, { cartId, fee: 'gratis', m: 'fi' });
    expect(text.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await shippingOf(cartId, 'fi', true)).toMatchObject({ feeIncVat: 5.9 });
    const unknown = await client.query(SET_FEE, {
      cartId: '00000000-0000-4000-8000-000000000000',
      fee: 10,
      m: 'fi',
    });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('writes the numbers of "only {stock} left" in the request language', async () => {
    await handle.db.update(stock).set({ inStock: 1000 }).where(eq(stock.skuId, F.bike.skuId));
    const ADD = `mutation($id: String!, $m: String) {
      addToCart(id: $id, item: { skuId: ${F.bike.skuId}, quantity: 600 }, marketId: $m) { id } }`;
    const twice = async (m: string) => {
      const { data } = await client.query(GET_CART, { id: '', m });
      const id = data!.getCart.id as string;
      expect((await client.query(ADD, { id, m })).errors).toBeUndefined();
      return (await client.query(ADD, { id, m })).errors?.[0];
    };
    const danish = await twice('dk');
    expect(danish?.extensions).toMatchObject({ code: 'OUT_OF_STOCK', stock: 1000 });
    expect(danish?.message).toBe('Only 1.000 left in stock, and the cart already holds 600');
    const swedish = await twice('se');
    expect(swedish?.message).toBe('Only 1\u00a0000 left in stock, and the cart already holds 600');
    await handle.db.update(stock).set({ inStock: 100 }).where(eq(stock.skuId, F.bike.skuId));
  });

  it('validateOrderConditions: stock, shipping and payment selection, e-mail, completed carts', async () => {
    const check = async (cartId: string, email?: string) => {
      const result = await client.query(VALIDATE, { cartId, email, m: 'fi' });
      expect(result.errors).toBeUndefined();
      return result.data!.validateOrderConditions as { isValid: boolean; message: string | null };
    };
    const unknown = await client.query(VALIDATE, { cartId: 'not-a-cart', m: 'fi' });
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
    await client.query(CHECKOUT, {
      cartId,
      m: 'fi',
      checkout: { billingAddress: { zip: '00100' } },
    });
    // The default method serves the zip, but none was chosen yet.
    expect(await check(cartId)).toEqual({ isValid: false, message: 'Choose a shipping method' });
    await client.query(CHECKOUT, { cartId, m: 'fi', checkout: { shippingId: 3 } });
    // Store pickup is not offered in Finland.
    expect(await check(cartId)).toEqual({ isValid: false, message: 'Choose a shipping method' });
    await client.query(CHECKOUT, { cartId, m: 'fi', checkout: { shippingId: 2, paymentId: 99 } });
    expect(await check(cartId)).toEqual({ isValid: false, message: 'Choose a payment method' });
    await client.query(CHECKOUT, { cartId, m: 'fi', checkout: { paymentId: 1 } });
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
    await handle.db.update(stock).set({ inStock: 1 }).where(eq(stock.skuId, F.tube.skuId));
    const low = await check(cartId);
    expect(low.isValid).toBe(false);
    expect(low.message).toBe('Only 1 of Testslang 28" (28") left in stock');
    await handle.db.update(stock).set({ inStock: 20 }).where(eq(stock.skuId, F.tube.skuId));

    // A gift card that has been used up elsewhere since it was applied.
    const swedish = await cartWith('se', [[F.tube.skuId, 1]]);
    const applied = await client.query(
      `mutation($id: String!) { setCartGiftCard(id: $id, giftCardCode: "PRESENT500") { id } }`,
      { id: swedish },
    );
    expect(applied.errors).toBeUndefined();
    await client.query(CHECKOUT, {
      cartId: swedish,
      m: 'se',
      checkout: { billingAddress: { zip: '11122' }, shippingId: 2, paymentId: 1 },
    });
    const inSweden = async () =>
      (await client.query(VALIDATE, { cartId: swedish, m: 'se' })).data!.validateOrderConditions;
    expect(await inSweden()).toEqual({ isValid: true, message: null });
    await handle.db.update(giftCards).set({ balance: 0 }).where(eq(giftCards.code, 'PRESENT500'));
    expect(await inSweden()).toEqual({
      isValid: false,
      message: 'The gift card has no balance left',
    });

    await client.query(`mutation($id: String!) { completeCart(id: $id) { id } }`, { id: cartId });
    expect(await check(cartId)).toEqual({
      isValid: false,
      message: 'The cart is already completed',
    });
  });
});
