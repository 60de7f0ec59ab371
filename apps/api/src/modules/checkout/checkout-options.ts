/**
 * The options a checkout shows (CheckoutType shippingOptions and paymentOptions, GEINS-API
 * §4.6): the shop's own shipping methods for the zip with the stores for pickup (issue 25,
 * issue 40 §6), or a shipping provider's choices with their pickup points (nShift, ADR 020 §3),
 * and the payment options of `config.payments`.
 */
import type { Database } from '../../db/client.ts';
import type { CartView } from '../cart/cart-view.ts';
import {
  offeredPaymentOption,
  offeredPaymentOptions,
  paymentMarketOf,
  type PaymentSettings,
} from '../payments/payment-options.ts';
import {
  checkoutShippingMethods,
  normalizeZip,
  storeStockForSkus,
} from '../shipping/shipping.service.ts';
import type { CheckoutInput } from './checkout-input.ts';
import type { CheckoutView } from './checkout-view.types.ts';
import { formatMoney } from '../pricing/money.ts';
import {
  methodForChoice,
  widgetShippingData,
  type ProviderSelection,
} from './shipping-choice.service.ts';

function paymentOptionsOf(cart: CartView, input: CheckoutInput, settings: PaymentSettings) {
  // An id not offered (the sandbox while it is off) shows the default as chosen.
  const market = paymentMarketOf(cart.shop);
  const payment =
    offeredPaymentOption(settings, input.paymentId, market) ??
    offeredPaymentOption(settings, null, market);
  return offeredPaymentOptions(settings, market).map((o) => ({
    ...o,
    isSelected: o.id === payment?.id,
  }));
}

/** The checkout with the shop's own shipping methods (today's options, issue 25). */
export async function checkoutView(
  db: Database,
  cart: CartView,
  input: CheckoutInput,
  settings: PaymentSettings,
): Promise<CheckoutView> {
  const zip = input.shippingAddress?.zip || input.billingAddress?.zip || null;
  const country = cart.shop.market.country.code;
  const available = checkoutShippingMethods(cart.shippingMethods, zip, country);
  const wanted = new Map(cart.lines.map((l) => [l.skuId, l.quantity]));
  const needStores = available.some((m) => m.kind === 'pickup');
  const everyStore = needStores ? await storeStockForSkus(db, wanted) : [];
  // A cart with lines reserved in a store is picked up there only (issue 40 §6).
  const stores = cart.pickupStore
    ? everyStore.filter((s) => s.alias === cart.pickupStore!.alias)
    : everyStore;
  const free = cart.totals.freeShipping;
  // The chosen method, else the one the cart is priced with (the default) when it serves the zip.
  const selectedId = available.some((m) => m.id === input.shippingId)
    ? input.shippingId
    : available.some((m) => m.id === cart.shipping?.id)
      ? cart.shipping?.id
      : null;
  return {
    cart,
    input,
    shippingOptions: available.map((method) => ({
      method,
      // An external fee (setCartShippingFee) at or above the shop's own replaces the fee of the
      // method the cart is priced with (loadCartView; issue 13 §3).
      feeIncVat:
        cart.externalShippingFee && method.id === cart.shipping?.id
          ? cart.totals.shippingFeeIncVat
          : free && method.freeShippingEligible
            ? 0
            : method.feeIncVat,
      isSelected: method.id === selectedId,
      stores: method.kind === 'pickup' ? stores : [],
    })),
    paymentOptions: paymentOptionsOf(cart, input, settings),
    noShippingForZip: normalizeZip(zip, country) !== null && available.length === 0,
  };
}

/**
 * The checkout with a shipping provider's choices (nShift, ADR 020 §3): one option per choice
 * (its method the market's row of its kind, its fee after the free-shipping rule, its pickup
 * points nearest first with the chosen one), and the provider's `shippingData`.
 */
export function providerCheckoutView(
  cart: CartView,
  input: CheckoutInput,
  settings: PaymentSettings,
  selection: ProviderSelection,
): CheckoutView {
  const zip = input.shippingAddress?.zip || input.billingAddress?.zip || null;
  const selectedPoint = selection.selected?.pickupPoints[0]?.id ?? null;
  return {
    cart,
    input,
    shippingOptions: selection.choices.map((choice) => {
      const isSelected = choice.id === selection.selected?.id;
      return {
        method: methodForChoice(cart.shippingMethods, choice)!,
        feeIncVat: isSelected ? cart.totals.shippingFeeIncVat : choice.fee,
        isSelected,
        stores: [],
        choice,
        pickupPointId: isSelected ? selectedPoint : null,
      };
    }),
    paymentOptions: paymentOptionsOf(cart, input, settings),
    noShippingForZip:
      normalizeZip(zip, cart.shop.market.country.code) !== null && selection.choices.length === 0,
    providerShippingData: widgetShippingData(
      selection.offer.shippingData,
      selection.choices,
      (minor) => formatMoney(minor, cart.shop.currency.code, cart.shop.market.defaultLanguageId),
    ),
  };
}
