/**
 * Journeys of issue 14 "Checkout validation in one round, with focus": one submit shows every
 * error in a summary that gets focus and links to each field; the terms box stays as the shopper
 * left it; malformed postcodes say so; "Visa leveranssätt" keeps focus and announces the options;
 * store radios are not nested in the pickup label and name their stock; the terms box links to
 * /kopvillkor. The checkout with its error summary is saved as a screenshot (also to
 * /work/shots/checkout-errors.png when that folder exists).
 */
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { NO_BROWSER, baseUrl, browserAvailable, expect, test } from './fixtures.ts';
import { addToCart, sizedProduct } from './shop.ts';

const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();

function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

/** The id of the focused element (or its tag when it has none). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return element?.id || element?.tagName.toLowerCase() || '';
  });
}

async function openCheckout(page: Page): Promise<void> {
  await addToCart(page, await sizedProduct());
  await page.goto(`${baseUrl()}/kassan`);
  // Hydrated (the scripts have run): the buttons submit without a page load.
  await page.waitForLoadState('networkidle');
}

test.describe('issue 14: checkout validation in one round, with focus', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('an empty submit shows every error at once in a focused summary; the terms box keeps its state', async ({
    page,
  }) => {
    await openCheckout(page);
    await page.getByRole('button', { name: /^Slutför köp/ }).click();
    const summary = page.locator('#checkout-errors');
    await expect(summary).toHaveCount(1);
    // Focus is on the summary.
    await expect.poll(() => focused(page)).toBe('checkout-errors');
    const links = summary.getByRole('link');
    const texts = await links.allTextContents();
    // Postcode, personnummer, e-post, first and last name, address, city, mobile and the terms.
    expect(texts.length).toBeGreaterThanOrEqual(9);
    expect(texts[0]).toMatch(/^Postnummer: /);
    expect(texts.at(-1)).toBe('Du måste godkänna köpvillkoren innan du slutför ditt köp');
    expect(texts).toContain('E-post: Detta fält är obligatoriskt');
    expect(texts).toContain('Personnummer: Detta fält är obligatoriskt');
    expect((await summary.getByRole('heading').textContent())?.trim()).toBe(
      `Formuläret har ${texts.length} fel`,
    );
    await page.screenshot({ path: join(shots, 'issue14-checkout-errors.png'), fullPage: true });
    if (existsSync('/work/shots')) {
      await page.screenshot({ path: '/work/shots/checkout-errors.png', fullPage: true });
    }
    // A link moves focus to its field.
    await summary.getByRole('link', { name: /^E-post/ }).click();
    await expect.poll(() => focused(page)).toBe('f-email');
    expect(await field(page, 'E-post').getAttribute('aria-invalid')).toBe('true');

    // Ticked terms stay ticked after a failed submit; only the field errors remain.
    await page.getByLabel('Jag godkänner köpvillkoren').check();
    await page.getByRole('button', { name: /^Slutför köp/ }).click();
    await expect.poll(() => focused(page)).toBe('checkout-errors');
    expect(await page.getByLabel('Jag godkänner köpvillkoren').isChecked()).toBe(true);
    expect(await summary.getByRole('link').allTextContents()).not.toContain(
      'Du måste godkänna köpvillkoren innan du slutför ditt köp',
    );
  });

  test('a malformed postcode says so; "Visa leveranssätt" keeps focus and announces the options', async ({
    page,
  }) => {
    await openCheckout(page);
    const button = page.getByRole('button', { name: 'Visa leveranssätt' });
    const status = page.locator('.checkout-announcement');
    // Issue 40 §6: typing asks for the options only once the postcode is valid; a half-typed one
    // is not told off while the shopper is still typing.
    await field(page, 'Postnummer').pressSequentially('1112');
    await page.waitForTimeout(600);
    expect(await page.locator('#f-billingAddress-zip-error').count()).toBe(0);
    expect(await page.getByRole('radio', { name: /Leverans till ombud/ }).count()).toBe(0);
    for (const zip of ['ABCDE', '1234']) {
      await field(page, 'Postnummer').fill(zip);
      await button.click();
      await expect(page.locator('#f-billingAddress-zip-error')).toHaveText(
        'Ange ett giltigt postnummer',
      );
      expect(await field(page, 'Postnummer').getAttribute('aria-invalid')).toBe('true');
      await expect
        .poll(async () => (await status.textContent())?.trim())
        .toBe('Ange ett giltigt postnummer');
    }
    await field(page, 'Postnummer').fill('11122');
    await button.click();
    await expect(page.getByRole('radio', { name: /Leverans till ombud/ })).toHaveCount(1);
    // Focus stays on the button; the live region tells how many options appeared.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Visa leveranssätt',
    );
    expect(await status.getAttribute('role')).toBe('status');
    await expect
      .poll(async () => (await status.textContent())?.trim())
      .toBe(
        `${await page.getByRole('radio', { name: /leverans|Hämta/i }).count()} leveranssätt för 111 22`,
      );
    expect(await page.locator('#f-billingAddress-zip-error').count()).toBe(0);
  });

  test('store pickup: the store radios are not inside the pickup label and name their stock', async ({
    page,
  }) => {
    await openCheckout(page);
    await field(page, 'Postnummer').fill('11122');
    await page.getByRole('button', { name: 'Visa leveranssätt' }).click();
    await expect(page.getByRole('radio', { name: /Hämta i butik/ })).toHaveCount(1);
    await page.getByRole('radio', { name: /Hämta i butik/ }).check();
    const stores = page.getByRole('group', { name: 'Välj butik' });
    await expect(stores.getByRole('radio')).toHaveCount(3);
    expect(await page.locator('label label').count()).toBe(0);
    await page.screenshot({ path: join(shots, 'issue14-pickup.png'), fullPage: true });
    expect(await stores.getByRole('radio', { name: /\d+ st i butiken/ }).count()).toBe(3);
    // The pickup option's own name is just the option.
    const pickupName = await page
      .getByRole('radio', { name: /Hämta i butik/ })
      .evaluate((el) => (el.closest('label')?.textContent ?? '').includes('st i butiken'));
    expect(pickupName).toBe(false);
  });

  test('the terms box links to /kopvillkor: Swedish consumer terms in the default layout', async ({
    page,
  }) => {
    await openCheckout(page);
    const link = page.locator('.terms').getByRole('link', { name: /köpvillkoren/ });
    expect(await link.getAttribute('href')).toBe('/kopvillkor');
    await page.goto(`${baseUrl()}/kopvillkor`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Köpvillkor');
    expect(await page.title()).toMatch(/^Köpvillkor \| /);
    for (const text of [
      /14 dagars ångerrätt/,
      /tre år/,
      /inklusive moms/,
      /Leverans/,
      /Betalning/,
      /Personuppgifter/,
      /Kundtjänst/,
    ]) {
      expect(await page.getByText(text).count(), String(text)).toBeGreaterThan(0);
    }
    // The default layout: the header's search and the footer are there.
    expect(await page.getByRole('banner').count()).toBeGreaterThan(0);
    expect(await page.getByRole('contentinfo').count()).toBeGreaterThan(0);
  });
});
