/**
 * Shared steps of the browser journeys: GraphQL look-ups of test products through the shop's
 * own API, and the product-page steps every cart and checkout journey begins with.
 */
import type { Page } from '@playwright/test';
import { baseUrl, expect } from './fixtures.ts';
import { E2E_ENV } from './e2e-env.ts';

/** The API key the journeys' shop runs with (README: API_KEY). */
export const apiKey = E2E_ENV.API_KEY;

/**
 * Sends a GraphQL query to the shop under test and returns `data`.
 * @throws Error with the API's first message when the answer has errors
 */
export async function apiQuery<T>(query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-apikey': apiKey },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length || !body.data) {
    throw new Error(`GraphQL: ${body.errors?.[0]?.message ?? response.status}`);
  }
  return body.data;
}

/** A product with sizes: its path, name and a size with stock. */
export interface SizedProduct {
  url: string;
  name: string;
  size: string;
}

/** A helmet with at least two sizes and one with 3+ units in stock, found through the API. */
export async function sizedProduct(): Promise<SizedProduct> {
  const data = await apiQuery<{
    products: {
      products: Array<{
        canonicalUrl: string;
        name: string;
        skus: Array<{ name: string; stock: { inStock: number } }>;
      }>;
    };
  }>(`{ products(categoryAlias: "hjalmar", take: 30) { products { canonicalUrl name
    skus { name stock { inStock } } } } }`);
  for (const product of data.products.products) {
    const sku = product.skus.find((s) => s.stock.inStock >= 3);
    if (product.skus.length >= 2 && sku) {
      return { url: product.canonicalUrl, name: product.name, size: sku.name };
    }
  }
  throw new Error('no helmet with sizes in stock');
}

/** Opens the product page, waits until it is hydrated and chooses the size. */
export async function openProduct(page: Page, product: SizedProduct): Promise<void> {
  await page.goto(`${baseUrl()}${product.url}`);
  // Hydrated: the form then posts with a fetcher and shows the notification.
  await page.locator('form.add-to-cart input[name="js"]').waitFor({ state: 'attached' });
  // A product with one size has no size picker: that size is the one added.
  const size = page.getByRole('radio', { name: new RegExp(`^${product.size}`) });
  if ((await page.getByRole('radio').count()) > 0) await size.check();
}

/** Opens the product page, adds the size to the cart and waits for the notification. */
export async function addToCart(page: Page, product: SizedProduct): Promise<void> {
  await openProduct(page, product);
  await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Tillagd i varukorgen' })).toHaveCount(
    1,
    {
      timeout: 10_000,
    },
  );
}

/** A private person's checkout details. */
export interface Shopper {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * On /kassan (hydrated, cart with items): zip 11122 -> "Leverans till ombud", the shopper as a
 * private person (personnummer, Storgatan 1, Stockholm), Faktura, terms, "Slutför köp"; waits for
 * the confirmation. `timeout` in milliseconds for the server steps.
 */
export async function placeInvoiceOrder(
  page: Page,
  shopper: Shopper,
  timeout = 15_000,
): Promise<void> {
  const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
  const form = page.locator('form').filter({ has: field('Postnummer') });
  await field('Postnummer').fill('11122');
  await form.getByRole('button', { name: 'Visa leveranssätt' }).click();
  await expect
    .poll(() => page.getByRole('radio', { name: /Leverans till ombud/ }).count(), { timeout })
    .toBe(1);
  await page.getByRole('radio', { name: /Leverans till ombud/ }).check();
  await field('Personnummer').fill('19900101-0017');
  await field('E-post').fill(shopper.email);
  await field('Förnamn').fill(shopper.firstName);
  await field('Efternamn').fill(shopper.lastName);
  await field('Gatuadress').fill('Storgatan 1');
  await field('Ort').fill('Stockholm');
  await field('Mobilnummer').fill('0701234567');
  await page.getByRole('radio', { name: /^Faktura/ }).check();
  await page.getByLabel('Jag godkänner köpvillkoren').check();
  await page.getByRole('button', { name: /^Slutför köp/ }).click();
  await page.waitForURL(/\/checkout\/confirm\?/, { timeout });
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout })
    .toBe('Tack för din beställning!');
}
