/**
 * The first back-office administrator (issue 26 "Access"): at start, when no staff user exists
 * and ADMIN_EMAIL + ADMIN_PASSWORD are set, it is created (audit action `staff.create` by the
 * system). Later starts change nothing, so the variables can be removed once it exists.
 */
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import { countStaffUsers, createStaffUser, type StaffUser } from './staff.service.ts';

/** The system actor of changes made at start or by the CLI (no staff user). */
export const SYSTEM_ACTOR = { staffUserId: null, staffEmail: null } as const;

/**
 * Creates the administrator from `admin` when there is no staff user at all.
 * @param logN scrypt cost (config.auth.scryptLogN)
 * @returns the new administrator, or null when staff users exist already (or another instance
 *   created the same one at the same moment)
 */
export async function ensureFirstAdministrator(
  db: Database,
  admin: { email: string; password: string },
  logN: number,
): Promise<StaffUser | null> {
  if ((await countStaffUsers(db)) > 0) return null;
  try {
    return await createStaffUser(
      db,
      { email: admin.email, role: 'administrator', password: admin.password },
      SYSTEM_ACTOR,
      logN,
      { minPasswordLength: 1 },
    );
  } catch (error) {
    // Two instances starting together: the other one created it.
    if (
      error instanceof ShopError &&
      error.code === 'BAD_USER_INPUT' &&
      (await countStaffUsers(db)) > 0
    ) {
      return null;
    }
    throw error;
  }
}
