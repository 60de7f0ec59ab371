/**
 * A walk through the real, unmodified ralph storefront (Geins' Nuxt storefront) running against
 * Trampa, as a shopper would (issues 43 and 44; docs/ralph-storefront.md "Walking ralph"): the
 * start page, a product page, the cart and the checkout with ralph's default
 * `checkout.useInternalShipping: false`, where nShift's widget shows the options Trampa's API
 * passes on from nShift (here the test stand-in) and the payment step unlocks once one is
 * chosen; then an invoice order and ralph's confirmation page. Screenshots at 390 and 1280 px
 * go to $E2E_SCREENSHOTS (default the system's temp folder); console errors and failed API
 * calls are printed. nShift's widget script cannot be loaded here: it is replaced by
 * unifaun-widget-stub.ts (only its documented interface). RALPH_PAYMENT=kustom pays with Kustom
 * Checkout's snippet instead of the invoice (issue 42; the API from ralph-api.ts).
 *
 * Not part of `npm test` (ralph is not installed with the shop). Run by hand, see
 * docs/ralph-storefront.md: RALPH_URL (default http://localhost:3100) and API_URL (default
 * http://localhost:4000) name the two running servers; API_KEY the shop's key.
 *   npx tsx apps/storefront/tests/ralph/ralph-walk.ts
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { UNIFAUN_WIDGET_STUB } from './unifaun-widget-stub.ts';

const RALPH = process.env.RALPH_URL ?? 'http://localhost:3100';
const API = process.env.API_URL ?? 'http://localhost:4000';
const API_KEY = process.env.API_KEY ?? 'ralph-walk-key';
const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();
/** How the walk pays: `invoice` (ralph's invoice form, the default) or `kustom` (the snippet). */
const PAYMENT = process.env.RALPH_PAYMENT === 'kustom' ? 'kustom' : 'invoice';

async function api<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${API}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-apikey': API_KEY },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** A product in stock with its page path in ralph (market in path: /se/sv/p/...). */
async function productInStock(): Promise<{ url: string; skuId: number; name: string }> {
  const data = await api<{
    products: {
      products: Array<{
        name: string;
        canonicalUrl: string;
        skus: Array<{ skuId: number; stock: { totalStock: number } }>;
      }>;
    };
  }>(
    `{ products(take: 30, marketId: "se", languageId: "sv") { products { name canonicalUrl skus { skuId stock { totalStock } } } } }`,
  );
  for (const p of data.products.products) {
    const sku = p.skus.find((s) => s.stock.totalStock > 0);
    if (sku) return { url: p.canonicalUrl, skuId: sku.skuId, name: p.name };
  }
  throw new Error('no product in stock');
}

