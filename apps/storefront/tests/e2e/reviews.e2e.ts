/**
 * Reviews journey (issue 17; SPEC §3 Review, §4 moderation, §5 rules): an anonymous shopper
 * reads that a login is needed and follows the link, registers, writes a review on the product
 * page (the required rating first refused, then chosen with the arrow keys), is told it will be
 * published after moderation; the merchant publishes it with the moderation CLI
 * (`npm run reviews -w apps/api`); the product page then shows the review, the average and its
 * stars, and the product's card in the category list shows the stars. Axe on the section;
 * screenshots at phone width.
 */
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { NO_BROWSER, browserAvailable, expect, test, unique } from './fixtures.ts';
import { ownShop } from './own-shop.ts';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();
const repo = resolve(import.meta.dirname, '../../../..');

async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

const isFocused = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => el === document.activeElement);

test.describe('product reviews', () => {
  test.skip(!browserAvailable, NO_BROWSER);
  test.use({ viewport: { width: 390, height: 844 } });
  const shop = ownShop('recension');

  /** The moderation CLI on the stopped shop's database; returns what it printed. */
  const moderate = (...args: string[]): string =>
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/modules/engagement/reviews-cli.ts', ...args],
      { cwd: repo, env: { ...shop.env, LOG_LEVEL: 'silent' }, encoding: 'utf8' },
    );

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    if (browserAvailable) await shop.start();
  });

  test.afterAll(async () => {
    await shop.dispose();
  });

  test('log in to write, moderation, then the review, the average and the stars show', async ({
    page,
    newPage,
  }) => {
    test.setTimeout(240_000);
    const data = await shop.api<{
      products: { products: Array<{ name: string; canonicalUrl: string }> };
    }>(`{ products(categoryAlias: "cyklar", take: 1) { products { name canonicalUrl } } }`);
    const product = data.products.products[0]!;
    const email = `recension-${unique()}@example.se`;

    // Anonymous: no reviews yet, and a login link that comes back to the section.
    await page.goto(`${shop.url}${product.canonicalUrl}`);
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Recensioner' });
    expect(await section.getByText('Inga recensioner ännu.').isVisible()).toBe(true);
    expect(
      await section.getByText('Du måste logga in för att kunna skriva en recension').isVisible(),
    ).toBe(true);
    await section.getByRole('link', { name: 'Logga in' }).click();
    await page.waitForURL(/\/account\?redirectTo=/);
    await hydrated(page);

    const register = page.getByRole('form', { name: 'Skapa konto' });
    await register.getByLabel('Förnamn').fill('Rut');
    await register.getByLabel('Efternamn').fill('Recensent');
    await register.getByLabel('E-post').fill(email);
    await register.getByLabel(/^Lösenord/).fill('recension-1');
    await register.getByLabel('Bekräfta lösenord').fill('recension-1');
    await register.getByRole('button', { name: 'Skapa konto' }).click();
    await expect
      .poll(() => page.getByRole('banner').getByRole('link', { name: 'Mina sidor' }).count())
      .toBeGreaterThan(0);
    if (!page.url().includes(new URL(product.canonicalUrl, shop.url).pathname)) {
      await page.goto(`${shop.url}${product.canonicalUrl}#recensioner`);
    }
    await hydrated(page);

    // The form: the rating is required; the focus goes to it.
    const form = section.getByRole('form', { name: 'Skriv en recension' });
    await form.getByLabel('Namn').fill('Rut');
    await form.getByLabel('Recension').fill('Rullar lätt och <b>växlar</b> mjukt.');
    await form.getByRole('button', { name: 'Skicka recension' }).click();
    await expect(form.getByRole('alert').first()).toHaveText('Du måste välja ett betyg');
    await expect.poll(() => isFocused(page, 'input[name="rating"] >> nth=0')).toBe(true);
    // Four stars with the arrow keys, as a keyboard user chooses in a radio group.
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
    expect(await form.getByRole('radio', { name: '4 stjärnor' }).isChecked()).toBe(true);
    const axe = await new AxeBuilder({ page }).include('#recensioner').withTags(wcagTags).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await form.getByRole('button', { name: 'Skicka recension' }).click();
    const done = section.getByRole('status');
    await expect(done).toHaveText(
      'Tack för din recension! Den publiceras när vi har granskat den.',
    );
    await expect(done).toBeFocused();
    await section.screenshot({ path: join(shots, 'reviews-posted-390.png') });
    await page.close();

    // The merchant publishes it (the shop is stopped: the embedded database has one user).
    await shop.stop();
    const pending = moderate('list');
    expect(pending).toContain('"Rut"');
    const id = /#(\d+)/.exec(pending)![1]!;
    expect(moderate('publish', id)).toContain(`Review #${id} published.`);
    await shop.start();

    const after = await newPage();
    await after.goto(`${shop.url}${product.canonicalUrl}`);
    await hydrated(after);
    const reviews = after.getByRole('region', { name: 'Recensioner' });
    expect(await reviews.getByRole('img', { name: 'Genomsnittligt betyg 4 av 5' }).count()).toBe(1);
    expect(await reviews.getByText('4 (1 recension)').isVisible()).toBe(true);
    // Escaped as text, not markup; no "Verifierat köp" without a purchase.
    expect(await reviews.getByText('Rullar lätt och <b>växlar</b> mjukt.').isVisible()).toBe(true);
    expect(await reviews.getByText('Verifierat köp').count()).toBe(0);
    // The summary near the name links to the section.
    const summary = after.locator('.rating-summary a');
    expect(await summary.getAttribute('href')).toBe('#recensioner');
    await reviews.screenshot({ path: join(shots, 'reviews-published-390.png') });

    // The card in the category list carries the stars.
    await after.goto(`${shop.url}/c/cyklar`);
    await hydrated(after);
    const card = after.locator('.product-card', { hasText: product.name }).first();
    expect(await card.getByRole('img', { name: 'Genomsnittligt betyg 4 av 5' }).count()).toBe(1);
    expect(await card.locator('.product-card__rating').textContent()).toContain('1 recension');
    await card.screenshot({ path: join(shots, 'reviews-card-390.png') });
  });
});
