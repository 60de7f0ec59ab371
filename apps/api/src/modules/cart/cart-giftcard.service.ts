/**
 * The gift card of a cart (SPEC §1 gift cards, §3 Cart summary balance; issue 13 §5 and §6):
 * applying a code (rate limited, see giftcards.service.ts), remembering the balance the cart
 * showed, and drawing exactly that when the order is placed.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import {
  checkGiftCardCode,
  drawGiftCard,
  giftCardAmountShown,
  giftCardBalance,
  type GiftCardClient,
} from '../giftcards/giftcards.service.ts';
import { requireOpenCart } from './cart.service.ts';
import { loadCartView, type CartRecord, type CartView } from './cart-view.ts';
import { carts } from './cart.tables.ts';
import type { CartTotals } from './totals.ts';

/**
 * Sets or clears the gift card of an open cart with the balance (minor units) the cart shows
 * for it (null without a card).
 */
export async function setCartGiftCard(
  db: Database,
  cartId: string,
  code: string | null,
  balanceSeen: number | null,
): Promise<void> {
  await db
    .update(carts)
    .set({
      giftCardCode: code,
      giftCardBalanceSeen: code ? balanceSeen : null,
      updatedAt: sql`now()`,
    })
    .where(eq(carts.id, cartId));
}

/**
 * Applies a gift card to an open cart ("" removes it): the card's balance pays part or all of
 * the total when the order is placed (drawn in the order transaction; the rest stays on the
 * card). The balance the cart now shows is remembered: the order draws exactly that (issue 13
 * §5). Checks are limited per cart, customer, client address and shop (issue 13 §6).
 * @param client who asks: the customer (null for a guest) and the client address, if known
 * @throws ShopError BAD_USER_INPUT (unknown, expired or empty card), RATE_LIMITED, NOT_FOUND,
 *   CART_COMPLETED
 */
export async function applyGiftCard(
  db: Database,
  cartId: string,
  code: string,
  client: Omit<GiftCardClient, 'cartId'>,
  shop: PricedShopContext,
  now: Date,
): Promise<CartView> {
  const record = await requireOpenCart(db, cartId);
  const card =
    code.trim() === ''
      ? null
      : await checkGiftCardCode(
          db,
          { ...client, cartId: record.id },
          code,
          shop.currency.code,
          now,
        );
  await setCartGiftCard(db, record.id, card?.code ?? null, card?.balance ?? null);
  return loadCartView(
    db,
    { ...record, giftCardCode: card?.code ?? null, giftCardBalanceSeen: card?.balance ?? null },
    shop,
    now,
  );
}

/**
 * Inside the order transaction: draws the cart's gift-card part of `totals` when it is what the
 * cart showed (issue 13 §5); nothing without a card.
 * @throws ShopError GIFT_CARD_BALANCE_CHANGED when the card would pay a different amount
 *   (another order used it since it was applied); call {@link acknowledgeGiftCardBalance}
 *   after the transaction so that the cart shows, and the next attempt draws, the new amount.
 */
export async function drawCartGiftCard(
  tx: Database,
  record: CartRecord,
  totals: CartTotals,
  orderId: number,
): Promise<void> {
  if (!record.giftCardCode) return;
  await drawGiftCard(tx, {
    code: record.giftCardCode,
    amount: totals.balancePending,
    shown: giftCardAmountShown(
      record.giftCardBalanceSeen,
      totals.total.sellingPriceIncVat,
      totals.balancePending,
    ),
    orderId,
  });
}

/**
 * After a GIFT_CARD_BALANCE_CHANGED refusal: the shopper has been told, so the cart's card now
 * counts with its current balance in the shop's currency (the page shows it; the next order
 * attempt draws it). At most three statements.
 */
export async function acknowledgeGiftCardBalance(
  db: Database,
  cartId: string,
  shop: PricedShopContext,
  now: Date,
): Promise<void> {
  const [record] = await db.select().from(carts).where(eq(carts.id, cartId)).limit(1);
  if (!record?.giftCardCode || record.status !== 'open') return;
  const balance = await giftCardBalance(db, record.giftCardCode, shop.currency.code, now);
  await db.update(carts).set({ giftCardBalanceSeen: balance }).where(eq(carts.id, cartId));
}
