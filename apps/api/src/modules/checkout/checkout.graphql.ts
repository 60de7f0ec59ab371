/**
 * Root fields of checkout (GEINS-API §3.1 validateOrderConditions, validateOrderCreation; §3.2
 * createOrUpdateCheckout, setCartShippingFee, placeOrder). The types are in
 * checkout-types.graphql.ts, the placed order's in order.graphql.ts, the confirm page's
 * (`checkout`) in checkout-confirm.graphql.ts. Resolvers parse, read the
 * caller and call one service function each.
 */
import type { ShippingProvider } from '../shipping/provider.ts';
import { shopShippingProvider } from '../shipping/shop-provider.ts';
import type { GraphQLResolveInfo } from 'graphql';
import { contextArgs } from '../../graphql/args.ts';
import { selectsField } from '../../graphql/selection.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { claimCartById } from '../cart/cart.service.ts';
import { allowedOrigins } from '../../cors.ts';
import { withEmbeddedPayment } from './hosted-payment.service.ts';
import { embeddedReturnUrl } from './return-url.ts';
import { withStripeElement } from './stripe-element.service.ts';
import {
  createOrUpdateCheckout,
  MAX_EXTERNAL_SHIPPING_FEE,
  parseCheckoutInput,
  placeOrder,
  setCartShippingFee,
  type CheckoutView,
  validateOrderConditions,
  validateOrderCreation,
} from './checkout.service.ts';
import {
  CheckoutInput,
  CheckoutRef,
  PlaceOrderResponseRef,
  ValidateOrderConditionsResponseRef,
  ValidateOrderCreationResponseRef,
} from './checkout-types.graphql.ts';

/** The request's `x-idempotency-key` header (Yoga merges the request into the context). */
function idempotencyKeyOf(ctx: object): string | null {
  return requestOf(ctx)?.headers.get('x-idempotency-key') ?? null;
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
  const { shippingId, paymentId, pickupPoint, customerType, externalShippingId } = view.input;
  return {
    ...view,
    input: { ...own, shippingId, paymentId, pickupPoint, customerType, externalShippingId },
  };
}

/** The shop's shipping provider (ADR 020 §1): nShift when configured, else the own options. */
function shippingProviderOf(ctx: GraphQLContext): ShippingProvider {
  return shopShippingProvider(ctx.db, ctx.config.shipping.nshift);
}

/** The request Yoga merges into the context, if any. */
function requestOf(ctx: object): Request | null {
  return (ctx as { request?: Request }).request ?? null;
}

/**
 * Where an embedded payment started by this request returns the shopper: the client's
 * confirm page (return-url.ts), in the request's market when the market is in the path.
 */
async function returnUrlFor(
  ctx: GraphQLContext,
  info: GraphQLResolveInfo,
  checkout: unknown,
): Promise<string> {
  const urls = (checkout as { checkoutUrls?: { redirectUrl?: string | null } } | null)
    ?.checkoutUrls;
  return embeddedReturnUrl({
    allowedOrigins: allowedOrigins(ctx.config),
    ownOrigin: new URL(ctx.config.publicUrl).origin,
    requestOrigin: requestOf(ctx)?.headers.get('origin') ?? null,
    redirectUrl: urls?.redirectUrl,
    confirmPath: await ctx.pagePath(info, '/checkout/confirm'),
  });
}

/** Makes an anonymous cart the logged-in caller's before the checkout reads it (claimCart). */
async function claimForViewer(ctx: GraphQLContext, cartId: string): Promise<void> {
  await claimCartById(ctx.db, cartId, (await ctx.viewer())?.customerId ?? null);
}

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

builder.queryField('validateOrderCreation', (t) =>
  t.field({
    type: ValidateOrderCreationResponseRef,
    nullable: false,
    deprecationReason: 'Use validateOrderConditions.',
    description:
      "Would placeOrder(cartId, checkout) place an order now (GEINS-API §3.1; deprecated in Geins, still called by the SDK's checkout.validate)? The checkout's fields, payment option and identity number as placeOrder checks them, then the market and the stock of every line. Changes nothing. Error: NOT_FOUND for an unknown cart.",
    args: {
      ...contextArgs,
      cartId: t.arg.string({ required: true, description: 'Cart id.' }),
      checkout: t.arg({ type: CheckoutInput, required: true, description: 'The checkout.' }),
    },
    resolve: async (_root, args, ctx) => {
      const result = await validateOrderCreation(
        ctx.db,
        args.cartId,
        args.checkout,
        await ctx.pricedShop(args),
        ctx.now,
        ctx.config.payments,
      );
      const viewer = await ctx.viewer();
      return { ...result, memberType: viewer ? viewer.customer.memberType : null };
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
    resolve: async (_root, args, ctx, info) => {
      await claimForViewer(ctx, args.cartId);
      const view = await createOrUpdateCheckout(
        ctx.db,
        args.cartId,
        args.checkout,
        await ctx.pricedShop(args),
        ctx.now,
        ctx.config.payments,
        shippingProviderOf(ctx),
      );
      // Stripe chosen on our own checkout page: the Payment Element's intent (issue 42).
      if (selectsField(info, ['paymentOptions', 'stripeElement'])) {
        const withElement = await withStripeElement(ctx.db, view, {
          payments: ctx.config.payments,
          publicUrl: ctx.config.publicUrl,
          shopName: ctx.config.shopName,
          customerId: (await ctx.viewer())?.customerId ?? null,
        });
        return visibleCheckout(withElement, ctx, args.checkout);
      }
      // A hosted option chosen: its payment page as a snippet to embed (issue 25), for a
      // client that asks for it (ours redirects at placeOrder instead).
      if (!selectsField(info, ['paymentOptions', 'paymentData'])) {
        return visibleCheckout(view, ctx, args.checkout);
      }
      const embedded = await withEmbeddedPayment(ctx.db, view, {
        returnUrl: await returnUrlFor(ctx, info, args.checkout),
        publicUrl: ctx.config.publicUrl,
        customerId: (await ctx.viewer())?.customerId ?? null,
        payments: ctx.config.payments,
        shopName: ctx.config.shopName,
      });
      return visibleCheckout(embedded, ctx, args.checkout);
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
        shippingProviderOf(ctx),
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
          shopName: ctx.config.shopName,
          payments: ctx.config.payments,
          shipping: shippingProviderOf(ctx),
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
