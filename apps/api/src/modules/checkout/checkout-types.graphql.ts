/**
 * GraphQL types of checkout (GEINS-API §4.6 CheckoutType, PaymentOptionType, CheckoutInputType,
 * ValidateOrderConditionsResponseType, PlaceOrderResponseType, CheckoutDataType). The root
 * fields are in checkout.graphql.ts, the placed order's types in order.graphql.ts.
 */
import {
  AddressInputRef,
  AddressRef,
  CustomerTypeEnum,
  type AddressData,
} from '../../graphql/address.ts';
import { builder } from '../../graphql/builder.ts';
import { CartRef } from '../cart/cart-types.graphql.ts';
import type { CartView } from '../cart/cart-view.ts';
import { ShippingOptionRef, type ShippingOptionNode } from '../cart/shipping-option.graphql.ts';
import { formatMoney, minorToDecimal } from '../pricing/money.ts';
import { exVat } from '../pricing/price.ts';
import type { OrderView } from '../orders/orders.service.ts';
import { CheckoutOrderRef } from './order.graphql.ts';
import { StripeElementRef } from './stripe-element.graphql.ts';
import { carrierOf } from '../shipping/carriers.ts';
import type { CheckoutShippingOption } from './checkout-view.types.ts';
import {
  toAddress,
  type CheckoutView,
  type OrderConditions,
  type PlaceOrderResult,
} from './checkout.service.ts';

/** A stored or entered address as `AddressType` data (every field a string). */
function toAddressData(
  address: Record<string, string | null | undefined> | null | undefined,
): AddressData {
  return toAddress(address);
}

/** `PaymentType` enum. */
export const PaymentTypeEnum = builder.enumType('PaymentType', {
  description:
    'Payment provider family (GEINS-API §2.4: the confirm page maps kid KLARNA, sid SVEA, wid WALLEY, aid AVARDA, oid STANDARD).',
  values: {
    STANDARD: { description: 'Invoice-style payment placed with placeOrder ("Faktura").' },
    KLARNA: { description: 'Hosted checkout; here the local payment sandbox.' },
    SVEA: { description: 'Svea hosted checkout (not offered).' },
    WALLEY: { description: 'Walley hosted checkout (not offered).' },
    AVARDA: { description: 'Avarda hosted checkout (not offered).' },
    GEINS_PAY: { description: 'Geins Pay (not offered).' },
  } as const,
});

/** `PaymentCheckout` enum. */
const PaymentCheckoutEnum = builder.enumType('PaymentCheckout', {
  description: 'How a payment option completes the purchase (GEINS-API §4.6).',
  values: {
    STANDARD: { description: 'placeOrder completes the purchase.' },
    GEINS_PAY: { description: 'Geins Pay (not offered).' },
    EXTERNAL: { description: 'An external hosted checkout takes the payment.' },
  } as const,
});

/** `CheckoutStatus` enum. */
const CheckoutStatusEnum = builder.enumType('CheckoutStatus', {
  description: 'Whether the customer may check out (GEINS-API §4.6).',
  values: {
    OK: { description: 'May check out.' },
    CUSTOMER_BLACKLISTED: { description: 'The customer is blocked.' },
  } as const,
});

type PaymentOptionNode = CheckoutView['paymentOptions'][number] & { view: CheckoutView };

/** A payment fee excl. the checkout market's VAT, minor units. */
function paymentFeeExVat(o: PaymentOptionNode): number {
  return exVat(o.feeIncVat, o.view.cart.shop.market.vatRateBasisPoints);
}

