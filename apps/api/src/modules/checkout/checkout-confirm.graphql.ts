/**
 * The confirm page's root fields (GEINS-API §3.1): `checkout`, and the deprecated `getCheckout`
 * and `getCheckoutAndOrder` that older Geins clients (ralph-ui's vendored documents) still
 * carry. All three find a placed order the same way ({@link confirmCheckout}).
 */
import { contextArgs } from '../../graphql/args.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { findCart } from '../cart/cart.service.ts';
import { loadCartView } from '../cart/cart-view.ts';
import type { ContextArgs } from '../channel/channel.service.ts';
import { getOrderView, getOrderViewByPublicId, type OrderView } from '../orders/orders.service.ts';
import { sandboxConfirmationSnippet } from '../payments/embedded-session.service.ts';
import { getPaymentSession, type PaymentSessionRecord } from '../payments/payments.service.ts';
import { findKustomSession } from '../payments/kustom-session.service.ts';
import { findStripeSession } from '../payments/stripe-session.service.ts';
import { completeKustomPayment } from './kustom-payment.service.ts';
import { completeStripePayment } from './stripe-payment.service.ts';
import { completeHostedPayment } from './hosted-payment.service.ts';
import { CheckoutDataRef, PaymentTypeEnum, type CheckoutData } from './checkout-types.graphql.ts';
import { CheckoutOrderRef } from './order.graphql.ts';

/** What identifies the order of a confirm page. */
interface ConfirmArgs extends ContextArgs {
  id: string;
  cartId?: string | null;
  paymentType: string;
}

/**
 * The order behind a confirm page: `id` is the public order id (a UUID only the buyer knows,
 * enough alone: the SDK's checkout summary sends no cartId), for STANDARD the order number with
 * its `cartId` (the number alone is guessable and finds nothing), else a payment session id (an
 * approved session's order is placed now if the provider's notification has not done it yet).
 * `completed` false when nothing matches.
 */
async function confirmCheckout(ctx: GraphQLContext, args: ConfirmArgs): Promise<CheckoutData> {
  const shop = await ctx.pricedShop(args);
  const placed = async (order: OrderView): Promise<CheckoutData> => {
    const cart = await findCart(ctx.db, order.order.cartId);
    return {
      completed: true,
      order,
      cart: cart && (await loadCartView(ctx.db, cart, shop, ctx.now)),
      failure: null,
    };
  };
  const byPublicId = await getOrderViewByPublicId(ctx.db, args.id);
  if (byPublicId) return placed(byPublicId);
  if (args.paymentType === 'STANDARD') {
    const orderId = /^\d{1,9}$/.test(args.id) ? Number(args.id) : null;
    const order = orderId === null ? null : await getOrderView(ctx.db, orderId);
    if (!order || order.order.cartId !== (args.cartId ?? '').toLowerCase()) {
      return { completed: false, order: null, cart: null, failure: null };
    }
    return placed(order);
  }
  const kustom = await findKustomSession(ctx.db, args.id);
  if (kustom) return confirmKustom(ctx, args, kustom);
  const stripe = await findStripeSession(ctx.db, args.id);
  if (stripe) return confirmStripe(ctx, args, stripe);
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
  const order = outcome?.order ?? null;
  return {
    completed: Boolean(order),
    order,
    cart: cart && (await loadCartView(ctx.db, cart, paidShop, ctx.now)),
    failure: outcome?.failure ?? null,
    // The embedded payment's thank-you snippet (issue 25), shown by the client's confirm page.
    confirmation:
      order && sandboxConfirmationSnippet(String(order.order.id), order.order.email || null),
  };
}

/**
 * The confirm page of a Kustom purchase (issue 42): `kid` is Kustom's order id (or our session
 * id); the order is placed now if the push has not done it yet, and the confirmation snippet is
 * Kustom's own.
 */
