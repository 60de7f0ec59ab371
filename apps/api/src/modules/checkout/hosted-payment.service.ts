/**
 * Hosted payments (issue 6; SPEC §2 /checkout/klarna-fail, GEINS-API §2.4 confirm with `kid`):
 * the order of an approved payment session is written once, from the confirm page or the
 * provider's notification, whichever comes first; and only when the cart is still what was paid
 * for (issue 13 §2: a changed cart refuses the approval, the shopper starts again). Sessions of
 * the sandbox count only while the sandbox is on (issue 13 §1).
 */
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { findOrderByKeyOrCart, getOrderView, type OrderView } from '../orders/orders.service.ts';
import {
  advancePayment,
  decidePaymentSession,
  getPaymentSession,
  orderHasPayment,
  recordNotification,
  refuseApprovedSession,
  sandboxProvider,
  type PaymentSessionRecord,
} from '../payments/payments.service.ts';
import {
  paymentMarketOf,
  paymentOptionById,
  type DeclineReason,
  type PaymentSettings,
} from '../payments/payment-options.ts';
import {
  openEmbeddedSession,
  paymentFrameSnippet,
  sandboxSnippet,
} from '../payments/embedded-session.service.ts';
import { openStripeSession } from '../payments/stripe-session.service.ts';
import { openKustomSession } from '../payments/kustom-session.service.ts';
import { parseCheckoutInput, type CheckoutInput } from './checkout-input.ts';
import type { CheckoutView } from './checkout.service.ts';
import { isUniqueViolation, writeOrderFromCart } from './order-writer.ts';

/** The outcome of a hosted payment session for the confirm page. */
export interface HostedPaymentOutcome {
  session: PaymentSessionRecord;
  order: OrderView | null;
  /**
   * Why there is no order: the decline reason, out-of-stock when the stock ran out, or
   * cart-changed when the cart no longer matched what was paid (issue 13 §2).
   */
  failure: DeclineReason | null;
}

/**
 * Places the order of an approved hosted payment session, once: the session id is the
 * idempotency key, so the confirm page and the provider's notification (in any order, any
 * number of times) create one order. The order is written only when the cart is still what the
 * session paid for (its lines and amount, issue 13 §2); otherwise the shop refuses the approval:
 * the session becomes declined with reason `cart-changed`, no order, no stock taken, and the cart
 * stays open for the shopper to pay again.
 * @param settings `config.payments`: with the sandbox off its sessions are unknown (null)
 * @returns null for an unknown session
 */
export async function completeHostedPayment(
  db: Database,
  sessionId: string,
  shop: PricedShopContext,
  now: Date,
  settings: PaymentSettings,
): Promise<HostedPaymentOutcome | null> {
  const session = await sandboxProvider.confirm(db, sessionId);
  if (!session || (session.provider === 'sandbox' && !settings.sandbox)) return null;
  if (session.status === 'declined') {
    const reason = (session.declineReason ?? 'general') as DeclineReason;
    return { session, order: null, failure: reason };
  }
  if (session.status !== 'approved') return { session, order: null, failure: null };
  const existing = await findOrderByKeyOrCart(db, `payment:${session.id}`, session.cartId);
  if (existing) return { session, order: await getOrderView(db, existing.id), failure: null };
  const checkout = session.checkout as CheckoutInput & { customerId?: number | null };
  try {
    const order = await writeOrderFromCart(
      db,
      {
        cartId: session.cartId,
        input: parseCheckoutInput(checkout),
        idempotencyKey: `payment:${session.id}`,
        customerId: checkout.customerId ?? null,
        payment: paymentOptionById(checkout.paymentId, paymentMarketOf(shop)),
        // The provider's id of the payment (Kustom's order_id), else the session's own.
        paymentReference: session.providerRef ?? session.id,
        sessionId: session.id,
        paid: {
          amount: session.amount,
          currencyCode: session.currencyCode,
          lines: session.lines ?? null,
        },
      },
      shop,
      now,
    );
    return { session, order: await getOrderView(db, order.id), failure: null };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await findOrderByKeyOrCart(db, `payment:${session.id}`, session.cartId);
      if (again) return { session, order: await getOrderView(db, again.id), failure: null };
    }
    if (error instanceof ShopError && error.extensions.code === 'OUT_OF_STOCK') {
      return { session, order: null, failure: 'out-of-stock' };
    }
    if (error instanceof ShopError && error.extensions.reason === 'cart-changed') {
      const refused = await refuseApprovedSession(db, session.id, 'cart-changed');
      // A concurrent confirmation may have written the order just before.
      const done = await findOrderByKeyOrCart(db, `payment:${session.id}`, session.cartId);
      if (done) return { session, order: await getOrderView(db, done.id), failure: null };
      return { session: refused ?? session, order: null, failure: 'cart-changed' };
    }
    throw error;
  }
}

/** A provider notification (server to server). */
export interface PaymentNotification {
  eventId: string;
  sessionId: string;
  /** `authorized` (the shopper approved) or `captured` (money taken). */
  type: 'authorized' | 'captured';
}

/**
 * A provider notification for a session whose cart became an order paid another way (e.g. the
 * shopper placed it by invoice after opening the card payment): the order has no payment of
 * this provider and session, so the notification cannot be applied (issue 41 §5). The payments
 * endpoint refuses it (409 PAYMENT_MISMATCH) and logs it; nothing is recorded.
 */
export class PaymentMismatchError extends Error {
  override name = 'PaymentMismatchError';

  constructor(
    /** The order the session's cart became. */
    readonly orderId: number,
    /** The notification's session (the provider's transaction). */
    readonly sessionId: string,
    /** The notification's provider. */
    readonly provider: string,
  ) {
    super(`Order ${orderId} has no ${provider} payment of session ${sessionId}`);
  }
}

