/**
 * API integration tests of the cart operations (GEINS-API §3.1 getCart, §3.2 addToCart,
 * updateCartItem, setCartPromoCode, completeCart, clearCart, §4.5 semantics; SPEC §5, §8, §9),
 * on every database kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createTestClient, type TestClient } from './api-client.ts';
import { addCartFixture, CART_FIXTURE as F } from './cart-fixture.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const plain = (text: unknown) => String(text).replace(/\u00a0/g, ' ');

export const CART_FIELDS = `
  id isCompleted promoCode freeShipping fixedDiscount
  appliedCampaigns { campaignId name ruleType }
  items {
    id skuId quantity
    product { productId name }
    unitPrice { sellingPriceIncVat regularPriceIncVat sellingPriceExVat isDiscounted }
    totalPrice { sellingPriceIncVat sellingPriceExVat regularPriceIncVat sellingPriceIncVatFormatted }
    campaign { appliedCampaigns { name ruleType } prices { quantity discount } }
  }
  summary {
    total { sellingPriceIncVat sellingPriceExVat vat sellingPriceIncVatFormatted isDiscounted }
    subTotal { sellingPriceIncVat sellingPriceExVat regularPriceIncVat }
    vats { rate amount }
    fees { shippingFeeIncVat shippingFeeExVat paymentFeeIncVat }
    fixedAmountDiscountIncVat fixedAmountDiscountExVat
    shipping { id displayName feeIncVat amountLeftToFreeShipping amountLeftToFreeShippingFormatted amountLeftToFreeShippingExVat isSelected }
    balance { pending remaining totalSellingPriceExBalanceIncVat totalSellingPriceExBalanceIncVatFormatted }
  }`;

describe.each(testDatabaseKinds())('cart API on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;

  const newCart = async (): Promise<string> => {
    const { data, errors } = await client.query(
      `{ getCart(id: "") { id isCompleted items { id } } }`,
    );
    expect(errors).toBeUndefined();
    return data!.getCart.id;
  };
  const add = (id: string, skuId: number, quantity: number) =>
    client.query(
      `mutation add($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { ${CART_FIELDS} } }`,
      { id, item: { skuId, quantity }, channelId: '1|se', marketId: 'se', languageId: 'sv-SE' },
    );
  const update = (id: string, item: Record<string, unknown>) =>
    client.query(
      `mutation upd($id: String!, $item: CartItemInputType!) { updateCartItem(id: $id, item: $item) { ${CART_FIELDS} } }`,
      { id, item },
    );
  const promo = (id: string, promoCode: string) =>
    client.query(
      `mutation promo($id: String!, $promoCode: String!) { setCartPromoCode(id: $id, promoCode: $promoCode) { ${CART_FIELDS} } }`,
      { id, promoCode },
    );

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 40 });
    await addCartFixture(handle.db);
    client = createTestClient(handle);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('getCart with an empty, unknown or missing id creates a new cart', async () => {
    const a = await newCart();
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    // One request creates at most one cart (issue 13 §18): one creation per request here.
    const { data } = await client.query(
      `{ x: getCart(id: "00000000-0000-0000-0000-000000000000") { id } z: getCart(id: "${a}") { id items { id } } }`,
    );
    const missing = await client.query(`{ y: getCart { id } }`);
    expect(data!.x.id).not.toBe(a);
    expect(missing.data!.y.id).not.toBe(a);
    expect(data!.z).toEqual({ id: a, items: [] });
  });

  it('addToCart adds, copies and prices on the server; totals are öre exact', async () => {
    const id = await newCart();
    await add(id, F.lock.skuId, 1);
    const { data, errors } = await add(id, F.lock.skuId, 1);
    expect(errors).toBeUndefined();
    const cart = data!.addToCart;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      skuId: F.lock.skuId,
      quantity: 2,
      product: { productId: F.lock.productId, name: 'Testlås Bygel' },
      unitPrice: { sellingPriceIncVat: 299, sellingPriceExVat: 239.2 },
      totalPrice: { sellingPriceIncVat: 598, sellingPriceExVat: 478.4 },
    });
    expect(plain(cart.items[0].totalPrice.sellingPriceIncVatFormatted)).toBe('598 kr');
    // 598 kr of items: free shipping (SPEC §9) with the default service-point delivery.
    expect(cart.freeShipping).toBe(true);
    expect(cart.summary.shipping).toMatchObject({ feeIncVat: 0, amountLeftToFreeShipping: 0 });
    expect(cart.summary.total).toMatchObject({
      sellingPriceIncVat: 598,
      sellingPriceExVat: 478.4,
      vat: 119.6,
    });
    expect(cart.summary.vats).toEqual([{ rate: 25, amount: 119.6 }]);
  });

  it('shows the shipping fee and what is left to free shipping below 499 kr', async () => {
    const id = await newCart();
    const { data } = await add(id, F.tube.skuId, 1);
    const cart = data!.addToCart;
    expect(cart.freeShipping).toBe(false);
    // Issue 40 §6: for companies the same 370 kr excl. VAT (25 %): 296 kr; the rule is unchanged.
    expect(cart.summary.shipping).toMatchObject({
      feeIncVat: 49,
      amountLeftToFreeShipping: 370,
      amountLeftToFreeShippingExVat: 296,
    });
    expect(plain(cart.summary.shipping.amountLeftToFreeShippingFormatted)).toBe('370 kr');
    expect(cart.summary.total.sellingPriceIncVat).toBe(129 + 49);
    expect(cart.summary.fees).toMatchObject({ shippingFeeIncVat: 49, shippingFeeExVat: 39.2 });
  });

  it('applies "3 för 2" on tubes and "20 % på Abus" as cart campaigns', async () => {
    const id = await newCart();
    await add(id, F.tube.skuId, 3);
    const { data } = await add(id, F.helmet.skuIds[0], 1);
    const cart = data!.addToCart;
    const names = cart.appliedCampaigns.map((c: { name: string }) => c.name).sort();
    expect(names).toEqual(['20 % på Abus', '3 för 2 på slangar']);
    const tube = cart.items.find((i: { skuId: number }) => i.skuId === F.tube.skuId);
    expect(tube.totalPrice).toMatchObject({ sellingPriceIncVat: 258, regularPriceIncVat: 387 });
    expect(tube.campaign.prices).toEqual([{ quantity: 3, discount: 129 }]);
    const helmet = cart.items.find((i: { skuId: number }) => i.skuId === F.helmet.skuIds[0]);
    expect(helmet.totalPrice.sellingPriceIncVat).toBe(479.2);
    expect(cart.summary.subTotal.sellingPriceIncVat).toBe(258 + 479.2);
  });

  it('updateCartItem sets the quantity by SKU or line id, and 0 removes the line', async () => {
    const id = await newCart();
    const added = await add(id, F.lock.skuId, 1);
    const lineId = added.data!.addToCart.items[0].id;
    let result = await update(id, { skuId: F.lock.skuId, quantity: 4 });
    expect(result.data!.updateCartItem.items[0].quantity).toBe(4);
    result = await update(id, { id: lineId, quantity: 2 });
    expect(result.data!.updateCartItem.items[0].quantity).toBe(2);
    result = await update(id, { id: lineId, quantity: 0 });
    expect(result.data!.updateCartItem.items).toEqual([]);
  });

  it('refuses more than the stock with the spec messages and extensions', async () => {
    const id = await newCart();
    let result = await add(id, F.lock.skuId, 6);
    expect(result.errors![0]!.extensions).toMatchObject({
      code: 'OUT_OF_STOCK',
      stock: 5,
      quantityInCart: 0,
    });
    expect(result.errors![0]!.message).toBe('Only 5 left in stock');
    await add(id, F.lock.skuId, 4);
    result = await add(id, F.lock.skuId, 2);
    expect(result.errors![0]!.extensions).toMatchObject({
      code: 'OUT_OF_STOCK',
      stock: 5,
      quantityInCart: 4,
    });
    expect(result.errors![0]!.message).toContain('the cart already holds 4');
    result = await update(id, { skuId: F.lock.skuId, quantity: 9 });
    expect(result.errors![0]!.extensions!.code).toBe('OUT_OF_STOCK');
    const { data } = await client.query(`{ getCart(id: "${id}") { items { quantity } } }`);
    expect(data!.getCart.items).toEqual([{ quantity: 4 }]);
  });

  it('rejects bad input with typed errors and writes nothing', async () => {
    const id = await newCart();
    for (const quantity of [0, -3, 1000, 2_000_000_000]) {
      const result = await add(id, F.lock.skuId, quantity);
      expect(result.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    }
    for (const skuId of [123456789, F.gone.skuId]) {
      const result = await add(id, skuId, 1);
      expect(result.errors![0]!.extensions).toMatchObject({ code: 'NOT_FOUND', argument: 'skuId' });
    }
    const tampered = await client.query(
      `mutation { addToCart(id: "${id}", item: { skuId: ${F.lock.skuId}, quantity: 1, unitPrice: 1 }) { id } }`,
    );
    expect(tampered.errors![0]!.message).toMatch(/unitPrice/);
    const { data } = await client.query(`{ getCart(id: "${id}") { items { id } } }`);
    expect(data!.getCart.items).toEqual([]);
  });

  it('setCartPromoCode: percent, fixed with minimum, invalid, expired, requirements not met, clear', async () => {
    const id = await newCart();
    await add(id, F.lock.skuId, 1);
    let result = await promo(id, 'FINNSINTE');
    expect(result.errors![0]).toMatchObject({
      message: 'The promo code is not valid',
      extensions: { code: 'INVALID_PROMO_CODE' },
    });
    result = await promo(id, 'sommar20');
    expect(result.errors![0]!.extensions!.code).toBe('INVALID_PROMO_CODE');
    result = await promo(id, 'HUNDRA');
    expect(result.errors![0]!.extensions!.code).toBe('RequirementsNotMet');

    result = await promo(id, 'vår10');
    expect(result.errors).toBeUndefined();
    expect(result.data!.setCartPromoCode.promoCode).toBe('VÅR10');
    expect(result.data!.setCartPromoCode.summary.subTotal.sellingPriceIncVat).toBe(269.1);

    await add(id, F.lock.skuId, 1);
    result = await promo(id, 'HUNDRA');
    expect(result.errors).toBeUndefined();
    const cart = result.data!.setCartPromoCode;
    expect(cart.promoCode).toBe('HUNDRA');
    expect(cart.summary.fixedAmountDiscountIncVat).toBe(100);
    expect(cart.summary.fixedAmountDiscountExVat).toBe(80);
    expect(cart.summary.total.sellingPriceIncVat).toBe(498 + 49);

    result = await promo(id, '');
    expect(result.data!.setCartPromoCode.promoCode).toBeNull();
    expect(result.data!.setCartPromoCode.summary.fixedAmountDiscountIncVat).toBe(0);
  });

  it('completeCart makes the cart read-only: addToCart returns null, getCart starts anew', async () => {
    const id = await newCart();
    await add(id, F.lock.skuId, 1);
    const done = await client.query(`mutation { completeCart(id: "${id}") { isCompleted } }`);
    expect(done.data!.completeCart.isCompleted).toBe(true);
    const result = await add(id, F.lock.skuId, 1);
    expect(result.errors).toBeUndefined();
    expect(result.data!.addToCart).toBeNull();
    const { data } = await client.query(
      `{ a: getCart(id: "${id}") { id } b: getCart(id: "${id}", includeCompleted: true) { id isCompleted items { quantity } } }`,
    );
    expect(data!.a.id).not.toBe(id);
    expect(data!.b).toEqual({ id, isCompleted: true, items: [{ quantity: 1 }] });
    const cleared = await client.query(`mutation { clearCart(id: "${id}") { id } }`);
    expect(cleared.errors![0]!.extensions!.code).toBe('CART_COMPLETED');
  });

  it('clearCart removes lines and the promo code', async () => {
    const id = await newCart();
    await add(id, F.lock.skuId, 2);
    await promo(id, 'CYKEL10');
    const { data } = await client.query(
      `mutation { clearCart(id: "${id}") { items { id } promoCode } }`,
    );
    expect(data!.clearCart).toEqual({ items: [], promoCode: null });
  });

  it('re-prices on read: a changed catalogue price shows in the cart', async () => {
    const id = await newCart();
    await add(id, F.helmet.skuIds[1], 1);
    const { productPrices } = await import('../src/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await handle.db
      .update(productPrices)
      .set({ regularPriceIncVat: 69_900 })
      .where(eq(productPrices.productId, F.helmet.productId));
    const { data } = await client.query(
      `{ getCart(id: "${id}") { items { unitPrice { regularPriceIncVat } } } }`,
    );
    expect(data!.getCart.items[0].unitPrice.regularPriceIncVat).toBe(699);
    await handle.db
      .update(productPrices)
      .set({ regularPriceIncVat: F.helmet.price })
      .where(eq(productPrices.productId, F.helmet.productId));
  });
});
