/**
 * Rate-limit events shared by every instance of the API (issue 13 §6): one row per counted
 * attempt under a key such as `giftcard:ip:203.0.113.7`; a limit counts the rows of its key in
 * a sliding window (modules/rate-limits/rate-limits.service.ts).
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One counted attempt under `key` at `at`. */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.key, t.at), index().on(t.at)],
);