/** `PaymentOptionType`. */
const PaymentOptionRef = builder.objectRef<PaymentOptionNode>('PaymentOptionType').implement({
  description: 'A payment option (GEINS-API §4.6). Fees in Decimal kronor.',
  fields: (t) => ({
    id: t.int({ nullable: false, description: 'Pass as paymentId.', resolve: (o) => o.id }),
    name: t.exposeString('name', { description: 'Internal name.' }),
    displayName: t.exposeString('displayName', { description: 'Name shown to shoppers.' }),
    logo: t.string({ description: 'Logo (none: null).', resolve: () => null }),
    feeIncVat: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'Fee incl. VAT, kronor.',
      resolve: (o) => minorToDecimal(o.feeIncVat, o.view.cart.shop.currency.code),
    }),
    feeExVat: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'Fee excl. VAT, kronor.',
      resolve: (o) => minorToDecimal(paymentFeeExVat(o), o.view.cart.shop.currency.code),
    }),
    feeIncVatFormatted: t.string({
      description: 'Fee incl. VAT, formatted.',
      resolve: (o) =>
        formatMoney(
          o.feeIncVat,
          o.view.cart.shop.currency.code,
          o.view.cart.shop.market.defaultLanguageId,
        ),
    }),
    feeExVatFormatted: t.string({
      description: 'Fee excl. VAT, formatted.',
      resolve: (o) =>
        formatMoney(
          paymentFeeExVat(o),
          o.view.cart.shop.currency.code,
          o.view.cart.shop.market.defaultLanguageId,
        ),
    }),
    isDefault: t.exposeBoolean('isDefault', { nullable: false, description: 'The default.' }),
    isSelected: t.exposeBoolean('isSelected', { nullable: false, description: 'Chosen.' }),
    paymentType: t.field({
      type: PaymentTypeEnum,
      description: 'Provider family.',
      resolve: (o) => o.paymentType,
    }),
    checkoutType: t.field({
      type: PaymentCheckoutEnum,
      description: 'STANDARD (placeOrder) or EXTERNAL (hosted page).',
      resolve: (o) => o.checkoutType,
    }),
    paymentData: t.string({
      description:
        "HTML snippet of the selected hosted option's payment page to embed in the checkout (createOrUpdateCheckout; issue 25): for the payment sandbox an iframe of its page, which only the shop's origin and CORS_ORIGINS may frame; after the approval the shopper's window goes to the client's confirm page. Null for other options and other fields.",
      resolve: (o) => o.paymentData ?? null,
    }),
    stripeElement: t.field({
      type: StripeElementRef,
      description:
        "Stripe's Payment Element on the cart's intent, for a checkout page of the shop's own that mounts it (issue 42; a Trampa addition): set by createOrUpdateCheckout when this Stripe option is selected and the field is asked for; null otherwise or when Stripe could not be reached (placeOrder then sends the shopper to our hosted page).",
      resolve: (o) => o.stripeElement ?? null,
    }),
    newCheckoutSession: t.boolean({
      nullable: false,
      description:
        'True when paymentData belongs to a payment session started by this request: show the new snippet instead of the one on the page.',
      resolve: (o) => o.newCheckoutSession ?? false,
    }),
  }),
});

/** `ConsentType`. */
/** A consent of the checkout (GEINS-API §4.6 ConsentType), checked as the shopper left it. */
interface ConsentNode {
  type: string;
  name: string;
  description: string;
  checked: boolean;
}

/**
 * The checkout's consents (issue 44 §3): the order's terms, type `order` (ralph shows a box for
 * it and sends `acceptedConsents: ["order"]`; our storefront sends `terms` for the same box),
 * checked when the stored input accepted it. Swedish texts.
 */
function checkoutConsents(view: CheckoutView): ConsentNode[] {
  const accepted = view.input.acceptedConsents ?? [];
  return [
    {
      type: 'order',
      name: 'Köpvillkor',
      description: 'Jag godkänner köpvillkoren.',
      checked: accepted.includes('order') || accepted.includes('terms'),
    },
  ];
}

const ConsentRef = builder.objectRef<ConsentNode>('ConsentType').implement({
  description:
    'A consent of the checkout (GEINS-API §4.6; deprecated in Geins, still read by ralph and the SDK): the order terms (`order`).',
  fields: (t) => ({
    type: t.exposeString('type', { description: 'Consent type: `order` (the terms).' }),
    name: t.exposeString('name', { description: 'Name, Swedish.' }),
    description: t.exposeString('description', { description: 'Text, Swedish.' }),
    checked: t.exposeBoolean('checked', {
      nullable: false,
      description: 'Accepted in the stored checkout input (`acceptedConsents`).',
    }),
    autoAccept: t.boolean({
      nullable: false,
      description: 'Never: the shopper ticks it.',
      resolve: () => false,
    }),
  }),
});

