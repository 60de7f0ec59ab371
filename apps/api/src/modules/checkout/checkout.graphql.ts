/**
 * GraphQL of checkout (GEINS-API §3.1 checkout, validateOrderConditions; §3.2
 * createOrUpdateCheckout, setCartShippingFee, placeOrder; §4.6 CheckoutType, PaymentOptionType,
 * CheckoutInputType, PlaceOrderResponseType, CheckoutDataType). The placed order's types are in
 * order.graphql.ts. Resolvers parse, read the caller and call one service function each.
 */
import { contextArgs } from '../../graphql/args.ts';
import {
  AddressInputRef,
  AddressRef,
  CustomerTypeEnum,
  type AddressData,
} from '../../graphql/address.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { CartRef, ShippingOptionRef, type ShippingOptionNode } from '../cart/cart.graphql.ts';
import { claimCartById, findCart, loadCartView } from '../cart/cart.service.ts';
import { formatMoney, minorToDecimal } from '../pricing/money.ts';
import { exVat } from '../pricing/price.ts';
import { getOrderView, type OrderView } from '../orders/orders.service.ts';
import { getPaymentSession, type PaymentOption } from '../payments/payments.service.ts';
import { completeHostedPayment } from './hosted-payment.service.ts';
import { CheckoutOrderRef } from './order.graphql.ts';
import {
  createOrUpdateCheckout,
  MAX_EXTERNAL_SHIPPING_FEE,
  parseCheckoutInput,
  placeOrder,
  setCartShippingFee,
  type CheckoutView,
  toAddress,
  type OrderConditions,
  type PlaceOrderResult,
  validateOrderConditions,
} from './checkout.service.ts';

/** A stored or entered address as `AddressType` data (every field a string). */
function toAddressData(
  address: Record<string, string | null | undefined> | null | undefined,
): AddressData {
  return toAddress(address);
}

/** The request's `x-idempotency-key` header (Yoga merges the request into the context). */
function idempotencyKeyOf(ctx: object): string | null {
  const request = (ctx as { request?: Request }).request;
  return request?.headers.get('x-idempotency-key') ?? null;
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

type PaymentOptionNode = PaymentOption & { isSelected: boolean; view: CheckoutView };

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
      description: 'Embed snippet of an external checkout (the sandbox is a redirect: null).',
      resolve: () => null,
    }),
    newCheckoutSession: t.boolean({
      nullable: false,
      description: 'Whether to re-initialise an embedded checkout (never).',
      resolve: () => false,
    }),
  }),
});

/** `ConsentType`. */
const ConsentRef = builder
  .objectRef<{ type: string; name: string; description: string }>('ConsentType')
  .implement({
    description: 'A consent (deprecated in Geins; the shop has none: empty list).',
    fields: (t) => ({
      type: t.exposeString('type', { description: 'Consent type.' }),
      name: t.exposeString('name', { description: 'Name.' }),
      description: t.exposeString('description', { description: 'Text.' }),
      checked: t.boolean({ nullable: false, description: 'Checked.', resolve: () => false }),
      autoAccept: t.boolean({ nullable: false, description: 'Auto.', resolve: () => false }),
    }),
  });

function shippingNodes(view: CheckoutView): ShippingOptionNode[] {
  return view.shippingOptions.map((option) => ({
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
  }));
}

/**
 * The checkout as the caller may see it (issue 13 §14). The personal data entered (e-mail,
 * personnummer, addresses, message) is returned only to a caller who proves the cart is theirs:
 * - a cart owned by a customer (`carts.customer_id`): only with that customer's Bearer token;
 *   anyone else holding the id (a guest, another customer) gets these fields as null;
 * - an anonymous cart: to the holder of its id, the only proof there is (the `ralph-cart`
 *   cookie; cart ids are random bearer secrets in the Geins contract), until a logged-in
 *   customer uses the cart and it becomes theirs (claimCart).
 * Shipping and payment choices are not personal and are always returned; a caller who is not
 * the owner gets back the personal fields they sent in this very request, nothing stored.
 */
async function visibleCheckout(
  view: CheckoutView,
  ctx: GraphQLContext,
  sent: unknown = null,
): Promise<CheckoutView> {
  const owner = view.cart.record.customerId;
  if (owner === null || owner === (await ctx.viewer())?.customerId) return view;
  // Someone else: only what they sent in this request comes back, never the stored data.
  const own = sent == null ? {} : parseCheckoutInput(sent);
  const { shippingId, paymentId, pickupPoint, customerType } = view.input;
  return { ...view, input: { ...own, shippingId, paymentId, pickupPoint, customerType } };
}

/** Makes an anonymous cart the logged-in caller's before the checkout reads it (claimCart). */
async function claimForViewer(ctx: GraphQLContext, cartId: string): Promise<void> {
  await claimCartById(ctx.db, cartId, (await ctx.viewer())?.customerId ?? null);
}

