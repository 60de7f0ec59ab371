/**
 * Roles and permissions of the back office, in one place (issue 26 "Access"; ADR 015): every
 * role is a set of permissions per area, and {@link hasPermission} is the one check every admin
 * operation goes through on the server. Later back-office parts add their operations to an
 * existing area; a new area is added here and in every role's row.
 */

/** The areas of the back office a permission is about. */
export const STAFF_AREAS = [
  'catalogue',
  'prices',
  'stock',
  'orders',
  'customers',
  'content',
  'staff',
  'audit',
] as const;
/** One area of {@link STAFF_AREAS}. */
export type StaffArea = (typeof STAFF_AREAS)[number];

/** The staff roles (codes in the database and the API). */
export const STAFF_ROLES = [
  'administrator',
  'butikschef',
  'kundtjanst',
  'innehallsredaktor',
] as const;
/** One role of {@link STAFF_ROLES}. */
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a role may do in an area: nothing, read, or read and write. */
export type AccessLevel = 'none' | 'read' | 'write';

/** The Swedish names of the roles, as the back office shows them. */
export const STAFF_ROLE_NAMES: Record<StaffRole, string> = {
  administrator: 'Administratör',
  butikschef: 'Butikschef',
  kundtjanst: 'Kundtjänst',
  innehallsredaktor: 'Innehållsredaktör',
};

/**
 * The role → area → level table. Administrators may do everything; store managers run the
 * range, prices, stock, orders, customers and content and read the audit log; customer service
 * handles orders and customers and reads the range, prices and stock; content editors edit
 * content and read the range. Only administrators manage staff.
 *
 * Where part 2's moderation operations belong (issue 27): the review queue, pages, widget areas
 * and menus are `content`; förmånscykel applications are `orders` (an application is the
 * employer's part of an order, and deciding it receives or cancels that order); newsletter
 * subscribers and back-in-stock requests are `customers` (lists of customers' e-mail addresses,
 * personal data).
 *
 * Reads obey the table column by column (issue 41): a query refuses (FORBIDDEN) without read
 * permission in its own area, and a field or export column of another area is withheld from a
 * role that may not read that area — a product's prices on `adminProduct` are null
 * (graphql/admin/guard.ts `readableIn`), the catalogue CSV has no price, VAT or stock columns.
 * apps/api/test/admin-query-access.ts names each admin query's area and each such field.
 */
export const ROLE_PERMISSIONS: Record<StaffRole, Record<StaffArea, AccessLevel>> = {
  administrator: {
    catalogue: 'write',
    prices: 'write',
    stock: 'write',
    orders: 'write',
    customers: 'write',
    content: 'write',
    staff: 'write',
    audit: 'read',
  },
  butikschef: {
    catalogue: 'write',
    prices: 'write',
    stock: 'write',
    orders: 'write',
    customers: 'write',
    content: 'write',
    staff: 'none',
    audit: 'read',
  },
  kundtjanst: {
    catalogue: 'read',
    prices: 'read',
    stock: 'read',
    orders: 'write',
    customers: 'write',
    content: 'none',
    staff: 'none',
    audit: 'none',
  },
  innehallsredaktor: {
    catalogue: 'read',
    prices: 'none',
    stock: 'none',
    orders: 'none',
    customers: 'none',
    content: 'write',
    staff: 'none',
    audit: 'none',
  },
};

/** True when `value` is a role code of {@link STAFF_ROLES}. */
export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * The one permission check: may `role` do `level` in `area`? Write implies read. An unknown role
 * (a row written by a newer version) may do nothing.
 */
export function hasPermission(role: string, area: StaffArea, level: 'read' | 'write'): boolean {
  if (!isStaffRole(role)) return false;
  const granted = ROLE_PERMISSIONS[role][area];
  return granted === 'write' || (granted === 'read' && level === 'read');
}

/** The permissions of `role` as `area:level` strings (`catalogue:write`, `audit:read`, …). */
export function permissionsOf(role: string): string[] {
  if (!isStaffRole(role)) return [];
  return STAFF_AREAS.flatMap((area) => {
    const level = ROLE_PERMISSIONS[role][area];
    return level === 'none' ? [] : [`${area}:${level}`];
  });
}
