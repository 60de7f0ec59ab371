/**
 * Refunds made at Stripe outside the shop, read back (issue 42; provider-refund-sync.service.ts),
 * the real `stripe` client against the local stand-in: a refund made in the Dashboard (a plain
 * `POST /v1/refunds` with the secret key, no metadata of ours) and its `charge.refunded` webhook
 * replayed twice is recorded once, with Stripe's refund id and amount, the payment's refunded
 * amount right to the öre, and a later full refund from the back office asks Stripe for exactly
 * what is left; the shop's own refund followed by its webhook (also when the webhook comes before
 * the job has recorded Stripe's answer) is not counted twice; a refund of ours that Stripe later
 * reports failed (`refund.updated`) is marked failed and taken off the refunded amount. On every
 * database kind.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentOperations } from '../src/db/schema.ts';
import { transitionOrder } from '../src/modules/orders/order-process.ts';
import { refundOrder, refundInputSchema } from '../src/modules/orders/order-refund.service.ts';
import { countFailedOperations } from '../src/modules/payments/payment-operations.service.ts';
import { OUTSIDE_REFUND_NOTE } from '../src/modules/payments/provider-refund-sync.service.ts';
import { stripeSdk } from '../src/modules/payments/stripe-client.ts';
import { CART_FIXTURE as F } from './cart-fixture.ts';
import { useStripeShop } from './stripe-suite.ts';
import { testDatabaseKinds } from './test-db.ts';

const STAFF = { staffUserId: null, staffEmail: 'kassa@example.se' };

describe.each(testDatabaseKinds())('Stripe refunds made outside the shop on %s', (kind) => {
  const shop = useStripeShop(kind);
  const { runJobs, paymentOf } = shop;
  /** The Dashboard: the same API with the account's secret key. */
  const dashboard = () => stripeSdk(shop.config.payments.stripe!);

  /** A card order paid through Stripe and shipped: its capture has succeeded. */
  const capturedOrder = async (items: Array<[number, number]>) => {
    const cartId = await shop.cartWith(items);
    const { intentId } = await shop.chooseStripe(cartId);
    await shop.standIn.confirm(intentId, { method: 'card' });
    expect(
      await shop.standIn.deliver('payment_intent.amount_capturable_updated', intentId),
    ).toEqual([200]);
    const [order] = await shop.ordersOfCart(cartId);
    await transitionOrder(shop.handle.db, order!.id, 'processing', 'Skickad', {
      shipment: { parcelNumber: 'PN-3141592' },
    });
    await runJobs();
    const payment = await paymentOf(order!.id);
    expect(payment).toMatchObject({ status: 'paid', capturedAmount: payment.amount });
    return { orderId: order!.id, intentId, captured: payment.capturedAmount };
  };
  const refundsOf = (orderId: number) =>
    shop.handle.db
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.orderId, orderId))
      .orderBy(paymentOperations.id)
      .then((ops) => ops.filter((op) => op.kind === 'refund'));
  const refund = (input: Record<string, unknown>) =>
    refundOrder(shop.handle.db, refundInputSchema.parse(input), STAFF, new Date());
  const refundedAt = (intentId: string) =>
    shop.standIn.refunds(intentId).reduce((sum, r) => sum + r.amount, 0);

  it('a Dashboard refund and its charge.refunded ×2 are recorded once; a later back-office refund gets only the rest', async () => {
    const { orderId, intentId, captured } = await capturedOrder([
      [F.bike.skuId, 1],
      [F.tube.skuId, 2],
    ]);
    const outside = 12_345;
    const made = await dashboard().refunds.create({ payment_intent: intentId, amount: outside });
    expect(await shop.standIn.deliver('charge.refunded', intentId, { times: 2 })).toEqual([
      200, 200,
    ]);
    // A third time, as a new event (Stripe sends one per change): still once.
    expect(await shop.standIn.deliver('charge.refunded', intentId)).toEqual([200]);
    const [recorded, ...more] = await refundsOf(orderId);
    expect(more).toEqual([]);
    expect(recorded).toMatchObject({
      kind: 'refund',
      state: 'succeeded',
      amount: outside,
      providerOperationId: made.id,
      refundNo: null,
      idempotencyKey: `refund:${orderId}:stripe:${made.id}`,
      providerMessage: OUTSIDE_REFUND_NOTE,
      staffEmail: null,
    });
    expect(await paymentOf(orderId)).toMatchObject({ refundedAmount: outside });

    // The back office refunds the whole order: Stripe is asked for what is left, not more.
    const full = await refund({ orderId, full: true, includeShipping: true });
    expect(full.amountIncVat).toBe(captured);
    await runJobs();
    expect(shop.standIn.refunds(intentId).map((r) => r.amount)).toEqual([
      outside,
      captured - outside,
    ]);
    expect(refundedAt(intentId)).toBe(captured);
    // Its own webhook afterwards adds nothing.
    expect(await shop.standIn.deliver('charge.refunded', intentId)).toEqual([200]);
    const ops = await refundsOf(orderId);
    expect(ops.map((op) => [op.state, op.amount, op.refundNo])).toEqual([
      ['succeeded', outside, null],
      ['succeeded', captured - outside, full.refundNo],
    ]);
    expect(await paymentOf(orderId)).toMatchObject({ refundedAmount: captured });
    // Nothing is left: a further Dashboard-style webhook replay changes nothing either.
    expect(await shop.standIn.deliver('charge.refunded', intentId, { times: 2 })).toEqual([
      200, 200,
    ]);
    expect(await refundsOf(orderId)).toHaveLength(2);
  });

  it("the shop's own refund and its webhook are counted once, also when the webhook comes first", async () => {
    const { orderId, intentId } = await capturedOrder([[F.tube.skuId, 3]]);
    const first = await refund({ orderId, lines: [{ lineNo: 1, quantity: 1 }] });
    await runJobs();
    expect(await shop.standIn.deliver('charge.refunded', intentId, { times: 2 })).toEqual([
      200, 200,
    ]);
    expect((await refundsOf(orderId)).map((op) => op.amount)).toEqual([first.amountIncVat]);
    expect(await paymentOf(orderId)).toMatchObject({ refundedAmount: first.amountIncVat });

    // The job's call reaches Stripe, the webhook arrives before the job has recorded the answer.
    const second = await refund({ orderId, lines: [{ lineNo: 1, quantity: 1 }] });
    const [, queued] = await refundsOf(orderId);
    expect(queued).toMatchObject({ state: 'queued', providerOperationId: null });
    await dashboard().refunds.create(
      {
        payment_intent: intentId,
        amount: second.amountIncVat,
        reason: 'requested_by_customer',
        metadata: { orderId: String(orderId), refundNo: String(second.refundNo) },
      },
      { idempotencyKey: `${intentId}:${queued!.idempotencyKey}` },
    );
    expect(await shop.standIn.deliver('charge.refunded', intentId)).toEqual([200]);
    expect(await refundsOf(orderId)).toHaveLength(2);
    await runJobs();
    // The job's own call is answered with the same refund (same key): one refund at Stripe.
    expect(shop.standIn.refunds(intentId).map((r) => r.amount)).toEqual([
      first.amountIncVat,
      second.amountIncVat,
    ]);
    const ops = await refundsOf(orderId);
    expect(ops.map((op) => [op.state, op.amount])).toEqual([
      ['succeeded', first.amountIncVat],
      ['succeeded', second.amountIncVat],
    ]);
    expect(ops[1]!.providerOperationId).toBe(shop.standIn.refunds(intentId)[1]!.id);
    expect(await paymentOf(orderId)).toMatchObject({
      refundedAmount: first.amountIncVat + second.amountIncVat,
    });
  });

  it('a refund Stripe reports failed later (refund.updated) is marked failed and on "Att hantera"', async () => {
    const { orderId, intentId } = await capturedOrder([[F.tube.skuId, 2]]);
    const before = await countFailedOperations(shop.handle.db);
    const back = await refund({ orderId, lines: [{ lineNo: 1, quantity: 1 }] });
    await runJobs();
    const [op] = await refundsOf(orderId);
    expect(op).toMatchObject({ state: 'succeeded', amount: back.amountIncVat });
    shop.standIn.failRefund(op!.providerOperationId!, 'expired_or_canceled_card');
    expect(await shop.standIn.deliver('refund.updated', intentId, { times: 2 })).toEqual([
      200, 200,
    ]);
    const [failed] = await refundsOf(orderId);
    expect(failed).toMatchObject({ state: 'failed', errorCode: 'expired_or_canceled_card' });
    expect(failed!.providerMessage).toContain('misslyckades');
    expect(await paymentOf(orderId)).toMatchObject({ refundedAmount: 0 });
    expect(await countFailedOperations(shop.handle.db)).toBe(before + 1);
  });
});