/** `CheckoutType`. */
const CheckoutRef = builder.objectRef<CheckoutView>('CheckoutType').implement({
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
      description: 'Deprecated; empty.',
      resolve: () => [],
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
        'Shipping options for the zip entered; empty before a zip or when none serves it. Pickup lists the stores as subOptions with stock per size in shippingData (JSON).',
      resolve: (c) => shippingNodes(c),
    }),
    shippingData: t.string({
      description:
        'JSON: noShippingForZip (true when a valid zip has no shipping option), and the customerType and pickupPoint entered.',
      resolve: (c) =>
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
  description: 'URLs for external checkouts (accepted; the sandbox uses the shop URLs).',
  fields: (t) => ({
    termsPageUrl: t.string({ description: 'Terms page.' }),
    redirectUrl: t.string({ description: 'Return URL.' }),
    checkoutPageUrl: t.string({ description: 'Checkout page.' }),
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
    externalShippingId: t.string({ description: 'Ignored.' }),
    pickupPoint: t.string({ description: 'Store alias for store pickup.' }),
    desiredDeliveryDate: t.field({ type: 'DateTime', description: 'Ignored.' }),
    customerOrderNumber: t.string({ description: 'The company customer’s order reference.' }),
    goodsLabel: t.string({ description: 'Goods label.' }),
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
        'Ignored (-1 means not set in ralph): an external fee is set with setCartShippingFee.',
    }),
    merchantData: t.string({ description: 'Ignored.' }),
    checkoutUrls: t.field({ type: CheckoutUrlsInput, description: 'Ignored.' }),
  }),
});

/** `ValidateOrderConditionsResponseType`. */
const ValidateOrderConditionsResponseRef = builder
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

builder.queryField('validateOrderConditions', (t) =>
  t.field({
    type: ValidateOrderConditionsResponseRef,
    nullable: false,
    description:
      "Checks the cart in the request's (checkout) market before an order (GEINS-API §3.1): the cart is open and not empty; customer eligibility (a market usable in checkout, a valid e-mail: the argument, else the one entered); stock of every line; the gift-card balance; a shipping method offered in the market for the zip (and a store for pickup); a known payment option. Changes nothing. Error: NOT_FOUND for an unknown cart.",
    args: {
      ...contextArgs,
      cartId: t.arg.string({ required: true, description: 'Cart id.' }),
      email: t.arg.string({ description: 'E-mail to check instead of the one entered.' }),
    },
    resolve: async (_root, args, ctx) =>
      validateOrderConditions(
        ctx.db,
        args.cartId,
        args.email,
        await ctx.pricedShop(args),
        ctx.now,
        ctx.config.payments,
      ),
  }),
);

/** `PlaceOrderResponseType`. */
const PlaceOrderResponseRef = builder
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
interface CheckoutData {
  completed: boolean;
  order: OrderView | null;
  cart: Awaited<ReturnType<typeof loadCartView>> | null;
  /** For a declined hosted payment: general, out-of-stock or blocked. */
  failure: string | null;
}

