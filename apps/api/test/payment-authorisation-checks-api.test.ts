/**
 * The reconciliation's second half (issue 42; ADR 019 §5; authorisation-checks.service.ts): the
 * scheduled `payment-reconcile` job reads uncaptured authorisations back at Stripe and Kustom
 * (the real clients against the local stand-ins) from an hour after the order, each at most
 * every 6 hours, and flags those the provider reports cancelled (Stripe Dashboard cancel, Kustom
 * OM cancel), expired (Stripe's automatic cancel, Kustom `EXPIRED`) or expiring within 24 hours
 * (Stripe `capture_before`, Kustom `expires_at`), with the date: counted on the dashboard's "Att
 * hantera" (`paymentAuthorisationAlerts`) and shown on the order (`AdminOrder.paymentAlerts`)
 * until the owner acts (ships an expiring one, cancels a cancelled one: Stripe is not asked to
 * cancel it again). A `payment_intent.canceled` webhook for an order flags it at once. Run
 * through the job runner, as the shop runs it. On every database kind.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminApi } from '../src/admin-app.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { orderPayments, paymentAuthorisationChecks, paymentOperations } from '../src/db/schema.ts';
import { PAYMENT_RECONCILE_JOB } from '../src/modules/checkout/payment-reconcile.run.ts';
import { enqueueJob } from '../src/modules/jobs/queue.ts';
import { JobRunner } from '../src/modules/jobs/runner.ts';
import { transitionOrder } from '../src/modules/orders/order-process.ts';
import {
  authorisationAlertsByOrderIds,
  CHECK_AFTER_MS,
  CHECK_EVERY_MS,
  checkAuthorisations,
  countAuthorisationAlerts,
} from '../src/modules/payments/authorisation-checks.service.ts';
import { kustomClient } from '../src/modules/payments/kustom-session.service.ts';
import { stripeSdk } from '../src/modules/payments/stripe-client.ts';
import { addStaff, adminClient } from './admin-client.ts';
import { CART_FIXTURE as F } from './cart-fixture.ts';
import { useKustomShop } from './kustom-suite.ts';
import { useStripeShop } from './stripe-suite.ts';
import { testDatabaseKinds } from './test-db.ts';

const HOUR = 3_600_000;
const ALERTS = `query($id: Int!) { adminOrder(id: $id) {
  paymentAlerts { provider state expiresAt message } } }`;
const COUNT = `{ paymentAuthorisationAlerts failedPaymentOperations }`;
/** The date as staff read it (Europe/Stockholm, Swedish). */
const dateText = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Stockholm',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(at);

/** One run of the scheduled job at `now`, through the job runner. */
async function reconcileAt(db: Database, config: Config, now: Date) {
  await enqueueJob(db, PAYMENT_RECONCILE_JOB, { rearm: true });
  await new JobRunner({
    db,
    config,
    log: { info: () => {}, error: () => {} },
    kinds: ['payment-reconcile'],
    now: () => now,
  }).runUntilIdle();
}

async function checksOf(db: Database, orderId: number) {
  const [check] = await db
    .select()
    .from(paymentAuthorisationChecks)
    .where(eq(paymentAuthorisationChecks.orderId, orderId));
  return check ?? null;
}

