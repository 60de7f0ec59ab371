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
 * token again (reuse) revokes the whole family (`revokedAt` on every row). A support session (a
 * staff user's "log in as the customer" link, issue 41) names the staff user in
 * `actingStaffUserId` on every token of its family, so the access tokens a refresh issues carry
 * the same `act` claim as the first one (tokens.ts) and refreshing cannot shed it.
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
    /** The staff user acting as the customer (support session), or null for the customer's own. */
    actingStaffUserId: integer(),
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
 * Challenges (GEINS-API §7.2 step 1) that were used with credentials. A challenge is stateless
 * until it is used; its first use inserts its nonce here (primary key: of two concurrent uses only
 * one insert succeeds), so a replay within the sign window is refused. Rows past `expiresAt` are
 * useless (the challenge's own time check refuses it) and are purged on the next use.
 */
export const usedChallenges = pgTable(
  'used_challenges',
  {
    nonce: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('used_challenges_expires').on(t.expiresAt)],
);

/**
 * Attempt counters per key: failed logins (`account:<email>`, `ip:<address>`) and registrations
 * (`register-ip:<address>`): consecutive attempts counted and the time before which further
 * attempts are refused (exponential back-off; see rate-limit.ts).
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  lastFailureAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
});
