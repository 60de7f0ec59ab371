/**
 * Colour variants on the product page (issue 25): a model sold in several colours shows "Färg"
 * with one link per colour; choosing another colour goes to that product's page (the URL
 * changes) and keeps the chosen size when the colour has it, by mouse and by keyboard; axe finds
 * no WCAG 2.2 AA violation in the picker.
 * Screenshots at 390 px and 1360 px go to $E2E_SCREENSHOTS (default the system's temp folder).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { NO_BROWSER, baseUrl, browserAvailable, expect, test } from './fixtures.ts';
import { apiQuery } from './shop.ts';

const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();

interface Colour {
  productId: number;
  label: string;
  canonicalUrl: string;
  variants: Array<{ value: string }>;
}

/** A bike in two colours that share a size: both colours' pages and the shared size. */
async function colourPair(): Promise<{ from: Colour; to: Colour; size: string }> {
  const data = await apiQuery<{
    products: {
      products: Array<{
        productId: number;
        variantGroup: { variantGroupId: number; variants: Colour[] };
      }>;
    };
  }>(`{ products(categoryAlias: "cyklar", take: 200) { products { productId
    variantGroup { variantGroupId variants { productId label canonicalUrl variants { value } } } } } }`);
  for (const product of data.products.products) {
    const [from, to] = product.variantGroup.variants;
    if (product.variantGroup.variantGroupId === 0 || !from || !to) continue;
    const shared = from.variants
      .map((v) => v.value)
      .filter((size) => to.variants.some((v) => v.value === size));
    // Not the first size, so that keeping it is not the same as a default.
    const size = shared[1] ?? shared[0];
    if (from.variants.length >= 2 && size) return { from, to, size };
  }
  throw new Error('no bike in two colours with a shared size');
}

/** axe's WCAG 2.2 AA findings inside the colour picker, as "rule target". */
async function pickerViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('.colour-picker')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
}

/** Escapes a text for a RegExp. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Waits until the gallery's first image and its thumbnails have loaded (for the screenshots). */
async function galleryLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [
      ...document.querySelectorAll<HTMLImageElement>(
        '.gallery__slide:first-child img, .gallery__thumb img',
      ),
    ].every((image) => image.complete),
  );
}

/** Opens a product page and waits until it is hydrated. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await page.locator('form.add-to-cart input[name="js"]').waitFor({ state: 'attached' });
}

test.describe('colour variants on the product page', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('switches colour (the URL changes) and keeps the chosen size', async ({ page }) => {
    const { from, to, size } = await colourPair();
    await open(page, from.canonicalUrl);

    const colours = page.getByRole('group', { name: /^Färg/ });
    expect(await colours.textContent()).toContain(`Färg: ${from.label}`);
    const current = colours.getByRole('link', { name: from.label, exact: true });
    expect(await current.getAttribute('aria-current')).toBe('true');

    await page.getByRole('radio', { name: new RegExp(`^${literal(size)}\\b`) }).check();
    const target = colours.getByRole('link', { name: new RegExp(`^${literal(to.label)}`) });
    await expect
      .poll(() => target.getAttribute('href'))
      .toBe(`${to.canonicalUrl}?storlek=${encodeURIComponent(size).replace(/%20/g, '+')}`);
    await target.click();

    await expect.poll(() => new URL(page.url()).pathname).toBe(to.canonicalUrl);
    expect(new URL(page.url()).searchParams.get('storlek')).toBe(size);
    await page.locator('form.add-to-cart input[name="js"]').waitFor({ state: 'attached' });
    const switched = page.getByRole('group', { name: /^Färg/ });
    await expect(switched).toContainText(`Färg: ${to.label}`);
    const kept = page.getByRole('radio', { name: new RegExp(`^${literal(size)}\\b`) });
    await expect(kept).toBeChecked();
    expect(
      await switched
        .getByRole('link', { name: to.label, exact: true })
        .getAttribute('aria-current'),
    ).toBe('true');

    expect(await pickerViolations(page)).toEqual([]);
    await galleryLoaded(page);
    await page.screenshot({ path: join(shots, 'variants-1360.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await switched.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await galleryLoaded(page);
    await page.screenshot({ path: join(shots, 'variants-390.png') });
    expect(await pickerViolations(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow).toBe(false);
  });

  test('switches colour with the keyboard, back to the first colour with the size kept', async ({
    page,
  }) => {
    const { from, to, size } = await colourPair();
    await open(page, `${to.canonicalUrl}?storlek=${encodeURIComponent(size)}`);
    const kept = page.getByRole('radio', { name: new RegExp(`^${literal(size)}\\b`) });
    expect(await kept.isChecked()).toBe(true);

    const back = page
      .getByRole('group', { name: /^Färg/ })
      .getByRole('link', { name: new RegExp(`^${literal(from.label)}`) });
    await back.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(from.canonicalUrl);
    await page.locator('form.add-to-cart input[name="js"]').waitFor({ state: 'attached' });
    await expect(
      page.getByRole('radio', { name: new RegExp(`^${literal(size)}\\b`) }),
    ).toBeChecked();
  });
});
