/**
 * HTTP endpoints of the local payment sandbox (issue 6), which stands in for an external hosted
 * checkout such as Klarna's (SPEC §2 /checkout/klarna-fail; GEINS-API §2.4 confirm with `kid`).
 * They exist only while `config.payments.sandbox` (PAYMENT_SANDBOX, off by default in production)
 * is on; otherwise every path below answers 404 (issue 13 §1):
 *
 * - `GET  /payments/sandbox/{sessionId}`: the provider's payment page (plain HTML, no script):
 *   the amount and buttons to approve or decline (general, out of stock, blocked). Only the
 *   shop's own origin and CORS_ORIGINS may frame it (CSP `frame-ancestors`, issue 25): a headless
 *   storefront embeds it from `paymentOptions[].paymentData`.
 * - `POST /payments/sandbox/{sessionId}`: the shopper's decision. Approve: the sandbox sends its
 *   server-to-server notification and returns the shopper to `/checkout/confirm?kid=…&cartid=…`,
 *   or to `/checkout/klarna-fail?reason=cart-changed` when the shop refuses the approval because
 *   the cart changed after the payment started (issue 13 §2); decline: to
 *   `/checkout/klarna-fail?reason=…` (the cart stays as it was). An embedded session (one with
 *   a return URL) returns the whole window to the client's confirm page after the approval
 *   (which shows a refused approval itself), and shows a decline inside its frame.
 * - `POST /payments/notify/sandbox`: the notification ("push"), JSON
 *   `{eventId, sessionId, type: "authorized" | "captured"}` signed with
 *   `x-sandbox-signature: hex(HMAC-SHA256(PAYMENT_SANDBOX_SECRET, body))` (its own secret, never
 *   API_KEY, which every storefront visitor's requests carry); accepted any number of times and
 *   in any order, applied exactly once (checkout.service.ts applyPaymentNotification).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { allowedOrigins } from '../../cors.ts';
import type { Database } from '../../db/client.ts';
import {
  loadChannelDirectory,
  requireCurrency,
  resolveShopContext,
  type PricedShopContext,
} from '../channel/channel.service.ts';
import {
  applyPaymentNotification,
  PaymentMismatchError,
} from '../checkout/hosted-payment.service.ts';
import { currentLogger, processLogger, type Logger } from '../../log.ts';
import { formatMoney } from '../pricing/money.ts';
import { fillReturnUrl } from './embedded-session.service.ts';
import { createKustomHandler } from './kustom.http.ts';
import { createStripeHandler } from './stripe.http.ts';
import {
  SANDBOX_STYLESHEET,
  SANDBOX_STYLESHEET_PATH,
  sandboxDeclinedBody,
  sandboxPage,
  sandboxPaymentBody,
} from './sandbox-page.ts';
import { decidePaymentSession, getPaymentSession } from './payments.service.ts';
import { type DeclineReason } from './payment-options.ts';

/** Path prefix of the payment endpoints. */
export const PAYMENTS_PATH = '/payments';

/** The signature the sandbox puts on its notifications: hex HMAC-SHA256 of the body. */
export function sandboxSignature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

const notificationSchema = z.object({
  eventId: z.string().min(1).max(200),
  sessionId: z.string().uuid(),
  type: z.enum(['authorized', 'captured']),
});

const DECISIONS = ['approve', 'general', 'out-of-stock', 'blocked'] as const;

async function shopFor(db: Database, marketId: string): Promise<PricedShopContext> {
  const directory = await loadChannelDirectory(db);
  return requireCurrency(resolveShopContext(directory, { marketId }, () => undefined));
}

/**
 * The answer to a notification that does not match the order's payment (issue 41 §5): 409
 * `{error: "PAYMENT_MISMATCH"}`, and one warning line naming the order, session and event.
 */
function mismatchResponse(error: PaymentMismatchError, eventId: string, log: Logger): Response {
  log.warn(
    { orderId: error.orderId, sessionId: error.sessionId, provider: error.provider, eventId },
    'Payment notification refused: the order is not paid through this session',
  );
  return Response.json({ error: 'PAYMENT_MISMATCH' }, { status: 409 });
}

/**
 * The handler: a Response for `/payments/*`, null for other paths.
 * @param options.log where refused notifications are logged when no request logger serves the
 *   request (default: a stdout logger at LOG_LEVEL)
 */