async function shoot(page: Page, name: string, width: number): Promise<void> {
  const file = join(shots, `ralph-${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log('screenshot', file);
  // The doc's pictures (docs/images/ralph): the first screen (the checkout whole), as JPEG.
  if (process.env.RALPH_DOC_SHOTS) {
    await page.screenshot({
      path: join(process.env.RALPH_DOC_SHOTS, `${name}-${width}.jpg`),
      type: 'jpeg',
      quality: 70,
      fullPage: name.startsWith('checkout'),
    });
  }
}

/** Creates an account in ralph's login panel and shows its order and settings pages. */
async function accountPages(page: Page, width: number): Promise<void> {
  const email = `ralph-walk-${Date.now()}-${width}@example.se`;
  await page
    .getByText(/Logga in\/Skapa konto/)
    .first()
    .click();
  const panel = page.locator('.ca-account-panel');
  await panel.getByRole('button', { name: /Skapa konto/i }).click();
  await panel.locator('#email').fill(email);
  await panel.locator('#password').fill('Cykel-lösen-2026!');
  await panel.locator('#password-confirm').fill('Cykel-lösen-2026!');
  await shoot(page, 'create-account', width);
  await panel.getByRole('button', { name: /Skapa konto/i }).click();
  await page.waitForTimeout(3_000);
  for (const [name, path] of [
    ['account-orders', '/se/sv/mina-sidor/ordrar'],
    ['account-settings', '/se/sv/mina-sidor/installningar'],
  ] as const) {
    await page.goto(`${RALPH}${path}`, { waitUntil: 'networkidle' });
    console.log(name, '->', page.url());
    await shoot(page, name, width);
  }
}

async function walk(width: number): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'sv-SE' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console on ${page.url()}: ${m.text().split('\n')[0]}`);
  });
  page.on('response', (r) => {
    if (!r.url().startsWith(API)) return;
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
    if (r.url().includes('/graphql')) {
      void r
        .text()
        .then((text) => {
          if (text.includes('"errors"')) problems.push(`GraphQL: ${text.slice(0, 600)}`);
        })
        .catch(() => {});
    }
  });
  await context.route('https://api.unifaun.com/**', (route) =>
    route.request().url().endsWith('.js')
      ? route.fulfill({ contentType: 'text/javascript', body: UNIFAUN_WIDGET_STUB })
      : route.fulfill({ status: 404, body: '' }),
  );

  await page.goto(`${RALPH}/se/sv/`, { waitUntil: 'networkidle' });
  await shoot(page, 'start', width);

  // A category, a search, and the account logged out (ralph sends a visitor to the start page).
  for (const [name, path] of [
    ['category', '/se/sv/c/cyklar'],
    ['search', '/se/sv/s/hjalm'],
    ['account-logged-out', '/se/sv/mina-sidor/ordrar'],
  ] as const) {
    await page.goto(`${RALPH}${path}`, { waitUntil: 'networkidle' });
    console.log(name, '->', page.url());
    await shoot(page, name, width);
  }

  // An account created in ralph's login panel (its top bar's link shows on computers only).
  if (width >= 1024) await accountPages(page, width);
  await context.clearCookies();

  const product = await productInStock();
  await page.goto(`${RALPH}${product.url}`, { waitUntil: 'networkidle' });
  await shoot(page, 'product', width);

  // The cart as ralph keeps it (cookie ralph-cart), filled through the API like its buy button.
  const { getCart } = await api<{ getCart: { id: string } }>(`{ getCart(id: "") { id } }`);
  await api(
    `mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item, marketId: "se") { id } }`,
    { id: getCart.id, item: { skuId: product.skuId, quantity: 1 } },
  );
  await context.addCookies([{ name: 'ralph-cart', value: getCart.id, url: RALPH }]);

  await page.goto(`${RALPH}/se/sv/kassan`, { waitUntil: 'networkidle' });
  await shoot(page, 'checkout-before-zip', width);
  await page.locator('#ca-nshift-zip').fill('11122');
  await page.locator('.ca-nshift__button').click();
  await page.locator('.unifaun-checkout-option').first().waitFor({ timeout: 20_000 });
  const options = await page.locator('.unifaun-checkout-option').allInnerTexts();
  console.log('widget options', options);
  // Choose DHL Service Point and its second point, as a shopper in the widget would.
  // ralph's styles hide native radios: the shopper clicks the option's label.
  await page.locator('.unifaun-checkout-option label', { hasText: 'DHL Service Point' }).click();
  await page.locator('.unifaun-checkout-agents').selectOption({ index: 1 });
  // The payment section's guard ("fyll i leveransuppgifter…") goes away once nShift is valid.
  const paymentGuard = page
    .locator('.ca-checkout-section')
    .last()
    .locator('.ca-checkout-section__guard');
  await paymentGuard.waitFor({ state: 'detached', timeout: 20_000 });
  await page.waitForTimeout(1_500);
  await shoot(page, 'checkout-payment-step', width);
  const checkout = await api<{
    createOrUpdateCheckout: {
      cart: { summary: { shipping: { feeIncVat: number } | null } };
      shippingOptions: Array<{
        externalId: string;
        isSelected: boolean;
        subOptions: Array<{ externalId: string; isSelected: boolean }>;
      }>;
    };
  }>(
    `mutation($id: String!) { createOrUpdateCheckout(cartId: $id, marketId: "se") { cart { summary { shipping { feeIncVat } } } shippingOptions { externalId isSelected subOptions { externalId isSelected } } } }`,
    { id: getCart.id },
  );
  const chosen = checkout.createOrUpdateCheckout.shippingOptions.find((o) => o.isSelected);
  console.log('the shop priced the cart with', {
    option: chosen?.externalId,
    point: chosen?.subOptions.find((p) => p.isSelected)?.externalId,
    fee: checkout.createOrUpdateCheckout.cart.summary.shipping?.feeIncVat,
  });
  if (PAYMENT === 'kustom') {
    await payWithKustom(page, width);
  } else {
    await payByInvoice(page, width);
  }
  console.log(
    problems.length
      ? `problems:\n  ${problems.join('\n  ')}`
      : 'no console errors, no failed API calls',
  );
  await browser.close();
}

