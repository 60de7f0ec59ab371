/**
 * Issue 42: a shopper pays with Kustom Checkout (the former Klarna Checkout). A shop of its own
 * with Kustom configured against the local Kustom stand-in (KUSTOM_API_URL, KUSTOM_TEST_MODE):
 * the shopper fills in the checkout, chooses "Kort, faktura eller delbetalning (Kustom)", is sent
 * to the shop's payment page with Kustom's checkout in its frame, completes the purchase there
 * (Kustom asks the shop's validation callback first), and lands on the confirmation with the
 * order; the stand-in's order has the cart's total to the öre. Screenshots go to
 * $E2E_SCREENSHOTS (default the system's temp folder).
 */
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startKustomStandIn, type KustomStandIn } from '../../../api/test/kustom-stand-in.ts';
import { NO_BROWSER, browserAvailable, expect, test } from './fixtures.ts';
import { logInAsAdministrator } from './admin-helpers.ts';
import { ownShop } from './own-shop.ts';
import { sizedProduct } from './shop.ts';

const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** "1 039,20 kr" -> 103920 öre. */
function ore(text: string): number {
  return Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
}

test.describe('Kustom Checkout', () => {
  test.skip(!browserAvailable, NO_BROWSER);
  const shop = ownShop('kustom');
  let standIn: KustomStandIn;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    if (!browserAvailable) return;
    standIn = await startKustomStandIn({ autoPush: { delayMs: 300, repeat: 2 } });
    // Kustom needs absolute return and callback URLs: the shop's port is chosen first.
    const port = await freePort();
    Object.assign(shop.env, {
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      KUSTOM_USERNAME: standIn.username,
      KUSTOM_PASSWORD: standIn.password,
      KUSTOM_API_URL: standIn.url,
      KUSTOM_TEST_MODE: 'true',
      PAYMENT_CALLBACK_SECRET: 'e2e-callback-secret-0123456789abcdefghijk',
    });
    await shop.start();
  });

  test.afterAll(async () => {
    await shop.dispose();
    await standIn?.close();
  });

  const field = (page: Page, label: string) =>
    page.getByRole('textbox', { name: label, exact: true });

  test('checkout -> Kustom -> purchase in its frame -> confirmation with the order', async ({
    page,
  }) => {
    const product = await sizedProduct();
    await page.goto(`${shop.url}${product.url}`);
    await page.locator('form.add-to-cart input[name="js"]').waitFor({ state: 'attached' });
    if ((await page.getByRole('radio').count()) > 0) {
      await page.getByRole('radio', { name: new RegExp(`^${product.size}`) }).check();
    }
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Tillagd i varukorgen' })).toHaveCount(
      1,
    );

    await page.goto(`${shop.url}/kassan`);
    await field(page, 'Postnummer').pressSequentially('11122');
    await expect(page.getByRole('radio', { name: /Leverans till ombud/ })).toHaveCount(1);
    await field(page, 'Personnummer').fill('19900101-0017');
    await field(page, 'E-post').fill('karin.kustom@example.se');
    await field(page, 'Förnamn').fill('Karin');
    await field(page, 'Efternamn').fill('Kustomsson');
    await field(page, 'Gatuadress').fill('Storgatan 1');
    await field(page, 'Ort').fill('Stockholm');
    await field(page, 'Mobilnummer').fill('0701234567');
    const kustom = page.getByRole('radio', { name: /Kort, faktura eller delbetalning \(Kustom\)/ });
    await expect(kustom).toHaveCount(1);
    await kustom.check();
    const total = ore((await page.getByTestId('cart-total').first().textContent()) ?? '');
    await page.getByLabel('Jag godkänner köpvillkoren').check();
    await page.screenshot({ path: join(shots, 'issue42-checkout-kustom.png'), fullPage: true });
    await page.getByRole('button', { name: /^Slutför köp/ }).click();

    // The shop's payment page with Kustom's checkout in its frame.
    await page.waitForURL(/\/payments\/kustom\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Betalning');
    await expect(page.getByRole('link', { name: 'Tillbaka till kassan' })).toHaveAttribute(
      'href',
      '/kassan',
    );
    const frame = page.frameLocator('iframe[title="Kustom Checkout"]');
    await expect(frame.getByRole('button', { name: 'Slutför köp' })).toHaveCount(1);
    await page.screenshot({ path: join(shots, 'issue42-kustom-page.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shots, 'issue42-kustom-page-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1360, height: 900 });
    // By keyboard: the purchase button inside Kustom's frame.
    await frame.getByRole('button', { name: 'Slutför köp' }).focus();
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/checkout\/confirm\?kid=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tack för din beställning!');
    const orderNumber = (await page.getByTestId('order-number').textContent())?.trim();
    expect(orderNumber).toMatch(/^\d{6}$/);
    expect(ore((await page.getByTestId('order-total').textContent()) ?? '')).toBe(total);
    await expect(
      page.getByText('Betalning: Kort, faktura eller delbetalning (Kustom)'),
    ).toHaveCount(1);
    await page.screenshot({ path: join(shots, 'issue42-kustom-confirmation.png'), fullPage: true });

    // Kustom authorised exactly the cart's total, and the shop acknowledged the order.
    const [order] = [...standIn.orders.values()].filter((o) => o.status === 'checkout_complete');
    expect(order!.order_amount).toBe(total);
    await expect
      .poll(() => standIn.requests.some((r) => r.path.endsWith(`/${order!.order_id}/acknowledge`)))
      .toBe(true);

    // The shop owner ships it: the capture is made at Kustom and shown on the order page.
    await logInAsAdministrator(page, { base: shop.url });
    await page.goto(`${shop.url}/admin/ordrar/${orderNumber}`);
    await page.getByLabel('Kollinummer (valfritt)').fill('PN42424242SE');
    await page.getByRole('button', { name: 'Börja behandla' }).click();
    await expect(page.getByRole('status').first()).toHaveText('Ordern har status behandlas.');
    const operations = page.getByRole('region', { name: 'Betalningshändelser' });
    await expect(operations.getByRole('row', { name: /Dragning.*Klar/ })).toHaveCount(1, {
      timeout: 30_000,
    });
    await expect.poll(() => standIn.orders.get(order!.order_id)!.om.captured_amount).toBe(total);
    // The rest of the page follows: the payment is now "Betald".
    await expect(page.getByTestId('order-payment')).toContainText('Betald');
    await operations.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'issue42-admin-operations.png'), fullPage: true });
  });
});
