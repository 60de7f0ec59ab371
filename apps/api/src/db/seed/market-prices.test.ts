import { describe, expect, it } from 'vitest';
import { marketPriceMinor } from './prices.ts';

describe('marketPriceMinor', () => {
  const finland = { priceFactor: 1 / 11, vatRateBasisPoints: 2550, rounding: 'ninety' as const };
  const norway = { priceFactor: 1 / 0.96, vatRateBasisPoints: 2500, rounding: 'nine' as const };

  it('converts at the fixed rate with the market VAT and ends euro prices in ,90', () => {
    // 1 429 kr incl. 25 % -> 1 143,20 kr excl. -> 103,93 € excl. -> 130,43 € incl. 25.5 %.
    expect(marketPriceMinor(142_900, 2500, finland)).toBe(12_990);
    expect(marketPriceMinor(4_900, 2500, finland)).toBe(390);
    expect(marketPriceMinor(900, 2500, finland)).toBe(90);
  });

  it('ends larger euro prices and krone prices in 9, rounding to the nearest ending', () => {
    expect(marketPriceMinor(1_499_900, 2500, finland)).toBe(139_900);
    expect(marketPriceMinor(129_900, 2500, norway)).toBe(139_900);
    expect(marketPriceMinor(119_900, 2500, norway)).toBe(119_900);
    expect(marketPriceMinor(44_900, 2500, norway)).toBe(46_900);
  });
});
