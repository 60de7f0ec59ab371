/**
 * Shipping without nShift and the SKUs' measures in the back office (issue 43): customer service
 * (a kundtjänst user) opens Ordrar → Packlista och fraktetiketter, keeps today's date and, by
 * keyboard, downloads the day's packing list and the label data: UTF-8 with BOM, semicolons, the
 * guest's order on its rows (one parcel, the order number as reference). An administrator gives
 * a size its weight and packed size in the product form ("Vikt (g)", "Längd (mm)", …): a
 * half-typed value is refused in the error summary that links to its field, a whole number is
 * saved. Both pages are checked with axe (WCAG 2.2 AA) at 1280 and 390 px and photographed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { AxeBuilder } from '@axe-core/playwright';
import { addStaffUser, logInAs, logInAsAdministrator } from './admin-helpers.ts';
import { placeOrderAs } from './account-helpers.ts';
import { apiQuery } from './shop.ts';
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

/** axe at 1280 and 390 px, with a screenshot of each. */
async function checkPage(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const axe = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    await page.screenshot({ path: join(shots, `admin-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Today in Stockholm, yyyy-mm-dd. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Stockholm',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

test.describe('back office: shipping without nShift', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('customer service downloads the day’s packing list and label data by keyboard', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const email = `packlista.${unique()}@example.se`;
    await page.goto(`${baseUrl()}/`);
    const orderId = await placeOrderAs(page, email, { guest: true });

    const staffEmail = `kundtjanst.pack.${unique()}@trampa.example`;
    await addStaffUser(staffEmail, 'kundtjanst-losenord-1', 'kundtjanst');
    await logInAs(page, staffEmail, 'kundtjanst-losenord-1');
    await page.getByRole('link', { name: 'Ordrar' }).click();
    await page.getByRole('heading', { name: 'Ordrar', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Packlista och fraktetiketter (CSV)' }).click();
    await page.getByRole('heading', { name: 'Packlista och fraktetiketter', level: 1 }).waitFor();
    const day = page.getByLabel('Dag');
    await expect(day).toHaveValue(today());
    await checkPage(page, 'packing-list');

    // By keyboard: from the day field (Chromium tabs through its year, month and day parts
    // first), Tab to the packing list's button, Enter.
    await day.focus();
    const listButton = page.getByRole('button', { name: 'Ladda ner packlista (CSV)' });
    for (let presses = 0; presses < 4; presses += 1) {
      await page.keyboard.press('Tab');
      if (await listButton.evaluate((button) => button === document.activeElement)) break;
    }
    await expect(listButton).toBeFocused();
    const [list] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(list.suggestedFilename()).toBe(`packlista-${today()}.csv`);
    const listText = readFileSync((await list.path())!, 'utf8');
    expect(listText.startsWith('\uFEFFordernummer;orderdatum;namn;')).toBe(true);
    expect(listText).toContain(`\r\n${orderId};${today()};`);
    expect(listText).toContain(email);
    await expect(
      page.getByRole('status').filter({ hasText: `Packlistan för ${today()}` }),
    ).toBeVisible();

    await page.keyboard.press('Tab');
    const labelsButton = page.getByRole('button', { name: 'Ladda ner fraktetiketter (CSV)' });
    await expect(labelsButton).toBeFocused();
    const [labels] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Enter'),
    ]);
    expect(labels.suggestedFilename()).toBe(`fraktetiketter-${today()}.csv`);
    const labelsText = readFileSync((await labels.path())!, 'utf8');
    expect(labelsText.startsWith('\uFEFFnamn;foretag;adress;postnummer;ort;land;')).toBe(true);
    const row = labelsText.split('\r\n').find((line) => line.includes(email))!;
    expect(row.endsWith(`;1;${orderId}`)).toBe(true);
    await expect(
      page.getByRole('status').filter({ hasText: 'Fraktetiketternas data för' }),
    ).toBeVisible();
  });

  test('an administrator gives a size its weight and packed size', async ({ page }) => {
    test.setTimeout(180_000);
    const data = await apiQuery<{ products: { products: Array<{ productId: number }> } }>(
      `{ products(take: 1) { products { productId } } }`,
    );
    const productId = data.products.products[0]!.productId;
    await logInAsAdministrator(page);
    await page.goto(`${baseUrl()}/admin/sortiment/${productId}`);
    const weight = page.getByLabel('Vikt (g), storlek 1', { exact: true });
    await weight.waitFor();
    // The shared shop's product gets its own values back at the end (other journeys price it).
    const field = (label: string) => page.getByLabel(`${label}, storlek 1`, { exact: true });
    const labels = ['Vikt (g)', 'Längd (mm)', 'Bredd (mm)', 'Höjd (mm)'];
    const original = await Promise.all(labels.map((label) => field(label).inputValue()));
    // What the form does not show (förmånscykel, the product's weight, meta texts) survives a save.
    const unshown = () =>
      page.evaluate(async (id) => {
        const response = await fetch('/admin/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-trampa-admin': '1' },
          body: JSON.stringify({
            query: `query($id: Int!) { adminProduct(id: $id) {
              leasable weight metaTitle metaDescription } }`,
            variables: { id },
          }),
        });
        return ((await response.json()) as { data: { adminProduct: unknown } }).data.adminProduct;
      }, productId);
    const before = await unshown();
    await expect(page.getByLabel('Längd (mm), storlek 1', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Bredd (mm), storlek 1', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Höjd (mm), storlek 1', { exact: true })).toBeVisible();

    // A half millimetre is refused before sending: the summary takes the focus and links to it.
    await page.getByLabel('Längd (mm), storlek 1', { exact: true }).fill('1500,5');
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toBeFocused();
    await expect(summary).toContainText(
      'Längden för storlek 1 ska vara ett heltal från 0 till 5 000.',
    );
    await checkPage(page, 'product-measures-error');
    await expect(summary.getByRole('link', { name: /Längden för storlek 1/ })).toHaveAttribute(
      'href',
      '#sku-0-lengthMm',
    );

    await weight.fill('14000');
    await page.getByLabel('Längd (mm), storlek 1', { exact: true }).fill('1500');
    await page.getByLabel('Bredd (mm), storlek 1', { exact: true }).fill('200');
    await page.getByLabel('Höjd (mm), storlek 1', { exact: true }).fill('800');
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Ändringarna är sparade.' }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Vikt (g), storlek 1', { exact: true })).toHaveValue('14000');
    await expect(page.getByLabel('Höjd (mm), storlek 1', { exact: true })).toHaveValue('800');
    expect(await unshown()).toEqual(before);

    for (const [index, label] of labels.entries()) await field(label).fill(original[index]!);
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Ändringarna är sparade.' }),
    ).toBeVisible();
  });
});
