/**
 * A Kustom Checkout purchase becomes one order (issue 42; ADR 019 §2; docs/payment-stand-ins.md
 * K2–K4). The confirm page (`checkout(id: kid)`, kid = KCO order id) and Kustom's push both call
 * {@link completeKustomPayment}; it reads the order back at Kustom (the push carries nothing and
 * is not signed by Kustom) and goes on only for a completed checkout whose authorised amount,
 * currency and lines are exactly what the session sent. Then the order is written through
 * {@link completeHostedPayment} (the session id is the idempotency key: one order however many
 * pushes and page loads race), from the address the shopper confirmed at Kustom, and Kustom is
 * told with `acknowledge`. An authorisation that cannot become an order (a changed cart, stock
 * run out) is cancelled at Kustom.
 *
 * The validation callback ({@link validateKustomPurchase}) refuses, before Kustom authorises, a
 * purchase whose stock or prices no longer hold.
 */
import type { Database } from '../../db/client.ts';
import { processLogger } from '../../log.ts';
import { findCart } from '../cart/cart.service.ts';
import { loadCartView } from '../cart/cart-view.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { getOrderView } from '../orders/orders.service.ts';
import type {
  KustomAddress,
  KustomCheckoutOrder,
  KustomOrderLine,
} from '../payments/kustom-client.ts';
import {
  declineSessionWithoutOrder,
  kustomClient,
  updateOpenSessionCheckout,
} from '../payments/kustom-session.service.ts';
import {
  decidePaymentSession,
  orderHasPayment,
  type PaymentSessionRecord,
} from '../payments/payments.service.ts';
import { type DeclineReason, type PaymentSettings } from '../payments/payment-options.ts';
import type { ProviderLine } from '../payments/provider-lines.ts';
import { completeHostedPayment, type HostedPaymentOutcome } from './hosted-payment.service.ts';
import { cartMatchesPayment } from './order-writer.ts';

/** The outcome of a Kustom purchase for the confirm page. */
export interface KustomOutcome extends HostedPaymentOutcome {
  /** Kustom's confirmation `html_snippet` once the order exists, else null. */
  confirmationSnippet: string | null;
}

const isComplete = (order: KustomCheckoutOrder) =>
  order.status.toLowerCase() === 'checkout_complete';

/**
 * True when Kustom's lines are the lines the session sent: same count and order, and each with
 * the same type, reference, quantity and total (öre).
 */
function sameLines(sent: unknown, got: readonly KustomOrderLine[]): boolean {
  if (!Array.isArray(sent) || sent.length !== got.length) return false;
  return (sent as ProviderLine[]).every((line, i) => {
    const other = got[i]!;
    return (
      (other.type ?? 'physical') === line.type &&
      (other.reference ?? '') === line.reference &&
      other.quantity === line.quantity &&
      other.total_amount === line.totalAmount
    );
  });
}

/** True when a KCO order (authorised or posted for validation) is what the session sent. */
function matchesSession(session: PaymentSessionRecord, order: KustomCheckoutOrder): boolean {
  return (
    order.order_amount === session.amount &&
    order.purchase_currency === session.currencyCode &&
    sameLines(session.providerLines, order.order_lines ?? [])
  );
}

/** The address fields of a KCO address, as our checkout input's. */
function fromKustomAddress(a: KustomAddress | undefined): Record<string, string> | null {
  if (!a?.street_address) return null;
  return {
    firstName: a.given_name ?? '',
    lastName: a.family_name ?? '',
    company: a.organization_name ?? '',
    addressLine1: a.street_address ?? '',
    addressLine2: a.street_address2 ?? '',
    careOf: a.care_of ?? '',
    zip: a.postal_code ?? '',
    city: a.city ?? '',
    country: (a.country ?? '').toUpperCase(),
    mobile: a.phone ?? '',
  };
}

/** The session's checkout input with the e-mail and addresses the shopper confirmed at Kustom. */
function withKustomAddress(
  checkout: Record<string, unknown>,
  order: KustomCheckoutOrder,
): Record<string, unknown> {
  const billing = fromKustomAddress(order.billing_address);
  const shipping = fromKustomAddress(order.shipping_address);
  return {
    ...checkout,
    ...(order.billing_address?.email ? { email: order.billing_address.email } : {}),
    ...(billing ? { billingAddress: billing } : {}),
    ...(shipping ? { shippingAddress: shipping } : {}),
  };
}

/**
 * Declines a session without an order (only `created` or `approved` ones) and cancels its
 * authorisation at Kustom, so no money stays reserved for an order that does not exist.
 */
async function declineAndCancel(
  db: Database,
  settings: PaymentSettings,
  session: PaymentSessionRecord,
  reason: DeclineReason,
): Promise<PaymentSessionRecord> {
  const declined = await declineSessionWithoutOrder(db, session.id, reason);
  if (settings.kustom && session.providerRef) {
    const cancelled = await kustomClient(settings.kustom).cancel(
      session.providerRef,
      `cancel:session:${session.id}`,
    );
    if (!cancelled.ok && cancelled.status !== 404) {
      processLogger().warn(
        { sessionId: session.id, providerRef: session.providerRef, code: cancelled.code },
        'Kustom authorisation could not be cancelled',
      );
    }
  }
  return declined ?? session;
}

/**
 * Tells Kustom the order exists: first its number as `merchant_reference1` (Kustom's portal
 * then names it as the shop does), then `acknowledge` (idempotent: the key is the order's).
 * Either failing is logged; the next push or confirm page repeats both.
 */