describe.each(testDatabaseKinds())('Authorisations read back at Stripe on %s', (kind) => {
  const shop = useStripeShop(kind);
  /** The Dashboard: the same API with the account's secret key. */
  const dashboard = () => stripeSdk(shop.config.payments.stripe!);
  const authorised = async (items: Array<[number, number]>) => {
    const cartId = await shop.cartWith(items);
    const { intentId } = await shop.chooseStripe(cartId);
    await shop.standIn.confirm(intentId, { method: 'card' });
    expect(
      await shop.standIn.deliver('payment_intent.amount_capturable_updated', intentId),
    ).toEqual([200]);
    const [order] = await shop.ordersOfCart(cartId);
    return { orderId: order!.id, intentId };
  };

  it('cancelled, expired and expiring authorisations are flagged by the job, counted on "Att hantera" and shown on the order until acted on', async () => {
    const db = shop.handle.db;
    const api = createAdminApi({
      db,
      config: { ...shop.config, auth: { ...shop.config.auth, scryptLogN: 12 } },
    });
    await addStaff(shop.handle, 'kundtjanst@butik.example', 'kundtjanst');
    const staff = adminClient(api, '10.42.0.7');
    expect((await staff.login('kundtjanst@butik.example')).body.errors).toBeUndefined();
    const before = (await staff.send(COUNT)).body.data!;

    const cancelled = await authorised([[F.tube.skuId, 1]]);
    const expiring = await authorised([[F.tube.skuId, 2]]);
    const fine = await authorised([[F.bike.skuId, 1]]);
    const expired = await authorised([[F.tube.skuId, 3]]);
    // At Stripe: cancelled in the Dashboard (no webhook reaches the shop), 6½ days pass for one
    // authorisation (half a day left), Stripe cancels another as expired.
    await dashboard().paymentIntents.cancel(cancelled.intentId);
    shop.standIn.ageAuthorisation(expiring.intentId, 6.5 * 24 * 3600);
    shop.standIn.expireAuthorisation(expired.intentId);
    const charge = await dashboard().charges.retrieve(
      String(shop.standIn.intent(expiring.intentId)!.latest_charge),
    );
    const expiresAt = new Date(charge.payment_method_details!.card!.capture_before! * 1000);

    // Within the first hour nothing is read back.
    const start = Date.now();
    await reconcileAt(db, shop.config, new Date(start));
    expect(await checksOf(db, cancelled.orderId)).toBeNull();

    const later = new Date(start + CHECK_AFTER_MS + 1000);
    await reconcileAt(db, shop.config, later);
    expect(await checksOf(db, cancelled.orderId)).toMatchObject({
      state: 'cancelled',
      providerStatus: 'canceled',
      checkedAt: later,
      flaggedAt: later,
    });
    expect(await checksOf(db, expired.orderId)).toMatchObject({ state: 'expired' });
    expect(await checksOf(db, expiring.orderId)).toMatchObject({
      state: 'expiring',
      providerStatus: 'requires_capture',
      expiresAt,
    });
    expect(await checksOf(db, fine.orderId)).toMatchObject({ state: 'ok', flaggedAt: null });
    // Nothing can be captured of the cancelled and expired ones any more.
    expect(await shop.paymentOf(cancelled.orderId)).toMatchObject({ status: 'cancelled' });
    expect(await shop.paymentOf(expired.orderId)).toMatchObject({ status: 'cancelled' });
    expect(await shop.paymentOf(expiring.orderId)).toMatchObject({ status: 'authorized' });

    // The owner sees them.
    expect((await staff.send(COUNT)).body.data).toEqual({
      paymentAuthorisationAlerts: before.paymentAuthorisationAlerts + 3,
      failedPaymentOperations: before.failedPaymentOperations,
    });
    const alertsOf = async (orderId: number) =>
      (await staff.send(ALERTS, { id: orderId })).body.data!.adminOrder.paymentAlerts;
    expect(await alertsOf(cancelled.orderId)).toEqual([
      {
        provider: 'stripe',
        state: 'cancelled',
        expiresAt: null,
        message:
          'Reservationen har avbrutits hos Stripe: inget kan dras. Kontakta kunden om en ny betalning eller makulera ordern.',
      },
    ]);
    expect(await alertsOf(expired.orderId)).toMatchObject([{ state: 'expired' }]);
    expect((await alertsOf(expired.orderId))[0].message).toMatch(
      /^Reservationen har gått ut hos Stripe/,
    );
    expect(await alertsOf(expiring.orderId)).toEqual([
      {
        provider: 'stripe',
        state: 'expiring',
        expiresAt: expiresAt.toISOString(),
        message: `Reservationen går ut ${dateText(expiresAt)}: skicka ordern eller kontakta kunden.`,
      },
    ]);
    expect(await alertsOf(fine.orderId)).toEqual([]);

    // Each is read at most every 6 hours; cancelled and expired ones not again.
    expect((await checkAuthorisations(db, shop.config.payments, later)).checked).toBe(0);
    const reads = () =>
      shop.standIn.requests.filter(
        (r) => r.method === 'GET' && r.path.startsWith('/v1/payment_intents/'),
      ).length;
    const readsBefore = reads();
    const sixHoursOn = new Date(later.getTime() + CHECK_EVERY_MS + 1000);
    const again = await checkAuthorisations(db, shop.config.payments, sixHoursOn);
    expect(again.checked).toBe(2);
    expect(reads() - readsBefore).toBe(again.checked);
    expect(await checksOf(db, cancelled.orderId)).toMatchObject({ checkedAt: later });
    expect(await checksOf(db, fine.orderId)).toMatchObject({ checkedAt: sixHoursOn });

    // The owner acts: ships the expiring one (captured), cancels the cancelled one (Stripe is
    // not asked again: only the Dashboard's cancel reached it).
    const runJobs = shop.runJobs;
    await transitionOrder(db, expiring.orderId, 'processing', 'Skickad', {
      shipment: { parcelNumber: 'PN-2718281' },
    });
    await transitionOrder(db, cancelled.orderId, 'cancelled', 'Reservationen avbröts');
    await runJobs();
    expect(await shop.paymentOf(expiring.orderId)).toMatchObject({ status: 'paid' });
    expect(shop.posts(`/v1/payment_intents/${cancelled.intentId}/cancel`)).toHaveLength(1);
    expect(
      await db
        .select()
        .from(paymentOperations)
        .where(eq(paymentOperations.orderId, cancelled.orderId)),
    ).toEqual([]);
    expect((await staff.send(COUNT)).body.data!.paymentAuthorisationAlerts).toBe(
      before.paymentAuthorisationAlerts + 1,
    );
    expect(await alertsOf(expiring.orderId)).toEqual([]);
    // The cancelled order's page still tells why.
    expect(await alertsOf(cancelled.orderId)).toMatchObject([{ state: 'cancelled' }]);
  });

  it('a payment_intent.canceled webhook for an order flags it at once', async () => {
    const order = await authorised([[F.tube.skuId, 1]]);
    const count = await countAuthorisationAlerts(shop.handle.db);
    await dashboard().paymentIntents.cancel(order.intentId);
    expect(
      await shop.standIn.deliver('payment_intent.canceled', order.intentId, { times: 2 }),
    ).toEqual([200, 200]);
    expect(await checksOf(shop.handle.db, order.orderId)).toMatchObject({ state: 'cancelled' });
    expect(await shop.paymentOf(order.orderId)).toMatchObject({ status: 'cancelled' });
    expect(await countAuthorisationAlerts(shop.handle.db)).toBe(count + 1);
  });
});

