/**
 * Gift cards (SPEC §1 gift cards, §3 Cart summary balance): a code with a balance in minor units
 * (öre) that pays part or all of an order; the remainder stays on the card. Wrong codes are
 * counted in the shared rate-limit table (modules/rate-limits).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A gift card; `balance` in öre never goes below zero. */
export const giftCards = pgTable(
  'gift_cards',
  {
    /** Upper case code. */
    code: text().primaryKey(),
    currencyCode: text().notNull(),
    balance: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [check('gift_cards_balance_non_negative', sql`${t.balance} >= 0`)],
);

/** Amounts drawn from gift cards by orders (öre). */
export const giftCardTransactions = pgTable(
  'gift_card_transactions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text()
      .notNull()
      .references(() => giftCards.code),
    orderId: integer().notNull(),
    amount: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.code)],
);
