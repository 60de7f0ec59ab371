/**
 * Bounds of the product-list cache (list-cache.ts): least recently used results go first when
 * more than MAX_CACHED_RESULTS results or MAX_CACHED_ROWS rows are kept; a failed computation
 * is not kept. (Invalidation against a real database: apps/api/test/list-cache.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  cached,
  listCacheSize,
  MAX_CACHED_RESULTS,
  MAX_CACHED_ROWS,
  type CacheStamp,
} from './list-cache.ts';

const stamp: CacheStamp = { version: '1', since: '', day: '2026-11-21' };

/** A distinct cache owner: `cached` only uses the database as the key of its cache. */
const owner = () => ({}) as Database;

describe('list cache bounds', () => {
  it('drops the least recently used results beyond the row limit', async () => {
    const db = owner();
    const rows = Array.from({ length: MAX_CACHED_ROWS / 4 }, (_, i) => i);
    let computed = 0;
    const get = (key: string) =>
      cached(db, stamp, key, async () => {
        computed += 1;
        return rows;
      });
    for (const key of ['a', 'b', 'c', 'd']) await get(key);
    expect(computed).toBe(4);
    await get('a'); // a is used again: b is now the oldest
    expect(computed).toBe(4);
    await get('e');
    await Promise.resolve();
    expect(listCacheSize(db)).toBe(4);
    await get('a');
    expect(computed).toBe(5);
    await get('b');
    expect(computed).toBe(6);
  });

  it('keeps at most MAX_CACHED_RESULTS results and never a failure', async () => {
    const db = owner();
    for (let i = 0; i < MAX_CACHED_RESULTS + 10; i += 1) {
      await cached(db, stamp, `k${i}`, async () => i);
    }
    expect(listCacheSize(db)).toBe(MAX_CACHED_RESULTS);
    await expect(
      cached(db, stamp, 'bad', async () => {
        throw new Error('statement failed');
      }),
    ).rejects.toThrow('statement failed');
    await Promise.resolve();
    expect(await cached(db, stamp, 'bad', async () => 'second try')).toBe('second try');
  });

  it('computes again under a new stamp', async () => {
    const db = owner();
    expect(await cached(db, stamp, 'x', async () => 1)).toBe(1);
    expect(await cached(db, stamp, 'x', async () => 2)).toBe(1);
    expect(await cached(db, { ...stamp, version: '2' }, 'x', async () => 3)).toBe(3);
    expect(await cached(db, { ...stamp, version: '2', since: 'x' }, 'x', async () => 4)).toBe(4);
  });
});
