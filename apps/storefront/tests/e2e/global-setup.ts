/**
 * Starts one shop for the browser journeys (playwright.config.ts): builds the storefront if
 * stale, makes the run's migrated and seeded shop database (shop-template.ts, which every shop
 * of the run copies), then serves the shop on a random port with an in-memory PGlite database
 * copied from it. Its URL reaches the test workers as `E2E_BASE_URL` (workers inherit the
 * runner's environment, E2E_SHOP_TEMPLATE too); the returned function stops it after the run.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from '../../../../scripts/build-if-stale.ts';
import { E2E_ENV } from './e2e-env.ts';
import { makeShopTemplate, shopTemplate } from './shop-template.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  buildIfStale();
  process.env.NODE_ENV = 'production';
  const removeTemplate = await makeShopTemplate();
  const { startServer } = await import('../../server.ts');
  // Uploaded images (the back-office catalogue journey) in a folder of this run.
  const MEDIA_STORAGE_DIR = await mkdtemp(join(tmpdir(), 'trampa-e2e-media-'));
  const server = await startServer({
    port: 0,
    env: { ...process.env, ...E2E_ENV, MEDIA_STORAGE_DIR },
    pgliteLoadDataDir: shopTemplate(),
  });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.close();
    removeTemplate();
  };
}
