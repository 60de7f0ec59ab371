/**
 * Content journey (issue 16): the start page is built from the "Frontpage" widget area, and a
 * widget changed in the database (as an editor would, while the shop is down: there is no back
 * office yet) changes the start page; `/kopvillkor` and `/content/om-oss` show the seeded pages,
 * an unknown alias answers the shop's 404 page; `/preview-widgets` shows a draft only with a
 * preview token. Screenshots of the start page and a content page at 390 and 1360 px.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { createDb } from '@trampa/api/db';
import { issuePreviewToken } from '@trampa/api/content-preview';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, useBrowser } from './browser.ts';
import { ownShop } from './own-shop.ts';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();

describe.skipIf(!browserAvailable)('content pages and the start page from widgets', () => {
  const browser = useBrowser();
  const shop = ownShop('content');

  beforeAll(async () => {
    if (browserAvailable) await shop.start();
  }, 300_000);

  afterAll(async () => {
    await shop.dispose();
  });

  it('shows the seeded content pages, and the 404 page for an unknown alias', async () => {
    const page = await browser.newPage();
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

  it('previews a draft only with a preview token', async () => {
    const page = await browser.newPage();
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

  it('builds the start page from widgets: a changed widget changes the page', async () => {
    const page = await browser.newPage();
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

    const again = await browser.newPage();
    await again.goto(`${shop.url}/`);
    expect(await again.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Vinterdäck till halva priset',
    );
    await again.close();
  });
});
