/**
 * Money moved through Kustom Order Management as jobs (issue 42; ADR 019 §3–4;
 * docs/payment-stand-ins.md K4–K5), against the local stand-in: the first parcel captures the
 * authorisation (with its tracking number), a partial then a full refund from the back office
 * reach Kustom and its captured/refunded amounts equal ours to the öre; a refund before the
 * shipment lowers the capture and the rest is released; cancelling before the shipment cancels
 * the authorisation; with Kustom down the job retries and nothing moves twice; a refusal for
 * good marks the operation failed with Kustom's words and "Försök igen" queues it again.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderPayments, orders, paymentOperations } from '../src/db/schema.ts';
import { JobRunner } from '../src/modules/jobs/runner.ts';
import { transitionOrder } from '../src/modules/orders/order-process.ts';
import { refundOrder, refundInputSchema } from '../src/modules/orders/order-refund.service.ts';
import { KustomClient } from '../src/modules/payments/kustom-client.ts';
import { retryPaymentOperation } from '../src/modules/payments/payment-operations.service.ts';
import { CART_FIXTURE as F } from './cart-fixture.ts';
import { CONFIRM, useKustomShop } from './kustom-suite.ts';
import { testDatabaseKinds } from './test-db.ts';

const STAFF = { staffUserId: null, staffEmail: 'lager@example.se' };
const quiet = { info: () => {}, error: () => {} };

describe.each(testDatabaseKinds())('Kustom payment operations on %s', (kind) => {
  const shop = useKustomShop(kind);

  /** An order paid with Kustom: checkout, purchase at the stand-in, the push. */
  const paidOrder = async (items: Array<[number, number]>) => {
    const cartId = await shop.cartWith(items);
    const { id } = shop.kustomOrderOf((await shop.chooseKustom(cartId)).paymentData!);
    expect((await shop.standIn.complete(id)).outcome).toBe('completed');
    expect(await shop.standIn.push(id)).toBe(200);
    const [order] = await shop.ordersOfCart(cartId);
    return { orderId: order!.id, kcoId: id };
  };
  const runJobs = () =>
    new JobRunner({
      db: shop.handle.db,
      config: shop.config,
      log: quiet,
      kinds: ['payment-operation'],
      backoff: () => 0,
    }).runUntilIdle();
  const opsOf = (orderId: number) =>
    shop.handle.db
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.orderId, orderId))
      .orderBy(paymentOperations.id);
  const paymentOf = async (orderId: number) =>
    (
      await shop.handle.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId))
    )[0]!;
  const om = (kcoId: string) => shop.standIn.orders.get(kcoId)!.om;
  const refund = (input: Record<string, unknown>) =>
    refundOrder(shop.handle.db, refundInputSchema.parse(input), STAFF, new Date());
  /** The references of the lines Kustom authorised (the checkout's order lines). */
  const kustomLineRefs = (kcoId: string) =>
    (shop.standIn.orders.get(kcoId)!.order_lines as Array<{ reference: string }>).map(
      (l) => l.reference,
    );
  type RefundLine = Record<
    | 'quantity'
    | 'unit_price'
    | 'tax_rate'
    | 'total_amount'
    | 'total_tax_amount'
    | 'total_discount_amount',
    number
  > & { type: string; reference: string; name: string };
  type Refund = { refunded_amount: number; description?: string; order_lines: RefundLine[] };
  const sum = (lines: RefundLine[], field: keyof RefundLine) =>
    lines.reduce((n, l) => n + (l[field] as number), 0);

  it('the first parcel captures; a partial then a full refund reach Kustom, amounts equal to the öre', async () => {
    const { orderId, kcoId } = await paidOrder([
      [F.bike.skuId, 1],
      [F.tube.skuId, 1],
    ]);
    const authorised = (await paymentOf(orderId)).amount;
    await transitionOrder(shop.handle.db, orderId, 'processing', 'Skickad', {
      shipment: { parcelNumber: 'PN-1234567' },
      actor: STAFF,
    });
    // A second parcel captures nothing more.
    await transitionOrder(shop.handle.db, orderId, 'processing', 'Skickad', {
      shipment: { parcelNumber: 'PN-7654321' },
    });
    await runJobs();
    expect(om(kcoId)).toMatchObject({ status: 'CAPTURED', captured_amount: authorised });
    const capture = shop.requestsTo(`/orders/${kcoId}/captures`);
    expect(capture).toHaveLength(1);
    expect(capture[0]!.body).toMatchObject({
      captured_amount: authorised,
      shipping_info: [{ tracking_number: 'PN-1234567' }],
    });
    expect(await paymentOf(orderId)).toMatchObject({ status: 'paid', capturedAmount: authorised });

    const [order] = await shop.handle.db.select().from(orders).where(eq(orders.id, orderId));
    const partial = await refund({ orderId, lines: [{ lineNo: 2, quantity: 1 }] });
    await runJobs();
    expect(om(kcoId).refunded_amount).toBe(partial.amountIncVat);
    const full = await refund({ orderId, full: true, includeShipping: true });
    await runJobs();
    // Each refund carries its lines (K4), adding up to its amount, the tax as Kustom checks it.
    const [first, second] = shop
      .requestsTo(`/orders/${kcoId}/refunds`)
      .map((r) => r.body as Refund);
    expect(first).toMatchObject({
      refunded_amount: partial.amountIncVat,
      reference: `refund-${orderId}-1`,
      order_lines: [
        { type: 'physical', quantity: 1, tax_rate: 2500, total_amount: partial.amountIncVat },
      ],
    });
    expect(first!.order_lines[0]!.reference).toBe(kustomLineRefs(kcoId)[1]);
    expect(second!.order_lines.map((l) => [l.type, l.quantity])).toEqual([
      ['physical', 1],
      ...(order!.shippingFeeIncVat > 0 ? [['shipping_fee', 1]] : []),
    ]);
    for (const body of [first!, second!]) {
      expect(sum(body.order_lines, 'total_amount')).toBe(body.refunded_amount);
      for (const l of body.order_lines) {
        expect(l.total_amount).toBe(l.quantity * l.unit_price - l.total_discount_amount);
        expect(
          Math.abs(l.total_tax_amount - (l.total_amount * l.tax_rate) / (10000 + l.tax_rate)),
        ).toBeLessThanOrEqual(1);
      }
    }
    const rows = [...partial.rows, ...full.rows];
    expect(
      sum(
        [first!, second!].flatMap((b) => b.order_lines),
        'total_tax_amount',
      ),
    ).toBe(rows.reduce((n, r) => n + r.amountIncVat - r.amountExVat, 0));
    expect(partial.amountIncVat + full.amountIncVat).toBe(authorised - order!.fromBalance);
    expect(om(kcoId).refunded_amount).toBe(authorised);
    expect(await paymentOf(orderId)).toMatchObject({ refundedAmount: authorised });
    const ops = await opsOf(orderId);
    expect(ops.map((op) => [op.kind, op.state, op.amount, op.idempotencyKey])).toEqual([
      ['capture', 'succeeded', authorised, `capture:${orderId}:1`],
      ['refund', 'succeeded', partial.amountIncVat, `refund:${orderId}:1`],
      ['refund', 'succeeded', full.amountIncVat, `refund:${orderId}:2`],
    ]);
    expect(ops[0]!.providerOperationId).toBeTruthy();
  });

  it('a refund before the shipment lowers the capture and releases the rest; cancelling before it cancels', async () => {
    const first = await paidOrder([
      [F.bike.skuId, 1],
      [F.tube.skuId, 1],
    ]);
    const authorised = (await paymentOf(first.orderId)).amount;
    const early = await refund({ orderId: first.orderId, lines: [{ lineNo: 2, quantity: 1 }] });
    await transitionOrder(shop.handle.db, first.orderId, 'processing', 'Packas');
    await transitionOrder(shop.handle.db, first.orderId, 'completed', 'Klar');
    await runJobs();
    expect(om(first.kcoId)).toMatchObject({
      status: 'CAPTURED',
      captured_amount: authorised - early.amountIncVat,
      refunded_amount: 0,
      remaining_authorized_amount: 0,
    });
    expect(shop.requestsTo(`/orders/${first.kcoId}/release-remaining-authorization`)).toHaveLength(
      1,
    );

    const second = await paidOrder([[F.tube.skuId, 2]]);
    await transitionOrder(shop.handle.db, second.orderId, 'cancelled', 'Kunden ångrade sig', {
      actor: STAFF,
    });
    await runJobs();
    expect(om(second.kcoId).status).toBe('CANCELLED');
    expect(await paymentOf(second.orderId)).toMatchObject({ status: 'cancelled' });
  });

  it('Kustom down: the capture retries with the same key and moves the money once; a refusal for good fails with its words, and "Försök igen" queues it again', async () => {
    const { orderId, kcoId } = await paidOrder([[F.bike.skuId, 1]]);
    const authorised = (await paymentOf(orderId)).amount;
    shop.standIn.setDown(2);
    await transitionOrder(shop.handle.db, orderId, 'processing', 'Skickad', {
      shipment: { parcelNumber: 'PN-5555555' },
    });
    await runJobs();
    const captures = shop.requestsTo(`/orders/${kcoId}/captures`);
    expect(captures.length).toBeGreaterThanOrEqual(2);
    expect(new Set(captures.map((r) => r.headers['klarna-idempotency-key'])).size).toBe(1);
    expect(om(kcoId)).toMatchObject({ captured_amount: authorised, captures: [expect.anything()] });
    const [capture] = await opsOf(orderId);
    expect(capture).toMatchObject({ state: 'succeeded' });
    expect(capture!.attempts).toBeGreaterThanOrEqual(3);

    // Kustom refuses a refund larger than it captured (our records say otherwise).
    const stored = shop.standIn.orders.get(kcoId)!;
    stored.om.captured_amount = 100;
    const partial = await refund({ orderId, lines: [{ lineNo: 1, quantity: 1 }] });
    await runJobs();
    const refused = (await opsOf(orderId)).find((op) => op.kind === 'refund')!;
    expect(refused).toMatchObject({ state: 'failed', amount: partial.amountIncVat });
    expect(refused.errorCode).toBeTruthy();
    expect(refused.providerMessage).toBeTruthy();
    stored.om.captured_amount = authorised;
    await retryPaymentOperation(shop.handle.db, refused.id);
    await runJobs();
    const [, again] = await opsOf(orderId);
    // A new key: Kustom answers a repeated key with its first answer (K4).
    expect(again).toMatchObject({
      id: refused.id,
      state: 'succeeded',
      idempotencyKey: `refund:${orderId}:1:r1`,
    });
    expect(om(kcoId).refunded_amount).toBe(partial.amountIncVat);
    // The confirm page still shows the one order.
    expect((await shop.q(CONFIRM, { id: kcoId })).checkout.completed).toBe(true);
  });

  it('a capture retried after a day reads Kustom first: taken already, it is not sent again', async () => {
    const { orderId, kcoId } = await paidOrder([[F.tube.skuId, 1]]);
    const authorised = (await paymentOf(orderId)).amount;
    await transitionOrder(shop.handle.db, orderId, 'processing', 'Skickad', {
      shipment: { parcelNumber: 'PN-2424242' },
    });
    // An attempt a day ago reached Kustom, its answer was lost, and the shop was down since.
    await shop.handle.db
      .update(paymentOperations)
      .set({ attempts: 1, createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(paymentOperations.orderId, orderId));
    const stored = shop.standIn.orders.get(kcoId)!;
    stored.om.captured_amount = authorised;
    stored.om.remaining_authorized_amount = 0;
    await runJobs();
    expect(shop.requestsTo(`/orders/${kcoId}/captures`)).toHaveLength(0);
    const [capture] = await opsOf(orderId);
    expect(capture).toMatchObject({ kind: 'capture', state: 'succeeded', amount: authorised });
    expect(await paymentOf(orderId)).toMatchObject({ status: 'paid', capturedAmount: authorised });
  });

  it('a refund of an amount (cancelling after the capture) sends the amount and a description, no lines; the stand-in refuses lines that do not add up', async () => {
    const { orderId, kcoId } = await paidOrder([[F.tube.skuId, 2]]);
    const authorised = (await paymentOf(orderId)).amount;
    await transitionOrder(shop.handle.db, orderId, 'processing', 'Skickad', {
      shipment: { parcelNumber: 'PN-3131313' },
    });
    await runJobs();
    await transitionOrder(shop.handle.db, orderId, 'cancelled', 'Returnerad', { actor: STAFF });
    await runJobs();
    const [sent] = shop.requestsTo(`/orders/${kcoId}/refunds`);
    expect(sent!.body).toEqual({
      refunded_amount: authorised,
      description: `Återbetalning order ${orderId}`,
      reference: `order-${orderId}`,
    });
    expect(om(kcoId).refunded_amount).toBe(authorised);

    // As Klarna would: lines whose totals are not the refunded amount, or whose tax is not
    // their rate's, are refused (400 BAD_VALUE), and nothing is refunded.
    const other = await paidOrder([[F.tube.skuId, 1]]);
    await transitionOrder(shop.handle.db, other.orderId, 'processing', 'Skickad', {
      shipment: { parcelNumber: 'PN-3232323' },
    });
    await runJobs();
    const kustom = new KustomClient({
      apiUrl: shop.standIn.url,
      username: shop.standIn.username,
      password: shop.standIn.password,
    });
    const line = {
      type: 'physical' as const,
      reference: 'X',
      name: 'Slang',
      quantity: 1,
      unitPrice: 10000,
      taxRate: 2500,
      totalDiscountAmount: 0,
      totalAmount: 10000,
      totalTaxAmount: 2000,
      skuId: null,
    };
    const short = await kustom.refund(other.kcoId, 'refund:test:1', {
      amount: 9000,
      lines: [line],
    });
    expect(short).toMatchObject({ ok: false, status: 400, code: 'BAD_VALUE' });
    const badTax = await kustom.refund(other.kcoId, 'refund:test:2', {
      amount: 10000,
      lines: [{ ...line, totalTaxAmount: 2500 }],
    });
    expect(badTax).toMatchObject({ ok: false, status: 400, code: 'BAD_VALUE' });
    expect(om(other.kcoId).refunded_amount).toBe(0);
    const good = await kustom.refund(other.kcoId, 'refund:test:3', {
      amount: 10000,
      lines: [line],
    });
    expect(good.ok).toBe(true);
  });
});
