/**
 * What the checkout page shows, made from the API's CheckoutType (GEINS-API §4.6): the cart in
 * the customer type's VAT mode (companies see prices excl. VAT, SPEC §6), the shipping options
 * for the zip with store stock per size for pickup, the payment options and what was entered.
 * Pure.
 */
import { formatZip } from '@trampa/api/zip';
import { workingDaysOf } from '@trampa/api/delivery-promise';
import type { CheckoutFieldsFragment, CustomerType } from '../../graphql/generated';
import type { CartMoneyFormat } from '../../market/request-market';
import { t } from '../../i18n/i18n';
import { kronor, SWEDISH_MONEY, toCartView, type CartView } from '../cart/cart-view';
import type { FieldErrors } from './checkout-validation';

/** A carrier's pickup point of a provider choice (nShift, issue 43), for display. */
export interface PickupPointChoice {
  /** The point's id (the agent id): posted as `pickupPoint`. */
  id: string;
  name: string;
  /** Street address. */
  address: string;
  /** "111 40 Stockholm". */
  zipCity: string;
  /** "960 m", "1,2 km" in the checkout's culture; '' when not known. */
  distance: string;
  /** E.g. "Mån–fre 8–20, lör 10–16"; '' when not known. */
  openingHours: string;
  isSelected: boolean;
}

/** The carrier of a provider choice: its name and badge file under /shipping/. */
export interface CarrierView {
  name: string;
  /** `/shipping/postnord.svg`, or null for a text badge. */
  logoUrl: string | null;
}

/** A shipping option for display. */
export interface ShippingChoice {
  /** The shipping method id (with a provider shared by its choices of one kind). */
  id: number;
  /**
   * The radio's value, unique among the options: the method id for the shop's own options,
   * `${id}|${externalId}` for a provider's choice (checkoutInputFromForm splits it).
   */
  value: string;
  /** The provider's option id (nShift's), null for the shop's own options. */
  externalId: string | null;
  name: string;
  /** Own: home, service_point, pickup; a provider's: home or service_point. */
  kind: string;
  fee: string;
  /** A provider's choice: its carrier; null for the shop's own options. */
  carrier: CarrierView | null;
  /** E.g. "1–3 vardagar"; '' when none. */
  deliveryPromise: string;
  /** A provider's service-point choice: its pickup points, nearest first. */
  points: PickupPointChoice[];
  /** True when the option costs nothing for this cart (free, or free over the threshold). */
  free: boolean;
  isSelected: boolean;
  /** Pickup: stores with the cart's SKUs on their shelves. */
  stores: Array<{
    alias: string;
    name: string;
    address: string;
    skus: Array<{ skuId: number; name: string; quantity: number; productName: string }>;
  }>;
}

/** The checkout form's data. */
export interface CheckoutFormView {
  cart: CartView;
  customerType: CustomerType;
  email: string;
  identityNumber: string;
  address: Record<
    'firstName' | 'lastName' | 'company' | 'careOf' | 'addressLine1' | 'zip' | 'city' | 'mobile',
    string
  >;
  pickupPoint: string;
  shippingOptions: ShippingChoice[];
  noShippingForZip: boolean;
  paymentOptions: Array<{
    id: number;
    name: string;
    isSelected: boolean;
    external: boolean;
    /** Stripe's Payment Element for this (selected Stripe) option, null otherwise (issue 42). */
    stripe: StripeElementView | null;
  }>;
}

/** What Stripe.js needs to mount the Payment Element on the cart's intent (`stripeElement`). */
export interface StripeElementView {
  publishableKey: string;
  clientSecret: string;
  /** The payment session (the confirm page's `kid`). */
  sessionId: string;
  /** Absolute URL of the session's return page: `confirmPayment`'s `return_url`. */
  returnUrl: string;
}

interface StoredInput {
  customerType?: CustomerType | null;
  pickupPoint?: string | null;
}

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** What a provider's choice carries in `shippingData` (the API's choiceNode). */
interface ProviderChoiceData {
  carrier?: { id?: string | null; name?: string | null } | null;
  kind?: string;
  deliveryPromise?: string | null;
}

/** What a provider's pickup point carries in `shippingData`. */
interface ProviderPointData {
  id?: string;
  name?: string;
  address?: string;
  zip?: string;
  city?: string;
  country?: string;
  distanceMetres?: number | null;
  openingHours?: string | null;
}

