/**
 * The HTTP endpoints of Stripe (issue 42; ADR 019 §2, §7; docs/payment-stand-ins.md S4, S6),
 * served while Stripe is configured (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY,
 * STRIPE_WEBHOOK_SECRET):
 *
 * - `POST /payments/stripe/webhook`: Stripe's events, checked with the SDK's
 *   `webhooks.constructEvent` (header `Stripe-Signature`, 300 s tolerance). A missing or wrong
 *   signature answers 401 and writes nothing. `payment_intent.amount_capturable_updated` and
 *   `payment_intent.succeeded` place the session's order (read back at Stripe, once); a
 *   `payment_intent.canceled` declines a session without an order and flags an order's
 *   authorisation as cancelled (authorisation-checks.service.ts). `charge.refunded`,
 *   `refund.updated` and `refund.failed` read the intent's refunds back and record those made
 *   outside the shop (provider-refund-sync.service.ts). 200 when handled, 503 while
 *   Stripe cannot be read (Stripe sends the event again). Test events (`livemode: false`) are
 *   ignored by a shop with live keys.
 * - `GET /payments/stripe/{sessionId}`: our page with the Payment Element, where our storefront
 *   sends the shopper from placeOrder and a headless client frames (`paymentData`). A decided
 *   session goes on to its confirm page.
 * - `GET /payments/stripe/{sessionId}/return`: where Stripe sends the shopper back (its
 *   `return_url`); goes on to the client's confirm page (`kid` = the session id), which places
 *   the order if the webhook has not yet, or after a failed Klarna redirect to the checkout's
 *   fail page with the cart kept (stripe-return.ts).
 */
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../log.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { completeStripePayment } from '../checkout/stripe-payment.service.ts';
import { formatMoney } from '../pricing/money.ts';
import { fillReturnUrl } from './embedded-session.service.ts';
import { flagStripeCancellation } from './authorisation-checks.service.ts';
import { declineSessionWithoutOrder } from './kustom-session.service.ts';
import { syncStripeRefunds } from './provider-refund-sync.service.ts';
import { stripeClient } from './stripe-client.ts';
import { stripePage } from './stripe-page.ts';
import { stripeReturn } from './stripe-return.ts';
import { findStripeSession } from './stripe-session.service.ts';
import { escapeHtml, sandboxPage } from './sandbox-page.ts';

/** Path prefix of the Stripe endpoints. */
export const STRIPE_PATH = '/payments/stripe';

/** What the Stripe endpoints need from the payments handler. */
export interface StripeHttpOptions {
  db: Database;
  config: Config;
  /** The priced shop context of a market (the session's). */
  shopFor: (marketId: string) => Promise<PricedShopContext>;
  log: () => Logger;
  /** Origins that may frame the pages: PUBLIC_URL's and CORS_ORIGINS. */
  frameAncestors: readonly string[];
}

/** The events that mean "the shopper has paid or authorised": place the order. */
const PAID_EVENTS = new Set([
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
]);

/** The events that mean "a refund of the intent changed": read its refunds back. */
const REFUND_EVENTS = new Set(['charge.refunded', 'refund.updated', 'refund.failed']);

/**
 * The Stripe handler: a Response for `/payments/stripe/*`, null for other paths or while Stripe
 * is not configured (then 404 by the caller).
 */
