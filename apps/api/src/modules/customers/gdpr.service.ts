/**
 * GDPR erasure of an account (issue 7 part 8; issue 27 for the back office): the orders are
 * anonymised and unlinked (kept for bookkeeping, 7 years: Bokföringslagen 7 kap.), the
 * newsletter subscription and back-in-stock requests of the address go, then the customer row
 * (sessions, reset keys and reviews with it), all in one transaction.
 */
import type { Database } from '../../db/client.ts';
import { eraseEngagementOf } from '../engagement/personal-data.ts';
import { anonymiseOrdersOfCustomer } from '../orders/orders-anonymise.service.ts';
import { deleteCustomerRow, findCustomer } from './customers.service.ts';

/** What an erasure did. */
export interface ErasureOutcome {
  /** Orders anonymised (kept for bookkeeping). */
  ordersAnonymised: number;
  /** Newsletter subscriptions removed (0 or 1). */
  newsletterRemoved: number;
  /** Back-in-stock requests removed. */
  availabilityRequestsRemoved: number;
}

/**
 * Erases the account `customerId` inside the caller's transaction `tx` (the back office adds its
 * audit entry to the same one).
 * @returns what was done, or null when there is no such account
 */
export async function eraseCustomerIn(
  tx: Database,
  customerId: number,
): Promise<ErasureOutcome | null> {
  const customer = await findCustomer(tx, customerId);
  if (!customer) return null;
  const ordersAnonymised = await anonymiseOrdersOfCustomer(tx, customerId);
  const engagement = await eraseEngagementOf(tx, customer.email);
  await deleteCustomerRow(tx, customerId);
  return {
    ordersAnonymised,
    newsletterRemoved: engagement.newsletter,
    availabilityRequestsRemoved: engagement.availabilityRequests,
  };
}

/**
 * Deletes the caller's account (`deleteUser`): see {@link eraseCustomerIn}. All or nothing.
 * @returns true when an account was deleted
 */
export async function deleteCustomerAccount(db: Database, customerId: number): Promise<boolean> {
  return db.transaction(
    async (tx) => (await eraseCustomerIn(tx as unknown as Database, customerId)) !== null,
  );
}
