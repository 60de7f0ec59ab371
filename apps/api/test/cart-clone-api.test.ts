/**
 * API integration tests of `cloneCart(id, resetPromotions)` (GEINS-API §3.2; @geins/oms
 * `cart.copy`): a new open cart with the same items at current prices, stock-checked; the promo
 * code copied unless resetPromotions; unknown ids and other customers' carts refused with a
 * typed NOT_FOUND and nothing written. On every database kind.
 */
import { eq, sql } from 'drizzle-orm';
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
        message: 'Varukorgen finns inte',
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
