/**
 * The dashboard's calendar (issue 27): Stockholm days across daylight saving and midnight, ISO
 * weeks from Monday with their numbers at year ends, and sums per market.
 */
import { describe, expect, it } from 'vitest';
import { addDays, isoWeekMonday, isoWeekOf, shopDay, sumByMarket } from './order-stats.service.ts';

describe('order stats calendar', () => {
  it('takes the day in Stockholm, summer and winter time alike', () => {
    expect(shopDay(new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25'); // UTC+1
    expect(shopDay(new Date('2026-11-24T22:59:59Z'))).toBe('2026-11-24');
    expect(shopDay(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01'); // UTC+2
    expect(shopDay(new Date('2026-06-30T21:59:59Z'))).toBe('2026-06-30');
  });

  it('starts the week on Monday and numbers it as ISO 8601 does', () => {
    expect(isoWeekMonday('2026-11-25')).toBe('2026-11-23');
    expect(isoWeekMonday('2026-11-23')).toBe('2026-11-23');
    expect(isoWeekMonday('2026-11-29')).toBe('2026-11-23'); // Sunday
    expect(isoWeekMonday('2027-01-01')).toBe('2026-12-28');
    expect(isoWeekOf('2026-11-25')).toEqual({ year: 2026, week: 48 });
    expect(isoWeekOf('2026-01-01')).toEqual({ year: 2026, week: 1 });
    expect(isoWeekOf('2026-12-31')).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf('2027-01-03')).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf('2027-01-04')).toEqual({ year: 2027, week: 1 });
    expect(isoWeekOf('2024-12-30')).toEqual({ year: 2025, week: 1 });
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('adds up days per market', () => {
    const day = (d: string, marketId: string, inc: number, ex: number) => ({
      day: d,
      marketId,
      currencyCode: marketId.slice(3),
      orders: 1,
      revenueIncVat: inc,
      revenueExVat: ex,
    });
    expect(
      sumByMarket([
        day('2026-11-23', 'SE|SEK', 12_500, 10_000),
        day('2026-11-24', 'FI|EUR', 1_255, 1_000),
        day('2026-11-24', 'SE|SEK', 25_000, 20_000),
      ]),
    ).toEqual([
      {
        marketId: 'FI|EUR',
        currencyCode: 'EUR',
        orders: 1,
        revenueIncVat: 1_255,
        revenueExVat: 1_000,
      },
      {
        marketId: 'SE|SEK',
        currencyCode: 'SEK',
        orders: 2,
        revenueIncVat: 37_500,
        revenueExVat: 30_000,
      },
    ]);
  });
});
