/**
 * The back office's view of payment operations (issue 42; ADR 019 §4): a real Kustom order
 * (the stand-in) ships, its capture succeeds; a refund Kustom refuses is shown failed with
 * Kustom's words on the order (`paymentOperations`), counted on the dashboard
 * (`failedPaymentOperations`); "Försök igen" (`retryPaymentOperation`) needs orders:write, is
 * audited, and the operation then succeeds and the count is 0. On every database kind.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminApi } from '../src/admin-app.ts';
import { auditLog } from '../src/db/schema.ts';
import { JobRunner } from '../src/modules/jobs/runner.ts';
import { transitionOrder } from '../src/modules/orders/order-process.ts';
import { addStaff, adminClient, codeOf } from './admin-client.ts';
import { CART_FIXTURE as F } from './cart-fixture.ts';
import { useKustomShop } from './kustom-suite.ts';
import { testDatabaseKinds } from './test-db.ts';

const ORDER = `query($id: Int!) { adminOrder(id: $id) {
  payments { provider amount capturedAmount refundedAmount }
  paymentOperations { id kind kindName amount state stateName errorCode providerMessage attempts
    staffEmail trackingNumbers refundNo } } }`;
const REFUND = `mutation($input: AdminRefundInput!) {
  refundOrder(input: $input) { refunds { totalIncVat toBalance } } }`;
const RETRY = `mutation($id: Int!) { retryPaymentOperation(id: $id) { id state stateName idempotencyKey } }`;
const COUNT = `{ failedPaymentOperations }`;

describe.each(testDatabaseKinds())('payment operations in the back office on %s', (kind) => {
  const shop = useKustomShop(kind);

  it('shows a refused refund with Kustom\'s words, counts it, and "Försök igen" (orders:write) makes it succeed', async () => {
    const db = shop.handle.db;
    const api = createAdminApi({
      db,
      config: { ...shop.config, auth: { ...shop.config.auth, scryptLogN: 12 } },
    });
    await addStaff(shop.handle, 'kundtjanst@butik.example', 'kundtjanst');
    await addStaff(shop.handle, 'redaktor@butik.example', 'innehallsredaktor');
    const service = adminClient(api, '10.42.0.1');
    expect((await service.login('kundtjanst@butik.example')).body.errors).toBeUndefined();
    const editor = adminClient(api, '10.42.0.2');
    expect((await editor.login('redaktor@butik.example')).body.errors).toBeUndefined();
    const runJobs = () =>
      new JobRunner({
        db,
        config: shop.config,
        log: { info: () => {}, error: () => {} },
        kinds: ['payment-operation'],
        backoff: () => 0,
      }).runUntilIdle();

    // A Kustom order, shipped: the capture succeeds.
    const cartId = await shop.cartWith([[F.bike.skuId, 1]]);
    const { id: kcoId } = shop.kustomOrderOf((await shop.chooseKustom(cartId)).paymentData!);
    await shop.standIn.complete(kcoId);
    expect(await shop.standIn.push(kcoId)).toBe(200);
    const [order] = await shop.ordersOfCart(cartId);
    await transitionOrder(db, order!.id, 'processing', 'Skickad', {
      shipment: { parcelNumber: 'PN-4200042' },
    });
    await runJobs();
    const authorised = shop.standIn.orders.get(kcoId)!.order_amount as number;

    // Kustom refuses the refund (it believes less was captured).
    const om = shop.standIn.orders.get(kcoId)!.om;
    om.captured_amount = 100;
    const refunded = await service.send(REFUND, {
      input: { orderId: order!.id, lines: [{ lineNo: 1, quantity: 1 }] },
    });
    expect(refunded.body.errors).toBeUndefined();
    const [refund] = refunded.body.data!.refundOrder.refunds;
    expect(refund.toBalance).toBe(false);
    const back = refund.totalIncVat as number;
    await runJobs();
    const read = await service.send(ORDER, { id: order!.id });
    expect(read.body.errors).toBeUndefined();
    const seen = read.body.data!.adminOrder;
    expect(seen.payments).toEqual([
      { provider: 'kustom', amount: authorised, capturedAmount: authorised, refundedAmount: 0 },
    ]);
    expect(seen.paymentOperations).toMatchObject([
      {
        kind: 'capture',
        kindName: 'Dragning',
        amount: authorised,
        state: 'succeeded',
        stateName: 'Klar',
        trackingNumbers: ['PN-4200042'],
      },
      {
        kind: 'refund',
        kindName: 'Återbetalning',
        amount: back,
        refundNo: 1,
        state: 'failed',
        stateName: 'Misslyckades',
        staffEmail: 'kundtjanst@butik.example',
      },
    ]);
    const failed = seen.paymentOperations[1];
    expect(failed.errorCode).toBeTruthy();
    expect(failed.providerMessage).toBeTruthy();
    expect((await service.send(COUNT)).body.data!.failedPaymentOperations).toBe(1);

    // Only orders:write may retry it.
    const denied = await editor.send(RETRY, { id: failed.id });
    expect(codeOf(denied)).toBe('FORBIDDEN');
    expect(codeOf(await editor.send(COUNT))).toBe('FORBIDDEN');
    expect((await service.send(COUNT)).body.data!.failedPaymentOperations).toBe(1);
    expect(codeOf(await service.send(RETRY, { id: 999_999 }))).toBe('NOT_FOUND');
    om.captured_amount = authorised;
    const retried = await service.send(RETRY, { id: failed.id });
    expect(retried.body.errors).toBeUndefined();
    expect(retried.body.data!.retryPaymentOperation).toEqual({
      id: failed.id,
      state: 'queued',
      stateName: 'Väntar',
      idempotencyKey: `refund:${order!.id}:1:r1`,
    });
    expect(codeOf(await service.send(RETRY, { id: failed.id }))).toBe('BAD_USER_INPUT');
    await runJobs();
    const after = (await service.send(ORDER, { id: order!.id })).body.data!.adminOrder;
    expect(after.paymentOperations[1]).toMatchObject({ state: 'succeeded' });
    expect(after.payments[0].refundedAmount).toBe(back);
    expect(shop.standIn.orders.get(kcoId)!.om.refunded_amount).toBe(back);
    expect((await service.send(COUNT)).body.data!.failedPaymentOperations).toBe(0);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.retry'), eq(auditLog.entityId, String(failed.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      staffEmail: 'kundtjanst@butik.example',
      entityType: 'payment_operation',
      before: { orderId: order!.id, kind: 'refund', state: 'failed' },
      after: { state: 'queued' },
    });
  });
});
