/**
 * In-process cache of product-list results (issue 5, "Speed"): the count, the page rows and the
 * facet rows of `products` queries, per database, so a popular list (a category page, a search
 * term) is computed once and then served from memory until something it depends on changes.
 *
 * Correctness rests on a stamp read from the database before a result is computed (one
 * statement per request, see {@link readStamp}); a cached result is used only when it was
 * computed under the same stamp:
 * - `version` of `catalogue_state`, raised by statement triggers in the same transaction as any
 *   write to products, their categories, SKUs, parameters, brands, categories, search documents,
 *   prices, campaigns or campaign prices (migration `0007_catalogue_version`). Read first, so a
 *   result computed from newer data is at worst stored under an older version (never the
 *   reverse).
 * - `since`: the latest campaign start or end at or before `now`. Which campaigns are active
 *   (selling prices, discount buckets, `/dc/` and `/l/rea` lists) only changes at those moments.
 * - the UTC date of `now` (the `/l/nyheter` list counts NEWS_WINDOW_DAYS back from it).
 * Stock is not part of the stamp: callers do not cache what reads stock (the `/l/i-lager` list,
 * the stock sorts).
 *
 * The category tree used to build a statement comes from the request context; a tree cached by
 * the process (reference data) may lag a category change by its time-to-live.
 */
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { latestCampaignBoundarySql } from '../pricing/campaign-price.ts';

/** What a cached result was computed under; see the module comment. */
export interface CacheStamp {
  /** `catalogue_state.version` as text. */
  version: string;
  /** Latest campaign boundary at or before `now` (ISO text), or '' when there is none. */
  since: string;
  /** UTC date of `now`, YYYY-MM-DD. */
  day: string;
}

/** Most results kept per database (least recently used dropped first). */
export const MAX_CACHED_RESULTS = 500;
/**
 * Most memory the results of one database may take, in bytes as {@link estimateBytes} counts
 * them (least recently used dropped first; issue 28). A result larger than this is not kept.
 */
export const MAX_CACHED_BYTES = 16 * 1024 * 1024;

/**
 * An estimate of the JavaScript heap a result takes, in bytes: 16 per string plus one per
 * character (V8 keeps Latin-1 text, Swedish included, in one byte a character), 16 per number,
 * date or other value, 16 per object or array plus 8 per property or element. Property names are
 * not counted (rows of one statement share them). Nesting deeper than 8 counts 16.
 */
export function estimateBytes(value: unknown, depth = 0): number {
  if (typeof value === 'string') return 16 + value.length;
  if (value === null || typeof value !== 'object' || value instanceof Date || depth >= 8) {
    return 16;
  }
  let bytes = 16;
  if (Array.isArray(value)) {
    for (const item of value) bytes += 8 + estimateBytes(item, depth + 1);
    return bytes;
  }
  for (const key in value) {
    bytes += 8 + estimateBytes((value as Record<string, unknown>)[key], depth + 1);
  }
  return bytes;
}

interface Entry {
  stamp: string;
  value: Promise<unknown>;
}

interface DatabaseCache {
  enabled: boolean;
  /**
   * Results by key, least recently used dropped first. An entry's size is its estimated bytes
   * ({@link estimateBytes}) once resolved, 1 before.
   */
  entries: LRUCache<string, Entry>;
  /** One stamp read per request: keyed by the request's `now` (one Date per GraphQL context). */
  stamps: WeakMap<Date, Promise<CacheStamp | null>>;
}

const caches = new WeakMap<Database, DatabaseCache>();

function cacheOf(db: Database): DatabaseCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = {
      enabled: true,
      entries: new LRUCache<string, Entry>({
        max: MAX_CACHED_RESULTS,
        maxSize: MAX_CACHED_BYTES,
        sizeCalculation: () => 1,
      }),
      stamps: new WeakMap(),
    };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Turns the cache of `db` on (default) or off; off also empties it. For the bench
 * (`bench/discovery.ts --no-cache` measures the statements themselves) and tests.
 */
export function setListCacheEnabled(db: Database, enabled: boolean): void {
  const cache = cacheOf(db);
  cache.enabled = enabled;
  if (!enabled) cache.entries.clear();
}

/** Number of results cached for `db` (tests). */
export function listCacheSize(db: Database): number {
  return cacheOf(db).entries.size;
}

/** What the cache of `db` holds: results, and their estimated bytes (memory report). */
export function listCacheStats(db: Database): { results: number; size: number } {
  const entries = cacheOf(db).entries;
  return { results: entries.size, size: entries.calculatedSize };
}

/**
 * Reads the stamp of `now` (one statement, once per `now` object); null when the cache is off
 * or the database has no `catalogue_state` row (nothing is cached then).
 */
export function readStamp(db: Database, now: Date): Promise<CacheStamp | null> {
  const cache = cacheOf(db);
  if (!cache.enabled) return Promise.resolve(null);
  let stamp = cache.stamps.get(now);
  if (!stamp) {
    const at = now.toISOString();
    stamp = db
      .execute(
        sql`select (select version::text from catalogue_state where id = 1) as version,
          ${latestCampaignBoundarySql(now)}::text as since`,
      )
      .then((result) => {
        const row = (
          result as unknown as { rows: Array<{ version: string | null; since: string | null }> }
        ).rows[0];
        if (!row || row.version === null) return null;
        return { version: String(row.version), since: row.since ?? '', day: at.slice(0, 10) };
      });
    cache.stamps.set(now, stamp);
  }
  return stamp;
}

/**
 * The result of `compute` for `key`, from the cache when it was computed under `stamp`;
 * otherwise computes it (concurrent callers share one computation) and keeps it. A failed
 * computation is not kept. `stamp` null: computes without caching. `compute` must return a
 * real Promise (an `async` function): a Drizzle query builder would run again when awaited.
 */
export function cached<T>(
  db: Database,
  stamp: CacheStamp | null,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  const cache = cacheOf(db);
  if (!stamp || !cache.enabled) return compute();
  const stampKey = `${stamp.version}|${stamp.since}|${stamp.day}`;
  const entry = cache.entries.get(key);
  if (entry && entry.stamp === stampKey) return entry.value as Promise<T>;
  const value = compute();
  const fresh: Entry = { stamp: stampKey, value };
  cache.entries.set(key, fresh);
  value.then(
    (result) => {
      // Resolved: the entry counts its bytes (a new object, so the cache takes the new size;
      // lru-cache does not keep an entry larger than the whole bound).
      if (cache.entries.peek(key) !== fresh) return;
      cache.entries.set(key, { ...fresh }, { size: estimateBytes(result) });
    },
    () => {
      if (cache.entries.peek(key) === fresh) cache.entries.delete(key);
    },
  );
  return value;
}
