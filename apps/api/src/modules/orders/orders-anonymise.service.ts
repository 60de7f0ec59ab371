/**
 * GDPR erasure of a customer's orders (issue 7 part 8): the orders stay for bookkeeping (amounts,
 * lines, VAT, dates, status), but the personal data in them is replaced. Kept: the country of
 * the addresses (VAT) and the company name of organisation orders. Written by the accounts
 * issue beside the orders module because only this module touches the `orders` table.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { guestOrdersOf } from './orders.service.ts';
import { orderNotes, orders } from './orders.tables.ts';

/** The e-mail address anonymised orders carry. */
export const ANONYMISED_EMAIL = 'anonymiserad@example.invalid';

/** What a staff note on an erased customer's order says instead (who wrote it and when stay). */
export const ERASED_NOTE_TEXT = '(Borttagen när kundens uppgifter raderades.)';

/** Replaces the personal fields of an address, keeping country and company. */
const anonymisedAddress = (column: typeof orders.billingAddress | typeof orders.shippingAddress) =>
  sql`jsonb_build_object(
    'firstName', '', 'lastName', '', 'addressLine1', '', 'addressLine2', '', 'addressLine3', '',
    'entryCode', '', 'careOf', '', 'city', '', 'state', '', 'zip', '', 'mobile', '', 'phone', '',
    'country', coalesce(${column} ->> 'country', ''),
    'company', coalesce(${column} ->> 'company', ''))`;

/**
 * Anonymises every order of the customer and unlinks it from the account; the staff's notes on
 * those orders (issue 27: free text that may name the customer) are replaced by
 * {@link ERASED_NOTE_TEXT}. Run it in the same transaction as the account's deletion.
 * @returns the number of orders anonymised
 */
export async function anonymiseOrdersOfCustomer(db: Database, customerId: number): Promise<number> {
  return anonymiseOrdersWhere(db, eq(orders.customerId, customerId));
}

/**
 * Anonymises the guest orders (no account) placed with `email` (issue 40 point 5: a guest's
 * GDPR erasure), as {@link anonymiseOrdersOfCustomer} does an account's.
 * @returns the number of orders anonymised
 */
export async function anonymiseGuestOrders(db: Database, email: string): Promise<number> {
  return anonymiseOrdersWhere(db, guestOrdersOf(email));
}

async function anonymiseOrdersWhere(db: Database, where: SQL): Promise<number> {
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
    .where(where)
    .returning({ id: orders.id });
  if (rows.length > 0) {
    await db
      .update(orderNotes)
      .set({ text: ERASED_NOTE_TEXT })
      .where(
        and(
          inArray(
            orderNotes.orderId,
            rows.map((row) => row.id),
          ),
          eq(orderNotes.kind, 'note'),
        ),
      );
  }
  return rows.length;
}
