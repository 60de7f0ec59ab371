/**
 * The payments' reconciliation job (issue 42; ADR 019 §5): a purchase the provider authorised
 * whose push or webhook never came, and whose shopper never reached the confirm page, becomes
 * its order when the scheduled `payment-reconcile` job reads the session back — Stripe here
 * (card authorised, no webhook); a session still unpaid stays open; a quiet session younger
 * than two minutes is left for the push. Run through the job runner, as the shop runs it. On
 * every database kind.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentSessions } from '../src/db/schema.ts';
import {
  PAYMENT_RECONCILE_JOB,
  RECONCILE_AFTER_MS,
  reconcilePayments,
} from '../src/modules/checkout/payment-reconcile.run.ts';
import { enqueueJob } from '../src/modules/jobs/queue.ts';
import { JobRunner } from '../src/modules/jobs/runner.ts';
import { CART_FIXTURE as F } from './cart-fixture.ts';
import { useStripeShop } from './stripe-suite.ts';
import { testDatabaseKinds } from './test-db.ts';

describe.each(testDatabaseKinds())('Payment reconciliation on %s', (kind) => {
  const shop = useStripeShop(kind);

  it('places the order of an authorisation whose webhook never came; leaves unpaid and recent sessions', async () => {
    const paidCart = await shop.cartWith([[F.bike.skuId, 1]]);
    const paid = await shop.chooseStripe(paidCart);
    await shop.standIn.confirm(paid.intentId, { method: 'card' });
    const unpaidCart = await shop.cartWith([[F.tube.skuId, 1]]);
    const unpaid = await shop.chooseStripe(unpaidCart);

    // Within two minutes nothing is read back: the webhook may still come.
    const early = await reconcilePayments(shop.handle.db, shop.config, new Date());
    expect(early).toEqual({ checked: 0, placed: [] });
    expect(await shop.ordersOfCart(paidCart)).toHaveLength(0);

    const later = new Date(Date.now() + RECONCILE_AFTER_MS + 1000);
    // The runner's start schedules the job; here it is queued as that does.
    await enqueueJob(shop.handle.db, PAYMENT_RECONCILE_JOB, { rearm: true });
    await new JobRunner({
      db: shop.handle.db,
      config: shop.config,
      log: { info: () => {}, error: () => {} },
      kinds: ['payment-reconcile'],
      now: () => later,
    }).runUntilIdle();
    const [order] = await shop.ordersOfCart(paidCart);
    expect(order).toBeDefined();
    expect(await shop.paymentOf(order!.id)).toMatchObject({
      provider: 'stripe',
      transactionId: paid.intentId,
      status: 'authorized',
      amount: shop.standIn.intent(paid.intentId)!.amount,
    });
    expect(await shop.ordersOfCart(unpaidCart)).toHaveLength(0);
    const [open] = await shop.handle.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, unpaid.sessionId));
    expect(open).toMatchObject({ status: 'created', orderId: null });

    // A second run finds nothing more to do; the webhook arriving late changes nothing.
    expect((await reconcilePayments(shop.handle.db, shop.config, later)).placed).toEqual([]);
    expect(
      await shop.standIn.deliver('payment_intent.amount_capturable_updated', paid.intentId),
    ).toEqual([200]);
    expect(await shop.ordersOfCart(paidCart)).toHaveLength(1);
  });
});
