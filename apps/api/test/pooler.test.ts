/**
 * Issue 15 "Pooler-safe": PgBouncer and managed poolers refuse startup options (`-c jit=off`)
 * and, in transaction mode, keep no prepared statements. The pool sets jit per session with a
 * plain SET and prepares nothing when DATABASE_PREPARED_STATEMENTS=false.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createDb, prepared } from '../src/db/client.ts';

const url = process.env.TEST_DATABASE_URL;

type Rows = { rows: Array<Record<string, unknown>> };

describe.skipIf(!url)('a PostgreSQL pool behind a connection pooler', () => {
  it('sends no startup options: jit is off by a SET in the session, not by the client', async () => {
    const handle = await createDb({ databaseUrl: url, poolMax: 1 });
    try {
      const result = (await handle.db.execute(
        sql`select setting, source from pg_settings where name = 'jit'`,
      )) as unknown as Rows;
      // 'client' would mean a startup parameter, which poolers reject.
      expect(result.rows).toEqual([{ setting: 'off', source: 'session' }]);
    } finally {
      await handle.close();
    }
  });

  it('prepares no statement with DATABASE_PREPARED_STATEMENTS=false', async () => {
    const config = loadConfig({ DATABASE_URL: url, DATABASE_PREPARED_STATEMENTS: 'false' });
    expect(config.databasePreparedStatements).toBe(false);
    const handle = await createDb({
      databaseUrl: url,
      poolMax: 1,
      preparedStatements: config.databasePreparedStatements,
    });
    try {
      const rows = async (query: ReturnType<typeof sql>) =>
        ((await handle.db.execute(query)) as unknown as Rows).rows;
      expect(await rows(prepared(sql`select ${7}::int as a`))).toEqual([{ a: 7 }]);
      expect(await rows(prepared(sql`select ${8}::int as a`))).toEqual([{ a: 8 }]);
      expect(await rows(sql`select count(*)::int as n from pg_prepared_statements`)).toEqual([
        { n: 0 },
      ]);
    } finally {
      await handle.close();
    }
  });
});
