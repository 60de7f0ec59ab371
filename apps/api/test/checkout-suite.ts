/**
 * Setup of the checkout and order tests (checkout-*-api.test.ts): the seed catalogue of 40
 * products plus the cart fixture on a fresh database of `kind`, a mail outbox, a client, and
 * helpers to fill a cart, place an order and read stock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { stock } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createGraphQLContext } from '../src/graphql/context.ts';
import type { Config } from '../src/config.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { addCartFixture } from './cart-fixture.ts';
import { openTestDb } from './test-db.ts';

const PLACE = `mutation place($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { orderId publicId status redirectUrl } }`;

/** Registers the hooks of a checkout suite and returns its handle, client and helpers. */
export function useCheckoutApi(kind: 'pglite' | 'postgres') {
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
  return {
    get handle() {
      return handle;
    },
    get client() {
      return client;
    },
    get outbox() {
      return outbox;
    },
    get mailConfig() {
      return mailConfig;
    },
    cartWith,
    place,
    stockOf,
    shop,
  };
}
