/**
 * Starts one shop for the browser journeys (playwright.config.ts): builds the storefront if
 * stale, makes the run's migrated and seeded shop database (shop-template.ts, which every shop
 * of the run copies), then serves the shop on a random port with an in-memory PGlite database
 * copied from it. Its URL reaches the test workers as `E2E_BASE_URL` (workers inherit the
 * runner's environment, E2E_SHOP_TEMPLATE too); the returned function stops it after the run.
 */
import { buildIfStale } from '../../../../scripts/build-if-stale.ts';
import { E2E_ENV } from './e2e-env.ts';
import { makeShopTemplate, shopTemplate } from './shop-template.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  buildIfStale();
  process.env.NODE_ENV = 'production';
  const removeTemplate = await makeShopTemplate();
  const { startServer } = await import('../../server.ts');
  const server = await startServer({
    port: 0,
    env: { ...process.env, ...E2E_ENV },
    pgliteLoadDataDir: shopTemplate(),
  });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.close();
    removeTemplate();
  };
}
