/**
 * Back-in-stock journey (issue 17): a shopper asks to be told when a sold-out size is back
 * ("Bevaka"), the stock is raised (as a stock import would, in the database while the shop is
 * down), the shop starts again and its job queue mails the shopper exactly once (a second restock
 * sends nothing); the mail's unsubscribe link opens a Swedish confirmation page. Also
 * accessibility: a labelled field, the focus after sending, the answer announced in a live
 * region, and axe on the form.
 *
 * The journey runs its own shop on an embedded database in a folder (not the shared in-memory
 * one), so it can change the stock between two starts: there is no back office yet.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { createDb } from '@trampa/api/db';
import { readOutbox } from '@trampa/api/mail';
import { NO_BROWSER, browserAvailable, expect, test, unique } from './fixtures.ts';
import { ownShop } from './own-shop.ts';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('back-in-stock request', () => {
  test.skip(!browserAvailable, NO_BROWSER);
  const shop = ownShop('bevaka');
  const env = shop.env;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    // The first start seeds the catalogue into the folder.
    if (browserAvailable) await shop.start();
  });

  test.afterAll(async () => {
    await shop.dispose();
  });

  test('mails the shopper once when the sold-out size is back, with a working unsubscribe link', async ({
    page,
    newPage,
  }) => {
    test.setTimeout(240_000);
    // A product with a sold-out size next to one in stock.
    const data = await shop.api<{
      products: {
        products: Array<{
          name: string;
          canonicalUrl: string;
          skus: Array<{ skuId: number; name: string; stock: { totalStock: number } }>;
        }>;
      };
    }>(`{ products(categoryAlias: "cyklar", take: 60) { products { name canonicalUrl
      skus { skuId name stock { totalStock } } } } }`);
    const product = data.products.products.find(
      (p) =>
        p.skus.length >= 2 &&
        p.skus.some((s) => s.stock.totalStock === 0) &&
        p.skus.some((s) => s.stock.totalStock > 0),
    );
    expect(product).toBeTruthy();
    const soldOut = product!.skus.find((s) => s.stock.totalStock === 0)!;
    const email = `bevaka-${unique()}@example.com`;

    await page.goto(`${shop.url}${product!.canonicalUrl}`);
    await page.locator('form.add-to-cart input[name="js"]').waitFor({ state: 'attached' });
    // No form before a sold-out size is chosen.
    expect(await page.locator('.back-in-stock').count()).toBe(0);
    await page.getByRole('radio', { name: new RegExp(`^${literal(soldOut.name)}\\b`) }).check();

    // The form is its own form, not inside the buy form; its field is labelled.
    const section = page.getByRole('region', { name: 'Bevaka' });
    await expect(section).toBeVisible();
    expect(await page.locator('form.add-to-cart form').count()).toBe(0);
    expect(await page.locator('form.add-to-cart button[type="submit"]').count()).toBe(1);
    expect(await section.textContent()).toContain(
      `Meddela mig när storlek ${soldOut.name} finns i lager`,
    );
    const field = section.getByRole('textbox', { name: 'E-postadress' });
    const axe = await new AxeBuilder({ page })
      .include('.back-in-stock')
      .withTags(wcagTags)
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    // An invalid address: the SPEC text as an alert, the focus on the field.
    await field.fill('inte-en-adress');
    await section.getByRole('button', { name: 'Bevaka' }).click();
    const alert = section.getByRole('alert');
    await expect(alert).toHaveText('Du måste ange en giltig email');
    await expect(field).toBeFocused();
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    // A valid one, sent twice (a double submission): announced, and the focus follows.
    await field.fill(email);
    await section.getByRole('button', { name: 'Bevaka' }).click();
    const status = section.getByRole('status');
    await expect(status).toContainText('Tack! Vi mejlar dig');
    await expect(status).toBeFocused();
    await page.screenshot({ path: join(shots, 'back-in-stock-form.png') });
    await page.reload();
    await page.locator('form.add-to-cart input[name="js"]').waitFor({ state: 'attached' });
    await page.getByRole('radio', { name: new RegExp(`^${literal(soldOut.name)}\\b`) }).check();
    await section.getByRole('textbox', { name: 'E-postadress' }).fill(email);
    await section.getByRole('button', { name: 'Bevaka' }).click();
    await expect(status).toContainText('Tack! Vi mejlar dig');
    await page.close();

    // The stock goes from 0 to 4 while the shop is down; it starts again and runs its queue.
    await shop.stop();
    const handle = await createDb({ pgliteDataDir: env.PGLITE_DATA_DIR });
    await handle.db.execute(
      `update stock set in_stock = 4 where sku_id = ${Number(soldOut.skuId)}`,
    );
    await handle.close();
    await shop.start();

    await expect
      // The restock scan runs every RESTOCK_SCAN_INTERVAL_SECONDS (3 s in the journeys' shop).
      .poll(async () => (await readOutbox(env.MAIL_OUTBOX_DIR, email)).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const [mail] = await readOutbox(env.MAIL_OUTBOX_DIR, email);
    const productPath = product!.canonicalUrl.split('/').pop()!;
    expect(mail).toContain(`/product/${productPath}`);
    expect(mail).toContain(`storlek ${soldOut.name}`);

    // A second restock (sold out, then 6 in stock) sends nothing: the request ended with the
    // mail. Still exactly one mail after three scans could have run.
    await shop.stop();
    const again = await createDb({ pgliteDataDir: env.PGLITE_DATA_DIR });
    await again.db.execute(`update stock set in_stock = 0 where sku_id = ${Number(soldOut.skuId)}`);
    await again.db.execute(`update stock set in_stock = 6 where sku_id = ${Number(soldOut.skuId)}`);
    await again.close();
    await shop.start();
    await new Promise((resolve) => setTimeout(resolve, 3 * 3000 + 1000));
    expect(await readOutbox(env.MAIL_OUTBOX_DIR, email)).toHaveLength(1);

    // The unsubscribe link: a question, then the Swedish confirmation.
    const link = /\S+\/bevaka\/avsluta\?token=\S+/.exec(mail!)![0];
    const unsubscribe = await newPage();
    await unsubscribe.goto(`${shop.url}${new URL(link).pathname}${new URL(link).search}`);
    await unsubscribe.getByRole('button', { name: 'Avsluta bevakningar' }).click();
    const confirmation = unsubscribe
      .getByRole('status')
      .filter({ hasText: 'Dina bevakningar är avslutade' });
    await expect(confirmation).toHaveCount(1);
  });
});
