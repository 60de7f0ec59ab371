/**
 * Kustom Checkout sessions (issue 42; ADR 019 §1–2; docs/payment-stand-ins.md K2): the checkout
 * order at Kustom for a cart, created or updated each time the checkout is, whose
 * `html_snippet` is `PaymentOptionType.paymentData` (GEINS-API §4.6). A session row
 * (`payment_sessions`, provider `kustom`) keeps what was sent: the amount, the cart's lines and
 * the provider lines, the checkout input and the KCO `order_id` (`provider_ref`), so the
 * authorisation can be compared with it later (issue 13 §2).
 *
 * The push and validation URLs carry `?sid={session}&sig={hmac}` (HMAC-SHA256 with
 * PAYMENT_CALLBACK_SECRET): KCO callbacks are unsigned, so the signature tells our endpoints the
 * URL is one we gave out; even then a push is only a hint to read the order at Kustom.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { KustomSettings } from '../../config-payments.ts';
import type { Database } from '../../db/client.ts';
import { processLogger } from '../../log.ts';
import type { CartView } from '../cart/cart-view.ts';
import { KustomClient, toKustomLines, type KustomAddress } from './kustom-client.ts';
import { providerLinesOf, sumProviderLines, type ProviderLine } from './provider-lines.ts';
import { getPaymentSession, type PaymentSessionRecord } from './payments.service.ts';
import { type DeclineReason } from './payment-options.ts';
import { openProviderSession } from './open-sessions.service.ts';
import { paymentSessions } from './payments.tables.ts';

/** A client for the configured Kustom account. */
export function kustomClient(settings: KustomSettings): KustomClient {
  return new KustomClient(settings);
}

/** The signature of a callback URL of a session: hex HMAC-SHA256 of `{purpose}:{sessionId}`. */
export function callbackSignature(
  secret: string,
  purpose: 'push' | 'validate',
  sessionId: string,
): string {
  return createHmac('sha256', secret).update(`${purpose}:${sessionId}`).digest('hex');
}

