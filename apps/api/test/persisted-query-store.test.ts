/**
 * The persisted-query store: texts found once are served from memory, misses and other
 * instances' registrations still reach the database; entries record their last use and unused
 * or surplus ones are deleted (on every database kind).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, type DbHandle } from '../src/db/client.ts';
import { persistedQueries } from '../src/db/schema.ts';
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

  it('keeps at most memoryEntries texts in memory, dropping the least recently used', async () => {
    const store = createPersistedQueryStore(handle.db, { memoryEntries: 2 });
    const hash = (n: number) => `c${n}`.padEnd(64, '0');
    for (const n of [1, 2, 3]) await store.set(hash(n), `{ channel { id } } # ${n}`);
    const kept = await countStatements(() => store.get(hash(3)));
    expect(kept.counter.count).toBe(0);
    // The first text was dropped when the third came: read from the database again.
    const dropped = await countStatements(() => store.get(hash(1)));
    expect(dropped.result).toBe('{ channel { id } } # 1');
    expect(dropped.counter.count).toBe(1);
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

describe.each(testDatabaseKinds())('persisted-query expiry on %s (issue 13 §19)', (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(async () => {
    await handle.close();
  });

  const DAY = 24 * 60 * 60 * 1000;
  const hash = (n: number) => n.toString(16).padStart(64, '0');
  const rows = async () =>
    (await handle.db.select().from(persistedQueries)).sort((a, b) => a.hash.localeCompare(b.hash));

  it('marks an entry used (at most daily) and deletes entries unused for maxIdleMs', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const store = createPersistedQueryStore(handle.db, { maxIdleMs: 30 * DAY, now: () => now });
    await store.set(hash(1), '{ a: __typename }');
    await store.set(hash(2), '{ b: __typename }');
    now = new Date(now.getTime() + 20 * DAY);
    expect(await store.get(hash(1))).toBe('{ a: __typename }');
    expect((await rows())[0]!.lastUsedAt).toEqual(now);
    // Within the day: no write.
    const later = new Date(now.getTime() + 60_000);
    now = later;
    const { counter } = await countStatements(() => store.get(hash(1)));
    expect(counter.count).toBe(0);

    now = new Date(now.getTime() + 15 * DAY);
    await store.prune();
    expect((await rows()).map((r) => r.hash)).toEqual([hash(1)]);
    expect(await createPersistedQueryStore(handle.db).get(hash(2))).toBeNull();
  });

  it('keeps at most maxEntries, dropping the least recently used, when a text is registered', async () => {
    await handle.db.delete(persistedQueries);
    let now = new Date('2026-03-01T00:00:00Z');
    const store = createPersistedQueryStore(handle.db, { maxEntries: 3, now: () => now });
    for (let i = 1; i <= 5; i++) {
      await store.set(hash(i), `{ q${i}: __typename }`);
      now = new Date(now.getTime() + 60_000);
    }
    // The first registration pruned (hourly); a prune now keeps the 3 most recently used.
    await store.prune();
    expect((await rows()).map((r) => r.hash)).toEqual([hash(3), hash(4), hash(5)]);
  });
});
