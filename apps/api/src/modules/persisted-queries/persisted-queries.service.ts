/**
 * The database store of automatic persisted queries (APQ, sha256 extension). The GraphQL layer
 * (src/graphql/persisted-queries.ts) checks that a hash matches its query and that the query
 * parses and validates before it stores it (issue 13 §19); this store caps the text's size,
 * records when an entry was last used and deletes entries unused for {@link
 * PersistedQueryStoreOptions.maxIdleMs} or beyond {@link PersistedQueryStoreOptions.maxEntries}.
 */
import { desc, eq, lt, lte } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { persistedQueries } from './persisted-queries.tables.ts';

/** The store the APQ plugin uses. */
export interface PersistedQueryStore {
  /** The text registered under `hash` (any case), or null. Marks it used (at most daily). */
  get(hash: string): Promise<string | null>;
  /**
   * Stores `query` under `hash` (an existing hash is a no-op); a text longer than
   * {@link MAX_PERSISTED_QUERY_LENGTH} is not stored. Now and then (hourly) deletes stale entries.
   */
  set(hash: string, query: string): Promise<void>;
  /** Deletes entries unused since `now - maxIdleMs`, then the least recently used beyond `maxEntries`. */
  prune(now?: Date): Promise<void>;
}

/**
 * Longest query text accepted for storage (characters). Our storefront's largest operation is
 * ~3 000 characters; a longer text still runs, it is only not stored (issue 13 §19).
 */
export const MAX_PERSISTED_QUERY_LENGTH = 20_000;

/** One day: `lastUsedAt` is moved forward at most this often per hash and process. */
const TOUCH_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** One hour: how often a process prunes, on a registration. */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Options of {@link createPersistedQueryStore}. */
export interface PersistedQueryStoreOptions {
  /**
   * Most query texts kept in process memory (default 1000). A hash names its text for ever (the
   * APQ plugin checks the sha256), so the memory copy never goes stale; 0 turns it off.
   */
  memoryEntries?: number;
  /** Entries unused this long are deleted (ms; default 30 days). */
  maxIdleMs?: number;
  /** Most entries kept in the table (default 10 000); the least recently used go first. */
  maxEntries?: number;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * A store backed by the `persisted_queries` table, shared by every instance, with an in-process
 * LRU of hash -> query text in front: a known hash costs no statement (but one update a day to
 * mark it used), an unknown one a look-up, a registration one insert. Misses are not cached, so
 * a hash registered by another instance is found on the next request.
 */
export function createPersistedQueryStore(
  db: Database,
  options: PersistedQueryStoreOptions = {},
): PersistedQueryStore {
  const max = options.memoryEntries ?? 1000;
  const maxIdleMs = options.maxIdleMs ?? 30 * TOUCH_INTERVAL_MS;
  const maxEntries = options.maxEntries ?? 10_000;
  const clock = options.now ?? (() => new Date());
  const memory =
    max > 0 ? new LRUCache<string, { query: string; touchedAt: number }>({ max }) : null;
  let lastPrune = 0;

  const touch = async (key: string, now: Date) => {
    await db
      .update(persistedQueries)
      .set({ lastUsedAt: now })
      .where(eq(persistedQueries.hash, key));
  };

  const store: PersistedQueryStore = {
    async get(hash) {
      const key = hash.toLowerCase();
      const now = clock();
      const known = memory?.get(key);
      if (known !== undefined) {
        if (now.getTime() - known.touchedAt >= TOUCH_INTERVAL_MS) {
          known.touchedAt = now.getTime();
          await touch(key, now);
        }
        return known.query;
      }
      const [row] = await db
        .select({ query: persistedQueries.query, lastUsedAt: persistedQueries.lastUsedAt })
        .from(persistedQueries)
        .where(eq(persistedQueries.hash, key))
        .limit(1);
      if (!row) return null;
      let touchedAt = row.lastUsedAt.getTime();
      if (now.getTime() - touchedAt >= TOUCH_INTERVAL_MS) {
        touchedAt = now.getTime();
        await touch(key, now);
      }
      memory?.set(key, { query: row.query, touchedAt });
      return row.query;
    },
    async set(hash, query) {
      if (query.length > MAX_PERSISTED_QUERY_LENGTH) return;
      const key = hash.toLowerCase();
      const now = clock();
      await db
        .insert(persistedQueries)
        .values({ hash: key, query, createdAt: now, lastUsedAt: now })
        .onConflictDoNothing();
      memory?.set(key, { query, touchedAt: now.getTime() });
      if (now.getTime() - lastPrune >= PRUNE_INTERVAL_MS) {
        lastPrune = now.getTime();
        await store.prune(now);
      }
    },
    async prune(now = clock()) {
      await db
        .delete(persistedQueries)
        .where(lt(persistedQueries.lastUsedAt, new Date(now.getTime() - maxIdleMs)));
      // The newest entry past the cap: it and everything used before it go.
      const [edge] = await db
        .select({ lastUsedAt: persistedQueries.lastUsedAt })
        .from(persistedQueries)
        .orderBy(desc(persistedQueries.lastUsedAt))
        .offset(maxEntries)
        .limit(1);
      if (edge) {
        await db.delete(persistedQueries).where(lte(persistedQueries.lastUsedAt, edge.lastUsedAt));
      }
      // The memory copies stay: a hash still names its text, and they age out of the LRU.
    },
  };
  return store;
}
