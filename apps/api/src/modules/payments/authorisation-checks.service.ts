/**
 * The reconciliation's second half (issue 42; ADR 019 §5): orders paid by Kustom or Stripe whose
 * authorisation is not yet captured are read back at the provider now and then, and an order
 * whose authorisation the provider reports cancelled or expired, or that runs out within
 * {@link EXPIRING_WITHIN_MS}, is flagged (`payment_authorisation_checks`) for the shop owner:
 * counted on the dashboard's "Att hantera" ({@link countAuthorisationAlerts}) and shown on the
 * order page's payment panel ({@link authorisationAlertsByOrderIds}) with a Swedish text.
 *
 * What is read and when: payments still `authorized` from {@link CHECK_AFTER_MS} after the order,
 * each at most every {@link CHECK_EVERY_MS}, {@link CHECK_BATCH} per run of the scheduled
 * `payment-reconcile` job, least recently read first; cancelled and expired ones are not read
 * again. What the providers say:
 * - Stripe: intent `status` `canceled` is cancelled (`cancellation_reason` `automatic`: expired);
 *   `requires_capture` runs out at the charge's `capture_before`, else 7 days after the intent
 *   was created (Stripe cancels uncaptured card authorisations then).
 * - Kustom: OM order `status` `CANCELLED` is cancelled, `EXPIRED` or `expires_at` passed is
 *   expired; `expires_at` ("can only be captured until this time") is when it runs out.
 * A cancelled or expired authorisation can no longer be captured: its payment is set cancelled,
 * so shipping or cancelling the order asks the provider for nothing. The flag stays on "Att
 * hantera" until the order is cancelled or completed (an expiring one: until it is captured).
 */
import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { PaymentsConfig } from '../../config-types.ts';
import type { Database } from '../../db/client.ts';
import { getOrderView } from '../orders/orders.service.ts';
import type { KustomOmOrder } from './kustom-client.ts';
import { kustomClient } from './kustom-session.service.ts';
import { orderPayments, paymentAuthorisationChecks } from './payments.tables.ts';
import { stripeClient } from './stripe-client.ts';

const HOUR_MS = 3_600_000;
/** An order's authorisation is first read this long after the order (milliseconds): 1 hour. */
export const CHECK_AFTER_MS = HOUR_MS;
/** …and then at most this often (milliseconds): 6 hours. */
export const CHECK_EVERY_MS = 6 * HOUR_MS;
/** An authorisation that runs out within this is flagged as expiring (milliseconds): 24 hours. */
export const EXPIRING_WITHIN_MS = 24 * HOUR_MS;
/** Stripe cancels an uncaptured card authorisation this long after the intent was created: 7 days. */
const STRIPE_AUTHORISATION_MS = 7 * 24 * HOUR_MS;
/** Authorisations read per run. */
const CHECK_BATCH = 20;

/** What the provider says about an authorisation. */
export type AuthorisationState = 'ok' | 'expiring' | 'expired' | 'cancelled';

/** A provider's answer, as stored. */
export interface AuthorisationVerdict {
  state: AuthorisationState;
  /** The provider's own status word. */
  providerStatus: string;
  /** Until when it can be captured; null when unknown or not relevant. */
  expiresAt: Date | null;
}

/** What one run did. */
export interface AuthorisationCheckResult {
  /** Payments read back at their provider. */
  checked: number;
  /** Orders flagged by this run (a state other than ok, new or changed). */
  flagged: Array<{ orderId: number; state: AuthorisationState; expiresAt: Date | null }>;
}

/** A flag as the back office shows it. */
export interface AuthorisationAlert {
  orderId: number;
  provider: string;
  state: Exclude<AuthorisationState, 'ok'>;
  expiresAt: Date | null;
  checkedAt: Date;
  /** What staff read, in Swedish, e.g. "Reservationen har avbrutits hos Stripe: …". */
  message: string;
}

