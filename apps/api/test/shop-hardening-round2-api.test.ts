/**
 * The shop API's findings of the second security review (issue 41), each with the request of the
 * finding, on every database kind:
 *
 * - §5 a signed sandbox `captured` notification for a cart that was ordered by invoice is
 *   refused (409 PAYMENT_MISMATCH) and logged; nothing is recorded or moved.
 * - §6 the cart of a logged-in customer's order is theirs: its id alone does not let a guest or
 *   another customer copy it (cloneCart NOT_FOUND), also when every earlier cart request was
 *   made without the token.
 * - §7 concurrent addToCart of 3 × 600 units of a static-stock SKU: one is added, the others
 *   answer BAD_USER_INPUT (at most 999 on a line), never INTERNAL_SERVER_ERROR, and the line
 *   holds 600.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { DbHandle } from '../src/db/client.ts';
import {
  cartItems,
  carts,
  orderPayments,
  orders,
  paymentNotifications,
  stock,
} from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { sandboxSignature } from '../src/modules/payments/payments.http.ts';
import { TEST_API_KEY, testConfig, type GraphQLResponse } from './api-client.ts';
import { customerSession } from './auth-client.ts';
import { addCartFixture, CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { capturedLogger } from './log-capture.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const PLACE = `mutation($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { orderId status redirectUrl } }`;
const ADD = `mutation($id: String!, $item: CartItemInputType!) {
  addToCart(id: $id, item: $item) { id } }`;
const CLONE = `mutation($id: String!) { cloneCart(id: $id) { id items { quantity } } }`;

describe.each(testDatabaseKinds())('shop API hardening, round 2 (issue 41) on %s', (kind) => {
  let handle: DbHandle;
  let config: Config;
  let api: ReturnType<typeof createApi>;
  const log = capturedLogger('info');

  const gql = async (query: string, variables: Record<string, unknown> = {}, token?: string) => {
    const response = await api.fetch(
      new Request('http://localhost/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-apikey': TEST_API_KEY,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query, variables }),
      }),
    );
    // The answer's shape is the query's; the tests read what they asked for.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (await response.json()) as GraphQLResponse<Record<string, any>>;
  };
  const newCart = async (items: Array<[number, number]>, token?: string) => {
    const id = (await gql(`{ getCart(id: "") { id } }`, {}, token)).data!.getCart.id as string;
    for (const [skuId, quantity] of items) {
      expect((await gql(ADD, { id, item: { skuId, quantity } }, token)).errors).toBeUndefined();
    }
    return id;
  };

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 20 });
    await addCartFixture(handle.db);
    config = testConfig({
      payments: {
        sandbox: true,
        sandboxSecret: 'test-sandbox-secret-0123456789abcdef',
        kustom: null,
        stripe: null,
        callbackSecret: 'test-callback-secret-0123456789abcdef',
      },
    });
    api = createApi({ db: handle.db, config, logger: log.logger, log: { error: () => {} } });
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('§5 refuses and logs a captured notification for a cart that was ordered by invoice', async () => {
    const cartId = await newCart([[F.tube.skuId, 1]]);
    // The shopper opens the card payment (a sandbox session) ...
    const pending = await gql(PLACE, {
      cartId,
      checkout: personCheckout({ paymentId: 2, shippingId: 2 }),
    });
    expect(pending.data!.placeOrder.status).toBe('pending');
    const session = new URL(pending.data!.placeOrder.redirectUrl).pathname.split('/').pop()!;
    // ... goes back and orders by invoice instead.
    const invoice = await gql(PLACE, {
      cartId,
      checkout: personCheckout({ paymentId: 1, shippingId: 2 }),
    });
    expect(invoice.errors).toBeUndefined();
    const orderId = Number(invoice.data!.placeOrder.orderId);
    const before = await handle.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId));
    expect(before).toMatchObject([{ provider: 'invoice', status: 'authorized' }]);

    const body = JSON.stringify({ eventId: 'mismatch-1', sessionId: session, type: 'captured' });
    const notified = await api.fetch(
      new Request('http://localhost/payments/notify/sandbox', {
        method: 'POST',
        body,
        headers: { 'x-sandbox-signature': sandboxSignature(config.payments.sandboxSecret, body) },
      }),
    );
    expect(notified.status).toBe(409);
    expect(await notified.json()).toEqual({ error: 'PAYMENT_MISMATCH' });
    expect(
      await handle.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)),
    ).toEqual(before);
    expect(
      await handle.db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.eventId, 'mismatch-1')),
    ).toEqual([]);
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'Payment notification refused: the order is not paid through this session',
        orderId,
        sessionId: session,
        eventId: 'mismatch-1',
      }),
    );
  });

  it("§6 the cart of a customer's order cannot be cloned by a guest or another customer", async () => {
    const anna = await customerSession(handle.db, config, 'anna.round2@example.se');
    const bertil = await customerSession(handle.db, config, 'bertil.round2@example.se');
    // Every cart request as a guest; only the order is placed with Anna's token.
    const cartId = await newCart([[F.lock.skuId, 1]]);
    const placed = await gql(PLACE, { cartId, checkout: personCheckout() }, anna.token);
    expect(placed.errors).toBeUndefined();
    const [order] = await handle.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(order!.customerId).toBe(anna.id);
    const [cart] = await handle.db.select().from(carts).where(eq(carts.id, cartId));
    expect(cart!.customerId).toBe(anna.id);

    expect((await gql(CLONE, { id: cartId })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await gql(CLONE, { id: cartId }, bertil.token)).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    const mine = await gql(CLONE, { id: cartId }, anna.token);
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.cloneCart.items).toEqual([{ quantity: 1 }]);

    // A guest's order: its cart stays the guest's (whoever holds the id), as before.
    const guestCart = await newCart([[F.tube.skuId, 1]]);
    expect(
      (await gql(PLACE, { cartId: guestCart, checkout: personCheckout() })).errors,
    ).toBeUndefined();
    expect((await gql(CLONE, { id: guestCart })).errors).toBeUndefined();
  });

  it('§7 three concurrent adds of 600 units: one line of 600, the others BAD_USER_INPUT', async () => {
    await handle.db.update(stock).set({ static: 1 }).where(eq(stock.skuId, F.bike.skuId));
    const cartId = await newCart([]);
    const answers = await Promise.all(
      [1, 2, 3].map(() => gql(ADD, { id: cartId, item: { skuId: F.bike.skuId, quantity: 600 } })),
    );
    const codes = answers.map((a) => a.errors?.[0]?.extensions?.code ?? 'ok').sort();
    expect(codes).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT', 'ok']);
    for (const answer of answers.filter((a) => a.errors)) {
      expect(answer.errors![0]).toMatchObject({
        message: 'quantity must be an integer from 1 to 999',
        extensions: { code: 'BAD_USER_INPUT', argument: 'quantity', max: 999 },
      });
    }
    const lines = await handle.db.select().from(cartItems).where(eq(cartItems.cartId, cartId));
    expect(lines.map((l) => l.quantity)).toEqual([600]);
    expect(log.raw.join('\n')).not.toMatch(/cart_items_quantity_range/);
    await handle.db.update(stock).set({ static: 0 }).where(eq(stock.skuId, F.bike.skuId));
  });
});
