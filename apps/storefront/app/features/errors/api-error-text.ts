/**
 * The Swedish text a shopper sees for an API error (issue 22 "one language per audience"): the
 * API answers API clients in English (`message`) with a stable `extensions.code` and details; the
 * storefront picks its own text from those, so shoppers keep the SPEC's Swedish texts.
 */
import type { ApiGraphQLError } from '../../graphql/client.server';
import { t, type MessageKey } from '../../i18n/i18n';

/** The storefront text of each checkout problem code (the API's `MESSAGES` keys, SPEC §5). */
const CHECKOUT_PROBLEMS: Record<string, MessageKey> = {
  required: 'checkout.error.required',
  email: 'checkout.error.email',
  personalId: 'validation.personalId',
  organizationId: 'validation.organizationId',
  foreignId: 'checkout.error.foreignId',
  zip: 'checkout.error.zip',
  noShipping: 'checkout.shipping.none',
  pickupPoint: 'checkout.error.pickup',
  pickupStoreOnly: 'checkout.error.pickupStoreOnly',
  terms: 'checkout.terms.required',
  emptyCart: 'checkout.error.emptyCart',
  chooseShipping: 'checkout.error.shipping',
  choosePayment: 'checkout.error.payment',
  // nShift (issue 43): the price moved or the pickup point is gone since it was shown.
  shippingChanged: 'checkout.error.shippingChanged',
};

/** The Swedish text of a checkout problem code (e.g. `required`); the generic error when unknown. */
export function checkoutProblemText(code: unknown): string {
  const key = typeof code === 'string' ? CHECKOUT_PROBLEMS[code] : undefined;
  return t(key ?? 'error.generic.text');
}

/** A number from an error's extensions, or null. */
function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The Swedish text of an API error for a shopper, by `code` and extensions: stock (SPEC §8 "only
 * {stock} left"; a store's shelf for click and collect, issue 40 §6), a product or cart that is gone, quantity limits, gift cards, attempt limits and
 * checkout problems. Anything else gets the generic error text (SPEC §9).
 * @param culture BCP 47 culture its numbers are written in, e.g. `nb-NO` (texts stay Swedish)
 */
export function apiErrorText(error: ApiGraphQLError, culture?: string): string {
  const x = error.extensions;
  const text = (key: MessageKey, values?: Record<string, string | number>) =>
    t(key, values, culture);
  switch (error.code) {
    case 'OUT_OF_STOCK': {
      if (x.reason === 'unavailable') {
        return text('api.outOfStock.unavailable', { product: String(x.productName ?? '') });
      }
      // Click and collect (issue 40 §6): a store's shelf, when the line was added or ordered.
      if (x.reason === 'storeStock') {
        const store = String(x.storeName ?? '');
        const onShelf = count(x.stock) ?? 0;
        const inCart = count(x.quantityInCart) ?? 0;
        if (onShelf <= 0) return text('api.outOfStock.store.none', { store });
        return inCart > 0
          ? text('api.outOfStock.store.onlyInCart', { stock: onShelf, inCart, store })
          : text('api.outOfStock.store.only', { stock: onShelf, store });
      }
      if (x.reason === 'storeShortage') {
        return text('api.outOfStock.storeShortage', {
          store: String(x.storeName ?? ''),
          product: String(x.productName ?? ''),
          sku: String(x.skuName ?? ''),
          available: count(x.available) ?? 0,
        });
      }
      if (x.reason === 'shortage') {
        return text('api.outOfStock.shortage', {
          product: String(x.productName ?? ''),
          sku: String(x.skuName ?? ''),
          available: count(x.available) ?? 0,
        });
      }
      const stock = count(x.stock);
      const inCart = count(x.quantityInCart) ?? 0;
      if (stock === null || stock <= 0) return text('api.outOfStock.soldOut');
      return inCart > 0
        ? text('api.outOfStock.onlyInCart', { stock, inCart })
        : text('api.outOfStock.only', { stock });
    }
    case 'NOT_FOUND':
      return x.argument === 'skuId' ? text('api.productGone') : text('error.generic.text');
    case 'BAD_USER_INPUT':
      if (x.argument === 'quantity') {
        return text('api.quantity', { min: count(x.min) ?? 0, max: count(x.max) ?? 0 });
      }
      if (x.argument === 'giftCardCode') return text('api.giftCard.invalid');
      if (x.argument === 'pickupStore') return text('api.pickupStore.unavailable');
      if (x.argument === 'id') return text('api.lineGone');
      return text('error.generic.text');
    case 'PICKUP_STORE_CONFLICT':
      return x.reason === 'otherStore'
        ? text('api.pickupStore.otherStore', { store: String(x.storeName ?? '') })
        : text('api.pickupStore.sameSku');
    case 'CART_COMPLETED':
      return text('api.cartCompleted');
    case 'RATE_LIMITED':
      return text('api.rateLimited');
    case 'GIFT_CARD_BALANCE_CHANGED':
      return text('api.giftCard.balanceChanged');
    case 'INVALID_PROMO_CODE':
      return text('cart.promo.invalid');
    case 'RequirementsNotMet':
      return text('cart.promo.requirements');
    case 'INVALID_CHECKOUT':
    case 'INVALID_IDENTITY_NUMBER':
      return checkoutProblemText(x.reason);
    default:
      return text('error.generic.text');
  }
}