export function createStripeHandler(options: StripeHttpOptions) {
  const { db, config } = options;
  const message = (title: string, text: string, status: number) =>
    sandboxPage(
      title,
      `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`,
      status,
      options.frameAncestors,
    );

  /** A refund changed at Stripe (ours or one made outside the shop): read the intent's back. */
  async function refundEvent(
    event: Stripe.Event,
    settings: NonNullable<Config['payments']['stripe']>,
  ) {
    const object = event.data.object as Stripe.Charge | Stripe.Refund;
    const intent = object.payment_intent;
    const intentId = typeof intent === 'string' ? intent : (intent?.id ?? null);
    if (!intentId) return new Response(null, { status: 200 });
    const result = await syncStripeRefunds(db, settings, intentId);
    options.log().info(
      {
        eventId: event.id,
        type: event.type,
        intentId,
        ...(result.ok
          ? { orderId: result.orderId, recorded: result.recorded, failed: result.failed }
          : { code: result.code, message: result.message }),
      },
      'Stripe refund event handled',
    );
    return new Response(null, { status: result.ok || !result.retry ? 200 : 503 });
  }

  async function webhook(request: Request, settings: NonNullable<Config['payments']['stripe']>) {
    const body = await request.text();
    const client = stripeClient(settings);
    let event: Stripe.Event;
    try {
      event = client.sdk.webhooks.constructEvent(
        body,
        request.headers.get('stripe-signature') ?? '',
        settings.webhookSecret,
      );
    } catch {
      options.log().warn({}, 'Stripe webhook with a missing or wrong signature refused');
      return Response.json({ error: 'BAD_SIGNATURE' }, { status: 401 });
    }
    if (!event.livemode && !settings.testMode) return new Response(null, { status: 200 });
    if (REFUND_EVENTS.has(event.type)) return refundEvent(event, settings);
    if (!event.type.startsWith('payment_intent.')) return new Response(null, { status: 200 });
    const intent = event.data.object as Stripe.PaymentIntent;
    const session =
      (intent.metadata?.sessionId && (await findStripeSession(db, intent.metadata.sessionId))) ||
      (await findStripeSession(db, intent.id));
    if (!session || session.providerRef !== intent.id) return new Response(null, { status: 200 });
    if (event.type === 'payment_intent.canceled') {
      if (session.orderId === null) await declineSessionWithoutOrder(db, session.id, 'general');
      else await flagStripeCancellation(db, intent, new Date());
      return new Response(null, { status: 200 });
    }
    if (!PAID_EVENTS.has(event.type)) return new Response(null, { status: 200 });
    const shop = await options.shopFor(session.marketId);
    const outcome = await completeStripePayment(db, session, shop, new Date(), config.payments);
    options.log().info(
      {
        eventId: event.id,
        type: event.type,
        sessionId: session.id,
        intentId: intent.id,
        orderId: outcome.order?.order.id ?? null,
        failure: outcome.failure,
      },
      'Stripe webhook handled',
    );
    return new Response(null, { status: outcome.order || outcome.failure ? 200 : 503 });
  }

  return async (request: Request, url: URL): Promise<Response | null> => {
    const settings = config.payments.stripe;
    if (!settings || !url.pathname.startsWith(`${STRIPE_PATH}/`)) return null;
    const rest = url.pathname.slice(STRIPE_PATH.length + 1).split('/');
    if (rest.length === 1 && rest[0] === 'webhook' && request.method === 'POST') {
      return webhook(request, settings);
    }
    if (request.method !== 'GET' || !/^[0-9a-f-]{36}$/i.test(rest[0] ?? '')) return null;
    const session = await findStripeSession(db, rest[0]!);
    if (!session?.providerRef || !session.returnUrl) {
      return message('Betalningen finns inte', 'Gå tillbaka till kassan.', 404);
    }
    const confirmUrl = fillReturnUrl(session.returnUrl, session.id, session.cartId);
    if (rest.length === 2 && rest[1] === 'return') {
      return stripeReturn(request, url, session, settings, confirmUrl, options.frameAncestors);
    }
    if (rest.length !== 1) return null;
    if (session.status !== 'created' || session.orderId !== null) {
      return new Response(null, { status: 303, headers: { location: confirmUrl } });
    }
    const read = await stripeClient(settings).readIntent(session.providerRef);
    if (!read.ok || !read.body.client_secret) {
      return message(
        'Betalningen kunde inte visas',
        'Stripe svarar inte just nu. Försök igen om en stund.',
        503,
      );
    }
    // requires_action: the shopper left Klarna's page without deciding; may pay again.
    if (read.body.status !== 'requires_payment_method' && read.body.status !== 'requires_action') {
      // Paid or on its way (the shopper came back): the confirm page tells.
      return new Response(null, { status: 303, headers: { location: confirmUrl } });
    }
    const shop = await options.shopFor(session.marketId);
    return stripePage(
      {
        shopName: config.shopName,
        publishableKey: settings.publishableKey,
        clientSecret: read.body.client_secret,
        returnUrl: `${config.publicUrl.replace(/\/$/, '')}${STRIPE_PATH}/${session.id}/return`,
        amountText: formatMoney(session.amount, session.currencyCode, shop.language.id),
        checkoutUrl: `${new URL(session.returnUrl).origin}/kassan`,
      },
      settings.apiUrl,
      options.frameAncestors,
    );
  };
}
