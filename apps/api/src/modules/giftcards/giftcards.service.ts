/**
 * Gift cards (SPEC §1 gift cards, §3 Cart summary balance): a code with a balance in minor units
 * (öre) pays part or all of an order; the remainder stays on the card. Wrong codes are rate
 * limited per cart, counted in the database so every instance shares the limit.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import { giftCardAttempts, giftCards, giftCardTransactions } from './giftcards.tables.ts';

/** Wrong codes allowed per cart within {@link ATTEMPT_WINDOW_MS}. */
export const MAX_WRONG_ATTEMPTS = 5;
/** The rate-limit window in milliseconds (15 minutes). */
export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;

/** Upper case, without spaces or dashes. */
export function normalizeGiftCardCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}

/** Balance (öre) of a usable card in that currency; 0 when unknown, expired or another currency. */
export async function giftCardBalance(
  db: Database,
  code: string,
  currencyCode: string,
  now: Date,
): Promise<number> {
  const [card] = await db
    .select()
    .from(giftCards)
    .where(eq(giftCards.code, normalizeGiftCardCode(code)))
    .limit(1);
  if (!card || card.currencyCode !== currencyCode) return 0;
  if (card.expiresAt && card.expiresAt <= now) return 0;
  return card.balance;
}

/**
 * Checks a code a shopper typed for a cart: a card with a balance in the currency.
 * @returns the normalized code
 * @throws ShopError RATE_LIMITED after {@link MAX_WRONG_ATTEMPTS} wrong codes in the window;
 *   BAD_USER_INPUT "Presentkortet är ogiltigt eller saknar saldo" for a wrong code (counted).
 */
export async function checkGiftCardCode(
  db: Database,
  cartId: string,
  code: string,
  currencyCode: string,
  now: Date,
): Promise<string> {
  const since = sql`${new Date(now.getTime() - ATTEMPT_WINDOW_MS).toISOString()}::timestamptz`;
  const [{ count }] = (await db
    .select({ count: sql<number>`count(*)::int` })
    .from(giftCardAttempts)
    .where(and(eq(giftCardAttempts.cartId, cartId), gt(giftCardAttempts.attemptedAt, since)))) as [
    { count: number },
  ];
  if (count >= MAX_WRONG_ATTEMPTS) {
    throw new ShopError('RATE_LIMITED', 'För många försök. Vänta en stund och försök igen.', {
      argument: 'giftCardCode',
    });
  }
  const normalized = normalizeGiftCardCode(code);
  const balance = normalized ? await giftCardBalance(db, normalized, currencyCode, now) : 0;
  if (balance <= 0) {
    await db.insert(giftCardAttempts).values({ cartId });
    throw new ShopError('BAD_USER_INPUT', 'Presentkortet är ogiltigt eller saknar saldo', {
      argument: 'giftCardCode',
    });
  }
  return normalized;
}

/**
 * Inside the order transaction: draws `amount` öre from the card (a conditional UPDATE: the
 * balance never goes below zero, concurrent orders cannot overdraw) and records it.
 * @returns false when the balance no longer covers the amount (nothing written).
 */
export async function drawGiftCard(
  tx: Database,
  code: string,
  amount: number,
  orderId: number,
): Promise<boolean> {
  if (amount <= 0) return true;
  const rows = await tx
    .update(giftCards)
    .set({ balance: sql`${giftCards.balance} - ${amount}` })
    .where(and(eq(giftCards.code, code), sql`${giftCards.balance} >= ${amount}`))
    .returning({ code: giftCards.code });
  if (rows.length !== 1) return false;
  await tx.insert(giftCardTransactions).values({ code, orderId, amount });
  return true;
}