/** A provider's choice (nShift) as a `ShippingOptionType`, its pickup points as subOptions. */
function choiceNode(view: CheckoutView, option: CheckoutShippingOption): ShippingOptionNode {
  const choice = option.choice!;
  return {
    cart: view.cart,
    method: option.method,
    feeIncVat: option.feeIncVat,
    isSelected: option.isSelected,
    displayName: choice.name,
    externalId: choice.id,
    logo: carrierOf(choice.carrier.id)?.logo ?? null,
    shippingData: JSON.stringify({
      carrier: choice.carrier,
      kind: choice.kind,
      deliveryPromise: choice.deliveryPromise,
    }),
    subOptions: choice.pickupPoints.map((point) => ({
      cart: view.cart,
      method: option.method,
      feeIncVat: option.feeIncVat,
      isSelected: option.isSelected && option.pickupPointId === point.id,
      shippingData: JSON.stringify(point),
      subOptions: [],
      displayName: `${point.name}, ${point.address}`,
      externalId: point.id,
    })),
  };
}

function shippingNodes(view: CheckoutView): ShippingOptionNode[] {
  return view.shippingOptions.map((option) =>
    option.choice
      ? choiceNode(view, option)
      : {
          cart: view.cart,
          method: option.method,
          feeIncVat: option.feeIncVat,
          isSelected: option.isSelected,
          shippingData:
            option.method.kind === 'pickup' ? JSON.stringify({ stores: option.stores }) : null,
          subOptions: option.stores.map((store) => ({
            cart: view.cart,
            method: option.method,
            feeIncVat: option.feeIncVat,
            isSelected: option.isSelected && view.input.pickupPoint === store.alias,
            shippingData: JSON.stringify(store),
            subOptions: [],
            displayName: `${store.name}, ${store.address}`,
            externalId: store.alias,
          })),
        },
  );
}

/**
 * nShift's answer plus what the shopper entered that a storefront reads back from
 * `shippingData` (`customerType`, `pickupPoint`; the keys of the own shippingData), beside
 * nShift's `deliveryCheckoutId` and `options`; unchanged when it is not a JSON object.
 */
function withEntered(shippingData: string, c: CheckoutView): string {
  try {
    const body: unknown = JSON.parse(shippingData);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return shippingData;
    return JSON.stringify({
      ...body,
      customerType: c.input.customerType ?? null,
      pickupPoint: c.input.pickupPoint ?? null,
    });
  } catch {
    return shippingData;
  }
}

/** `CheckoutType`. */
export const CheckoutRef = builder.objectRef<CheckoutView>('CheckoutType').implement({
  description:
    'The checkout of a cart (GEINS-API §4.6): the cart priced with the chosen shipping, the shipping options for the zip entered (with store stock for pickup) and the payment options.',
  fields: (t) => ({
    email: t.string({ description: 'E-mail entered.', resolve: (c) => c.input.email ?? null }),
    identityNumber: t.string({
      description: 'Personnummer or organisationsnummer entered.',
      resolve: (c) => c.input.identityNumber ?? null,
    }),
    cart: t.field({ type: CartRef, description: 'The cart.', resolve: (c) => c.cart }),
    billingAddress: t.field({
      type: AddressRef,
      description: 'Billing address entered.',
      resolve: (c) => toAddressData(c.input.billingAddress),
    }),
    shippingAddress: t.field({
      type: AddressRef,
      description: 'Shipping address entered (the billing address when none).',
      resolve: (c) => toAddressData(c.input.shippingAddress ?? c.input.billingAddress),
    }),
    consents: t.field({
      type: [ConsentRef],
      description:
        'The order terms (`order`), checked as accepted (issue 44 §3). Deprecated in Geins; ralph requires its `order` consent before it places an order.',
      resolve: (c) => checkoutConsents(c),
    }),
    paymentOptions: t.field({
      type: [PaymentOptionRef],
      description:
        'Payment options offered: Faktura (STANDARD), and the hosted sandbox (EXTERNAL) only when PAYMENT_SANDBOX is on (issue 13 §1).',
      resolve: (c) => c.paymentOptions.map((o) => ({ ...o, view: c })),
    }),
    shippingOptions: t.field({
      type: [ShippingOptionRef],
      description:
        "The market's shipping options, with fees and the default selected, until a zip is entered (billing or shipping address); then those serving the zip, empty when none does (shippingData.noShippingForZip). Pickup lists the stores as subOptions with stock per size in shippingData (JSON).",
      resolve: (c) => shippingNodes(c),
    }),
    shippingData: t.string({
      description:
        "JSON for a shipping widget. With nShift (ADR 020 §3): nShift Delivery Checkout's answer (`{deliveryCheckoutId, options: […]}`, `options` empty before a zip; prices after the shop's free-shipping rule), which ralph's CaNshift widget reads, plus the customerType and pickupPoint entered; else the shop's own: noShippingForZip (true when a valid zip has no shipping option), and the customerType and pickupPoint entered.",
      resolve: (c) =>
        (c.providerShippingData && withEntered(c.providerShippingData, c)) ??
        JSON.stringify({
          noShippingForZip: c.noShippingForZip,
          customerType: c.input.customerType ?? null,
          pickupPoint: c.input.pickupPoint ?? null,
        }),
    }),
    checkoutStatus: t.field({
      type: CheckoutStatusEnum,
      description: 'OK.',
      resolve: () => 'OK' as const,
    }),
  }),
});

