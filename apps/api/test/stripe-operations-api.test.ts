/**
 * Money moved through Stripe as jobs (issue 42; ADR 019 §3–4; docs/payment-stand-ins.md S3,
 * S8), the real `stripe` client against the local stand-in: the first parcel captures the card
 * authorisation; a partial then a full refund from the back office reach Stripe as refunds of
 * exactly those amounts; two refunds at once never pay back more than was captured; with Stripe
 * down the capture retries under the same Idempotency-Key and moves the money once; cancelling
 * before the shipment cancels the intent; a Swish payment (captured at once) is refunded when
 * the order is cancelled. Every figure equal to the öre. On every database kind.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, paymentOperations } from '../src/db/schema.ts';
import { transitionOrder } from '../src/modules/orders/order-process.ts';
import { refundOrder, refundInputSchema } from '../src/modules/orders/order-refund.service.ts';
import { CART_FIXTURE as F } from './cart-fixture.ts';
import { CONFIRM, useStripeShop } from './stripe-suite.ts';
import { testDatabaseKinds } from './test-db.ts';

const STAFF = { staffUserId: null, staffEmail: 'lager@example.se' };

describe.each(testDatabaseKinds())('Stripe payment operations on %s', (kind) => {
  const shop = useStripeShop(kind);
  const { runJobs, paymentOf } = shop;

  /** An order paid through Stripe: checkout, confirm at the stand-in, the webhook. */
  const paidOrder = async (items: Array<[number, number]>, method: 'card' | 'swish' = 'card') => {
    const cartId = await shop.cartWith(items);
    const { intentId, sessionId } = await shop.chooseStripe(cartId);
    await shop.standIn.confirm(intentId, { method });
    const event =
      method === 'card' ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded';
    expect(await shop.standIn.deliver(event, intentId)).toEqual([200]);
    const [order] = await shop.ordersOfCart(cartId);
    return { orderId: order!.id, intentId, sessionId };
  };
  const opsOf = (orderId: number) =>
    shop.handle.db
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.orderId, orderId))
      .orderBy(paymentOperations.id);
  const refund = (input: Record<string, unknown>) =>
    refundOrder(shop.handle.db, refundInputSchema.parse(input), STAFF, new Date());
  const refundedAt = (intentId: string) =>
    shop.standIn.refunds(intentId).reduce((sum, r) => sum + r.amount, 0);

  it('the first parcel captures the card payment; a partial then a full refund reach Stripe to the öre', async () => {
    const { orderId, intentId } = await paidOrder([
      [F.bike.skuId, 1],
      [F.tube.skuId, 1],
    ]);
    const authorised = (await paymentOf(orderId)).amount;
    await transitionOrder(shop.handle.db, orderId, 'processing', 'Skickad', {
      shipment: { parcelNumber: 'PN-1234567' },
      actor: STAFF,
    });
    await transitionOrder(shop.handle.db, orderId, 'processing', 'Skickad', {
      shipment: { parcelNumber: 'PN-7654321' },
    });
    await runJobs();
    expect(shop.standIn.intent(intentId)).toMatchObject({
      status: 'succeeded',
      amount_received: authorised,
    });
    const captures = shop.posts(`/v1/payment_intents/${intentId}/capture`);
    expect(captures).toHaveLength(1);
    expect(captures[0]!.idempotencyKey).toBe(`${intentId}:capture:${orderId}:1`);
    expect(await paymentOf(orderId)).toMatchObject({ status: 'paid', capturedAmount: authorised });

    const [order] = await shop.handle.db.select().from(orders).where(eq(orders.id, orderId));
    const partial = await refund({ orderId, lines: [{ lineNo: 2, quantity: 1 }] });
    await runJobs();
    expect(shop.standIn.refunds(intentId).map((r) => r.amount)).toEqual([partial.amountIncVat]);
    const full = await refund({ orderId, full: true, includeShipping: true });
    await runJobs();
    expect(partial.amountIncVat + full.amountIncVat).toBe(authorised - order!.fromBalance);
    // Stripe was asked for exactly the remainder the second time.
    expect(shop.standIn.refunds(intentId).map((r) => r.amount)).toEqual([
      partial.amountIncVat,
      full.amountIncVat,
    ]);
    expect(refundedAt(intentId)).toBe(authorised);
    expect(await paymentOf(orderId)).toMatchObject({ refundedAmount: authorised });
    const ops = await opsOf(orderId);
    expect(ops.map((op) => [op.kind, op.state, op.amount])).toEqual([
      ['capture', 'succeeded', authorised],
      ['refund', 'succeeded', partial.amountIncVat],
      ['refund', 'succeeded', full.amountIncVat],
    ]);
    expect(ops[2]!.providerOperationId).toMatch(/^re_/);
  });

  it('two refunds at once never pay back more than was captured', async () => {
    const { orderId, intentId } = await paidOrder([[F.tube.skuId, 3]]);
    await transitionOrder(shop.handle.db, orderId, 'processing', 'Packas');
    await transitionOrder(shop.handle.db, orderId, 'completed', 'Klar');
    await runJobs();
    const captured = (await paymentOf(orderId)).capturedAmount;
    const results = await Promise.allSettled([
      refund({ orderId, full: true, includeShipping: true }),
      refund({ orderId, full: true, includeShipping: true }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await runJobs();
    expect(refundedAt(intentId)).toBe(captured);
    expect(await paymentOf(orderId)).toMatchObject({ refundedAmount: captured });
  });

  it('Stripe down: the capture retries with the same key and captures once; cancelling before shipment cancels', async () => {
    const { orderId, intentId } = await paidOrder([[F.bike.skuId, 1]]);
    const authorised = (await paymentOf(orderId)).amount;
    shop.standIn.failNext(2);
    await transitionOrder(shop.handle.db, orderId, 'processing', 'Skickad', {
      shipment: { parcelNumber: 'PN-5555555' },
    });
    await runJobs();
    const captures = shop.posts(`/v1/payment_intents/${intentId}/capture`);
    expect(captures.length).toBeGreaterThanOrEqual(2);
    expect(new Set(captures.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(shop.standIn.intent(intentId)!.amount_received).toBe(authorised);
    const [capture] = await opsOf(orderId);
    expect(capture).toMatchObject({ state: 'succeeded' });
    expect(capture!.attempts).toBeGreaterThanOrEqual(3);

    const second = await paidOrder([[F.tube.skuId, 2]]);
    await transitionOrder(shop.handle.db, second.orderId, 'cancelled', 'Kunden ångrade sig', {
      actor: STAFF,
    });
    await runJobs();
    expect(shop.standIn.intent(second.intentId)!.status).toBe('canceled');
    expect(await paymentOf(second.orderId)).toMatchObject({ status: 'cancelled' });
  });

  it('Swish: a cancelled order is refunded in full; the confirm page still shows the order', async () => {
    const { orderId, intentId, sessionId } = await paidOrder([[F.tube.skuId, 1]], 'swish');
    const paid = (await paymentOf(orderId)).amount;
    await transitionOrder(shop.handle.db, orderId, 'cancelled', 'Kunden ångrade sig', {
      actor: STAFF,
    });
    await runJobs();
    expect(shop.posts(`/v1/payment_intents/${intentId}/capture`)).toHaveLength(0);
    expect(refundedAt(intentId)).toBe(paid);
    expect(await paymentOf(orderId)).toMatchObject({ capturedAmount: paid, refundedAmount: paid });
    expect((await shop.q(CONFIRM, { id: sessionId })).checkout.completed).toBe(true);
  });
});
