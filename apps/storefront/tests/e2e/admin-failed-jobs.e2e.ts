/**
 * A mail that cannot be sent, as a shop owner meets it (issue 40 §1): in a shop of its own, the
 * outbox folder is blocked (a file where the folder should be), so an order's confirmation fails.
 * The shop's job runner gives it up after its attempts (the allowance is lowered while the shop
 * is down, so the journey need not wait the hour and a half of back-off), and the dashboard's
 * "Att hantera" names the order confirmation, the order, the error and a "Försök igen" button.
 * The owner fixes the folder and presses it: the result is announced and takes the focus, the
 * mail is in the outbox, and the list is empty. Checked with axe and photographed at 390 and
 * 1280 px.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { createDb } from '@trampa/api/db';
import { readOutbox } from '@trampa/api/mail';
import { logInAsAdministrator } from './admin-helpers.ts';
import { E2E_ENV } from './e2e-env.ts';
import { NO_BROWSER, browserAvailable, expect, test } from './fixtures.ts';
import { ownShop } from './own-shop.ts';

const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.describe('back office: a failed mail job', () => {
  test.skip(!browserAvailable, NO_BROWSER);
  const shop = ownShop('failed-jobs');
  const env = shop.env;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    if (browserAvailable) await shop.start();
  });

  test.afterAll(async () => {
    await shop.dispose();
  });

  async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(`${shop.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-apikey': E2E_ENV.API_KEY },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: unknown[] };
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data!;
  }

  test('is listed under "Att hantera" and sent again with "Försök igen"', async ({ page }) => {
    test.setTimeout(180_000);
    const email = 'misslyckad.bekraftelse@trampa.example';
    // A file where the outbox folder should be: every mail the shop writes fails.
    writeFileSync(env.MAIL_OUTBOX_DIR, 'not a folder');
    const products = await gql<{
      products: { products: Array<{ skus: Array<{ skuId: number; stock: { inStock: number } }> }> };
    }>(`{ products(take: 20) { products { skus { skuId stock { inStock } } } } }`);
    const sku = products.products.products.flatMap((p) => p.skus).find((s) => s.stock.inStock > 2);
    const cartId = (await gql<{ getCart: { id: string } }>(`{ getCart(id: "") { id } }`)).getCart
      .id;
    await gql(
      `mutation($id: String!, $sku: Int!) { addToCart(id: $id, item: { skuId: $sku, quantity: 1 }) { id } }`,
      { id: cartId, sku: sku!.skuId },
    );
    const placed = await gql<{ placeOrder: { orderId: string } }>(
      `mutation($cartId: String!, $checkout: CheckoutInputType!) {
        placeOrder(cartId: $cartId, checkout: $checkout) { orderId } }`,
      {
        cartId,
        checkout: {
          customerType: 'PERSON',
          email,
          identityNumber: '19900101-0017',
          paymentId: 1,
          shippingId: 2,
          acceptedConsents: ['terms'],
          billingAddress: {
            firstName: 'Misslyckad',
            lastName: 'Bekräftelse',
            addressLine1: 'Storgatan 1',
            zip: '11122',
            city: 'Stockholm',
            mobile: '0701234567',
            country: 'SE',
          },
        },
      },
    );
    const orderId = placed.placeOrder.orderId;

    // The first attempt fails at once, the next would be 10 s later, and so on for an hour and
    // a half. While the shop is down the job is allowed one more attempt, due now: the restarted
    // runner makes it and gives the job up.
    await shop.stop();
    const handle = await createDb({ pgliteDataDir: env.PGLITE_DATA_DIR });
    const rows = (await handle.db.execute(
      `update jobs set max_attempts = attempts + 1, run_at = now()
       where key = 'order-confirmation:${Number(orderId)}' returning state`,
    )) as unknown as { rows: Array<{ state: string }> };
    await handle.close();
    expect(rows.rows).toEqual([{ state: 'queued' }]);
    await shop.start();

    await logInAsAdministrator(page, { base: shop.url });
    const queues = page.getByRole('region', { name: 'Att hantera' });
    await expect(async () => {
      await page.reload();
      await expect(queues.getByText('1 bakgrundsjobb har misslyckats')).toBeVisible({
        timeout: 2000,
      });
    }).toPass({ timeout: 30_000 });
    const row = queues.getByRole('listitem').filter({ hasText: /^Orderbekräftelse \(e-post\)/ });
    await expect(row.getByRole('link', { name: `order ${orderId}` })).toBeVisible();
    await expect(row).toContainText(/\d försök, senast .*: /);
    const retry = row.getByRole('button', {
      name: `Försök igen: Orderbekräftelse (e-post), order ${orderId}`,
    });
    await expect(retry).toBeVisible();
    const axe = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
    expect(axe.violations).toEqual([]);
    await page.screenshot({ path: join(shots, 'admin-failed-jobs-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await queues.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'admin-failed-jobs-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The owner fixes the folder, then retries by keyboard: the result takes the focus.
    rmSync(env.MAIL_OUTBOX_DIR);
    await retry.focus();
    await page.keyboard.press('Enter');
    const result = queues.getByRole('status');
    await expect(result).toHaveText('Orderbekräftelse (e-post) körs igen.');
    await expect(result).toBeFocused();
    await expect
      .poll(async () => (await readOutbox(env.MAIL_OUTBOX_DIR, email)).length, { timeout: 30_000 })
      .toBe(1);
    const [mail] = await readOutbox(env.MAIL_OUTBOX_DIR, email);
    expect(mail).toContain(orderId);
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Välkommen/ })).toBeVisible();
    await expect(page.getByText(/bakgrundsjobb har misslyckats/)).toHaveCount(0);
  });
});