/** `CheckoutUrlsInputType`. */
const CheckoutUrlsInput = builder.inputType('CheckoutUrlsInputType', {
  description: 'URLs for external checkouts (GEINS-API §4.6).',
  fields: (t) => ({
    termsPageUrl: t.string({ description: 'Terms page (not used).' }),
    redirectUrl: t.string({
      description:
        "The client's confirm page an embedded payment returns to after the approval (createOrUpdateCheckout with paymentData; issue 25), placeholders {payment.uid} and {geins.cartid}. Used only when absolute and on PUBLIC_URL's origin or one of CORS_ORIGINS; otherwise the confirm page `/checkout/confirm?kid=…&cartid=…` on the calling (allowed) origin.",
    }),
    checkoutPageUrl: t.string({ description: 'Checkout page (not used).' }),
  }),
});

/** `CheckoutInputType`. */
export const CheckoutInput = builder.inputType('CheckoutInputType', {
  description:
    'What the shopper entered in the checkout (GEINS-API §4.6). Prices are never taken from it.',
  fields: (t) => ({
    paymentId: t.int({ description: 'Payment option id.' }),
    shippingId: t.int({ description: 'Shipping option id.' }),
    skipShippingValidation: t.boolean({ description: 'Ignored.' }),
    externalShippingId: t.string({
      description:
        "The shipping provider's option chosen (nShift's option id, ShippingOptionType.externalId; ADR 020 §4). Selects that choice when it is offered for the cart; an id not offered is dropped (the first offered is used). Without a provider: ignored.",
    }),
    pickupPoint: t.string({
      description:
        "Store alias for store pickup; with nShift the pickup point (agent id, a subOption's externalId) of the chosen option (default: the nearest).",
    }),
    desiredDeliveryDate: t.field({
      type: 'DateTime',
      description: 'The delivery date the shopper asks for (stored on the order).',
    }),
    customerOrderNumber: t.string({
      description: 'The company customer’s order reference (stored on the order).',
    }),
    goodsLabel: t.string({ description: 'Goods label (stored on the order).' }),
    message: t.string({ description: 'Message to the shop.' }),
    acceptedConsents: t.stringList({ description: 'Accepted consents, e.g. "terms".' }),
    shippingAddress: t.field({ type: AddressInputRef, description: 'Shipping address.' }),
    billingAddress: t.field({ type: AddressInputRef, description: 'Billing address.' }),
    identityNumber: t.string({ description: 'Personnummer (PERSON) or organisationsnummer.' }),
    email: t.string({ description: 'E-mail.' }),
    customerType: t.field({ type: CustomerTypeEnum, description: 'PERSON or ORGANIZATION.' }),
    externalShippingFee: t.field({
      type: 'Decimal',
      description:
        "With nShift: the fee the widget shows for externalShippingId, decimal major units incl. VAT; -1 or absent = not set (ralph). Never used as the price: a value that is not the provider's price for the cart is refused with BAD_USER_INPUT (reason SHIPPING_FEE_MISMATCH) and nothing is stored (ADR 020 §4). Without a provider: ignored.",
    }),
    merchantData: t.string({ description: 'Ignored.' }),
    checkoutUrls: t.field({
      type: CheckoutUrlsInput,
      description: 'URLs for external checkouts: redirectUrl for an embedded payment.',
    }),
  }),
});

