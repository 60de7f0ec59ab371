/**
 * Journeys of cookie consent and tracking (issue 19; GDPR, LEK 9:28; SPEC §1, §4, §5, §9).
 *
 * Consent, on a shop of its own with GTM_ID and TRUST_SEAL_SRC set: the tag manager's and the
 * seal's scripts are answered by fakes here (Playwright routes: nothing goes to the internet).
 * Before a choice no tag script is requested and the dataLayer holds the Consent Mode v2
 * defaults; "Endast nödvändiga" loads neither; "Godkänn alla" loads both with the CSP nonce;
 * "Inställningar" opens the categories in place; the footer's "Cookieinställningar" page changes
 * the choice; without JavaScript the banner's form stores the choice and redirects back.
 *
 * Tracking, on the shared shop: every dataLayer event of SPEC §4 once, with the right items and
 * values (GA4 ecommerce payloads beside the SPEC event names). Screenshots of the banner at
 * 1280 and 390 px go to $E2E_SCREENSHOTS (default the temp folder).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_BROWSER, baseUrl, browserAvailable, expect, test, type Page } from './fixtures.ts';
import { ownShop } from './own-shop.ts';
import { openProduct, placeInvoiceOrder, sizedProduct } from './shop.ts';
import { amount, axeViolations, dataLayer, events, hydrated } from './tracking-helpers.ts';

const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();
const GTM_ID = 'GTM-TEST19';
const SEAL_SRC = 'https://seal.trampa.test/seal.js';
test.describe('cookie consent journeys', () => {
  test.skip(!browserAvailable, NO_BROWSER);
  test.use({ viewport: { width: 1280, height: 900 } });
  const shop = ownShop('consent');

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    shop.env.GTM_ID = GTM_ID;
    shop.env.TRUST_SEAL_SRC = SEAL_SRC;
    await shop.start();
  });
  test.afterAll(() => shop.dispose());

  /** A fresh page whose tag requests are answered by fakes and recorded. */
  async function tagPage(
    newPage: (options?: { javaScriptEnabled?: boolean }) => Promise<Page>,
    options: { javaScriptEnabled?: boolean } = {},
  ) {
    const page = await newPage(options);
    const requested: string[] = [];
    await page.route('https://www.googletagmanager.com/**', (route) => {
      requested.push(route.request().url());
      return route.fulfill({
        contentType: 'text/javascript',
        body: 'window.fakeGtm = (window.fakeGtm || 0) + 1;',
      });
    });
    await page.route('https://seal.trampa.test/**', (route) => {
      requested.push(route.request().url());
      return route.fulfill({
        contentType: 'text/javascript',
        body: 'window.fakeSeal = (window.fakeSeal || 0) + 1;',
      });
    });
    return { page, requested };
  }

  const banner = (page: Page) => page.getByRole('region', { name: 'Vi använder cookies' });
  const consentCookie = async (page: Page) =>
    (await page.context().cookies()).find((cookie) => cookie.name === 'ralph-consent');
  const tagScripts = (page: Page) =>
    page.locator('script[src*="googletagmanager.com"], script[src*="seal.trampa.test"]').count();
  const consentCalls = async (page: Page) =>
    (await dataLayer(page)).filter((entry) => entry.gtag?.[0] === 'consent');

  test('no tag before a choice; "Endast nödvändiga" loads no statistics or marketing tag', async ({
    newPage,
  }) => {
    const { page, requested } = await tagPage(newPage);
    const response = await page.goto(`${shop.url}/`);
    // The CSP opens the configured tag origins (and only those).
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(
      /script-src 'self' 'nonce-[^']+' https:\/\/\*\.googletagmanager\.com https:\/\/seal\.trampa\.test/,
    );
    await hydrated(page);
    await expect(banner(page)).toBeVisible();
    // Equal buttons, a heading, nothing loaded, Consent Mode defaults first.
    const buttons = banner(page).getByRole('button');
    expect(await buttons.allTextContents()).toEqual([
      'Godkänn alla',
      'Endast nödvändiga',
      'Inställningar',
    ]);
    const sizes = await buttons.evaluateAll((all) =>
      all.map((b) => {
        const style = getComputedStyle(b);
        return `${style.backgroundColor} ${style.color} ${style.fontWeight} ${b.getBoundingClientRect().height}`;
      }),
    );
    expect(new Set(sizes).size).toBe(1);
    expect(await banner(page).getByRole('heading', { level: 2 }).count()).toBe(1);
    expect(requested).toEqual([]);
    expect(await tagScripts(page)).toBe(0);
    const calls = await consentCalls(page);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.gtag).toEqual([
      'consent',
      'default',
      expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' }),
    ]);
    expect((await dataLayer(page))[0]).toEqual(calls[0]);
    await page.screenshot({ path: join(shots, 'issue19-consent-banner-1280.png') });

    await banner(page).getByRole('button', { name: 'Endast nödvändiga' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect
      .poll(async () => (await consentCookie(page))?.expires ?? 0)
      .toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 3600);
    // Focus continues in the page, not on the removed button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await expect
      .poll(async () => (await consentCalls(page)).map((call) => call.gtag?.[1]))
      .toEqual(['default', 'update']);
    expect((await consentCalls(page))[1]!.gtag?.[2]).toMatchObject({
      analytics_storage: 'denied',
      ad_storage: 'denied',
    });
    await page.reload();
    await hydrated(page);
    expect(await banner(page).count()).toBe(0);
    await page.waitForTimeout(300);
    expect(requested).toEqual([]);
    expect(await tagScripts(page)).toBe(0);
  });

  test('"Godkänn alla" loads the tag manager and the seal with the nonce, also on the next page', async ({
    newPage,
  }) => {
    const { page, requested } = await tagPage(newPage);
    await page.goto(`${shop.url}/varumarken`);
    await hydrated(page);
    expect(await page.evaluate(() => 'fakeGtm' in window)).toBe(false);
    await banner(page).getByRole('button', { name: 'Godkänn alla' }).click();
    await expect.poll(() => page.evaluate(() => (window as { fakeGtm?: number }).fakeGtm)).toBe(1);
    await expect
      .poll(() => page.evaluate(() => (window as { fakeSeal?: number }).fakeSeal))
      .toBe(1);
    expect(requested).toEqual([`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`, SEAL_SRC]);
    expect(
      await page.locator('#gtm-script').evaluate((s) => (s as HTMLScriptElement).nonce),
    ).not.toBe('');
    const calls = await consentCalls(page);
    expect(calls.map((call) => call.gtag?.[1])).toEqual(['default', 'update']);
    expect(calls[1]!.gtag?.[2]).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
    // The consent update comes before the tag manager's start event.
    const layer = await dataLayer(page);
    const update = layer.findIndex((e) => e.gtag?.[1] === 'update');
    expect(update).toBeLessThan(layer.findIndex((e) => e.event === 'gtm.js'));
    expect((await consentCookie(page))?.httpOnly).toBe(true);

    // A new document: the stored choice is in the head script, the tags load again, no banner.
    await page.goto(`${shop.url}/`);
    await hydrated(page);
    expect(await banner(page).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => (window as { fakeGtm?: number }).fakeGtm)).toBe(1);
    expect((await consentCalls(page)).map((call) => call.gtag?.[1])).toEqual(['default', 'update']);
    // The noscript frame of the tag manager is in the HTML after statistics consent.
    expect(await page.content()).toContain(`ns.html?id=${GTM_ID}`);
  });

  test('"Inställningar" opens the categories in place; statistics alone loads no seal', async ({
    newPage,
  }) => {
    const { page, requested } = await tagPage(newPage);
    await page.goto(`${shop.url}/`);
    await hydrated(page);
    await banner(page).getByRole('button', { name: 'Inställningar' }).click();
    const statistics = banner(page).getByRole('checkbox', { name: 'Statistik' });
    await expect
      .poll(() => statistics.evaluate((box) => box === document.activeElement))
      .toBe(true);
    expect(await banner(page).getByRole('checkbox', { name: 'Nödvändiga' }).isDisabled()).toBe(
      true,
    );
    expect(await banner(page).getByRole('checkbox', { name: 'Marknadsföring' }).isChecked()).toBe(
      false,
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Space');
    await banner(page).getByRole('button', { name: 'Spara val' }).click();
    await expect.poll(() => page.evaluate(() => (window as { fakeGtm?: number }).fakeGtm)).toBe(1);
    await page.waitForTimeout(300);
    expect(requested).toEqual([`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`]);
    expect((await consentCalls(page))[1]!.gtag?.[2]).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'denied',
    });
  });

  test('the footer\'s "Cookieinställningar" changes the choice: withdrawn statistics load no tag', async ({
    newPage,
  }) => {
    const { page, requested } = await tagPage(newPage);
    await page.goto(`${shop.url}/`);
    await hydrated(page);
    await banner(page).getByRole('button', { name: 'Godkänn alla' }).click();
    await expect.poll(() => page.evaluate(() => (window as { fakeGtm?: number }).fakeGtm)).toBe(1);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookieinställningar' }).click();
    await page.waitForURL(/\/cookieinstallningar$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookieinställningar');
    const statistics = page.getByRole('checkbox', { name: 'Statistik' });
    const marketing = page.getByRole('checkbox', { name: 'Marknadsföring' });
    expect(await statistics.isChecked()).toBe(true);
    expect(await marketing.isChecked()).toBe(true);
    await statistics.uncheck();
    await marketing.uncheck();
    requested.length = 0;
    await page.getByRole('button', { name: 'Spara val' }).click();
    await page.waitForURL(/\/cookieinstallningar\?sparat=1$/);
    await expect(page.getByRole('status').filter({ hasText: 'Dina val har sparats.' })).toHaveCount(
      1,
    );
    await hydrated(page);
    expect(await page.getByRole('checkbox', { name: 'Statistik' }).isChecked()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.waitForTimeout(300);
    expect(requested).toEqual([]);
    expect(await page.evaluate(() => 'fakeGtm' in window)).toBe(false);
    expect((await consentCalls(page))[1]!.gtag?.[2]).toMatchObject({ analytics_storage: 'denied' });
  });

  test('without JavaScript the banner is in the HTML and its form stores the choice and returns', async ({
    newPage,
  }) => {
    const { page, requested } = await tagPage(newPage, { javaScriptEnabled: false });
    await page.goto(`${shop.url}/varumarken`);
    expect(await banner(page).isVisible()).toBe(true);
    expect(await page.content()).not.toContain('ns.html');
    await banner(page).getByRole('button', { name: 'Godkänn alla' }).click();
    await page.waitForURL(/\/varumarken$/);
    expect(await banner(page).count()).toBe(0);
    expect((await consentCookie(page))?.value).toBeTruthy();
    // The noscript frame comes with the statistics consent (the browser may load it).
    expect(await page.content()).toContain(`ns.html?id=${GTM_ID}`);
    expect(requested.every((url) => url.includes('/ns.html'))).toBe(true);

    // "Inställningar" without JavaScript: the settings page.
    await page.context().clearCookies();
    await page.goto(`${shop.url}/varumarken`);
    await banner(page).getByRole('button', { name: 'Inställningar' }).click();
    await page.waitForURL(/\/cookieinstallningar$/);
    expect(await page.getByRole('checkbox', { name: 'Statistik' }).count()).toBe(1);
  });
});

