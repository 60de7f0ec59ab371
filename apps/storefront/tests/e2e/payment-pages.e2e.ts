/**
 * Issue 14 "The payment-sandbox page is unstyled HTML and the payment-failed page cramped: give
 * both the shop's layout". A card payment is started through the API (as the checkout does),
 * the shopper sees the sandbox page in the shop's look, declines, and lands on a failure page
 * laid out like the shop's other pages. Screenshots go to $E2E_SCREENSHOTS.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_BROWSER, baseUrl, browserAvailable, expect, test } from './fixtures.ts';
import { apiQuery, sizedProduct } from './shop.ts';

const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();

/** Starts a sandbox payment for one unit of a helmet; returns the sandbox page's path. */
async function startCardPayment(): Promise<string> {
  const product = await sizedProduct();
  const found = await apiQuery<{
    product: { skus: Array<{ skuId: number; name: string }> };
  }>(`query($alias: String!) { product(alias: $alias) { skus { skuId name } } }`, {
    alias: product.url.split('/').pop(),
  });
  const skuId = found.product.skus.find((sku) => sku.name === product.size)!.skuId;
  const cart = await apiQuery<{ getCart: { id: string } }>(`{ getCart(id: "") { id } }`);
  const cartId = cart.getCart.id;
  await apiQuery(
    `mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`,
    { id: cartId, item: { skuId, quantity: 1 } },
  );
  const placed = await apiQuery<{ placeOrder: { status: string; redirectUrl: string } }>(
    `mutation($cartId: String!, $checkout: CheckoutInputType!) {
      placeOrder(cartId: $cartId, checkout: $checkout) { status redirectUrl } }`,
    {
      cartId,
      checkout: {
        customerType: 'PERSON',
        email: 'anna.andersson@example.se',
        identityNumber: '19900101-0017',
        paymentId: 2,
        shippingId: 2,
        billingAddress: {
          firstName: 'Anna',
          lastName: 'Andersson',
          addressLine1: 'Storgatan 1',
          zip: '11122',
          city: 'Stockholm',
          mobile: '0701234567',
          country: 'SE',
        },
      },
    },
  );
  expect(placed.placeOrder.status).toBe('pending');
  return new URL(placed.placeOrder.redirectUrl).pathname;
}

test.describe('payment pages in the shop look (issue 14)', () => {
  test.skip(!browserAvailable, NO_BROWSER);
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sandbox page is a styled card with the brand colour; the failure page has the shop layout', async ({
    page,
  }) => {
    const path = await startCardPayment();
    await page.goto(`${baseUrl()}${path}`);
    const approve = page.getByRole('button', { name: 'Godkänn betalningen' });
    expect(await approve.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(81, 12, 118)',
    );
    // Buttons fill the card and are at least 44 px high (WCAG 2.5.8 target size with margin).
    const box = (await approve.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThan(300);
    await page.screenshot({ path: join(shots, 'issue14-sandbox.png'), fullPage: true });

    await page.getByRole('button', { name: 'Neka (allmänt fel)' }).click();
    await page.waitForURL(/\/checkout\/klarna-fail\?reason=general/);
    // The failure page sits in the shop's header and footer, as a card with room around it.
    expect(await page.locator('header').count()).toBeGreaterThan(0);
    const card = page.locator('.payment-failed');
    expect(await card.count()).toBe(1);
    const padding = await card.evaluate((el) => parseFloat(getComputedStyle(el).paddingTop));
    expect(padding).toBeGreaterThanOrEqual(16);
    await page.screenshot({ path: join(shots, 'issue14-payment-failed.png'), fullPage: true });
  });
});
