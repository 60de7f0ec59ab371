/**
 * Statements marked `prepared` (db/client.ts): prepared once per PostgreSQL connection and run
 * by name afterwards, up to the configured number of texts; PGlite runs them as they are.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createDb, prepared, preparedStatementName } from '../src/db/client.ts';
import {
  postingsFacetStatement,
  postingsRankedPageStatement,
  type PostingsList,
} from '../src/modules/catalog/postings-statements.ts';

const url = process.env.TEST_DATABASE_URL;

/** The SQL text a statement is sent with (what the pool's client sees). */
const textOf = (query: SQL) => new PgDialect().sqlToQuery(query).sql;

describe('prepared statements', () => {
  it('a statement marked prepared() gets a name, up to the limit; an unmarked one never', () => {
    const names = new Map<string, string>();
    const a = textOf(prepared(sql`select ${1}::int as a`));
    const name = preparedStatementName(a, names, 2);
    expect(name).toMatch(/^p_[0-9a-f]{40}$/);
    // The same text (other values) runs under the same name.
    expect(preparedStatementName(textOf(prepared(sql`select ${2}::int as a`)), names, 2)).toBe(
      name,
    );
    expect(preparedStatementName(textOf(sql`select ${1}::int as a`), names, 2)).toBeUndefined();
    expect(preparedStatementName(textOf(prepared(sql`select 1 as b`)), names, 2)).toBeDefined();
    expect(preparedStatementName(textOf(prepared(sql`select 1 as c`)), names, 2)).toBeUndefined();
  });

  it("the product lists' postings statements are marked prepared() (issue 5)", () => {
    const list: PostingsList = {
      scope: [sql`'all'`],
      words: null,
      typo: null,
      groups: [],
      byGroup: true,
    };
    const names = new Map<string, string>();
    const facets = textOf(postingsFacetStatement(list, 'se', new Date()));
    const page = textOf(postingsRankedPageStatement(list, 0, 24));
    expect(preparedStatementName(facets, names, 32)).toBeDefined();
    expect(preparedStatementName(page, names, 32)).toBeDefined();
  });

  it('run on PGlite with the same results', async () => {
    const handle = await createDb({ pgliteDataDir: 'memory://' });
    try {
      const result = (await handle.db.execute(
        prepared(sql`select ${41}::int + 1 as n`),
      )) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(result.rows).toEqual([{ n: 42 }]);
    } finally {
      await handle.close();
    }
  });

  it.skipIf(!url)(
    'are prepared once per PostgreSQL connection, up to the limit of texts',
    async () => {
      // One connection, so the session's prepared statements are the pool's.
      const handle = await createDb({ databaseUrl: url, poolMax: 1, maxPreparedTexts: 2 });
      const rows = async (query: ReturnType<typeof sql>) =>
        ((await handle.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> })
          .rows;
      try {
        for (const value of [1, 2, 3]) {
          expect(await rows(prepared(sql`select ${value}::int as a`))).toEqual([{ a: value }]);
        }
        expect(await rows(prepared(sql`select ${4}::int as b`))).toEqual([{ b: 4 }]);
        // A third text runs unprepared; unmarked statements are never prepared.
        expect(await rows(prepared(sql`select ${5}::int as c`))).toEqual([{ c: 5 }]);
        expect(await rows(sql`select ${6}::int as d`)).toEqual([{ d: 6 }]);
        const statements = await rows(
          sql`select statement from pg_prepared_statements order by statement`,
        );
        expect(statements.map((r) => String(r.statement))).toEqual([
          '/* prepared */ select $1::int as a',
          '/* prepared */ select $1::int as b',
        ]);
      } finally {
        await handle.close();
      }
    },
  );
});