const PROVIDER_NAMES: Record<string, string> = { kustom: 'Kustom', stripe: 'Stripe' };

/** Expired, expiring or ok from when it runs out. */
function byExpiry(expiresAt: Date | null, now: Date): AuthorisationState {
  if (!expiresAt) return 'ok';
  if (expiresAt.getTime() <= now.getTime()) return 'expired';
  return expiresAt.getTime() - now.getTime() <= EXPIRING_WITHIN_MS ? 'expiring' : 'ok';
}

/**
 * The state of a Stripe intent's authorisation (see the module comment).
 * @param captureBefore the charge's `payment_method_details.card.capture_before` (unix seconds), if read
 */
export function stripeVerdict(
  intent: Pick<Stripe.PaymentIntent, 'status' | 'created' | 'cancellation_reason'>,
  captureBefore: number | null,
  now: Date,
): AuthorisationVerdict {
  if (intent.status === 'canceled') {
    const state = intent.cancellation_reason === 'automatic' ? 'expired' : 'cancelled';
    return { state, providerStatus: intent.status, expiresAt: null };
  }
  if (intent.status !== 'requires_capture') {
    return { state: 'ok', providerStatus: intent.status, expiresAt: null };
  }
  const expiresAt = new Date(
    captureBefore ? captureBefore * 1000 : intent.created * 1000 + STRIPE_AUTHORISATION_MS,
  );
  return { state: byExpiry(expiresAt, now), providerStatus: intent.status, expiresAt };
}

/** The state of a Kustom OM order's authorisation (see the module comment). */
export function kustomVerdict(
  order: Pick<KustomOmOrder, 'status' | 'expires_at'>,
  now: Date,
): AuthorisationVerdict {
  const expiresAt = order.expires_at ? new Date(order.expires_at) : null;
  const status = order.status.toUpperCase();
  if (status === 'CANCELLED') return { state: 'cancelled', providerStatus: status, expiresAt };
  if (status === 'EXPIRED') return { state: 'expired', providerStatus: status, expiresAt };
  if (status !== 'AUTHORIZED') return { state: 'ok', providerStatus: status, expiresAt };
  return { state: byExpiry(expiresAt, now), providerStatus: status, expiresAt };
}

type Payment = typeof orderPayments.$inferSelect;

/**
 * Stores what the provider said about `payment`; a cancelled or expired authorisation also
 * cancels the payment (still `authorized`: nothing can be captured any more).
 * @returns true when this is a flag that was not there before (a new or changed state)
 */
async function recordVerdict(
  db: Database,
  payment: Pick<Payment, 'id' | 'orderId' | 'provider'>,
  verdict: AuthorisationVerdict,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(paymentAuthorisationChecks)
      .where(eq(paymentAuthorisationChecks.orderPaymentId, payment.id))
      .for('update');
    const flagged = verdict.state !== 'ok';
    const values = {
      state: verdict.state,
      providerStatus: verdict.providerStatus,
      expiresAt: verdict.expiresAt,
      checkedAt: now,
      flaggedAt: flagged ? (before?.flaggedAt ?? now) : null,
    };
    await tx
      .insert(paymentAuthorisationChecks)
      .values({
        orderPaymentId: payment.id,
        orderId: payment.orderId,
        provider: payment.provider,
        ...values,
      })
      .onConflictDoUpdate({ target: paymentAuthorisationChecks.orderPaymentId, set: values });
    if (verdict.state === 'cancelled' || verdict.state === 'expired') {
      await tx
        .update(orderPayments)
        .set({ status: 'cancelled' })
        .where(and(eq(orderPayments.id, payment.id), eq(orderPayments.status, 'authorized')));
    }
    return (
      flagged &&
      (before?.state !== verdict.state ||
        before.expiresAt?.getTime() !== verdict.expiresAt?.getTime())
    );
  });
}

