/**
 * Start-up of the data layer: open the configured database, apply migrations and seed the
 * catalogue when it is empty (issue "walking skeleton": `npm start` seeds an empty database).
 */
import type { Config } from '../config.ts';
import { createDb, type DbHandle } from './client.ts';
import { runMigrations } from './migrate.ts';
import { isCatalogueEmpty, seedCatalogue } from './seed/seed.ts';

/** Opens, migrates and (if empty) seeds the database named by the configuration. */
export async function prepareDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDataDir' | 'databasePoolMax'>,
  log: (message: string) => void = console.log,
): Promise<DbHandle> {
  const handle = await createDb({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: config.pgliteDataDir,
    poolMax: config.databasePoolMax,
  });
  await runMigrations(handle);
  if (await isCatalogueEmpty(handle.db)) {
    const started = Date.now();
    const summary = await seedCatalogue(handle.db, {});
    log(
      `Seeded ${summary.products} products, ${summary.skus} SKUs and ${summary.brands} brands in ${Date.now() - started} ms`,
    );
  }
  return handle;
}
