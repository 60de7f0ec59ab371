/**
 * Bounds of the product-list cache (list-cache.ts): least recently used results go first when
 * more than MAX_CACHED_RESULTS results or MAX_CACHED_BYTES (estimated) are kept; a failed computation
 * is not kept. (Invalidation against a real database: apps/api/test/list-cache.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  cached,
  listCacheSize,
  MAX_CACHED_RESULTS,
  estimateBytes,
  listCacheStats,
  MAX_CACHED_BYTES,
  type CacheStamp,
} from './list-cache.ts';

const stamp: CacheStamp = { version: '1', since: '', day: '2026-11-21' };

/** A distinct cache owner: `cached` only uses the database as the key of its cache. */
const owner = () => ({}) as Database;

describe('list cache bounds', () => {
  it('drops the least recently used results beyond the byte limit', async () => {
    const db = owner();
    // Four results of a quarter of the bound each fill it exactly.
    const quarter = 'x'.repeat(MAX_CACHED_BYTES / 4 - 16);
    expect(estimateBytes(quarter)).toBe(MAX_CACHED_BYTES / 4);
    let computed = 0;
    const get = (key: string) =>
      cached(db, stamp, key, async () => {
        computed += 1;
        return quarter;
      });
    for (const key of ['a', 'b', 'c', 'd']) await get(key);
    await Promise.resolve();
    expect(computed).toBe(4);
    expect(listCacheStats(db)).toEqual({ results: 4, size: MAX_CACHED_BYTES });
    await get('a'); // a is used again: b is now the oldest
    expect(computed).toBe(4);
    await get('e');
    await Promise.resolve();
    expect(listCacheSize(db)).toBe(4);
    expect(listCacheStats(db).size).toBeLessThanOrEqual(MAX_CACHED_BYTES);
    await get('a');
    expect(computed).toBe(5);
    await get('b');
    expect(computed).toBe(6);
  });

  it('does not keep a result larger than the whole bound', async () => {
    const db = owner();
    const huge = 'x'.repeat(MAX_CACHED_BYTES);
    let computed = 0;
    const get = () =>
      cached(db, stamp, 'huge', async () => {
        computed += 1;
        return huge;
      });
    expect(await get()).toBe(huge);
    await Promise.resolve();
    expect(listCacheSize(db)).toBe(0);
    await get();
    expect(computed).toBe(2);
  });

  it('estimates the bytes of rows', () => {
    expect(estimateBytes('abc')).toBe(19);
    expect(estimateBytes(42)).toBe(16);
    // An array of one row: 16 + (8 + object(16 + 8 + 19 + 8 + 16)).
    expect(estimateBytes([{ name: 'abc', count: 1 }])).toBe(91);
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
