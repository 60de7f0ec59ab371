/**
 * Placing orders through the shop API for the back office's tests (issue 27: documents and
 * dashboard): a cart in a market with SKUs and units, a person's checkout (invoice), and the
 * stored order row.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { orders } from '../src/db/schema.ts';
import type { TestClient } from './api-client.ts';
import { personCheckout } from './cart-fixture.ts';

/** A stored order row. */
export type PlacedOrder = typeof orders.$inferSelect;

/**
 * Places an order of `items` ([skuId, units]) in `market` (alias: `se`, `fi`) with the shop API and returns its row.
 * @param checkout overrides of {@link personCheckout} (e-mail, shippingId, …)
 */
export async function placeTestOrder(
  client: TestClient,
  db: Database,
  items: Array<[number, number]>,
  market = 'se',
  checkout: Record<string, unknown> = {},
): Promise<PlacedOrder> {
  const cart = await client.query(`query($m: String) { getCart(id: "", marketId: $m) { id } }`, {
    m: market,
  });
  const cartId = cart.data!.getCart.id as string;
  for (const [skuId, quantity] of items) {
    const added = await client.query(
      `mutation($id: String!, $item: CartItemInputType!, $m: String) {
        addToCart(id: $id, item: $item, marketId: $m) { id } }`,
      { id: cartId, item: { skuId, quantity }, m: market },
    );
    expect(added.errors).toBeUndefined();
  }
  const country = market.slice(0, 2).toUpperCase();
  const base = personCheckout();
  const placed = await client.query(
    `mutation($cartId: String!, $checkout: CheckoutInputType!, $m: String) {
      placeOrder(cartId: $cartId, checkout: $checkout, marketId: $m) { orderId } }`,
    {
      cartId,
      m: market,
      checkout: {
        ...base,
        billingAddress: { ...base.billingAddress, country },
        ...checkout,
      },
    },
  );
  expect(placed.errors).toBeUndefined();
  const [row] = await db.select().from(orders).where(eq(orders.cartId, cartId));
  expect(row).toBeDefined();
  return row!;
}
