/**
 * Journeys of the cart panel (issue 6 part 3; SPEC §3 Cart, §4 cart states and "Reset clears the
 * cart and its cookie", §9 free shipping and cart retry): adding a size opens the panel with the
 * line; the quantity changes in the panel; the panel is a modal dialog (focus stays in it, Escape
 * closes it and focus returns to the button that opened it); the header's cart button opens it
 * by keyboard on a phone; a failed cart load is retried 5 times, then "Försök igen"; "Töm
 * varukorgen" empties the cart and removes the cookie, also on the cart page without JavaScript;
 * the confirmation names the pickup store; the "Tillagd i varukorgen" notification does not cover
 * the line it announces (issue 40 §6: beside the panel on wide screens, at the bottom on phones).
 * Screenshots of the open panel (1280 and 390 px) and of the confirmation go to $E2E_SCREENSHOTS
 * (default the temp folder).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { NO_BROWSER, baseUrl, browserAvailable, expect, test } from './fixtures.ts';
import { addToCart, openProduct, sizedProduct } from './shop.ts';

const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();

/** The open cart panel. */
function panel(page: Page) {
  return page.getByRole('dialog', { name: /^Varukorg/ });
}

/** Resolves once React has hydrated the page. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** The header's cart link with its count ("Varukorg, 2 varor"). */
function cartBadge(page: Page, count: number) {
  return page
    .getByRole('banner')
    .getByRole('link', { name: `Varukorg, ${count} ${count === 1 ? 'vara' : 'varor'}` });
}

/** True when the focused element is inside the open dialog. */
function focusInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));
}

function dataLayer(page: Page): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(
    () => (window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? [],
  );
}

/**
 * Issue 40 §6: the "Tillagd i varukorgen" notification is shown while the panel is open and
 * does not cover the line it announces, nor the panel's heading; a screenshot goes to `name`.
 */
async function expectToastBesideLine(page: Page, name: string): Promise<void> {
  const dialog = panel(page);
  const toast = dialog.locator('.snackbar__item').filter({ hasText: 'Tillagd i varukorgen' });
  await expect(toast).toBeVisible();
  const line = dialog.locator('.cart-panel__line--added');
  // Once the panel has slid in.
  await expect
    .poll(async () => (await dialog.boundingBox())?.x)
    .toBe(page.viewportSize()!.width - (await dialog.evaluate((el) => el.clientWidth)));
  const overlaps = async (other: ReturnType<typeof dialog.locator>) => {
    const [a, b] = [await toast.boundingBox(), await other.boundingBox()];
    if (!a || !b) throw new Error('not laid out');
    return (
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    );
  };
  expect(await overlaps(line), 'the toast covers the added line').toBe(false);
  expect(await overlaps(dialog.locator('.cart-panel__head'))).toBe(false);
  await page.screenshot({ path: join(shots, name) });
}

/** "1 039,20 kr" -> 1039.2. */
function amount(text: string | null): number {
  return Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));
}

