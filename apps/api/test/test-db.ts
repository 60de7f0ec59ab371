/**
 * Fresh, migrated databases for tests: in-memory PGlite always, and a throw-away database on
 * the PostgreSQL server named by TEST_DATABASE_URL when it is set (CI sets it).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type DbHandle } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';

/** The database kinds the current run tests against. */
export function testDatabaseKinds(): Array<'pglite' | 'postgres'> {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * Opens a new empty database of that kind with all migrations applied. On PostgreSQL it
 * creates a uniquely named database and drops it again in `close()`.
 */
export async function openTestDb(kind: 'pglite' | 'postgres'): Promise<DbHandle> {
  if (kind === 'pglite') {
    const handle = await createDb({ pgliteDataDir: 'memory://' });
    await runMigrations(handle);
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), poolMax: 4 });
  await runMigrations(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
