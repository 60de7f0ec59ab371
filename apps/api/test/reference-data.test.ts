/**
 * The shared copy of channel directory and category tree: served without statements while
 * fresh, read again after `ttlMs`, and re-read at once when off or invalidated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { countStatements, type DbHandle } from '../src/db/client.ts';
import { markets } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createReferenceData } from '../src/graphql/reference-data.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

describe.each(testDatabaseKinds())('reference data on %s', (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 20 });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('serves one copy until it is ttlMs old, then reads the change', async () => {
    let now = 1_000_000;
    const reference = createReferenceData(handle.db, 10_000, () => now);
    const first = await countStatements(async () => {
      await reference.directory();
      await reference.categoryTree();
    });
    expect(first.counter.count).toBe(6);

    await handle.db.update(markets).set({ groupKey: 'Ändrad' }).where(eq(markets.alias, 'no'));
    now += 9_999;
    const fresh = await countStatements(() => reference.directory());
    expect(fresh.counter.count).toBe(0);
    expect(marketGroup(fresh.result, 'no')).not.toBe('Ändrad');

    now += 1;
    const reread = await countStatements(() => reference.directory());
    expect(reread.counter.count).toBe(5);
    expect(marketGroup(reread.result, 'no')).toBe('Ändrad');

    reference.invalidate();
    const afterInvalidate = await countStatements(() => reference.categoryTree());
    expect(afterInvalidate.counter.count).toBe(1);
  });

  it('reads the database on every call with ttlMs 0', async () => {
    const reference = createReferenceData(handle.db, 0);
    const { counter } = await countStatements(async () => {
      await reference.directory();
      await reference.directory();
    });
    expect(counter.count).toBe(10);
  });
});

function marketGroup(
  directory: Awaited<ReturnType<ReturnType<typeof createReferenceData>['directory']>>,
  alias: string,
): string | undefined {
  return directory.channels.flatMap((c) => c.allMarkets).find((m) => m.alias === alias)?.groupKey;
}
