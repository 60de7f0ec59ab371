import { describe, expect, it } from 'vitest';
import { orderCartItemId } from './order-cart.ts';
import { orderRefunds, refundState, type OrderRefundRecord } from './order-refunds.ts';
import type { OrderLineRecord, OrderRecord, OrderView } from './orders.service.ts';

const line = (lineNo: number, totalIncVat: number, totalExVat: number): OrderLineRecord =>
  ({
    orderId: 100_001,
    lineNo,
    articleNumber: `P-${lineNo}`,
    skuArticleNumber: `S-${lineNo}`,
    totalIncVat,
    totalExVat,
  }) as OrderLineRecord;

const view = (status: string): OrderView => ({
  order: { id: 100_001, status, shippingFeeIncVat: 4_900, shippingFeeExVat: 3_920 } as OrderRecord,
  lines: [
    { ...line(1, 59_800, 47_840), quantity: 2 },
    { ...line(2, 12_900, 10_320), quantity: 1 },
  ],
});

const row = (
  id: number,
  lineNo: number | null,
  quantity: number,
  amountIncVat: number,
  amountExVat: number,
): OrderRefundRecord => ({
  id,
  orderId: 100_001,
  refundNo: id,
  lineNo,
  quantity,
  amountIncVat,
  amountExVat,
  toBalance: lineNo === null,
  reason: 'Retur',
  staffUserId: 1,
  staffEmail: 'kundtjanst@example.se',
  createdAt: new Date('2026-11-19T10:00:00Z'),
});

const cancelledAt = new Date('2026-11-20T10:00:00Z');

describe('orderRefunds', () => {
  it('refunds every line of a cancelled order in full, at the cancellation', () => {
    expect(orderRefunds(view('cancelled'), { at: cancelledAt, reason: 'Ångrat köp' })).toEqual([
      {
        id: 1_000_010_001,
        itemId: orderCartItemId(100_001, 1),
        articleNumber: 'S-1',
        createdAt: cancelledAt,
        reason: 'Ångrat köp',
        refundType: 'cancellation',
        toBalance: false,
        totalIncVat: 59_800,
        vat: 11_960,
      },
      expect.objectContaining({ id: 1_000_010_002, totalIncVat: 12_900, vat: 2_580 }),
    ]);
  });

  it('has none for an order that is not cancelled', () => {
    for (const status of ['received', 'processing', 'completed']) {
      expect(orderRefunds(view(status), { at: cancelledAt, reason: '' })).toEqual([]);
    }
    expect(orderRefunds(view('cancelled'), null)).toEqual([]);
  });
});

describe('refunds with rows (issue 27)', () => {
  const rows = [row(7, 1, 1, 29_900, 23_920), row(8, null, 0, 4_900, 3_920)];

  it('counts what was refunded per line and of the shipping fee, and what is left', () => {
    const state = refundState(view('completed'), rows);
    expect(state.lines).toEqual([
      {
        lineNo: 1,
        refundedQuantity: 1,
        refundedIncVat: 29_900,
        refundedExVat: 23_920,
        remainingQuantity: 1,
        remainingIncVat: 29_900,
        remainingExVat: 23_920,
      },
      expect.objectContaining({ lineNo: 2, refundedQuantity: 0, remainingQuantity: 1 }),
    ]);
    expect(state.shippingRemainingIncVat).toBe(0);
    expect(state.refundedIncVat).toBe(34_800);
  });

  it('a cancelled order has nothing left: the cancellation refunded what the rows had not', () => {
    const state = refundState(view('cancelled'), rows);
    expect(state.lines.every((l) => l.remainingQuantity === 0 && l.remainingIncVat === 0)).toBe(
      true,
    );
    expect(state.refundedIncVat).toBe(59_800 + 12_900 + 4_900);
    const refunds = orderRefunds(view('cancelled'), { at: cancelledAt, reason: 'Avbruten' }, rows);
    expect(refunds.map((r) => [r.refundType, r.itemId, r.totalIncVat, r.vat, r.toBalance])).toEqual(
      [
        ['line', orderCartItemId(100_001, 1), 29_900, 5_980, false],
        ['shipping', 0, 4_900, 980, true],
        ['cancellation', orderCartItemId(100_001, 1), 29_900, 5_980, false],
        ['cancellation', orderCartItemId(100_001, 2), 12_900, 2_580, false],
      ],
    );
    expect(refunds[1]!.articleNumber).toBeNull();
  });
});
