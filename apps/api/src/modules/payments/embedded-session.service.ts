/**
 * Embedded hosted payments (issue 25; GEINS-API §2.4 checkout, §4.6 PaymentOptionType
 * `paymentData`): a headless storefront such as ralph renders a hosted payment option's page
 * inside its own checkout from an HTML snippet, as Klarna, Svea and Walley return one. For the
 * local sandbox the snippet is an iframe of its payment page (`/payments/sandbox/{session}`);
 * the page allows only the shop's own origin and CORS_ORIGINS to frame it (payments.http.ts),
 * and after the approval the shopper's whole window goes to the session's return URL, the
 * client's confirm page.
 *
 * The checkout asks for the snippet each time it is updated: the open session of the cart is
 * reused while it is for the same amount, lines and return URL, otherwise a new one is started
 * (the snippet changes and `newCheckoutSession` tells the client to show the new one). A session
 * left behind is harmless: approving it later is refused when the cart no longer matches what
 * it was for (issue 13 §2).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentSessions } from './payments.tables.ts';
import type { NewPaymentSession } from './payments.service.ts';
import { escapeHtml } from './sandbox-page.ts';

/** What an embedded session is opened for: the hosted session's data and where to return. */
export interface EmbeddedSessionInput extends NewPaymentSession {
  /** The client's confirm page, with `{payment.uid}` and `{geins.cartid}` placeholders. */
  returnUrl: string;
}

/** The session an embedded payment page shows. */
export interface EmbeddedSession {
  sessionId: string;
  /** True when this call started the session (the client shows the new snippet). */
  created: boolean;
}

function sameLines(a: unknown, b: NewPaymentSession['lines']): boolean {
  if (!Array.isArray(a) || a.length !== b.length) return false;
  const key = (lines: Array<{ skuId: number; quantity: number }>) =>
    lines
      .map((l) => `${l.skuId}x${l.quantity}`)
      .sort()
      .join(',');
  return key(a as NewPaymentSession['lines']) === key(b);
}

/**
 * The open (`created`) sandbox session of the cart for this amount, currency, market, lines and
 * return URL, its checkout input brought up to date; else a new one.
 */
export async function openEmbeddedSession(
  db: Database,
  input: EmbeddedSessionInput,
): Promise<EmbeddedSession> {
  const [open] = await db
    .select()
    .from(paymentSessions)
    .where(
      and(
        eq(paymentSessions.cartId, input.cartId),
        eq(paymentSessions.provider, 'sandbox'),
        eq(paymentSessions.status, 'created'),
      ),
    )
    .orderBy(desc(paymentSessions.createdAt))
    .limit(1);
  if (
    open &&
    open.amount === input.amount &&
    open.currencyCode === input.currencyCode &&
    open.marketId === input.marketId &&
    open.returnUrl === input.returnUrl &&
    sameLines(open.lines, input.lines)
  ) {
    await db
      .update(paymentSessions)
      .set({ checkout: input.checkout, updatedAt: new Date() })
      .where(and(eq(paymentSessions.id, open.id), eq(paymentSessions.status, 'created')));
    return { sessionId: open.id, created: false };
  }
  const id = randomUUID();
  await db.insert(paymentSessions).values({ id, provider: 'sandbox', ...input });
  return { sessionId: id, created: true };
}

/**
 * A session's return URL with its placeholders filled in (Geins `checkoutUrls`:
 * `{payment.uid}` the session id, `{geins.cartid}` the cart id), URL-encoded.
 */
export function fillReturnUrl(template: string, sessionId: string, cartId: string): string {
  return template
    .replaceAll('{payment.uid}', encodeURIComponent(sessionId))
    .replaceAll('{geins.cartid}', encodeURIComponent(cartId));
}

/**
 * The sandbox's snippet for `paymentOptions[].paymentData`: its payment page in an iframe,
 * inside the `klarna-checkout-container` element a Klarna snippet has (the sandbox presents
 * itself as paymentType KLARNA, so ralph looks for it). No script: the page needs none.
 * @param pageUrl absolute URL of the session's page, e.g. `https://api.cykel.example/payments/sandbox/{id}`
 */
export function sandboxSnippet(pageUrl: string): string {
  return paymentFrameSnippet(pageUrl, 'Testbetalning', 'trampa-payment-sandbox');
}

/**
 * A payment page of ours in an iframe, as `paymentData` of an embedded option (the sandbox,
 * Stripe's Payment Element page), inside `klarna-checkout-container` (ralph looks for it).
 * `allow="payment"` lets the page use the Payment Request API (wallets) when framed.
 */
export function paymentFrameSnippet(
  pageUrl: string,
  title: string,
  className = 'trampa-payment-frame',
): string {
  return `<div id="klarna-checkout-container" class="${escapeHtml(className)}"><iframe src="${escapeHtml(pageUrl)}" title="${escapeHtml(title)}" width="100%" height="560" style="border:0;width:100%;min-height:560px" loading="eager" allow="payment" referrerpolicy="strict-origin-when-cross-origin"></iframe></div>`;
}

/**
 * The confirmation snippet of an approved hosted payment (the confirm page's `htmlSnippet`,
 * as Klarna returns its thank-you snippet; ralph renders it for `?kid=…`): order number and,
 * when one was given, where the order confirmation goes. Swedish, escaped.
 */
export function sandboxConfirmationSnippet(orderNumber: string, email: string | null): string {
  const mail = email ? `<p>En orderbekräftelse skickas till ${escapeHtml(email)}.</p>` : '';
  return `<div id="klarna-checkout-container" class="trampa-payment-confirmation"><h2>Tack för din beställning!</h2><p>Betalningen är godkänd. Ordernummer: ${escapeHtml(orderNumber)}</p>${mail}</div>`;
}
