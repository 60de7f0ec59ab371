/**
 * Issue 25 "Hosted payment as a snippet": a headless storefront on another origin (listed in
 * CORS_ORIGINS) embeds the card payment from `paymentOptions[].paymentData` in its checkout;
 * the shopper approves inside the frame and the whole window lands on that storefront's confirm
 * page. A site that is not listed cannot frame the payment page (CSP frame-ancestors).
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '../../server.ts';
import { NO_BROWSER, browserAvailable, expect, test } from './fixtures.ts';
import { E2E_ENV } from './e2e-env.ts';
import { shopTemplate } from './shop-template.ts';

/** A free local port (the shop's PUBLIC_URL must name its port before it starts). */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

/** A minimal storefront on its own origin: a checkout page embedding `snippet`, a confirm page. */
async function storefront(snippet: () => string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const body =
      path === '/checkout/confirm'
        ? '<h1>Tack för din beställning</h1>'
        : `<h1>Kassa</h1>${snippet()}`;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Kassa</title><link rel="icon" href="data:,"></head><body><main>${body}</main></body></html>`,
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();

let shop: RunningServer;
let headless: { server: Server; origin: string };
let stranger: { server: Server; origin: string };
let snippet = '';
let cartId = '';

/** A GraphQL request to the shop from `origin`, as the headless storefront's browser sends it. */
async function graphql<T>(origin: string, query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${shop.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-apikey': E2E_ENV.API_KEY, origin },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  headless = await storefront(() => snippet);
  stranger = await storefront(() => snippet);
  const port = await freePort();
  const { startServer } = await import('../../server.ts');
  shop = await startServer({
    port,
    env: {
      ...process.env,
      ...E2E_ENV,
      PUBLIC_URL: `http://localhost:${port}`,
      CORS_ORIGINS: headless.origin,
    },
    pgliteLoadDataDir: shopTemplate(),
  });
});

test.afterAll(async () => {
  await shop?.close();
  headless?.server.close();
  stranger?.server.close();
});

test.describe('card payment embedded in a headless storefront (issue 25)', () => {
  test.skip(!browserAvailable, NO_BROWSER);
  test.use({ viewport: { width: 1024, height: 900 } });

  test.beforeAll(async () => {
    const found = await graphql<{
      products: {
        products: Array<{ skus: Array<{ skuId: number; stock: { totalStock: number } }> }>;
      };
    }>(
      headless.origin,
      `
        {
          products(take: 20) {
            products {
              skus {
                skuId
                stock {
                  totalStock
                }
              }
            }
          }
        }
      `,
      {},
    );
    const skuId = found.products.products
      .flatMap((p) => p.skus)
      .find((s) => s.stock.totalStock > 2)!.skuId;
    const cart = await graphql<{ getCart: { id: string } }>(
      headless.origin,
      `
        {
          getCart(id: "") {
            id
          }
        }
      `,
      {},
    );
    cartId = cart.getCart.id;
    await graphql(
      headless.origin,
      `
        mutation ($id: String!, $item: CartItemInputType!) {
          addToCart(id: $id, item: $item) {
            id
          }
        }
      `,
      { id: cartId, item: { skuId, quantity: 1 } },
    );
    const checkout = await graphql<{
      createOrUpdateCheckout: {
        paymentOptions: Array<{ id: number; paymentData: string | null }>;
      };
    }>(
      headless.origin,
      `
        mutation ($cartId: String!, $checkout: CheckoutInputType) {
          createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) {
            paymentOptions {
              id
              paymentData
            }
          }
        }
      `,
      { cartId, checkout: { paymentId: 2, externalShippingFee: -1 } },
    );
    snippet = checkout.createOrUpdateCheckout.paymentOptions.find((o) => o.id === 2)!.paymentData!;
    expect(snippet).toContain('<iframe');
  });

  test('the listed storefront shows the payment page in its checkout and gets the shopper back on its confirm page', async ({
    page,
  }) => {
    await page.goto(`${headless.origin}/kassa`);
    const frame = page.frameLocator('iframe[title="Testbetalning"]');
    const approve = frame.getByRole('button', { name: 'Godkänn betalningen' });
    await approve.waitFor();
    await page.screenshot({ path: join(shots, 'issue25-embedded-payment.png'), fullPage: true });
    await approve.click();
    await page.waitForURL(/\/checkout\/confirm\?/);
    const url = new URL(page.url());
    expect(url.origin).toBe(headless.origin);
    expect(url.searchParams.get('cartid')).toBe(cartId);
    expect(url.searchParams.get('kid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Tack för din beställning',
    );
  });

  test('a storefront that is not listed cannot frame the payment page', async ({
    page,
    allowConsoleError,
  }) => {
    await page.goto(`${stranger.origin}/kassa`);
    // Chromium refuses the frame (frame-ancestors) and shows its error page inside it.
    await expect
      .poll(() => page.frames().map((f) => f.url()))
      .toContain('chrome-error://chromewebdata/');
    const frame = page.frameLocator('iframe[title="Testbetalning"]');
    expect(await frame.getByRole('button', { name: 'Godkänn betalningen' }).count()).toBe(0);
    allowConsoleError(/frame-ancestors|Refused to frame|Refused to display/);
  });
});
