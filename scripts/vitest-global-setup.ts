/**
 * Vitest global setup of the unit and API tests, before the workers start: builds the
 * storefront when stale, once, so that test files serving it in parallel never build it at the
 * same time (each still calls buildIfStale, which is then a no-op), and makes the template
 * databases the API tests copy (apps/api/test/db-templates.ts), so that the workers do not each
 * make them.
 */
import { prepareTestDbTemplates } from '../apps/api/test/db-templates.ts';
import { buildIfStale } from './build-if-stale.ts';

export default async function setup(): Promise<void> {
  buildIfStale();
  await prepareTestDbTemplates();
}
