/**
 * Product page journeys of issue 14: the "choose a size" error goes away once a size is chosen;
 * sold-out sizes say so in the picker itself and leave room for a back-in-stock request; the
 * chosen size's stock in the shop's stores shows on the page ("Finns i butik: Malmö 2 st").
 */
import { NO_BROWSER, baseUrl, browserAvailable, expect, test } from './fixtures.ts';
import { apiQuery, sizedProduct } from './shop.ts';

/** Directory for the screenshots the issue asks for. */
const SHOTS = process.env.E2E_SHOTS ?? '/work/shots';

interface ApiSku {
  name: string;
  stock: { totalStock: number };
  storeStock: Array<{ city: string; quantity: number }>;
}

/** Sized products of a category with their SKUs' stock and store stock. */
async function productsOf(category: string) {
  const data = await apiQuery<{
    products: { products: Array<{ canonicalUrl: string; name: string; skus: ApiSku[] }> };
  }>(`{ products(categoryAlias: "${category}", take: 60) { products { canonicalUrl name
    skus { name stock { totalStock } storeStock { city quantity } } } } }`);
  return data.products.products.filter((p) => p.skus.length >= 2);
}

/** Escapes a text for a RegExp. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('product page', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('clears "Du måste välja storlek först" as soon as a size is chosen', async ({ page }) => {
    const product = await sizedProduct();
    await page.goto(`${baseUrl()}${product.url}`);
    await page.locator('form.add-to-cart input[name="js"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    const error = page.getByRole('alert').filter({ hasText: 'Du måste välja storlek först' });
    await expect(error).toHaveCount(1);
    await page.getByRole('radio', { name: new RegExp(`^${literal(product.size)}`) }).check();
    await expect(error).toHaveCount(0);
  });

  test('marks sold-out sizes in the picker and leaves room for a back-in-stock request', async ({
    page,
  }) => {
    const candidates = [...(await productsOf('cyklar')), ...(await productsOf('hjalmar'))];
    const product = candidates.find(
      (p) =>
        p.skus.some((s) => s.stock.totalStock === 0) && p.skus.some((s) => s.stock.totalStock > 0),
    );
    expect(product).toBeTruthy();
    const soldOut = product!.skus.find((s) => s.stock.totalStock === 0)!;
    await page.goto(`${baseUrl()}${product!.canonicalUrl}`);
    await page.locator('form.add-to-cart input[name="js"]').waitFor({ state: 'attached' });

    // Before choosing: the radio's name says it is sold out, and it looks different.
    const radio = page.getByRole('radio', { name: new RegExp(`^${literal(soldOut.name)}\\b`) });
    expect(await radio.count()).toBe(1);
    const name = await radio.evaluate((el) => el.closest('label')?.textContent ?? '');
    expect(name).toMatch(/slut/i);
    const struck = await radio.evaluate((el) => {
      const label = el.closest('label')!;
      const sizeName = label.querySelector('.size-option__name')!;
      return getComputedStyle(sizeName).textDecorationLine;
    });
    expect(struck).toContain('line-through');

    // Choosing it: the buy button cannot add it, and the back-in-stock place is there.
    await radio.check();
    const button = page.locator('form.add-to-cart button[type="submit"]');
    await expect.poll(() => button.isDisabled()).toBe(true);
    expect(await button.textContent()).toMatch(/slut/i);
    const notice = page.locator('[data-back-in-stock]');
    await expect(notice).toBeVisible();
    expect(await notice.textContent()).toContain(`${soldOut.name} är slut`);

    // Another size in stock: the button adds again.
    const inStock = product!.skus.find((s) => s.stock.totalStock > 0)!;
    await page.getByRole('radio', { name: new RegExp(`^${literal(inStock.name)}\\b`) }).check();
    await expect.poll(() => button.isDisabled()).toBe(false);
    expect(await notice.count()).toBe(0);
  });

  test('shows the chosen size\'s stock in the stores: "Finns i butik: Malmö 2 st"', async ({
    page,
  }) => {
    const product = (await productsOf('cyklar')).find((p) =>
      p.skus.some((s) => s.storeStock.length > 0 && s.stock.totalStock > 0),
    );
    expect(product).toBeTruthy();
    const sku = product!.skus.find((s) => s.storeStock.length > 0 && s.stock.totalStock > 0)!;
    await page.goto(`${baseUrl()}${product!.canonicalUrl}`);
    await page.locator('form.add-to-cart input[name="js"]').waitFor({ state: 'attached' });
    const line = page.locator('.store-stock');
    await page.getByRole('radio', { name: new RegExp(`^${literal(sku.name)}\\b`) }).check();
    const expected = `Finns i butik: ${sku.storeStock.map((s) => `${s.city} ${s.quantity} st`).join(', ')}`;
    await expect(line).toHaveText(expected);
    expect(await line.isVisible()).toBe(true);
    await line.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/product-store-stock.png` });
  });
});
