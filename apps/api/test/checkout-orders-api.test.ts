/**
 * API integration tests of checkout and orders (GEINS-API §3.2 createOrUpdateCheckout,
 * placeOrder; SPEC §5 validation; issue 6 "Must hold under load and faults"), part 1: shipping
 * options, invoice orders with exact totals, promo discounts, validation, company orders,
 * idempotency and 50 buyers racing for 5 units, on every database kind.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderLines, orders, stock } from '../src/db/schema.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { CART_FIXTURE as F, ORGANIZATION_ID, PERSONAL_ID, personCheckout } from './cart-fixture.ts';
import { testDatabaseKinds } from './test-db.ts';
import { useCheckoutApi } from './checkout-suite.ts';

describe.each(testDatabaseKinds())('checkout and orders on %s', (kind) => {
  const api = useCheckoutApi(kind);
  const { cartWith, place, stockOf } = api;

  it('createOrUpdateCheckout: shipping options for the zip, pickup with store stock per size', async () => {
    const cartId = await cartWith([[F.helmet.skuIds[0], 1]]);
    const query = `mutation($cartId: String!, $checkout: CheckoutInputType) {
      createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) {
        email cart { id summary { total { sellingPriceIncVat } } }
        shippingOptions { id displayName feeIncVat isSelected externalId shippingData subOptions { displayName externalId shippingData } }
        paymentOptions { id displayName paymentType checkoutType isDefault isSelected }
        shippingData
      } }`;
    let result = await api.client.query(query, { cartId, checkout: null });
    expect(result.errors).toBeUndefined();
    const beforeZip = result.data!.createOrUpdateCheckout.shippingOptions; // issue 25
    expect(beforeZip).toMatchObject([{ id: 2, isSelected: true }, { id: 1 }, { id: 3 }]);
    expect(
      result.data!.createOrUpdateCheckout.paymentOptions.map(
        (o: { displayName: string }) => o.displayName,
      ),
    ).toEqual(['Faktura', 'Kort eller delbetalning (testbetalning)']);

    result = await api.client.query(query, {
      cartId,
      checkout: { email: 'a@b.se', billingAddress: { zip: '411 23' }, shippingId: 3 },
    });
    const checkout = result.data!.createOrUpdateCheckout;
    expect(checkout.email).toBe('a@b.se');
    expect(checkout.shippingOptions.map((o: { externalId: string }) => o.externalId)).toEqual([
      'service_point',
      'home',
      'pickup',
    ]);
    const pickup = checkout.shippingOptions.find(
      (o: { externalId: string }) => o.externalId === 'pickup',
    );
    expect(pickup.isSelected).toBe(true);
    const stores = JSON.parse(pickup.shippingData).stores;
    expect(stores.find((s: { alias: string }) => s.alias === 'stockholm').skus).toEqual([
      { skuId: F.helmet.skuIds[0], name: 'S/M', quantity: 3 },
    ]);
    expect(stores.find((s: { alias: string }) => s.alias === 'goteborg').hasAll).toBe(false);
    expect(pickup.subOptions).toHaveLength(3);

    result = await api.client.query(query, {
      cartId,
      checkout: { billingAddress: { zip: '98210' } },
    });
    expect(
      result.data!.createOrUpdateCheckout.shippingOptions.map(
        (o: { externalId: string }) => o.externalId,
      ),
    ).toEqual(['service_point', 'pickup']);
    result = await api.client.query(query, {
      cartId,
      checkout: { billingAddress: { zip: '00012' } },
    });
    expect(result.data!.createOrUpdateCheckout.shippingOptions).toEqual([]);
  });

  it('places an invoice order in one go: status completed, exact totals, copies, stock, cart completed', async () => {
    const cartId = await cartWith([
      [F.tube.skuId, 3],
      [F.helmet.skuIds[0], 1],
    ]);
    const before = await stockOf(F.tube.skuId);
    const result = await place(cartId, personCheckout({ shippingId: 1 }));
    expect(result.errors).toBeUndefined();
    const placed = result.data!.placeOrder;
    expect(placed.status).toBe('completed');
    expect(placed.redirectUrl).toBeNull();
    expect(await stockOf(F.tube.skuId)).toBe(before - 3);

    const { data, errors } = await api.client.query(
      `query($id: String!, $cartId: String) { checkout(id: $id, cartId: $cartId, paymentType: STANDARD) {
        completed cart { isCompleted }
        order { orderId status email firstName lastName zip itemValueIncVat itemValueExVat orderValueIncVat
          shippingFeeIncVat discountIncVat campaignNames personalId shippingName
          rows { name sku variant quantity priceIncVat priceExVat discountIncVat } } } }`,
      { id: placed.orderId, cartId },
    );
    expect(errors).toBeUndefined();
    const order = data!.checkout.order;
    expect(data!.checkout.completed).toBe(true);
    expect(data!.checkout.cart.isCompleted).toBe(true);
    // Tubes 3 × 129 with one free (3 för 2) = 258; helmet 599 − 20 % = 479.20; home delivery 99.
    expect(order).toMatchObject({
      status: 'received',
      email: 'anna.andersson@example.se',
      firstName: 'Anna',
      zip: '11122',
      itemValueIncVat: 737.2,
      itemValueExVat: 589.76,
      shippingFeeIncVat: 99,
      orderValueIncVat: 836.2,
      discountIncVat: 129 + 119.8,
      personalId: PERSONAL_ID,
      // Issue 40 §6: the confirmation names the delivery method chosen.
      shippingName: 'Hemleverans med bud',
    });
    expect(order.campaignNames.sort()).toEqual(['20 % på Abus', '3 för 2 på slangar']);
    expect(order.rows).toEqual([
      {
        name: 'Testslang 28"',
        sku: `CART-${F.tube.skuId}`,
        variant: '28"',
        quantity: 3,
        priceIncVat: 258,
        priceExVat: 206.4,
        discountIncVat: 129,
      },
      {
        name: 'Testhjälm Abus',
        sku: `CART-${F.helmet.skuIds[0]}`,
        variant: 'S/M',
        quantity: 1,
        priceIncVat: 479.2,
        priceExVat: 383.36,
        discountIncVat: 119.8,
      },
    ]);
    // One order e-mail, also when the order is submitted again.
    await place(cartId, personCheckout({ shippingId: 1 }));
    // Sent by the job queue (issue 15); running it twice sends nothing more.
    await runJobsUntilIdle(api.handle.db, api.mailConfig);
    await runJobsUntilIdle(api.handle.db, api.mailConfig);
    const mails = await readOutbox(api.outbox, 'anna.andersson@example.se');
    const mine = mails.filter((m) => m.includes(`Ordernummer: ${placed.orderId}.`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain('Testslang 28"');
    expect(mine[0]).toContain('Totalt: 836,20 kr');
    // Issue 40 §6: the delivery address's postcode as the post writes it, typed "11122".
    expect(mine[0]).toContain('111 22 Stockholm');
    // The wrong cart id does not reveal the order.
    const other = await api.client.query(
      `{ checkout(id: "${placed.orderId}", cartId: "nope", paymentType: STANDARD) { completed order { orderId } } }`,
    );
    expect(other.data!.checkout).toEqual({ completed: false, order: null });
  });

  it('spreads a fixed promo discount over the order lines and counts the code', async () => {
    const cartId = await cartWith([
      [F.lock.skuId, 1],
      [F.tube.skuId, 2],
    ]);
    await api.client.query(
      `mutation { setCartPromoCode(id: "${cartId}", promoCode: "HUNDRA") { id } }`,
    );
    const result = await place(cartId, personCheckout());
    expect(result.errors).toBeUndefined();
    const id = Number(result.data!.placeOrder.orderId);
    const [order] = await api.handle.db.select().from(orders).where(eq(orders.id, id));
    expect(order!.promoCode).toBe('HUNDRA');
    expect(order!.itemValueIncVat).toBe(29_900 + 25_800 - 10_000);
    const lines = await api.handle.db.select().from(orderLines).where(eq(orderLines.orderId, id));
    expect(lines.map((l) => l.discountIncVat).reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(lines.map((l) => l.totalIncVat).reduce((a, b) => a + b, 0)).toBe(order!.itemValueIncVat);
    expect(lines.map((l) => l.totalExVat).reduce((a, b) => a + b, 0)).toBe(order!.itemValueExVat);
  });

  it('validates with the spec messages and writes nothing', async () => {
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    const before = await stockOf(F.bike.skuId);
    let result = await place(cartId, personCheckout({ email: 'inte-en-adress' }));
    expect(result.errors![0]).toMatchObject({
      message: 'Enter a valid e-mail address',
      extensions: {
        code: 'INVALID_CHECKOUT',
        fields: { email: 'Enter a valid e-mail address' },
        fieldCodes: { email: 'email' },
        reason: 'email',
      },
    });
    result = await place(cartId, personCheckout({ billingAddress: { zip: '11122' } }));
    expect(result.errors![0]!.extensions!.fields).toMatchObject({
      'billingAddress.firstName': 'This field is required',
      'billingAddress.city': 'This field is required',
    });
    result = await place(cartId, personCheckout({ identityNumber: '19900101-0018' }));
    expect(result.errors![0]!.extensions!.code).toBe('INVALID_IDENTITY_NUMBER');
    result = await place(
      cartId,
      personCheckout({
        customerType: 'ORGANIZATION',
        identityNumber: '556016-0681',
        billingAddress: { ...personCheckout().billingAddress, company: 'Bolaget AB' },
      }),
    );
    expect(result.errors![0]!.extensions!.code).toBe('INVALID_IDENTITY_NUMBER');
    result = await place(cartId, personCheckout({ shippingId: 3 }));
    expect(result.errors![0]!.extensions!.fields).toEqual({
      pickupPoint: 'Choose a store to pick up from',
    });
    expect(await stockOf(F.bike.skuId)).toBe(before);
    const count = await api.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.cartId, cartId));
    expect(count[0]!.n).toBe(0);
  });

  it('a company orders with an organisationsnummer', async () => {
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    const result = await place(
      cartId,
      personCheckout({
        customerType: 'ORGANIZATION',
        identityNumber: ORGANIZATION_ID,
        billingAddress: { ...personCheckout().billingAddress, company: 'Cykelbolaget AB' },
      }),
    );
    expect(result.errors).toBeUndefined();
    const [order] = await api.handle.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(result.data!.placeOrder.orderId)));
    expect(order).toMatchObject({ customerType: 'ORGANIZATION', identityNumber: ORGANIZATION_ID });
    expect(order!.orderValueExVat).toBe(399_920);
  });

  it('the same placeOrder sent 20 times at once with one idempotency key gives one order', async () => {
    const cartId = await cartWith([[F.bike.skuId, 2]]);
    const before = await stockOf(F.bike.skuId);
    const key = `key-${cartId}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        place(cartId, personCheckout(), { 'x-idempotency-key': key }),
      ),
    );
    for (const result of results) expect(result.errors).toBeUndefined();
    const ids = new Set(results.map((r) => r.data!.placeOrder.orderId));
    expect(ids.size).toBe(1);
    const rows = await api.handle.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idempotencyKey).toBe(key);
    expect(await stockOf(F.bike.skuId)).toBe(before - 2);
    // A later resubmission without the header (key = cart id) finds the same order.
    const again = await place(cartId, personCheckout());
    expect(again.data!.placeOrder.orderId).toBe([...ids][0]);
  });

  it('50 concurrent buyers race for a SKU with 5 in stock: exactly 5 orders, stock 0, the rest out of stock', async () => {
    await api.handle.db.update(stock).set({ inStock: 5 }).where(eq(stock.skuId, F.lock.skuId));
    const carts = await Promise.all(
      Array.from({ length: 50 }, () => cartWith([[F.lock.skuId, 1]])),
    );
    const results = await Promise.all(carts.map((cartId) => place(cartId, personCheckout())));
    const placed = results.filter((r) => r.data?.placeOrder?.status === 'completed');
    const refused = results.filter((r) => r.errors?.[0]?.extensions?.code === 'OUT_OF_STOCK');
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(45);
    expect(refused[0]!.errors![0]!.message).toMatch(/^Not enough stock: only \d+ of Testlås Bygel/);
    expect(refused[0]!.errors![0]!.extensions).toMatchObject({
      reason: 'shortage',
      productName: expect.stringMatching(/^Testlås Bygel/),
      available: 0,
    });
    expect(await stockOf(F.lock.skuId)).toBe(0);
    const sold = await api.handle.db
      .select({ n: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(inArray(orders.cartId, carts));
    expect(sold[0]!.n).toBe(5);
    // The refused carts stay open, untouched.
    const open = await api.client.query(
      `{ getCart(id: "${carts[results.indexOf(refused[0]!)]}") { isCompleted items { quantity } } }`,
    );
    expect(open.data!.getCart).toEqual({ isCompleted: false, items: [{ quantity: 1 }] });
  });
});
