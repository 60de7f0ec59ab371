/**
 * The checkout's shipping with a provider that gives its own choices (nShift; issue 43, ADR 020
 * §3–§4): the query a cart asks with, which choice is selected, the choice the cart is priced
 * with (stored on the cart, written only from the provider's answer), and the checks of a
 * client's `externalShippingId`, `pickupPoint` and `externalShippingFee`. The shop's own options
 * keep today's path in checkout.service.ts.
 */
import { ShopError } from '../../errors.ts';
import type { Database } from '../../db/client.ts';
import { cartParcel } from '../cart/cart-parcel.ts';
import { applyFreeShipping } from '../cart/totals.ts';
import type { CartView } from '../cart/cart-view.ts';
import type { ShippingMethodRecord } from '../shipping/shipping.service.ts';
import {
  checkClientFee,
  type ShippingChoice,
  type ShippingOffer,
  type ShippingProvider,
  type ShippingQuery,
  type StoredShippingChoice,
} from '../shipping/provider.ts';
import type { CheckoutInput } from './checkout-input.ts';

/** The zip the checkout has: the shipping address's, else the billing address's, else null. */
export function checkoutZip(input: CheckoutInput): string | null {
  const zip = input.shippingAddress?.zip?.trim() || input.billingAddress?.zip?.trim() || '';
  return zip.replace(/\s/g, '') || null;
}

/**
 * What the provider is asked for a cart (ADR 020 §3): the market's country, currency and
 * language, the zip entered, the cart's weight in grams (SKU weights × quantities; cart-parcel.ts),
 * the items after discounts incl. VAT (minor units) and the market's free-shipping threshold.
 */
export async function shippingQueryFor(
  db: Database,
  cart: CartView,
  input: CheckoutInput,
): Promise<ShippingQuery> {
  const address = input.shippingAddress?.addressLine1
    ? input.shippingAddress
    : input.billingAddress;
  const parcel = await cartParcel(db, cart.record.id);
  return {
    marketId: cart.shop.market.id,
    country: cart.shop.market.country.code,
    currency: cart.shop.currency.code,
    language: cart.shop.language.code,
    zip: checkoutZip(input),
    street: address?.addressLine1?.trim() || undefined,
    city: address?.city?.trim() || undefined,
    weightGrams: parcel.weightGrams,
    itemsValue: cart.totals.itemsIncVat,
    freeShippingThreshold: cart.freeShippingThresholdIncVat,
  };
}

/** The market's shipping_methods row that an order of this choice's kind is written with. */
export function methodForChoice(
  methods: readonly ShippingMethodRecord[],
  choice: Pick<ShippingChoice, 'kind'>,
): ShippingMethodRecord | null {
  return methods.find((m) => m.kind === choice.kind) ?? null;
}

/**
 * The choices of an offer that the market can write an order for (a method of their kind),
 * free-shipping eligible only when that method is too (ADR 020 §4: the shop's rule, one place).
 */
export function usableChoices(offer: ShippingOffer, cart: CartView): ShippingChoice[] {
  return offer.choices.flatMap((choice) => {
    const method = methodForChoice(cart.shippingMethods, choice);
    if (!method) return [];
    const eligible = choice.freeShippingEligible && method.freeShippingEligible;
    return [
      {
        ...choice,
        freeShippingEligible: eligible,
        fee: applyFreeShipping(
          choice.providerFee,
          eligible,
          cart.totals.itemsIncVat,
          cart.freeShippingThresholdIncVat,
        ),
      },
    ];
  });
}

/**
 * The selected choice (ADR 020 §4): the client's `externalShippingId` when offered (with its
 * `pickupPoint` when that is one of the choice's points, else the nearest), else the one the
 * cart holds, else the first offered; the choice's `pickupPoints` narrowed to the chosen point.
 * Null when nothing is offered.
 */
export function selectChoice(
  choices: readonly ShippingChoice[],
  requested: { id: string | null | undefined; pickupPoint: string | null | undefined },
  stored: StoredShippingChoice | null,
): ShippingChoice | null {
  const byId = (id: string | null | undefined) =>
    id ? choices.find((c) => c.id === id) : undefined;
  const wanted = byId(requested.id);
  const choice = wanted ?? byId(stored?.choiceId) ?? choices[0];
  if (!choice) return null;
  const pointId = wanted
    ? requested.pickupPoint
    : (requested.pickupPoint ?? stored?.pickupPoint?.id);
  const point = choice.pickupPoints.find((p) => p.id === pointId) ?? choice.pickupPoints[0] ?? null;
  return { ...choice, pickupPoints: point ? [point] : [] };
}

