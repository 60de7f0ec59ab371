/**
 * API integration tests of checkout and orders (GEINS-API §3.2 createOrUpdateCheckout,
 * placeOrder, §3.1 checkout; SPEC §5 validation; issue 6 "Must hold under load and faults"):
 * invoice orders with exact totals, validation, idempotency, 50 buyers racing for 5 units, the
 * hosted sandbox payment with repeated and reordered notifications, status transitions — on
 * every database kind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { giftCards, orderLines, orderPayments, orders, stock } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createGraphQLContext } from '../src/graphql/context.ts';
import { applyPaymentNotification } from '../src/modules/checkout/hosted-payment.service.ts';
import { transitionOrder } from '../src/modules/orders/order-process.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { decidePaymentSession } from '../src/modules/payments/payments.service.ts';
import { sandboxSignature } from '../src/modules/payments/payments.http.ts';
import type { Config } from '../src/config.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import {
  addCartFixture,
  CART_FIXTURE as F,
  ORGANIZATION_ID,
  PERSONAL_ID,
  personCheckout,
} from './cart-fixture.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const PLACE = `mutation place($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { orderId publicId status redirectUrl } }`;

describe.each(testDatabaseKinds())('checkout and orders on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  let outbox: string;
  let mailConfig: Config;

  const cartWith = async (items: Array<[number, number]>): Promise<string> => {
    const { data } = await client.query(`{ getCart(id: "") { id } }`);
    const id = data!.getCart.id as string;
    for (const [skuId, quantity] of items) {
      const result = await client.query(
        `mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`,
        { id, item: { skuId, quantity } },
      );
      expect(result.errors).toBeUndefined();
    }
    return id;
  };
  const place = async (cartId: string, checkout: unknown, headers: Record<string, string> = {}) => {
    const response = await client.post({ query: PLACE, variables: { cartId, checkout } }, headers);
    return (await response.json()) as {
      data?: {
        placeOrder: {
          orderId: string;
          publicId: string;
          status: string;
          redirectUrl: string | null;
        };
      } | null;
      errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
    };
  };
  const stockOf = async (skuId: number) => {
    const [row] = await handle.db.select().from(stock).where(eq(stock.skuId, skuId));
    return row!.inStock;
  };
  const shop = async () =>
    createGraphQLContext({ db: handle.db, config: testConfig() }).pricedShop({});

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 40 });
    await addCartFixture(handle.db);
    outbox = mkdtempSync(join(tmpdir(), 'trampa-outbox-'));
    const base = testConfig();
    mailConfig = { ...base, mail: { ...base.mail, outboxDir: outbox } };
    client = createTestClient(handle, mailConfig);
  });

  afterAll(async () => {
    await handle?.close();
    if (outbox) rmSync(outbox, { recursive: true, force: true });
  });

  it('createOrUpdateCheckout: shipping options for the zip, pickup with store stock per size', async () => {
    const cartId = await cartWith([[F.helmet.skuIds[0], 1]]);
    const query = `mutation($cartId: String!, $checkout: CheckoutInputType) {
      createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) {
        email cart { id summary { total { sellingPriceIncVat } } }
        shippingOptions { id displayName feeIncVat isSelected externalId shippingData subOptions { displayName externalId shippingData } }
        paymentOptions { id displayName paymentType checkoutType isDefault isSelected }
        shippingData
      } }`;
    let result = await client.query(query, { cartId, checkout: null });
    expect(result.errors).toBeUndefined();
    const beforeZip = result.data!.createOrUpdateCheckout.shippingOptions; // issue 25
    expect(beforeZip).toMatchObject([{ id: 2, isSelected: true }, { id: 1 }, { id: 3 }]);
    expect(
      result.data!.createOrUpdateCheckout.paymentOptions.map(
        (o: { displayName: string }) => o.displayName,
      ),
    ).toEqual(['Faktura', 'Kort eller delbetalning (testbetalning)']);

    result = await client.query(query, {
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

    result = await client.query(query, { cartId, checkout: { billingAddress: { zip: '98210' } } });
    expect(
      result.data!.createOrUpdateCheckout.shippingOptions.map(
        (o: { externalId: string }) => o.externalId,
      ),
    ).toEqual(['service_point', 'pickup']);
    result = await client.query(query, { cartId, checkout: { billingAddress: { zip: '00012' } } });
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

    const { data, errors } = await client.query(
      `query($id: String!, $cartId: String) { checkout(id: $id, cartId: $cartId, paymentType: STANDARD) {
        completed cart { isCompleted }
        order { orderId status email firstName lastName zip itemValueIncVat itemValueExVat orderValueIncVat
          shippingFeeIncVat discountIncVat campaignNames personalId
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
    await runJobsUntilIdle(handle.db, mailConfig);
    await runJobsUntilIdle(handle.db, mailConfig);
    const mails = await readOutbox(outbox, 'anna.andersson@example.se');
    const mine = mails.filter((m) => m.includes(`Ordernummer: ${placed.orderId}.`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain('Testslang 28"');
    expect(mine[0]).toContain('Totalt: 836,20 kr');
    // The wrong cart id does not reveal the order.
    const other = await client.query(
      `{ checkout(id: "${placed.orderId}", cartId: "nope", paymentType: STANDARD) { completed order { orderId } } }`,
    );
    expect(other.data!.checkout).toEqual({ completed: false, order: null });
  });

  it('spreads a fixed promo discount over the order lines and counts the code', async () => {
    const cartId = await cartWith([
      [F.lock.skuId, 1],
      [F.tube.skuId, 2],
    ]);
    await client.query(
      `mutation { setCartPromoCode(id: "${cartId}", promoCode: "HUNDRA") { id } }`,
    );
    const result = await place(cartId, personCheckout());
    expect(result.errors).toBeUndefined();
    const id = Number(result.data!.placeOrder.orderId);
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, id));
    expect(order!.promoCode).toBe('HUNDRA');
    expect(order!.itemValueIncVat).toBe(29_900 + 25_800 - 10_000);
    const lines = await handle.db.select().from(orderLines).where(eq(orderLines.orderId, id));
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
    const count = await handle.db
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
    const [order] = await handle.db
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
    const rows = await handle.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idempotencyKey).toBe(key);
    expect(await stockOf(F.bike.skuId)).toBe(before - 2);
    // A later resubmission without the header (key = cart id) finds the same order.
    const again = await place(cartId, personCheckout());
    expect(again.data!.placeOrder.orderId).toBe([...ids][0]);
  });

  it('50 concurrent buyers race for a SKU with 5 in stock: exactly 5 orders, stock 0, the rest out of stock', async () => {
    await handle.db.update(stock).set({ inStock: 5 }).where(eq(stock.skuId, F.lock.skuId));
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
    const sold = await handle.db
      .select({ n: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(inArray(orders.cartId, carts));
    expect(sold[0]!.n).toBe(5);
    // The refused carts stay open, untouched.
    const open = await client.query(
      `{ getCart(id: "${carts[results.indexOf(refused[0]!)]}") { isCompleted items { quantity } } }`,
    );
    expect(open.data!.getCart).toEqual({ isCompleted: false, items: [{ quantity: 1 }] });
  });

  it('hosted sandbox payment: pending with redirect, declined keeps the cart, approved places one order; notifications 3 times and out of order give one paid order', async () => {
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    const declined = await place(cartId, personCheckout({ paymentId: 2 }));
    expect(declined.data!.placeOrder).toMatchObject({ status: 'pending', orderId: null });
    const firstSession = declined.data!.placeOrder.redirectUrl!.split('/').pop()!;
    await decidePaymentSession(handle.db, firstSession, { approved: false, reason: 'blocked' });
    let confirm = await client.query(
      `{ checkout(id: "${firstSession}", cartId: "${cartId}", paymentType: KLARNA) { completed htmlSnippet cart { isCompleted items { quantity } } } }`,
    );
    expect(confirm.data!.checkout).toEqual({
      completed: false,
      htmlSnippet: JSON.stringify({ failure: 'blocked' }),
      cart: { isCompleted: false, items: [{ quantity: 1 }] },
    });

    const before = await stockOf(F.bike.skuId);
    const pending = await place(cartId, personCheckout({ paymentId: 2 }));
    const session = pending.data!.placeOrder.redirectUrl!.split('/').pop()!;
    const priced = await shop();
    // The provider's notifications arrive before the shopper returns: captured first, then
    // authorized late, and captured again.
    const deliveries = [
      { eventId: 'evt-2', sessionId: session, type: 'captured' as const },
      { eventId: 'evt-1', sessionId: session, type: 'authorized' as const },
      { eventId: 'evt-2', sessionId: session, type: 'captured' as const },
    ];
    const orderIds = await Promise.all(
      deliveries.map((d) =>
        applyPaymentNotification(handle.db, d, priced, new Date(), testConfig().payments),
      ),
    );
    expect(new Set(orderIds).size).toBe(1);
    confirm = await client.query(
      `{ checkout(id: "${session}", cartId: "${cartId}", paymentType: KLARNA) { completed order { orderId orderValueIncVat } cart { isCompleted } } }`,
    );
    expect(confirm.data!.checkout.completed).toBe(true);
    expect(confirm.data!.checkout.order).toEqual({
      orderId: String(orderIds[0]),
      orderValueIncVat: 4999,
    });
    expect(confirm.data!.checkout.cart.isCompleted).toBe(true);
    const rows = await handle.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(rows).toHaveLength(1);
    const payments = await handle.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, rows[0]!.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'paid', provider: 'sandbox', amount: 499_900 });
    expect(await stockOf(F.bike.skuId)).toBe(before - 1);
  });

  it('the sandbox over HTTP: its page, decline and approve redirects, signed notifications applied once', async () => {
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    const pending = await place(cartId, personCheckout({ paymentId: 2 }));
    const path = new URL(pending.data!.placeOrder.redirectUrl!).pathname;
    expect(path).toMatch(/^\/payments\/sandbox\/[0-9a-f-]{36}$/);
    const session = path.split('/').pop()!;
    const http = (url: string, init?: RequestInit) =>
      client.api.fetch(new Request(`http://localhost${url}`, init));
    const pageResponse = await http(path);
    expect(pageResponse.status).toBe(200);
    const html = await pageResponse.text();
    expect(html).toContain('<h1>Betala 4\u00a0999\u00a0kr</h1>');
    expect(html).toContain('<p class="shop">Trampa</p>');

    const body = JSON.stringify({ eventId: 'e-1', sessionId: session, type: 'captured' });
    const unsigned = await http('/payments/notify/sandbox', { method: 'POST', body });
    expect(unsigned.status).toBe(401);
    const signature = sandboxSignature(testConfig().payments.sandboxSecret, body);
    const deliveries = await Promise.all(
      [1, 2, 3].map(() =>
        http('/payments/notify/sandbox', {
          method: 'POST',
          body,
          headers: { 'x-sandbox-signature': signature },
        }),
      ),
    );
    const ids = await Promise.all(
      deliveries.map(async (r) => ((await r.json()) as { orderId: number }).orderId),
    );
    expect(new Set(ids).size).toBe(1);
    const approve = await http(path, {
      method: 'POST',
      body: 'decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approve.status).toBe(303);
    expect(approve.headers.get('location')).toBe(
      `/checkout/confirm?kid=${session}&cartid=${cartId}`,
    );
    const [order] = await handle.db.select().from(orders).where(eq(orders.cartId, cartId));
    const payments = await handle.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order!.id));
    expect(payments.map((p) => p.status)).toEqual(['paid']);

    const other = await cartWith([[F.bike.skuId, 1]]);
    const second = await place(other, personCheckout({ paymentId: 2 }));
    const declinePath = new URL(second.data!.placeOrder.redirectUrl!).pathname;
    const decline = await http(declinePath, {
      method: 'POST',
      body: 'decision=out-of-stock',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(decline.headers.get('location')).toBe('/checkout/klarna-fail?reason=out-of-stock');
  });

  it('gift cards pay part or all of an order, keep the rest, and wrong codes are rate limited', async () => {
    await handle.db.insert(giftCards).values([
      { code: 'KORT1000', currencyCode: 'SEK', balance: 100_000 },
      { code: 'KORT50', currencyCode: 'SEK', balance: 5_000 },
    ]);
    const apply = (id: string, giftCardCode: string) =>
      client.query(
        `mutation($id: String!, $code: String!) { setCartGiftCard(id: $id, giftCardCode: $code) {
          summary { total { sellingPriceIncVat } balance { pending remaining totalSellingPriceExBalanceIncVat } } } }`,
        { id, code: giftCardCode },
      );
    // Part of the order: the lock costs 299 kr (+ 49 kr shipping); the card keeps the rest.
    await handle.db.update(stock).set({ inStock: 5 }).where(eq(stock.skuId, F.lock.skuId));
    const cartId = await cartWith([[F.lock.skuId, 1]]);
    let result = await apply(cartId, 'kort-1000');
    expect(result.errors).toBeUndefined();
    expect(result.data!.setCartGiftCard.summary.balance).toEqual({
      pending: 348,
      remaining: 652,
      totalSellingPriceExBalanceIncVat: 0,
    });
    const placed = await place(cartId, personCheckout());
    expect(placed.errors).toBeUndefined();
    const [order] = await handle.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(order!.fromBalance).toBe(34_800);
    const [card] = await handle.db.select().from(giftCards).where(eq(giftCards.code, 'KORT1000'));
    expect(card!.balance).toBe(100_000 - 34_800);

    // A small card pays a part; the rest is invoiced.
    const second = await cartWith([[F.lock.skuId, 1]]);
    result = await apply(second, 'KORT50');
    expect(result.data!.setCartGiftCard.summary.balance.totalSellingPriceExBalanceIncVat).toBe(298);
    await place(second, personCheckout());
    const [small] = await handle.db.select().from(giftCards).where(eq(giftCards.code, 'KORT50'));
    expect(small!.balance).toBe(0);

    // Wrong codes: a clear error, then a limit.
    const third = await cartWith([[F.lock.skuId, 1]]);
    for (let i = 0; i < 5; i += 1) {
      result = await apply(third, `FEL${i}`);
      expect(result.errors![0]).toMatchObject({
        message: 'The gift card is invalid or has no balance',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    result = await apply(third, 'KORT1000');
    expect(result.errors![0]!.extensions!.code).toBe('RATE_LIMITED');
  });

  it('order status changes only through the transitions table; cancelling always returns stock, once', async () => {
    const cartId = await cartWith([[F.bike.skuId, 3]]);
    const result = await place(cartId, personCheckout());
    const id = Number(result.data!.placeOrder.orderId);
    const before = await stockOf(F.bike.skuId);
    await expect(transitionOrder(handle.db, id, 'completed', 'skip')).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
    });
    await transitionOrder(handle.db, id, 'processing', 'picked');
    // The transition owns its side effect: no caller has to remember to return the stock.
    await transitionOrder(handle.db, id, 'cancelled', 'customer asked');
    expect(await stockOf(F.bike.skuId)).toBe(before + 3);
    // Cancelling again changes nothing: the units are not returned twice.
    await transitionOrder(handle.db, id, 'cancelled', 'asked twice');
    expect(await stockOf(F.bike.skuId)).toBe(before + 3);
    // Straight from received too.
    const second = await place(await cartWith([[F.bike.skuId, 2]]), personCheckout());
    const secondId = Number(second.data!.placeOrder.orderId);
    const beforeSecond = await stockOf(F.bike.skuId);
    await transitionOrder(handle.db, secondId, 'cancelled', 'payment declined');
    expect(await stockOf(F.bike.skuId)).toBe(beforeSecond + 2);
    await expect(transitionOrder(handle.db, id, 'processing', 'reopen')).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('refuses an empty cart, a completed cart and tampered prices', async () => {
    const empty = await cartWith([]);
    let result = await place(empty, personCheckout());
    expect(result.errors![0]).toMatchObject({
      message: 'The cart is empty',
      extensions: { code: 'INVALID_CHECKOUT' },
    });
    const cartId = await cartWith([[F.bike.skuId, 1]]);
    await client.query(`mutation { completeCart(id: "${cartId}") { id } }`);
    result = await place(cartId, personCheckout());
    expect(result.errors![0]!.extensions!.code).toBe('CART_COMPLETED');
    const tampered = await place(await cartWith([[F.bike.skuId, 1]]), {
      ...personCheckout(),
      orderValueIncVat: 1,
    });
    expect(tampered.errors![0]!.message).toMatch(/orderValueIncVat/);
  });
});
