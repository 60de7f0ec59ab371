/**
 * The state rules of the Stripe stand-in (stripe-stand-in.ts): what create, update, confirm,
 * capture, cancel and refund do to a Payment Intent, its charge and its refunds, and the error
 * bodies they answer with (docs/payment-stand-ins.md S3, as built in S8). Parameters arrive
 * already checked against their generated schema; answers are checked by the server.
 * "Stand-in assumption" marks what the reference leaves open.
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import {
  chargeShape,
  metadataShape,
  methodOptionsShape,
  intentShape,
  refundShape,
} from './stripe-stand-in-schemas.ts';

/** An answer of the stand-in's API: status, JSON body, extra headers. */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
/** Request parameters, as parsed from the form or query string. */
export type Params = Record<string, unknown>;
type Intent = Stripe.PaymentIntent;
/** The operations on Payment Intents and refunds. */
export type Op = 'create' | 'retrieve' | 'update' | 'confirm' | 'capture' | 'cancel' | 'refund';
/** The plain reads of a refund or a charge. */
export type Get = 'getRefund' | 'getCharge';

/** What the rules read and change: the stand-in's objects, and where new events go. */
export interface StripeStandInState {
  intents: Map<string, Intent>;
  charges: Map<string, Stripe.Charge>;
  refunds: Map<string, Stripe.Refund>;
  /** intent id → its succeeded charge (the one refunds go to). */
  paidCharge: Map<string, string>;
  /** Records an event of the current operation (made and sent once it has answered). */
  emit(type: string, object: unknown): void;
  /** The stand-in's page of a redirect method (Klarna) for an intent (`next_action.redirect_to_url.url`). */
  redirectUrl(intentId: string): string;
}

/** Stand-in tokens named after Stripe's test PaymentMethods (docs.stripe.com/testing shows pm_card_visa; pm_card_chargeDeclined only secondary sources). */
const TEST_METHODS: Record<string, boolean> = { pm_card_visa: false, pm_card_chargeDeclined: true };
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
/** S3 (cancel): "rarely processing" is left out. */
const CANCELABLE = [...CONFIRMABLE, 'requires_capture'];
/** S3: uncaptured intents are cancelled 7 days after creation (shown in capture_before only). */
const CAPTURE_SECONDS = 7 * 86400;
const DECLINED = 'Your card was declined.';

/** Random hex of `bytes` bytes (keys, secrets, ids). */
export const token = (bytes = 12) => randomBytes(bytes).toString('hex');
/** A new id with Stripe's prefix (`pi_…`, `evt_…`, `req_…`). */
export const rid = (prefix: string) => `${prefix}_${token()}`;
const now = () => Math.floor(Date.now() / 1000);
/** A deep copy: what the stand-in hands out never aliases its own state. */
export const copy = <T>(v: T): T => structuredClone(v);
const ok = (body: unknown): Answer => ({ status: 200, body });

/** A Stripe error body (`{ error: { type, message, … } }`) with its HTTP status. */
export function fail(status: number, type: string, message: string, extra: Params = {}): Answer {
  return { status, body: { error: { type, message, ...extra } } };
}
/** A 400 `invalid_request_error`. */
export const invalid = (message: string, extra: Params = {}) =>
  fail(400, 'invalid_request_error', message, extra);
/** An unknown id: `resource_missing` (404 for ids in the path, 400 for ids in a parameter). */
export const noSuch = (status: number, kind: string, id: string, param: string) =>
  fail(status, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param,
  });
const badInteger = (param: string) =>
  invalid('This value must be a positive integer.', { code: 'parameter_invalid_integer', param });
/** A 400 for what the reference allows but the stand-in does not model (never ignored, S8). */
export const notSimulated = (what: string, param: string) =>
  invalid(`Stripe stand-in: ${what} is not simulated.`, { param });
const positiveInt = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;

