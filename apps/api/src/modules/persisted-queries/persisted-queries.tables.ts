/**
 * Automatic persisted queries (APQ): query texts by their SHA-256 hash, stored in the database so
 * every API instance shares them (ARCHITECTURE "Server state: PostgreSQL only").
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A registered query: `hash` is the lowercase hex SHA-256 of `query`. */
export const persistedQueries = pgTable('persisted_queries', {
  hash: text().primaryKey(),
  query: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
