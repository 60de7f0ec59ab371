/**
 * The admin API's access check (issue 26; ADR 015): every operation but `login` and
 * `backOfficeSetup` calls {@link requireStaff} with its area and level, which applies the one
 * permission table (modules/staff/roles.ts) on the server.
 */
import { ShopError } from '../../errors.ts';
import { hasPermission, type StaffArea } from '../../modules/staff/roles.ts';
import type { StaffPrincipal } from '../../modules/staff/staff-sessions.ts';
import type { AdminContext } from './context.ts';

/** HTTP 401, `extensions.code` UNAUTHENTICATED: no live back-office session. */
export function unauthenticated(): ShopError {
  return new ShopError('UNAUTHENTICATED', 'Log in to the back office first', {
    http: { status: 401 },
  });
}

/**
 * The logged-in staff user when the role may `level` in `area`.
 * @throws ShopError UNAUTHENTICATED (401) without a session; FORBIDDEN (403) when the role lacks
 *   the permission
 */
export function requireStaff(
  context: AdminContext,
  area: StaffArea,
  level: 'read' | 'write',
): StaffPrincipal {
  const staff = context.staff;
  if (!staff) throw unauthenticated();
  if (!hasPermission(staff.role, area, level)) {
    throw new ShopError('FORBIDDEN', `Your role may not ${level} ${area}`, {
      http: { status: 403 },
    });
  }
  return staff;
}

/** The logged-in staff user, whatever the role. @throws ShopError UNAUTHENTICATED (401) */
export function requireSession(context: AdminContext): StaffPrincipal {
  if (!context.staff) throw unauthenticated();
  return context.staff;
}

/**
 * A field whose data belong to another area than its query's (a product's prices on the
 * catalogue's `adminProduct`): `value` when the logged-in role may read `area`, otherwise null,
 * so the rest of the answer stays usable (a content editor's product form without prices). The
 * field is nullable in the schema for this; its description names the area. Without a session
 * null (the query itself has refused already).
 */
export function readableIn<T>(context: AdminContext, area: StaffArea, value: T): T | null {
  const staff = context.staff;
  return staff && hasPermission(staff.role, area, 'read') ? value : null;
}
