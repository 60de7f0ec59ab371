/**
 * Carts (SPEC §3 Cart; §4 cart states; GEINS-API §3.1 getCart, §3.2 completeCart, clearCart,
 * cloneCart and §4.5 semantics): the cart row, its owner and its life cycle. Pricing a cart is
 * in cart-view.ts, lines in cart-lines.service.ts, the promo code in cart-promo.service.ts, the
 * gift card in cart-giftcard.service.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { findPromoCode, promoCodeProblem } from '../promotions/promotions.service.ts';
import { cartItems, carts, type StoredCheckout } from './cart.tables.ts';
import type { StoredShippingChoice } from '../shipping/provider.ts';
import { loadCartView, type CartRecord, type CartView } from './cart-view.ts';

/** Reads a cart row, optionally locking it (FOR UPDATE) inside a transaction. */
export async function findCart(
  db: Database,
  id: string | null | undefined,
  lock = false,
): Promise<CartRecord | null> {
  const cartId = (id ?? '').trim();
  if (!/^[0-9a-f-]{36}$/i.test(cartId)) return null;
  const query = db.select().from(carts).where(eq(carts.id, cartId.toLowerCase())).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Creates an empty cart in the market, owned by `customerId` when a logged-in customer asks
 * (issue 13 §14). One statement.
 */
export async function createCart(
  db: Database,
  marketId: string,
  customerId: number | null = null,
): Promise<CartRecord> {
  const [row] = await db
    .insert(carts)
    .values({ id: randomUUID(), marketId, customerId })
    .returning();
  return row!;
}

/**
 * Cart ownership (issue 13 §14). Cart ids are bearer secrets (the Geins contract: the
 * `ralph-cart` cookie, random UUIDs); an anonymous cart belongs to whoever holds its id. The first
 * request of a logged-in customer that uses an anonymous cart (getCart, addToCart,
 * updateCartItem, createOrUpdateCheckout, setCartShippingFee) makes it theirs: `customer_id` is
 * written, atomically (only while it is still null, so a claimed cart is never taken over). From
 * then on cloneCart and the checkout's personal data need that customer's Bearer token.
 * @returns the cart row after the claim (unchanged when it was owned already), or null for an
 *   unknown id
 */
export async function claimCart(
  db: Database,
  record: CartRecord | null,
  customerId: number | null,
): Promise<CartRecord | null> {
  if (!record || customerId === null || record.customerId !== null) return record;
  const [claimed] = await db
    .update(carts)
    .set({ customerId })
    .where(and(eq(carts.id, record.id), isNull(carts.customerId)))
    .returning();
  return claimed ?? (await findCart(db, record.id));
}

/** {@link claimCart} by id: reads the cart first; nothing happens for guests. */
export async function claimCartById(
  db: Database,
  cartId: string,
  customerId: number | null,
): Promise<void> {
  if (customerId === null) return;
  await claimCart(db, await findCart(db, cartId), customerId);
}

/**
 * `getCart`: the cart with that id, or a new one when the id is empty, unknown or (without
 * `includeCompleted`) completed (GEINS-API §0.5, §3.1). `beforeCreate` runs before a cart is
 * created and may throw to refuse it (the per-request limit, issue 13 §18).
 */
export async function getOrCreateCart(
  db: Database,
  id: string | null | undefined,
  shop: PricedShopContext,
  now: Date,
  options: {
    includeCompleted?: boolean;
    allowExternalShippingFee?: boolean;
    beforeCreate?: () => void;
    /** The logged-in caller: a new cart is theirs, an anonymous one becomes theirs. */
    customerId?: number | null;
  } = {},
): Promise<CartView> {
  const customerId = options.customerId ?? null;
  let record = await claimCart(db, await findCart(db, id), customerId);
  if (!record || (record.status === 'completed' && !options.includeCompleted)) {
    options.beforeCreate?.();
    record = await createCart(db, shop.market.id, customerId);
  }
  return loadCartView(db, record, shop, now, {
    allowExternalShippingFee: options.allowExternalShippingFee ?? false,
  });
}

/**
 * An open cart for a change that must not silently do nothing.
 * @throws ShopError NOT_FOUND (unknown cart), CART_COMPLETED.
 */
export async function requireOpenCart(db: Database, cartId: string): Promise<CartRecord> {
  const record = await findCart(db, cartId);
  if (!record) throw new ShopError('NOT_FOUND', 'Cart not found', { argument: 'id' });
  if (record.status !== 'open') {
    throw new ShopError('CART_COMPLETED', 'The cart is already completed', { argument: 'id' });
  }
  return record;
}

/**
 * `clearCart`: removes every line and the promo code.
 * @throws ShopError NOT_FOUND, CART_COMPLETED.
 */
export async function clearCart(
  db: Database,
  cartId: string,
  shop: PricedShopContext,
  now: Date,
): Promise<CartView> {
  const record = await requireOpenCart(db, cartId);
  await db.transaction(async (tx) => {
    await tx.delete(cartItems).where(eq(cartItems.cartId, record.id));
    await tx
      .update(carts)
      .set({
        promoCode: null,
        giftCardCode: null,
        giftCardBalanceSeen: null,
        updatedAt: sql`now()`,
      })
      .where(eq(carts.id, record.id));
  });
  return loadCartView(
    db,
    { ...record, promoCode: null, giftCardCode: null, giftCardBalanceSeen: null },
    shop,
    now,
  );
}

/**
 * `cloneCart` (GEINS-API §3.2; used by @geins/oms `cart.copy`): a new open cart in the shop's
 * market with the items of the cart `cartId` (open or completed), re-priced at today's prices.
 * Each line is stock-checked: its quantity is capped at the units that can be sold now, and a
 * line whose product left the catalogue, has no price in the market or is sold out is left out.
 * The promo code is copied unless `resetPromotions` (and only while it is still valid); the
 * gift card and the checkout details are never copied. Written in one transaction.
 * @param viewerCustomerId the logged-in caller, or null for a guest: a cart owned by a customer
 *   can only be cloned by that customer.
 * @returns the new cart
 * @throws ShopError NOT_FOUND (unknown or malformed id, or another customer's cart; the same
 *   answer for both, so cart ids cannot be probed)
 */
export async function cloneCart(
  db: Database,
  cartId: string,
  resetPromotions: boolean,
  viewerCustomerId: number | null,
  shop: PricedShopContext,
  now: Date,
): Promise<CartView> {
  const source = await findCart(db, cartId);
  if (!source || (source.customerId !== null && source.customerId !== viewerCustomerId)) {
    throw new ShopError('NOT_FOUND', 'Cart not found', { argument: 'id' });
  }
  const priced = await loadCartView(db, source, shop, now);
  const lines = priced.lines.flatMap((line) => {
    const quantity = Math.min(line.quantity, line.sellable);
    return line.available && quantity > 0 ? [{ line, quantity }] : [];
  });
  const promo =
    !resetPromotions && source.promoCode
      ? await findPromoCode(db, source.promoCode, shop.currency.code)
      : null;
  const promoCode = promo && promoCodeProblem(promo, now) === null ? promo.code : null;
  const record = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(carts)
      .values({
        id: randomUUID(),
        marketId: shop.market.id,
        promoCode,
        customerId: source.customerId,
      })
      .returning();
    if (lines.length > 0) {
      await tx.insert(cartItems).values(
        lines.map(({ line, quantity }) => ({
          cartId: row!.id,
          skuId: line.skuId,
          productId: line.productId,
          quantity,
          productName: line.product?.name ?? line.productName,
          articleNumber: line.product?.articleNumber ?? line.articleNumber,
          skuName: line.skuName,
          skuArticleNumber: line.skuArticleNumber,
          unitPriceIncVat: line.unitPriceIncVat,
          vatRateBasisPoints: line.vatRateBasisPoints,
        })),
      );
    }
    return row!;
  });
  return loadCartView(db, record, shop, now);
}

