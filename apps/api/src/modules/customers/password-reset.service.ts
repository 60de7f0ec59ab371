/**
 * Password reset through GraphQL (GEINS-API §7.2 step 7): `requestPasswordReset(email)` mails a
 * single-use key that expires after {@link RESET_KEY_LIFETIME_SECONDS}; `commitReset(resetKey,
 * password digest)` sets the new password and ends every session. Neither tells whether an
 * e-mail address has an account.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { badUserInput, ShopError } from '../../errors.ts';
import { revokeAllSessions } from '../auth/auth.service.ts';
import { isPasswordDigest } from '../auth/password-digest.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { takePasswordResetAttempt } from '../auth/rate-limit.ts';
import { hashOpaqueToken } from '../auth/tokens.ts';
import { passwordResetMailJob } from '../jobs/job-kinds.ts';
import { enqueueJobAfterSql, wakeJobRunners } from '../jobs/queue.ts';
import { joinGuestOrders } from '../orders/guest-orders.service.ts';
import { emailSchema } from './customers.service.ts';
import { customers, passwordResets } from './customers.tables.ts';

/** How long a reset link works: 1 hour, in seconds. */
export const RESET_KEY_LIFETIME_SECONDS = 3600;
/** At most this many reset mails per account and hour (no mail bombing). */
export const MAX_RESETS_PER_HOUR = 5;

/**
 * Mails a reset link when the e-mail has an account. Always resolves true (no hint whether the
 * address is known); an invalid address is a BAD_USER_INPUT error.
 *
 * Known and unknown addresses do the same work (issue 13 §13): the per-IP limit (one
 * statement), a new random key, and one statement that writes the key only when the address has
 * an account with fewer than {@link MAX_RESETS_PER_HOUR} keys in the last hour, and with it the
 * `password-reset-mail` job (issue 15: the mail is never lost once the key exists). The job
 * queue sends the mail after the answer, so its cost is not in the response time.
 * @param clientIp the caller's address, for the per-IP limit (`reset-ip:<ip>`, shared with
 *   commitReset); undefined is not limited
 * @throws ShopError BAD_USER_INPUT (invalid address), RATE_LIMITED (too many attempts from the
 *   address; `extensions.retryAfter` seconds)
 */
export async function requestPasswordReset(
  db: Database,
  config: Config,
  email: string,
  now: Date,
  clientIp?: string,
): Promise<boolean> {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw badUserInput('Enter a valid e-mail address', 'email');
  await requireResetAttempt(db, clientIp, now);
  const key = randomBytes(32).toString('base64url');
  const hourAgo = new Date(now.getTime() - 3600_000);
  const recent = db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.customerId, customers.id), gt(passwordResets.createdAt, hourAgo)));
  const keyHash = hashOpaqueToken(key);
  const expiresAt = new Date(now.getTime() + RESET_KEY_LIFETIME_SECONDS * 1000);
  const insertKey = db
    .insert(passwordResets)
    .select(
      db
        .select({
          keyHash: sql<string>`${keyHash}`.as('key_hash'),
          customerId: customers.id,
          expiresAt: sql<Date>`${expiresAt.toISOString()}::timestamptz`.as('expires_at'),
          usedAt: sql<Date | null>`null::timestamptz`.as('used_at'),
          createdAt: sql<Date>`${now.toISOString()}::timestamptz`.as('created_at'),
        })
        .from(customers)
        .where(and(eq(customers.email, parsed.data), sql`(${recent}) < ${MAX_RESETS_PER_HOUR}`)),
    )
    .returning({ customerId: passwordResets.customerId });
  const job = passwordResetMailJob(keyHash, parsed.data, key, expiresAt);
  // One statement: the key and its mail job are written together or not at all.
  await db.execute(enqueueJobAfterSql(insertKey.getSQL(), job, now));
  // Known or not, the same wake-up: the runner claims after this answer has gone.
  wakeJobRunners();
  return true;
}

/** The per-IP limit of requestPasswordReset and commitReset. */
async function requireResetAttempt(
  db: Database,
  clientIp: string | undefined,
  now: Date,
): Promise<void> {
  const wait = await takePasswordResetAttempt(db, clientIp, now);
  if (wait > 0) {
    throw new ShopError('RATE_LIMITED', 'Too many attempts; try again later', {
      retryAfter: wait,
    });
  }
}

/**
 * Sets a new password with a reset key. In this order (issue 13 §12): the per-IP limit, the
 * key's look-up (one indexed read), and only for a live key the slow hash (through the shared
 * scrypt queue, password-hash.ts); then, in one transaction, the key is used up (atomically: of
 * two concurrent commits one wins), the password set, the account's other keys used up and every
 * session family revoked (its access tokens stop working at once, viewer.ts). The guest orders
 * placed with the account's address join it (the mailed key proved the address; issue 40).
 * @param password the client's digest of the new password (GEINS-API §7.3)
 * @param clientIp the caller's address, for the per-IP limit; undefined is not limited
 * @returns false for an unknown, used or expired key (the shopper asks for a new one)
 * @throws ShopError BAD_USER_INPUT when `password` is not a digest, RATE_LIMITED
 */
export async function commitReset(
  db: Database,
  config: Config,
  resetKey: string,
  password: string,
  now: Date,
  clientIp?: string,
): Promise<boolean> {
  if (!isPasswordDigest(password)) {
    throw badUserInput('password must be the base64 SHA-384 digest', 'password');
  }
  await requireResetAttempt(db, clientIp, now);
  const live = and(
    eq(passwordResets.keyHash, hashOpaqueToken(resetKey)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
  );
  const [found] = await db
    .select({ customerId: passwordResets.customerId })
    .from(passwordResets)
    .where(live)
    .limit(1);
  if (!found) return false;
  const hash = await hashPassword(password, config.auth.scryptLogN);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(live)
      .returning({ customerId: passwordResets.customerId });
    if (!used) return false;
    const [account] = await tx
      .update(customers)
      .set({ passwordHash: hash, updatedAt: now })
      .where(eq(customers.id, used.customerId))
      .returning({ email: customers.email });
    // The key came by mail to the address: that proves it, so its guest orders join (issue 40).
    if (account) await joinGuestOrders(tx as unknown as Database, used.customerId, account.email);
    // Other outstanding keys die with this one; every session ends.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.customerId, used.customerId), isNull(passwordResets.usedAt)));
    await revokeAllSessions(tx, used.customerId, now);
    return true;
  });
}
