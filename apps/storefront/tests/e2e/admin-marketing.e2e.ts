/**
 * Back-office marketing journey (issue 26 "What must show": a store manager creates a campaign
 * and the storefront shows it): the first administrator adds a store manager (butikschef), who
 * logs in, creates a 30 % campaign on a product and sees the product page and the campaign's
 * list show the campaign price at once (no restart); creates a promo code that a shopper then
 * uses in the cart, then marks it "Gäller inte redan nedsatta varor" (issue 40 §3); sees each
 * code's status follow its dates (the expired SOMMAR20 "Avslutad", not "Aktiv") and filters the
 * list by status; ends the campaign early and deactivates the code (the shared shop is left as
 * it was for the other journeys); issues, looks up and voids a gift card. The role change asks
 * for confirmation in a dialog first. Pages are checked with axe and photographed.
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
import { addToCart, apiQuery, sizedProduct } from './shop.ts';

const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function checkPage(page: Page, name: string) {
  const axe = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: join(shots, `admin-marketing-${name}.png`), fullPage: true });
}

/** Screenshots at 1280 and 390 px wide (`admin-marketing-<name>-<width>.png`); back to 1280. */
async function bothWidths(page: Page, name: string) {
  const height = page.viewportSize()?.height ?? 900;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({
      path: join(shots, `admin-marketing-${name}-${width}.png`),
      fullPage: true,
    });
  }
}

/** Text without any white space (prices are grouped with no-break spaces): `1 049 kr` → `1049kr`. */
const compact = (text: string | null) => (text ?? '').replace(/\s/g, '');

/** Kronor of a text such as `1 049,50 kr`. */
const kronor = (text: string | null) =>
  Number(
    compact(text)
      .replace(/[^\d,-]/g, '')
      .replace(',', '.'),
  );

/** A clothing product without a campaign (no other journey uses clothes): its number, page and price. */
async function plainProduct() {
  const data = await apiQuery<{
    products: {
      products: Array<{
        articleNumber: string;
        name: string;
        canonicalUrl: string;
        discountType: string;
        unitPrice: { regularPriceIncVat: number };
      }>;
    };
  }>(`{ products(categoryAlias: "cykelklader", take: 40) { products { articleNumber name
    canonicalUrl discountType unitPrice { regularPriceIncVat } } } }`);
  const product = data.products.products.find(
    (p) => p.discountType === 'NONE' && p.unitPrice.regularPriceIncVat >= 200,
  );
  if (!product) throw new Error('no clothing product without a campaign');
  return product;
}

