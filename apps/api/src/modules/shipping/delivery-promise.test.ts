import { describe, expect, it } from 'vitest';
import { swedishPromise, workingDaysOf } from './delivery-promise.ts';

describe('delivery promises (issue 43)', () => {
  it('reads nShift day ranges and single days, nothing else', () => {
    expect(workingDaysOf('1-3')).toEqual({ days: '1–3', count: 2 });
    expect(workingDaysOf(' 0 – 1 ')).toEqual({ days: '0–1', count: 2 });
    expect(workingDaysOf('1')).toEqual({ days: '1', count: 1 });
    expect(workingDaysOf('Kvällsleverans 1–2 vardagar')).toBeNull();
    expect(workingDaysOf('123')).toBeNull();
    expect(workingDaysOf(null)).toBeNull();
  });

  it('words them in Swedish for the documents', () => {
    expect(swedishPromise('1-2')).toBe('1–2 vardagar');
    expect(swedishPromise('1')).toBe('1 vardag');
    expect(swedishPromise('0')).toBe('0 vardagar');
    expect(swedishPromise(' Kvällsleverans ')).toBe('Kvällsleverans');
    expect(swedishPromise('  ')).toBeNull();
    expect(swedishPromise(null)).toBeNull();
  });
});
