import { describe, expect, it } from 'vitest';
import { deliveryTime, sellableUnits, stockStatus } from './stock-status.ts';

describe('stockStatus (SPEC §4)', () => {
  it('is in stock above the few-left threshold', () => {
    expect(stockStatus({ inStock: 6, oversellable: 0, static: 0 })).toBe('in-stock');
    expect(stockStatus({ inStock: 100, oversellable: 10, static: 3 })).toBe('in-stock');
  });

  it('is few left for 1..5 in stock', () => {
    expect(stockStatus({ inStock: 1, oversellable: 0 })).toBe('few-left');
    expect(stockStatus({ inStock: 5, oversellable: 20, static: 0 })).toBe('few-left');
  });

  it('is static when nothing is in stock and static units exist', () => {
    expect(stockStatus({ inStock: 0, oversellable: 0, static: 1 })).toBe('static');
    expect(stockStatus({ inStock: 0, oversellable: 4, static: 2 })).toBe('static');
  });

  it('is oversellable when only supplier stock exists', () => {
    expect(stockStatus({ inStock: 0, oversellable: 3, static: 0 })).toBe('oversellable');
    expect(stockStatus({ inStock: 0, oversellable: 3, static: null })).toBe('oversellable');
  });

  it('is out of stock otherwise', () => {
    expect(stockStatus({ inStock: 0, oversellable: 0, static: 0 })).toBe('out-of-stock');
    expect(stockStatus({ inStock: -2, oversellable: 0 })).toBe('out-of-stock');
  });
});

describe('deliveryTime (SPEC §4)', () => {
  it('maps statuses to 1-3, 3-10 or longer days', () => {
    expect(deliveryTime('in-stock')).toBe('1-3');
    expect(deliveryTime('few-left')).toBe('1-3');
    expect(deliveryTime('static')).toBe('1-3');
    expect(deliveryTime('oversellable')).toBe('3-10');
    expect(deliveryTime('out-of-stock')).toBe('longer');
  });
});

describe('sellableUnits', () => {
  it('adds in stock, oversellable and static', () => {
    expect(sellableUnits({ inStock: 2, oversellable: 3, static: 4 })).toBe(9);
    expect(sellableUnits({ inStock: 2, oversellable: 3 })).toBe(5);
  });
});
