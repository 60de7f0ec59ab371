/**
 * Orders in the back office (issue 27 "What must show"): a customer places three orders; customer
 * service (a kundtjänst user) processes the first from received to completed, cancels the second
 * (its unit is back in the storefront's stock) and refunds one unit of the third as store credit:
 * the customer's order page and the shop API's `refunds` show it, and a second refund beyond
 * what was paid is refused. The list, the order page and the customer's order page are checked
 * with axe (WCAG 2.2 AA) and photographed. The journeys' shop runs in production without the
 * seller's settings: the order page offers no receipt and says what to set (issue 40 §2; at 390
 * and 1280 px).
 */
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { AxeBuilder } from '@axe-core/playwright';
import { addStaffUser, logInAs } from './admin-helpers.ts';
import { hydrated, placeOrderAs, slow } from './account-helpers.ts';
import { apiKey, apiQuery } from './shop.ts';
import {
  NO_BROWSER,
  baseUrl,
  browserAvailable,
  expect,
  test,
  unique,
  type Page,
} from './fixtures.ts';

const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function checkPage(page: Page, name: string) {
  const axe = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: join(shots, `admin-orders-${name}.png`), fullPage: true });
}

/** The web stock of a SKU of a product as the storefront reads it. */
async function stockOf(alias: string, skuId: number): Promise<number> {
  const data = await apiQuery<{
    product: { skus: Array<{ skuId: number; stock: { inStock: number } }> };
  }>(`query($alias: String!) { product(alias: $alias) { skus { skuId stock { inStock } } } }`, {
    alias,
  });
  return data.product.skus.find((s) => s.skuId === skuId)!.stock.inStock;
}

