/**
 * The checkout's steps with a shipping provider that gives its own choices (nShift; issue 43,
 * ADR 020 §3–§4): `createOrUpdateCheckout` asks the provider, selects a choice and prices the
 * cart with it; `placeOrder` asks again and refuses a choice that is gone or whose price moved.
 * The choice the cart holds is written only from the provider's answer (issue 13 §3).
 */
import type { Database } from '../../db/client.ts';
import { saveCartCheckout, saveCartShippingChoice } from '../cart/cart.service.ts';
import { loadCartView, type CartRecord } from '../cart/cart-view.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import type { PaymentSettings } from '../payments/payment-options.ts';
import type { ShippingProvider, StoredShippingChoice } from '../shipping/provider.ts';
import { invalidCheckout, MESSAGES, type CheckoutInput } from './checkout-input.ts';
import { checkoutView, providerCheckoutView } from './checkout-options.ts';
import type { CheckoutView } from './checkout-view.types.ts';
import {
  assertClientFee,
  methodForChoice,
  providerSelection,
  shippingQueryFor,
  storedChoice,
  usableChoices,
} from './shipping-choice.service.ts';

function sameChoice(a: StoredShippingChoice | null, b: StoredShippingChoice | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The checkout input with the order's method and point of a provider choice. */
function withChoice(
  input: CheckoutInput,
  stored: StoredShippingChoice | null,
  methodId: number | null,
) {
  if (!stored || methodId === null) return input;
  return {
    ...input,
    shippingId: methodId,
    externalShippingId: stored.choiceId,
    pickupPoint: stored.pickupPoint?.id ?? null,
  };
}

/**
 * `createOrUpdateCheckout` with a provider (ADR 020 §3): the provider's choices for the cart
 * (weight, items value, zip), the client's `externalShippingId`/`pickupPoint` selected when
 * offered, the cart priced with it. When the provider cannot answer the shop's own options
 * price and show the cart (fallback), and the provider's `shippingData` is still returned.
 * @param save store the input (false: a read of the checkout as it is)
 * @throws ShopError BAD_USER_INPUT SHIPPING_FEE_MISMATCH before anything is stored
 */
export async function providerCheckout(
  db: Database,
  provider: ShippingProvider,
  record: CartRecord,
  input: CheckoutInput,
  save: boolean,
  shop: PricedShopContext,
  now: Date,
  settings: PaymentSettings,
): Promise<CheckoutView> {
  const first = await loadCartView(db, { ...record, checkout: input }, shop, now, {
    allowExternalShippingFee: true,
  });
  const selection = await providerSelection(db, provider, first, input);
  const checkout = withChoice(input, selection.stored, selection.method?.id ?? null);
  if (save) await saveCartCheckout(db, record.id, checkout);
  if (!sameChoice(record.shippingChoice, selection.stored)) {
    await saveCartShippingChoice(db, record.id, selection.stored);
  }
  const cart = await loadCartView(
    db,
    { ...record, checkout, shippingChoice: selection.stored },
    shop,
    now,
    { allowExternalShippingFee: true },
  );
  if (selection.offer.fallback) {
    return { ...(await checkoutView(db, cart, checkout, settings)) };
  }
  return providerCheckoutView(cart, checkout, settings, selection);
}

/**
 * `placeOrder`'s check of the provider's choice (ADR 020 §4): asks the provider again for the
 * cart as it is now. The choice the client names (`externalShippingId`, else the cart's) must
 * still be offered, its `pickupPoint` one of its points and a client's fee its fee; when the
 * provider's price of the cart's choice moved, the new one is stored and the shopper is asked
 * to look again. Returns the input and cart record the order is written from. When the
 * provider cannot answer, the shop's own options are used, unless the cart was priced with
 * the provider's choice (then the shopper is asked to look again, as its price would change).
 * @throws ShopError INVALID_CHECKOUT (shippingId `shippingChanged` or `noShipping`; pickupPoint
 *   `shippingChanged`), BAD_USER_INPUT SHIPPING_FEE_MISMATCH
 */
export async function confirmProviderChoice(
  db: Database,
  provider: ShippingProvider,
  record: CartRecord,
  input: CheckoutInput,
  shop: PricedShopContext,
  now: Date,
): Promise<{ input: CheckoutInput; record: CartRecord }> {
  const view = await loadCartView(db, record, shop, now, { allowExternalShippingFee: true });
  if (view.lines.length === 0) return { input, record };
  const query = await shippingQueryFor(db, view, input);
  const offer = await provider.offer(query);
  const held = record.shippingChoice;
  if (offer.fallback || offer.provider !== provider.name) {
    if (held) {
      await saveCartShippingChoice(db, record.id, null);
      throw invalidCheckout({ shippingId: MESSAGES.shippingChanged });
    }
    return { input, record };
  }
  const choices = usableChoices(offer, view);
  const wantedId = input.externalShippingId || held?.choiceId || choices[0]?.id;
  const choice = choices.find((c) => c.id === wantedId);
  if (!choice) {
    if (held) await saveCartShippingChoice(db, record.id, null);
    throw invalidCheckout({
      shippingId: choices.length ? MESSAGES.shippingChanged : MESSAGES.noShipping,
    });
  }
  const pointId =
    input.pickupPoint || (held?.choiceId === choice.id ? held.pickupPoint?.id : undefined);
  const point = pointId
    ? choice.pickupPoints.find((p) => p.id === pointId)
    : choice.pickupPoints[0];
  if (choice.pickupPoints.length > 0 && !point) {
    throw invalidCheckout({ pickupPoint: MESSAGES.shippingChanged });
  }
  const selected = { ...choice, pickupPoints: point ? [point] : [] };
  if (input.externalShippingId === choice.id) assertClientFee(selected, input.externalShippingFee);
  const fresh = storedChoice(provider.name, selected, query);
  if (!sameChoice(held, fresh)) await saveCartShippingChoice(db, record.id, fresh);
  if (held && held.choiceId === fresh.choiceId && held.providerFee !== fresh.providerFee) {
    throw invalidCheckout({ shippingId: MESSAGES.shippingChanged });
  }
  const method = methodForChoice(view.shippingMethods, selected)!;
  return {
    input: withChoice(input, fresh, method.id),
    record: { ...record, shippingChoice: fresh },
  };
}
