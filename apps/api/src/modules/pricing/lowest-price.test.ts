/**
 * The 30-day rules of lowest-price.ts (prisinformationslagen 7 a §): the comparison price is
 * the lowest price of the 30 days before the current price took effect, exactly at the window's
 * edges; the lowest price covers the last 30 days; the log lists UTC days with `isLowest`.
 */
import { describe, expect, it } from 'vitest';
import { lowestPriceOf, priceLogDays, type PriceLogEntry } from './lowest-price.ts';

const DAY = 86_400_000;
const NOW = new Date('2026-11-25T12:00:00Z');
const at = (days: number, ms = 0) => new Date(NOW.getTime() + days * DAY + ms);
const row = (changedAt: Date, selling: number, regular = 100_000): PriceLogEntry => ({
  changedAt,
  sellingPriceIncVat: selling,
  regularPriceIncVat: regular,
  vatRateBasisPoints: 2500,
});
const current = (selling: number, regular = 100_000) => ({
  sellingPriceIncVat: selling,
  regularPriceIncVat: regular,
  vatRateBasisPoints: 2500,
});

describe('lowestPriceOf', () => {
  it('compares a reduction with the lowest price of the 30 days before it took effect', () => {
    const rows = [row(at(-60), 100_000), row(at(-20), 90_000), row(at(-2), 75_000)];
    const result = lowestPriceOf(rows, current(75_000), NOW);
    expect(result).toMatchObject({
      sellingPriceIncVat: 75_000,
      comparisonPriceIncVat: 90_000,
      lowestPriceIncVat: 75_000,
      discountIncVat: 15_000,
      discountPercentage: 17,
      isDiscounted: true,
    });
    expect(result.comparisonPriceExVat).toBe(72_000);
    expect(result.discountExVat).toBe(72_000 - 60_000);
    expect(result.vat).toBe(15_000);
  });

  it('counts a price in effect at the window start, and none that ended exactly there', () => {
    const effective = at(-1);
    const windowStart = new Date(effective.getTime() - 30 * DAY);
    // 80 000 ends exactly at the window start: not in the window.
    const ended = [
      row(at(-50), 100_000),
      row(at(-40), 80_000),
      row(windowStart, 100_000),
      row(effective, 90_000),
    ];
    expect(lowestPriceOf(ended, current(90_000), NOW).comparisonPriceIncVat).toBe(100_000);
    // Ending one millisecond later, it was in effect during the window.
    const inside = [
      row(at(-50), 100_000),
      row(at(-40), 80_000),
      row(new Date(windowStart.getTime() + 1), 100_000),
      row(effective, 90_000),
    ];
    const result = lowestPriceOf(inside, current(90_000), NOW);
    expect(result.comparisonPriceIncVat).toBe(80_000);
    expect(result.isDiscounted).toBe(false);
    expect(result.discountIncVat).toBe(0);
    expect(result.discountPercentage).toBe(0);
  });

  it('takes a price not yet logged as taking effect now', () => {
    const result = lowestPriceOf([row(at(-60), 100_000)], current(80_000), NOW);
    expect(result.comparisonPriceIncVat).toBe(100_000);
    expect(result.discountPercentage).toBe(20);
  });

  it('compares with the selling price itself when nothing earlier is known', () => {
    const result = lowestPriceOf([], current(80_000), NOW);
    expect(result.comparisonPriceIncVat).toBe(80_000);
    expect(result.isDiscounted).toBe(false);
  });

  it('keeps the start of the selling price when only the regular price changed since', () => {
    const rows = [
      row(at(-60), 100_000),
      row(at(-10), 70_000, 100_000),
      row(at(-5), 70_000, 110_000),
    ];
    const result = lowestPriceOf(rows, current(70_000, 110_000), NOW);
    expect(result.comparisonPriceIncVat).toBe(100_000);
  });

  it('gives the lowest price of the last 30 days, not of the 31st', () => {
    const rows = [row(at(-40), 50_000), row(at(-31), 100_000), row(at(-5), 90_000)];
    expect(lowestPriceOf(rows, current(100_000), NOW).lowestPriceIncVat).toBe(90_000);
  });
});

describe('priceLogDays', () => {
  it('lists the last 30 UTC days, the lowest price of each, and marks the lowest', () => {
    const rows = [row(at(-90), 100_000), row(at(-3), 80_000), row(at(-3, 3_600_000), 85_000)];
    const days = priceLogDays(rows, current(85_000), NOW);
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe('2026-10-27');
    expect(days.at(-1)!.date).toBe('2026-11-25');
    expect(days.filter((d) => d.isLowest).map((d) => d.date)).toEqual(['2026-11-22']);
    expect(days.find((d) => d.date === '2026-11-22')).toMatchObject({
      sellingPriceIncVat: 80_000,
      regularPriceIncVat: 100_000,
      discountIncVat: 20_000,
      discountPercentage: 20,
      isDiscounted: true,
    });
    expect(days.at(-1)!.sellingPriceIncVat).toBe(85_000);
    expect(days[0]).toMatchObject({ sellingPriceIncVat: 100_000, isDiscounted: false });
  });

  it('leaves out the days before the first logged price', () => {
    const days = priceLogDays([row(at(-2), 100_000)], current(100_000), NOW);
    expect(days.map((d) => d.date)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    expect(days.every((d) => d.isLowest)).toBe(true);
  });
});
