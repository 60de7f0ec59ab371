/**
 * Rate limiting in the `login_attempts` table, so that it holds across instances:
 * - **Logins** per account and per IP address. Every attempt counts as a failure before the
 *   password is checked, in one atomic statement per key ({@link takeAttempt}: concurrent guesses
 *   cannot slip through, also on PostgreSQL with many connections); a correct password clears the
 *   account's counter and takes back the attempt from the IP's. After
 *   {@link ACCOUNT_FREE_FAILURES} consecutive failures of an account (or {@link IP_FREE_FAILURES}
 *   from one IP) further attempts are refused for 2, 4, 8 … seconds, doubling per failure, at most
 *   {@link MAX_LOCK_SECONDS}. Counters start over after {@link RESET_AFTER_SECONDS} without
 *   failures.
 * - **Registrations** per IP address (key `register-ip:<ip>`), the same pattern: every attempt
 *   counts (successful or not: registration is what tells whether an e-mail has an account, so it
 *   must not be a fast enumeration oracle); after {@link REGISTER_IP_FREE_ATTEMPTS} the back-off
 *   doubles from 2 s; the counter starts over after {@link REGISTER_RESET_AFTER_SECONDS} without
 *   attempts.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { loginAttempts } from './auth.tables.ts';

/** Failures of one account before the back-off starts. */
export const ACCOUNT_FREE_FAILURES = 5;
/** Failures from one IP address before the back-off starts (shared addresses: NAT, offices). */
export const IP_FREE_FAILURES = 20;
/** The longest lock, in seconds (1 hour). */
export const MAX_LOCK_SECONDS = 3600;
/** Seconds without failures after which a counter starts over (1 day). */
export const RESET_AFTER_SECONDS = 86400;

/** Registrations from one IP address before the back-off starts. */
export const REGISTER_IP_FREE_ATTEMPTS = 10;
/** Seconds without registrations after which an IP's counter starts over (1 hour). */
export const REGISTER_RESET_AFTER_SECONDS = 3600;

/** The counter keys of one attempt. */
export interface AttemptKeys {
  account: string;
  ip: string | undefined;
}

/** The keys for a normalised e-mail and a client IP (undefined when unknown). */
export function attemptKeys(email: string, ip: string | undefined): AttemptKeys {
  return { account: `account:${email}`, ip: ip ? `ip:${ip}` : undefined };
}

/** Lock length in seconds after `failures` consecutive failures with `free` allowed. */
export function lockSeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_LOCK_SECONDS, 2 ** (failures - free + 1));
}

/**
 * Takes one attempt of `key`, atomically: one `INSERT … ON CONFLICT DO UPDATE … WHERE` statement
 * that counts the attempt only while the key is not locked, and sets the lock when this attempt
 * uses up the free ones. Concurrent attempts queue on the row's lock (PostgreSQL re-checks the
 * WHERE against the row as the previous attempt left it), so of any number of parallel attempts
 * exactly `free` pass before the lock (issue 13 §11). A refused attempt changes nothing.
 * @returns 0 when the attempt may go ahead (it is counted), else the seconds until the lock ends
 */
export async function takeAttempt(
  db: Database,
  key: string,
  free: number,
  now: Date,
  resetAfterSeconds = RESET_AFTER_SECONDS,
): Promise<number> {
  const resetBefore = new Date(now.getTime() - resetAfterSeconds * 1000).toISOString();
  const at = now.toISOString();
  const failures = sql`case when ${loginAttempts.lastFailureAt} < ${resetBefore}::timestamptz then 1 else ${loginAttempts.failures} + 1 end`;
  // lockSeconds() in SQL: 0 below `free`, else 2^(failures - free + 1), at most MAX_LOCK_SECONDS.
  const lockUntil = sql`case when ${failures} < ${free} then null else ${at}::timestamptz + make_interval(secs => least(${MAX_LOCK_SECONDS}, power(2, least(${failures} - ${free} + 1, 30)))) end`;
  const firstLock = lockSeconds(1, free);
  const taken = await db
    .insert(loginAttempts)
    .values({
      key,
      failures: 1,
      lastFailureAt: now,
      lockedUntil: firstLock > 0 ? new Date(now.getTime() + firstLock * 1000) : null,
    })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: { failures, lastFailureAt: now, lockedUntil: lockUntil },
      setWhere: sql`${loginAttempts.lockedUntil} is null or ${loginAttempts.lockedUntil} <= ${at}::timestamptz`,
    })
    .returning({ failures: loginAttempts.failures });
  if (taken.length > 0) return 0;
  const [row] = await db
    .select({ lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(eq(loginAttempts.key, key));
  const until = row?.lockedUntil?.getTime() ?? now.getTime();
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}

/**
 * Takes a login attempt for the IP address, then for the account (each with
 * {@link takeAttempt}), before the password is checked. A locked IP leaves the account's counter
 * alone; an attempt on a locked account still counts for the IP.
 * @returns 0 when the password may be checked, else the seconds to wait
 */
export async function takeLoginAttempt(
  db: Database,
  keys: AttemptKeys,
  now: Date,
): Promise<number> {
  if (keys.ip) {
    const wait = await takeAttempt(db, keys.ip, IP_FREE_FAILURES, now);
    if (wait > 0) return wait;
  }
  return takeAttempt(db, keys.account, ACCOUNT_FREE_FAILURES, now);
}

/** A correct password: clears the account's counter and takes the attempt back from the IP's. */
export async function recordSuccess(db: Database, keys: AttemptKeys): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, keys.account));
  if (keys.ip) {
    await db
      .update(loginAttempts)
      .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
      .where(eq(loginAttempts.key, keys.ip));
  }
}

/** The counter key of registrations from `ip` (null when the address is unknown). */
export function registerKey(ip: string | undefined): string | null {
  return ip ? `register-ip:${ip}` : null;
}

/**
 * Takes a registration attempt of `ip` atomically ({@link takeAttempt}), before the account is
 * looked up or created. Unknown addresses are not limited.
 * @returns 0 when the registration may go ahead, else the seconds to wait
 */
export async function takeRegistration(
  db: Database,
  ip: string | undefined,
  now: Date,
): Promise<number> {
  const key = registerKey(ip);
  if (!key) return 0;
  return takeAttempt(db, key, REGISTER_IP_FREE_ATTEMPTS, now, REGISTER_RESET_AFTER_SECONDS);
}

/**
 * Password-reset requests and commits from one IP address before the back-off starts (key
 * `reset-ip:<ip>`, shared by requestPasswordReset and commitReset; issue 13 §12, §13). A shopper
 * needs one of each.
 */
export const RESET_IP_FREE_ATTEMPTS = 10;
/** Seconds without reset attempts after which an IP's counter starts over (1 hour). */
export const RESET_IP_RESET_AFTER_SECONDS = 3600;

/**
 * Takes a password-reset attempt (request or commit) of `ip` atomically ({@link takeAttempt}),
 * before anything is looked up. Unknown addresses are not limited.
 * @returns 0 when the attempt may go ahead, else the seconds to wait
 */
export async function takePasswordResetAttempt(
  db: Database,
  ip: string | undefined,
  now: Date,
): Promise<number> {
  if (!ip) return 0;
  return takeAttempt(
    db,
    `reset-ip:${ip}`,
    RESET_IP_FREE_ATTEMPTS,
    now,
    RESET_IP_RESET_AFTER_SECONDS,
  );
}
