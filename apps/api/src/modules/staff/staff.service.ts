/**
 * Staff users (issue 26 "Access"): create, list, change role, deactivate. Every change runs in
 * one transaction with its audit entry (modules/audit). Passwords are hashed with scrypt
 * (modules/auth/password-hash.ts) before the transaction; hashes never leave this module.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { badUserInput, ShopError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { isStaffRole, type StaffRole } from './roles.ts';
import { staffSessions, staffUsers } from './staff.tables.ts';

/** The shortest staff password accepted (characters). */
export const MIN_STAFF_PASSWORD_LENGTH = 12;

/** A staff user as the service hands it out (never the password hash). */
export interface StaffUser {
  id: number;
  email: string;
  role: StaffRole;
  active: boolean;
  /** Whether login needs a TOTP code too (staff-two-factor.ts). */
  twoFactorEnabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const publicColumns = {
  id: staffUsers.id,
  email: staffUsers.email,
  role: staffUsers.role,
  active: staffUsers.active,
  twoFactorEnabled: sql<boolean>`(${staffUsers.totpSecret} is not null)`.mapWith(Boolean),
  createdAt: staffUsers.createdAt,
  updatedAt: staffUsers.updatedAt,
};

function toStaffUser(row: { role: string } & Omit<StaffUser, 'role'>): StaffUser {
  return { ...row, role: isStaffRole(row.role) ? row.role : 'innehallsredaktor' };
}

/** The audit view of a user: what changed, never the hash. */
function auditView(user: StaffUser): Record<string, unknown> {
  return { id: user.id, email: user.email, role: user.role, active: user.active };
}

/** The e-mail as compared: trimmed and lower-case. */
export function normaliseStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** How many staff users exist (active or not). One statement. */
export async function countStaffUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(staffUsers);
  return row?.n ?? 0;
}

/** Every staff user, by e-mail. One statement. */
export async function listStaffUsers(db: Database): Promise<StaffUser[]> {
  const rows = await db.select(publicColumns).from(staffUsers).orderBy(asc(staffUsers.email));
  return rows.map(toStaffUser);
}

/** The user with this e-mail (any case) and its hash, or undefined. For login only. */
export async function findStaffLogin(
  db: Database,
  email: string,
): Promise<(StaffUser & { passwordHash: string }) | undefined> {
  const [row] = await db
    .select({ ...publicColumns, passwordHash: staffUsers.passwordHash })
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, normaliseStaffEmail(email)));
  return row ? { ...toStaffUser(row), passwordHash: row.passwordHash } : undefined;
}

/** What {@link createStaffUser} needs. */
export interface NewStaffUser {
  email: string;
  role: StaffRole;
  password: string;
}

/**
 * Creates a staff user (action `staff.create`).
 * @param logN scrypt cost (config.auth.scryptLogN)
 * @param options.minPasswordLength default {@link MIN_STAFF_PASSWORD_LENGTH}; the first
 *   administrator from the environment outside production may have a shorter one
 * @throws ShopError BAD_USER_INPUT when the e-mail is taken (any case) or the password is shorter
 *   than the minimum
 */
export async function createStaffUser(
  db: Database,
  input: NewStaffUser,
  actor: AuditActor,
  logN: number,
  options: { minPasswordLength?: number } = {},
): Promise<StaffUser> {
  const minimum = options.minPasswordLength ?? MIN_STAFF_PASSWORD_LENGTH;
  if (input.password.length < minimum) {
    throw badUserInput(`The password must be at least ${minimum} characters`, 'password');
  }
  const passwordHash = await hashPassword(input.password, logN);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffUsers)
      .values({ email: input.email.trim(), role: input.role, passwordHash })
      .onConflictDoNothing()
      .returning(publicColumns);
    if (!row) throw badUserInput('A staff user with this e-mail already exists', 'email');
    const user = toStaffUser(row);
    await recordAudit(tx, {
      actor,
      action: 'staff.create',
      entityType: 'staff_user',
      entityId: user.id,
      before: null,
      after: auditView(user),
    });
    return user;
  });
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Locks the active administrators' rows (so that two concurrent demotions or deactivations cannot
 * both pass the last-administrator check) and the target's row; returns the target.
 */
async function lockForChange(tx: Tx, id: number): Promise<{ target: StaffUser; admins: number }> {
  const admins = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'administrator'), eq(staffUsers.active, true)))
    .orderBy(asc(staffUsers.id))
    .for('update');
  const [row] = await tx
    .select(publicColumns)
    .from(staffUsers)
    .where(eq(staffUsers.id, id))
    .for('update');
  if (!row) throw new ShopError('NOT_FOUND', 'No staff user with this id');
  return { target: toStaffUser(row), admins: admins.length };
}

function isLastAdministrator(target: StaffUser, admins: number): boolean {
  return target.role === 'administrator' && target.active && admins <= 1;
}

/**
 * Gives a staff user another role (action `staff.role`).
 * @throws ShopError NOT_FOUND for an unknown id; BAD_USER_INPUT when it would leave no active
 *   administrator
 */
export async function changeStaffRole(
  db: Database,
  id: number,
  role: StaffRole,
  actor: AuditActor,
  now: Date,
): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const { target, admins } = await lockForChange(tx, id);
    if (role !== 'administrator' && isLastAdministrator(target, admins)) {
      throw badUserInput('The last active administrator cannot lose the role', 'role');
    }
    const [row] = await tx
      .update(staffUsers)
      .set({ role, updatedAt: now })
      .where(eq(staffUsers.id, id))
      .returning(publicColumns);
    const user = toStaffUser(row!);
    await recordAudit(tx, {
      actor,
      action: 'staff.role',
      entityType: 'staff_user',
      entityId: id,
      before: auditView(target),
      after: auditView(user),
    });
    return user;
  });
}

/**
 * Deactivates a staff user (action `staff.deactivate`) and ends its sessions.
 * @throws ShopError NOT_FOUND for an unknown id; BAD_USER_INPUT for oneself or the last active
 *   administrator
 */
export async function deactivateStaffUser(
  db: Database,
  id: number,
  actor: AuditActor,
  now: Date,
): Promise<StaffUser> {
  if (actor.staffUserId === id) throw badUserInput('You cannot deactivate yourself', 'id');
  return db.transaction(async (tx) => {
    const { target, admins } = await lockForChange(tx, id);
    if (isLastAdministrator(target, admins)) {
      throw badUserInput('The last active administrator cannot be deactivated', 'id');
    }
    const [row] = await tx
      .update(staffUsers)
      .set({ active: false, updatedAt: now })
      .where(eq(staffUsers.id, id))
      .returning(publicColumns);
    await tx.delete(staffSessions).where(eq(staffSessions.staffUserId, id));
    const user = toStaffUser(row!);
    await recordAudit(tx, {
      actor,
      action: 'staff.deactivate',
      entityType: 'staff_user',
      entityId: id,
      before: auditView(target),
      after: auditView(user),
    });
    return user;
  });
}

/** True when the staff user exists and is active (e.g. a staff preview token's owner). */
export async function isStaffUserActive(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ active: staffUsers.active })
    .from(staffUsers)
    .where(eq(staffUsers.id, id));
  return row?.active === true;
}

/**
 * The e-mail of staff user `id` when the user exists and is active, else null (the actor of a
 * support session's audit entries, issue 41). One statement.
 */
export async function activeStaffEmail(db: Database, id: number): Promise<string | null> {
  const [row] = await db
    .select({ email: staffUsers.email, active: staffUsers.active })
    .from(staffUsers)
    .where(eq(staffUsers.id, id));
  return row?.active === true ? row.email : null;
}
