/**
 * Store credit of a customer (SPEC §1 balance, GEINS-API §4.7 `UserType.balances`): the back
 * office's refunds as store credit (issue 27, modules/orders/order-refund.service.ts) add to
 * `customers.balance`, which `/mina-sidor/saldo` and the shop API show. Minor units (öre).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { swedishInputError } from '../../errors.ts';
import { customers } from './customers.tables.ts';

/** A customer's balance before and after a credit, minor units of `currencyCode`. */
export interface BalanceCredit {
  customerId: number;
  currencyCode: string;
  before: number;
  after: number;
}

/**
 * Adds `amount` to a customer's balance inside the caller's transaction, locking the row. A
 * customer whose balance is 0 takes the credit's currency; a balance in another currency is
 * refused (one balance per customer).
 * @throws ShopError BAD_USER_INPUT (Swedish) for an unknown customer, a negative amount or
 *   another currency
 */
export async function creditCustomerBalance(
  tx: Database,
  customerId: number,
  amount: number,
  currencyCode: string,
): Promise<BalanceCredit> {
  if (!Number.isInteger(amount) || amount < 0) {
    throw swedishInputError('Beloppet måste vara ett positivt belopp.', 'amount');
  }
  const [row] = await tx
    .select({ balance: customers.balance, currency: customers.balanceCurrency })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  if (!row) throw swedishInputError('Kunden finns inte längre.', 'toBalance');
  if (row.balance !== 0 && row.currency !== currencyCode) {
    throw swedishInputError(
      `Kundens saldo är i ${row.currency}; ordern är i ${currencyCode}.`,
      'toBalance',
    );
  }
  await tx
    .update(customers)
    .set({
      balance: sql`${customers.balance} + ${amount}`,
      balanceCurrency: currencyCode,
      updatedAt: new Date(),
    })
    .where(eq(customers.id, customerId));
  return { customerId, currencyCode, before: row.balance, after: row.balance + amount };
}
