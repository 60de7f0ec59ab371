/**
 * Setup of the Kustom Checkout tests (kustom-*-api.test.ts, issue 42): the seed catalogue and
 * the cart fixture on a fresh database of `kind`, the Kustom stand-in, the shop's payment
 * endpoints listening on HTTP (Kustom calls push and validation on PUBLIC_URL), a client whose
 * configuration has Kustom for SE:SEK, and helpers to fill a cart and open its KCO order.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Config } from '../src/config.ts';
import type { DbHandle } from '../src/db/client.ts';
import { orders } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { authNodeListener } from '../src/modules/auth/auth.node.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { addCartFixture, personCheckout } from './cart-fixture.ts';
import { startKustomStandIn, type KustomStandIn } from './kustom-stand-in.ts';
import { openTestDb } from './test-db.ts';

/** The Kustom payment option's id. */
export const KUSTOM = 4;
const CHECKOUT = `mutation co($cartId: String!, $checkout: CheckoutInputType) {
  createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) {
    paymentOptions { id paymentType isSelected paymentData newCheckoutSession } } }`;
/** The confirm page's query with `kid`. */
export const CONFIRM = `query confirm($id: String!) {
  checkout(id: $id, paymentType: KLARNA) { completed htmlSnippet order { orderId status } } }`;

/** Registers the hooks of a Kustom suite and returns its handles and helpers. */
export function useKustomShop(kind: 'pglite' | 'postgres') {
  let handle: DbHandle;
  let client: TestClient;
  let standIn: KustomStandIn;
  let server: Server;
  let shopUrl: string;
  let config: Config;

  const q = async (query: string, variables: Record<string, unknown>) => {
    const result = await client.query(query, variables);
    expect(result.errors).toBeUndefined();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return result.data as Record<string, any>;
  };
  const cartWith = async (items: Array<[number, number]>) => {
    const { getCart } = await q(`{ getCart(id: "") { id } }`, {});
    for (const [skuId, quantity] of items) {
      await q(
        `mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`,
        { id: getCart.id, item: { skuId, quantity } },
      );
    }
    return getCart.id as string;
  };
  const chooseKustom = async (cartId: string) => {
    const data = await q(CHECKOUT, {
      cartId,
      checkout: personCheckout({ paymentId: KUSTOM }),
    });
    return (data.createOrUpdateCheckout.paymentOptions as Array<Record<string, unknown>>).find(
      (o) => o.id === KUSTOM,
    ) as { paymentData: string | null; newCheckoutSession: boolean; isSelected: boolean };
  };
  /** The stand-in's order whose snippet the checkout returned. */
  const kustomOrderOf = (snippet: string) => {
    const id = /\/checkout\/([0-9a-f-]{36})\/frame/.exec(snippet)![1]!;
    return { id, order: standIn.orders.get(id)! };
  };
  const ordersOfCart = (cartId: string) =>
    handle.db.select().from(orders).where(eq(orders.cartId, cartId));
  const requestsTo = (suffix: string) =>
    standIn.requests.filter((r) => r.method === 'POST' && r.path.endsWith(suffix));

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 40 });
    await addCartFixture(handle.db);
    standIn = await startKustomStandIn({ autoPush: false, validationTimeoutMs: 2000 });
    // The shop over HTTP: Kustom calls push and validation on PUBLIC_URL.
    let listener: ReturnType<typeof authNodeListener> | null = null;
    server = createServer((req, res) => void listener!(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const base = testConfig();
    config = testConfig({
      publicUrl: shopUrl,
      payments: {
        ...base.payments,
        sandbox: false,
        kustom: {
          apiUrl: standIn.url,
          username: standIn.username,
          password: standIn.password,
          markets: [{ country: 'SE', currency: 'SEK' }],
          testMode: true,
        },
        callbackSecret: 'test-callback-secret-0123456789abcdef',
      },
    });
    client = createTestClient(handle, config);
    listener = authNodeListener((request) => client.api.payments(request));
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await standIn?.close();
    await handle?.close();
  });

  return {
    get handle() {
      return handle;
    },
    get client() {
      return client;
    },
    get standIn() {
      return standIn;
    },
    get shopUrl() {
      return shopUrl;
    },
    get config() {
      return config;
    },
    q,
    cartWith,
    chooseKustom,
    kustomOrderOf,
    ordersOfCart,
    requestsTo,
  };
}
