/**
 * The confirmation's pickup store (issue 6 part 7, SPEC §3 "store pickup"): an order placed
 * for store pickup names the store in `CheckoutOrderType.pickupPointName` (shop extension) next
 * to its alias in `pickupPoint`; home delivery has neither. On every database kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createTestClient, type TestClient } from './api-client.ts';
import { addCartFixture, CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

describe.each(testDatabaseKinds())('pickup store on the confirmation on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;

  /** Places an invoice order of one lock and reads it back as the confirmation page does. */
  const orderWith = async (checkout: Record<string, unknown>) => {
    const cart = await client.query(`{ getCart(id: "") { id } }`);
    const cartId = cart.data!.getCart.id as string;
    const added = await client.query(
      `mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`,
      { id: cartId, item: { skuId: F.lock.skuId, quantity: 1 } },
    );
    expect(added.errors).toBeUndefined();
    const placed = await client.query(
      `mutation($cartId: String!, $checkout: CheckoutInputType!) { placeOrder(cartId: $cartId, checkout: $checkout) { orderId status } }`,
      { cartId, checkout: personCheckout(checkout) },
    );
    expect(placed.errors).toBeUndefined();
    const read = await client.query(
      `query($id: String!, $cartId: String) { checkout(id: $id, cartId: $cartId, paymentType: STANDARD) { completed order { pickupPoint pickupPointName } } }`,
      { id: placed.data!.placeOrder.orderId, cartId },
    );
    expect(read.errors).toBeUndefined();
    expect(read.data!.checkout.completed).toBe(true);
    return read.data!.checkout.order as {
      pickupPoint: string | null;
      pickupPointName: string | null;
    };
  };

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 40 });
    await addCartFixture(handle.db);
    client = createTestClient(handle);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('names the pickup store; home delivery has no store', async () => {
    expect(await orderWith({ shippingId: 3, pickupPoint: 'goteborg' })).toEqual({
      pickupPoint: 'goteborg',
      pickupPointName: 'Trampa Göteborg Haga',
    });
    expect(await orderWith({ shippingId: 2 })).toEqual({
      pickupPoint: null,
      pickupPointName: null,
    });
  });
});
