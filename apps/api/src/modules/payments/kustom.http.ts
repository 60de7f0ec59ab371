/**
 * The HTTP endpoints of Kustom Checkout (issue 42; ADR 019 §2, §7; docs/payment-stand-ins.md
 * K3), served while Kustom is configured (KUSTOM_USERNAME/PASSWORD):
 *
 * - `POST /payments/kustom/push?sid=&sig=`: Kustom's push after a purchase (an empty body). The
 *   signature says the URL is one we gave out; the order is then read back at Kustom and placed
 *   once (kustom-payment.service.ts). 200 when handled, 401 for a wrong signature, 404 for an
 *   unknown session, 503 while Kustom cannot be read (Kustom pushes again).
 * - `POST /payments/kustom/validate?sid=&sig=`: Kustom's validation before it authorises: 200
 *   goes on; 303 to the storefront's `/checkout/klarna-fail?reason=out-of-stock` (or
 *   `cart-changed`, `general`) stops the purchase with nothing charged.
 * - `GET /payments/kustom/{sessionId}`: our page around Kustom's snippet, where the shop's own
 *   storefront sends the shopper from placeOrder (a session already decided goes to its confirm
 *   page, which shows the order or the refusal); Kustom's frame moves the whole window to the
 *   confirm page when the purchase is done. Its scripts run with this page's nonce; Kustom
 *   publishes no list of its origins, so scripts and frames may come from any https origin
 *   (and from KUSTOM_API_URL's origin, for a playground or stand-in).
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../log.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import {
  completeKustomPayment,
  validateKustomPurchase,
} from '../checkout/kustom-payment.service.ts';
import { fillReturnUrl } from './embedded-session.service.ts';
import {
  findKustomSession,
  kustomClient,
  validCallbackSignature,
} from './kustom-session.service.ts';
import { escapeHtml, SANDBOX_STYLESHEET_PATH } from './sandbox-page.ts';

/** Path prefix of the Kustom endpoints. */
export const KUSTOM_PATH = '/payments/kustom';

/** What the Kustom endpoints need from the payments handler. */
export interface KustomHttpOptions {
  db: Database;
  config: Config;
  /** The priced shop context of a market (the session's). */
  shopFor: (marketId: string) => Promise<PricedShopContext>;
  log: () => Logger;
}

/** Adds this page's nonce to every `<script` of a provider snippet (so CSP lets it run). */
function withNonce(snippet: string, nonce: string): string {
  return snippet.replace(/<script\b/gi, `<script nonce="${nonce}"`);
}

function kustomPage(config: Config, snippet: string, status = 200): Response {
  const nonce = randomBytes(16).toString('base64');
  const api = config.payments.kustom ? new URL(config.payments.kustom.apiUrl).origin : '';
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' https: ${api}`.trim(),
    `frame-src https: ${api}`.trim(),
    `connect-src https: ${api}`.trim(),
    "style-src 'self' 'unsafe-inline' https:",
    "img-src 'self' data: https:",
    'font-src https: data:',
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
  const html = `<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Betalning – ${escapeHtml(config.shopName)}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}"></head><body><main class="kustom"><p class="shop">${escapeHtml(config.shopName)}</p><h1>Betalning</h1>${withNonce(snippet, nonce)}<p><a href="/kassan">Tillbaka till kassan</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': csp,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
  });
}

function messagePage(config: Config, title: string, text: string, status: number): Response {
  return kustomPage(config, `<p>${escapeHtml(title)}</p><p>${escapeHtml(text)}</p>`, status);
}

/**
 * The Kustom handler: a Response for `/payments/kustom/*`, null for other paths or while Kustom
 * is not configured (then 404 by the caller).
 */
export function createKustomHandler(options: KustomHttpOptions) {
  const { db, config } = options;
  return async (request: Request, url: URL): Promise<Response | null> => {
    const kustom = config.payments.kustom;
    if (!kustom || !url.pathname.startsWith(`${KUSTOM_PATH}/`)) return null;
    const rest = url.pathname.slice(KUSTOM_PATH.length + 1);
    const secret = config.payments.callbackSecret;

    if ((rest === 'push' || rest === 'validate') && request.method === 'POST') {
      const sid = url.searchParams.get('sid') ?? '';
      if (!validCallbackSignature(secret, rest, sid, url.searchParams.get('sig'))) {
        return new Response(null, { status: 401 });
      }
      const session = await findKustomSession(db, sid);
      if (!session) return new Response(null, { status: 404 });
      const shop = await options.shopFor(session.marketId);
      if (rest === 'push') {
        const outcome = await completeKustomPayment(db, session, shop, new Date(), config.payments);
        options.log().info(
          {
            sessionId: session.id,
            providerRef: session.providerRef,
            orderId: outcome.order?.order.id ?? null,
            failure: outcome.failure,
          },
          'Kustom push handled',
        );
        return new Response(null, { status: outcome.order || outcome.failure ? 200 : 503 });
      }
      let posted: unknown = null;
      try {
        posted = JSON.parse(await request.text());
      } catch {
        posted = null;
      }
      const verdict = await validateKustomPurchase(db, session, posted, shop, new Date());
      if (verdict === 'ok') return new Response(null, { status: 200 });
      const storefront = session.returnUrl ? new URL(session.returnUrl).origin : config.publicUrl;
      const reason = verdict === 'unknown' ? 'general' : verdict;
      options
        .log()
        .info(
          { sessionId: session.id, reason },
          'Kustom purchase refused by the validation callback',
        );
      return new Response(null, {
        status: 303,
        headers: { location: `${storefront}/checkout/klarna-fail?reason=${reason}` },
      });
    }

    if (request.method === 'GET' && /^[0-9a-f-]{36}$/i.test(rest)) {
      const session = await findKustomSession(db, rest);
      // A purchase already made (the page reloaded, or opened again): to its confirm page.
      if (session?.providerRef && session.returnUrl && session.status !== 'created') {
        return new Response(null, {
          status: 303,
          headers: {
            location: fillReturnUrl(session.returnUrl, session.providerRef, session.cartId),
          },
        });
      }
      if (!session?.providerRef || session.status !== 'created') {
        return messagePage(config, 'Betalningen finns inte', 'Gå tillbaka till kassan.', 404);
      }
      const read = await kustomClient(kustom).readCheckout(session.providerRef);
      if (!read.ok) {
        return messagePage(
          config,
          'Betalningen kunde inte visas',
          'Kustom svarar inte just nu. Försök igen om en stund.',
          503,
        );
      }
      return kustomPage(config, read.body.html_snippet ?? '');
    }
    return null;
  };
}
