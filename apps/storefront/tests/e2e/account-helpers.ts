/**
 * Helpers of the account journey (account.e2e.ts): the outbox and screenshot folders, an order
 * placed as a customer over GraphQL or through the checkout in the browser, the operator's login
 * token, scroll and header checks, and the login form.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthConfig } from '@trampa/api/config';
import { issueLoginToken } from '@trampa/api/auth-tokens';
import type { Locator, Page } from '@playwright/test';
import { baseUrl, expect } from './fixtures.ts';
import { E2E_ENV } from './e2e-env.ts';
import { apiKey, placeInvoiceOrder, sizedProduct } from './shop.ts';

export const outboxDir = process.env.MAIL_OUTBOX_DIR ?? './data/outbox';
const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();
/** Server steps hash passwords with scrypt (N=2^17): give them time on a busy machine. */
export const slow = { timeout: 15_000 };

/** A login link's token as the operator makes it (npm run login-token), with the shop's secret. */
export function operatorLoginToken(email: string): Promise<string> {
  return issueLoginToken(email, { jwtSecret: E2E_ENV.AUTH_JWT_SECRET } as AuthConfig, new Date());
}

/**
 * Places an order as the logged-in customer through the GraphQL API (Bearer from the cookie):
 * `options.quantity` (default 1) units of `options.skuId` (default: a SKU with more than 2 in
 * stock). `options.guest`: as a guest (no account, no Bearer), with `email` on the order.
 */
export async function placeOrderAs(
  page: Page,
  email: string,
  options: { skuId?: number; quantity?: number; guest?: boolean } = {},
): Promise<number> {
  const token = options.guest
    ? undefined
    : (await page.context().cookies()).find((c) => c.name === 'apollo-token')?.value;
  if (!options.guest) expect(token).toBeTruthy();
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${baseUrl()}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-apikey': apiKey,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: any; errors?: unknown[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  };
  const products = await gql(
    `{ products(take: 30) { products { skus { skuId stock { inStock } } } } }`,
  );
  const skuId =
    options.skuId ??
    products.products.products
      .flatMap((p: { skus: Array<{ skuId: number; stock: { inStock: number } }> }) => p.skus)
      .find((sku: { stock: { inStock: number } }) => sku.stock.inStock > 2).skuId;
  const cart = await gql(`{ getCart(id: "") { id } }`);
  const cartId = cart.getCart.id;
  await gql(
    `mutation($id: String!, $skuId: Int!, $quantity: Int!) { addToCart(id: $id, item: { skuId: $skuId, quantity: $quantity }) { id } }`,
    {
      id: cartId,
      skuId,
      quantity: options.quantity ?? 1,
    },
  );
  const address = {
    firstName: 'Journey',
    lastName: 'Testsson',
    addressLine1: 'Storgatan 1',
    zip: '11122',
    city: 'Stockholm',
    mobile: '0701234567',
    country: 'SE',
  };
  const checkout = await gql(
    `mutation($cartId: String!, $checkout: CheckoutInputType) { createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) {
      shippingOptions { id } paymentOptions { id } } }`,
    { cartId, checkout: { email, billingAddress: address } },
  );
  const placed = await gql(
    `mutation($cartId: String!, $checkout: CheckoutInputType!) { placeOrder(cartId: $cartId, checkout: $checkout) { orderId status } }`,
    {
      cartId,
      checkout: {
        customerType: 'PERSON',
        email,
        identityNumber: '19900101-0017',
        paymentId: checkout.createOrUpdateCheckout.paymentOptions[0].id,
        shippingId: checkout.createOrUpdateCheckout.shippingOptions[0].id,
        billingAddress: address,
        acceptedConsents: ['terms'],
      },
    },
  );
  expect(placed.placeOrder.status).toBe('completed');
  return Number(placed.placeOrder.orderId);
}

/**
 * Buys one product as the logged-in customer the way a shopper does: product page -> size ->
 * add to cart -> /kassan (zip, shipping, customer details, invoice, terms) -> confirmation.
 * @returns the order number and the product's name
 */
export async function checkoutInBrowser(
  page: Page,
  email: string,
): Promise<{ orderId: number; name: string }> {
  const product = await sizedProduct();
  await page.goto(`${baseUrl()}${product.url}`);
  await hydrated(page);
  await page.getByRole('radio', { name: new RegExp(`^${product.size}`) }).check();
  await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
  // The header's count route answers from the cart cookie: the line is in the cart.
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`${baseUrl()}/varukorg/antal`)).json()) as {
            count: number;
          }
        ).count,
      slow,
    )
    .toBe(1);

  await page.goto(`${baseUrl()}/kassan`);
  await hydrated(page);
  const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
  // The logged-in customer's profile pre-fills the checkout.
  expect(await field('E-post').inputValue()).toBe(email);
  await placeInvoiceOrder(page, { email, firstName: 'Resa', lastName: 'Testsson' });
  const orderId = Number((await page.getByTestId('order-number').textContent())?.trim());
  expect(orderId).toBeGreaterThan(0);
  return { orderId, name: product.name };
}

/** Waits until the sticky header is shown and its slide transition has ended. */
export async function headerSettled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const header = document.querySelector('.site-header');
        return header && !header.hasAttribute('data-hidden')
          ? getComputedStyle(header).transform
          : 'hidden';
      }),
    )
    .toBe('none');
}

/** A full-page screenshot from the top, once the sticky header has settled in view. */
export async function screenshotAtTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await headerSettled(page);
  await page.screenshot({ path: join(shots, name), fullPage: true });
}

/**
 * Clicks a link where it is on the screen, like a shopper with a mouse (Playwright's own click
 * may scroll the page first, e.g. towards a sticky element's place in the flow).
 */
export async function clickInPlace(page: Page, link: Locator): Promise<void> {
  const box = await link.boundingBox();
  expect(box, 'the link is on the screen').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
}

/** The window's vertical scroll position. */
export const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls to `y` (at most the page's end) and returns where the window got to. */
export async function scrollTo(page: Page, y: number): Promise<number> {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  return scrollY(page);
}

/** Waits until React has hydrated the page (forms then digest passwords in the browser). */
export async function hydrated(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

export async function login(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Logga in' });
  await form.getByLabel('E-post').fill(email);
  await form.getByLabel(/^Lösenord/).fill(password);
  await form.getByRole('button', { name: 'Logga in' }).click();
}