/**
 * Kustom Checkout as ralph embeds it (issue 42): the option chosen in ralph's payment list, the
 * snippet of `paymentData` mounted by ralph's CaCheckoutExternal (which re-creates its script),
 * the purchase completed in the stand-in's frame, and ralph's confirm page (`?kid=`) showing the
 * confirmation snippet that `checkout(id: kid, paymentType: KLARNA)` returns.
 */
async function payWithKustom(page: Page, width: number): Promise<void> {
  await page
    .getByRole('button', { name: /Tillåt endast nödvändiga/i })
    .click()
    .catch(() => {});
  await page.locator('.ca-payment-options__option', { hasText: /Kustom/ }).click();
  const frameElement = page.locator('#checkout-external iframe[title="Kustom Checkout"]');
  await frameElement.waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1_000);
  await shoot(page, 'checkout-kustom', width);
  const frame = page.frameLocator('#checkout-external iframe[title="Kustom Checkout"]');
  console.log('Kustom frame:', (await frame.locator('body').innerText()).replace(/\s+/g, ' '));
  await frame.getByRole('button', { name: 'Slutför köp' }).click({ noWaitAfter: true });
  // Kustom's frame sends the shopper's window on to ralph's confirm page (the confirmation URL).
  await page.waitForURL(/\/checkout\/confirm\?.*kid=/, {
    timeout: 30_000,
    waitUntil: 'domcontentloaded',
  });
  console.log('after the purchase in Kustom:', page.url());
  const confirmation = page.locator('#checkout-external #kustom-confirmation');
  await confirmation.waitFor({ timeout: 30_000 });
  console.log('ralph shows the confirmation snippet:', await confirmation.innerText());
  await shoot(page, 'confirmation-kustom', width);
}

/** An invoice order ("Faktura", the default), as the shopper fills in ralph's form. */
async function payByInvoice(page: Page, width: number): Promise<void> {
  await page
    .getByRole('button', { name: /Tillåt endast nödvändiga/i })
    .click()
    .catch(() => {});
  const fields: Array<[string, string]> = [
    ['#email', 'anna.andersson@example.se'],
    ['#phone', '0701234567'],
    ['#identityNumber', '19900101-0017'],
    ['#firstNameBilling', 'Anna'],
    ['#lastNameBilling', 'Andersson'],
    ['#addressBilling', 'Storgatan 1'],
    ['#cityBilling', 'Stockholm'],
  ];
  for (const [selector, value] of fields) await page.locator(selector).first().fill(value);
  await page.getByText('Jag har läst och godkänner').click();
  // ralph hands the form to its checkout 1 s after the last keystroke (CaCheckoutInvoice).
  await page.waitForTimeout(2_000);
  await shoot(page, 'checkout-filled', width);
  await page.getByRole('button', { name: /Slutför köp/i }).click();
  await page.waitForURL(/\/tack|confirm|bekraftelse/i, { timeout: 30_000 }).catch(() => {});
  await page.waitForLoadState('networkidle');
  console.log('after placing the order:', page.url());
  // ralph's confirm page reads the order (checkout-confirm.graphql) and then drops its spinners.
  await page
    .locator('.ca-checkout-section__loading')
    .first()
    .waitFor({ state: 'detached', timeout: 20_000 })
    .catch(() => console.log('the confirm page still shows a spinner after 20 s'));
  await shoot(page, 'confirmation', width);
}

for (const width of [1280, 390]) await walk(width);
