/**
 * Where Stripe sends the shopper back (`return_url` = `/payments/stripe/{session}/return`; issue
 * 42, docs/payment-stand-ins.md S6): after a redirect method (Klarna) Stripe.js adds
 * `payment_intent`, `payment_intent_client_secret` and `redirect_status` (`succeeded`, `failed`).
 * An authorised or paid intent goes on to the client's confirm page (`kid` = the session id),
 * which places the order if the webhook has not yet. A failed redirect (Klarna declined, or the
 * shopper cancelled there) goes to the checkout's fail page with the cart kept, once the intent
 * read back at Stripe confirms that nothing was authorised (the query string alone is never
 * trusted); the session stays open, so the shopper may pay again, with Klarna or another method.
 */
import type { StripeSettings } from '../../config-payments.ts';
import type { PaymentSessionRecord } from './payments.service.ts';
import { stripeClient } from './stripe-client.ts';
import { stripeReturnPage } from './stripe-page.ts';

/** Intent statuses in which nothing is authorised or paid: the shopper may choose again. */
const NOT_PAID = new Set(['requires_payment_method', 'requires_action', 'canceled']);

/** The storefront's fail page of a session (SPEC §2 `/checkout/klarna-fail`). */
function failUrl(session: PaymentSessionRecord): string {
  const origin = new URL(session.returnUrl!).origin;
  return `${origin}/checkout/klarna-fail?reason=general`;
}

/** Where the return page sends the shopper: the confirm page, or the fail page. */
async function returnTarget(
  url: URL,
  session: PaymentSessionRecord,
  settings: StripeSettings,
  confirmUrl: string,
): Promise<{ target: string; failed: boolean }> {
  if (url.searchParams.get('redirect_status') !== 'failed' || session.orderId !== null) {
    return { target: confirmUrl, failed: false };
  }
  const read = await stripeClient(settings).readIntent(session.providerRef!);
  // Stripe not readable: the confirm page reads it again and tells.
  if (!read.ok || !NOT_PAID.has(read.body.status)) return { target: confirmUrl, failed: false };
  return { target: failUrl(session), failed: true };
}

/**
 * The answer of the return page: 303 to the confirm or fail page; inside a headless client's
 * frame, a page that moves the whole window there.
 */
export async function stripeReturn(
  request: Request,
  url: URL,
  session: PaymentSessionRecord,
  settings: StripeSettings,
  confirmUrl: string,
  frameAncestors: readonly string[],
): Promise<Response> {
  const { target, failed } = await returnTarget(url, session, settings, confirmUrl);
  return request.headers.get('sec-fetch-dest') === 'iframe'
    ? stripeReturnPage(target, frameAncestors, failed ? 'Betalningen gick inte igenom' : undefined)
    : new Response(null, { status: 303, headers: { location: target } });
}
