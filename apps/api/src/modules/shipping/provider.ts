/**
 * The shipping provider interface (issue 43; ADR 020 §1): the shop's own options
 * (shipping_methods, the default) or nShift (nshift-provider.ts) give the checkout its
 * choices, prices and `shippingData`, and book parcels at shipment. Amounts are minor units
 * incl. VAT (ADR 002), weights grams. The rules every provider shares are here: free shipping
 * in one place (`applyFreeShipping` in cart/totals.ts, which prices the cart with it too) and the
 * check of a client's reported fee
 * ({@link checkClientFee}: a client never sets a fee, issue 13 §3).
 */

export type ShippingProviderName = 'own' | 'nshift';

/** What the checkout asks options for. */
export interface ShippingQuery {
  marketId: string;
  /** ISO 3166-1 alpha-2 of the market. */
  country: string;
  /** ISO 4217. */
  currency: string;
  /** ISO 639-1 of the checkout, e.g. `sv`. */
  language: string;
  /** The zip entered (billing or shipping address), null before one is. */
  zip: string | null;
  street?: string;
  city?: string;
  /** Σ SKU weight × quantity. */
  weightGrams: number;
  /** Items after discounts incl. VAT: the free-shipping basis and nShift's `cartprice`. */
  itemsValue: number;
  /** The market's free-shipping threshold (free_shipping_thresholds), null when none. */
  freeShippingThreshold: number | null;
}

export interface PickupPoint {
  id: string;
  name: string;
  address: string;
  zip: string;
  city: string;
  country: string;
  distanceMetres: number | null;
  openingHours: string | null;
}

export interface ShippingChoice {
  /** Own: `String(shipping_methods.id)`; nShift: its option id (ralph's `externalShippingId`). */
  id: string;
  name: string;
  carrier: { id: string | null; name: string | null };
  kind: 'home' | 'service_point' | 'pickup';
  /** What the shopper pays: `applyFreeShipping` (cart/totals.ts) of `providerFee`. */
  fee: number;
  /** What the provider charges for the query, before the shop's free-shipping rule. */
  providerFee: number;
  freeShippingEligible: boolean;
  /** The delivery promise as the provider words it (nShift `deliveryTime`/`description1`). */
  deliveryPromise: string | null;
  /** Nearest first; the first is preselected. */
  pickupPoints: PickupPoint[];
}

/**
 * The provider's choice a cart is priced with (carts.shipping_choice; ADR 020 §3, §4), written
 * only by the checkout from the provider's own answer, never from a client's figures.
 * `providerFee` in minor units incl. VAT of `currency`, before the free-shipping rule (the cart
 * applies it on every read: `applyFreeShipping`). `query` is what it was priced for: weight in
 * grams, items value in minor units, the zip (placeOrder asks the provider again).
 */
export interface StoredShippingChoice {
  provider: ShippingProviderName;
  choiceId: string;
  kind: ShippingChoice['kind'];
  name: string;
  carrierId: string | null;
  carrierName: string | null;
  providerFee: number;
  freeShippingEligible: boolean;
  deliveryPromise: string | null;
  pickupPoint: PickupPoint | null;
  currency: string;
  query: { zip: string; weightGrams: number; itemsValue: number };
}

export interface ShippingOffer {
  provider: ShippingProviderName;
  choices: ShippingChoice[];
  /** `CheckoutType.shippingData` (a JSON string): nShift's own answer when nShift gave it. */
  shippingData: string;
  /** True when the provider could not answer and the fallback's offer is shown. */
  fallback: boolean;
}

export interface BookingRequest {
  orderId: number;
  /** Unique per booking, e.g. `T100042-1`: nShift's `orderNo` (the repeat-safety key). */
  orderNo: string;
  choiceId: string;
  /** The provider's service of the choice (nShift `service.id`, ADR 020 §5). */
  serviceId: string;
  carrierId: string | null;
  pickupPointId: string | null;
  receiver: {
    name: string;
    address1: string;
    address2?: string;
    zip: string;
    city: string;
    country: string;
    email?: string;
    mobile?: string;
  };
  parcels: Array<{ weightGrams: number; contents: string }>;
  /** What an earlier attempt stored (order_bookings.provider_ref), null on the first. */
  providerRef: string | null;
}

export type BookingOutcome =
  | {
      ok: true;
      providerRef: string;
      shipmentRef: string;
      parcels: Array<{ parcelNumber: string; trackingUrl: string | null }>;
      label: Buffer | null;
    }
  | { ok: false; retry: boolean; code: string; message: string };

export interface ShippingProvider {
  readonly name: ShippingProviderName;
  offer(query: ShippingQuery): Promise<ShippingOffer>;
  /**
   * The provider's own choice now (ADR 020 §4): what a client's `externalShippingId` and
   * `pickupPoint` select; null when not offered for the query (or the point is not its).
   */
  choiceFor(
    query: ShippingQuery,
    choiceId: string,
    pickupPointId: string | null,
  ): Promise<ShippingChoice | null>;
  /** @param onProviderRef keeps the provider's reference before the step that can be lost */
  book(
    request: BookingRequest,
    onProviderRef: (ref: string) => Promise<void> | void,
  ): Promise<BookingOutcome>;
}

/**
 * A client's `externalShippingFee` (decimal major units; −1, null or undefined = not set, as
 * ralph sends) against the choice's fee: it may only repeat it, to the öre/cent.
 */
export function checkClientFee(
  choice: Pick<ShippingChoice, 'fee'>,
  externalFee: number | null | undefined,
): { ok: true } | { ok: false; code: 'SHIPPING_FEE_MISMATCH'; message: string } {
  if (externalFee === null || externalFee === undefined || externalFee === -1) return { ok: true };
  const minor = externalFee * 100;
  if (Number.isFinite(minor) && Math.abs(minor - Math.round(minor)) < 1e-6) {
    if (Math.round(minor) === choice.fee) return { ok: true };
  }
  return {
    ok: false,
    code: 'SHIPPING_FEE_MISMATCH',
    message: 'Fraktpriset stämmer inte, ladda om kassan',
  };
}
