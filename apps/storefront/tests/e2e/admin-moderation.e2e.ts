/**
 * Back-office moderation journey (issue 27 "What must show"): a customer's review waits for
 * moderation; a content editor (innehållsredaktör, added by the administrator) logs in, finds it
 * in the review queue, publishes it, and the product page then shows it. The editor then changes
 * the "Om oss" page in a draft, opens its preview (`/preview-widgets` with a staff token: the
 * draft shows there, not on the page), and publishes it. Runs in its own shop: a published
 * review and a changed page are seen by other journeys. Axe on the queue and the editor;
 * screenshots of both.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { hydrated } from './account-helpers.ts';
import { addStaffUser, logInAs } from './admin-helpers.ts';
import { E2E_ENV } from './e2e-env.ts';
import { NO_BROWSER, browserAvailable, expect, test, unique, type Page } from './fixtures.ts';
import { ownShop } from './own-shop.ts';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();

/** A GraphQL call to `url` with headers; returns the body and the session cookie it set. */
async function post(url: string, headers: Record<string, string>, query: string, variables = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return { body, cookie: response.headers.get('set-cookie')?.split(';')[0] };
}

/** Registers a customer in the storefront; returns the access token of the session. */
async function registerCustomer(page: Page, base: string, email: string): Promise<string> {
  await page.goto(`${base}/account`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Skapa konto' });
  await form.getByLabel('Förnamn').fill('Maja');
  await form.getByLabel('Efternamn').fill('Mountainbike');
  await form.getByLabel('E-post').fill(email);
  await form.getByLabel(/^Lösenord/).fill('recensera-mera');
  await form.getByLabel('Bekräfta lösenord').fill('recensera-mera');
  await form.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Välkommen, Maja Mountainbike!');
  const token = (await page.context().cookies()).find((c) => c.name === 'apollo-token')?.value;
  expect(token).toBeTruthy();
  return token!;
}

test.describe('back office: moderation', () => {
  test.skip(!browserAvailable, NO_BROWSER);
  const shop = ownShop('moderering');

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    if (browserAvailable) await shop.start();
  });

  test.afterAll(async () => {
    await shop.dispose();
  });

  test('a content editor publishes a review the product page then shows, and edits a page with preview', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const data = await shop.api<{
      products: { products: Array<{ alias: string; name: string; canonicalUrl: string }> };
    }>(`{ products(categoryAlias: "cyklar", take: 1) { products { alias name canonicalUrl } } }`);
    const product = data.products.products[0]!;
    const editor = `redaktor-${unique()}@trampa.example`;
    const password = 'redaktor-losenord-1';
    await addStaffUser(editor, password, 'innehallsredaktor', shop.url);

    // A customer writes a review: it waits for moderation.
    const token = await registerCustomer(page, shop.url, `recensent-${unique()}@example.se`);
    const comment = `Stabil i skogen ${unique()}`;
    await post(
      `${shop.url}/graphql`,
      { 'x-apikey': E2E_ENV.API_KEY, authorization: `Bearer ${token}` },
      'mutation($a: String!, $c: String) { postProductReview(alias: $a, rating: 4, comment: $c, author: "Maja") }',
      { a: product.alias, c: comment },
    );

    // The content editor publishes it from the queue.
    await logInAs(page, editor, password, { base: shop.url });
    await expect(page.getByRole('link', { name: 'Personal' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Recensioner' }).click();
    await expect(page.getByRole('heading', { name: 'Recensioner', level: 1 })).toBeFocused();
    const item = page.getByRole('listitem').filter({ hasText: comment });
    await expect(item).toContainText(product.name);
    await expect(item.getByRole('img', { name: 'Betyg 4 av 5' })).toBeVisible();
    const axe = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.screenshot({ path: join(shots, 'admin-moderation-reviews.png'), fullPage: true });
    await item.getByRole('button', { name: 'Publicera recensionen av Maja' }).click();
    await expect(page.getByRole('status').first()).toHaveText(
      'Recensionen av Maja är publicerad och visas på produktsidan.',
    );
    await expect(page.getByRole('button', { name: /Publicerade \(1\)/ })).toBeVisible();

    // The product page shows it.
    await page.goto(`${shop.url}${product.canonicalUrl}`);
    const reviews = page.getByRole('region', { name: 'Recensioner' });
    await expect(reviews.getByText(comment)).toBeVisible();
    await expect(reviews.getByText('4 (1 recension)')).toBeVisible();

    // The editor changes the "Om oss" page in a draft, previews it and publishes it.
    const text = `Vi har lagat cyklar sedan 1962 ${unique()}.`;
    await page.goto(`${shop.url}/admin/innehall`);
    await expect(page.getByRole('heading', { name: 'Innehåll', level: 1 })).toBeVisible();
    await page
      .getByRole('row')
      .filter({ hasText: '/om-oss' })
      .getByRole('button', { name: /Redigera/ })
      .click();
    await expect(page.getByRole('heading', { name: /^Redigera: /, level: 1 })).toBeFocused();
    await page.getByLabel('Text (HTML)').first().fill(`<p>${text}</p>`);
    const editorAxe = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
    expect(editorAxe.violations.map((v) => v.id)).toEqual([]);
    await page.getByRole('button', { name: 'Förhandsgranska' }).click();
    const previewLink = page.getByRole('link', { name: /Öppna förhandsgranskningen/ });
    await expect(previewLink).toHaveAttribute(
      'href',
      /^\/preview-widgets\?alias=om-oss&loginToken=/,
    );
    await page.screenshot({ path: join(shots, 'admin-moderation-content.png'), fullPage: true });
    const [preview] = await Promise.all([page.waitForEvent('popup'), previewLink.click()]);
    await expect(preview.getByText('Förhandsgranskning: utkast visas.')).toBeVisible();
    await expect(preview.getByText(text)).toBeVisible();
    await preview.goto(`${shop.url}/om-oss`);
    await expect(preview.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(preview.getByText(text)).toHaveCount(0);
    await page.getByRole('button', { name: 'Publicera' }).click();
    await expect(page.getByRole('heading', { name: 'Innehåll', level: 1 })).toBeVisible();
    await preview.reload();
    await expect(preview.getByText(text)).toBeVisible();
    await preview.close();
  });
});
