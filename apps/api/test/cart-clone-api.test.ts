/**
 * API integration tests of `cloneCart(id, resetPromotions)` (GEINS-API §3.2; @geins/oms
 * `cart.copy`): a new open cart with the same items at current prices, stock-checked; the promo
 * code copied unless resetPromotions; unknown ids and other customers' carts refused with a
 * typed NOT_FOUND and nothing written. On every database kind.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { carts, productPrices, products, stock } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import {
  createTestClient,
  testConfig,
  type GraphQLResponse,
  type TestClient,
} from './api-client.ts';
import { customerSession } from './auth-client.ts';
import { addCartFixture, CART_FIXTURE as F } from './cart-fixture.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const CLONE_FIELDS = `id isCompleted promoCode
  items { skuId quantity unitPrice { sellingPriceIncVat } }
  summary { subTotal { sellingPriceIncVat } }`;

describe.each(testDatabaseKinds())('cloneCart on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  const config = testConfig();

  const gql = async (
    query: string,
    variables: Record<string, unknown> = {},
    token?: string,
  ): Promise<GraphQLResponse<Json>> => {
    const response = await client.post(
      { query, variables },
      token ? { authorization: `Bearer ${token}` } : {},
    );
    return (await response.json()) as GraphQLResponse<Json>;
  };
  const newCart = async (): Promise<string> =>
    (await gql(`{ getCart(id: "") { id } }`)).data!.getCart.id;
  const add = async (id: string, skuId: number, quantity: number) => {
    const result = await gql(
      `mutation ($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`,
      { id, item: { skuId, quantity } },
    );
    expect(result.errors).toBeUndefined();
  };
  const clone = (id: string, resetPromotions?: boolean, token?: string) =>
    gql(
      `mutation ($id: String!, $reset: Boolean) { cloneCart(id: $id, resetPromotions: $reset) { ${CLONE_FIELDS} } }`,
      { id, reset: resetPromotions ?? null },
      token,
    );
  const cartCount = async () =>
    Number((await handle.db.select({ n: sql<number>`count(*)` }).from(carts))[0]!.n);
  const customerToken = (email: string) => customerSession(handle.db, config, email);

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 40 });
    await addCartFixture(handle.db);
    client = createTestClient(handle, config);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('copies the items and the promo code into a new open cart; the original is unchanged', async () => {
    const id = await newCart();
    await add(id, F.lock.skuId, 2);
    await add(id, F.tube.skuId, 1);
    const promo = await gql(
      `mutation { setCartPromoCode(id: "${id}", promoCode: "CYKEL10") { id } }`,
    );
    expect(promo.errors).toBeUndefined();

    const result = await clone(id);
    expect(result.errors).toBeUndefined();
    const copy = result.data!.cloneCart;
    expect(copy.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(copy.id).not.toBe(id);
    expect(copy.isCompleted).toBe(false);
    expect(copy.promoCode).toBe('CYKEL10');
    expect(copy.items).toEqual([
      { skuId: F.lock.skuId, quantity: 2, unitPrice: { sellingPriceIncVat: 299 } },
      { skuId: F.tube.skuId, quantity: 1, unitPrice: { sellingPriceIncVat: 129 } },
    ]);
    // 10 % off 598 + 129 kr.
    expect(copy.summary.subTotal.sellingPriceIncVat).toBe(654.3);

    // The copy is a cart of its own: changing it leaves the original alone.
    await add(copy.id, F.lock.skuId, 1);
    const { data } = await gql(
      `{ a: getCart(id: "${id}") { items { quantity } } b: getCart(id: "${copy.id}") { items { quantity } } }`,
    );
    expect(data!.a.items).toEqual([{ quantity: 2 }, { quantity: 1 }]);
    expect(data!.b.items).toEqual([{ quantity: 3 }, { quantity: 1 }]);
  });

  it('resetPromotions: true leaves the promo code out', async () => {
    const id = await newCart();
    await add(id, F.lock.skuId, 1);
    await gql(`mutation { setCartPromoCode(id: "${id}", promoCode: "VÅR10") { id } }`);
    const result = await clone(id, true);
    expect(result.errors).toBeUndefined();
    expect(result.data!.cloneCart.promoCode).toBeNull();
    expect(result.data!.cloneCart.summary.subTotal.sellingPriceIncVat).toBe(299);
  });

  it('clones a completed cart into an open one that takes new items', async () => {
    const id = await newCart();
    await add(id, F.tube.skuId, 2);
    await gql(`mutation { completeCart(id: "${id}") { id } }`);
    const result = await clone(id);
    expect(result.errors).toBeUndefined();
    const copy = result.data!.cloneCart;
    expect(copy.isCompleted).toBe(false);
    expect(copy.items.map((i: { quantity: number }) => i.quantity)).toEqual([2]);
    await add(copy.id, F.tube.skuId, 1);
  });

  it('uses current prices and stock: quantities capped, sold-out and discontinued items left out', async () => {
    const id = await newCart();
    await add(id, F.lock.skuId, 4);
    await add(id, F.tube.skuId, 1);
    await add(id, F.helmet.skuIds[1], 2);
    const db = handle.db;
    try {
      await db.update(stock).set({ inStock: 3 }).where(eq(stock.skuId, F.lock.skuId));
      await db.update(stock).set({ inStock: 0 }).where(eq(stock.skuId, F.helmet.skuIds[1]));
      await db.update(products).set({ active: false }).where(eq(products.id, F.tube.productId));
      await db
        .update(productPrices)
        .set({ regularPriceIncVat: 25_900 })
        .where(eq(productPrices.productId, F.lock.productId));
      const result = await clone(id);
      expect(result.errors).toBeUndefined();
      expect(result.data!.cloneCart.items).toEqual([
        { skuId: F.lock.skuId, quantity: 3, unitPrice: { sellingPriceIncVat: 259 } },
      ]);
    } finally {
      await db.update(stock).set({ inStock: F.lock.stock }).where(eq(stock.skuId, F.lock.skuId));
      await db.update(stock).set({ inStock: 2 }).where(eq(stock.skuId, F.helmet.skuIds[1]));
      await db.update(products).set({ active: true }).where(eq(products.id, F.tube.productId));
      await db
        .update(productPrices)
        .set({ regularPriceIncVat: F.lock.price })
        .where(eq(productPrices.productId, F.lock.productId));
    }
  });

  it('an unknown or malformed id is a typed NOT_FOUND error and writes nothing', async () => {
    const before = await cartCount();
    for (const id of [
      '00000000-0000-0000-0000-000000000000',
      '',
      'nonsense',
      "'; drop table carts; --",
    ]) {
      const result = await clone(id);
      expect(result.data?.cloneCart ?? null).toBeNull();
      expect(result.errors![0]).toMatchObject({
        message: 'Cart not found',
        extensions: { code: 'NOT_FOUND', argument: 'id' },
      });
    }
    expect(await cartCount()).toBe(before);
  });

  it("another customer's cart cannot be cloned (NOT_FOUND); its owner can", async () => {
    const anna = await customerToken('anna.klon@example.se');
    const bertil = await customerToken('bertil.klon@example.se');
    const id = await newCart();
    await add(id, F.lock.skuId, 1);
    await handle.db.update(carts).set({ customerId: anna.id }).where(eq(carts.id, id));
    const before = await cartCount();

    for (const token of [undefined, bertil.token]) {
      const result = await clone(id, false, token);
      expect(result.errors![0]!.extensions).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await cartCount()).toBe(before);

    const mine = await clone(id, false, anna.token);
    expect(mine.errors).toBeUndefined();
    const [row] = await handle.db.select().from(carts).where(eq(carts.id, mine.data!.cloneCart.id));
    expect(row!.customerId).toBe(anna.id);
  });
});

/**
 * Cart ownership (issue 13 §14): a logged-in customer's cart gets `customer_id` from their
 * requests, so the owner checks of cloneCart fire; the checkout's personal data (e-mail,
 * personnummer, addresses) goes only to a caller who can prove the cart is theirs.
 */
