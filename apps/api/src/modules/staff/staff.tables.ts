/**
 * Back-office staff (issue 26 "Access"): staff users with a role, and their sessions. Sessions
 * live in the database so that every instance sees the same ones and a deactivation or logout
 * ends them at once (docs/decisions/015-back-office-access.md).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * One staff user. `email` is stored as typed but unique case-insensitively (lower(email));
 * `passwordHash` is scrypt (modules/auth/password-hash.ts) of the password itself; `role` is one
 * of STAFF_ROLES (roles.ts). Inactive users cannot log in and their sessions stop working. With a
 * `totpSecret`, a login also needs the current code of the user's authenticator app.
 */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    role: text().notNull(),
    active: boolean().notNull().default(true),
    /**
     * The TOTP secret when two-factor login is on (issue 26 "optional TOTP two-factor"), sealed
     * with AES-256-GCM under a key derived from AUTH_JWT_SECRET (staff-two-factor.ts); null = off.
     */
    totpSecret: text(),
    /** A secret being set up, sealed the same way, until a first code confirms it. */
    totpPendingSecret: text(),
    /** The last TOTP time step (30 s periods since 1970) that logged in: a code works once. */
    totpLastStep: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_users_email_lower').on(sql`lower(${t.email})`)],
);

/**
 * One back-office session. Only the SHA-256 (hex) of the opaque cookie token is stored. A session
 * ends at `expiresAt` (absolute limit) or after the idle timeout since `lastSeenAt`.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text().primaryKey(),
    staffUserId: integer()
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_user').on(t.staffUserId), index().on(t.expiresAt)],
);
