import { describe, expect, it } from 'vitest';
import { hashForTracking, purchaseEvent, spread } from './purchase-tracking';

describe('purchase tracking (SPEC §5)', () => {
  it('hashes the lowercased, trimmed value with SHA-256', () => {
    expect(hashForTracking('  Anna@Example.SE ')).toBe(hashForTracking('anna@example.se'));
    expect(hashForTracking('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('spreads a fixed discount over items in proportion, öre exact', () => {
    expect(spread(10000, [40000, 20000])).toEqual([6667, 3333]);
    expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spread(0, [5])).toEqual([0]);
  });

  it('builds checkout:purchase with hashes and discounted item prices', () => {
    const event = purchaseEvent({
      orderId: '100001',
      email: 'Anna@Example.se',
      firstName: 'Anna',
      lastName: 'Andersson',
      zip: '111 22',
      currency: 'SEK',
      totalIncVat: 500,
      shippingIncVat: 0,
      fixedDiscount: 100,
      promoCode: 'HUNDRA',
      rows: [
        { sku: 'A', name: 'Lås', quantity: 1, priceIncVat: 400, productId: 1 },
        { sku: 'B', name: 'Slang', quantity: 2, priceIncVat: 200, productId: 2 },
      ],
    });
    expect(event.user.email).toBe(hashForTracking('anna@example.se'));
    expect(event.items.map((i) => i.price)).toEqual([333.33, 83.335]);
  });
});