/**
 * Klarna's currencies at Stripe. Stand-in assumption: Stripe's own list was not found; these are
 * the ones secondary sources list for European Stripe accounts (Klarna takes a country's own
 * currency; since API 2025-02-24 Stripe decides Klarna's availability by the currency).
 */
const KLARNA_CURRENCIES = ['dkk', 'eur', 'gbp', 'nok', 'sek'];

/** The refusal of Klarna in another currency (the message as a Stripe answer quoted in public). */
const klarnaCurrency = (currency: string): Answer | null =>
  KLARNA_CURRENCIES.includes(currency)
    ? null
    : invalid(
        `The currency provided (${currency}) is invalid. Payments with klarna support the following currencies: ${KLARNA_CURRENCIES.join(', ')}.`,
        { code: 'payment_intent_invalid_parameter', param: 'currency' },
      );

/** The payment method types, or a refusal: card, swish and klarna; Swish only in SEK. */
const typesFor = (types: string[], currency: string): Answer | null => {
  const other = types.find((t) => t !== 'card' && t !== 'swish' && t !== 'klarna');
  if (other) return notSimulated(`payment method type ${other}`, 'allowed_payment_method_types');
  if (types.includes('klarna') && klarnaCurrency(currency)) return klarnaCurrency(currency);
  // docs.stripe.com/payments/swish/accept-a-payment: "Supported currencies: `sek`".
  if (!types.includes('swish') || currency === 'sek') return null;
  return invalid(`The currency ${currency} is not supported by swish (only sek).`, {
    code: 'payment_intent_invalid_parameter',
    param: 'currency',
  });
};
const unexpectedState = (intent: Intent, action: string, allowed: string[]) =>
  invalid(
    `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}. ` +
      `Allowed statuses: ${allowed.join(', ')}.`,
    { code: 'payment_intent_unexpected_state', payment_intent: copy(intent) },
  );

/**
 * The operations on `state`: the returned function runs one operation on validated parameters
 * (the HTTP API and the test helpers both come here) and answers its body or its error.
 */
