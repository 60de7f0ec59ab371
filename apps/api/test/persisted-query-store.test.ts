/**
 * The persisted-query store: texts found once are served from memory, misses and other
 * instances' registrations still reach the database (on every database kind).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, type DbHandle } from '../src/db/client.ts';
import { createPersistedQueryStore } from '../src/modules/persisted-queries/persisted-queries.service.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const HASH = 'AB'.repeat(32);

describe.each(testDatabaseKinds())('persisted-query store on %s', (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('serves a registered text without a statement and finds texts other instances stored', async () => {
    const first = createPersistedQueryStore(handle.db);
    const second = createPersistedQueryStore(handle.db);

    const miss = await countStatements(() => second.get(HASH));
    expect(miss.result).toBeNull();
    expect(miss.counter.count).toBe(1);

    await first.set(HASH, '{ channel { id } }');
    const own = await countStatements(() => first.get(HASH.toLowerCase()));
    expect(own.result).toBe('{ channel { id } }');
    expect(own.counter.count).toBe(0);

    // The earlier miss was not remembered: the second instance reads the new row once.
    const other = await countStatements(() => second.get(HASH));
    expect(other.result).toBe('{ channel { id } }');
    expect(other.counter.count).toBe(1);
    const again = await countStatements(() => second.get(HASH));
    expect(again.counter.count).toBe(0);
  });

  it('reads the database every time when the memory copy is off', async () => {
    const store = createPersistedQueryStore(handle.db, { memoryEntries: 0 });
    const { counter } = await countStatements(async () => {
      await store.get(HASH);
      await store.get(HASH);
    });
    expect(counter.count).toBe(2);
  });
});