/** A badge file name the API names (`postnord.svg`), as a URL; anything else: null. */
function logoUrl(logo: string | null | undefined): string | null {
  return logo && /^[a-z0-9-]+\.svg$/.test(logo) ? `/shipping/${logo}` : null;
}

/**
 * A distance for a shopper: metres under 1 km ("960 m"), else kilometres with one decimal
 * ("1,2 km"), in `culture`; '' when not known.
 */
export function formatDistance(metres: number | null | undefined, culture = 'sv-SE'): string {
  if (typeof metres !== 'number' || !Number.isFinite(metres) || metres < 0) return '';
  if (metres < 1000) {
    return new Intl.NumberFormat(culture, { style: 'unit', unit: 'meter' }).format(
      Math.round(metres),
    );
  }
  return new Intl.NumberFormat(culture, {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: metres < 10_000 ? 1 : 0,
  }).format(metres / 1000);
}

/**
 * A delivery promise for a shopper: nShift's `deliveryTime` as working days when it is a bare
 * number or range ("1-3" -> "1–3 vardagar", "1" -> "1 vardag"), any other text as it is.
 */
export function promiseText(promise: string | null | undefined): string {
  const days = workingDaysOf(promise);
  return days ? t('checkout.shipping.workdays', { ...days }) : (promise?.trim() ?? '');
}

type ShippingOptionFragment = NonNullable<
  NonNullable<CheckoutFieldsFragment['shippingOptions']>[number]
>;

/** The pickup points of a provider's choice, nearest first, the selected (else the nearest) checked. */
function pointsOf(option: ShippingOptionFragment, culture: string): PickupPointChoice[] {
  const points = (option.subOptions ?? []).flatMap((sub) => {
    if (!sub?.externalId) return [];
    const data = parseJson<ProviderPointData>(sub.shippingData, {});
    const zip = data.zip ? formatZip(data.zip, data.country || 'SE') : '';
    const metres = typeof data.distanceMetres === 'number' ? data.distanceMetres : null;
    const point: PickupPointChoice = {
      id: sub.externalId,
      name: data.name || sub.displayName || sub.externalId,
      address: data.address ?? '',
      zipCity: [zip, data.city ?? ''].filter(Boolean).join(' '),
      distance: formatDistance(metres, culture),
      openingHours: data.openingHours ?? '',
      isSelected: sub.isSelected,
    };
    return [{ point, metres }];
  });
  // Nearest first (the API's order; kept as it is when a distance is missing).
  if (points.every((p) => p.metres !== null)) {
    points.sort((a, b) => (a.metres ?? 0) - (b.metres ?? 0));
  }
  // The chosen point checked, else the nearest.
  const anySelected = points.some((p) => p.point.isSelected);
  return points.map(({ point }, index) => ({
    ...point,
    isSelected: anySelected ? point.isSelected : index === 0,
  }));
}

/**
 * The checkout view.
 * @param requestCustomerType the customer type of the request (header switch) used until the
 *   shopper picks one in the form
 * @param format the currency and culture of the checkout market (see `cartMoneyFormat`)
 */
