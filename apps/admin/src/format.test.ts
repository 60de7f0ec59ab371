/** The back office's formats (issue 40 point 5): money, percentages, markets, chart axis. */
import { describe, expect, it } from 'vitest';
import { countryName, formatBasisPoints, formatPercent, marketName } from './format.ts';
import { formatAmount, formatAxisAmount } from './money.ts';

/** Intl writes no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('admin formats', () => {
  it('money: kronor as kr, other currencies by code, decimal comma, öre only when there are any', () => {
    expect(plain(formatAmount(80_910, 'SEK'))).toBe('809,10 kr');
    expect(plain(formatAmount(129_900, 'SEK'))).toBe('1 299 kr');
    expect(plain(formatAmount(7_500, 'DKK'))).toBe('75 DKK');
    expect(plain(formatAmount(10_000, 'NOK'))).toBe('100 NOK');
    expect(plain(formatAmount(1_250, 'EUR'))).toBe('12,50 EUR');
    expect(formatAmount(7_500, 'DKK')).not.toMatch(/Dkr|Nkr/);
  });

  it('percentages with a decimal comma', () => {
    expect(plain(formatPercent(25.5))).toBe('25,5 %');
    expect(plain(formatPercent(25))).toBe('25 %');
    expect(plain(formatBasisPoints(2550))).toBe('25,5 %');
    expect(plain(formatBasisPoints(600))).toBe('6 %');
  });

  it('countries of addresses by name', () => {
    expect(countryName('SE')).toBe('Sverige');
    expect(countryName('fi')).toBe('Finland');
    expect(countryName('')).toBe('');
  });

  it('markets by name, not their id', () => {
    expect(marketName('SE|SEK')).toBe('Sverige (SEK)');
    expect(marketName('NO|NOK')).toBe('Norge (NOK)');
    expect(marketName('DK|DKK')).toBe('Danmark (DKK)');
    expect(marketName('intern')).toBe('intern');
  });

  it('chart axis: tkr and whole numbers, never "tn kr"', () => {
    expect(plain(formatAxisAmount(0, 'SEK'))).toBe('0 kr');
    expect(plain(formatAxisAmount(800, 'SEK'))).toBe('800 kr');
    expect(plain(formatAxisAmount(1_000, 'SEK'))).toBe('1 tkr');
    expect(plain(formatAxisAmount(1_500, 'SEK'))).toBe('1,5 tkr');
    expect(plain(formatAxisAmount(12_000, 'SEK'))).toBe('12 tkr');
    expect(plain(formatAxisAmount(1_200_000, 'SEK'))).toBe('1,2 mnkr');
    expect(plain(formatAxisAmount(12_000, 'NOK'))).toBe('12 000 NOK');
    expect(formatAxisAmount(1_000, 'SEK')).not.toContain('tn');
  });
});
