/**
 * Back-office logins and sessions (issue 26 "Access"; ADR 015). A login takes a rate-limit
 * attempt per IP address and per account before the password is checked (the atomic counters of
 * modules/auth/rate-limit.ts, keys `staff-ip:` and `staff-account:`), so parallel guesses cannot
 * slip through and a locked account refuses even the right password until the lock ends. An
 * unknown or inactive e-mail is checked against a decoy hash: the same scrypt work, the same
 * answer (no enumeration). A session is an opaque random token in a cookie; only its SHA-256 is
 * stored. It ends {@link SESSION_IDLE_SECONDS} after its last use or {@link SESSION_MAX_SECONDS}
 * after the login, at logout, or when the user is deactivated.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { recordSecurityEvent } from '../audit/security-events.ts';
import { decoyHash, verifyPassword } from '../auth/password-hash.ts';
import { recordSuccess, takeLoginAttempt, type AttemptKeys } from '../auth/rate-limit.ts';
import { addressKey } from '../rate-limits/rate-limits.service.ts';
import { isStaffRole } from './roles.ts';
import { checkLoginCode } from './staff-two-factor.ts';
import { findStaffLogin, normaliseStaffEmail, type StaffUser } from './staff.service.ts';
import { staffSessions, staffUsers } from './staff.tables.ts';

/** A session ends this long after its last request (8 hours). */
export const SESSION_IDLE_SECONDS = 8 * 3600;
/** A session ends this long after its login, however busy (24 hours). */
export const SESSION_MAX_SECONDS = 24 * 3600;
/** `lastSeenAt` is written at most this often per session (seconds). */
const TOUCH_EVERY_SECONDS = 60;

/** The counter keys of a staff login (kept apart from the shop's customer logins). */
export function staffAttemptKeys(email: string, ip: string | undefined): AttemptKeys {
  const address = addressKey(ip);
  return {
    account: `staff-account:${normaliseStaffEmail(email)}`,
    ip: address ? `staff-ip:${address}` : undefined,
  };
}

/** SHA-256 (hex) of a session token: what the database stores. */
export function sessionTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

let decoy: Promise<string> | undefined;
let decoyLogN = 0;
function decoyFor(logN: number): Promise<string> {
  if (!decoy || decoyLogN !== logN) {
    decoyLogN = logN;
    decoy = decoyHash(logN);
  }
  return decoy;
}

/** A successful login: the cookie's token (to send once) and the user. */
export interface StaffLogin {
  token: string;
  user: StaffUser;
  expiresAt: Date;
}

/** What {@link loginStaff} needs. */
export interface StaffLoginInput {
  email: string;
  password: string;
  ip: string | undefined;
  requestId?: string | undefined;
  now: Date;
  /** scrypt cost for the decoy hash (config.auth.scryptLogN). */
  logN: number;
  /** The authenticator app's current code, for a user with two-factor login on. */
  code?: string | undefined;
  /** The key that opens TOTP secrets (staff-two-factor.ts totpSealingKey). */
  totpKey: Buffer;
}

/** Why a back-office login failed, as the audit log records it. */
type LoginFailure =
  'rate-limited' | 'unknown-account' | 'inactive-account' | 'password' | 'two-factor';

/**
 * A failed login in the audit log (`staff.login_failed`, issue 41 §8; rate-limited by
 * recordSecurityEvent): the e-mail as typed (at most 254 characters), why, and the user when the
 * account exists. Never the password or the code.
 */
async function recordFailedLogin(
  db: Database,
  input: StaffLoginInput,
  staffUserId: number | null,
  reason: LoginFailure,
): Promise<void> {
  await recordSecurityEvent(
    db,
    {
      action: 'staff.login_failed',
      actor: { staffUserId: null, staffEmail: null, requestId: input.requestId, ip: input.ip },
      entityType: 'staff_user',
      entityId: staffUserId,
      details: { email: normaliseStaffEmail(input.email).slice(0, 254), reason },
    },
    input.now,
  );
}