test.describe('dataLayer events', () => {
  test.skip(!browserAvailable, NO_BROWSER);
  test.use({ viewport: { width: 1280, height: 900 } });

  test('page, product list, click, product page, cart add and remove, checkout and purchase: each once with its items', async ({
    page,
  }) => {
    const response = await page.goto(`${baseUrl()}/c/cyklar`);
    // No GTM_ID or TRUST_SEAL_SRC here: no third-party origin in the CSP, no tag script.
    expect(response?.headers()['content-security-policy']).not.toMatch(
      /googletagmanager|google-analytics|frame-src/,
    );
    await hydrated(page);
    expect(await page.locator('script[src^="https:"]').count()).toBe(0);
    // window.dataLayer exists from the start, with one page impression.
    await expect.poll(async () => (await events(page, 'page:impression')).length).toBe(1);
    expect((await events(page, 'page:impression'))[0]).toMatchObject({
      ga4_event: 'page_view',
      page_path: '/c/cyklar',
      page_location: `${baseUrl()}/c/cyklar`,
    });

    // Product impressions: batches of 4 of the cards in view, the rest on page hide.
    const cards = page.getByRole('main').locator('.product-card');
    const cardData = await cards.evaluateAll((all) =>
      all.map((card) => ({
        id: (card.querySelector('input[name="productId"]') as HTMLInputElement).value,
        name: card.querySelector('.product-card__name')?.textContent,
        visible: (() => {
          const box = card.getBoundingClientRect();
          const shown = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
          return shown >= box.height / 2;
        })(),
      })),
    );
    const inView = cardData.filter((card) => card.visible).length;
    expect(inView).toBeGreaterThan(0);
    const impressionItems = async () =>
      (await events(page, 'product:impression')).flatMap(
        (e) =>
          (e.ecommerce as { items: Array<{ item_id: string; item_name: string; index: number }> })
            .items,
      );
    await expect.poll(async () => (await impressionItems()).length).toBe(inView - (inView % 4));
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await expect.poll(async () => (await impressionItems()).length).toBe(inView);
    // Scrolled through the list: every card once, in a batch of at most 4.
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 300) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(30);
    }
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await expect.poll(async () => (await impressionItems()).length).toBe(cardData.length);
    const items = await impressionItems();
    expect(new Set(items.map((item) => item.item_id)).size).toBe(cardData.length);
    for (const item of items) {
      expect(item.item_name).toBe(cardData[item.index]!.name);
      expect(item.item_id).toBe(cardData[item.index]!.id);
    }
    for (const event of await events(page, 'product:impression')) {
      expect(event.ga4_event).toBe('view_item_list');
      expect((event.ecommerce as { items: unknown[] }).items.length).toBeLessThanOrEqual(4);
      expect(event.ecommerce).toMatchObject({ currency: 'SEK' });
    }

    // Favourite add and remove on a card.
    const heart = cards.first().getByRole('button', { name: /^Spara .* som favorit$/ });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await cards
      .first()
      .getByRole('button', { name: /som favorit$/ })
      .click();
    await expect.poll(async () => (await events(page, 'favorite:remove')).length).toBe(1);
    expect(await events(page, 'favorite:add')).toMatchObject([
      { productId: Number(cardData[0]!.id), ga4_event: 'add_to_wishlist' },
    ]);
    expect(await events(page, 'favorite:remove')).toMatchObject([
      { productId: Number(cardData[0]!.id) },
    ]);

    // Click the third card: product:click, then the product page's impressions.
    await page.evaluate(() => window.scrollTo(0, 0));
    await cards.nth(2).getByRole('link').first().click();
    await page.waitForURL(/\/p\//);
    await expect.poll(async () => (await events(page, 'product-detail:impression')).length).toBe(1);
    expect(await events(page, 'product:click')).toMatchObject([
      {
        ga4_event: 'select_item',
        ecommerce: { items: [{ item_id: cardData[2]!.id, index: 2, item_list_name: '/c/cyklar' }] },
      },
    ]);
    const pages = await events(page, 'page:impression');
    expect(pages).toHaveLength(2);
    expect(pages[1]!.page_path).toBe(new URL(page.url()).pathname);
    const detail = (await events(page, 'product-detail:impression'))[0]!;
    const shownPrice = amount(
      await page.locator('.product__summary .price__selling').first().textContent(),
    );
    expect(detail).toMatchObject({
      ga4_event: 'view_item',
      ecommerce: {
        items: [
          {
            item_id: cardData[2]!.id,
            item_name: await page.getByRole('heading', { level: 1 }).textContent(),
          },
        ],
      },
    });
    const detailItem = detail.ecommerce as { value: number; items: Array<{ price: number }> };
    expect(detailItem.items[0]!.price).toBeGreaterThan(0);
    expect(detailItem.value).toBe(detailItem.items[0]!.price);
    expect(detailItem.items[0]!.price).toBeCloseTo(shownPrice, 2);

    // Cart add (twice) and remove (once) of a helmet in the panel.
    const product = await sizedProduct();
    await openProduct(page, product);
    const productId = await page
      .locator('.product form.favorite-form input[name="productId"]')
      .first()
      .inputValue();
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    const dialog = page.getByRole('dialog', { name: /^Varukorg/ });
    await expect(dialog).toBeVisible();
    const line = dialog.getByRole('listitem').filter({ hasText: product.name });
    const unit = amount(await line.locator('.cart-panel__price strong').textContent());
    await line.getByRole('button', { name: `Öka antalet av ${product.name}` }).click();
    await expect(line.getByText('Antal: 2')).toHaveCount(1);
    await line.getByRole('button', { name: `Minska antalet av ${product.name}` }).click();
    await expect(line.getByText('Antal: 1')).toHaveCount(1);
    const adds = await events(page, 'cart:add');
    expect(adds).toHaveLength(2);
    for (const add of adds) {
      expect(add).toMatchObject({
        ga4_event: 'add_to_cart',
        ecommerce: { currency: 'SEK', items: [{ item_id: productId, quantity: 1 }] },
      });
      const ecommerce = add.ecommerce as { value: number; items: Array<{ price: number }> };
      expect(ecommerce.items[0]!.price).toBeCloseTo(unit, 2);
      expect(ecommerce.value).toBeCloseTo(unit, 2);
    }
    expect(await events(page, 'cart:remove')).toMatchObject([
      {
        ga4_event: 'remove_from_cart',
        ecommerce: { items: [{ item_id: productId, quantity: 1 }] },
      },
    ]);
    await page.keyboard.press('Escape');

    // Checkout and purchase.
    await page.goto(`${baseUrl()}/kassan`);
    await hydrated(page);
    await expect.poll(async () => (await events(page, 'checkout:impression')).length).toBe(1);
    expect((await events(page, 'checkout:impression'))[0]).toMatchObject({
      ga4_event: 'begin_checkout',
      ecommerce: { items: [{ item_id: productId, quantity: 1 }] },
    });
    await placeInvoiceOrder(page, {
      email: 'Spara.Mig@Example.com ',
      firstName: 'Sara',
      lastName: 'Spår',
    });
    await expect.poll(async () => (await events(page, 'checkout:purchase')).length).toBe(1);
    const purchase = (await events(page, 'checkout:purchase'))[0]!;
    const orderNumber = (await page.getByTestId('order-number').textContent())?.trim();
    const total = amount(await page.getByTestId('order-total').textContent());
    expect(purchase).toMatchObject({
      ga4_event: 'purchase',
      orderId: orderNumber,
      ecommerce: {
        transaction_id: orderNumber,
        currency: 'SEK',
        items: [{ item_id: productId, quantity: 1 }],
      },
    });
    expect((purchase.ecommerce as { value: number }).value).toBeCloseTo(total, 2);
    // The personal data stays hashed (SPEC §5).
    expect((purchase.user as { email: string }).email).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(purchase)).not.toMatch(/Spara|Sara|Spår/i);
  });
});

test.describe('the consent banner on a phone', () => {
  test.skip(!browserAvailable, NO_BROWSER);
  test.use({ viewport: { width: 390, height: 844 } });

  test("at 390 px the banner covers none of the product page's actions", async ({ page }) => {
    const product = await sizedProduct();
    await openProduct(page, product);
    const banner = page.getByRole('region', { name: 'Vi använder cookies' });
    expect(await banner.isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(shots, 'issue19-consent-banner-390.png') });
    await banner.getByRole('button', { name: 'Inställningar' }).click();
    await page.screenshot({ path: join(shots, 'issue19-consent-settings-390.png') });
    const buy = page.getByRole('button', { name: 'Lägg i varukorgen' });
    await buy.scrollIntoViewIfNeeded();
    // What is on top at the button's centre is the button itself.
    const onTop = await buy.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return Boolean(hit && button.contains(hit));
    });
    expect(onTop).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
