/**
 * What happens at the Stripe stand-in outside the shop (issue 42's read-back tests; stripe-stand-in.ts):
 * listing an intent's refunds (`GET /v1/refunds?payment_intent=`, what the shop reads back after
 * `charge.refunded`), a refund that fails after it was made (`refund.updated`), and time passing
 * on an uncaptured card authorisation (its `capture_before` draws near; Stripe cancels it with
 * `cancellation_reason` `automatic` when it passes). A refund made in the Dashboard needs nothing
 * here: it is `POST /v1/refunds` with the secret key, as the stand-in already answers.
 * References: stripe@23 types (`RefundListParams`, `ApiList` in lib.d.ts, `Refund.status` and
 * `failure_reason`, `RefundUpdatedEvent`, `PaymentIntent.CancellationReason`, `Charge
 * .PaymentMethodDetails.Card.capture_before`). "Stand-in assumption" marks what they leave open.
 */
import type Stripe from 'stripe';
import { fail, invalid, type Answer, type StripeStandInState } from './stripe-stand-in-rules.ts';

/** The list operation, beside the rules' Op and Get. */
export type ListOp = 'listRefunds';

/**
 * `GET /v1/refunds`: the refunds of `payment_intent` (or `charge`), newest first, `limit`
 * (1–100, default 10) from after `starting_after` (Stripe's pagination).
 */
export function listRefunds(
  state: Pick<StripeStandInState, 'refunds'>,
  p: Stripe.RefundListParams,
): Answer {
  const limit = p.limit ?? 10;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 100) {
    return invalid('This value must be between 1 and 100.', {
      code: 'parameter_invalid_integer',
      param: 'limit',
    });
  }
  // Stand-in assumption: refunds made in one second keep the order they were made in.
  const all = [...state.refunds.values()]
    .filter(
      (r) =>
        (p.payment_intent === undefined || r.payment_intent === p.payment_intent) &&
        (p.charge === undefined || r.charge === p.charge),
    )
    .reverse();
  const from = p.starting_after ? all.findIndex((r) => r.id === p.starting_after) + 1 : 0;
  if (p.starting_after && from === 0) {
    return invalid(`No such refund: '${p.starting_after}'`, {
      code: 'resource_missing',
      param: 'starting_after',
    });
  }
  const data = all.slice(from, from + limit);
  return {
    status: 200,
    body: { object: 'list', data, has_more: from + limit < all.length, url: '/v1/refunds' },
  };
}

/**
 * A refund that fails after it was made (the card was closed, …): `status` failed with
 * `failure_reason`, its amount back on the charge, and `refund.updated` emitted.
 */
export function failRefund(
  state: StripeStandInState,
  refundId: string,
  reason = 'expired_or_canceled_card',
): Answer {
  const refund = state.refunds.get(refundId);
  if (!refund) return fail(404, 'invalid_request_error', `No such refund: '${refundId}'`);
  if (refund.status !== 'succeeded' && refund.status !== 'pending') {
    return invalid(`Refund ${refundId} has a status of ${refund.status}.`);
  }
  Object.assign(refund, { status: 'failed', failure_reason: reason });
  const charge = state.charges.get(String(refund.charge));
  if (charge) {
    charge.amount_refunded -= refund.amount;
    charge.refunded = false;
  }
  state.emit('refund.updated', refund);
  return { status: 200, body: refund };
}

/**
 * Time passes for an uncaptured authorisation: the intent and its charge are moved `seconds`
 * into the past (`created`, the card's `capture_before`), so it runs out sooner.
 */
export function ageAuthorisation(state: StripeStandInState, intentId: string, seconds: number) {
  const intent = state.intents.get(intentId);
  if (!intent) throw new Error(`Stripe stand-in: no intent ${intentId}`);
  intent.created -= seconds;
  const charge = state.charges.get(String(intent.latest_charge));
  if (charge) {
    charge.created -= seconds;
    const card = charge.payment_method_details?.card;
    if (card?.capture_before) card.capture_before -= seconds;
  }
}

/**
 * Stripe cancels an uncaptured authorisation once it runs out (7 days for cards):
 * `cancellation_reason` `automatic`, the hold released, `payment_intent.canceled` emitted.
 */
export function expireAuthorisation(state: StripeStandInState, intentId: string) {
  const intent = state.intents.get(intentId);
  if (!intent) throw new Error(`Stripe stand-in: no intent ${intentId}`);
  if (intent.status !== 'requires_capture') {
    throw new Error(
      `Stripe stand-in: intent ${intentId} is ${intent.status}, not requires_capture`,
    );
  }
  const held = state.charges.get(String(intent.latest_charge));
  if (held) Object.assign(held, { refunded: true, amount_refunded: held.amount });
  Object.assign(intent, {
    status: 'canceled',
    canceled_at: Math.floor(Date.now() / 1000),
    cancellation_reason: 'automatic',
    amount_capturable: 0,
  });
  state.emit('payment_intent.canceled', intent);
}