/** A read that failed: only the time is kept (read again in CHECK_EVERY_MS), the state stays. */
async function recordFailedRead(db: Database, payment: Payment, code: string, now: Date) {
  const providerStatus = `error:${code}`.slice(0, 200);
  await db
    .insert(paymentAuthorisationChecks)
    .values({
      orderPaymentId: payment.id,
      orderId: payment.orderId,
      provider: payment.provider,
      providerStatus,
      checkedAt: now,
    })
    .onConflictDoUpdate({
      target: paymentAuthorisationChecks.orderPaymentId,
      set: { providerStatus, checkedAt: now },
    });
}

/** Reads one authorisation at its provider: the verdict, or the error code. */
async function readAuthorisation(
  payments: PaymentsConfig,
  payment: Payment,
  now: Date,
): Promise<AuthorisationVerdict | { error: string }> {
  if (payment.provider === 'stripe' && payments.stripe) {
    const client = stripeClient(payments.stripe);
    const read = await client.readIntent(payment.transactionId);
    if (!read.ok) return { error: read.code };
    const intent = read.body;
    let captureBefore: number | null = null;
    const chargeId =
      typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
    if (intent.status === 'requires_capture' && chargeId) {
      // The card's own deadline when Stripe tells it; 7 days from the intent otherwise.
      const charge = await client.sdk.charges.retrieve(chargeId).catch(() => null);
      captureBefore = charge?.payment_method_details?.card?.capture_before ?? null;
    }
    return stripeVerdict(intent, captureBefore, now);
  }
  if (payment.provider === 'kustom' && payments.kustom) {
    const read = await kustomClient(payments.kustom).readOrder(payment.transactionId);
    return read.ok ? kustomVerdict(read.body, now) : { error: read.code };
  }
  return { error: 'not-configured' };
}

/**
 * One run of the reconciliation's second half: reads back, at Kustom or Stripe, the batch of
 * uncaptured authorisations that is due (see the module comment) and stores what each provider
 * says, flagging the cancelled, expired and expiring ones. A provider not configured is skipped;
 * a read that fails is tried again in {@link CHECK_EVERY_MS}.
 */
export async function checkAuthorisations(
  db: Database,
  payments: PaymentsConfig,
  now: Date,
): Promise<AuthorisationCheckResult> {
  const providers = [
    ...(payments.kustom ? ['kustom'] : []),
    ...(payments.stripe ? ['stripe'] : []),
  ];
  if (providers.length === 0) return { checked: 0, flagged: [] };
  const due = await db
    .select({ payment: orderPayments })
    .from(orderPayments)
    .leftJoin(
      paymentAuthorisationChecks,
      eq(paymentAuthorisationChecks.orderPaymentId, orderPayments.id),
    )
    .where(
      and(
        inArray(orderPayments.provider, providers),
        eq(orderPayments.status, 'authorized'),
        lte(orderPayments.createdAt, new Date(now.getTime() - CHECK_AFTER_MS)),
        or(
          isNull(paymentAuthorisationChecks.orderPaymentId),
          and(
            inArray(paymentAuthorisationChecks.state, ['ok', 'expiring']),
            lte(paymentAuthorisationChecks.checkedAt, new Date(now.getTime() - CHECK_EVERY_MS)),
          ),
        ),
      ),
    )
    .orderBy(
      sql`${paymentAuthorisationChecks.checkedAt} asc nulls first`,
      asc(orderPayments.createdAt),
    )
    .limit(CHECK_BATCH);
  const flagged: AuthorisationCheckResult['flagged'] = [];
  for (const { payment } of due) {
    const verdict = await readAuthorisation(payments, payment, now);
    if ('error' in verdict) {
      await recordFailedRead(db, payment, verdict.error, now);
      continue;
    }
    if (await recordVerdict(db, payment, verdict, now)) {
      flagged.push({
        orderId: payment.orderId,
        state: verdict.state,
        expiresAt: verdict.expiresAt,
      });
    }
  }
  return { checked: due.length, flagged };
}

