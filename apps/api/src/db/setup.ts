/**
 * Start-up of the data layer: open the configured database, apply migrations when asked
 * (MIGRATE_ON_START) and refuse a schema older than this release; on the embedded database
 * (no DATABASE_URL) seed the demo catalogue when it is empty, so `npm ci && npm start` works.
 * With DATABASE_URL the server never seeds: `npm run db:seed` does (issue 15 "Releases").
 */
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import { createDb, type DbHandle } from './client.ts';
import { runMigrations, schemaStatus, SchemaOutdatedError } from './migrate.ts';
import { isCatalogueEmpty, seedCatalogue } from './seed/seed.ts';
import { ensureFirstAdministrator } from '../modules/staff/first-administrator.ts';

/**
 * Opens the database named by the configuration, migrates it when `config.migrateOnStart`,
 * checks its schema version, (embedded database only) seeds an empty catalogue and creates the
 * first back-office administrator from `config.admin` when no staff user exists (issue 26).
 * @param logger where the pool's "database unavailable/available" lines go (issue 28; default
 *   the process logger)
 * @param options.pgliteLoadDataDir an empty embedded database starts from this data folder
 *   (a PGlite `dumpDataDir` tarball, e.g. a migrated and seeded shop) instead of initdb; for
 *   tests (DbOptions.pgliteLoadDataDir)
 * @throws SchemaOutdatedError when the schema is older than this release (the handle is closed;
 *   entry points print the message and exit 1); the driver's error when the database is down.
 */
export async function prepareDatabase(
  config: Pick<
    Config,
    | 'databaseUrl'
    | 'pgliteDataDir'
    | 'pgliteSharedBuffers'
    | 'pgliteOptimizingCompiler'
    | 'databasePoolMax'
    | 'databasePreparedStatements'
    | 'migrateOnStart'
  > &
    Partial<Pick<Config, 'databaseStatementTimeoutMs' | 'databasePoolWaitMs' | 'admin' | 'auth'>>,
  log: (message: string) => void = console.log,
  logger?: Logger,
  options: { pgliteLoadDataDir?: Blob | undefined } = {},
): Promise<DbHandle> {
  const handle = await createDb({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: config.pgliteDataDir,
    ...(options.pgliteLoadDataDir ? { pgliteLoadDataDir: options.pgliteLoadDataDir } : {}),
    pgliteSharedBuffers: config.pgliteSharedBuffers,
    pgliteOptimizingCompiler: config.pgliteOptimizingCompiler,
    poolMax: config.databasePoolMax,
    preparedStatements: config.databasePreparedStatements,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    poolWaitMs: config.databasePoolWaitMs,
    logger,
  });
  try {
    if (config.migrateOnStart) {
      const applied = await runMigrations(handle);
      if (applied > 0) log(`${handle.description}: applied ${applied} migration(s)`);
    }
    const status = await schemaStatus(handle.db);
    if (!status.current) throw new SchemaOutdatedError(handle.description, status);
    if (handle.kind === 'pglite' && (await isCatalogueEmpty(handle.db))) {
      const started = Date.now();
      const summary = await seedCatalogue(handle.db, {});
      log(
        `Seeded ${summary.products} products, ${summary.skus} SKUs and ${summary.brands} brands in ${Date.now() - started} ms`,
      );
    }
    // Issue 26: the first back-office administrator from ADMIN_EMAIL + ADMIN_PASSWORD.
    if (config.admin && config.auth) {
      const created = await ensureFirstAdministrator(
        handle.db,
        config.admin,
        config.auth.scryptLogN,
      );
      if (created) log(`Created the first back-office administrator ${created.email}`);
    }
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}
