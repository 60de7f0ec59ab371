/**
 * Journeys of the walking skeleton: a shopper goes from the start page to a category to a
 * product, in Swedish, with prices, sizes and stock; unknown pages answer 404.
 */
import { NO_BROWSER, baseUrl, browserAvailable, expect, test } from './fixtures.ts';

test.describe('shopping journey', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('goes from the start page to a category to a product with prices, sizes and stock', async ({
    page,
  }) => {
    const response = await page.goto(baseUrl());
    expect(response?.status()).toBe(200);

    // Head: Swedish, trade name in the title, theme colour, canonical link.
    expect(await page.getAttribute('html', 'lang')).toBe('sv');
    expect(await page.title()).toContain('Trampa');
    expect(await page.getAttribute('meta[name="theme-color"]', 'content')).toBe('#510c76');
    expect(await page.getAttribute('link[rel="canonical"]', 'href')).toMatch(/^https?:\/\/.+\/$/);
    await expect(page.getByText('Fri frakt till ombud över 499 kr').first()).toBeVisible();

    // Campaign products show the regular price struck through and the discount.
    const campaign = page.getByRole('region', { name: 'Kampanjer' });
    expect(await campaign.locator('del, s').count()).toBeGreaterThan(0);
    expect(await campaign.getByText(/^-\d+ %$/).count()).toBeGreaterThan(0);

    // Into a category.
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Elcyklar/ })
      .first()
      .click();
    await page.waitForURL(/\/c\/cyklar\/elcyklar$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Elcyklar');
    await expect.poll(() => page.title()).toBe('Elcyklar | Trampa');
    const cards = page.getByRole('main').locator('.product-grid > li').filter({ hasText: 'kr' });
    expect(await cards.count()).toBeGreaterThanOrEqual(10);
    expect(await page.getByText('inkl. moms').first().isVisible()).toBe(true);
    const breadcrumbs = page.getByRole('navigation', { name: 'Du är här' });
    expect(await breadcrumbs.getByRole('link', { name: 'Cyklar' }).count()).toBe(1);

    // Into a product.
    const firstCard = cards.first();
    const productName = (await firstCard.getByRole('heading').textContent())?.trim() ?? '';
    expect(productName.length).toBeGreaterThan(3);
    await firstCard.getByRole('link').first().click();
    await page.waitForURL(/\/p\/cyklar\/elcyklar\/[a-z0-9-]+$/);
    await expect
      .poll(async () => (await page.getByRole('heading', { level: 1 }).textContent())?.trim())
      .toBe(productName);
    await expect.poll(() => page.title()).toBe(`${productName} | Trampa`);
    expect(await page.getByText('Art.nr').first().isVisible()).toBe(true);
    expect(
      await page
        .getByRole('main')
        .getByText(/\d\skr$/)
        .first()
        .isVisible(),
    ).toBe(true);

    // Sizes with stock and delivery per size, chosen by keyboard.
    const sizes = page.getByRole('radiogroup', { name: /Storlek/ });
    const options = sizes.getByRole('radio');
    expect(await options.count()).toBeGreaterThanOrEqual(2);
    await options.first().focus();
    await page.keyboard.press('ArrowDown');
    expect(await options.nth(1).isChecked()).toBe(true);
    const stockTexts = /I lager|Få kvar|Slut i lager|Beställningsvara|Åter i lager/;
    expect(await page.getByText(stockTexts).first().isVisible()).toBe(true);
    expect(
      await page
        .getByText(/Leveranstid 1-3 dagar|Leveranstid 3-10 dagar|Längre leveranstid/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('heading', { name: 'Beskrivning' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Specifikation' }).isVisible()).toBe(true);
    expect(await page.getByRole('table').getByText('Färg').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Passande tillbehör' }).isVisible()).toBe(true);
  });

  test('answers an unknown page and an unknown product with the 404 page and status 404', async ({
    page,
    allowConsoleError,
  }) => {
    for (const path of [
      '/finns-inte-alls',
      '/p/cyklar/elcyklar/finns-inte',
      '/c/finns-inte',
      '/404',
    ]) {
      const response = await page.goto(baseUrl() + path);
      expect(response?.status(), path).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Sidan kunde inte hittas',
      );
      expect(await page.getByRole('link', { name: 'Till startsidan' }).count()).toBeGreaterThan(0);
    }
    allowConsoleError(/status of 404/);
  });

  test('pages a category with "Visa fler" without JavaScript', async ({ newPage }) => {
    const noJs = await newPage({ javaScriptEnabled: false });
    await noJs.goto(`${baseUrl()}/c/tillbehor`);
    const before = await noJs
      .getByRole('main')
      .locator('.product-grid > li')
      .filter({ hasText: 'kr' })
      .count();
    await noJs.getByRole('link', { name: 'Visa fler' }).click();
    await noJs.waitForURL(/\?page=2$/);
    const after = await noJs
      .getByRole('main')
      .locator('.product-grid > li')
      .filter({ hasText: 'kr' })
      .count();
    expect(before).toBe(24);
    expect(after).toBeGreaterThan(0);
    expect(await noJs.locator('link[rel="prev"]').count()).toBe(1);
  });
});

test.describe('HTTP behaviour', () => {
  test('redirects a product path that differs from the canonical URL with 301', async () => {
    const home = await fetch(`${baseUrl()}/c/cyklar/elcyklar`);
    const html = await home.text();
    const productPath = html.match(/href="(\/p\/cyklar\/elcyklar\/[a-z0-9-]+)"/)?.[1];
    expect(productPath).toBeTruthy();
    const alias = productPath!.split('/').pop();
    const response = await fetch(`${baseUrl()}/product/${alias}`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get('location')!, baseUrl()).pathname).toBe(productPath);
  });

  test('serves hashed assets with an immutable cache header and compresses HTML', async () => {
    const response = await fetch(`${baseUrl()}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const html = await response.text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await fetch(baseUrl() + asset);
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get('cache-control')).toContain('immutable');
  });
});