async function confirmKustom(
  ctx: GraphQLContext,
  args: ConfirmArgs,
  session: PaymentSessionRecord,
): Promise<CheckoutData> {
  const shop = await ctx.pricedShop({ ...args, marketId: session.marketId });
  const outcome = await completeKustomPayment(ctx.db, session, shop, ctx.now, ctx.config.payments);
  const cart = await findCart(ctx.db, outcome.session.cartId);
  return {
    completed: Boolean(outcome.order),
    order: outcome.order,
    cart: cart && (await loadCartView(ctx.db, cart, shop, ctx.now)),
    failure: outcome.failure,
    confirmation: outcome.order ? outcome.confirmationSnippet : null,
  };
}

/**
 * The confirm page of a Stripe payment (issue 42): `kid` is our session id (or the intent id);
 * the order is placed now if the webhook has not done it yet.
 */
async function confirmStripe(
  ctx: GraphQLContext,
  args: ConfirmArgs,
  session: PaymentSessionRecord,
): Promise<CheckoutData> {
  const shop = await ctx.pricedShop({ ...args, marketId: session.marketId });
  const outcome = await completeStripePayment(ctx.db, session, shop, ctx.now, ctx.config.payments);
  const cart = await findCart(ctx.db, outcome.session.cartId);
  const order = outcome.order;
  return {
    completed: Boolean(order),
    order,
    cart: cart && (await loadCartView(ctx.db, cart, shop, ctx.now)),
    failure: outcome.failure,
    confirmation:
      order && sandboxConfirmationSnippet(String(order.order.id), order.order.email || null),
  };
}

/** The thank-you snippet of a confirm page: JSON `{"failure": reason}` or null. */
function htmlSnippetOf(data: CheckoutData): string | null {
  return data.failure ? JSON.stringify({ failure: data.failure }) : null;
}

/** `CheckoutAndOrderType` (deprecated in Geins). */
const CheckoutAndOrderRef = builder.objectRef<CheckoutData>('CheckoutAndOrderType').implement({
  description:
    'The confirm page as older Geins clients read it (GEINS-API §4.6, deprecated: use checkout).',
  fields: (t) => ({
    htmlSnippet: t.string({
      nullable: false,
      description: 'JSON {"failure": reason} for a declined hosted payment, else "".',
      resolve: (d) => htmlSnippetOf(d) ?? '',
    }),
    order: t.field({
      type: CheckoutOrderRef,
      description: 'The order; null when none matches.',
      resolve: (d) => d.order,
    }),
  }),
});

builder.queryFields((t) => {
  const confirmArgs = {
    ...contextArgs,
    id: t.arg.string({
      required: true,
      description: 'Public order id (UUID), order number (with cartId) or payment session id.',
    }),
    paymentType: t.arg({ type: PaymentTypeEnum, required: true, description: 'From the URL.' }),
  };
  return {
    checkout: t.field({
      type: CheckoutDataRef,
      description:
        "The confirm page (GEINS-API §3.1): id is the public order id (a UUID, alone: the SDK's checkout summary), the order number with its cartId (STANDARD; the number alone is refused, it is guessable), or the payment session id (KLARNA, the sandbox). For an approved session the order is placed now if the notification has not done it yet. completed false when nothing matches.",
      args: {
        ...confirmArgs,
        cartId: t.arg.string({
          description: 'The cart of the order (needed with an order number).',
        }),
      },
      resolve: (_root, args, ctx) => confirmCheckout(ctx, args),
    }),
    getCheckout: t.string({
      deprecationReason: 'Use checkout.',
      description:
        'The thank-you snippet of a confirm page (GEINS-API §3.1, deprecated): as checkout(id, paymentType) without cartId, its htmlSnippet.',
      args: confirmArgs,
      resolve: async (_root, args, ctx) => htmlSnippetOf(await confirmCheckout(ctx, args)),
    }),
    getCheckoutAndOrder: t.field({
      type: CheckoutAndOrderRef,
      deprecationReason: 'Use checkout.',
      description:
        'The confirm page with its order (GEINS-API §3.1, deprecated): as checkout(id, paymentType) without cartId.',
      args: confirmArgs,
      resolve: (_root, args, ctx) => confirmCheckout(ctx, args),
    }),
  };
});
