/**
 * Click and collect from a store's own shelf (issue 40 §6): a size sold out online but on a
 * store's shelf is reserved there with `CartItemInputType.pickupStore`; the line is limited by
 * that shelf (not the web stock), the checkout offers only pickup in that store, the order takes
 * the units from the shelf in its transaction (never more than it holds, also with orders placed
 * at the same time), and a cancellation puts them back. On every database kind.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderLines, orders, stock, storeStock } from '../src/db/schema.ts';
import { transitionOrder } from '../src/modules/orders/order-process.ts';
import { CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { useCheckoutApi } from './checkout-suite.ts';
import { testDatabaseKinds } from './test-db.ts';

/** Store ids of the seed (seed/stores.ts). */
const STOCKHOLM = 1;
const MALMO = 3;
/** The seed's store pickup method ("Hämta i butik"). */
const PICKUP = 3;

const ADD = `mutation($id: String!, $item: CartItemInputType!) {
  addToCart(id: $id, item: $item) {
    items { id skuId quantity pickupStore { alias name address } pickupStoreQuantity }
  } }`;
const UPDATE = `mutation($id: String!, $item: CartItemInputType!) {
  updateCartItem(id: $id, item: $item) { items { quantity pickupStoreQuantity } } }`;
const CHECKOUT = `mutation($cartId: String!, $checkout: CheckoutInputType) {
  createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) {
    cart { summary { shipping { id } } }
    shippingOptions { id externalId isSelected shippingData subOptions { externalId } } } }`;

interface CartItem {
  id: string;
  skuId: number;
  quantity: number;
  pickupStore: { alias: string; name: string; address: string } | null;
  pickupStoreQuantity: number | null;
}

interface Answer<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

