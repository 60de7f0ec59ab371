/**
 * The hosted payment as an embeddable snippet (issue 25; GEINS-API §4.6 PaymentOptionType
 * `paymentData`), replayed with ralph-ui 23.2.0's own checkout document: choosing the hosted
 * sandbox option returns an iframe of its payment page; the page may be framed by the shop's
 * own origin and CORS_ORIGINS only (CSP frame-ancestors, no X-Frame-Options); approving takes
 * the shopper to the client's confirm page (`/se/sv/checkout/confirm?kid=…&cartid=…` on ralph's
 * origin with MARKET_IN_PATH), where `checkout(kid)` finds the order; a decline stays in the
 * frame. Without the sandbox (the production default) there is no snippet. On every database
 * kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import type { DbHandle } from '../src/db/client.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { embeddedReturnUrl } from '../src/modules/checkout/return-url.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { addCartFixture, CART_FIXTURE as F } from './cart-fixture.ts';
import { ralphUiOperation } from './ralph-ui.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const GET_CART = ralphUiOperation('cart/get.graphql', 'getCart');
const ADD_TO_CART = ralphUiOperation('cart/add.graphql', 'addToCart');
const CHECKOUT = ralphUiOperation('checkout/create-or-update.graphql', 'createOrUpdateCheckout');
const CONFIRM = ralphUiOperation('checkout/checkout-confirm.graphql', 'checkout');

const SHOP = 'https://api.cykel.example';
const RALPH = 'https://www.cykel.example';
const EVIL = 'https://evil.example';
const CONTEXT = { channelId: '1|se', languageId: 'sv-SE', marketId: 'se' };
const SANDBOX_OPTION = 2;

function shopConfig(sandbox: boolean): Config {
  const base = testConfig();
  return testConfig({
    publicUrl: SHOP,
    cors: { origins: [RALPH] },
    payments: { ...base.payments, sandbox },
    routing: { ...base.routing, marketInPath: true },
  });
}

interface PaymentOption {
  id: number;
  paymentType: string;
  paymentData: string | null;
  isSelected: boolean;
  newCheckoutSession: boolean;
}

describe.each(testDatabaseKinds())('hosted payment as a snippet on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;

  /** Posts a ralph document from ralph's origin (its browser sends the Origin header). */
  const run = async (query: string, variables: Record<string, unknown>, origin = RALPH) => {
    const response = await client.post(
      { query, variables: { ...CONTEXT, ...variables } },
      { origin },
    );
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const body = (await response.json()) as { data?: Record<string, any>; errors?: unknown };
    expect(body.errors).toBeUndefined();
    return body.data!;
  };
  const newCart = async () => {
    const cart = await run(GET_CART, { id: '', cartMarketAlias: 'se' });
    const cartId = cart.getCart.id as string;
    await run(ADD_TO_CART, { id: cartId, item: { skuId: F.tube.skuId, quantity: 1 } });
    return cartId;
  };
  const chooseSandbox = async (cartId: string, origin = RALPH) => {
    const data = await run(
      CHECKOUT,
      {
        cartId,
        checkoutMarketId: 'se',
        checkout: { customerType: 'PERSON', paymentId: SANDBOX_OPTION, externalShippingFee: -1 },
      },
      origin,
    );
    const options = data.createOrUpdateCheckout.paymentOptions as PaymentOption[];
    return options.find((o) => o.id === SANDBOX_OPTION)!;
  };
  const pageUrlOf = (snippet: string) => /<iframe src="([^"]+)"/.exec(snippet)![1]!;
  const page = (url: string, init: RequestInit = {}) =>
    client.api.payments(new Request(url.replace(SHOP, 'http://localhost'), init));

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 40 });
    await addCartFixture(handle.db);
    client = createTestClient(handle, shopConfig(true));
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('returns an iframe of the payment page for the hosted option, the same while nothing changes', async () => {
    const cartId = await newCart();
    const option = await chooseSandbox(cartId);
    expect(option).toMatchObject({ paymentType: 'KLARNA', isSelected: true });
    expect(option.newCheckoutSession).toBe(true);
    expect(option.paymentData).toMatch(
      /^<div id="klarna-checkout-container"[^>]*><iframe src="https:\/\/api\.cykel\.example\/payments\/sandbox\/[0-9a-f-]{36}" title="Testbetalning"/,
    );
    expect(option.paymentData).not.toMatch(/<script/i);
    const again = await chooseSandbox(cartId);
    expect(again.paymentData).toBe(option.paymentData);
    expect(again.newCheckoutSession).toBe(false);
    // The cart changes: a new session for the new amount.
    await run(ADD_TO_CART, { id: cartId, item: { skuId: F.tube.skuId, quantity: 1 } });
    const changed = await chooseSandbox(cartId);
    expect(changed.newCheckoutSession).toBe(true);
    expect(pageUrlOf(changed.paymentData!)).not.toBe(pageUrlOf(option.paymentData!));
  });

  it('the payment page may be framed by the shop and CORS_ORIGINS, nobody else', async () => {
    const option = await chooseSandbox(await newCart());
    const response = await page(pageUrlOf(option.paymentData!));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBeNull();
    const csp = response.headers.get('content-security-policy')!;
    const ancestors = /frame-ancestors ([^;]+)/.exec(csp)![1]!.split(' ');
    expect(ancestors).toEqual(["'self'", SHOP, RALPH]);
    expect(ancestors).not.toContain(EVIL);
    expect(ancestors).not.toContain('*');
    expect(csp).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<form method="post" target="_top">');
    expect(html).toMatch(/Betala .*kr/);
  });

  it("approving takes the shopper to ralph's confirm page, where checkout(kid) has the order", async () => {
    const cartId = await newCart();
    const option = await chooseSandbox(cartId);
    const pageUrl = pageUrlOf(option.paymentData!);
    const sessionId = pageUrl.split('/').at(-1)!;
    const approved = await page(pageUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
    });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(
      `${RALPH}/se/sv/checkout/confirm?kid=${sessionId}&cartid=${cartId}`,
    );
    const confirm = await run(CONFIRM, {
      id: sessionId,
      paymentType: 'KLARNA',
      cartId,
      checkoutMarket: 'se',
    });
    expect(confirm.checkout.completed).toBe(true);
    expect(confirm.checkout.order.orderId).toBeTruthy();
    // ralph shows the confirmation snippet for ?kid= (as Klarna's thank-you snippet).
    expect(confirm.checkout.htmlSnippet).toContain('Tack för din beställning!');
    expect(confirm.checkout.htmlSnippet).toContain(
      `Ordernummer: ${confirm.checkout.order.orderId}`,
    );
  });

  it('a decline stays in the frame with a message; the shop origin returns to its own confirm page', async () => {
    const option = await chooseSandbox(await newCart());
    const declined = await page(pageUrlOf(option.paymentData!), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=general',
    });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('Betalningen nekades.');

    // Called from an origin that is not listed: the return goes to the shop's own origin.
    const cartId = await newCart();
    const other = await chooseSandbox(cartId, EVIL);
    const sessionId = pageUrlOf(other.paymentData!).split('/').at(-1)!;
    const approved = await page(pageUrlOf(other.paymentData!), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
    });
    expect(approved.headers.get('location')).toBe(
      `${SHOP}/se/sv/checkout/confirm?kid=${sessionId}&cartid=${cartId}`,
    );
  });

  it('the client may name its confirm page with checkoutUrls on an allowed origin only', () => {
    const choice = {
      allowedOrigins: [SHOP, RALPH],
      ownOrigin: SHOP,
      requestOrigin: RALPH,
      confirmPath: '/se/sv/checkout/confirm',
    };
    const own = `${RALPH}/tack?order={payment.uid}&cart={geins.cartid}`;
    expect(embeddedReturnUrl({ ...choice, redirectUrl: own })).toBe(own);
    for (const redirectUrl of [`${EVIL}/steal`, 'javascript:alert(1)', '/relative', null]) {
      expect(embeddedReturnUrl({ ...choice, redirectUrl })).toBe(
        `${RALPH}/se/sv/checkout/confirm?kid={payment.uid}&cartid={geins.cartid}`,
      );
    }
  });

  it('without the sandbox (the production default) there is no hosted option and no page', async () => {
    const off = createTestClient(handle, shopConfig(false));
    const cart = await off.query(GET_CART, { ...CONTEXT, id: '', cartMarketAlias: 'se' });
    const cartId = cart.data!.getCart.id as string;
    const data = await off.query(CHECKOUT, {
      ...CONTEXT,
      cartId,
      checkoutMarketId: 'se',
      checkout: { paymentId: SANDBOX_OPTION, externalShippingFee: -1 },
    });
    const options = data.data!.createOrUpdateCheckout.paymentOptions as PaymentOption[];
    expect(options.map((o) => o.id)).toEqual([1]);
    expect(options[0]!.paymentData).toBeNull();
    const response = await off.api.payments(
      new Request('http://localhost/payments/sandbox/00000000-0000-4000-8000-000000000000'),
    );
    expect(response.status).toBe(404);
  });
});