/** True when `sig` is the signature of this session's callback URL (constant time). */
export function validCallbackSignature(
  secret: string,
  purpose: 'push' | 'validate',
  sessionId: string,
  sig: string | null,
): boolean {
  const expected = Buffer.from(callbackSignature(secret, purpose, sessionId), 'utf8');
  const given = Buffer.from(sig ?? '', 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What a Kustom session is opened for, besides the cart. */
export interface KustomSessionOptions {
  settings: KustomSettings;
  /** PAYMENT_CALLBACK_SECRET. */
  callbackSecret: string;
  /** The shop's public base URL (PUBLIC_URL): where Kustom calls push and validation. */
  publicUrl: string;
  /**
   * The client's confirm page with the Geins placeholders `{payment.uid}` and `{geins.cartid}`
   * (return-url.ts); `{payment.uid}` becomes KCO's `{checkout.order.id}`.
   */
  returnUrl: string;
  /** The checkout input now, stored on the session (the order is written from it). */
  checkout: Record<string, unknown>;
  /** The shopper's language, e.g. `sv-SE` (KCO `locale`). */
  locale: string;
}

/** An opened session: our id, Kustom's order id and the snippet to embed. */
export interface KustomSession {
  sessionId: string;
  providerRef: string;
  snippet: string;
  /** True when this call created the checkout order (the client shows the new snippet). */
  created: boolean;
}

/** A checkout address as KCO's prefilled `billing_address` (only the fields given). */
function prefillAddress(checkout: Record<string, unknown>, country: string): KustomAddress | null {
  const a = (checkout.billingAddress ?? null) as Record<string, string | null | undefined> | null;
  const email = typeof checkout.email === 'string' ? checkout.email : '';
  const fields: KustomAddress = {
    given_name: a?.firstName ?? undefined,
    family_name: a?.lastName ?? undefined,
    organization_name: a?.company ?? undefined,
    email: email || undefined,
    street_address: a?.addressLine1 ?? undefined,
    street_address2: a?.addressLine2 ?? undefined,
    postal_code: a?.zip ?? undefined,
    city: a?.city ?? undefined,
    phone: a?.mobile || a?.phone || undefined,
    care_of: a?.careOf ?? undefined,
  };
  const present = Object.fromEntries(Object.entries(fields).filter(([, v]) => v));
  return Object.keys(present).length > 0 ? { ...present, country: country.toLowerCase() } : null;
}

function checkoutRequest(
  view: CartView,
  lines: ProviderLine[],
  o: KustomSessionOptions,
  id: string,
) {
  const { shop } = view;
  const base = o.publicUrl.replace(/\/$/, '');
  const sid = encodeURIComponent(id);
  const storefront = new URL(o.returnUrl).origin;
  const sums = sumProviderLines(lines);
  const billing = prefillAddress(o.checkout, shop.market.country.code);
  return {
    purchase_country: shop.market.country.code,
    purchase_currency: shop.currency.code,
    locale: o.locale,
    order_amount: sums.amount,
    order_tax_amount: sums.tax,
    order_lines: toKustomLines(lines),
    merchant_reference2: id,
    merchant_urls: {
      terms: `${storefront}/kopvillkor`,
      checkout: `${storefront}/kassan`,
      confirmation: o.returnUrl
        .replaceAll('{payment.uid}', '{checkout.order.id}')
        .replaceAll('{geins.cartid}', encodeURIComponent(view.record.id)),
      push: `${base}/payments/kustom/push?sid=${sid}&sig=${callbackSignature(o.callbackSecret, 'push', id)}`,
      validation: `${base}/payments/kustom/validate?sid=${sid}&sig=${callbackSignature(o.callbackSecret, 'validate', id)}`,
    },
    ...(billing ? { billing_address: billing } : {}),
  };
}

/**
 * The Kustom checkout order of the cart as it is now: the cart's open session is updated at
 * Kustom while it is for the same market and currency (the snippet stays), else a new checkout
 * order is created. Nothing is charged here: Kustom authorises when the shopper completes.
 * @returns null when Kustom refused or could not be reached (logged; the checkout shows no
 *   snippet and the shopper may choose again)
 */
export async function openKustomSession(
  db: Database,
  view: CartView,
  options: KustomSessionOptions,
): Promise<KustomSession | null> {
  const client = kustomClient(options.settings);
  const lines = providerLinesOf(view);
  const cartLines = view.lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity }));
  const amount = view.totals.totalExBalanceIncVat;
  const row = {
    amount,
    currencyCode: view.shop.currency.code,
    marketId: view.shop.market.id,
    checkout: options.checkout,
    lines: cartLines,
    providerLines: lines,
    returnUrl: options.returnUrl,
    updatedAt: new Date(),
  };
  const open = await openProviderSession(db, view.record.id, 'kustom');
  if (
    open?.providerRef &&
    open.marketId === row.marketId &&
    open.currencyCode === row.currencyCode
  ) {
    const updated = await client.updateCheckout(
      open.providerRef,
      checkoutRequest(view, lines, options, open.id),
    );
    if (updated.ok) {
      await db
        .update(paymentSessions)
        .set(row)
        .where(and(eq(paymentSessions.id, open.id), eq(paymentSessions.status, 'created')));
      return {
        sessionId: open.id,
        providerRef: open.providerRef,
        snippet: updated.body.html_snippet ?? '',
        created: false,
      };
    }
    // Completed, expired or gone at Kustom: a new checkout order below.
  }
  const id = randomUUID();
  await db
    .insert(paymentSessions)
    .values({ id, provider: 'kustom', cartId: view.record.id, ...row });
  const created = await client.createCheckout(checkoutRequest(view, lines, options, id));
  if (!created.ok) {
    processLogger().warn(
      { sessionId: id, status: created.status, code: created.code, message: created.message },
      'Kustom refused the checkout order',
    );
    await db
      .update(paymentSessions)
      .set({ status: 'declined', declineReason: 'general', updatedAt: new Date() })
      .where(eq(paymentSessions.id, id));
    return null;
  }
  await db
    .update(paymentSessions)
    .set({ providerRef: created.body.order_id, updatedAt: new Date() })
    .where(eq(paymentSessions.id, id));
  return {
    sessionId: id,
    providerRef: created.body.order_id,
    snippet: created.body.html_snippet ?? '',
    created: true,
  };
}

/** The Kustom session with our id or Kustom's order id (`kid`), or null. */
export async function findKustomSession(
  db: Database,
  idOrRef: string,
): Promise<PaymentSessionRecord | null> {
  const byId = await getPaymentSession(db, idOrRef);
  if (byId) return byId.provider === 'kustom' ? byId : null;
  if (!/^[A-Za-z0-9-]{8,64}$/.test(idOrRef)) return null;
  const [row] = await db
    .select()
    .from(paymentSessions)
    .where(and(eq(paymentSessions.provider, 'kustom'), eq(paymentSessions.providerRef, idOrRef)))
    .limit(1);
  return row ?? null;
}

/**
 * Declines a session that has no order (only a `created` or `approved` one).
 * @returns the session after the change, or null when unknown
 */
export async function declineSessionWithoutOrder(
  db: Database,
  sessionId: string,
  reason: DeclineReason,
): Promise<PaymentSessionRecord | null> {
  await db
    .update(paymentSessions)
    .set({ status: 'declined', declineReason: reason, updatedAt: new Date() })
    .where(
      and(
        eq(paymentSessions.id, sessionId),
        inArray(paymentSessions.status, ['created', 'approved']),
        isNull(paymentSessions.orderId),
      ),
    );
  return getPaymentSession(db, sessionId);
}

/** Replaces the checkout input of a session still `created` (the order is written from it). */
export async function updateOpenSessionCheckout(
  db: Database,
  sessionId: string,
  checkout: Record<string, unknown>,
): Promise<void> {
  await db
    .update(paymentSessions)
    .set({ checkout, updatedAt: new Date() })
    .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.status, 'created')));
}
