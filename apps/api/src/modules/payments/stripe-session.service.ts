/**
 * Stripe payment sessions (issue 42; ADR 019 §1–2; docs/payment-stand-ins.md S3): the Payment
 * Intent of a cart, created when the shopper chooses "Kort, Swish eller Klarna" and brought up to date
 * while the cart changes, shown by our page `/payments/stripe/{session}` with Stripe's Payment
 * Element. A session row (`payment_sessions`, provider `stripe`) keeps what is being paid for:
 * the amount (öre), currency, the cart's lines, the checkout input and the intent id
 * (`provider_ref`), so that what Stripe authorised is compared with it before the order is
 * written (issue 13 §2). Nothing is charged here.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { StripeSettings } from '../../config-payments.ts';
import type { Database } from '../../db/client.ts';
import { processLogger } from '../../log.ts';
import type { CartView } from '../cart/cart-view.ts';
import { getPaymentSession, type PaymentSessionRecord } from './payments.service.ts';
import { openProviderSession } from './open-sessions.service.ts';
import { paymentSessions } from './payments.tables.ts';
import { providerLinesOf } from './provider-lines.ts';
import { stripeClient } from './stripe-client.ts';
import { stripeMethodsFor } from './stripe-methods.ts';

/** What a Stripe session is opened for, besides the cart. */
export interface StripeSessionOptions {
  settings: StripeSettings;
  /**
   * Where the shopper returns after paying: the client's confirm page with the Geins
   * placeholders `{payment.uid}` (our session id) and `{geins.cartid}` (return-url.ts).
   */
  returnUrl: string;
  /** The checkout input now, stored on the session (the order is written from it). */
  checkout: Record<string, unknown>;
  /** The shop's name, in the intent's description. */
  shopName: string;
}

/**
 * What Stripe.js needs to mount the Payment Element on the cart's intent, on the shop's own
 * checkout page (checkout/stripe-element.service.ts).
 */
export interface StripeElement {
  /** STRIPE_PUBLISHABLE_KEY (`pk_…`). */
  publishableKey: string;
  /** The intent's client secret (`pi_…_secret_…`): confirms this one intent, nothing else. */
  clientSecret: string;
  /** Our payment session's id (the `kid` of the confirm page). */
  sessionId: string;
  /** Absolute URL of the session's return page (`/payments/stripe/{session}/return`). */
  returnUrl: string;
}

/** An opened session: our id and Stripe's intent id. */
export interface StripeSession {
  sessionId: string;
  providerRef: string;
  /** True when this call created the session (a headless client shows the new snippet). */
  created: boolean;
}

const sameCartLines = (a: unknown, b: Array<{ skuId: number; quantity: number }>) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The Stripe session of the cart as it is now: the cart's open session is kept while it is for
 * the same market and currency (a new amount is set on its intent), else a new intent is made.
 * @returns null when Stripe refused or could not be reached (logged; the shopper may choose again)
 */
export async function openStripeSession(
  db: Database,
  view: CartView,
  options: StripeSessionOptions,
): Promise<StripeSession | null> {
  const client = stripeClient(options.settings);
  const lines = view.lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity }));
  const row = {
    amount: view.totals.totalExBalanceIncVat,
    currencyCode: view.shop.currency.code,
    marketId: view.shop.market.id,
    checkout: options.checkout,
    lines,
    providerLines: providerLinesOf(view),
    returnUrl: options.returnUrl,
    updatedAt: new Date(),
  };
  const open = await openProviderSession(db, view.record.id, 'stripe');
  if (
    open?.providerRef &&
    open.marketId === row.marketId &&
    open.currencyCode === row.currencyCode
  ) {
    const unchanged = open.amount === row.amount && sameCartLines(open.lines, lines);
    const updated = unchanged
      ? { ok: true as const }
      : await client.updateAmount(
          open.providerRef,
          row.amount,
          `amount:${open.id}:${row.amount}:${Date.now()}`,
        );
    if (updated.ok) {
      await db
        .update(paymentSessions)
        .set(row)
        .where(and(eq(paymentSessions.id, open.id), eq(paymentSessions.status, 'created')));
      return { sessionId: open.id, providerRef: open.providerRef, created: false };
    }
    // Paid, cancelled or gone at Stripe: a new intent below.
  }
  if (row.amount <= 0) return null;
  const id = randomUUID();
  await db
    .insert(paymentSessions)
    .values({ id, provider: 'stripe', cartId: view.record.id, ...row });
  const created = await client.createIntent({
    amount: row.amount,
    currency: row.currencyCode,
    methods: stripeMethodsFor(row.currencyCode),
    sessionId: id,
    description: `${options.shopName}, kundvagn ${view.record.id}`,
    swishReference: options.shopName.replace(/[^A-Za-z0-9 ]/g, '').slice(0, 35) || 'Order',
  });
  if (!created.ok) {
    processLogger().warn(
      { sessionId: id, status: created.status, code: created.code, message: created.message },
      'Stripe refused the payment intent',
    );
    await db
      .update(paymentSessions)
      .set({ status: 'declined', declineReason: 'general', updatedAt: new Date() })
      .where(eq(paymentSessions.id, id));
    return null;
  }
  await db
    .update(paymentSessions)
    .set({ providerRef: created.body.id, updatedAt: new Date() })
    .where(eq(paymentSessions.id, id));
  return { sessionId: id, providerRef: created.body.id, created: true };
}

/** The Stripe session with our id or Stripe's intent id (`pi_…`), or null. */
export async function findStripeSession(
  db: Database,
  idOrRef: string,
): Promise<PaymentSessionRecord | null> {
  const byId = await getPaymentSession(db, idOrRef);
  if (byId) return byId.provider === 'stripe' ? byId : null;
  if (!/^pi_[A-Za-z0-9_]{4,250}$/.test(idOrRef)) return null;
  const [row] = await db
    .select()
    .from(paymentSessions)
    .where(and(eq(paymentSessions.provider, 'stripe'), eq(paymentSessions.providerRef, idOrRef)))
    .limit(1);
  return row ?? null;
}
