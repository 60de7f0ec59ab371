/**
 * Journeys of product discovery (issue 5): filtering a category with the URL as the state,
 * search with Swedish stemming and typos, keyboard-only suggestions, favourites that survive a
 * reload, and hostile URLs that still give a sensible page.
 */
import type { Page } from '@playwright/test';
import { NO_BROWSER, baseUrl, browserAvailable, expect, test } from './fixtures.ts';

/** The number in the list's "N produkter" heading. */
async function listCount(page: Page): Promise<number> {
  const text = (await page.locator('#list-products-title').textContent()) ?? '';
  const digits = text.replace(/\D/g, '');
  return digits === '' ? 0 : Number(digits);
}

/** The count a fresh server render of `url` shows (what the page must settle on). */
async function serverCount(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const text = html.match(/id="list-products-title"[^>]*>([^<]*)</)?.[1] ?? '';
  const digits = text.replace(/\D/g, '');
  return digits === '' ? 0 : Number(digits);
}

/**
 * Waits until the page shows what the server renders for its current URL, so that no
 * enhanced submit is still in flight; returns that count.
 */
async function settled(page: Page): Promise<number> {
  const expected = await serverCount(page.url());
  await poll(() => listCount(page)).toBe(expected);
  return expected;
}

/** Ticks the unticked option with the most hits in a facet group, returns its label. */
async function tickFirst(page: Page, legend: string): Promise<string> {
  const group = page.locator('fieldset', {
    has: page.locator('legend', { hasText: new RegExp(`^${legend}$`) }),
  });
  const options = group.locator('label.facet__option', {
    has: page.locator('input:not(:checked)'),
  });
  const counts = await options.locator('.facet__count').allTextContents();
  const numbers = counts.map((c) => Number(c.replace(/\D/g, '')));
  const best = numbers.indexOf(Math.max(...numbers));
  const option = options.nth(best);
  const label = ((await option.locator('.facet__label').textContent()) ?? '').trim();
  await option.locator('input').check();
  return label;
}

/** expect.poll with room for a busy machine (PGlite, two shared cores). */
function poll<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 10_000 });
}