test.describe('back office: marketing', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('a store manager creates a campaign the shop shows at once and a promo code that works in the cart', async ({
    page,
  }) => {
    // Three scrypt hashes (the default cost) and several axe audits on a loaded CI machine.
    test.setTimeout(300_000);
    const product = await plainProduct();
    const campaignPrice = Math.round(product.unitPrice.regularPriceIncVat * 0.7);
    const manager = `butikschef-${unique()}@trampa.example`;
    const password = 'butikschef-losenord-1';

    // The administrator adds the store manager.
    await logInAsAdministrator(page);
    await page.getByRole('link', { name: 'Personal' }).click();
    await page.getByRole('heading', { name: 'Personal', level: 1 }).waitFor();
    await page.getByLabel('E-postadress').fill(manager);
    await page.getByLabel('Roll', { exact: true }).selectOption('kundtjanst');
    await page.getByLabel('Lösenord').fill(password);
    await page.getByRole('button', { name: 'Lägg till' }).click();
    await page.getByRole('cell', { name: manager, exact: true }).waitFor();
    // A role change asks first: Esc cancels it, "Ändra roll" saves it.
    const role = page.getByLabel(`Roll för ${manager}`);
    const dialog = page.getByRole('dialog', { name: 'Ändra roll?' });
    await role.selectOption('butikschef');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      `${manager} får rollen butikschef i stället för kundtjänst.`,
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(role).toHaveValue('kundtjanst');
    await expect(role).toBeFocused();
    await role.selectOption('butikschef');
    await checkPage(page, 'role-dialog');
    await dialog.getByRole('button', { name: 'Ändra roll' }).click();
    await expect(page.getByRole('status').first()).toHaveText(`${manager} har fått en ny roll.`);
    await expect(role).toHaveValue('butikschef');
    await page.getByRole('button', { name: 'Logga ut' }).click();
    await page.getByRole('heading', { name: 'Logga in i administrationen' }).waitFor();

    // The store manager logs in and creates a campaign.
    await page.getByLabel('E-postadress').fill(manager);
    await page.getByLabel('Lösenord').fill(password);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.getByRole('heading', { name: `Välkommen, ${manager}` }).waitFor();
    await expect(page.getByRole('link', { name: 'Personal' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Kampanjer' }).click();
    await page.getByRole('heading', { name: 'Kampanjer', level: 1 }).waitFor();

    // A refused form: the error summary takes the focus and names the field.
    await page.getByRole('button', { name: 'Skapa kampanj' }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toContainText('Ange ett namn på kampanjen.');
    await expect(summary).toBeFocused();

    const name = `Klädrea ${unique()}`;
    await page.getByLabel('Namn').fill(name);
    await page.getByLabel('Rabatt i procent').fill('30');
    await page.getByRole('textbox', { name: 'Artikelnummer' }).fill(product.articleNumber);
    await expect(page.getByRole('checkbox', { name: /Sverige/ })).toBeChecked();
    await page.getByRole('button', { name: 'Skapa kampanj' }).click();
    await expect(page.getByRole('status').first()).toHaveText(
      `Kampanjen ${name} är skapad med 1 produkt.`,
    );
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Aktiv');
    const alias = compact(await row.locator('.hint').textContent()).replace('/dc/', '');
    await checkPage(page, 'campaigns');

    // The shop shows the campaign price on the product page and in the campaign's list.
    await page.goto(`${baseUrl()}${product.canonicalUrl}`);
    const price = page.locator('main .price--large');
    await expect(price.locator('.price__selling--campaign')).toHaveCount(1);
    expect(kronor(await price.locator('.price__selling--campaign').textContent())).toBe(
      campaignPrice,
    );
    expect(kronor(await price.locator('.price__regular').textContent())).toBe(
      product.unitPrice.regularPriceIncVat,
    );
    await page.screenshot({ path: join(shots, 'admin-marketing-product.png') });
    await page.goto(`${baseUrl()}/dc/${alias}`);
    const card = page.getByRole('article').filter({ hasText: product.name }).first();
    await expect(card.locator('.price__selling--campaign')).toHaveCount(1);
    expect(kronor(await card.locator('.price__selling--campaign').textContent())).toBe(
      campaignPrice,
    );

    // A promo code from the back office works in a shopper's cart.
    const code = `VAR${unique().replace(/\W/g, '').slice(-6).toUpperCase()}`;
    await page.goto(`${baseUrl()}/admin/rabattkoder`);
    await page.getByRole('heading', { name: 'Rabattkoder', level: 1 }).waitFor();
    await page.getByLabel('Kod', { exact: true }).fill(code.toLowerCase());
    await page.getByLabel('Namn').fill('Vårens kod');
    await page.getByLabel('Rabatt i procent').fill('15');
    await page.getByRole('button', { name: 'Skapa rabattkod' }).click();
    await expect(page.getByRole('status').first()).toHaveText(`Rabattkoden ${code} är skapad.`);
    await expect(page.getByRole('row').filter({ hasText: code })).toContainText('15 % på varorna');
    await checkPage(page, 'promo-codes');

    const helmet = await sizedProduct();
    await addToCart(page, helmet);
    await page.goto(`${baseUrl()}/varukorg`);
    const total = async () => kronor(await page.getByTestId('cart-total').textContent());
    const before = await total();
    const promo = page.getByRole('textbox', { name: 'Rabattkod' });
    await promo.fill(code);
    await promo.press('Enter');
    await expect(page.getByText(`Rabattkod ${code} används`)).toHaveCount(1);
    await expect.poll(total).toBeLessThan(before);

    // The code is marked "Gäller inte redan nedsatta varor"; the list shows each code's status by
    // its dates: the expired SOMMAR20 is "Avslutad", and the filter shows only the ended ones.
    await page.goto(`${baseUrl()}/admin/rabattkoder`);
    const codeRow = page.getByRole('row').filter({ hasText: code });
    await codeRow.getByRole('button', { name: `Ändra ${code}` }).click();
    await expect(
      page.getByRole('heading', { name: `Ändra rabattkod ${code} (Aktiv)` }),
    ).toBeVisible();
    await page.getByLabel('Gäller inte redan nedsatta varor').check();
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect(page.getByRole('status').first()).toHaveText(`Rabattkoden ${code} är ändrad.`);
    await expect(codeRow).toContainText('15 % på varorna; gäller inte redan nedsatta varor');
    await expect(codeRow.getByRole('cell', { name: 'Aktiv', exact: true })).toHaveCount(1);
    const summer = page.getByRole('row').filter({ hasText: 'SOMMAR20' });
    await expect(summer.getByRole('cell', { name: 'Avslutad', exact: true })).toHaveCount(1);
    await bothWidths(page, 'promo-statuses');
    await page.getByLabel('Visa', { exact: true }).selectOption('Avslutade');
    await expect(page.getByRole('table', { name: 'Rabattkoder: Avslutad' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'SOMMAR20' })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: 'VÅR10' })).toHaveCount(0);
    await expect(codeRow).toHaveCount(0);
    await checkPage(page, 'promo-ended');

    // The campaign ends early and the code is deactivated: the shop is as it was.
    await page.goto(`${baseUrl()}/admin/kampanjer`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('button', { name: /Avsluta nu/ })
      .click();
    await expect(page.getByRole('status').first()).toHaveText(`Kampanjen ${name} är avslutad.`);
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Avslutad');
    await page.goto(`${baseUrl()}${product.canonicalUrl}`);
    await expect(page.locator('main .price--large .price__selling--campaign')).toHaveCount(0);

    await page.goto(`${baseUrl()}/admin/rabattkoder`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page
      .getByRole('row')
      .filter({ hasText: code })
      .getByRole('button', { name: /Inaktivera/ })
      .click();
    await expect(page.getByRole('row').filter({ hasText: code })).toContainText('Inaktiverad');

    // A gift card: issued with a code shown once, looked up, voided.
    await page.getByRole('link', { name: 'Presentkort' }).click();
    await page.getByRole('heading', { name: 'Presentkort', level: 1 }).waitFor();
    await page.getByLabel('Belopp').fill('500');
    await page.getByRole('button', { name: 'Utfärda' }).click();
    const giftCode = (await page.getByLabel('Presentkortets kod').textContent()) ?? '';
    expect(giftCode).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    await checkPage(page, 'gift-cards');
    await page.getByLabel('Kod', { exact: true }).fill(giftCode);
    await page.getByRole('button', { name: 'Sök' }).click();
    await expect(
      page.getByRole('heading', { name: `Presentkort •••• ${giftCode.slice(-4)}` }),
    ).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Utfärdat' })).toContainText('500');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Makulera presentkortet' }).click();
    await expect(page.getByRole('status').first()).toContainText('är makulerat');
    await expect(page.getByRole('row').filter({ hasText: 'Makulerat' })).toHaveCount(1);

    // The changes are in the audit log.
    await page.getByRole('link', { name: 'Händelselogg' }).click();
    await page.getByLabel('Händelse', { exact: true }).selectOption('campaign.create');
    await page.getByRole('button', { name: 'Filtrera' }).click();
    await expect(
      page.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Kampanj skapad' }),
    ).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: 'Kampanj avslutad' })).toHaveCount(0);
  });
});
