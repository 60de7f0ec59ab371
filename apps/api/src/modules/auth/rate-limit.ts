/**
 * Rate limiting in the `login_attempts` table, so that it holds across instances:
 * - **Logins** per account and per IP address. Every attempt counts as a failure before the
 *   password is checked (concurrent guesses cannot slip through); a correct password clears the
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
import { eq, inArray, sql } from 'drizzle-orm';
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

function keysOf(keys: AttemptKeys): string[] {
  return keys.ip ? [keys.account, keys.ip] : [keys.account];
}

/**
 * Seconds until the next attempt is allowed (0 when allowed now).
 */
export async function retryAfterSeconds(
  db: Database,
  keys: AttemptKeys,
  now: Date,
): Promise<number> {
  const rows = await db
    .select({ lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, keysOf(keys)));
  let wait = 0;
  for (const row of rows) {
    if (row.lockedUntil && row.lockedUntil > now) {
      wait = Math.max(wait, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000));
    }
  }
  return wait;
}

async function countFailure(
  db: Database,
  key: string,
  free: number,
  now: Date,
  resetAfterSeconds = RESET_AFTER_SECONDS,
): Promise<void> {
  const resetBefore = new Date(now.getTime() - resetAfterSeconds * 1000);
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${loginAttempts.lastFailureAt} < ${resetBefore.toISOString()}::timestamptz then 1 else ${loginAttempts.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: loginAttempts.failures });
  const seconds = lockSeconds(row?.failures ?? 1, free);
  if (seconds > 0) {
    await db
      .update(loginAttempts)
      .set({ lockedUntil: new Date(now.getTime() + seconds * 1000) })
      .where(eq(loginAttempts.key, key));
  }
}

/** Counts an attempt as a failure for the account and the IP (before checking the password). */
export async function recordAttempt(db: Database, keys: AttemptKeys, now: Date): Promise<void> {
  await countFailure(db, keys.account, ACCOUNT_FREE_FAILURES, now);
  if (keys.ip) await countFailure(db, keys.ip, IP_FREE_FAILURES, now);
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
 * Seconds until `ip` may register again (0 when allowed now or the address is unknown).
 * One statement.
 */
export async function registerRetryAfterSeconds(
  db: Database,
  ip: string | undefined,
  now: Date,
): Promise<number> {
  const key = registerKey(ip);
  if (!key) return 0;
  const [row] = await db
    .select({ lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(eq(loginAttempts.key, key));
  const until = row?.lockedUntil;
  return until && until > now ? Math.ceil((until.getTime() - now.getTime()) / 1000) : 0;
}

/** Counts a registration attempt from `ip` (before the account is looked up or created). */
export async function recordRegistration(
  db: Database,
  ip: string | undefined,
  now: Date,
): Promise<void> {
  const key = registerKey(ip);
  if (key) {
    await countFailure(db, key, REGISTER_IP_FREE_ATTEMPTS, now, REGISTER_RESET_AFTER_SECONDS);
  }
}
