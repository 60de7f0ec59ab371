/**
 * `npm run db:migrate`: applies the committed migrations to the configured database
 * (DATABASE_URL, or PGlite in PGLITE_DATA_DIR) and prints what it did.
 */
import { sql } from 'drizzle-orm';
import { openConfiguredDatabase } from './cli-database.ts';
import { runMigrations } from './migrate.ts';

async function appliedMigrations(handle: Awaited<ReturnType<typeof openConfiguredDatabase>>) {
  try {
    const result = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const rows =
      (result as unknown as { rows?: Array<{ n: number }> }).rows ??
      (result as unknown as Array<{ n: number }>);
    return rows[0]?.n ?? 0;
  } catch {
    return 0;
  }
}

async function main(): Promise<void> {
  const handle = await openConfiguredDatabase();
  try {
    const started = Date.now();
    const before = await appliedMigrations(handle);
    await runMigrations(handle);
    const after = await appliedMigrations(handle);
    const applied = after - before;
    console.log(
      `${handle.description}: ${applied === 0 ? 'schema already up to date' : `applied ${applied} migration(s)`} ` +
        `(${after} in total) in ${Date.now() - started} ms`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