/**
 * `completeCart`: makes the cart read-only (idempotent).
 * @throws ShopError NOT_FOUND for an unknown cart.
 */
export async function completeCart(
  db: Database,
  cartId: string,
  shop: PricedShopContext,
  now: Date,
): Promise<CartView> {
  const record = await findCart(db, cartId);
  if (!record) throw new ShopError('NOT_FOUND', 'Cart not found', { argument: 'id' });
  if (record.status === 'completed') return loadCartView(db, record, shop, now);
  const [updated] = await db
    .update(carts)
    .set({ status: 'completed', completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(carts.id, record.id))
    .returning();
  return loadCartView(db, updated!, shop, now);
}

/** The longest merchant data a cart takes (characters). */
export const MAX_MERCHANT_DATA_LENGTH = 10_000;

/**
 * `setCartMerchantData` (GEINS-API §3.2; @geins/oms `cart.setMerchantData`): stores the
 * merchant's own text (often JSON; never read by the shop) on the open cart, replacing what was
 * there; "" clears it.
 * @throws ShopError BAD_USER_INPUT (over {@link MAX_MERCHANT_DATA_LENGTH} characters),
 *   NOT_FOUND, CART_COMPLETED
 */
export async function setCartMerchantData(
  db: Database,
  cartId: string,
  merchantData: string,
  shop: PricedShopContext,
  now: Date,
): Promise<CartView> {
  if (merchantData.length > MAX_MERCHANT_DATA_LENGTH) {
    throw new ShopError('BAD_USER_INPUT', 'Merchant data is too long', {
      argument: 'merchantData',
      max: MAX_MERCHANT_DATA_LENGTH,
    });
  }
  const record = await requireOpenCart(db, cartId);
  const [updated] = await db
    .update(carts)
    .set({ merchantData: merchantData || null, updatedAt: sql`now()` })
    .where(eq(carts.id, record.id))
    .returning();
  return loadCartView(db, updated!, shop, now);
}

/** Stores the checkout input on an open cart (the checkout module validates it first). */
export async function saveCartCheckout(
  db: Database,
  cartId: string,
  checkout: StoredCheckout,
): Promise<void> {
  await db
    .update(carts)
    .set({ checkout, updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}

/**
 * Stores the shipping provider's choice a cart is priced with (carts.shipping_choice; ADR 020
 * §4), written by the checkout from the provider's own answer; null clears it (the shop's own
 * options price the cart again).
 */
export async function saveCartShippingChoice(
  db: Database,
  cartId: string,
  choice: StoredShippingChoice | null,
): Promise<void> {
  await db
    .update(carts)
    .set({ shippingChoice: choice, updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}

/**
 * Stores an external shipping fee on an open cart (setCartShippingFee; the checkout module
 * validates it first).
 * @param feeIncVat minor units incl. VAT of `currencyCode`
 */
export async function saveExternalShippingFee(
  db: Database,
  cartId: string,
  feeIncVat: number,
  currencyCode: string,
): Promise<CartRecord> {
  const [row] = await db
    .update(carts)
    .set({
      externalShippingFeeIncVat: feeIncVat,
      externalShippingFeeCurrency: currencyCode,
      updatedAt: sql`now()`,
    })
    .where(eq(carts.id, cartId))
    .returning();
  return row!;
}

/**
 * Marks a cart completed inside the order transaction. A cart a logged-in customer orders is
 * theirs from then on (issue 41 §6): an anonymous cart gets the order's `customerId`, so its id
 * alone no longer lets anyone else copy the order's lines (cloneCart); a cart owned already keeps
 * its owner.
 * @param customerId the order's customer, or null for a guest order
 */
export async function markCartCompleted(
  tx: Database,
  cartId: string,
  customerId: number | null,
): Promise<void> {
  await tx
    .update(carts)
    .set({
      status: 'completed',
      completedAt: sql`now()`,
      updatedAt: sql`now()`,
      customerId: sql`coalesce(${carts.customerId}, ${customerId})`,
    })
    .where(eq(carts.id, cartId));
}
