import { describe, expect, it } from 'vitest';
import { orderTotals } from '@trampa/api/order-totals';
import { hashForTracking, purchaseEvent } from './purchase-tracking';

describe('purchase tracking (SPEC §5)', () => {
  it('hashes the lowercased, trimmed value with SHA-256', () => {
    expect(hashForTracking('  Anna@Example.SE ')).toBe(hashForTracking('anna@example.se'));
    expect(hashForTracking('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('builds checkout:purchase with hashes and figures that add up (issue 14)', () => {
    // A 599 kr lock on campaign at 499 kr and two 129 kr tubes, HUNDRA (100 kr off), 49 kr shipping.
    const totals = orderTotals({
      discountIncVat: 10_000 + 10_000,
      discountExVat: 16_000,
      shippingFeeIncVat: 4_900,
      shippingFeeExVat: 3_920,
      paymentFeeIncVat: 0,
      paymentFeeExVat: 0,
      orderValueIncVat: 49_900 + 25_800 - 10_000 + 4_900, // 857 − 200 + 49
      orderValueExVat: 56_480,
      fromBalance: 0,
    });
    const event = purchaseEvent({
      orderId: '100001',
      email: 'Anna@Example.se',
      firstName: 'Anna',
      lastName: 'Andersson',
      zip: '111 22',
      currency: 'SEK',
      totals,
      promoCode: 'HUNDRA',
      rows: [
        {
          sku: 'A',
          name: 'Lås',
          quantity: 1,
          paidIncVat: 43_241,
          discountIncVat: 6_659,
          productId: 1,
        },
        {
          sku: 'B',
          name: 'Slang',
          quantity: 2,
          paidIncVat: 22_459,
          discountIncVat: 3_341,
          productId: 2,
        },
      ],
    });
    expect(event.user.email).toBe(hashForTracking('anna@example.se'));
    expect(event.value).toBe(706);
    expect(event.itemsValue - event.discount + event.shipping + event.paymentFee).toBe(event.value);
    const paid = event.items.reduce((sum, i) => sum + Math.round(i.price * i.quantity * 100), 0);
    expect(paid).toBe(Math.round((event.itemsValue - event.discount) * 100));
    expect(event.items.map((i) => i.price)).toEqual([432.41, 112.295]);
  });
});
