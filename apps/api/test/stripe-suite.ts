/**
 * Setup of the Stripe tests (stripe-*-api.test.ts, issue 42): the seed catalogue and the cart
 * fixture on a fresh database of `kind`, the Stripe stand-in (apps/api/test/stripe-stand-in.ts,
 * the real `stripe` client talks to it), the shop's payment endpoints listening on HTTP (the
 * stand-in posts its webhooks there), a client whose configuration has Stripe, and helpers to
 * fill a cart, choose "Kort, Swish eller Klarna" and find the intent.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Config } from '../src/config.ts';
import type { DbHandle } from '../src/db/client.ts';
import { orderPayments, orders, paymentSessions, productPrices } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { authNodeListener } from '../src/modules/auth/auth.node.ts';
import { JobRunner } from '../src/modules/jobs/runner.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { addCartFixture, CART_FIXTURE, personCheckout } from './cart-fixture.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
import { openTestDb } from './test-db.ts';

/** The Stripe payment option's id ("Kort, Swish eller Klarna"). */
export const STRIPE = 5;
const CHECKOUT = `mutation co($cartId: String!, $checkout: CheckoutInputType, $marketId: String) {
  createOrUpdateCheckout(cartId: $cartId, checkout: $checkout, marketId: $marketId) {
    paymentOptions { id paymentType isSelected paymentData newCheckoutSession } } }`;
/** The confirm page's query with `kid` (our session id). */
export const CONFIRM = `query confirm($id: String!) {
  checkout(id: $id, paymentType: KLARNA) { completed htmlSnippet order { orderId status } } }`;

/** Registers the hooks of a Stripe suite and returns its handles and helpers. */
export function useStripeShop(kind: 'pglite' | 'postgres') {
  let handle: DbHandle;
  let client: TestClient;
  let standIn: StripeStandIn;
  let server: Server;
  let shopUrl: string;
  let config: Config;

  const q = async (query: string, variables: Record<string, unknown>) => {
    const result = await client.query(query, variables);
    expect(result.errors).toBeUndefined();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return result.data as Record<string, any>;
  };
  const cartWith = async (items: Array<[number, number]>, marketId?: string) => {
    const { getCart } = await q(`query($m: String) { getCart(id: "", marketId: $m) { id } }`, {
      m: marketId ?? null,
    });
    for (const [skuId, quantity] of items) {
      await q(
        `mutation($id: String!, $item: CartItemInputType!, $m: String) { addToCart(id: $id, item: $item, marketId: $m) { id } }`,
        { id: getCart.id, item: { skuId, quantity }, m: marketId ?? null },
      );
    }
    return getCart.id as string;
  };
  /** createOrUpdateCheckout with "Kort, Swish eller Klarna": the option, its session and intent ids. */
  const chooseStripe = async (cartId: string, marketId?: string) => {
    const data = await q(CHECKOUT, {
      cartId,
      checkout: personCheckout({ paymentId: STRIPE }),
      marketId: marketId ?? null,
    });
    const option = (
      data.createOrUpdateCheckout.paymentOptions as Array<Record<string, unknown>>
    ).find((o) => o.id === STRIPE) as {
      paymentData: string | null;
      newCheckoutSession: boolean;
      isSelected: boolean;
    };
    const sessionId = /\/payments\/stripe\/([0-9a-f-]{36})/.exec(option.paymentData ?? '')?.[1];
    const [session] = sessionId
      ? await handle.db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId))
      : [];
    return { option, sessionId: sessionId ?? '', intentId: session?.providerRef ?? '' };
  };
  const ordersOfCart = (cartId: string) =>
    handle.db.select().from(orders).where(eq(orders.cartId, cartId));
  const paymentOf = async (orderId: number) =>
    (await handle.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)))[0]!;
  const posts = (suffix: string) =>
    standIn.requests.filter((r) => r.method === 'POST' && r.path.endsWith(suffix));
  const runJobs = () =>
    new JobRunner({
      db: handle.db,
      config,
      log: { info: () => {}, error: () => {} },
      kinds: ['payment-operation'],
      backoff: () => 0,
    }).runUntilIdle();
  /** A request to the shop's payment endpoints, as a browser or Stripe sends it. */
  const fetchShop = (path: string, init?: RequestInit) => fetch(`${shopUrl}${path}`, init);

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 40 });
    await addCartFixture(handle.db);
    // The fixture's tube in Finland (EUR, 25.5 % VAT): Stripe without Swish, amounts in cent.
    await handle.db.insert(productPrices).values({
      productId: CART_FIXTURE.tube.productId,
      marketId: 'FI|EUR',
      currencyCode: 'EUR',
      regularPriceIncVat: 1_290,
      vatRateBasisPoints: 2550,
    });
    let listener: ReturnType<typeof authNodeListener> | null = null;
    server = createServer((req, res) => void listener!(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    standIn = await startStripeStandIn({
      webhookUrl: `${shopUrl}/payments/stripe/webhook`,
      autoWebhooks: false,
    });
    const base = testConfig();
    config = testConfig({
      publicUrl: shopUrl,
      payments: {
        ...base.payments,
        sandbox: false,
        stripe: {
          secretKey: standIn.secretKey,
          publishableKey: standIn.publishableKey,
          webhookSecret: standIn.webhookSecret,
          apiUrl: standIn.url,
          testMode: true,
        },
      },
    });
    client = createTestClient(handle, config);
    listener = authNodeListener((request) => client.api.payments(request));
  });

  afterAll(async () => {
    // No stand-in answer may have failed its own schema (docs/payment-stand-ins.md S8).
    expect(standIn?.validationErrors ?? []).toEqual([]);
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
    chooseStripe,
    ordersOfCart,
    paymentOf,
    posts,
    runJobs,
    fetchShop,
  };
}
