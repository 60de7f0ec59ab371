/**
 * GDPR rights of a logged-in customer (issue 7 part 8): deletion of the account with
 * anonymisation of its orders (kept for bookkeeping), in one transaction.
 */
import type { Database } from '../../db/client.ts';
import { anonymiseOrdersOfCustomer } from '../orders/orders-anonymise.service.ts';
import { deleteCustomerRow } from './customers.service.ts';

/**
 * Deletes the caller's account: orders are anonymised and unlinked, then the customer row goes
 * (sessions and reset keys with it). All or nothing.
 * @returns true when an account was deleted
 */
export async function deleteCustomerAccount(db: Database, customerId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await anonymiseOrdersOfCustomer(tx as unknown as Database, customerId);
    return deleteCustomerRow(tx as unknown as Database, customerId);
  });
}
