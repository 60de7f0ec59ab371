import { describe, expect, it } from 'vitest';
import { orderCartItemId } from './order-cart.ts';
import { orderRefunds } from './order-refunds.ts';
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
  order: { id: 100_001, status } as OrderRecord,
  lines: [line(1, 59_800, 47_840), line(2, 12_900, 10_320)],
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
