/**
 * The checkout on nShift (issue 43; ADR 020 §3–§4) against the nShift stand-in: options,
 * carriers, pickup points and prices follow the postcode, the cart's weight and the shop's
 * free-shipping rule; `shippingData` is nShift's own answer (for ralph's CaNshift); a chosen
 * option and point price the cart and reach the order; a forged fee or point is refused; a
 * price that moved before placeOrder is shown again; an outage falls back to the own options.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { carts, orders, skus } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { addCartFixture, CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { startNshiftStandIn, type NshiftStandIn } from './nshift-stand-in.ts';
import { testDatabaseKinds, openTestDb } from './test-db.ts';

const POSTNORD_COLLECT = '6a1f0c2e-0001-4c3a-9b1e-postnord0001';
const DHL_POINT = '6a1f0c2e-0003-4c3a-9b1e-dhlservice03';
const POSTNORD_HOME = '6a1f0c2e-0002-4c3a-9b1e-postnord0002';

const CHECKOUT = `mutation($cartId: String!, $checkout: CheckoutInputType) {
  createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) {
    shippingData
    cart { summary { shipping { feeIncVat } total { sellingPriceIncVat } } }
    shippingOptions { id displayName externalId feeIncVat isSelected logo shippingData
      subOptions { externalId displayName isSelected shippingData } } } }`;
const PLACE = `mutation($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { orderId status } }`;

interface Option {
  id: number;
  displayName: string;
  externalId: string;
  feeIncVat: number;
  isSelected: boolean;
  logo: string | null;
  shippingData: string | null;
  subOptions: Array<{
    externalId: string;
    displayName: string;
    isSelected: boolean;
    shippingData: string;
  }>;
}

describe.each(testDatabaseKinds())('checkout with nShift on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  let nshift: NshiftStandIn;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 10 });
    await addCartFixture(handle.db);
    nshift = await startNshiftStandIn();
    client = createTestClient(
      handle,
      testConfig({
        shipping: {
          nshift: {
            apiUrl: nshift.url,
            keyId: nshift.keyId,
            keySecret: nshift.keySecret,
            deliveryCheckoutId: nshift.deliveryCheckoutId,
            senderQuickId: '1',
            testMode: true,
          },
        },
      }),
    );
    // Tube 400 g, lock 1.2 kg, bike 16 kg.
    await handle.db.update(skus).set({ weight: 400 }).where(eq(skus.id, F.tube.skuId));
    await handle.db.update(skus).set({ weight: 1_200 }).where(eq(skus.id, F.lock.skuId));
    await handle.db.update(skus).set({ weight: 16_000 }).where(eq(skus.id, F.bike.skuId));
  });
  afterAll(async () => {
    await nshift?.close();
    await handle?.close();
  });

  const cartWith = async (items: Array<[number, number]>) => {
    const { data } = await client.query(`{ getCart(id: "") { id } }`);
    const id = data!.getCart.id as string;
    for (const [skuId, quantity] of items) {
      const r = await client.query(
        `mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`,
        { id, item: { skuId, quantity } },
      );
      expect(r.errors).toBeUndefined();
    }
    return id;
  };
  const checkout = async (cartId: string, input: Record<string, unknown> | null) => {
    const r = await client.query(CHECKOUT, { cartId, checkout: input });
    expect(r.errors).toBeUndefined();
    const c = r.data!.createOrUpdateCheckout;
    return {
      shippingData: JSON.parse(c.shippingData as string) as {
        deliveryCheckoutId?: string;
        options?: Array<{ id: string }>;
        noShippingForZip?: boolean;
      },
      options: c.shippingOptions as Option[],
      fee: c.cart.summary.shipping?.feeIncVat as number,
      total: c.cart.summary.total.sellingPriceIncVat as number,
    };
  };
  const zipped = (zip: string, extra: Record<string, unknown> = {}) =>
    personCheckout({
      shippingId: null,
      billingAddress: { ...personCheckout().billingAddress, zip },
      ...extra,
    });

  it('before a zip: nShift’s empty list; with one: carriers, points nearest first, nShift’s answer as shippingData', async () => {
    const cartId = await cartWith([[F.tube.skuId, 1]]);
    const before = await checkout(cartId, null);
    expect(before.shippingData).toEqual({
      deliveryCheckoutId: nshift.deliveryCheckoutId,
      options: [],
      customerType: null,
      pickupPoint: null,
    });
    expect(before.options).toEqual([]);

    const after = await checkout(cartId, zipped('11122'));
    // shippingData is what nShift answered for the query, verbatim (ralph's widget reads it).
    const asked = nshift.requests.filter((r) => r.path.includes('/delivery-checkouts/')).at(-1)!;
    expect(asked.query).toMatchObject({
      tozipcode: '11122',
      tocountry: 'SE',
      currency: 'SEK',
      weight: '0.400',
    });
    expect(after.shippingData.deliveryCheckoutId).toMatch(
      new RegExp(`^${nshift.deliveryCheckoutId}`),
    );
    expect(after.shippingData.options!.map((o) => o.id)).toContain(POSTNORD_COLLECT);
    // What was entered is read back from it, as from the own shippingData (company shoppers).
    expect(after.shippingData).toMatchObject({ customerType: 'PERSON', pickupPoint: '74383' });

    const byId = new Map(after.options.map((o) => [o.externalId, o]));
    const collect = byId.get(POSTNORD_COLLECT)!;
    expect(collect).toMatchObject({
      id: 2,
      displayName: 'PostNord MyPack Collect',
      feeIncVat: 49,
      isSelected: true,
      logo: 'postnord.svg',
    });
    expect(JSON.parse(collect.shippingData!)).toMatchObject({
      carrier: { id: 'PLAB', name: 'PostNord' },
      kind: 'service_point',
    });
    // Points nearest first, the nearest preselected.
    expect(collect.subOptions.map((p) => p.externalId)).toEqual(['74383', '74390', '74401']);
    expect(collect.subOptions.map((p) => p.isSelected)).toEqual([true, false, false]);
    expect(JSON.parse(collect.subOptions[0]!.shippingData)).toMatchObject({
      name: 'ICA Nära Tegnérlunden',
      distanceMetres: 960,
      openingHours: 'Mån–fre 8–20, lör 10–16',
    });
    expect(byId.get(POSTNORD_HOME)).toMatchObject({ id: 1, feeIncVat: 99, isSelected: false });
    // The cart is priced with the selected choice: 129 + 49 kr.
    expect(after.fee).toBe(49);
    expect(after.total).toBe(178);
  });

  it('prices follow the weight and the free-shipping rule of the shop, per method kind', async () => {
    const heavy = await cartWith([[F.lock.skuId, 5]]); // 6 kg, 1 495 kr: over 499 kr
    const answer = await checkout(heavy, zipped('11122'));
    const options = answer.options;
    // ralph's widget shows the same fees as the cart: the free rule applied in nShift's shape.
    const widget = JSON.stringify(answer.shippingData);
    const flat = (answer.shippingData.options ?? []).flatMap((o) => [
      o,
      ...(((o as { subOptions?: unknown[] }).subOptions ?? []) as Array<{ id: string }>),
    ]) as Array<{ id: string; priceValue: number; priceDescription: string }>;
    expect(flat.find((o) => o.id === POSTNORD_COLLECT)).toMatchObject({
      priceValue: 0,
      priceDescription: expect.stringMatching(/^0\s?kr$/),
    });
    expect(flat.find((o) => o.id === POSTNORD_HOME)).toMatchObject({ priceValue: 139 });
    expect(widget).toContain('"agents"');
    const fee = (id: string) => options.find((o) => o.externalId === id)?.feeIncVat;
    // Service points are free over the threshold; home delivery is not (its method's rule).
    expect(fee(POSTNORD_COLLECT)).toBe(0);
    expect(fee(POSTNORD_HOME)).toBe(139);
    const bike = await cartWith([[F.bike.skuId, 2]]); // 32 kg: PostNord Collect (≤ 20 kg) not offered
    const bikeOptions = (await checkout(bike, zipped('11122'))).options.map((o) => o.externalId);
    expect(bikeOptions).not.toContain(POSTNORD_COLLECT);
    expect(bikeOptions).toContain(POSTNORD_HOME);
  });

  it('a chosen option and point price the cart and reach the order; a forged fee is refused', async () => {
    const cartId = await cartWith([[F.tube.skuId, 1]]);
    await checkout(cartId, zipped('11122'));
    const forged = await client.query(CHECKOUT, {
      cartId,
      checkout: zipped('11122', {
        externalShippingId: DHL_POINT,
        pickupPoint: 'SE-11201',
        externalShippingFee: 1,
      }),
    });
    expect(forged.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'SHIPPING_FEE_MISMATCH',
    });
    const [unchanged] = await handle.db.select().from(carts).where(eq(carts.id, cartId));
    expect(unchanged!.shippingChoice?.choiceId).toBe(POSTNORD_COLLECT);

    const chosen = await checkout(
      cartId,
      zipped('11122', {
        externalShippingId: DHL_POINT,
        pickupPoint: 'SE-11201',
        externalShippingFee: -1,
      }),
    );
    const dhl = chosen.options.find((o) => o.externalId === DHL_POINT)!;
    expect(dhl.isSelected).toBe(true);
    expect(dhl.subOptions.find((p) => p.isSelected)?.externalId).toBe('SE-11201');
    expect(chosen.fee).toBe(55);

    const placed = await client.query(PLACE, {
      cartId,
      checkout: zipped('11122', {
        externalShippingId: DHL_POINT,
        pickupPoint: 'SE-11201',
        externalShippingFee: 55,
      }),
    });
    expect(placed.errors).toBeUndefined();
    const [order] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(placed.data!.placeOrder.orderId)));
    expect(order).toMatchObject({
      shippingProvider: 'nshift',
      shippingChoiceId: DHL_POINT,
      shippingCarrierId: 'DHL',
      shippingCarrierName: 'DHL',
      shippingName: 'DHL Service Point',
      shippingId: 2,
      pickupPoint: 'SE-11201',
      shippingFeeIncVat: 5_500,
      orderValueIncVat: 12_900 + 5_500,
    });
    expect(order!.pickupPointDetails).toMatchObject({ id: 'SE-11201', city: expect.any(String) });
  });

  it('placeOrder asks again: a moved price is shown before the order, a forged point is refused', async () => {
    const cartId = await cartWith([[F.tube.skuId, 1]]);
    await checkout(cartId, zipped('11122'));
    // The tube now weighs 6 kg: PostNord Collect costs 79 kr, not the 49 kr shown.
    await handle.db.update(skus).set({ weight: 6_000 }).where(eq(skus.id, F.tube.skuId));
    try {
      const moved = await client.query(PLACE, { cartId, checkout: zipped('11122') });
      expect(moved.errors?.[0]?.extensions).toMatchObject({
        code: 'INVALID_CHECKOUT',
        fieldCodes: { shippingId: 'shippingChanged' },
      });
      expect((await checkout(cartId, null)).fee).toBe(79);
      const point = await client.query(PLACE, {
        cartId,
        checkout: zipped('11122', {
          externalShippingId: POSTNORD_COLLECT,
          pickupPoint: 'SE-11201',
        }),
      });
      expect(point.errors?.[0]?.extensions).toMatchObject({
        code: 'INVALID_CHECKOUT',
        fieldCodes: { pickupPoint: 'shippingChanged' },
      });
      const placed = await client.query(PLACE, { cartId, checkout: zipped('11122') });
      expect(placed.errors).toBeUndefined();
      const [order] = await handle.db.select().from(orders).where(eq(orders.cartId, cartId));
      expect(order).toMatchObject({ shippingFeeIncVat: 7_900, pickupPoint: '74383' });
    } finally {
      await handle.db.update(skus).set({ weight: 400 }).where(eq(skus.id, F.tube.skuId));
    }
  });

  it('nShift unreachable: the own options price and show the cart', async () => {
    const cartId = await cartWith([[F.tube.skuId, 1]]);
    nshift.failNext(3);
    const down = await checkout(cartId, zipped('41121'));
    expect(down.options.map((o) => o.id).sort()).toEqual([1, 2, 3]);
    expect(down.options.every((o) => !o.externalId || !o.externalId.includes('-'))).toBe(true);
    expect(down.shippingData).toMatchObject({ noShippingForZip: false });
    const [cart] = await handle.db
      .select()
      .from(carts)
      .where(inArray(carts.id, [cartId]));
    expect(cart!.shippingChoice).toBeNull();
    nshift.failNext(0);
  });
});
