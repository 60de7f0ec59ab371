/**
 * The database store of automatic persisted queries (APQ, sha256 extension). Yoga's APQ plugin
 * checks that a hash matches its query before it stores it.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { persistedQueries } from './persisted-queries.tables.ts';

/** The shape @graphql-yoga/plugin-apq expects of a store. */
export interface PersistedQueryStore {
  get(hash: string): Promise<string | null>;
  set(hash: string, query: string): Promise<void>;
}

/** Longest query text accepted for storage (characters). */
export const MAX_PERSISTED_QUERY_LENGTH = 100_000;

/**
 * A store backed by the `persisted_queries` table: one statement per look-up or registration;
 * registering an existing hash is a no-op.
 */
export function createPersistedQueryStore(db: Database): PersistedQueryStore {
  return {
    async get(hash) {
      const [row] = await db
        .select({ query: persistedQueries.query })
        .from(persistedQueries)
        .where(eq(persistedQueries.hash, hash.toLowerCase()))
        .limit(1);
      return row?.query ?? null;
    },
    async set(hash, query) {
      if (query.length > MAX_PERSISTED_QUERY_LENGTH) return;
      await db
        .insert(persistedQueries)
        .values({ hash: hash.toLowerCase(), query })
        .onConflictDoNothing();
    },
  };
}
