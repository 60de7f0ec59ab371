/**
 * The shell around every page (issue 19; SPEC §1 service worker, §3 notification, §4 loading
 * indicator, online/offline, chunk-reload guard): `/sw.js` controls the page after a reload and
 * the manifest is served; with the network cut a personal page shows the Swedish offline page
 * and a visited page comes from the cache; a slowed navigation shows the 5 px loading bar only
 * after the delay; a failed route chunk reloads the page once, not again within 60 s; the
 * snackbar announces an add to cart top-right without taking focus and hides after 5 s.
 * The cross-tab `cart` and `auth` messages have their journeys in cart-panel.e2e.ts and
 * account.e2e.ts.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { NO_BROWSER, baseUrl, browserAvailable, expect, test } from './fixtures.ts';
import { addToCart, sizedProduct } from './shop.ts';

/** Where the offline page and the snackbar are photographed (to look at, not compared). */
const screenshots = join(tmpdir(), 'trampa-app-shell');

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

test.describe('app shell', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('serves /sw.js, which controls the page after a reload, and the web app manifest', async ({
    newPage,
  }) => {
    const page = await newPage({ serviceWorkers: 'allow' });
    const sw = await page.request.get(`${baseUrl()}/sw.js`);
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toMatch(/javascript/);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    const manifest = await page.request.get(`${baseUrl()}/manifest.webmanifest`);
    expect(manifest.headers()['content-type']).toMatch(/application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({
      start_url: '/',
      display: 'standalone',
      lang: 'sv',
      theme_color: '#510c76',
      icons: expect.arrayContaining([expect.objectContaining({ sizes: '512x512' })]),
    });
    const icon = await page.request.get(`${baseUrl()}/icons/icon-192.png`);
    expect(icon.headers()['content-type']).toBe('image/png');

    await page.goto(`${baseUrl()}/`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl()}/`);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(
      `${baseUrl()}/sw.js`,
    );
  });

  test('shows the offline page for a personal page and a cached page for a visited one when the network is cut', async ({
    newPage,
    allowConsoleError,
  }) => {
    const page = await newPage({ serviceWorkers: 'allow' });
    await page.goto(`${baseUrl()}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await hydrated(page);
    const homeHeading = await page.getByRole('heading', { level: 1 }).textContent();
    // The cart page: network-only in the worker, never stored.
    await page.goto(`${baseUrl()}/varukorg`);
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    const cached = await page.evaluate(async () => {
      const cache = await caches.open('trampa-pages');
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
    expect(cached).toContain('/');
    expect(cached).not.toContain('/varukorg');

    await page.context().setOffline(true);
    allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch|FetchEvent/);
    // The offline bar on the open page.
    await expect(page.getByRole('status').filter({ hasText: 'Du är offline' })).toHaveCount(1);
    await page.goto(`${baseUrl()}/varukorg`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Du är offline');
    expect(await page.locator('html').getAttribute('lang')).toBe('sv');
    mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: join(screenshots, 'offline-page.png') });
    // A visited page comes from the cache.
    await page.goto(`${baseUrl()}/`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(homeHeading);
    await page.context().setOffline(false);
  });

  test('serves a first visit the page copy with its own nonce, which hydrates; never the checkout', async ({
    newPage,
  }) => {
    // Issue 23 (PAGE_CACHE_SECONDS): fresh contexts have no cookie. Another journey may have
    // left a copy that is about to expire, so a few visits are allowed to find one.
    const nonces: string[] = [];
    let hit: Page | undefined;
    for (let visit = 0; visit < 3 && !hit; visit++) {
      const page = await newPage();
      const response = await page.goto(`${baseUrl()}/varumarken`);
      const csp = response!.headers()['content-security-policy'] ?? '';
      nonces.push(/'nonce-([^']+)'/.exec(csp)?.[1] ?? '');
      if (response!.headers()['x-page-cache'] === 'hit') hit = page;
    }
    expect(hit, 'a first visit served from the page copy').toBeDefined();
    expect(new Set(nonces).size).toBe(nonces.length);
    // The copy's inline scripts run under this response's nonce: the page hydrates, and the
    // console-error check of the fixture sees no refused script.
    await hydrated(hit!);
    const scriptNonces = await hit!.evaluate(() =>
      [...document.querySelectorAll('script[nonce]')].map(
        (script) => (script as HTMLScriptElement).nonce,
      ),
    );
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonces.at(-1)]));
    // A shopper who made a choice has a cookie (here the consent): pages are rendered for them.
    await hit!.getByRole('button', { name: 'Endast nödvändiga' }).click();
    await expect(hit!.getByRole('region', { name: 'Vi använder cookies' })).toBeHidden();
    await expect.poll(async () => (await hit!.context().cookies()).length).toBeGreaterThan(0);
    const again = await hit!.goto(`${baseUrl()}/varumarken`);
    expect(again!.headers()['x-page-cache']).toBeUndefined();
    // The checkout holds a fresh idempotency key per visit: never kept.
    for (let visit = 0; visit < 2; visit++) {
      const checkout = await fetch(`${baseUrl()}/kassan`);
      expect(checkout.headers.get('cache-control')).toBe('no-store');
      expect(checkout.headers.get('x-page-cache')).toBe('miss');
    }
  });

  test('shows the 5 px loading bar on a slow navigation only after the delay', async ({ page }) => {
    const product = await sizedProduct();
    await page.goto(`${baseUrl()}${product.url}`);
    await hydrated(page);
    // Every route data request waits 3 s.
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    const started = Date.now();
    await page.getByRole('navigation', { name: 'Du är här' }).getByRole('link').nth(1).click();
    await page.waitForTimeout(700);
    expect(await page.locator('.loading-bar').count(), 'no bar before the delay').toBe(0);
    await page.locator('.loading-bar').waitFor({ state: 'attached', timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1200);
    const box = await page.locator('.loading-bar').boundingBox();
    expect(box?.height).toBe(5);
    expect(box?.y).toBe(0);
    expect(await page.locator('.loading-bar').getAttribute('aria-hidden')).toBe('true');
    // The navigation ends: the bar fills and goes.
    await page.waitForURL((url) => url.pathname !== product.url);
    await expect(page.locator('.loading-bar')).toHaveCount(0);
  });

  test('reloads once on a failed route chunk, not again within 60 s', async ({
    page,
    allowConsoleError,
  }) => {
    const product = await sizedProduct();
    await page.goto(`${baseUrl()}${product.url}`);
    await hydrated(page);
    allowConsoleError(/route module|dynamically imported module|ERR_FAILED/);
    // While `failing`, the next script the page has not loaded yet fails (the route module of
    // the navigation's target): a missing chunk.
    const loaded = async () =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      );
    let modules = await loaded();
    let failing = false;
    let aborted = 0;
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      if (!failing || modules.includes(new URL(route.request().url()).pathname)) {
        return route.continue();
      }
      failing = false;
      aborted += 1;
      return route.abort('failed');
    });
    const breadcrumb = page.getByRole('navigation', { name: 'Du är här' }).getByRole('link').nth(1);

    // First failure: a full reload of the page.
    await page.evaluate(() => ((window as { marker?: number }).marker = 1));
    failing = true;
    const reloaded = page.waitForEvent('load');
    await breadcrumb.click();
    await reloaded;
    expect(aborted).toBe(1);
    expect(await page.evaluate(() => (window as { marker?: number }).marker ?? null)).toBe(null);
    expect(
      await page.evaluate(() => Number(sessionStorage.getItem('ralph-chunk-reload'))),
    ).toBeGreaterThan(0);
    await hydrated(page);

    // Second failure within 60 s: no reload, an error in the snackbar instead.
    modules = await loaded();
    await page.evaluate(() => ((window as { marker?: number }).marker = 2));
    failing = true;
    aborted = 0;
    await breadcrumb.click();
    await expect.poll(() => aborted).toBe(1);
    await expect(
      page.getByRole('status').filter({ hasText: 'Sidan kunde inte laddas' }),
    ).toHaveCount(1);
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as { marker?: number }).marker ?? null)).toBe(2);
  });

  test('announces an add to cart in the top-right snackbar, beside the cart panel, without taking focus, for 5 s', async ({
    page,
  }) => {
    const product = await sizedProduct();
    await addToCart(page, product);
    const snackbar = page.locator('.snackbar--top-right');
    expect(await snackbar.getAttribute('role')).toBe('status');
    expect(await snackbar.textContent()).toContain(product.name);
    // Top right beside the cart panel that opened, not over the line it announces (issue 40
    // §6), inside the panel's modal dialog (not inert). Polled: it slides in.
    await expect
      .poll(async () => {
        // Both slide in: measured together until they have settled.
        const panel = (await page.locator('.cart-panel__box').boundingBox())!;
        const box = (await snackbar.boundingBox())!;
        return Math.round(panel.x - (box.x + box.width));
      })
      .toBe(16);
    expect((await snackbar.boundingBox())!.y).toBeLessThan(100);
    expect(await page.evaluate(() => !!document.querySelector('dialog[open] > .snackbar'))).toBe(
      true,
    );
    // Polled: the snackbar slides in, so where its centre lies settles after a moment.
    await expect
      .poll(
        () =>
          snackbar.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return !!hit?.closest('.snackbar');
          }),
        { message: 'the snackbar is not covered' },
      )
      .toBe(true);
    expect(
      await page.evaluate(() => !!document.activeElement?.closest('.snackbar')),
      'focus stays out of the snackbar',
    ).toBe(false);
    mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: join(screenshots, 'snackbar.png') });
    await expect(snackbar.getByText('Tillagd i varukorgen')).toHaveCount(0, { timeout: 8000 });
  });

  test('announces a saved favourite in the snackbar, and not its removal', async ({ page }) => {
    const product = await sizedProduct();
    await page.goto(`${baseUrl()}${product.url}`);
    await hydrated(page);
    const heart = page.getByRole('button', { name: `Spara ${product.name} som favorit` }).first();
    await heart.click();
    const saved = page.getByRole('status').filter({ hasText: 'Sparad i dina favoriter' });
    await expect(saved).toHaveCount(1);
    expect(await saved.textContent()).toContain(product.name);
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    // Still the one notification of the add (no second one for the removal).
    expect(await page.locator('.snackbar__item').count()).toBe(1);
  });
});
