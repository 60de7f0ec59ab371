/**
 * GDPR erasure of a customer's orders (issue 7 part 8): the orders stay for bookkeeping (amounts,
 * lines, VAT, dates, status), but the personal data in them is replaced. Kept: the country of
 * the addresses (VAT) and the company name of organisation orders. Written by the accounts
 * issue beside the orders module because only this module touches the `orders` table.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from './orders.tables.ts';

/** The e-mail address anonymised orders carry. */
export const ANONYMISED_EMAIL = 'anonymiserad@example.invalid';

/** Replaces the personal fields of an address, keeping country and company. */
const anonymisedAddress = (column: typeof orders.billingAddress | typeof orders.shippingAddress) =>
  sql`jsonb_build_object(
    'firstName', '', 'lastName', '', 'addressLine1', '', 'addressLine2', '', 'addressLine3', '',
    'entryCode', '', 'careOf', '', 'city', '', 'state', '', 'zip', '', 'mobile', '', 'phone', '',
    'country', coalesce(${column} ->> 'country', ''),
    'company', coalesce(${column} ->> 'company', ''))`;

/**
 * Anonymises every order of the customer and unlinks it from the account. Run it in the same
 * transaction as the account's deletion.
 * @returns the number of orders anonymised
 */
export async function anonymiseOrdersOfCustomer(db: Database, customerId: number): Promise<number> {
  const rows = await db
    .update(orders)
    .set({
      customerId: null,
      email: ANONYMISED_EMAIL,
      phone: '',
      identityNumber: '',
      message: '',
      // Free texts the shopper typed (a goods label often carries a name).
      customerOrderNumber: null,
      goodsLabel: null,
      billingAddress: anonymisedAddress(orders.billingAddress),
      shippingAddress: anonymisedAddress(orders.shippingAddress),
      updatedAt: new Date(),
    })
    .where(eq(orders.customerId, customerId))
    .returning({ id: orders.id });
  return rows.length;
}
