/**
 * Money of a cart in GraphQL answers: Decimal major units and formatted text in the market's
 * currency and culture (GEINS-API §0.4 Decimal). Shared by the cart and shipping-option types.
 */
import { formatMoney, minorToDecimal } from '../pricing/money.ts';
import type { PriceAmounts } from '../pricing/price.ts';
import type { PriceView } from '../pricing/pricing.service.ts';
import type { CartView } from './cart-view.ts';

/** Money of a cart as Decimal kronor (major units of the cart's currency). */
export function money(view: CartView, minor: number): number {
  return minorToDecimal(minor, view.shop.currency.code);
}

/** Money of a cart formatted in the market culture, e.g. "1 299 kr". */
export function formatted(view: CartView, minor: number): string {
  return formatMoney(minor, view.shop.currency.code, view.shop.market.defaultLanguageId);
}

/** Price amounts (öre) of a cart as a `PriceType` source in the cart's currency and culture. */
export function priceView(view: CartView, amounts: PriceAmounts): PriceView {
  return { amounts, currency: view.shop.currency, culture: view.shop.market.defaultLanguageId };
}
