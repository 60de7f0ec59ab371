/**
 * The cart's promo code (GEINS-API §3.2 setCartPromoCode, §4.5; SPEC §8 "Koden är ej giltig").
 * The discount itself is computed by totals.ts when the cart is read.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { minorToDecimal } from '../pricing/money.ts';
import { findPromoCode, promoCodeProblem } from '../promotions/promotions.service.ts';
import { requireOpenCart } from './cart.service.ts';
import { carts } from './cart.tables.ts';
import { loadCartView, type CartView } from './cart-view.ts';

/**
 * `setCartPromoCode`: "" clears the code; otherwise the code must exist and be valid now, and
 * the cart must meet its requirements (GEINS-API §4.5).
 * @throws ShopError INVALID_PROMO_CODE "Koden är ej giltig" (SPEC §8), RequirementsNotMet,
 *   NOT_FOUND, CART_COMPLETED.
 */
export async function setCartPromoCode(
  db: Database,
  cartId: string,
  promoCode: string,
  shop: PricedShopContext,
  now: Date,
): Promise<CartView> {
  const record = await requireOpenCart(db, cartId);
  if (promoCode.trim() === '') {
    await db
      .update(carts)
      .set({ promoCode: null, updatedAt: sql`now()` })
      .where(eq(carts.id, record.id));
    return loadCartView(db, { ...record, promoCode: null }, shop, now);
  }
  const code = await findPromoCode(db, promoCode, shop.currency.code);
  if (!code || promoCodeProblem(code, now) !== null) {
    throw new ShopError('INVALID_PROMO_CODE', 'The promo code is not valid', {
      argument: 'promoCode',
    });
  }
  const withCode = { ...record, promoCode: code.code };
  const view = await loadCartView(db, withCode, shop, now);
  if (!view.totals.promoRequirementsMet || view.lines.length === 0) {
    throw new ShopError(
      'RequirementsNotMet',
      `The cart does not meet the requirements of the code ${code.code}`,
      {
        argument: 'promoCode',
        minOrderIncVat: minorToDecimal(code.amounts?.minOrderIncVat ?? 0, shop.currency.code),
      },
    );
  }
  await db
    .update(carts)
    .set({ promoCode: code.code, updatedAt: sql`now()` })
    .where(eq(carts.id, record.id));
  return view;
}