describe.each(testDatabaseKinds())('cart ownership on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  const config = testConfig();
  const gql = async (query: string, variables: Record<string, unknown> = {}, token?: string) =>
    (await (
      await client.post({ query, variables }, token ? { authorization: `Bearer ${token}` } : {})
    ).json()) as GraphQLResponse<Json>;
  const CHECKOUT = `mutation ($cartId: String!, $checkout: CheckoutInputType) {
    createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) {
      email identityNumber billingAddress { firstName lastName addressLine1 zip city }
      shippingAddress { firstName } } }`;
  const entered = {
    email: 'anna.agare@example.se',
    identityNumber: '19900101-0017',
    billingAddress: {
      firstName: 'Anna',
      lastName: 'Ägare',
      addressLine1: 'Storgatan 1',
      zip: '11122',
      city: 'Stockholm',
    },
  };

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 40 });
    await addCartFixture(handle.db);
    client = createTestClient(handle, config);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("the logged-in customer's requests write carts.customer_id; others cannot clone the cart", async () => {
    const anna = await customerSession(handle.db, config, 'anna.agare@example.se');
    const bertil = await customerSession(handle.db, config, 'bertil.annan@example.se');
    // As the storefront does it: a cart made before login, then used with the Bearer token.
    const early = (await gql(`{ getCart(id: "") { id } }`)).data!.getCart.id as string;
    const added = await gql(
      `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${F.lock.skuId}, quantity: 1 }) { id } }`,
      { id: early },
      anna.token,
    );
    expect(added.errors).toBeUndefined();
    const created = (await gql(`{ getCart(id: "") { id } }`, {}, anna.token)).data!.getCart
      .id as string;
    const owners = await handle.db
      .select({ id: carts.id, customerId: carts.customerId })
      .from(carts)
      .where(inArray(carts.id, [early, created]));
    expect(owners.map((row) => row.customerId)).toEqual([anna.id, anna.id]);

    const clone = (token?: string) =>
      gql(`mutation ($id: String!) { cloneCart(id: $id) { id } }`, { id: early }, token);
    expect((await clone()).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await clone(bertil.token)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await clone(anna.token)).errors).toBeUndefined();
    // A claimed cart stays its owner's: another customer's request does not take it over.
    await gql(`{ getCart(id: "${early}") { id } }`, {}, bertil.token);
    const [row] = await handle.db.select().from(carts).where(eq(carts.id, early));
    expect(row!.customerId).toBe(anna.id);
  });

  it('createOrUpdateCheckout(cartId) returns stored personal data only to the owner', async () => {
    const anna = await customerSession(handle.db, config, 'anna.checkout@example.se');
    const bertil = await customerSession(handle.db, config, 'bertil.checkout@example.se');
    const cartId = (await gql(`{ getCart(id: "") { id } }`, {}, anna.token)).data!.getCart
      .id as string;
    const saved = await gql(CHECKOUT, { cartId, checkout: entered }, anna.token);
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.createOrUpdateCheckout).toMatchObject({
      email: entered.email,
      identityNumber: entered.identityNumber,
    });

    // The exact request of the finding: a cart id alone, anonymous or as another customer.
    for (const token of [undefined, bertil.token]) {
      const probe = await gql(CHECKOUT, { cartId }, token);
      expect(probe.errors).toBeUndefined();
      const seen = JSON.stringify(probe.data);
      for (const secret of ['anna.agare', '19900101', 'Storgatan', 'Ägare', '11122']) {
        expect(seen).not.toContain(secret);
      }
      expect(probe.data!.createOrUpdateCheckout.email).toBeNull();
      expect(probe.data!.createOrUpdateCheckout.identityNumber).toBeNull();
    }
    // The owner still gets it back (the storefront's checkout prefill).
    const own = await gql(CHECKOUT, { cartId }, anna.token);
    expect(own.data!.createOrUpdateCheckout).toMatchObject({
      email: entered.email,
      identityNumber: entered.identityNumber,
      billingAddress: { firstName: 'Anna', zip: '11122' },
    });
    // Someone else who types into the checkout gets back what they typed, nothing stored.
    const typed = await gql(CHECKOUT, { cartId, checkout: { email: 'gast@example.se' } });
    expect(typed.data!.createOrUpdateCheckout.email).toBe('gast@example.se');
    expect(typed.data!.createOrUpdateCheckout.identityNumber).toBeNull();
    expect(JSON.stringify(typed.data)).not.toContain('Storgatan');
  });

  it("an anonymous cart's checkout data goes to the holder of its id until a customer claims it", async () => {
    const cartId = (await gql(`{ getCart(id: "") { id } }`)).data!.getCart.id as string;
    await gql(CHECKOUT, { cartId, checkout: entered });
    const again = await gql(CHECKOUT, { cartId });
    expect(again.data!.createOrUpdateCheckout.email).toBe(entered.email);
    // Logging in and continuing the checkout makes the cart (and its data) the customer's.
    const cecilia = await customerSession(handle.db, config, 'cecilia.claim@example.se');
    const mine = await gql(CHECKOUT, { cartId }, cecilia.token);
    expect(mine.data!.createOrUpdateCheckout.email).toBe(entered.email);
    expect((await gql(CHECKOUT, { cartId })).data!.createOrUpdateCheckout.email).toBeNull();
  });
});
