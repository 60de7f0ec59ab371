/**
 * Auth-service state (GEINS-API §7): rotating refresh tokens grouped in session families, and
 * login-attempt counters for rate limiting. Both live in the database so that every instance of
 * the shop sees the same sessions and the same limits (ARCHITECTURE "Server state").
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '../customers/customers.tables.ts';

/**
 * One refresh token. Only its SHA-256 is stored. A login starts a family; each refresh marks
 * the presented token `rotatedAt` and issues a new one in the same family. Presenting a rotated
 * token again (reuse) revokes the whole family (`revokedAt` on every row).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text().primaryKey(),
    familyId: text().notNull(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Session length in seconds: 604800 when remembered, 1800 for sessionLifetime 30. */
    lifetimeSeconds: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_family').on(t.familyId),
    index('refresh_tokens_customer').on(t.customerId),
  ],
);

/**
 * Failed login attempts per key (`account:<email>` or `ip:<address>`): consecutive failures and
 * the time before which further attempts are refused (exponential back-off).
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  lastFailureAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
});
