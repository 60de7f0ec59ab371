/**
 * Back-office catalogue journey (issue 26 "What must show"): the first administrator (from the
 * environment, e2e-env.ts) logs in, creates a helmet with two sizes, a price in every market and
 * an uploaded image; a shopper finds it in its category and by search (suggestions included),
 * without a restart; the administrator changes its price and the product page shows it; a
 * changed alias answers 301 from the old address. The back office's pages are checked with axe.
 */
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { AxeBuilder } from '@axe-core/playwright';
import { logInAsAdministrator } from './admin-helpers.ts';
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
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  await page.screenshot({ path: join(shots, `admin-catalogue-${name}.png`), fullPage: true });
}

/** A money amount as the shop shows it (". . . 1 234 kr" at the end), spaces of any kind. */
function kronor(amount: string): RegExp {
  return new RegExp(`${amount.replace(' ', '\\s')}\\skr$`);
}

test.describe('back-office catalogue', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('an administrator creates a product a shopper finds, then changes its price', async ({
    page,
    browser,
  }) => {
    // A scrypt login, sharp, list and search pages and three axe audits on a loaded machine.
    test.setTimeout(240_000);
    const id = unique()
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase();
    const name = `Testhjälm Nimbus ${id}`;
    const alias = `testhjalm-nimbus-${id}`;

    await logInAsAdministrator(page);
    await page.getByRole('link', { name: 'Sortiment' }).click();
    await page.getByRole('heading', { name: 'Produkter', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Ny produkt' }).click();
    await page.getByRole('heading', { name: 'Ny produkt' }).waitFor();

    // A refused form: the summary takes the focus.
    await page.getByRole('button', { name: 'Skapa produkt' }).click();
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByRole('alert')).toContainText('Ange produktens namn.');

    await page.getByLabel('Namn').first().fill(name);
    await expect(page.getByLabel('Alias (webbadress)')).toHaveValue(alias);
    await page.getByLabel('Artikelnummer', { exact: true }).fill(`NIMBUS-${id}`);
    await page.getByLabel('Varumärke').selectOption({ label: 'POC' });
    // Hjälmar (category 21 of the seed, under Tillbehör).
    await page.getByLabel('Huvudkategori').selectOption('21');
    await page.getByLabel('Kort text').first().fill('Lätt hjälm med MIPS.');
    await page.getByLabel('Storlek 1', { exact: true }).fill('S/M');
    await page.getByLabel('Artikelnummer, storlek 1').fill(`NIMBUS-${id}-SM`);
    await page.getByLabel('EAN, storlek 1').fill('7350000000016');
    await page.getByRole('button', { name: 'Lägg till storlek' }).click();
    await page.getByLabel('Storlek 2', { exact: true }).fill('L/XL');
    await page.getByLabel('Artikelnummer, storlek 2').fill(`NIMBUS-${id}-LXL`);
    // A price in every market; Sweden's entered excl. VAT (1 000 kr + 25 % = 1 250 kr).
    const priceFields = page.getByLabel(/^Pris /);
    const markets = await priceFields.count();
    expect(markets).toBeGreaterThan(1);
    for (let index = 0; index < markets; index += 1) await priceFields.nth(index).fill('1250');
    await page.getByLabel(/^Pris Sverige/).fill('1000');
    await page
      .getByRole('group', { name: 'Momsen i priset för Sverige' })
      .getByLabel('exkl. moms')
      .check();
    await expect(page.locator('[id="price-SE|SEK-vat"]')).toHaveText(
      /1\s250\skr inkl\. moms, 1\s000\skr exkl\. moms, moms 250\skr \(25\s%\)/,
    );
    await checkPage(page, 'new-product');
    await page.getByRole('button', { name: 'Skapa produkt' }).click();
    await expect(page.getByRole('status').first()).toHaveText('Produkten är skapad.');
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    // The image: a PNG drawn by the browser, resized by the server to the shop's sizes.
    const dataUrl = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 900;
      canvas.height = 600;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#510c76';
      context.fillRect(0, 0, 900, 600);
      context.fillStyle = '#ffffff';
      context.beginPath();
      context.arc(450, 300, 200, 0, Math.PI * 2);
      context.fill();
      return canvas.toDataURL('image/png');
    });
    const png = Buffer.from(dataUrl.split(',')[1]!, 'base64');
    await page
      .getByLabel('Ladda upp bild')
      .setInputFiles({ name: 'nimbus.png', mimeType: 'image/png', buffer: png });
    await expect(
      page.getByRole('status').filter({ hasText: 'Bilden är uppladdad.' }),
    ).toBeVisible();
    const thumbnail = page.getByRole('img', { name: 'Bild 1' });
    await expect(thumbnail).toHaveJSProperty('naturalWidth', 400);
    await checkPage(page, 'product');

    // A shopper (another browser context, no staff cookie) finds it in its category…
    const shopper = await browser.newPage();
    await shopper.goto(`${baseUrl()}/c/tillbehor/hjalmar`);
    const card = shopper.locator('.product-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('src', /\/img\/product\/400x400\/.+\.webp$/);
    // …in the search box's suggestions and on the search page…
    const box = shopper.getByRole('combobox', { name: 'Sök bland produkterna' });
    await box.fill(`nimbus ${id}`);
    await expect(shopper.getByRole('option', { name: new RegExp(name) })).toBeVisible();
    await box.press('Enter');
    await shopper.waitForURL(/\/s\//);
    await shopper
      .locator('.product-card')
      .filter({ hasText: name })
      .getByRole('link')
      .first()
      .click();
    await shopper.getByRole('heading', { name, level: 1 }).waitFor();
    const productUrl = shopper.url();
    const price = shopper.locator('main .price__selling').first();
    await expect(price).toHaveText(kronor('1 250'));
    // Both sizes are in the size picker.
    await expect(shopper.getByRole('radio', { name: /S\/M/ })).toHaveCount(1);
    await expect(shopper.getByRole('radio', { name: /L\/XL/ })).toHaveCount(1);

    // The administrator changes the price; the product page shows it.
    await page.getByLabel(/^Pris Sverige/).fill('1111');
    await page
      .getByRole('group', { name: 'Momsen i priset för Sverige' })
      .getByLabel('inkl. moms')
      .check();
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(page.getByRole('status').first()).toHaveText('Ändringarna är sparade.');
    await shopper.reload();
    await expect(shopper.locator('main .price__selling').first()).toHaveText(kronor('1 111'));

    // An alias change: the old address answers 301 to the new one.
    await page.getByLabel('Alias (webbadress)').fill(`${alias}-ny`);
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(page.getByRole('status').first()).toHaveText('Ändringarna är sparade.');
    const old = await shopper.request.get(productUrl, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toMatch(new RegExp(`/${alias}-ny$`));
    await shopper.close();
  });
});
