/**
 * Journeys of issue 16's menus: the header's main menu, the top bar and the footer's columns are
 * the API's menus (`main-desktop`, `top-bar`, `footer-first`, `footer-second`), with the seeded
 * links; screenshots of the header and footer at 1360 and 390 px.
 */
import type { Page } from '@playwright/test';
import { NO_BROWSER, baseUrl, browserAvailable, expect, test } from './fixtures.ts';
import { apiQuery } from './shop.ts';

/** Directory for the screenshots the issue asks for. */
const SHOTS = process.env.E2E_SHOTS ?? '/work/shots';

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** The hrefs of a footer column's links. */
async function hrefs(page: Page, name: string): Promise<string[]> {
  const links = page.getByRole('contentinfo').getByRole('navigation', { name }).getByRole('link');
  return links.evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
}

test.describe('menus on a desktop (1360 px)', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('header, top bar and footer show the seeded menus', async ({ page }) => {
    await page.goto(baseUrl());
    await hydrated(page);
    const api = await apiQuery<{ getMenuAtLocation: { menuItems: Array<{ label: string }> } }>(
      '{ getMenuAtLocation(menuLocationId: "main-desktop") { menuItems { label } } }',
    );
    const menu = page.getByRole('banner').getByRole('navigation', { name: 'Meny' });
    for (const { label } of api.getMenuAtLocation.menuItems) {
      expect(await menu.getByRole('link', { name: label, exact: true }).count()).toBe(1);
    }
    const topBar = page.getByRole('complementary', { name: 'Därför handlar du hos oss' });
    expect(await topBar.locator('li').allTextContents()).toEqual([
      'Fri frakt till ombud över 499\u00a0kr',
      'Leverans 1-3 dagar',
      'Fri retur i 30 dagar',
    ]);
    expect(await hrefs(page, 'Kundtjänst')).toEqual([
      '/kundtjanst',
      '/leverans-och-retur',
      '/kopvillkor',
      '/integritetspolicy',
      '/cookies',
    ]);
    expect(await hrefs(page, 'Om Trampa')).toEqual([
      '/om-oss',
      '/butiker',
      '/formanscykel',
      '/storleksguide',
    ]);
    expect(await hrefs(page, 'Handla')).toContain('/c/cyklar');
    await page.getByRole('banner').screenshot({ path: `${SHOTS}/menus-header-1360.png` });
    await page.getByRole('contentinfo').screenshot({ path: `${SHOTS}/menus-footer-1360.png` });
  });
});

test.describe('menus on a phone (390 px)', () => {
  test.skip(!browserAvailable, NO_BROWSER);
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu panel lists the main menu and the footer its columns', async ({ page }) => {
    await page.goto(baseUrl());
    await hydrated(page);
    await page.screenshot({ path: `${SHOTS}/menus-header-390.png` });
    expect(await hrefs(page, 'Kundtjänst')).toContain('/kopvillkor');
    // Scrolled down the header hides, so the footer is seen whole.
    await page.mouse.move(200, 600);
    await page.mouse.wheel(0, 600);
    await expect(page.locator('.site-header[data-hidden]')).toHaveCount(1, { timeout: 10_000 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.screenshot({ path: `${SHOTS}/menus-footer-390.png` });

    await page.goto(baseUrl());
    await hydrated(page);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Meny' }).click();
    const rea = header
      .getByRole('navigation', { name: 'Meny' })
      .getByRole('link', { name: 'Rea', exact: true });
    await expect(rea).toBeVisible({ timeout: 10_000 });
    await page.screenshot({ path: `${SHOTS}/menus-header-390-open.png` });
  });
});
