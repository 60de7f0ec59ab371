/**
 * The caller of a GraphQL request (GEINS-API §1: `Authorization: Bearer <jwt>` when logged in).
 * A token counts only when its signature and expiry are valid AND the account still exists, so
 * tokens of deleted accounts are refused even before they expire.
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import { findCustomer, type Customer } from './customers.service.ts';

/** The verified, existing customer behind a Bearer token. */
export interface Viewer {
  customerId: number;
  email: string;
  customerType: string;
  /** The customer row as read for this request. */
  customer: Customer;
}

/** Reads the Bearer token of an `Authorization` header value, or null. */
export function bearerToken(authorization: string | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * Resolves the viewer of a request.
 * @returns null for no token, a wrong signature, an expired token or a deleted account
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
  if (!claims) return null;
  const customer = await findCustomer(db, claims.customerId);
  if (!customer) return null;
  return {
    customerId: customer.id,
    email: customer.email,
    customerType: customer.customerType,
    customer,
  };
}
