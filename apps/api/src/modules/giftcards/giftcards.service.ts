/**
 * Gift cards (SPEC §1 gift cards, §3 Cart summary balance): a code with a balance in minor units
 * (öre) pays part or all of an order; the remainder stays on the card.
 *
 * Code guessing (issue 13 §6) is limited per cart, per logged-in customer, per client address
 * and for the whole shop ({@link GIFT_CARD_LIMITS}), in the database so every instance shares
 * the limits (modules/rate-limits). Every check counts before the card is looked up; a right
 * code is given back, so only wrong codes use up the allowance.
 *
 * An order draws exactly what the cart showed (issue 13 §5, {@link drawGiftCard}).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import {
  addressKey,
  giveBackAttempt,
  takeAttempt,
  type RateLimit,
} from '../rate-limits/rate-limits.service.ts';
import { giftCards, giftCardTransactions } from './giftcards.tables.ts';

/**
 * Wrong gift-card codes allowed (issue 13 §6) in a sliding window: per cart 5 in 15 minutes;
 * per logged-in customer 10 an hour; per client address (IPv4, or IPv6 /64) 20 an hour, so
 * fresh carts do not help; for the whole shop 200 in 15 minutes, so many addresses do not help
 * either (then everyone waits: a circuit breaker that costs shoppers the gift-card box for a
 * while rather than letting a botnet guess on).
 */
export const GIFT_CARD_LIMITS = {
  cart: { limit: 5, windowSeconds: 15 * 60 },
  customer: { limit: 10, windowSeconds: 60 * 60 },
  address: { limit: 20, windowSeconds: 60 * 60 },
  shop: { limit: 200, windowSeconds: 15 * 60 },
} as const;

/** Who checks a gift-card code: the cart, and when known the customer and client address. */
export interface GiftCardClient {
  cartId: string;
  /** The logged-in customer (Bearer token), null for a guest. */
  customerId?: number | null;
  /** The client's address (GraphQL context `clientIp`), undefined when unknown. */
  ip?: string | undefined;
}

/** The rate limits that apply to a client's gift-card checks. */
export function giftCardLimits(client: GiftCardClient): RateLimit[] {
  const L = GIFT_CARD_LIMITS;
  const address = addressKey(client.ip);
  return [
    { key: `giftcard:cart:${client.cartId}`, ...L.cart },
    ...(client.customerId != null
      ? [{ key: `giftcard:customer:${client.customerId}`, ...L.customer }]
      : []),
    ...(address ? [{ key: `giftcard:address:${address}`, ...L.address }] : []),
    { key: 'giftcard:shop', ...L.shop },
  ];
}

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
 * Checks a code a shopper typed for a cart: a card with a balance in the currency. The check
 * counts against {@link GIFT_CARD_LIMITS} first; a right code is given back.
 * @returns the normalized code and its balance (minor units), which the cart then shows
 * @throws ShopError RATE_LIMITED "För många försök. Vänta en stund och försök igen."
 *   (extensions.retryAfterSeconds) when a limit is reached, also for a right code;
 *   BAD_USER_INPUT "Presentkortet är ogiltigt eller saknar saldo" for a wrong code (counted).
 */
export async function checkGiftCardCode(
  db: Database,
  client: GiftCardClient,
  code: string,
  currencyCode: string,
  now: Date,
): Promise<{ code: string; balance: number }> {
  const attempt = await takeAttempt(db, giftCardLimits(client), now);
  if (!attempt.allowed) {
    throw new ShopError('RATE_LIMITED', 'Too many attempts; try again later', {
      argument: 'giftCardCode',
      retryAfterSeconds: attempt.retryAfterSeconds,
    });
  }
  const normalized = normalizeGiftCardCode(code);
  const balance =
    normalized && normalized.length <= 64
      ? await giftCardBalance(db, normalized, currencyCode, now)
      : 0;
  if (balance <= 0) {
    throw new ShopError('BAD_USER_INPUT', 'The gift card is invalid or has no balance', {
      argument: 'giftCardCode',
    });
  }
  await giveBackAttempt(db, attempt);
  return { code: normalized, balance };
}

/**
 * The part of an order's total the cart showed the card paying (minor units): the balance the
 * shopper saw, at most the total. With no recorded balance (a card applied before issue 13),
 * the amount the order would draw.
 * @param balanceSeen the card's balance when applied or last acknowledged (carts.giftCardBalanceSeen)
 * @param totalIncVat the order's total incl. VAT
 * @param drawn what the order would draw now (CartTotals.balancePending)
 */
export function giftCardAmountShown(
  balanceSeen: number | null,
  totalIncVat: number,
  drawn: number,
): number {
  return balanceSeen === null ? drawn : Math.max(0, Math.min(balanceSeen, totalIncVat));
}

/** The refusal of an order whose gift-card draw differs from what the cart showed. */
function balanceChanged(): ShopError {
  return new ShopError(
    'GIFT_CARD_BALANCE_CHANGED',
    'The gift card balance changed after it was applied; check the amount drawn and place the order again',
    { argument: 'giftCardCode' },
  );
}

/**
 * Inside the order transaction: draws `amount` minor units from the card and records it, only
 * when that is what the cart showed (`shown`; issue 13 §5). The UPDATE is conditional, so the
 * balance never goes below zero and concurrent orders cannot overdraw; on PGlite, where orders
 * run one after the other, the later order sees the lower balance and `amount` differs instead.
 * Either way the order is refused rather than invoiced for more than it showed.
 * @throws ShopError GIFT_CARD_BALANCE_CHANGED (argument giftCardCode) when `amount` differs
 *   from `shown` or the balance no longer covers it (nothing drawn)
 */
export async function drawGiftCard(
  tx: Database,
  draw: { code: string; amount: number; shown: number; orderId: number },
): Promise<void> {
  const { code, amount, shown, orderId } = draw;
  if (amount !== shown) throw balanceChanged();
  if (amount <= 0) return;
  const rows = await tx
    .update(giftCards)
    .set({ balance: sql`${giftCards.balance} - ${amount}` })
    .where(and(eq(giftCards.code, code), sql`${giftCards.balance} >= ${amount}`))
    .returning({ code: giftCards.code });
  if (rows.length !== 1) throw balanceChanged();
  await tx.insert(giftCardTransactions).values({ code, orderId, amount });
}
