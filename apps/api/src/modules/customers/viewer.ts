/**
 * The caller of a GraphQL request (GEINS-API §1: `Authorization: Bearer <jwt>` when logged in).
 * A token counts only when its signature and expiry are valid, the account still exists AND its
 * session family (`fam` claim) is not revoked (issue 13 §9): logout revokes the family, a
 * password change every other family of the account, a reset every family, account deletion
 * removes them; the token stops working at the next request, not when it expires.
 *
 * Not cached: the family check is part of the one statement that reads the customer row (which
 * every authenticated request read anyway), so it costs no extra statement and is exact on any
 * number of instances (no TTL window in which a revoked token still works).
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { and, eq, exists } from 'drizzle-orm';
import { liveSessionFamily } from '../auth/auth.service.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import type { Customer } from './customers.service.ts';
import { customers } from './customers.tables.ts';

/** The verified, existing customer behind a Bearer token. */
export interface Viewer {
  customerId: number;
  email: string;
  customerType: string;
  /** The customer row as read for this request. */
  customer: Customer;
  /** The token's session family (`fam` claim). */
  familyId: string;
  /**
   * The staff user acting as the customer when this is a support session ("log in as the
   * customer" in the back office, issue 41; the token's `act` claim), else null. Such a session
   * may not erase the account or change its password or e-mail, and every mutation it makes is
   * audited (graphql/support-session.ts).
   */
  supportStaffUserId: number | null;
}

/** Reads the Bearer token of an `Authorization` header value, or null. */
export function bearerToken(authorization: string | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * The customer `customerId` when the session family `familyId` is live (has a token that is not
 * revoked). One statement.
 */
export async function findSessionCustomer(
  db: Database,
  customerId: number,
  familyId: string,
): Promise<Customer | undefined> {
  const live = liveSessionFamily(db, customerId, familyId);
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), exists(live)))
    .limit(1);
  return row;
}

/**
 * Resolves the viewer of a request.
 * @returns null for no token, a wrong signature, an expired token, a token without a session
 *   family or of a revoked one (logout, password change, reset), or a deleted account
 */
export async function resolveViewer(
  db: Database,
  config: Config,
  authorization: string | null,
  now: Date,
): Promise<Viewer | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  const claims = await verifyAccessToken(token, config.auth, now);
  if (!claims?.familyId) return null;
  const customer = await findSessionCustomer(db, claims.customerId, claims.familyId);
  if (!customer) return null;
  return {
    customerId: customer.id,
    email: customer.email,
    customerType: customer.customerType,
    customer,
    familyId: claims.familyId,
    supportStaffUserId: claims.actingStaffUserId,
  };
}
