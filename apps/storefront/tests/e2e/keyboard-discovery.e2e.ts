/**
 * Keyboard and screen-reader journeys of discovery (issue 14, WCAG 2.2 AA): Tab from the search
 * box reaches "Visa alla … träffar" and Enter follows it; after a client-side navigation focus
 * is on the new page's main heading (not on the first load, not when filters or the sort change
 * the list's search params: focus stays on the control); "Sortera" moves with the arrow keys
 * without a reload and sorts on Enter, focus staying on it; one price control in the filters;
 * "hjalm" finds the helmets "hjälm" finds. Screenshots go to $E2E_SCREENSHOTS (default the temp
 * folder).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { NO_BROWSER, baseUrl, browserAvailable, expect, test } from './fixtures.ts';

const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();

/** Resolves once React has hydrated the page. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** The focused element as "TAG#id text". */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return `${el.tagName}${el.id ? `#${el.id}` : ''} ${(el.textContent ?? '').trim()}`.trim();
  });
}

test.describe('keyboard and screen-reader journeys of discovery', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('Tab from the search box reaches "Visa alla … träffar", Enter opens the results and focus lands on their heading', async ({
    page,
  }) => {
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    // The first load leaves focus where the browser puts it.
    expect(await focused(page)).toBe('BODY');
    const box = page.getByRole('combobox', { name: 'Sök bland produkterna' });
    await box.focus();
    await page.keyboard.type('cykel');
    const all = page.getByRole('link', { name: /^Visa alla .* träffar$/ });
    await expect(all).toBeVisible();
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toMatch(/^A Visa alla .* träffar$/);
    expect(await all.isVisible()).toBe(true);
    await page.screenshot({ path: join(shots, 'ux-search-show-all-focused.png') });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/s\/cykel$/);
    await expect.poll(() => focused(page)).toBe('H1 Sökresultat för ”cykel”');
    // Tab onwards from the link closes the popup.
    expect(await all.isVisible()).toBe(false);
  });

  test('choosing a suggestion moves focus to the product page heading', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Sök bland produkterna' });
    await box.focus();
    await page.keyboard.type('hjälm');
    const products = page.getByRole('group', { name: 'Produkter' });
    await expect.poll(() => products.getByRole('option').count()).toBeGreaterThan(0);
    await page.keyboard.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    const name = (
      (await page.locator(`[id="${activeId}"] .search-suggestions__label`).textContent()) ?? ''
    ).trim();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/p\//);
    await expect.poll(() => focused(page)).toBe(`H1 ${name}`);
    await page.screenshot({ path: join(shots, 'ux-product-heading-focused.png') });
  });

  test('"Sortera": arrow keys move without a reload, Enter sorts, focus stays on the control; a filter keeps focus too', async ({
    page,
  }) => {
    await page.goto(`${baseUrl()}/c/cyklar`);
    await hydrated(page);
    const sort = page.getByRole('combobox', { name: 'Sortera' });
    const before = await sort.inputValue();
    await sort.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const chosen = await sort.inputValue();
    expect(chosen).not.toBe(before);
    // No navigation while moving through the options.
    await page.waitForTimeout(700);
    expect(page.url()).not.toMatch(/sort=/);
    expect(await focused(page)).toMatch(/^SELECT#list-sort/);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`sort=${chosen}`));
    await page.waitForLoadState('networkidle');
    expect(await focused(page)).toMatch(/^SELECT#list-sort/);
    expect(await sort.inputValue()).toBe(chosen);

    // A filter: the list's search params change, focus stays on the checkbox.
    const brand = page
      .locator('fieldset', { has: page.locator('legend', { hasText: /^Varumärke$/ }) })
      .locator('input[type="checkbox"]')
      .first();
    await brand.focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/brands=/);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe(
      'checkbox',
    );
  });

  test('the filters have one price control', async ({ page }) => {
    await page.goto(`${baseUrl()}/c/cyklar`);
    await hydrated(page);
    const legends = await page.locator('.filter-panel legend').allTextContents();
    expect(legends.filter((l) => /^Pris/.test(l.trim()))).toHaveLength(1);
  });

  test('"hjalm" finds what "hjälm" finds', async ({ page }) => {
    const names = async (term: string) => {
      await page.goto(`${baseUrl()}/s/${encodeURIComponent(term)}`);
      return page.locator('.product-card__name').allTextContents();
    };
    const accented = await names('hjälm');
    expect(accented.length).toBeGreaterThan(0);
    expect(await names('hjalm')).toEqual(accented);
  });
});