/** `ValidateOrderConditionsResponseType`. */
export const ValidateOrderConditionsResponseRef = builder
  .objectRef<OrderConditions>('ValidateOrderConditionsResponseType')
  .implement({
    description:
      'Whether the cart can become an order now (GEINS-API §3.1 validateOrderConditions, §4.6).',
    fields: (t) => ({
      isValid: t.exposeBoolean('isValid', {
        nullable: false,
        description: 'True when an order can be placed.',
      }),
      message: t.exposeString('message', {
        nullable: true,
        description: 'The first problem, in English for API clients; null when valid.',
      }),
    }),
  });

/** `ValidateOrderCreationResponseType`: an {@link OrderConditions} and the caller's member type. */
export const ValidateOrderCreationResponseRef = builder
  .objectRef<OrderConditions & { memberType: string | null }>('ValidateOrderCreationResponseType')
  .implement({
    description:
      'Whether placeOrder with this checkout would place an order now (GEINS-API §3.1 validateOrderCreation, §4.6).',
    fields: (t) => ({
      isValid: t.exposeBoolean('isValid', {
        nullable: false,
        description: 'True when placeOrder would place the order.',
      }),
      message: t.exposeString('message', {
        nullable: true,
        description: 'The first problem, in English for API clients; null when valid.',
      }),
      memberType: t.exposeString('memberType', {
        nullable: true,
        description:
          'The logged-in customer\'s member type ("" for ordinary customers); null for guests.',
      }),
    }),
  });

/** `PlaceOrderResponseType`. */
export const PlaceOrderResponseRef = builder
  .objectRef<PlaceOrderResult>('PlaceOrderResponseType')
  .implement({
    description:
      'Result of placeOrder (GEINS-API §4.6): status "completed" for a placed order; "pending" with redirectUrl for a hosted payment.',
    fields: (t) => ({
      orderId: t.string({ description: 'Order number.', resolve: (r) => r.orderId || null }),
      publicId: t.string({
        description: 'Public order id (UUID).',
        resolve: (r) => r.publicId || null,
      }),
      status: t.exposeString('status', { description: '"completed" or "pending".' }),
      redirectUrl: t.exposeString('redirectUrl', {
        description: 'The hosted payment page, or null.',
      }),
    }),
  });

/** What the `checkout` query returns. */
export interface CheckoutData {
  completed: boolean;
  order: OrderView | null;
  cart: CartView | null;
  /** For a declined hosted payment: general, out-of-stock or blocked. */
  failure: string | null;
  /** For an approved hosted payment with its order: the confirmation snippet to show. */
  confirmation?: string | null;
}

/** `CheckoutDataType`. */
export const CheckoutDataRef = builder.objectRef<CheckoutData>('CheckoutDataType').implement({
  description:
    'The confirm page data (GEINS-API §4.6): completed false sends the shopper back to checkout.',
  fields: (t) => ({
    htmlSnippet: t.string({
      description:
        'JSON {"failure": reason} for a declined hosted payment (general, out-of-stock, blocked, or cart-changed when the cart changed after the payment started); for an approved hosted payment with its order the confirmation HTML snippet the client shows (ralph renders it for `?kid=`; issue 25); else null.',
      resolve: (d) =>
        d.failure ? JSON.stringify({ failure: d.failure }) : (d.confirmation ?? null),
    }),
    newCheckoutSession: t.boolean({ nullable: false, description: 'Never.', resolve: () => false }),
    completed: t.boolean({
      description: 'True when the order exists.',
      resolve: (d) => d.completed,
    }),
    order: t.field({ type: CheckoutOrderRef, description: 'The order.', resolve: (d) => d.order }),
    nthPurchase: t.int({ nullable: false, description: 'Not tracked: 1.', resolve: () => 1 }),
    cart: t.field({ type: CartRef, description: 'The cart.', resolve: (d) => d.cart }),
  }),
});
