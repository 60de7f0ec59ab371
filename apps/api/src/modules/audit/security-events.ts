/**
 * Security events in the audit log (issue 41 §8): a failed back-office login
 * (`staff.login_failed`) and an operation refused for the caller's role (`staff.forbidden`) are
 * recorded like changes, so an administrator sees someone probing the back office. An attacker
 * must not be able to flood the log with them: each client address gets at most
 * {@link SECURITY_EVENTS_PER_ADDRESS} entries per action in {@link SECURITY_EVENT_WINDOW_SECONDS},
 * and the whole shop at most {@link SECURITY_EVENTS_IN_ALL}; attempts beyond that are not
 * written (the login limits still refuse them, modules/staff/staff-sessions.ts).
 */
import type { Database } from '../../db/client.ts';
import { addressKey, takeAttempt } from '../rate-limits/rate-limits.service.ts';
import { recordAudit, type AuditActor } from './audit.service.ts';

/** The window of the limits below (seconds). */
export const SECURITY_EVENT_WINDOW_SECONDS = 600;
/** Entries of one action per client address in the window. */
export const SECURITY_EVENTS_PER_ADDRESS = 20;
/** Entries of one action in all in the window. */
export const SECURITY_EVENTS_IN_ALL = 500;

/** A security event to record. */
export interface SecurityEvent {
  action: 'staff.login_failed' | 'staff.forbidden';
  /** Who (the staff user when known) and from where (`ip` keys the per-address limit). */
  actor: AuditActor;
  entityType: string;
  entityId: string | number | null;
  /** What happened: plain JSON without secrets (never a password or code). */
  details: Record<string, unknown>;
}

/**
 * Writes `event` to the audit log unless its address or the shop is over the limits above.
 * Runs in its own statements (not in a caller's transaction: the refused operation wrote
 * nothing to roll back with it).
 * @returns true when the entry was written
 */
export async function recordSecurityEvent(
  db: Database,
  event: SecurityEvent,
  now: Date,
): Promise<boolean> {
  const address = addressKey(event.actor.ip) ?? 'unknown';
  const attempt = await takeAttempt(
    db,
    [
      {
        key: `audit:${event.action}:${address}`,
        limit: SECURITY_EVENTS_PER_ADDRESS,
        windowSeconds: SECURITY_EVENT_WINDOW_SECONDS,
      },
      {
        key: `audit:${event.action}`,
        limit: SECURITY_EVENTS_IN_ALL,
        windowSeconds: SECURITY_EVENT_WINDOW_SECONDS,
      },
    ],
    now,
  );
  if (!attempt.allowed) return false;
  await recordAudit(db, {
    actor: event.actor,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId,
    before: null,
    after: event.details,
    at: now,
  });
  return true;
}
