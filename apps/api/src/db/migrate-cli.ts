/**
 * `npm run db:migrate`, the release step (issue 15): applies the committed migrations to the
 * configured database (DATABASE_URL, or PGlite in PGLITE_DATA_DIR) under the migration lock, so
 * concurrent runs migrate once, and prints what it did.
 */
import { openConfiguredDatabase } from './cli-database.ts';
import { runMigrations, schemaStatus } from './migrate.ts';

async function main(): Promise<void> {
  const handle = await openConfiguredDatabase();
  try {
    const started = Date.now();
    const applied = await runMigrations(handle);
    const { applied: total } = await schemaStatus(handle.db);
    console.log(
      `${handle.description}: ${applied === 0 ? 'schema already up to date' : `applied ${applied} migration(s)`} ` +
        `(${total} in total) in ${Date.now() - started} ms`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
