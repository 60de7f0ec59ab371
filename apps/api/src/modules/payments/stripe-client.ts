/**
 * Stripe through its official Node SDK (`stripe`; issue 42; ADR 019; docs/payment-stand-ins.md
 * S3): Payment Intents for card and Klarna (manual capture: authorised at the purchase,
 * captured at shipment; Klarna after a redirect to Klarna and back to our return page) and Swish
 * (captured at once, undone by a refund). Amounts are minor units (öre,
 * cent). Every POST carries an `Idempotency-Key` built from our own ids, so a retry never
 * charges, captures or refunds twice.
 *
 * Errors: every call answers a {@link StripeResult}; a connection failure, 409 (idempotency
 * conflict while the first request runs), 429 and 5xx are `retry: true` (the caller retries
 * later with the same key), other 4xx are final with Stripe's message.
 */
import Stripe from 'stripe';
import type { StripeSettings } from '../../config-payments.ts';

/** The outcome of one call: the body, or why not. */
export type StripeResult<T> =
  | { ok: true; body: T }
  | { ok: false; retry: boolean; status: number; code: string; message: string };

import type { StripeMethod } from './stripe-methods.ts';

/** What an intent is created from (öre; lower-case ISO currency is derived here). */
export interface StripeIntentRequest {
  amount: number;
  currency: string;
  methods: StripeMethod[];
  /** Our payment session id (metadata `sessionId`): the webhook finds the session by it. */
  sessionId: string;
  /** Shown in Stripe's Dashboard, e.g. `Cykelbutiken, kundvagn 1f2e…`. */
  description: string;
  /** Swish `reference` (shown in the shopper's Swish app), at most 35 characters. */
  swishReference: string;
}

/** A client for one Stripe account: `apiUrl` selects Stripe or a local stand-in. */
export function stripeSdk(settings: StripeSettings): Stripe {
  const url = new URL(settings.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    // Retries belong to our job queue (same key, back-off), not to the request.
    maxNetworkRetries: 0,
    timeout: 20_000,
    appInfo: { name: 'trampa-shop' },
  });
}

function failure(error: unknown): StripeResult<never> {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 0;
    const retry =
      error instanceof Stripe.errors.StripeConnectionError ||
      status === 0 ||
      status === 409 ||
      status === 429 ||
      status >= 500;
    return {
      ok: false,
      retry,
      status,
      code: error.code ?? error.type,
      message: error.message,
    };
  }
  return {
    ok: false,
    retry: true,
    status: 0,
    code: 'network',
    message: error instanceof Error ? error.message : String(error),
  };
}

async function call<T>(run: () => Promise<T>): Promise<StripeResult<T>> {
  try {
    return { ok: true, body: await run() };
  } catch (error) {
    return failure(error);
  }
}

/** The calls the shop makes to Stripe (S3), each answering a {@link StripeResult}. */
export class StripeClient {
  readonly #sdk: Stripe;

  constructor(settings: StripeSettings) {
    this.#sdk = stripeSdk(settings);
  }

  /** The SDK, for webhook signature checks (`webhooks.constructEvent`). */
  get sdk(): Stripe {
    return this.#sdk;
  }

  /**
   * Creates the intent of a session (key `intent:{sessionId}`). Card and Klarna are captured
   * manually (at shipment; both have `capture_method: 'manual'` in their options); Swish has no
   * manual capture in Stripe's API and is captured at once.
   */
  createIntent(request: StripeIntentRequest): Promise<StripeResult<Stripe.PaymentIntent>> {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: request.amount,
      currency: request.currency.toLowerCase(),
      allowed_payment_method_types: request.methods,
      payment_method_options: {
        ...(request.methods.includes('card') ? { card: { capture_method: 'manual' } } : {}),
        ...(request.methods.includes('klarna') ? { klarna: { capture_method: 'manual' } } : {}),
        ...(request.methods.includes('swish')
          ? { swish: { reference: request.swishReference.slice(0, 35) } }
          : {}),
      },
      description: request.description.slice(0, 1000),
      metadata: { sessionId: request.sessionId },
    };
    return call(() =>
      this.#sdk.paymentIntents.create(params, { idempotencyKey: `intent:${request.sessionId}` }),
    );
  }

  /** Sets a new amount on an intent not yet paid (the cart changed while the page was open). */
  updateAmount(
    intentId: string,
    amount: number,
    key: string,
  ): Promise<StripeResult<Stripe.PaymentIntent>> {
    return call(() =>
      this.#sdk.paymentIntents.update(intentId, { amount }, { idempotencyKey: key }),
    );
  }

  /** The intent as Stripe knows it now. */
  readIntent(intentId: string): Promise<StripeResult<Stripe.PaymentIntent>> {
    return call(() => this.#sdk.paymentIntents.retrieve(intentId));
  }

  /** Captures `amount` öre of an authorised card intent; the rest is released (final capture). */
  capture(
    intentId: string,
    key: string,
    amount: number,
  ): Promise<StripeResult<Stripe.PaymentIntent>> {
    return call(() =>
      this.#sdk.paymentIntents.capture(
        intentId,
        { amount_to_capture: amount },
        { idempotencyKey: key },
      ),
    );
  }

  /** Cancels an intent not captured: the authorisation is released. */
  cancel(
    intentId: string,
    key: string,
    reason: Stripe.PaymentIntentCancelParams.CancellationReason = 'requested_by_customer',
  ): Promise<StripeResult<Stripe.PaymentIntent>> {
    return call(() =>
      this.#sdk.paymentIntents.cancel(
        intentId,
        { cancellation_reason: reason },
        { idempotencyKey: key },
      ),
    );
  }

  /** Refunds `amount` öre of a captured intent. */
  refund(
    intentId: string,
    key: string,
    amount: number,
    metadata: Record<string, string>,
  ): Promise<StripeResult<Stripe.Refund>> {
    return call(() =>
      this.#sdk.refunds.create(
        { payment_intent: intentId, amount, reason: 'requested_by_customer', metadata },
        { idempotencyKey: key },
      ),
    );
  }
}

/** A client for the configured Stripe account. */
export function stripeClient(settings: StripeSettings): StripeClient {
  return new StripeClient(settings);
}
