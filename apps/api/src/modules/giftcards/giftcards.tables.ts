/**
 * Gift cards (SPEC §1 gift cards, §3 Cart summary balance): a code with a balance in minor units
 * (öre) that pays part or all of an order; the remainder stays on the card. Wrong codes are
 * counted in the shared rate-limit table (modules/rate-limits).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A gift card; `balance` in öre never goes below zero. `issuedAt` is when the back office issued
 * it (null for cards from before issue 26, e.g. the seed's); `voidedAt` when it was voided (its
 * balance is then 0).
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    /** Upper case code. */
    code: text().primaryKey(),
    currencyCode: text().notNull(),
    balance: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    issuedAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [check('gift_cards_balance_non_negative', sql`${t.balance} >= 0`)],
);

/**
 * A gift card's history (öre): `kind` order, an amount an order drew (`orderId` set); issue, the
 * amount the back office issued it with; void, the balance a void took away (issue 26).
 */
export const giftCardTransactions = pgTable(
  'gift_card_transactions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text()
      .notNull()
      .references(() => giftCards.code),
    orderId: integer(),
    amount: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    kind: text().notNull().default('order'),
  },
  (t) => [
    index().on(t.code),
    check('gift_card_transactions_kind_known', sql`${t.kind} in ('order', 'issue', 'void')`),
    check(
      'gift_card_transactions_order_of_orders',
      sql`(${t.kind} = 'order') = (${t.orderId} is not null)`,
    ),
  ],
);