export function paymentIntentRules(
  state: StripeStandInState,
): (op: Op | Get, id: string, params: Params) => Answer {
  const { intents, charges, refunds, paidCharge, emit } = state;

  const create = (p: Stripe.PaymentIntentCreateParams): Answer => {
    if (!positiveInt(p.amount)) return badInteger('amount');
    const currency = p.currency.toLowerCase();
    // Stand-in assumption: without allowed_payment_method_types (dashboard-configured), card only.
    const types = p.allowed_payment_method_types ?? ['card'];
    const refused = typesFor(types, currency);
    if (refused) return refused;
    const id = rid('pi');
    const intent = intentShape({
      id,
      amount: p.amount,
      currency,
      // Stand-in assumption: automatic_async is this API version's default capture_method.
      capture_method: p.capture_method ?? 'automatic_async',
      client_secret: `${id}_secret_${token()}`,
      allowed_payment_method_types: p.allowed_payment_method_types ?? null,
      payment_method_types: types,
      payment_method_options: p.payment_method_options
        ? methodOptionsShape(p.payment_method_options, types)
        : null,
      metadata: metadataShape({}, p.metadata),
      description: p.description ?? null,
      receipt_email: p.receipt_email ?? null,
    });
    intents.set(id, intent);
    return ok(intent);
  };

  const update = (intent: Intent, p: Stripe.PaymentIntentUpdateParams): Answer => {
    // Stand-in assumption: updates only before a payment method was confirmed (Stripe allows more).
    const open = ['requires_payment_method'];
    if (!open.includes(intent.status)) return unexpectedState(intent, 'update', open);
    if (p.amount !== undefined && !positiveInt(p.amount)) return badInteger('amount');
    const types = p.allowed_payment_method_types ?? intent.payment_method_types;
    const refused = typesFor(types, intent.currency);
    if (refused) return refused;
    if (p.allowed_payment_method_types) {
      Object.assign(intent, { allowed_payment_method_types: types, payment_method_types: types });
    }
    if (p.amount !== undefined) intent.amount = p.amount;
    if (p.metadata !== undefined) intent.metadata = metadataShape(intent.metadata, p.metadata);
    if (p.description !== undefined) intent.description = p.description || null;
    if (p.receipt_email !== undefined) intent.receipt_email = p.receipt_email || null;
    if (p.payment_method_options) {
      intent.payment_method_options = methodOptionsShape(p.payment_method_options, types);
    }
    // "It will be cleared if the PaymentIntent is later updated for any reason" (PaymentIntents.d.ts).
    intent.last_payment_error = null;
    return ok(intent);
  };

  const confirm = (intent: Intent, p: Stripe.PaymentIntentConfirmParams): Answer => {
    if (!CONFIRMABLE.includes(intent.status))
      return unexpectedState(intent, 'confirm', CONFIRMABLE);
    const pmType = p.payment_method_data?.type;
    if (pmType === 'klarna') return confirmRedirect(intent, p);
    if (pmType !== undefined && pmType !== 'swish') {
      return notSimulated(`payment_method_data[type]=${pmType}`, 'payment_method_data[type]');
    }
    const declined = p.payment_method ? TEST_METHODS[p.payment_method] : false;
    if (declined === undefined) {
      const message = `No such PaymentMethod: '${p.payment_method}'`;
      return invalid(message, { code: 'resource_missing', param: 'payment_method' });
    }
    if (!p.payment_method && !pmType) {
      // Stand-in assumption: the code of a confirm without any payment method.
      const message = 'You must provide a payment_method or payment_method_data to confirm.';
      return invalid(message, { code: 'parameter_missing', param: 'payment_method' });
    }
    const method = p.payment_method ? 'card' : 'swish';
    if (!intent.payment_method_types.includes(method)) {
      const message = `The payment method type ${method} is not allowed for this PaymentIntent.`;
      return invalid(message, {
        code: 'payment_intent_incompatible_payment_method',
        param: 'payment_method',
      });
    }
    const paymentMethod = rid('pm');
    const charge = chargeShape(rid('ch'), intent, {
      method,
      paymentMethod,
      declined,
      captureBefore: now() + CAPTURE_SECONDS,
    });
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    if (declined) {
      const error = { type: 'card_error' as const, code: 'card_declined', message: DECLINED };
      intent.last_payment_error = { ...error, decline_code: 'generic_decline', charge: charge.id };
      Object.assign(intent, { status: 'requires_payment_method', payment_method: null });
      emit('payment_intent.payment_failed', intent);
      return {
        status: 402,
        body: { error: { ...intent.last_payment_error, payment_intent: intent } },
      };
    }
    Object.assign(intent, { payment_method: paymentMethod, last_payment_error: null });
    const manual =
      method === 'card' &&
      (intent.capture_method === 'manual' ||
        intent.payment_method_options?.card?.capture_method === 'manual');
    if (manual) {
      Object.assign(intent, { status: 'requires_capture', amount_capturable: intent.amount });
      emit('payment_intent.amount_capturable_updated', intent);
    } else {
      // Swish (its options have no capture_method, S3) and automatic card capture: at once.
      Object.assign(charge, { captured: true, amount_captured: intent.amount });
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      paidCharge.set(intent.id, charge.id);
      emit('payment_intent.succeeded', intent);
    }
    return ok(intent);
  };

  /**
   * Confirm with a redirect method (Klarna): the intent `requires_action`, its `next_action` the
   * stand-in's Klarna page ({@link redirectOutcome} decides there), which sends the shopper back
   * to `return_url`. Stand-in assumption: the message of a missing return_url.
   */
  const confirmRedirect = (intent: Intent, p: Stripe.PaymentIntentConfirmParams): Answer => {
    if (!intent.payment_method_types.includes('klarna')) {
      const message = 'The payment method type klarna is not allowed for this PaymentIntent.';
      return invalid(message, {
        code: 'payment_intent_incompatible_payment_method',
        param: 'payment_method_data[type]',
      });
    }
    if (!p.return_url) {
      const message =
        'You must provide a `return_url` when confirming a PaymentIntent with klarna.';
      return invalid(message, { code: 'parameter_missing', param: 'return_url' });
    }
    const redirect = { url: state.redirectUrl(intent.id), return_url: p.return_url };
    Object.assign(intent, {
      status: 'requires_action',
      payment_method: rid('pm'),
      last_payment_error: null,
      next_action: { type: 'redirect_to_url', redirect_to_url: redirect },
    });
    return ok(intent);
  };

  const capture = (intent: Intent, p: Stripe.PaymentIntentCaptureParams): Answer => {
    if (intent.status !== 'requires_capture') {
      return unexpectedState(intent, 'capture', ['requires_capture']);
    }
    if (p.final_capture === false) return notSimulated('final_capture=false', 'final_capture');
    const amount = p.amount_to_capture ?? intent.amount_capturable;
    if (!positiveInt(amount)) return badInteger('amount_to_capture');
    if (amount > intent.amount_capturable) {
      // Stand-in assumption: the code (it is among stripe-node's error codes).
      const message = `The amount_to_capture (${amount}) is greater than amount_capturable (${intent.amount_capturable}).`;
      return invalid(message, { code: 'amount_too_large', param: 'amount_to_capture' });
    }
    const charge = charges.get(String(intent.latest_charge));
    if (!charge) throw new Error(`Stripe stand-in: intent ${intent.id} has no charge`);
    // final_capture (default true) releases the rest. Stand-in assumption: the released rest does
    // not show in charge.amount_refunded (only refunds do).
    Object.assign(charge, { captured: true, amount_captured: amount });
    Object.assign(intent, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
    if (p.metadata !== undefined) intent.metadata = metadataShape(intent.metadata, p.metadata);
    paidCharge.set(intent.id, charge.id);
    emit('payment_intent.succeeded', intent);
    return ok(intent);
  };

  const cancel = (intent: Intent, p: Stripe.PaymentIntentCancelParams): Answer => {
    if (!CANCELABLE.includes(intent.status)) return unexpectedState(intent, 'cancel', CANCELABLE);
    const held = intent.status === 'requires_capture' && charges.get(String(intent.latest_charge));
    // "the remaining amount_capturable is automatically refunded" (PaymentIntents.d.ts, cancel).
    if (held) Object.assign(held, { refunded: true, amount_refunded: held.amount });
    const reason = p.cancellation_reason ?? null;
    Object.assign(intent, { status: 'canceled', canceled_at: now(), amount_capturable: 0 });
    intent.cancellation_reason = reason;
    emit('payment_intent.canceled', intent);
    return ok(intent);
  };

  const refund = (p: Stripe.RefundCreateParams): Answer => {
    const viaCharge = p.charge === undefined ? undefined : charges.get(p.charge);
    if (p.charge !== undefined && !viaCharge) return noSuch(400, 'charge', p.charge, 'charge');
    const intentId = p.payment_intent ?? String(viaCharge?.payment_intent ?? '');
    if (!intentId) {
      const message = 'One of the following params should be provided: payment_intent, charge.';
      return invalid(message, { code: 'parameter_missing', param: 'payment_intent' });
    }
    // Stand-in assumption: an unknown id in a parameter is a 400 (404 is for ids in the path).
    const intent = intents.get(intentId);
    if (!intent) return noSuch(400, 'payment_intent', intentId, 'payment_intent');
    const charge = charges.get(paidCharge.get(intent.id) ?? '');
    if (!charge) {
      const message = `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`;
      return invalid(message, { param: 'payment_intent' });
    }
    const left = charge.amount_captured - charge.amount_refunded;
    // Stand-in assumption: when Stripe uses which of these two codes (both in its error codes).
    if (left === 0) {
      const message = `Charge ${charge.id} has already been refunded.`;
      return invalid(message, { code: 'charge_already_refunded', charge: charge.id });
    }
    const amount = p.amount ?? left;
    if (!positiveInt(amount)) return badInteger('amount');
    if (amount > left) {
      const message = `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`;
      return invalid(message, { code: 'amount_too_large', param: 'amount' });
    }
    const created = refundShape({
      id: rid('re'),
      amount,
      charge: charge.id,
      currency: charge.currency,
      metadata: metadataShape({}, p.metadata),
      payment_intent: intent.id,
      payment_method: charge.payment_method,
      reason: p.reason ?? null,
    });
    refunds.set(created.id, created);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    emit('charge.refunded', charge);
    return ok(created);
  };

  return (op, id, params) => {
    const p = params as never;
    if (op === 'create') return create(p);
    if (op === 'refund') return refund(p);
    const found =
      op === 'getRefund' ? refunds.get(id) : op === 'getCharge' ? charges.get(id) : null;
    if (found) return ok(found);
    if (op === 'getRefund' || op === 'getCharge')
      return noSuch(404, op.slice(3).toLowerCase(), id, 'id');
    const intent = intents.get(id);
    if (!intent) return noSuch(404, 'payment_intent', id, 'intent');
    return op === 'retrieve' ? ok(intent) : { update, confirm, capture, cancel }[op](intent, p);
  };
}

/**
 * What the shopper decides on the stand-in's Klarna page (a redirect method, S6): `authorize`
 * holds the money (manual capture: `requires_capture`, event
 * `payment_intent.amount_capturable_updated`; else `succeeded`), `fail` (Klarna declined, or the
 * shopper cancelled) leaves it `requires_payment_method` with `last_payment_error` (event
 * `payment_intent.payment_failed`). Either way the shopper goes back to the `return_url` with
 * `payment_intent`, `payment_intent_client_secret` and `redirect_status` (`succeeded`, `failed`).
 * Stand-in assumption: the error's code and message of a failed Klarna authorisation.
 * @returns the return location, or an error answer for an intent not waiting at Klarna
 */
export function redirectOutcome(
  state: StripeStandInState,
  intentId: string,
  outcome: 'authorize' | 'fail',
): { location: string } | Answer {
  const intent = state.intents.get(intentId);
  if (!intent) return noSuch(404, 'payment_intent', intentId, 'intent');
  const returnUrl = intent.next_action?.redirect_to_url?.return_url;
  if (intent.status !== 'requires_action' || !returnUrl) {
    return unexpectedState(intent, 'authorize', ['requires_action']);
  }
  const paymentMethod = String(intent.payment_method);
  const charge = chargeShape(rid('ch'), intent, {
    method: 'klarna',
    paymentMethod,
    declined: outcome === 'fail',
    captureBefore: now() + CAPTURE_SECONDS,
  });
  state.charges.set(charge.id, charge);
  Object.assign(intent, { latest_charge: charge.id, next_action: null });
  if (outcome === 'fail') {
    intent.last_payment_error = {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message: 'The provided PaymentMethod has failed authentication.',
      charge: charge.id,
    };
    Object.assign(intent, { status: 'requires_payment_method', payment_method: null });
    state.emit('payment_intent.payment_failed', intent);
  } else if (
    intent.capture_method === 'manual' ||
    intent.payment_method_options?.klarna?.capture_method === 'manual'
  ) {
    Object.assign(intent, { status: 'requires_capture', amount_capturable: intent.amount });
    state.emit('payment_intent.amount_capturable_updated', intent);
  } else {
    Object.assign(charge, { captured: true, amount_captured: intent.amount });
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
    state.paidCharge.set(intent.id, charge.id);
    state.emit('payment_intent.succeeded', intent);
  }
  const back = new URL(returnUrl);
  back.searchParams.set('payment_intent', intent.id);
  back.searchParams.set('payment_intent_client_secret', String(intent.client_secret));
  back.searchParams.set('redirect_status', outcome === 'fail' ? 'failed' : 'succeeded');
  return { location: back.href };
}
