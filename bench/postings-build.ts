/**
 * `npx tsx bench/postings-build.ts --database-url URL [--changes 1,10,100,1000]`: how long the
 * facet postings of a catalogue take to build (issue 5, "Speed"; facet-postings.ts), in
 * milliseconds: the full build, then an incremental build after each write that renames
 * `changes` random products (their name gets " ·"; the names are restored at the end, with one
 * more build). The database must be migrated and seeded (e.g. `DATABASE_URL=URL npx tsx
 * src/db/seed-cli.ts --products 100000` in `apps/api`); its postings are rebuilt, its products
 * renamed and renamed back. Prints figures only.
 */
import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { createDb } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { buildFacetPostings } from '../apps/api/src/modules/catalog/facet-postings.ts';

const USAGE = 'Usage: bench/postings-build.ts --database-url URL [--changes 1,10,100,1000]';
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  return args[i]!.includes('=') ? args[i]!.split('=')[1] : args[i + 1];
};
const url = option('--database-url');
const changes = (option('--changes') ?? '1,10,100,1000').split(',').map(Number);
if (!url || changes.some((n) => !Number.isSafeInteger(n) || n < 1)) {
  console.error(USAGE);
  process.exit(2);
}

const handle = await createDb({ databaseUrl: url, poolMax: 2 });
try {
  await runMigrations(handle);
  const timed = async (fn: () => Promise<unknown>) => {
    const start = performance.now();
    const result = await fn();
    return { result, ms: performance.now() - start };
  };
  const count = (
    (await handle.db.execute(sql`select count(*)::int as n from products`)) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows[0]!.n;
  await handle.db.execute(sql`delete from facet_postings`);
  const full = await timed(() => buildFacetPostings(handle.db));
  console.log(`\nFacet postings of ${count} products (${handle.description}):\n`);
  console.log('| build | kind | ms |');
  console.log('|---|---|---:|');
  console.log(`| everything | ${full.result} | ${full.ms.toFixed(0)} |`);
  for (const n of changes) {
    await handle.db.execute(
      sql`update products set name = name || ' ·' where id in (select id from products order by random() limit ${n})`,
    );
    const build = await timed(() => buildFacetPostings(handle.db));
    console.log(`| after renaming ${n} products | ${build.result} | ${build.ms.toFixed(0)} |`);
  }
  await handle.db.execute(
    sql`update products set name = regexp_replace(name, '( ·)+$', '') where name like '% ·'`,
  );
  const restore = await timed(() => buildFacetPostings(handle.db));
  console.log(`| after restoring the names | ${restore.result} | ${restore.ms.toFixed(0)} |`);
} finally {
  await handle.close();
}
