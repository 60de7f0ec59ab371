/**
 * The back-office audit log (issue 26 "Shape"): one row per change a staff user made, written in
 * the same transaction as the change (audit.service.ts `recordAudit`), so that there is no change
 * without its entry and no entry without its change.
 */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One audit entry: who (`staffUserId` and the e-mail as it was then; null for the system, e.g.
 * the first administrator from the environment or the CLI), when, what (`action` such as
 * `staff.create`, the entity's type and id) and the entity before and after (JSON; null when it
 * did not exist before or no longer exists after). Never holds password hashes or tokens.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    staffUserId: integer(),
    staffEmail: text(),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    requestId: text(),
    ip: text(),
  },
  (t) => [index().on(t.at), index().on(t.action, t.at), index().on(t.staffUserId, t.at)],
);
