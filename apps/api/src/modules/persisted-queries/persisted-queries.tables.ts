/**
 * Automatic persisted queries (APQ): query texts by their SHA-256 hash, stored in the database so
 * every API instance shares them (ARCHITECTURE "Server state: PostgreSQL only").
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A registered query: `hash` is the lowercase hex SHA-256 of `query`. `lastUsedAt` is moved
 * forward (at most daily) when the text is used, and entries unused for a while are deleted
 * (issue 13 §19).
 */
export const persistedQueries = pgTable(
  'persisted_queries',
  {
    hash: text().primaryKey(),
    query: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('persisted_queries_last_used_at_idx').on(table.lastUsedAt)],
);