export function createPaymentsHandler(options: { db: Database; config: Config; log?: Logger }) {
  const { db, config } = options;
  const log = () => currentLogger() ?? options.log ?? processLogger();
  // Who may frame the pages and receive the shopper: PUBLIC_URL's origin and CORS_ORIGINS.
  const origins = allowedOrigins(config);
  const page = (title: string, body: string, status = 200) =>
    sandboxPage(title, body, status, origins);
  const kustom = createKustomHandler({ db, config, log, shopFor: (id) => shopFor(db, id) });
  const stripe = createStripeHandler({
    db,
    config,
    log,
    shopFor: (id) => shopFor(db, id),
    frameAncestors: origins,
  });
  return async (request: Request): Promise<Response | null> => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(`${PAYMENTS_PATH}/`)) return null;
    const kustomResponse = await kustom(request, url);
    if (kustomResponse) return kustomResponse;
    const stripeResponse = await stripe(request, url);
    if (stripeResponse) return stripeResponse;
    // The page's stylesheet serves Kustom's and Stripe's pages too.
    if (
      url.pathname === SANDBOX_STYLESHEET_PATH &&
      request.method === 'GET' &&
      !config.payments.sandbox &&
      (config.payments.kustom || config.payments.stripe)
    ) {
      return new Response(SANDBOX_STYLESHEET, {
        headers: {
          'content-type': 'text/css; charset=utf-8',
          'cache-control': 'public, max-age=3600',
        },
      });
    }
    // Without the sandbox its pages and notifications do not exist (issue 13 §1): 404.
    if (!config.payments.sandbox) return null;
    if (url.pathname === SANDBOX_STYLESHEET_PATH && request.method === 'GET') {
      return new Response(SANDBOX_STYLESHEET, {
        headers: {
          'content-type': 'text/css; charset=utf-8',
          'cache-control': 'public, max-age=3600',
        },
      });
    }
    const rest = url.pathname.slice(PAYMENTS_PATH.length + 1).split('/');

    if (rest[0] === 'notify' && rest[1] === 'sandbox' && request.method === 'POST') {
      const body = await request.text();
      const presented = Buffer.from(request.headers.get('x-sandbox-signature') ?? '', 'utf8');
      const expected = Buffer.from(sandboxSignature(config.payments.sandboxSecret, body), 'utf8');
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
        return Response.json({ error: 'BAD_SIGNATURE' }, { status: 401 });
      }
      let parsed;
      try {
        parsed = notificationSchema.safeParse(JSON.parse(body));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) return Response.json({ error: 'BAD_REQUEST' }, { status: 400 });
      const session = await getPaymentSession(db, parsed.data.sessionId);
      if (!session) return Response.json({ error: 'NOT_FOUND' }, { status: 404 });
      try {
        const orderId = await applyPaymentNotification(
          db,
          parsed.data,
          await shopFor(db, session.marketId),
          new Date(),
          config.payments,
        );
        return Response.json({ ok: true, orderId });
      } catch (error) {
        if (!(error instanceof PaymentMismatchError)) throw error;
        return mismatchResponse(error, parsed.data.eventId, log());
      }
    }

    if (rest[0] === 'sandbox' && rest[1] && rest.length === 2) {
      const session = await getPaymentSession(db, rest[1]);
      if (!session) return page('Betalningen finns inte', '<h1>Betalningen finns inte</h1>', 404);
      if (request.method === 'POST') {
        const form = new URLSearchParams(await request.text());
        const decision = form.get('decision') as (typeof DECISIONS)[number] | null;
        if (!decision || !DECISIONS.includes(decision)) {
          return page('Ogiltigt val', '<h1>Ogiltigt val</h1>', 400);
        }
        const decided = await decidePaymentSession(
          db,
          session.id,
          decision === 'approve'
            ? { approved: true }
            : { approved: false, reason: decision as DeclineReason },
        );
        const params = new URLSearchParams({ kid: session.id, cartid: session.cartId });
        if (decided?.status === 'approved') {
          // The provider's server-to-server notification ("push").
          const eventId = `${session.id}:authorized`;
          let orderId: number | null;
          try {
            orderId = await applyPaymentNotification(
              db,
              { eventId, sessionId: session.id, type: 'authorized' },
              await shopFor(db, session.marketId),
              new Date(),
              config.payments,
            );
          } catch (error) {
            if (!(error instanceof PaymentMismatchError)) throw error;
            mismatchResponse(error, eventId, log());
            // The cart was ordered another way meanwhile: this payment is not the order's.
            return new Response(null, {
              status: 303,
              headers: { location: '/checkout/klarna-fail?reason=general' },
            });
          }
          // Embedded: the whole window to the client's confirm page, which shows the outcome.
          if (session.returnUrl) {
            return new Response(null, {
              status: 303,
              headers: { location: fillReturnUrl(session.returnUrl, session.id, session.cartId) },
            });
          }
          // The shop refused the approval (the cart changed since the payment started).
          const after = orderId === null ? await getPaymentSession(db, session.id) : null;
          if (after?.status === 'declined') {
            return new Response(null, {
              status: 303,
              headers: {
                location: `/checkout/klarna-fail?reason=${encodeURIComponent(after.declineReason ?? 'general')}`,
              },
            });
          }
          return new Response(null, {
            status: 303,
            headers: { location: `/checkout/confirm?${params}` },
          });
        }
        const reason = decided?.declineReason ?? 'general';
        // Embedded: the decline shows in the frame; the shopper chooses again in the checkout.
        if (session.returnUrl) {
          return page('Betalningen nekades', sandboxDeclinedBody(config.shopName, reason));
        }
        return new Response(null, {
          status: 303,
          headers: { location: `/checkout/klarna-fail?reason=${encodeURIComponent(reason)}` },
        });
      }
      const amount = formatMoney(session.amount, session.currencyCode, 'sv-SE');
      return page('Testbetalning', sandboxPaymentBody(config.shopName, amount));
    }
    return null;
  };
}