async function acknowledge(settings: PaymentSettings, providerRef: string, orderId: number) {
  if (!settings.kustom) return;
  const client = kustomClient(settings.kustom);
  const reference = await client.setMerchantReference(providerRef, String(orderId));
  if (!reference.ok) {
    processLogger().warn(
      { orderId, providerRef, status: reference.status, code: reference.code },
      'Kustom merchant reference could not be set',
    );
  }
  const ack = await client.acknowledge(providerRef, `ack:${orderId}`);
  if (!ack.ok) {
    processLogger().warn(
      { orderId, providerRef, status: ack.status, code: ack.code },
      'Kustom acknowledge failed; the next push or confirm page retries it',
    );
  }
}

/**
 * Places the order of a completed Kustom purchase, once (see the module comment).
 * @param settings `config.payments`; without Kustom configured the outcome stays pending
 * @returns the outcome: `order` once placed; `failure` when declined (blocked by Kustom,
 *   cart-changed, out-of-stock); both null while the purchase is not complete
 */
export async function completeKustomPayment(
  db: Database,
  session: PaymentSessionRecord,
  shop: PricedShopContext,
  now: Date,
  settings: PaymentSettings,
): Promise<KustomOutcome> {
  const pending = (s: PaymentSessionRecord): KustomOutcome => ({
    session: s,
    order: null,
    failure: null,
    confirmationSnippet: null,
  });
  if (!settings.kustom || !session.providerRef) return pending(session);
  const client = kustomClient(settings.kustom);
  const ref = session.providerRef;
  if (session.orderId !== null) {
    const read = await client.readCheckout(ref);
    await acknowledge(settings, ref, session.orderId);
    return {
      session,
      order: await getOrderView(db, session.orderId),
      failure: null,
      confirmationSnippet: read.ok ? (read.body.html_snippet ?? null) : null,
    };
  }
  if (session.status === 'declined') {
    const reason = (session.declineReason ?? 'general') as DeclineReason;
    return { ...pending(session), failure: reason };
  }
  const read = await client.readCheckout(ref);
  if (!read.ok || !isComplete(read.body)) return pending(session);
  const om = await client.readOrder(ref);
  if (om.ok && (om.body.fraud_status === 'REJECTED' || om.body.status === 'CANCELLED')) {
    const declined = await declineAndCancel(db, settings, session, 'blocked');
    return { ...pending(declined), failure: 'blocked' };
  }
  if (!matchesSession(session, read.body) || (om.ok && om.body.order_amount !== session.amount)) {
    processLogger().warn(
      {
        sessionId: session.id,
        providerRef: ref,
        authorised: read.body.order_amount,
        sent: session.amount,
      },
      'Kustom authorised another amount or other lines than the session sent; declined',
    );
    const declined = await declineAndCancel(db, settings, session, 'cart-changed');
    return { ...pending(declined), failure: 'cart-changed' };
  }
  if (session.status === 'created') {
    await updateOpenSessionCheckout(db, session.id, withKustomAddress(session.checkout, read.body));
    await decidePaymentSession(db, session.id, { approved: true });
  }
  const outcome = await completeHostedPayment(db, session.id, shop, now, settings);
  if (!outcome) return pending(session);
  if (outcome.order && !(await orderHasPayment(db, outcome.order.order.id, 'kustom', ref))) {
    // The cart became an order paid another way (invoice) meanwhile: this authorisation is not
    // that order's payment, so it is cancelled, never acknowledged (issue 41 §5).
    processLogger().warn(
      { sessionId: session.id, providerRef: ref, orderId: outcome.order.order.id },
      'Kustom purchase of a cart ordered another way; the authorisation is cancelled',
    );
    const declined = await declineAndCancel(db, settings, outcome.session, 'general');
    return { session: declined, order: null, failure: 'general', confirmationSnippet: null };
  }
  if (outcome.order) {
    await acknowledge(settings, ref, outcome.order.order.id);
    return { ...outcome, confirmationSnippet: read.body.html_snippet ?? null };
  }
  if (outcome.failure) {
    const declined = await declineAndCancel(db, settings, outcome.session, outcome.failure);
    return { ...outcome, session: declined, confirmationSnippet: null };
  }
  return { ...outcome, confirmationSnippet: null };
}

/** The answer to Kustom's validation callback: go on, or why not. */
export type KustomValidation = 'ok' | 'out-of-stock' | 'cart-changed' | 'unknown';

/**
 * Kustom's validation callback, before it authorises (K3 step 1; answered within its 3 s): the
 * posted order must be what the session sent, the cart still open and priced the same, and
 * every line in stock. Reads only; nothing is reserved.
 * @param posted the KCO order JSON Kustom posted
 */
export async function validateKustomPurchase(
  db: Database,
  session: PaymentSessionRecord,
  posted: unknown,
  shop: PricedShopContext,
  now: Date,
): Promise<KustomValidation> {
  if (session.status !== 'created' || session.orderId !== null) return 'unknown';
  const order = posted as KustomCheckoutOrder | null;
  if (!order || typeof order !== 'object' || !Array.isArray(order.order_lines)) return 'unknown';
  if (!matchesSession(session, order)) return 'cart-changed';
  const record = await findCart(db, session.cartId);
  if (!record || record.status !== 'open') return 'cart-changed';
  const checkout = session.checkout as { shippingId?: number | null };
  const view = await loadCartView(db, record, shop, now, {
    shippingId: checkout.shippingId ?? null,
    allowExternalShippingFee: true,
  });
  if (view.lines.some((l) => !l.available || l.quantity > l.sellable)) return 'out-of-stock';
  const paid = { amount: session.amount, currencyCode: session.currencyCode, lines: session.lines };
  return cartMatchesPayment(view, paid) ? 'ok' : 'cart-changed';
}