/**
 * Applies a provider notification exactly once: a repeated event id is ignored; an approved
 * session gets its order (created if the confirm page has not yet), and the payment moves
 * forward only (a late "authorized" after "captured" changes nothing).
 * @returns the order id, or null when the session is unknown or has no order (declined)
 * @throws PaymentMismatchError when the session's order is paid another way
 */
export async function applyPaymentNotification(
  db: Database,
  notification: PaymentNotification,
  shop: PricedShopContext,
  now: Date,
  settings: PaymentSettings,
): Promise<number | null> {
  let session = await getPaymentSession(db, notification.sessionId);
  if (!session || (session.provider === 'sandbox' && !settings.sandbox)) return null;
  // The provider's word: an authorized or captured payment means the shopper approved.
  if (session.status === 'created') {
    session = (await decidePaymentSession(db, session.id, { approved: true })) ?? session;
  }
  const outcome = await completeHostedPayment(db, session.id, shop, now, settings);
  const orderId = outcome?.order?.order.id ?? null;
  if (orderId === null) return null;
  const provider = session.provider;
  const sessionId = session.id;
  if (!(await orderHasPayment(db, orderId, provider, sessionId))) {
    throw new PaymentMismatchError(orderId, sessionId, provider);
  }
  // Recording the event and moving the payment happen together: exactly once.
  await db.transaction(async (tx) => {
    const first = await recordNotification(
      tx,
      provider,
      notification.eventId,
      sessionId,
      notification.type,
    );
    if (first) {
      await advancePayment(
        tx,
        orderId,
        provider,
        notification.type === 'captured' ? 'paid' : 'authorized',
      );
    }
  });
  return orderId;
}

/** What {@link withEmbeddedPayment} needs besides the checkout. */
export interface EmbedOptions {
  /**
   * The client's confirm page, where the shopper lands after approving (placeholders
   * `{payment.uid}` and `{geins.cartid}`), already checked to be on an allowed origin.
   */
  returnUrl: string;
  /** The shop's public base URL (PUBLIC_URL), where the payment page is served. */
  publicUrl: string;
  /** The logged-in customer the order will belong to, null for a guest. */
  customerId: number | null;
  /** `config.payments`: Kustom's settings and the callback secret (issue 42). */
  payments?: PaymentSettings;
  /** SHOP_NAME, named in a Stripe payment. */
  shopName?: string;
}

/**
 * The checkout with the embed snippet of its selected hosted payment option (issue 25,
 * GEINS-API §4.6 `paymentData`): for the sandbox (offered only while PAYMENT_SANDBOX is on) an
 * iframe of its payment page for the cart as it is now, reusing the cart's open session while
 * nothing changed; `newCheckoutSession` is true when the session is new. Other options, an
 * empty cart and a STANDARD choice are returned unchanged (no snippet).
 */
export async function withEmbeddedPayment(
  db: Database,
  view: CheckoutView,
  options: EmbedOptions,
): Promise<CheckoutView> {
  const selected = view.paymentOptions.find((o) => o.isSelected);
  if (!selected || view.cart.lines.length === 0) return view;
  if (selected.provider === 'kustom' && options.payments?.kustom) {
    // Kustom Checkout (issue 42): its own html_snippet, for the cart as it is now.
    const session = await openKustomSession(db, view.cart, {
      settings: options.payments.kustom,
      callbackSecret: options.payments.callbackSecret ?? '',
      publicUrl: options.publicUrl,
      returnUrl: options.returnUrl,
      checkout: { ...view.input, paymentId: selected.id, customerId: options.customerId },
      locale: view.cart.shop.language.id,
    });
    return {
      ...view,
      paymentOptions: view.paymentOptions.map((o) =>
        o === selected
          ? {
              ...o,
              paymentData: session?.snippet ?? null,
              newCheckoutSession: session?.created ?? false,
            }
          : o,
      ),
    };
  }
  if (selected.provider === 'stripe' && options.payments?.stripe) {
    // Stripe (issue 42): our page with the Payment Element, framed, for the cart as it is now.
    const session = await openStripeSession(db, view.cart, {
      settings: options.payments.stripe,
      returnUrl: options.returnUrl,
      checkout: { ...view.input, paymentId: selected.id, customerId: options.customerId },
      shopName: options.shopName ?? '',
    });
    const pageUrl = session
      ? `${options.publicUrl.replace(/\/$/, '')}/payments/stripe/${session.sessionId}`
      : null;
    return {
      ...view,
      paymentOptions: view.paymentOptions.map((o) =>
        o === selected
          ? {
              ...o,
              paymentData: pageUrl
                ? paymentFrameSnippet(pageUrl, 'Betalning med kort eller Swish')
                : null,
              newCheckoutSession: session?.created ?? false,
            }
          : o,
      ),
    };
  }
  if (selected.provider !== 'sandbox') return view;
  const { shop } = view.cart;
  const session = await openEmbeddedSession(db, {
    cartId: view.cart.record.id,
    amount: view.cart.totals.totalExBalanceIncVat,
    currencyCode: shop.currency.code,
    marketId: shop.market.id,
    checkout: { ...view.input, paymentId: selected.id, customerId: options.customerId },
    lines: view.cart.lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity })),
    returnUrl: options.returnUrl,
  });
  const pageUrl = `${options.publicUrl.replace(/\/$/, '')}/payments/sandbox/${session.sessionId}`;
  return {
    ...view,
    paymentOptions: view.paymentOptions.map((o) =>
      o === selected
        ? { ...o, paymentData: sandboxSnippet(pageUrl), newCheckoutSession: session.created }
        : o,
    ),
  };
}