/** `CheckoutDataType`. */
const CheckoutDataRef = builder.objectRef<CheckoutData>('CheckoutDataType').implement({
  description:
    'The confirm page data (GEINS-API §4.6): completed false sends the shopper back to checkout.',
  fields: (t) => ({
    htmlSnippet: t.string({
      description:
        'JSON {"failure": reason} for a declined hosted payment (general, out-of-stock, blocked, or cart-changed when the cart changed after the payment started), else null.',
      resolve: (d) => (d.failure ? JSON.stringify({ failure: d.failure }) : null),
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

builder.queryField('checkout', (t) =>
  t.field({
    type: CheckoutDataRef,
    description:
      'The confirm page (GEINS-API §3.1): id is the order number (STANDARD) or the payment session id (KLARNA, the sandbox). For an approved session the order is placed now if the notification has not done it yet.',
    args: {
      ...contextArgs,
      id: t.arg.string({ required: true, description: 'Order number or payment session id.' }),
      cartId: t.arg.string({ description: 'The cart of the order.' }),
      paymentType: t.arg({ type: PaymentTypeEnum, required: true, description: 'From the URL.' }),
    },
    resolve: async (_root, args, ctx) => {
      const shop = await ctx.pricedShop(args);
      if (args.paymentType === 'STANDARD') {
        const orderId = /^\d{1,9}$/.test(args.id) ? Number(args.id) : null;
        const order = orderId === null ? null : await getOrderView(ctx.db, orderId);
        // The order number alone is guessable: the cart id must match too.
        if (!order || order.order.cartId !== (args.cartId ?? '').toLowerCase()) {
          return { completed: false, order: null, cart: null, failure: null };
        }
        const cart = await findCart(ctx.db, order.order.cartId);
        return {
          completed: true,
          order,
          cart: cart && (await loadCartView(ctx.db, cart, shop, ctx.now)),
          failure: null,
        };
      }
      // The order is priced in the market the payment was started in, whatever the return says.
      const session = await getPaymentSession(ctx.db, args.id);
      const paidShop =
        session && session.marketId !== shop.market.id
          ? await ctx.pricedShop({ ...args, marketId: session.marketId })
          : shop;
      const outcome = await completeHostedPayment(
        ctx.db,
        args.id,
        paidShop,
        ctx.now,
        ctx.config.payments,
      );
      const cart = outcome ? await findCart(ctx.db, outcome.session.cartId) : null;
      return {
        completed: Boolean(outcome?.order),
        order: outcome?.order ?? null,
        cart: cart && (await loadCartView(ctx.db, cart, paidShop, ctx.now)),
        failure: outcome?.failure ?? null,
      };
    },
  }),
);

builder.mutationFields((t) => ({
  createOrUpdateCheckout: t.field({
    type: CheckoutRef,
    description:
      "Stores what the shopper entered and returns the cart priced with it, the shipping options for the zip and the payment options (GEINS-API §3.2). A logged-in caller's request makes an anonymous cart theirs; the personal data entered (email, identityNumber, addresses) is returned only to the cart's owner (its Bearer token), or for an anonymous cart to the holder of its id, else null (issue 13 §14). Errors: NOT_FOUND, CART_COMPLETED, BAD_USER_INPUT.",
    args: {
      ...contextArgs,
      cartId: t.arg.string({ required: true, description: 'Cart id.' }),
      checkout: t.arg({ type: CheckoutInput, description: 'What was entered (optional).' }),
    },
    resolve: async (_root, args, ctx) => {
      await claimForViewer(ctx, args.cartId);
      const view = await createOrUpdateCheckout(
        ctx.db,
        args.cartId,
        args.checkout,
        await ctx.pricedShop(args),
        ctx.now,
        ctx.config.payments,
      );
      return visibleCheckout(view, ctx, args.checkout);
    },
  }),
  setCartShippingFee: t.field({
    type: CheckoutRef,
    description: `Stores the fee an external shipping widget reports (GEINS-API §3.2; the SDK reads .cart) on the open cart, in the request's (checkout) market currency, and returns the checkout priced with it. Honoured where the cart is read with allowExternalShippingFee (getCart on checkout pages), by createOrUpdateCheckout and placeOrder, and only in the currency it was set in; it never lowers the shop's own fee of the method (a lower fee is ignored: the client is not trusted with prices, issue 13 §3); eligible methods still ship free over the market's threshold. Errors: BAD_USER_INPUT (argument shippingFee: negative, over ${MAX_EXTERNAL_SHIPPING_FEE}, or more decimals than the currency has), NOT_FOUND, CART_COMPLETED.`,
    args: {
      ...contextArgs,
      cartId: t.arg.string({ required: true, description: 'Cart id.' }),
      shippingFee: t.arg({
        type: 'Decimal',
        required: true,
        description: `Fee incl. VAT, major units of the market currency (kronor, euros): 0 to ${MAX_EXTERNAL_SHIPPING_FEE}.`,
      }),
    },
    resolve: async (_root, args, ctx) => {
      await claimForViewer(ctx, args.cartId);
      const view = await setCartShippingFee(
        ctx.db,
        args.cartId,
        args.shippingFee,
        await ctx.pricedShop(args),
        ctx.now,
        ctx.config.payments,
      );
      return visibleCheckout(view, ctx);
    },
  }),
  placeOrder: t.field({
    type: PlaceOrderResponseRef,
    description:
      'Places the order in one transaction (STANDARD: status "completed"), or starts a hosted payment (status "pending", redirectUrl) for the cart as it is now: a cart changed before the approval becomes no order (failure cart-changed). The x-idempotency-key header (else the cart id) makes a repeated submission return the same order. Errors: INVALID_CHECKOUT (extensions.fields; paymentId "Välj ett betalsätt" for an option not offered, pickupPoint for a store that does not exist), INVALID_IDENTITY_NUMBER, OUT_OF_STOCK, CART_COMPLETED.',
    args: {
      ...contextArgs,
      cartId: t.arg.string({ required: true, description: 'Cart id.' }),
      checkout: t.arg({ type: CheckoutInput, required: true, description: 'The checkout.' }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = await ctx.viewer();
      const result = await placeOrder(
        ctx.db,
        {
          cartId: args.cartId,
          checkout: args.checkout,
          idempotencyKey: idempotencyKeyOf(ctx),
          customerId: viewer?.customerId ?? null,
          publicUrl: ctx.config.publicUrl,
          payments: ctx.config.payments,
        },
        await ctx.pricedShop(args),
        ctx.now,
      );
      return result;
    },
  }),
}));

/** `OrderType`, defined with the placed order's types (imported by the customers module). */
export { OrderRef } from './order.graphql.ts';
