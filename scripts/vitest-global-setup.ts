/**
 * Vitest global setup of the unit and API tests, before the workers start: builds the
 * storefront when stale, once, so that test files serving it in parallel never build it at the
 * same time (each still calls buildIfStale, which is then a no-op), and makes the template
 * databases the API tests copy (apps/api/test/db-templates.ts), so that the workers do not each
 * make them, and the seeded shop database that the tests starting a whole shop copy
 * (apps/storefront/tests/e2e/shop-template.ts).
 */
import { prepareTestDbTemplates } from '../apps/api/test/db-templates.ts';
import { makeShopTemplate } from '../apps/storefront/tests/e2e/shop-template.ts';
import { buildIfStale } from './build-if-stale.ts';

/** Builds the storefront, makes the template databases; returns the teardown. */
export default async function setup(): Promise<() => void> {
  buildIfStale();
  await prepareTestDbTemplates();
  // The seeded shop the tests that start a shop copy (E2E_SHOP_TEMPLATE, inherited by the
  // workers): one seed of 640 products instead of one per started shop.
  return makeShopTemplate();
}