describe.each(testDatabaseKinds())('click and collect on %s', (kind) => {
  const api = useCheckoutApi(kind);
  const { cartWith, place, stockOf } = api;

  /** Sets a SKU's web stock and its units on one store's shelf. */
  const shelve = async (skuId: number, web: number, storeId: number, quantity: number) => {
    const db = api.handle.db;
    await db
      .update(stock)
      .set({ inStock: web, oversellable: 0, static: 0 })
      .where(eq(stock.skuId, skuId));
    await db
      .insert(storeStock)
      .values({ storeId, skuId, quantity })
      .onConflictDoUpdate({ target: [storeStock.storeId, storeStock.skuId], set: { quantity } });
  };
  const shelfOf = async (storeId: number, skuId: number) => {
    const [row] = await api.handle.db
      .select()
      .from(storeStock)
      .where(and(eq(storeStock.storeId, storeId), eq(storeStock.skuId, skuId)));
    return row?.quantity ?? 0;
  };
  const add = async (id: string, item: Record<string, unknown>) =>
    (await api.client.query(ADD, { id, item })) as Answer<{ addToCart: { items: CartItem[] } }>;
  const reserve = async (skuId: number, quantity: number, pickupStore: string) => {
    const cartId = await cartWith([]);
    const result = await add(cartId, { skuId, quantity, pickupStore });
    expect(result.errors).toBeUndefined();
    return cartId;
  };

  it('reserves a size sold out online in a store that has it, limited by that shelf', async () => {
    const skuId = F.helmet.skuIds[1];
    await shelve(skuId, 0, MALMO, 2);
    const cartId = await cartWith([]);

    // The web shop cannot sell it...
    const web = await add(cartId, { skuId, quantity: 1 });
    expect(web.errors?.[0]?.extensions).toMatchObject({ code: 'OUT_OF_STOCK', stock: 0 });

    // ...but Malmö can: the line is tied to the store, its limit is the shelf.
    const added = await add(cartId, { skuId, quantity: 2, pickupStore: 'malmo' });
    expect(added.errors).toBeUndefined();
    const [line] = added.data!.addToCart.items;
    expect(line).toMatchObject({
      skuId,
      quantity: 2,
      pickupStore: {
        alias: 'malmo',
        name: 'Trampa Malmö Davidshall',
        address: 'Davidshallsgatan 12',
      },
      pickupStoreQuantity: 2,
    });

    // A third unit is more than the shelf holds: typed error with the store and the units.
    const third = await add(cartId, { skuId, quantity: 1, pickupStore: 'malmo' });
    expect(third.errors?.[0]?.extensions).toEqual({
      code: 'OUT_OF_STOCK',
      reason: 'storeStock',
      skuId,
      storeAlias: 'malmo',
      storeName: 'Trampa Malmö Davidshall',
      stock: 2,
      quantityInCart: 2,
    });
    expect(third.errors![0]!.message).toBe(
      'Only 2 left in Trampa Malmö Davidshall, and the cart already holds 2',
    );
    const raised = (await api.client.query(UPDATE, {
      id: cartId,
      item: { id: line!.id, quantity: 3 },
    })) as Answer<unknown>;
    expect(raised.errors?.[0]?.extensions).toMatchObject({ reason: 'storeStock', stock: 2 });
    // Lowering is always allowed; the line keeps its store.
    const lowered = (await api.client.query(UPDATE, {
      id: cartId,
      item: { id: line!.id, quantity: 1 },
    })) as Answer<{ updateCartItem: { items: CartItem[] } }>;
    expect(lowered.data!.updateCartItem.items).toEqual([{ quantity: 1, pickupStoreQuantity: 2 }]);

    // The same size for delivery, or in a second store, is refused: one store per order.
    const mixed = await add(cartId, { skuId, quantity: 1 });
    expect(mixed.errors?.[0]?.extensions).toMatchObject({
      code: 'PICKUP_STORE_CONFLICT',
      reason: 'sameSku',
    });
    await shelve(F.helmet.skuIds[0], 10, STOCKHOLM, 3);
    const second = await add(cartId, {
      skuId: F.helmet.skuIds[0],
      quantity: 1,
      pickupStore: 'stockholm',
    });
    expect(second.errors?.[0]?.extensions).toEqual({
      code: 'PICKUP_STORE_CONFLICT',
      reason: 'otherStore',
      storeAlias: 'malmo',
      storeName: 'Trampa Malmö Davidshall',
    });
  });

  it('refuses a store without the size, an unknown store and a market without store pickup', async () => {
    const skuId = F.helmet.skuIds[1];
    await shelve(skuId, 0, MALMO, 2);
    await shelve(skuId, 0, STOCKHOLM, 0);
    const cartId = await cartWith([]);
    const none = await add(cartId, { skuId, quantity: 1, pickupStore: 'stockholm' });
    expect(none.data?.addToCart ?? null).toBeNull();
    expect(none.errors?.[0]?.extensions).toMatchObject({
      code: 'OUT_OF_STOCK',
      reason: 'storeStock',
      storeName: 'Trampa Stockholm Södermalm',
      stock: 0,
      quantityInCart: 0,
    });
    expect(none.errors![0]!.message).toBe('Trampa Stockholm Södermalm has none of this item');
    const unknown = await add(cartId, { skuId, quantity: 1, pickupStore: 'uppsala' });
    expect(unknown.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      argument: 'pickupStore',
    });
    const finland = (await api.client.query(
      `mutation($id: String!, $item: CartItemInputType!) {
        addToCart(id: $id, item: $item, marketId: "fi") { id } }`,
      { id: cartId, item: { skuId, quantity: 1, pickupStore: 'malmo' } },
    )) as Answer<unknown>;
    expect(finland.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      argument: 'pickupStore',
    });
    expect(finland.errors![0]!.message).toBe('Store pickup is not offered in this market');
    const empty = await api.client.query(`{ getCart(id: "${cartId}") { items { id } } }`);
    expect(empty.data!.getCart.items).toEqual([]);
  });

  it('offers only pickup in that store, refuses home delivery and another store, and draws the shelf down', async () => {
    const reserved = F.helmet.skuIds[1];
    await shelve(reserved, 0, MALMO, 2);
    const tubeBefore = await stockOf(F.tube.skuId);
    const cartId = await reserve(reserved, 2, 'malmo');
    // A line of the web stock in the same cart is sent to the store.
    expect((await add(cartId, { skuId: F.tube.skuId, quantity: 1 })).errors).toBeUndefined();

    const checkout = (await api.client.query(CHECKOUT, {
      cartId,
      checkout: { billingAddress: { zip: '211 45' }, shippingId: 2 },
    })) as Answer<{
      createOrUpdateCheckout: {
        cart: { summary: { shipping: { id: number } } };
        shippingOptions: Array<{
          id: number;
          externalId: string;
          isSelected: boolean;
          shippingData: string;
          subOptions: unknown[];
        }>;
      };
    }>;
    expect(checkout.errors).toBeUndefined();
    const options = checkout.data!.createOrUpdateCheckout.shippingOptions;
    // Home delivery asked for, but only store pickup is offered, and it is the one priced.
    expect(options.map((o) => [o.id, o.externalId, o.isSelected])).toEqual([
      [PICKUP, 'pickup', true],
    ]);
    expect(checkout.data!.createOrUpdateCheckout.cart.summary.shipping.id).toBe(PICKUP);
    const stores = JSON.parse(options[0]!.shippingData).stores as Array<{
      alias: string;
      skus: Array<{ skuId: number; quantity: number }>;
    }>;
    expect(stores.map((s) => s.alias)).toEqual(['malmo']);
    expect(stores[0]!.skus.find((s) => s.skuId === reserved)?.quantity).toBe(2);
    expect(options[0]!.subOptions).toHaveLength(1);

    const home = await place(cartId, personCheckout({ shippingId: 2 }));
    expect(home.errors?.[0]?.extensions).toMatchObject({
      code: 'INVALID_CHECKOUT',
      fieldCodes: { shippingId: 'pickupStoreOnly' },
    });
    const goteborg = await place(
      cartId,
      personCheckout({ shippingId: PICKUP, pickupPoint: 'goteborg' }),
    );
    expect(goteborg.errors?.[0]?.extensions).toMatchObject({
      code: 'INVALID_CHECKOUT',
      fieldCodes: { pickupPoint: 'pickupStoreOnly' },
    });
    expect(await shelfOf(MALMO, reserved)).toBe(2);

    const placed = await place(
      cartId,
      personCheckout({ shippingId: PICKUP, pickupPoint: 'malmo' }),
    );
    expect(placed.errors).toBeUndefined();
    const orderId = Number(placed.data!.placeOrder.orderId);
    const [order] = await api.handle.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ pickupPoint: 'malmo', shippingId: PICKUP });
    const lines = await api.handle.db
      .select({
        skuId: orderLines.skuId,
        quantity: orderLines.quantity,
        store: orderLines.pickupStoreId,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(orderLines.lineNo);
    expect(lines).toEqual([
      { skuId: reserved, quantity: 2, store: MALMO },
      { skuId: F.tube.skuId, quantity: 1, store: null },
    ]);
    // The shelf gave the reserved units, the web stock the tube; the web stock of the size is untouched.
    expect(await shelfOf(MALMO, reserved)).toBe(0);
    expect(await stockOf(reserved)).toBe(0);
    expect(await stockOf(F.tube.skuId)).toBe(tubeBefore - 1);

    // Cancelled: the units go back on Malmö's shelf, the tube to the web stock.
    await transitionOrder(api.handle.db, orderId, 'cancelled', 'test');
    expect(await shelfOf(MALMO, reserved)).toBe(2);
    expect(await stockOf(reserved)).toBe(0);
    expect(await stockOf(F.tube.skuId)).toBe(tubeBefore);
  });

  it('8 shoppers who reserved the last 3 units order at once: 3 orders, the shelf at 0, never below', async () => {
    const skuId = F.lock.skuId;
    await shelve(skuId, 0, MALMO, 3);
    // Each reservation fits the shelf on its own; the order transaction decides.
    const carts = await Promise.all(Array.from({ length: 8 }, () => reserve(skuId, 1, 'malmo')));
    const results = await Promise.all(
      carts.map((cartId) =>
        place(cartId, personCheckout({ shippingId: PICKUP, pickupPoint: 'malmo' })),
      ),
    );
    const placed = results.filter((r) => r.data?.placeOrder?.status === 'completed');
    const refused = results.filter((r) => r.errors?.[0]?.extensions?.code === 'OUT_OF_STOCK');
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.errors![0]!.extensions).toMatchObject({
      reason: 'storeShortage',
      storeAlias: 'malmo',
      storeName: 'Trampa Malmö Davidshall',
      productName: 'Testlås Bygel',
      available: 0,
      skuIds: [skuId],
    });
    expect(await shelfOf(MALMO, skuId)).toBe(0);
    expect(await stockOf(skuId)).toBe(0);
    // A refused cart stays open with its reservation, now more than the shelf holds.
    const open = await api.client.query(
      `{ getCart(id: "${carts[results.indexOf(refused[0]!)]}") { isCompleted items { quantity pickupStoreQuantity } } }`,
    );
    expect(open.data!.getCart).toEqual({
      isCompleted: false,
      items: [{ quantity: 1, pickupStoreQuantity: 0 }],
    });
  });
});