describe.each(testDatabaseKinds())('Authorisations read back at Kustom on %s', (kind) => {
  const shop = useKustomShop(kind);
  const authorised = async (items: Array<[number, number]>) => {
    const cartId = await shop.cartWith(items);
    const { id } = shop.kustomOrderOf((await shop.chooseKustom(cartId)).paymentData!);
    expect((await shop.standIn.complete(id)).outcome).toBe('completed');
    expect(await shop.standIn.push(id)).toBe(200);
    const [order] = await shop.ordersOfCart(cartId);
    return { orderId: order!.id, kcoId: id };
  };
  const paymentOf = async (orderId: number) =>
    (
      await shop.handle.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId))
    )[0]!;

  it('an order cancelled at Kustom, one expired and one expiring (expires_at) are flagged with the date', async () => {
    const db = shop.handle.db;
    const before = await countAuthorisationAlerts(db);
    const cancelled = await authorised([[F.tube.skuId, 1]]);
    const expiring = await authorised([[F.tube.skuId, 2]]);
    const expired = await authorised([[F.bike.skuId, 1]]);
    const fine = await authorised([[F.tube.skuId, 3]]);
    const start = Date.now();
    // At Kustom: cancelled in the portal (OM cancel), one runs out in 10 hours after the job's
    // run, one has run out (EXPIRED).
    const cancel = await kustomClient(shop.config.payments.kustom!).cancel(
      cancelled.kcoId,
      randomUUID(),
    );
    expect(cancel.ok).toBe(true);
    const later = new Date(start + CHECK_AFTER_MS + 1000);
    const expiresAt = new Date(later.getTime() + 10 * HOUR);
    shop.standIn.setExpiry(expiring.kcoId, expiresAt);
    shop.standIn.setExpiry(expired.kcoId, new Date(start - 1000));

    await reconcileAt(db, shop.config, later);
    expect(await checksOf(db, cancelled.orderId)).toMatchObject({
      provider: 'kustom',
      state: 'cancelled',
      providerStatus: 'CANCELLED',
    });
    expect(await checksOf(db, expired.orderId)).toMatchObject({
      state: 'expired',
      providerStatus: 'EXPIRED',
    });
    expect(await checksOf(db, expiring.orderId)).toMatchObject({
      state: 'expiring',
      providerStatus: 'AUTHORIZED',
      expiresAt,
    });
    expect(await checksOf(db, fine.orderId)).toMatchObject({ state: 'ok' });
    expect(await paymentOf(cancelled.orderId)).toMatchObject({ status: 'cancelled' });
    expect(await paymentOf(expired.orderId)).toMatchObject({ status: 'cancelled' });
    expect(await countAuthorisationAlerts(db)).toBe(before + 3);
    const alerts = await authorisationAlertsByOrderIds(db, [expiring.orderId, cancelled.orderId]);
    expect(alerts.get(expiring.orderId)!.map((a) => a.message)).toEqual([
      `Reservationen går ut ${dateText(expiresAt)}: skicka ordern eller kontakta kunden.`,
    ]);
    expect(alerts.get(cancelled.orderId)![0]!.message).toMatch(
      /^Reservationen har avbrutits hos Kustom: /,
    );

    // Its expires_at moved on at Kustom (extended): the next read clears the flag.
    shop.standIn.setExpiry(expiring.kcoId, new Date(later.getTime() + 20 * 24 * HOUR));
    const sixHoursOn = new Date(later.getTime() + CHECK_EVERY_MS + 1000);
    await checkAuthorisations(db, shop.config.payments, sixHoursOn);
    expect(await checksOf(db, expiring.orderId)).toMatchObject({ state: 'ok', flaggedAt: null });
    expect(await countAuthorisationAlerts(db)).toBe(before + 2);
  });
});