export function toCheckoutView(
  checkout: CheckoutFieldsFragment,
  requestCustomerType: CustomerType,
  stored: StoredInput = {},
  format: CartMoneyFormat = SWEDISH_MONEY,
): CheckoutFormView {
  const cartFragment = checkout.cart!;
  const billing = checkout.billingAddress;
  const meta = parseJson<StoredInput & { noShippingForZip?: boolean }>(checkout.shippingData, {});
  const customerType = meta.customerType ?? stored.customerType ?? requestCustomerType;
  const cart = toCartView(cartFragment, customerType !== 'ORGANIZATION', format);
  const productBySku = new Map(cart.lines.map((l) => [l.skuId, l.name]));
  // Zip first (SPEC §5, §8): the API lists the market's options before a zip (issue 25, for
  // storefronts that choose shipping first); this checkout shows them once a postcode is entered.
  const offered = billing?.zip?.trim() ? (checkout.shippingOptions ?? []) : [];
  const shippingOptions: ShippingChoice[] = offered.flatMap((o) => {
    if (!o) return [];
    const data = parseJson<{ stores?: ShippingChoice['stores'] } & ProviderChoiceData>(
      o.shippingData,
      {},
    );
    // A provider's choice (nShift) names its carrier; the shop's own options do not.
    const carrierName = data.carrier?.name?.trim();
    const provider = Boolean(carrierName && o.externalId);
    return [
      {
        id: o.id,
        value: provider ? `${o.id}|${o.externalId}` : String(o.id),
        externalId: provider ? o.externalId : null,
        name: o.displayName ?? '',
        kind: provider ? (data.kind ?? '') : (o.externalId ?? ''),
        carrier: provider ? { name: carrierName!, logoUrl: logoUrl(o.logo) } : null,
        deliveryPromise: provider ? promiseText(data.deliveryPromise) : '',
        points: provider && data.kind === 'service_point' ? pointsOf(o, format.culture) : [],
        fee: kronor(
          customerType === 'ORGANIZATION' ? o.feeExVat : o.feeIncVat,
          format.currency,
          format.culture,
        ),
        free: o.feeIncVat === 0,
        isSelected: o.isSelected,
        stores: (provider ? [] : (data.stores ?? [])).map((s) => ({
          alias: s.alias,
          name: s.name,
          address: `${(s as unknown as { address: string }).address}, ${(s as unknown as { city: string }).city}`,
          skus: s.skus.map((sku) => ({ ...sku, productName: productBySku.get(sku.skuId) ?? '' })),
        })),
      },
    ];
  });
  return {
    cart,
    customerType,
    email: checkout.email ?? '',
    identityNumber: checkout.identityNumber ?? '',
    address: {
      firstName: billing?.firstName ?? '',
      lastName: billing?.lastName ?? '',
      company: billing?.company ?? '',
      careOf: billing?.careOf ?? '',
      addressLine1: billing?.addressLine1 ?? '',
      zip: billing?.zip ?? '',
      city: billing?.city ?? '',
      mobile: billing?.mobile ?? '',
    },
    pickupPoint: meta.pickupPoint ?? stored.pickupPoint ?? '',
    shippingOptions,
    noShippingForZip: meta.noShippingForZip === true,
    paymentOptions: (checkout.paymentOptions ?? []).flatMap((p) =>
      p
        ? [
            {
              id: p.id,
              name: p.displayName ?? '',
              isSelected: p.isSelected,
              external: p.checkoutType === 'EXTERNAL',
              stripe: p.stripeElement ?? null,
            },
          ]
        : [],
    ),
  };
}

/** What the checkout can take from a logged-in customer's profile (`getUser`, GEINS-API §4.7). */
export interface CheckoutProfile {
  email?: string | null;
  customerType?: string | null;
  personalId?: string | null;
  address?: {
    firstName?: string | null;
    lastName?: string | null;
    company?: string | null;
    careOf?: string | null;
    addressLine1?: string | null;
    zip?: string | null;
    city?: string | null;
    mobile?: string | null;
    phone?: string | null;
  } | null;
}

/**
 * The checkout form pre-filled for a logged-in customer: every empty field takes the profile's
 * value; what the shopper already entered in this checkout is kept. The personal id is used
 * only when the form's customer type is the profile's.
 */
export function withProfileDefaults(
  view: CheckoutFormView,
  profile: CheckoutProfile,
): CheckoutFormView {
  const from = profile.address ?? {};
  const pick = (current: string, value: string | null | undefined) => current || value || '';
  const sameType = !profile.customerType || profile.customerType === view.customerType;
  return {
    ...view,
    email: pick(view.email, profile.email),
    identityNumber: sameType ? pick(view.identityNumber, profile.personalId) : view.identityNumber,
    address: {
      firstName: pick(view.address.firstName, from.firstName),
      lastName: pick(view.address.lastName, from.lastName),
      company: pick(view.address.company, from.company),
      careOf: pick(view.address.careOf, from.careOf),
      addressLine1: pick(view.address.addressLine1, from.addressLine1),
      zip: pick(view.address.zip, from.zip),
      city: pick(view.address.city, from.city),
      mobile: pick(view.address.mobile, from.mobile || from.phone),
    },
  };
}

/**
 * What the checkout action answered: the intent, whether the terms were ticked, the errors; and,
 * for an order placed to be paid in the Payment Element on this page, its payment session.
 */
export interface CheckoutActionAnswer {
  intent: string;
  terms: boolean;
  errors: FieldErrors;
  /** The Stripe session placeOrder opened (issue 42): the Element confirms its payment. */
  stripeSessionId?: string;
}