/**
 * A `payment_intent.canceled` webhook for an order's intent: flagged at once (as the next
 * reconciliation would), when the payment is still authorised.
 * @returns true when the order was flagged now
 */
export async function flagStripeCancellation(
  db: Database,
  intent: Pick<Stripe.PaymentIntent, 'id' | 'status' | 'created' | 'cancellation_reason'>,
  now: Date,
): Promise<boolean> {
  const [payment] = await db
    .select()
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.provider, 'stripe'),
        eq(orderPayments.transactionId, intent.id),
        eq(orderPayments.status, 'authorized'),
      ),
    );
  if (!payment || intent.status !== 'canceled') return false;
  return recordVerdict(db, payment, stripeVerdict(intent, null, now), now);
}

/** The shop's time zone, in which staff read dates. */
const SHOP_TIME_ZONE = 'Europe/Stockholm';
const dateText = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: SHOP_TIME_ZONE,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(at);

/** The Swedish text of a flag. */
export function alertMessage(
  provider: string,
  state: Exclude<AuthorisationState, 'ok'>,
  expiresAt: Date | null,
): string {
  const name = PROVIDER_NAMES[provider] ?? provider;
  const then = 'inget kan dras. Kontakta kunden om en ny betalning eller makulera ordern.';
  if (state === 'cancelled') return `Reservationen har avbrutits hos ${name}: ${then}`;
  if (state === 'expired') {
    return `Reservationen har gått ut hos ${name}${expiresAt ? ` (${dateText(expiresAt)})` : ''}: ${then}`;
  }
  return `Reservationen går ut ${expiresAt ? dateText(expiresAt) : 'snart'}: skicka ordern eller kontakta kunden.`;
}

/** Flags still to be acted on, with their payment's status (see the module comment). */
async function openFlags(db: Database, orderIds?: readonly number[]) {
  const rows = await db
    .select({ check: paymentAuthorisationChecks, paymentStatus: orderPayments.status })
    .from(paymentAuthorisationChecks)
    .innerJoin(orderPayments, eq(orderPayments.id, paymentAuthorisationChecks.orderPaymentId))
    .where(
      and(
        ne(paymentAuthorisationChecks.state, 'ok'),
        orderIds ? inArray(paymentAuthorisationChecks.orderId, [...orderIds]) : undefined,
      ),
    )
    .orderBy(asc(paymentAuthorisationChecks.orderPaymentId));
  // An expiring authorisation that was captured or cancelled since is no flag any more.
  return rows.filter((row) => row.check.state !== 'expiring' || row.paymentStatus === 'authorized');
}

/**
 * The flags on "Att hantera": expiring authorisations still not captured, and cancelled or
 * expired ones whose order is neither cancelled nor completed yet.
 */
export async function countAuthorisationAlerts(db: Database): Promise<number> {
  let count = 0;
  for (const { check } of await openFlags(db)) {
    if (check.state === 'expiring') {
      count += 1;
      continue;
    }
    const view = await getOrderView(db, check.orderId);
    if (view && view.order.status !== 'cancelled' && view.order.status !== 'completed') count += 1;
  }
  return count;
}

/** The flags of orders (the order page's payment panel), also those already acted on. */
export async function authorisationAlertsByOrderIds(
  db: Database,
  orderIds: readonly number[],
): Promise<Map<number, AuthorisationAlert[]>> {
  const map = new Map<number, AuthorisationAlert[]>();
  if (orderIds.length === 0) return map;
  for (const { check } of await openFlags(db, orderIds)) {
    const state = check.state as AuthorisationAlert['state'];
    const alert: AuthorisationAlert = {
      orderId: check.orderId,
      provider: check.provider,
      state,
      expiresAt: check.expiresAt,
      checkedAt: check.checkedAt,
      message: alertMessage(check.provider, state, check.expiresAt),
    };
    map.set(check.orderId, [...(map.get(check.orderId) ?? []), alert]);
  }
  return map;
}
