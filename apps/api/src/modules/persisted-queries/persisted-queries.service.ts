/**
 * The database store of automatic persisted queries (APQ, sha256 extension). Yoga's APQ plugin
 * checks that a hash matches its query before it stores it.
 */
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { persistedQueries } from './persisted-queries.tables.ts';

/** The shape @graphql-yoga/plugin-apq expects of a store. */
export interface PersistedQueryStore {
  get(hash: string): Promise<string | null>;
  set(hash: string, query: string): Promise<void>;
}

/** Longest query text accepted for storage (characters). */
export const MAX_PERSISTED_QUERY_LENGTH = 100_000;

/** Options of {@link createPersistedQueryStore}. */
export interface PersistedQueryStoreOptions {
  /**
   * Most query texts kept in process memory (default 1000). A hash names its text for ever (the
   * APQ plugin checks the sha256), so the memory copy never goes stale; 0 turns it off.
   */
  memoryEntries?: number;
}

/**
 * A store backed by the `persisted_queries` table, shared by every instance, with an in-process
 * LRU of hash -> query text in front: a known hash costs no statement, an unknown one a look-up,
 * a registration one insert (an existing hash is a no-op). Misses are not cached, so a hash
 * registered by another instance is found on the next request.
 */
export function createPersistedQueryStore(
  db: Database,
  options: PersistedQueryStoreOptions = {},
): PersistedQueryStore {
  const max = options.memoryEntries ?? 1000;
  const memory = max > 0 ? new LRUCache<string, string>({ max }) : null;
  return {
    async get(hash) {
      const key = hash.toLowerCase();
      const known = memory?.get(key);
      if (known !== undefined) return known;
      const [row] = await db
        .select({ query: persistedQueries.query })
        .from(persistedQueries)
        .where(eq(persistedQueries.hash, key))
        .limit(1);
      if (row) memory?.set(key, row.query);
      return row?.query ?? null;
    },
    async set(hash, query) {
      if (query.length > MAX_PERSISTED_QUERY_LENGTH) return;
      const key = hash.toLowerCase();
      await db.insert(persistedQueries).values({ hash: key, query }).onConflictDoNothing();
      memory?.set(key, query);
    },
  };
}
