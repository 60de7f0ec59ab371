/**
 * Content journey (issue 16): the start page is built from the "Frontpage" widget area, and a
 * widget changed in the database (as an editor would, while the shop is down: there is no back
 * office yet) changes the start page; `/kopvillkor` and `/content/om-oss` show the seeded pages,
 * an unknown alias answers the shop's 404 page; `/preview-widgets` shows a draft only with a
 * preview token. List and product pages show their widget areas (the e-bike category's banner
 * on desktop and its short text on a phone, the Trek page's text, the product page's service
 * information, and purchase terms for organisations only after the switch to "Företag"); the start
 * page's brand strip links to the brand pages. Screenshots of the start page, a content page, the
 * e-bike category and a product page at 390 and 1360/1280 px.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { createDb } from '@trampa/api/db';
import { issuePreviewToken } from '@trampa/api/content-preview';
import { NO_BROWSER, browserAvailable, expect, test } from './fixtures.ts';
import { ownShop } from './own-shop.ts';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();

test.describe('content pages and the start page from widgets', () => {
  test.skip(!browserAvailable, NO_BROWSER);
  const shop = ownShop('content');

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    if (browserAvailable) await shop.start();
  });

  test.afterAll(async () => {
    await shop.dispose();
  });

  test('shows the seeded content pages, and the 404 page for an unknown alias', async ({
    page,
  }) => {
    const terms = await page.goto(`${shop.url}/kopvillkor`);
    expect(terms?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Köpvillkor');
    expect(await page.getByText(/14 dagars ångerrätt/).count()).toBeGreaterThan(0);
    // The info pages' side menu, the current page marked.
    const side = page.locator('nav.info-menu');
    expect(await side.getByRole('link').count()).toBeGreaterThan(5);
    expect(await side.locator('[aria-current="page"]').textContent()).toBe('Köpvillkor');
    const axe = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    for (const width of [390, 1360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: join(shots, `content-${width}-kopvillkor.png`),
        fullPage: true,
      });
    }

    const about = await page.goto(`${shop.url}/content/om-oss`);
    expect(about?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Om oss');

    // Failed responses are fetched without the browser (it reports them as console errors).
    const missing = await fetch(`${shop.url}/finns-inte-har`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/<footer/);
    await page.close();
  });

  test('previews a draft only with a preview token', async ({ page }) => {
    expect((await fetch(`${shop.url}/vinterservice`)).status).toBe(404);
    const refused = await fetch(`${shop.url}/preview-widgets?alias=vinterservice&loginToken=x`);
    expect(refused.status).toBe(403);
    const token = await issuePreviewToken(
      'e2e',
      { jwtSecret: shop.env.AUTH_JWT_SECRET! },
      new Date(),
    );
    const shown = await page.goto(
      `${shop.url}/preview-widgets?alias=vinterservice&loginToken=${encodeURIComponent(token)}`,
    );
    expect(shown?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Vinterservice');
    expect(await page.locator('.preview-notice').textContent()).toContain('Förhandsgranskning');
    await page.close();
  });

  test('builds the start page from widgets: a changed widget changes the page', async ({
    page,
    newPage,
  }) => {
    await page.goto(`${shop.url}/`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Redo att trampa iväg',
    );
    expect(await page.getByRole('region', { name: 'Kampanjer' }).count()).toBe(1);
    const banner = page.getByRole('img', { name: /En elcykel parkerad/ });
    expect(await banner.getAttribute('loading')).toBe('lazy');
    expect(await banner.getAttribute('width')).toBe('1200');
    for (const width of [390, 1360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(shots, `content-${width}-start.png`), fullPage: true });
    }
    await page.close();

    // An editor changes the hero's title while the shop is down.
    await shop.stop();
    const handle = await createDb({ pgliteDataDir: shop.env.PGLITE_DATA_DIR });
    await handle.db.execute(
      `update content_widgets set configuration = replace(configuration,
        'Redo att trampa iväg', 'Vinterdäck till halva priset')
       where configuration like '%"variant":"hero"%'`,
    );
    await handle.close();
    await shop.start();

    const again = await newPage();
    await again.goto(`${shop.url}/`);
    expect(await again.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Vinterdäck till halva priset',
    );
    await again.close();
  });

  test('shows list page areas by category and brand, one-device widgets on their device only', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const response = await page.goto(`${shop.url}/c/cyklar/elcyklar`);
    expect(response?.status()).toBe(200);
    const desktopBanner = page.getByRole('heading', { name: 'Provcykla en elcykel i butik' });
    const mobileText = page.getByRole('heading', { name: 'Provcykla en elcykel', exact: true });
    const guide = page.getByRole('heading', { name: 'Så väljer du elcykel' });
    expect(await desktopBanner.isVisible()).toBe(true);
    expect(await mobileText.isVisible()).toBe(false);
    expect(await guide.isVisible()).toBe(true);
    // Above the grid and below it.
    const top = await desktopBanner.boundingBox();
    const grid = await page.locator('.list-products').boundingBox();
    const bottom = await guide.boundingBox();
    expect(top!.y).toBeLessThan(grid!.y);
    expect(bottom!.y).toBeGreaterThan(grid!.y + grid!.height - 1);
    // No layout shift from the widgets (the banner image has its size before it loads).
    expect(
      await page.getByRole('img', { name: /En elcykel parkerad/ }).getAttribute('height'),
    ).toBe('600');
    await page.screenshot({ path: join(shots, 'content-1280-elcyklar.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await desktopBanner.isVisible()).toBe(false);
    expect(await mobileText.isVisible()).toBe(true);
    await page.screenshot({ path: join(shots, 'content-390-elcyklar.png'), fullPage: true });

    // Another category has none of them; the Trek brand page has its own.
    await page.goto(`${shop.url}/c/cyklar`);
    expect(await page.getByRole('heading', { name: /Provcykla en elcykel/ }).count()).toBe(0);
    await page.goto(`${shop.url}/b/trek`);
    expect(await page.getByRole('heading', { name: 'Om Trek' }).isVisible()).toBe(true);
    await page.close();
  });

  test("shows the product page's area, the organisations' widget only after switching to Företag", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${shop.url}/c/cyklar/elcyklar`);
    await page.locator('.list-products').getByRole('link').first().click();
    await page.waitForURL(/\/p\//);
    const service = page.getByRole('heading', { name: 'Service och trygghet' });
    const business = page.getByRole('heading', { name: 'Köp till företaget' });
    await expect(service).toBeVisible();
    expect(await business.count()).toBe(0);
    await page.screenshot({ path: join(shots, 'content-1280-product.png'), fullPage: true });

    const button = page.getByRole('button', { name: 'Företag', exact: true });
    await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    await expect(business).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shots, 'content-390-product.png'), fullPage: true });
    const axe = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.close();
  });

  test("links the start page's brand strip to the brand pages", async ({ page }) => {
    await page.goto(`${shop.url}/`);
    const strip = page.getByRole('region', { name: 'Populära varumärken' });
    const links = strip.getByRole('link');
    expect(await links.allTextContents()).toEqual([
      'Trek',
      'Specialized',
      'Crescent',
      'Monark',
      'Cube',
      'Cannondale',
    ]);
    await strip.getByRole('link', { name: 'Specialized' }).click();
    await page.waitForURL(/\/b\/specialized$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Specialized');
    await page.close();
  });
});