/**
 * Checks e-mail, password and, for a user with two-factor login on, the TOTP code, and starts a
 * session (action `staff.login` in the audit log). Every call takes one attempt of the limits,
 * a missing or wrong code included.
 * @throws ShopError RATE_LIMITED (`retryAfter` seconds) when the IP or the account is locked;
 *   UNAUTHENTICATED "Wrong e-mail or password" for an unknown, inactive or wrong one;
 *   TWO_FACTOR_REQUIRED (401) when the password is right and a code is needed but not given;
 *   UNAUTHENTICATED "Wrong two-factor code" for a wrong, expired or already used code
 */
export async function loginStaff(db: Database, input: StaffLoginInput): Promise<StaffLogin> {
  const keys = staffAttemptKeys(input.email, input.ip);
  const wait = await takeLoginAttempt(db, keys, input.now);
  if (wait > 0) {
    await recordFailedLogin(db, input, null, 'rate-limited');
    throw new ShopError('RATE_LIMITED', 'Too many login attempts; try again later', {
      retryAfter: wait,
    });
  }
  const found = await findStaffLogin(db, input.email);
  const usable = found && found.active;
  const ok = await verifyPassword(
    input.password,
    usable ? found.passwordHash : await decoyFor(input.logN),
  );
  if (!usable || !ok) {
    const reason = !found ? 'unknown-account' : !found.active ? 'inactive-account' : 'password';
    await recordFailedLogin(db, input, found?.id ?? null, reason);
    throw new ShopError('UNAUTHENTICATED', 'Wrong e-mail or password', { http: { status: 401 } });
  }
  const factor = await checkLoginCode(db, found.id, input.code, input.totpKey, input.now);
  if (factor === 'missing') {
    throw new ShopError('TWO_FACTOR_REQUIRED', 'Enter the code of your authenticator app', {
      http: { status: 401 },
    });
  }
  if (factor === 'wrong') {
    await recordFailedLogin(db, input, found.id, 'two-factor');
    throw new ShopError('UNAUTHENTICATED', 'Wrong two-factor code', { http: { status: 401 } });
  }
  await recordSuccess(db, keys);
  const { passwordHash: _hash, ...user } = found;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + SESSION_MAX_SECONDS * 1000);
  const actor: AuditActor = {
    staffUserId: user.id,
    staffEmail: user.email,
    requestId: input.requestId,
    ip: input.ip,
  };
  await db.transaction(async (tx) => {
    await tx
      .delete(staffSessions)
      .where(
        or(
          lt(staffSessions.expiresAt, input.now),
          lt(staffSessions.lastSeenAt, new Date(input.now.getTime() - SESSION_IDLE_SECONDS * 1000)),
        ),
      );
    await tx.insert(staffSessions).values({
      tokenHash: sessionTokenHash(token),
      staffUserId: user.id,
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt,
    });
    await recordAudit(tx, {
      actor,
      action: 'staff.login',
      entityType: 'staff_user',
      entityId: user.id,
      before: null,
      after: null,
    });
  });
  return { token, user, expiresAt };
}

/** The staff user behind a live session. */
export interface StaffPrincipal {
  id: number;
  email: string;
  role: string;
  tokenHash: string;
}

/**
 * The active staff user of a session token, or null when the token is unknown, past its idle
 * timeout or absolute limit, or its user is inactive. Marks the session used (at most once a
 * minute). One or two statements.
 */
export async function resolveStaffSession(
  db: Database,
  token: string,
  now: Date,
): Promise<StaffPrincipal | null> {
  const tokenHash = sessionTokenHash(token);
  const idleSince = new Date(now.getTime() - SESSION_IDLE_SECONDS * 1000);
  const [row] = await db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      role: staffUsers.role,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, idleSince),
        eq(staffUsers.active, true),
      ),
    );
  if (!row || !isStaffRole(row.role)) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_SECONDS * 1000) {
    await db
      .update(staffSessions)
      .set({ lastSeenAt: now })
      .where(eq(staffSessions.tokenHash, tokenHash));
  }
  return { id: row.id, email: row.email, role: row.role, tokenHash };
}

/** Ends a session (action `staff.logout`). One transaction. */
export async function logoutStaff(
  db: Database,
  principal: StaffPrincipal,
  actor: AuditActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(staffSessions).where(eq(staffSessions.tokenHash, principal.tokenHash));
    await recordAudit(tx, {
      actor,
      action: 'staff.logout',
      entityType: 'staff_user',
      entityId: principal.id,
      before: null,
      after: null,
    });
  });
}