/** Resolves once React has hydrated the page (the favourite forms get their `js` field). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('form[action="/favoriter"] input[name="js"]', { state: 'attached' });
}

test.describe('product discovery', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('filters a category by brand, size and price; the URL keeps the state through reload and back', async ({
    page,
  }) => {
    await page.goto(`${baseUrl()}/c/cyklar`);
    await hydrated(page);
    const total = await listCount(page);
    expect(total).toBeGreaterThan(20);

    const brand = await tickFirst(page, 'Varumärke');
    await page.waitForURL(/brands=/);
    await page.waitForLoadState('networkidle');
    await poll(() => listCount(page)).toBeLessThan(total);
    const afterBrand = await settled(page);
    expect(await page.getByRole('link', { name: new RegExp(`^${brand}`) }).count()).toBeGreaterThan(
      0,
    );

    await tickFirst(page, 'Storlek');
    await page.waitForURL(/skus=/);
    await page.waitForLoadState('networkidle');
    await poll(() => listCount(page)).toBeLessThanOrEqual(afterBrand);
    const afterSize = await settled(page);

    await tickFirst(page, 'Pris');
    await page.waitForURL(/price=/);
    await page.waitForLoadState('networkidle');
    await poll(() => listCount(page)).toBeLessThanOrEqual(afterSize);
    const filtered = await settled(page);
    const url = page.url();
    expect(url).toMatch(/brands=.+(~|%7E)b_/);

    // Focus stays in the panel after the automatic submit.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');

    await page.reload();
    await poll(() => listCount(page)).toBe(filtered);
    expect(await page.locator('.facet input:checked').count()).toBe(3);

    await page.goBack();
    await page.waitForURL((u) => !u.toString().includes('price='));
    await poll(() => listCount(page)).toBe(afterSize);
    expect(await page.locator('.facet input:checked').count()).toBe(2);

    // "Rensa alla" goes back to the whole category.
    await page.getByRole('link', { name: 'Rensa alla' }).first().click();
    await page.waitForURL(/\/c\/cyklar$/);
    await poll(() => listCount(page)).toBe(total);
  });

  test('filters and sorts without JavaScript through the GET form', async ({ newPage }) => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(`${baseUrl()}/c/cyklar/elcyklar`);
    const total = await listCount(page);
    const group = page.locator('fieldset', {
      has: page.locator('legend', { hasText: 'Varumärke' }),
    });
    await group.locator('input').first().check();
    await page.getByRole('button', { name: 'Visa produkter' }).click();
    await page.waitForURL(/brands=/);
    expect(await listCount(page)).toBeLessThan(total);
    await page.selectOption('#list-sort', 'PRICE');
    await page.getByRole('button', { name: 'Visa produkter' }).click();
    await page.waitForURL(/sort=PRICE/);
    expect(page.url()).toMatch(/brands=/);
  });

  test('search "hjälmar" lists helmets and a typo finds the brand', async ({ page }) => {
    await page.goto(`${baseUrl()}/s/${encodeURIComponent('hjälmar')}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('hjälmar');
    const links = page.locator('.product-card__link');
    expect(await links.count()).toBeGreaterThan(3);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.filter((h) => h?.includes('/hjalmar/')).length).toBeGreaterThan(hrefs.length / 2);

    await page.goto(`${baseUrl()}/s/specialised`);
    const brands = await page.locator('.product-card__brand').allTextContents();
    expect(brands.length).toBeGreaterThan(0);
    expect(brands.every((b) => b === 'Specialized')).toBe(true);
  });

  test('a search without hits suggests popular searches and categories', async ({ page }) => {
    await page.goto(`${baseUrl()}/s/${encodeURIComponent('qqqzzzxx')}`);
    expect(await page.getByRole('heading', { name: /Inga träffar/ }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Cyklar' }).count()).toBeGreaterThan(0);
  });

  test('suggests products, categories and brands with the keyboard alone', async ({ page }) => {
    await page.goto(baseUrl());
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Sök bland produkterna' });
    await box.focus();
    await page.keyboard.type('hjälm');
    const listbox = page.getByRole('listbox', { name: 'Sökförslag' });
    await poll(() => listbox.isVisible()).toBe(true);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('group', { name: 'Kategorier' }).getByRole('option').count()).toBe(
      1,
    );
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'förslag' }).count())
      .toBeGreaterThan(0);

    await page.keyboard.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    expect(await page.locator(`[id="${activeId}"]`).getAttribute('aria-selected')).toBe('true');
    const name = (
      (await page.locator(`[id="${activeId}"] .search-suggestions__label`).textContent()) ?? ''
    ).trim();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/p\//);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);

    // Escape closes the popup; Enter without a chosen option searches.
    await box.focus();
    await box.fill('');
    await page.keyboard.type('monrk');
    await poll(() => listbox.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/s\/monrk$/);
    expect(await page.locator('.product-card__brand').first().textContent()).toBe('Monark');

    // The empty box offers the recent search.
    await box.fill('');
    await box.blur();
    await box.focus();
    await expect(page.getByRole('group', { name: 'Senaste sökningar' })).toBeVisible();
  });

  test('favourites survive a reload and show on /favoriter, with tracking events', async ({
    page,
  }) => {
    await page.goto(`${baseUrl()}/c/tillbehor`);
    await hydrated(page);
    const card = page.locator('.product-card').first();
    const name = ((await card.locator('.product-card__name').textContent()) ?? '').trim();
    const heart = card.getByRole('button', { name: `Spara ${name} som favorit` });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    // The heart turns at once (optimistic); the cookie is set when the action answers, so a
    // reload before that would lose the favourite on a loaded machine: wait for the answer.
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().includes('/favoriter'),
    );
    await heart.click();
    await saved;
    await poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await expect(page.getByRole('link', { name: 'Favoriter, 1 sparade' })).toHaveCount(1);
    const events = await page.evaluate(
      () => (window as unknown as { dataLayer: unknown[] }).dataLayer,
    );
    expect(events).toContainEqual(expect.objectContaining({ event: 'favorite:add' }));

    await page.reload();
    await expect
      .poll(() =>
        page
          .locator('.product-card')
          .first()
          .getByRole('button', { name: `Spara ${name} som favorit` })
          .getAttribute('aria-pressed'),
      )
      .toBe('true');

    await page.goto(`${baseUrl()}/favoriter`);
    await hydrated(page);
    expect(await page.locator('.product-card__name').allTextContents()).toEqual([name]);
    await page.getByRole('button', { name: `Spara ${name} som favorit` }).click();
    await expect(page.getByRole('link', { name: 'Favoriter, 1 sparade' })).toHaveCount(0);
  });

  test('on a phone the filter panel is closed from the first paint: the products do not jump', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl()}/c/cyklar`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            resolve(
              list
                .getEntries()
                .reduce((sum, e) => sum + (e as unknown as { value: number }).value, 0),
            );
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(0), 500);
        }),
    );
    expect(shift).toBeLessThan(0.01);
    expect(await page.locator('details.filter-panel').getAttribute('open')).toBeNull();
  });

  test('answers hostile list URLs with a sensible page, never injected markup', async ({
    page,
  }) => {
    const hostile =
      '/c/cyklar?page=-7&brands=%3Cscript%3Ewindow.hacked%3D1%3C%2Fscript%3E~b_1&price=x~pr_9_1&lowest=9000&highest=10&sort=%27%3BDROP';
    const response = await page.goto(`${baseUrl()}${hostile}`);
    expect(response?.status()).toBe(200);
    expect(await page.evaluate(() => 'hacked' in window)).toBe(false);
    // The only script in the page body is the filter panel's own (no <script> from the URL),
    // besides the structured data (JSON-LD, issue 20), which must parse and carry none of it.
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll('main script:not([type="application/ld+json"])')].map(
        (s) => s.textContent ?? '',
      ),
    );
    expect(scripts.filter((text) => text.includes('hacked'))).toEqual([]);
    expect(scripts.every((text) => text.includes('previousElementSibling'))).toBe(true);
    const jsonLd = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) => s.textContent ?? '',
      ),
    );
    for (const text of jsonLd) {
      expect(() => JSON.parse(text) as unknown).not.toThrow();
      expect(text).not.toMatch(/<script|hacked/i);
    }
    const huge = await page.goto(`${baseUrl()}/c/cyklar?page=99999`);
    expect(huge?.status()).toBe(200);
    const search = await page.goto(
      `${baseUrl()}/s/${encodeURIComponent(`<img src=x onerror=alert(1)>${'a'.repeat(3000)}`)}`,
    );
    expect(search?.status()).toBe(200);
    expect(await page.locator('main img[src="x"]').count()).toBe(0);
  });
});
