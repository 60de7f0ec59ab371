/**
 * A Stripe payment becomes one order (issue 42; ADR 019 §2; docs/payment-stand-ins.md S3–S5).
 * The confirm page (`checkout(id: kid)`, kid = our session id) and Stripe's webhook
 * (`payment_intent.amount_capturable_updated`, `payment_intent.succeeded`) both call
 * {@link completeStripePayment}; it reads the intent back at Stripe and goes on only for an
 * intent that is authorised (card, and Klarna once the shopper came back from Klarna:
 * `requires_capture`) or paid (Swish: `succeeded`) for exactly
 * the session's amount and currency. Then the order is written through
 * {@link completeHostedPayment} (the session id is the idempotency key: one order however many
 * webhooks and page loads race). A Swish payment is taken at once, so its capture is recorded
 * with the order. An intent that cannot become an order (another amount, a changed cart, stock
 * run out, a cart ordered another way) is cancelled, or refunded when already paid.
 */
import type Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import { processLogger } from '../../log.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { getOrderView } from '../orders/orders.service.ts';
import { declineSessionWithoutOrder } from '../payments/kustom-session.service.ts';
import { recordCaptureAtPurchase } from '../payments/payment-operations.service.ts';
import {
  decidePaymentSession,
  orderHasPayment,
  type PaymentSessionRecord,
} from '../payments/payments.service.ts';
import { type DeclineReason, type PaymentSettings } from '../payments/payment-options.ts';
import { stripeClient } from '../payments/stripe-client.ts';
import { completeHostedPayment, type HostedPaymentOutcome } from './hosted-payment.service.ts';

/**
 * The öre an intent holds for us: capturable (card, Klarna) or received (Swish); 0 otherwise (also
 * `requires_action`: the shopper is still at Klarna, and after a failed Klarna redirect).
 */
function heldAmount(intent: Stripe.PaymentIntent): number {
  if (intent.status === 'requires_capture') return intent.amount_capturable;
  if (intent.status === 'succeeded') return intent.amount_received;
  return 0;
}

/** True when the intent is this session's and holds exactly its amount in its currency. */
function matchesSession(session: PaymentSessionRecord, intent: Stripe.PaymentIntent): boolean {
  return (
    intent.metadata?.sessionId === session.id &&
    intent.currency.toUpperCase() === session.currencyCode.toUpperCase() &&
    intent.amount === session.amount &&
    heldAmount(intent) === session.amount
  );
}

/**
 * Undoes an intent that will not become an order: cancels an authorisation, refunds a payment
 * already taken (Swish). Keys from the session, so a repeat does nothing twice. Logged on failure.
 */
async function undoIntent(
  settings: PaymentSettings,
  session: PaymentSessionRecord,
  intent: Stripe.PaymentIntent,
): Promise<void> {
  if (!settings.stripe) return;
  const client = stripeClient(settings.stripe);
  const result =
    intent.status === 'succeeded'
      ? await client.refund(intent.id, `refund:session:${session.id}`, intent.amount_received, {
          sessionId: session.id,
        })
      : await client.cancel(intent.id, `cancel:session:${session.id}`, 'abandoned');
  if (!result.ok) {
    processLogger().warn(
      { sessionId: session.id, intentId: intent.id, code: result.code, message: result.message },
      'Stripe payment of a declined session could not be undone',
    );
  }
}

async function decline(
  db: Database,
  settings: PaymentSettings,
  session: PaymentSessionRecord,
  intent: Stripe.PaymentIntent,
  reason: DeclineReason,
): Promise<HostedPaymentOutcome> {
  const declined = await declineSessionWithoutOrder(db, session.id, reason);
  await undoIntent(settings, session, intent);
  return { session: declined ?? session, order: null, failure: reason };
}

/**
 * Places the order of an authorised or paid Stripe intent, once (see the module comment).
 * @param settings `config.payments`; without Stripe configured the outcome stays pending
 * @returns `order` once placed; `failure` when declined (cart-changed, out-of-stock, general);
 *   both null while the shopper has not paid (or Stripe could not be read)
 */
export async function completeStripePayment(
  db: Database,
  session: PaymentSessionRecord,
  shop: PricedShopContext,
  now: Date,
  settings: PaymentSettings,
): Promise<HostedPaymentOutcome> {
  const pending = (s: PaymentSessionRecord): HostedPaymentOutcome => ({
    session: s,
    order: null,
    failure: null,
  });
  if (!settings.stripe || !session.providerRef) return pending(session);
  if (session.status === 'declined') {
    return { ...pending(session), failure: (session.declineReason ?? 'general') as DeclineReason };
  }
  const read = await stripeClient(settings.stripe).readIntent(session.providerRef);
  if (!read.ok) return pending(session);
  const intent = read.body;
  if (session.orderId !== null) {
    await recordSwishCapture(db, session.orderId, intent);
    return { session, order: await getOrderView(db, session.orderId), failure: null };
  }
  if (intent.status === 'canceled') {
    const declined = await declineSessionWithoutOrder(db, session.id, 'general');
    return { ...pending(declined ?? session), failure: 'general' };
  }
  if (heldAmount(intent) === 0) return pending(session);
  if (!matchesSession(session, intent)) {
    processLogger().warn(
      {
        sessionId: session.id,
        intentId: intent.id,
        held: heldAmount(intent),
        sent: session.amount,
      },
      'Stripe holds another amount or currency than the session; declined',
    );
    return decline(db, settings, session, intent, 'cart-changed');
  }
  if (session.status === 'created') await decidePaymentSession(db, session.id, { approved: true });
  const outcome = await completeHostedPayment(db, session.id, shop, now, settings);
  if (!outcome) return pending(session);
  if (outcome.order && !(await orderHasPayment(db, outcome.order.order.id, 'stripe', intent.id))) {
    // The cart became an order paid another way meanwhile (issue 41 §5): not this payment's.
    processLogger().warn(
      { sessionId: session.id, intentId: intent.id, orderId: outcome.order.order.id },
      'Stripe payment of a cart ordered another way; undone',
    );
    return decline(db, settings, outcome.session, intent, 'general');
  }
  if (outcome.order) {
    await recordSwishCapture(db, outcome.order.order.id, intent);
    return { ...outcome, order: await getOrderView(db, outcome.order.order.id) };
  }
  if (outcome.failure) return decline(db, settings, outcome.session, intent, outcome.failure);
  return outcome;
}

/** A paid (`succeeded`) intent at the order: its capture is recorded, once. */
async function recordSwishCapture(db: Database, orderId: number, intent: Stripe.PaymentIntent) {
  if (intent.status !== 'succeeded') return;
  await recordCaptureAtPurchase(db, orderId, 'stripe', intent.id, intent.amount_received);
}
