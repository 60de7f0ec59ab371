/**
 * What the checkout page shows, made from the API's CheckoutType (GEINS-API §4.6): the cart in
 * the customer type's VAT mode (companies see prices excl. VAT, SPEC §6), the shipping options
 * for the zip with store stock per size for pickup, the payment options and what was entered.
 * Pure.
 */
import type { CheckoutFieldsFragment, CustomerType } from '../../graphql/generated';
import type { CartMoneyFormat } from '../../market/request-market';
import { kronor, SWEDISH_MONEY, toCartView, type CartView } from '../cart/cart-view';
import type { FieldErrors } from './checkout-validation';

/** A shipping option for display. */
export interface ShippingChoice {
  id: number;
  name: string;
  kind: string;
  fee: string;
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
    const data = parseJson<{ stores?: ShippingChoice['stores'] }>(o.shippingData, {});
    return [
      {
        id: o.id,
        name: o.displayName ?? '',
        kind: o.externalId ?? '',
        fee: kronor(
          customerType === 'ORGANIZATION' ? o.feeExVat : o.feeIncVat,
          format.currency,
          format.culture,
        ),
        free: o.feeIncVat === 0,
        isSelected: o.isSelected,
        stores: (data.stores ?? []).map((s) => ({
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
