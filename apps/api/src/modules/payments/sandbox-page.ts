/**
 * The payment sandbox's page in the shop's look (issue 14 "the payment-sandbox page is unstyled
 * HTML"): a centred card with the shop's name, the amount and the decisions as buttons, the
 * brand colour #510c76 and the system font stack. The stylesheet is served by the sandbox itself
 * at `/payments/sandbox.css` (the shop's Content-Security-Policy allows only 'self' styles, and
 * the sandbox, like a real provider's page, does not share the storefront's build).
 */

/** Path of the sandbox's stylesheet. */
export const SANDBOX_STYLESHEET_PATH = '/payments/sandbox.css';

/** The stylesheet: colours as the storefront's tokens (text contrast ≥ 4.5:1, WCAG 2.2 AA). */
export const SANDBOX_STYLESHEET = `
:root { --primary: #510c76; --primary-hover: #3b0857; --text: #1d1a21; --muted: #5a5462;
  --surface: #f7f5f9; --border: #e2dde7; --focus: #510c76; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1rem;
  background: var(--surface); color: var(--text); line-height: 1.55;
  font: 1rem/1.55 system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
main { width: 100%; max-width: 28rem; background: #fff; border: 1px solid var(--border);
  border-radius: 18px; padding: 2rem 1.5rem; box-shadow: 0 12px 32px rgb(36 10 51 / 0.12); }
.shop { margin: 0 0 0.25rem; font-weight: 700; color: var(--primary); letter-spacing: 0.02em; }
.notice { display: inline-block; margin: 0 0 1.25rem; padding: 0.25rem 0.75rem;
  border-radius: 999px; background: #f4edf8; color: var(--primary-hover); font-size: 0.875rem; }
h1 { margin: 0 0 1.5rem; font-size: 1.375rem; line-height: 1.3; }
form { display: grid; gap: 0.75rem; }
form + form { margin-top: 0.75rem; }
button { font: inherit; min-height: 2.75rem; padding: 0.625rem 1rem; border-radius: 10px;
  border: 1px solid var(--primary); background: #fff; color: var(--primary); cursor: pointer; }
button:hover { background: #f4edf8; }
button.primary { background: var(--primary); color: #fff; font-weight: 700; }
button.primary:hover { background: var(--primary-hover); }
button:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.declines { margin: 0.5rem 0 0; padding: 0; border: 0; display: grid; gap: 0.5rem; }
.declines legend { padding: 0; margin-bottom: 0.25rem; color: var(--muted); font-size: 0.875rem; }
.stripe p:empty { margin: 0; }
.stripe #payment-message:not(:empty) { padding: 0.5rem 0.75rem; border: 1px solid #a4262c;
  border-radius: 10px; color: #a4262c; }
`;

/** HTML-escapes a text for the page. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The Content-Security-Policy of the sandbox's pages (issue 25): nothing but its own stylesheet;
 * forms post to itself and may be followed to the origins a shopper returns to; and only the
 * shop's own origin and CORS_ORIGINS (`frameAncestors`) may frame it, the embedded payment of a
 * headless storefront. No X-Frame-Options: it cannot name several origins, and browsers follow
 * `frame-ancestors` when both are present.
 * @param frameAncestors allowed origins (`https://www.cykel.example`), the page's own included
 */
export function sandboxContentSecurityPolicy(frameAncestors: readonly string[]): string {
  const origins = frameAncestors.join(' ');
  return [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    `form-action 'self' ${origins}`.trim(),
    "base-uri 'none'",
    `frame-ancestors 'self' ${origins}`.trim(),
  ].join('; ');
}

/**
 * A whole sandbox page: `<main>` holds `body` (already escaped HTML), served with the
 * sandbox's CSP ({@link sandboxContentSecurityPolicy} of `frameAncestors`).
 */
export function sandboxPage(
  title: string,
  body: string,
  status: number,
  frameAncestors: readonly string[],
): Response {
  const html = `<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}">
</head><body><main>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': sandboxContentSecurityPolicy(frameAncestors),
      'cache-control': 'no-store',
    },
  });
}

/**
 * The payment page: shop, amount, approve, and the three ways to decline. Approving takes the
 * whole window (`target="_top"`: out of the checkout's frame when embedded) to the confirm
 * page; declining stays where the page is.
 */
export function sandboxPaymentBody(shopName: string, amountFormatted: string): string {
  return `<p class="shop">${escapeHtml(shopName)}</p><p class="notice">Testmiljö – inga pengar dras</p>
<h1>Betala ${escapeHtml(amountFormatted)}</h1>
<form method="post" target="_top"><button class="primary" name="decision" value="approve">Godkänn betalningen</button></form>
<form method="post"><fieldset class="declines"><legend>Pröva ett nekat köp</legend>
<button name="decision" value="general">Neka (allmänt fel)</button>
<button name="decision" value="out-of-stock">Neka (slut i lager)</button>
<button name="decision" value="blocked">Neka (kunden spärrad)</button></fieldset></form>`;
}

/** Why a payment was declined, for the page an embedded payment shows in its frame. */
const DECLINE_TEXTS: Record<string, string> = {
  general: 'Betalningen nekades.',
  'out-of-stock': 'Betalningen nekades: en vara är slut i lager.',
  blocked: 'Betalningen nekades: köpet kunde inte genomföras.',
};

/** The page an embedded payment shows in its frame after a decline: choose again. */
export function sandboxDeclinedBody(shopName: string, reason: string): string {
  const text = DECLINE_TEXTS[reason] ?? DECLINE_TEXTS.general!;
  return `<p class="shop">${escapeHtml(shopName)}</p><p class="notice">Testmiljö – inga pengar dras</p>
<h1 role="status">${escapeHtml(text)}</h1><p>Välj ett annat betalsätt i kassan eller försök igen.</p>`;
}