test.describe('cart panel journeys', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('add -> the panel opens with the line; the quantity changes in it; remove; Escape closes it and focus returns', async ({
    page,
  }) => {
    const product = await sizedProduct();
    await page.setViewportSize({ width: 1280, height: 900 });
    await openProduct(page, product);
    const buy = page.getByRole('button', { name: 'Lägg i varukorgen' });
    await buy.click();

    const dialog = panel(page);
    await expect(dialog).toBeVisible();
    await expectToastBesideLine(page, 'issue40-cart-panel-toast-1280.png');
    expect(await focusInDialog(page)).toBe(true);
    expect(
      await dialog
        .getByText(`Tillagd i varukorgen: ${product.name}, Storlek ${product.size}`)
        .count(),
    ).toBe(1);
    const line = dialog.getByRole('listitem').filter({ hasText: product.name });
    expect(await line.getByRole('link', { name: product.name }).count()).toBe(1);
    expect(await line.getByText(`Storlek ${product.size}`).count()).toBe(1);
    expect(await line.locator('img').count()).toBe(1);
    expect(await line.getByText('Antal: 1').count()).toBe(1);
    // The summary: items, shipping with what is left to free shipping or free, total incl. VAT.
    expect(
      await dialog.getByText(/Handla för .+ till så får du fri frakt|Du har fri frakt/).count(),
    ).toBe(1);
    expect(await dialog.getByText('inkl. moms').count()).toBe(1);
    expect(await dialog.getByRole('link', { name: 'Till kassan' }).count()).toBe(1);
    expect(await dialog.getByRole('link', { name: 'Gå till varukorgen' }).count()).toBe(1);
    // The minus step is off at 1.
    const minus = line.getByRole('button', { name: `Minska antalet av ${product.name}` });
    expect(await minus.getAttribute('aria-disabled')).toBe('true');
    const lineTotal = async () =>
      amount(await line.locator('.cart-panel__price strong').textContent());
    const single = await lineTotal();
    expect(single).toBeGreaterThan(0);

    await page.screenshot({ path: join(shots, 'issue6-cart-panel-desktop.png') });

    // Quantity 2 from the panel: the line, its price and the header count follow.
    await line.getByRole('button', { name: `Öka antalet av ${product.name}` }).click();
    await expect(line.getByText('Antal: 2')).toHaveCount(1);
    await expect.poll(lineTotal).toBeCloseTo(2 * single, 2);
    await expect(page.getByRole('link', { name: 'Varukorg, 2 varor' })).toHaveCount(1);
    expect((await dataLayer(page)).filter((e) => e.event === 'cart:add')).toHaveLength(2);
    expect(await focusInDialog(page)).toBe(true);

    // Back to 1 with the keyboard.
    await minus.focus();
    await page.keyboard.press('Enter');
    await expect(line.getByText('Antal: 1')).toHaveCount(1);
    expect((await dataLayer(page)).some((e) => e.event === 'cart:remove')).toBe(true);

    // Modal: Tab never leaves the panel for the page behind it.
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'none';
        return active.closest('dialog[open]') ? 'dialog' : 'page';
      });
      expect(where, `focus after ${i + 1} Tab`).not.toBe('page');
    }

    // Removing the last line leaves an empty cart; focus stays in the panel (on its heading).
    await line.getByRole('button', { name: `Ta bort ${product.name}` }).click();
    await expect(dialog.getByText('Din varukorg är tom')).toHaveCount(1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cart-panel-title');
    await expect(page.getByRole('link', { name: 'Varukorg, 0 varor' })).toHaveCount(1);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(await buy.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test('the header cart button opens the panel by keyboard; reset empties the cart, its cookie stays gone after a reload', async ({
    page,
  }) => {
    const product = await sizedProduct();
    // A phone (390 px wide) this time.
    await page.setViewportSize({ width: 390, height: 844 });
    await openProduct(page, product);
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect(panel(page)).toBeVisible();
    await expectToastBesideLine(page, 'issue40-cart-panel-toast-390.png');
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);
    expect((await page.context().cookies()).some((c) => c.name === 'ralph-cart')).toBe(true);

    // The header's cart button: a link to /varukorg that opens the panel.
    const cartButton = page.getByRole('link', { name: 'Varukorg, 1 vara' });
    expect(await cartButton.getAttribute('href')).toMatch(/\/varukorg$/);
    expect(await cartButton.getAttribute('aria-haspopup')).toBe('dialog');
    await cartButton.focus();
    await page.keyboard.press('Enter');
    const dialog = panel(page);
    await expect(dialog.getByRole('link', { name: product.name })).toHaveCount(1);
    expect(page.url()).toBe(`${baseUrl()}${product.url}`);
    // The panel fills the phone's screen once it has slid in.
    await expect.poll(() => dialog.boundingBox()).toMatchObject({ x: 0, width: 390 });
    await page.screenshot({ path: join(shots, 'issue6-cart-panel-mobile.png') });

    // Reset, confirmed.
    await dialog.getByText('Töm varukorgen', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Ja, töm varukorgen' }).click();
    await expect(dialog.getByText('Din varukorg är tom')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Varukorg, 0 varor' })).toHaveCount(1);
    const removed = (await dataLayer(page)).filter((e) => e.event === 'cart:remove');
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatchObject({ item: { name: product.name, quantity: 1 } });
    expect((await page.context().cookies()).some((c) => c.name === 'ralph-cart')).toBe(false);
    expect(await focusInDialog(page)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);
    const headerCart = page.locator('.site-header a.header-action[href$="/varukorg"]');
    expect(await headerCart.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.reload();
    expect(await page.getByRole('link', { name: 'Varukorg, 0 varor' }).count()).toBe(1);
    await page.goto(`${baseUrl()}/varukorg`);
    expect(await page.getByText('Din varukorg är tom').count()).toBe(1);
  });

  test('the panel retries a failed cart load 5 times, then offers "Försök igen"', async ({
    page,
    allowConsoleError,
  }) => {
    const product = await sizedProduct();
    await openProduct(page, product);
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect(panel(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);

    let attempts = 0;
    await page.route('**/varukorg/antal?visa=1', (route) => {
      attempts += 1;
      return route.fulfill({ status: 503, body: 'unavailable' });
    });
    await page.getByRole('link', { name: 'Varukorg, 1 vara' }).click();
    const dialog = panel(page);
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'Något gick tyvärr fel' }),
    ).toHaveCount(1);
    expect(attempts).toBe(5);

    await page.unroute('**/varukorg/antal?visa=1');
    await dialog.getByRole('button', { name: 'Försök igen' }).click();
    await expect(dialog.getByRole('link', { name: product.name })).toHaveCount(1);
    allowConsoleError(/status of 503/);
  });

  test('without JavaScript the cart button leads to the cart page, and reset works there', async ({
    newPage,
  }) => {
    const product = await sizedProduct();
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(`${baseUrl()}${product.url}`);
    await page.getByRole('radio', { name: new RegExp(`^${product.size}`) }).check();
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await page.waitForURL(/\/varukorg$/);
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('link', { name: 'Varukorg, 1 vara' }).click();
    await page.waitForURL(/\/varukorg$/);
    expect(await page.getByRole('link', { name: product.name }).count()).toBe(1);

    await page.getByText('Töm varukorgen', { exact: true }).click();
    await page.getByRole('button', { name: 'Ja, töm varukorgen' }).click();
    await page.waitForURL(/\/varukorg$/);
    expect(await page.getByText('Din varukorg är tom').count()).toBe(1);
    expect((await page.context().cookies()).some((c) => c.name === 'ralph-cart')).toBe(false);
  });

  test('the confirmation names the pickup store', async ({ page }) => {
    const product = await sizedProduct();
    await openProduct(page, product);
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect(panel(page)).toBeVisible();
    await panel(page).getByRole('link', { name: 'Till kassan' }).click();
    await page.waitForURL(/\/kassan$/);

    const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
    const form = page.locator('form').filter({ has: field('Postnummer') });
    await field('Postnummer').fill('11122');
    await form.getByRole('button', { name: 'Visa leveranssätt' }).click();
    await expect(page.getByRole('radio', { name: /Hämta i butik/ })).toHaveCount(1);
    await field('Personnummer').fill('19900101-0017');
    await field('E-post').fill('anna.andersson@example.se');
    await field('Förnamn').fill('Anna');
    await field('Efternamn').fill('Andersson');
    await field('Gatuadress').fill('Storgatan 1');
    await field('Ort').fill('Stockholm');
    await field('Mobilnummer').fill('0701234567');
    await page.getByRole('radio', { name: /Hämta i butik/ }).check();
    const stores = page.getByRole('group', { name: 'Välj butik' });
    await expect(stores.getByRole('radio')).toHaveCount(3);
    await stores.getByRole('radio', { name: /^Trampa Göteborg Haga/ }).check();
    await page.getByLabel('Jag godkänner köpvillkoren').check();
    await page.getByRole('button', { name: /^Slutför köp/ }).click();
    await page.waitForURL(/\/checkout\/confirm\?/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tack för din beställning!');
    expect((await page.getByTestId('pickup-store').textContent())?.trim()).toBe(
      'Hämtas i butik: Trampa Göteborg Haga',
    );
    expect(await page.getByText('goteborg', { exact: true }).count()).toBe(0);
    await page.screenshot({ path: join(shots, 'issue6-confirmation-pickup.png'), fullPage: true });
  });

  test('the cart follows every tab (ralph_channel "cart"): badge and panel update in the other tab', async ({
    newPage,
  }) => {
    const product = await sizedProduct();
    const first = await newPage();
    const second = await first.context().newPage();
    const errors: string[] = [];
    second.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await second.goto(`${baseUrl()}/`);
    await hydrated(second);
    expect(await cartBadge(second, 0).count()).toBe(1);

    // An add in the first tab: the second tab's badge follows without a reload.
    await addToCart(first, product);
    await expect(panel(first)).toBeVisible();
    await expect(cartBadge(second, 1)).toHaveCount(1);

    // The second tab's panel shows the line; a change there reaches the first tab's badge and
    // its open panel.
    await cartBadge(second, 1).click();
    const line = panel(second).getByRole('listitem').filter({ hasText: product.name });
    await expect(line.getByText('Antal: 1')).toHaveCount(1);
    await line.getByRole('button', { name: `Öka antalet av ${product.name}` }).click();
    await expect(line.getByText('Antal: 2')).toHaveCount(1);
    await expect(cartBadge(second, 2)).toHaveCount(1);
    await expect(cartBadge(first, 2)).toHaveCount(1);
    const firstLine = panel(first).getByRole('listitem').filter({ hasText: product.name });
    await expect(firstLine.getByText('Antal: 2')).toHaveCount(1);

    // Removing it in the first tab empties the second tab's panel and badge.
    await firstLine.getByRole('button', { name: `Ta bort ${product.name}` }).click();
    await expect(panel(first).getByText('Din varukorg är tom')).toHaveCount(1);
    await expect(panel(second).getByText('Din varukorg är tom')).toHaveCount(1);
    await expect(cartBadge(second, 0)).toHaveCount(1);
    await second.close();
    expect(errors).toEqual([]);
  });

  test('the badge follows the cart the panel loads (no stale count in the same tab)', async ({
    page,
  }) => {
    const product = await sizedProduct();
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    expect(await cartBadge(page, 0).count()).toBe(1);
    // The cart changes behind the tab's back (another browser window without the channel).
    const other = await page.context().newPage();
    await other.addInitScript(() => {
      // No BroadcastChannel in this window: the first tab hears nothing.
      delete (window as { BroadcastChannel?: unknown }).BroadcastChannel;
    });
    await addToCart(other, product);
    await other.close();
    expect(await cartBadge(page, 0).count()).toBe(1);
    // Opening the panel loads the cart; the badge shows the same cart.
    await cartBadge(page, 0).click();
    await expect(panel(page).getByRole('link', { name: product.name })).toHaveCount(1);
    await expect(cartBadge(page, 1)).toHaveCount(1);
  });

  test("the cart page: over stock shows the shop's message; removing the last line announces it and keeps focus on the page", async ({
    page,
  }) => {
    const product = await sizedProduct();
    await addToCart(page, product);
    await page.goto(`${baseUrl()}/varukorg`);
    await hydrated(page);
    const quantity = page.getByRole('spinbutton', { name: `Antal av ${product.name}` });
    const max = Number(await quantity.getAttribute('max'));
    expect(max).toBeGreaterThan(1);
    await quantity.fill(String(max + 1));
    await page.getByRole('button', { name: 'Uppdatera' }).click();
    const alert = page.getByRole('alert').filter({ hasText: `Det finns bara ${max} kvar` });
    await expect(alert).toHaveCount(1);
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
    expect(await quantity.getAttribute('aria-describedby')).toBe(await alert.getAttribute('id'));
    await page.screenshot({ path: join(shots, 'ux-cart-page-stock.png') });

    // Remove by keyboard: focus lands on the empty cart's message, a live region tells it.
    await page.getByRole('button', { name: `Ta bort ${product.name}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Din varukorg är tom')).toHaveCount(1);
    await expect(
      page.getByRole('status').filter({ hasText: `${product.name} togs bort` }),
    ).toHaveCount(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Din varukorg är tom');
    await expect(cartBadge(page, 0)).toHaveCount(1);
  });
});