test.describe('back office: orders', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('customer service completes an order, cancels one (stock back) and refunds a line', async ({
    page,
    newPage,
  }) => {
    // Three scrypt hashes (the default cost), two axe audits, on a loaded CI machine.
    test.setTimeout(240_000);
    const email = `kund.order.${unique()}@example.se`;
    await page.goto(`${baseUrl()}/account`);
    await hydrated(page);
    const register = page.getByRole('form', { name: 'Skapa konto' });
    await register.getByLabel('Förnamn').fill('Olga');
    await register.getByLabel('Efternamn').fill('Ordersson');
    await register.getByLabel('E-post').fill(email);
    await register.getByLabel(/^Lösenord/).fill('order-losen');
    await register.getByLabel('Bekräfta lösenord').fill('order-losen');
    await register.getByRole('button', { name: 'Skapa konto' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Välkommen, Olga Ordersson!',
      slow,
    );
    const products = await apiQuery<{
      products: {
        products: Array<{
          alias: string;
          skus: Array<{ skuId: number; stock: { inStock: number } }>;
        }>;
      };
    }>(`{ products(take: 30) { products { alias skus { skuId stock { inStock } } } } }`);
    const { alias, sku } = products.products.products
      .flatMap((p) => p.skus.map((s) => ({ alias: p.alias, sku: s })))
      .filter((candidate) => candidate.sku.stock.inStock > 5)
      .at(-1)!;
    const toComplete = await placeOrderAs(page, email);
    const toCancel = await placeOrderAs(page, email, { skuId: sku.skuId });
    const toRefund = await placeOrderAs(page, email, { skuId: sku.skuId, quantity: 2 });

    const staffEmail = `kundtjanst.order.${unique()}@trampa.example`;
    await addStaffUser(staffEmail, 'kundtjanst-losenord-1', 'kundtjanst');
    const admin = await newPage();
    await logInAs(admin, staffEmail, 'kundtjanst-losenord-1');

    // The list: search by the customer's e-mail finds the three orders.
    await admin.getByRole('link', { name: 'Ordrar' }).click();
    await admin.getByRole('heading', { name: 'Ordrar', level: 1 }).waitFor();
    await admin.getByLabel('Sök order').fill(email);
    await admin.getByRole('button', { name: 'Sök', exact: true }).click();
    await expect(admin.getByText('3 ordrar', { exact: true })).toBeVisible();
    await checkPage(admin, 'list');

    // Received -> processing (with a parcel) -> completed.
    await admin.getByRole('link', { name: `Order ${toComplete}`, exact: true }).click();
    await admin.getByRole('heading', { name: `Order ${toComplete}`, level: 1 }).waitFor();
    await expect(admin.getByRole('heading', { name: `Order ${toComplete}` })).toBeFocused();
    // The shop runs in production without the seller's settings (issue 40 §2): no receipt link
    // that would answer 503, but a notice naming what to set; the packing slip is offered.
    const documents = admin.getByRole('region', { name: 'Dokument' });
    const notice = documents.getByRole('note', { name: 'Kvitton kan inte skapas ännu' });
    await expect(notice).toContainText(
      'Butiken saknar företagets registrerade namn, företagets adress och organisationsnumret.',
    );
    await expect(notice).toContainText(
      'Ange miljövariablerna SHOP_LEGAL_NAME, SHOP_ADDRESS och SHOP_ORGANISATION_NUMBER',
    );
    await expect(documents.getByRole('link', { name: 'Följesedel (PDF)' })).toBeVisible();
    await expect(documents.getByRole('link', { name: 'Kvitto (PDF)' })).toHaveCount(0);
    for (const width of [1280, 390]) {
      await admin.setViewportSize({ width, height: 844 });
      await notice.scrollIntoViewIfNeeded();
      await admin.screenshot({ path: join(shots, `admin-orders-receipt-notice-${width}.png`) });
    }
    await admin.setViewportSize({ width: 1360, height: 900 });
    await admin.getByLabel('Kollinummer (valfritt)').fill('PN12345SE');
    await admin.getByRole('button', { name: 'Börja behandla' }).click();
    await expect(admin.getByRole('status')).toHaveText('Ordern har status behandlas.');
    await admin.getByRole('button', { name: 'Markera som slutförd' }).click();
    await expect(admin.getByRole('status')).toHaveText('Ordern har status slutförd.');
    const history = admin.getByRole('region', { name: 'Historik' });
    await expect(history.getByRole('row', { name: /Behandlas → Slutförd/ })).toContainText(
      staffEmail,
    );
    await expect(admin.getByText('Kolli PN12345SE')).toBeVisible();
    await checkPage(admin, 'completed');

    // Cancel: confirmed in a dialog; the unit is back in the storefront's stock.
    const beforeCancel = await stockOf(alias, sku.skuId);
    await admin.goto(`${baseUrl()}/admin/ordrar/${toCancel}`);
    await admin.getByRole('button', { name: 'Avbryt ordern', exact: true }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Ja, avbryt ordern' }).click();
    await expect(admin.getByRole('status')).toHaveText(
      'Ordern är avbruten och varorna är tillbaka i lager.',
    );
    expect(await stockOf(alias, sku.skuId)).toBe(beforeCancel + 1);

    // Refund one of the two units as store credit; then two more is refused.
    await admin.goto(`${baseUrl()}/admin/ordrar/${toRefund}`);
    const amount = admin.getByLabel(/^Antal av /);
    await amount.fill('1');
    await admin.getByLabel('Till kundens saldo').check();
    await admin.getByLabel('Orsak').fill('Skadad vid leverans');
    await admin.getByRole('button', { name: 'Återbetala', exact: true }).click();
    await expect(admin.getByRole('status')).toContainText('återbetalat till kundens saldo');
    await expect(admin.getByRole('table', { name: 'Återbetalningar' })).toContainText(
      'Skadad vid leverans',
    );
    await admin.getByLabel(/^Antal av /).fill('2');
    await admin.getByRole('button', { name: 'Återbetala', exact: true }).click();
    await expect(admin.getByRole('alert')).toContainText('högst 1 st kan återbetalas');
    await expect(admin.getByRole('alert')).toBeFocused();
    await checkPage(admin, 'refund');
    // The invoice is reserved, not paid: the payment panel and the refund panel say so, with the
    // one state the order list shows too (issue 40).
    await expect(admin.getByTestId('order-payment')).toContainText('Reserverad');
    await expect(admin.getByTestId('refund-summary')).toContainText(
      /^Delvis återbetald: [\d\s\u00a0]+(,\d\d)?\u00a0kr reserverat, inte betalt än\. Återbetalt /,
    );
    await expect(admin.getByTestId('refund-summary')).not.toContainText('Betalt');
    for (const width of [390, 1280]) {
      await admin.setViewportSize({ width, height: 900 });
      await admin.getByTestId('refund-summary').scrollIntoViewIfNeeded();
      await admin.screenshot({ path: join(shots, `admin-orders-payment-${width}.png`) });
    }
    // One refund: the header row and its row.
    await expect(
      admin.getByRole('table', { name: 'Återbetalningar' }).getByRole('row'),
    ).toHaveCount(2);
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto(`${baseUrl()}/admin/ordrar?query=${toRefund}`);
    await expect(admin.getByRole('row', { name: new RegExp(`Order ${toRefund}`) })).toContainText(
      'Delvis återbetald',
    );
    await expect(admin.getByRole('row', { name: new RegExp(`Order ${toRefund}`) })).toContainText(
      'Sverige (SEK)',
    );
    await expect(admin.getByLabel('Marknad')).toContainText('Sverige (SEK)');

    // The customer's order page and the shop API show the refund.
    await page.goto(`${baseUrl()}/mina-sidor/ordrar`);
    const card = page.getByRole('article', { name: `Order ${toRefund}` });
    await expect(card.getByRole('heading', { name: 'Återbetalningar' })).toBeVisible();
    await expect(card.getByRole('listitem').filter({ hasText: 'till ditt saldo' })).toBeVisible();
    await checkPage(page, 'customer');
    const token = (await page.context().cookies()).find((c) => c.name === 'apollo-token')!.value;
    const response = await fetch(`${baseUrl()}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-apikey': apiKey,
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        query: '{ getOrders { id status refunds { refundType toBalance total reason } } }',
      }),
    });
    const { data } = (await response.json()) as {
      data: {
        getOrders: Array<{
          id: number;
          status: string;
          refunds: Array<{ refundType: string; toBalance: boolean; total: number; reason: string }>;
        }>;
      };
    };
    const byId = new Map(data.getOrders.map((o) => [o.id, o]));
    expect(byId.get(toComplete)!.status).toBe('completed');
    expect(byId.get(toCancel)!.refunds.map((r) => r.refundType)).toEqual(['cancellation']);
    expect(byId.get(toRefund)!.refunds).toEqual([
      expect.objectContaining({
        refundType: 'line',
        toBalance: true,
        reason: 'Skadad vid leverans',
      }),
    ]);
  });
});
