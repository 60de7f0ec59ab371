/**
 * API integration tests of money per market in shipping (issues 4 and 6; SPEC §9 free shipping,
 * GEINS-API §4.5 ShippingOptionType), part 1: every fee and amountLeftToFreeShipping is in the
 * request's (checkout) market, a method without a fee row there is not offered, a Finnish order
 * carries the EUR fee, identity numbers outside Sweden, on every database kind.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, shippingFees } from '../src/db/schema.ts';
import { SHIPPING } from '../src/db/seed/checkout-data.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { testDatabaseKinds } from './test-db.ts';
import {
  plain,
  GET_CART,
  CHECKOUT,
  type ShippingFields,
  useShippingMarketsApi,
} from './shipping-markets-suite.ts';

describe.each(testDatabaseKinds())('shipping per market on %s', (kind) => {
  const api = useShippingMarketsApi(kind);
  const { cartWith, shippingOf } = api;

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
    const { data } = await api.client.query(GET_CART, { id: big, m: 'fi' });
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
    const { data, errors } = await api.client.query(
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

  it("MarketType tells each market's standard delivery fee: the default service point, never pickup", async () => {
    const read = async () => {
      const { data, errors } = await api.client.query(
        `{ channel { markets { id standardShippingFeeIncVat } } }`,
      );
      expect(errors).toBeUndefined();
      return data!.channel.markets.map((m: { id: string; standardShippingFeeIncVat: number }) => [
        m.id,
        m.standardShippingFeeIncVat,
      ]);
    };
    expect(await read()).toEqual([
      ['SE|SEK', 49],
      ['NO|NOK', 59],
      ['DK|DKK', 49],
      ['FI|EUR', 5.9],
      ['EU|EUR', 5.9],
    ]);
    // Without the service point in Finland: home delivery is not free-shipping eligible, so
    // Finland has no standard delivery; the free pickup in Sweden never counts.
    const removed = await api.handle.db
      .delete(shippingFees)
      .where(
        and(
          eq(shippingFees.marketId, 'FI|EUR'),
          eq(shippingFees.shippingMethodId, SHIPPING.servicePoint),
        ),
      )
      .returning();
    try {
      expect((await read()).find(([id]: [string]) => id === 'FI|EUR')).toEqual(['FI|EUR', null]);
    } finally {
      await api.handle.db.insert(shippingFees).values(removed);
    }
  });

  it('offers only the methods with a fee row in the checkout market, for zips of its country', async () => {
    const cartId = await cartWith('fi', [[F.tube.skuId, 1]]);
    let result = await api.client.query(CHECKOUT, {
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
    result = await api.client.query(CHECKOUT, {
      cartId: norwegian,
      m: 'no',
      checkout: { billingAddress: { zip: '11122' } },
    });
    expect(result.data!.createOrUpdateCheckout.shippingOptions).toEqual([]);
    result = await api.client.query(CHECKOUT, {
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
    await api.handle.db
      .delete(shippingFees)
      .where(
        and(eq(shippingFees.marketId, 'DK|DKK'), eq(shippingFees.shippingMethodId, SHIPPING.home)),
      );
    const danish = await cartWith('dk', [[F.bike.skuId, 1]]);
    result = await api.client.query(CHECKOUT, {
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
    const result = await api.client.query(
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
    const [order] = await api.handle.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      marketId: 'FI|EUR',
      currencyCode: 'EUR',
      itemValueIncVat: 2_580,
      shippingFeeIncVat: 590,
      shippingFeeExVat: 470,
      orderValueIncVat: 3_170,
    });
    // The order e-mail is a job (issue 15): run the queue with the test's mail settings.
    await runJobsUntilIdle(api.handle.db, api.mailConfig);
    const mails = await readOutbox(api.outbox, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Frakt (Leverans till ombud): 5,90 €');
    expect(mails[0]).toContain('Totalt: 31,70 €');
  });

  it('outside Sweden the identity number is optional and not checked as a personnummer', async () => {
    const place = async (market: string, identityNumber: string | null, zip: string) =>
      api.client.query(
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
});
