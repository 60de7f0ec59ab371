/**
 * Our page around Stripe's Payment Element (issue 42; ADR 019 §7; docs/payment-stand-ins.md
 * S6–S7): `/payments/stripe/{session}` shows the amount and the Payment Element (card, Klarna,
 * and Swish in SEK), and pays with `stripe.confirmPayment` (Klarna redirects to Klarna and back
 * to the return page). Stripe.js always comes from
 * https://js.stripe.com (Stripe: "should always be loaded directly from https://js.stripe.com"),
 * in the release @stripe/stripe-js 10 loads for API `endive`. The page's own script runs with
 * a nonce; its data (keys, client secret, return URL) is JSON in the page, never in a URL.
 */
import { randomBytes } from 'node:crypto';
import { STRIPE_PRODUCTION_API } from '../../config-payments.ts';
import { escapeHtml, SANDBOX_STYLESHEET_PATH } from './sandbox-page.ts';

/** Stripe.js for API version `2026-10-28.endive` (@stripe/stripe-js 10.2.1 `STRIPE_JS_URL`). */
export const STRIPE_JS_URL = 'https://js.stripe.com/endive/stripe.js';

/** What the page shows and pays. */
export interface StripePageData {
  shopName: string;
  publishableKey: string;
  clientSecret: string;
  /** Our return page of the session (absolute), where Stripe sends the shopper back. */
  returnUrl: string;
  /** "1 234 kr": the amount to pay, formatted. */
  amountText: string;
  /** The storefront's checkout, for "Tillbaka till kassan". */
  checkoutUrl: string;
}

/**
 * The page's CSP: Stripe's origins only (S7: script and frames from js.stripe.com, 3-D Secure
 * frames from hooks.stripe.com, calls to api.stripe.com), plus STRIPE_API_URL's origin when it
 * is another (a local stand-in); framed only by the shop's origins (`frameAncestors`).
 */
export function stripeContentSecurityPolicy(
  nonce: string,
  apiUrl: string,
  frameAncestors: readonly string[],
): string {
  const api = new URL(apiUrl).origin;
  const extra = api === new URL(STRIPE_PRODUCTION_API).origin ? '' : ` ${api}`;
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' https://js.stripe.com`,
    'frame-src https://js.stripe.com https://hooks.stripe.com',
    `connect-src https://api.stripe.com${extra}`,
    // Stripe.js sets styles on its own frames' containers.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https://*.stripe.com",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors 'self' ${frameAncestors.join(' ')}`.trim(),
  ].join('; ');
}

/** JSON safe inside a `<script type="application/json">`. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The page's script: mount the Payment Element, pay, show Stripe's error or go on. */
const PAGE_SCRIPT = `
const data = JSON.parse(document.getElementById('stripe-data').textContent);
const stripe = Stripe(data.publishableKey, { locale: 'sv' });
const elements = stripe.elements({ clientSecret: data.clientSecret, locale: 'sv' });
const element = elements.create('payment', { layout: 'tabs' });
element.mount('#payment-element');
const form = document.getElementById('payment-form');
const button = document.getElementById('pay');
const message = document.getElementById('payment-message');
element.on('ready', () => { button.disabled = false; });
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  button.disabled = true;
  message.textContent = '';
  const submitted = await elements.submit();
  if (submitted.error) {
    message.textContent = submitted.error.message || 'Kontrollera uppgifterna.';
    button.disabled = false;
    return;
  }
  const result = await stripe.confirmPayment({
    elements,
    confirmParams: { return_url: data.returnUrl },
    redirect: 'if_required',
  });
  if (result.error) {
    message.textContent = result.error.message || 'Betalningen gick inte igenom. Försök igen.';
    button.disabled = false;
    message.focus();
    return;
  }
  window.location.href = data.returnUrl;
});
`;

/** The payment page (200), with its CSP. */
export function stripePage(
  data: StripePageData,
  apiUrl: string,
  frameAncestors: readonly string[],
): Response {
  const nonce = randomBytes(16).toString('base64');
  const json = scriptJson({
    publishableKey: data.publishableKey,
    clientSecret: data.clientSecret,
    returnUrl: data.returnUrl,
  });
  const html = `<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Betalning – ${escapeHtml(data.shopName)}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}"><script nonce="${nonce}" src="${STRIPE_JS_URL}"></script></head><body><main class="stripe"><p class="shop">${escapeHtml(data.shopName)}</p><h1>Betala ${escapeHtml(data.amountText)}</h1><form id="payment-form"><div id="payment-element"></div><p id="payment-message" role="alert" tabindex="-1"></p><button class="primary" id="pay" type="submit" disabled>Betala ${escapeHtml(data.amountText)}</button></form><p><a href="${escapeHtml(data.checkoutUrl)}" target="_top">Tillbaka till kassan</a></p></main><script type="application/json" id="stripe-data">${json}</script><script nonce="${nonce}" type="module">${PAGE_SCRIPT}</script></body></html>`;
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': stripeContentSecurityPolicy(nonce, apiUrl, frameAncestors),
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
  });
}

/**
 * The return page inside a frame (a headless client's checkout): the whole window goes on to the
 * confirm page (or, after a failed Klarna redirect, the fail page); browsers may refuse that
 * without a click, so a link says the same.
 */
export function stripeReturnPage(
  target: string,
  frameAncestors: readonly string[],
  /** The heading when the payment did not go through (the link then leads back to the checkout). */
  failedTitle?: string,
): Response {
  const nonce = randomBytes(16).toString('base64');
  const title = escapeHtml(failedTitle ?? 'Betalningen är klar');
  const link = failedTitle ? 'Tillbaka till kassan' : 'Visa orderbekräftelsen';
  const html = `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}"></head><body><main><h1>${title}</h1><p><a id="go" href="${escapeHtml(target)}" target="_top">${link}</a></p></main><script nonce="${nonce}">try { window.top.location.href = document.getElementById('go').href; } catch (e) {}</script></body></html>`;
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'self'; base-uri 'none'; frame-ancestors 'self' ${frameAncestors.join(' ')}`.trim(),
      'cache-control': 'no-store',
    },
  });
}