/** The stored form of a choice (carts.shipping_choice) for a query. */
export function storedChoice(
  provider: ShippingProvider['name'],
  choice: ShippingChoice,
  query: ShippingQuery,
): StoredShippingChoice {
  return {
    provider,
    choiceId: choice.id,
    kind: choice.kind,
    name: choice.name,
    carrierId: choice.carrier.id,
    carrierName: choice.carrier.name,
    providerFee: choice.providerFee,
    freeShippingEligible: choice.freeShippingEligible,
    deliveryPromise: choice.deliveryPromise,
    pickupPoint: choice.pickupPoints[0] ?? null,
    currency: query.currency,
    query: { zip: query.zip ?? '', weightGrams: query.weightGrams, itemsValue: query.itemsValue },
  };
}

/**
 * Refuses a client's `externalShippingFee` that is not the selected choice's fee (ADR 020 §4;
 * issue 13 §3: a client never sets a fee). −1 or absent is "not set".
 * @throws ShopError BAD_USER_INPUT (extensions.reason `SHIPPING_FEE_MISMATCH`, field
 *   externalShippingFee); nothing is stored then
 */
export function assertClientFee(choice: ShippingChoice, externalFee: number | null | undefined) {
  const checked = checkClientFee(choice, externalFee);
  if (!checked.ok) {
    throw new ShopError('BAD_USER_INPUT', checked.message, {
      argument: 'checkout',
      field: 'externalShippingFee',
      reason: checked.code,
    });
  }
}

/** What the checkout uses from a provider's offer for a cart. */
export interface ProviderSelection {
  offer: ShippingOffer;
  /** The offered choices the market can write (a method of their kind). */
  choices: ShippingChoice[];
  /** The selected choice, its points narrowed to the chosen one; null when none is offered. */
  selected: ShippingChoice | null;
  /** The cart's stored choice for `selected` (null: none, the own options price the cart). */
  stored: StoredShippingChoice | null;
  /** The shipping_methods row of `selected`. */
  method: ShippingMethodRecord | null;
}

/**
 * Asks the provider for the cart's choices and selects one (createOrUpdateCheckout). A
 * fallback offer (nShift did not answer) prices the cart with the shop's own options: no
 * stored choice.
 * @throws ShopError BAD_USER_INPUT SHIPPING_FEE_MISMATCH (a client fee that is not the choice's)
 */
export async function providerSelection(
  db: Database,
  provider: ShippingProvider,
  cart: CartView,
  input: CheckoutInput,
): Promise<ProviderSelection> {
  const query = await shippingQueryFor(db, cart, input);
  const offer = await provider.offer(query);
  if (offer.fallback || offer.provider !== provider.name) {
    return { offer, choices: [], selected: null, stored: null, method: null };
  }
  const choices = usableChoices(offer, cart);
  const selected = selectChoice(
    choices,
    { id: input.externalShippingId, pickupPoint: input.pickupPoint },
    cart.record.shippingChoice,
  );
  if (selected && input.externalShippingId === selected.id) {
    assertClientFee(selected, input.externalShippingFee);
  }
  return {
    offer,
    choices,
    selected,
    stored: selected ? storedChoice(provider.name, selected, query) : null,
    method: selected ? methodForChoice(cart.shippingMethods, selected) : null,
  };
}

interface WidgetOption {
  id?: unknown;
  priceValue?: unknown;
  priceDescription?: unknown;
  subOptions?: unknown;
}

/**
 * nShift's answer for ralph's widget (ADR 020 §3) with the shop's free-shipping rule on the
 * prices it shows: an option the rule makes cheaper (0 over the market's threshold) gets that
 * `priceValue` (decimal major units) and `priceDescription` (e.g. "0 kr"), so the widget and the
 * cart name the same fee. Everything else is nShift's answer as it came; an answer that is not
 * JSON is returned unchanged.
 * @param format formats minor units, e.g. `(minor) => formatMoney(minor, 'SEK', 'sv-SE')`
 */
export function widgetShippingData(
  shippingData: string,
  choices: readonly ShippingChoice[],
  format: (minor: number) => string,
): string {
  const lowered = new Map(choices.filter((c) => c.fee < c.providerFee).map((c) => [c.id, c.fee]));
  if (lowered.size === 0) return shippingData;
  let body: { options?: unknown };
  try {
    body = JSON.parse(shippingData) as { options?: unknown };
  } catch {
    return shippingData;
  }
  const patch = (options: unknown): void => {
    if (!Array.isArray(options)) return;
    for (const option of options as WidgetOption[]) {
      const fee = typeof option.id === 'string' ? lowered.get(option.id) : undefined;
      if (fee !== undefined) {
        option.priceValue = fee / 100;
        option.priceDescription = format(fee);
      }
      patch(option.subOptions);
    }
  };
  patch(body.options);
  return JSON.stringify(body);
}
