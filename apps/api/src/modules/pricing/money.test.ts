import { describe, expect, it } from 'vitest';
import { currencyFractionDigits, decimalToMinor, formatMoney, minorToDecimal } from './money.ts';

const nbsp = '\u00a0';

describe('formatMoney (sv-SE, SEK)', () => {
  it('shows whole kronor without decimals, with Intl non-breaking spaces', () => {
    expect(formatMoney(129900, 'SEK', 'sv-SE')).toBe(`1${nbsp}299${nbsp}kr`);
    expect(formatMoney(4900, 'SEK', 'sv-SE')).toBe(`49${nbsp}kr`);
    expect(formatMoney(0, 'SEK', 'sv-SE')).toBe(`0${nbsp}kr`);
  });

  it('shows two decimals with a decimal comma when there are öre', () => {
    expect(formatMoney(123450, 'SEK', 'sv-SE')).toBe(`1${nbsp}234,50${nbsp}kr`);
    expect(formatMoney(1, 'SEK', 'sv-SE')).toBe(`0,01${nbsp}kr`);
  });

  it('reads as "1 299 kr" once spaces are normalised', () => {
    expect(formatMoney(129900, 'SEK', 'sv-SE').replace(/\s/g, ' ')).toBe('1 299 kr');
  });

  it('uses the culture of other markets', () => {
    expect(formatMoney(1234550, 'EUR', 'fi-FI')).toBe(
      new Intl.NumberFormat('fi-FI', {
        style: 'currency',
        currency: 'EUR',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(12345.5),
    );
  });
});

describe('minorToDecimal / decimalToMinor', () => {
  it('converts öre to kronor and back', () => {
    expect(minorToDecimal(129950, 'SEK')).toBe(1299.5);
    expect(minorToDecimal(129900, 'SEK')).toBe(1299);
    expect(minorToDecimal(1, 'SEK')).toBe(0.01);
    expect(decimalToMinor(1299.5, 'SEK')).toBe(129950);
    expect(decimalToMinor(0.29, 'SEK')).toBe(29);
    expect(decimalToMinor(-0.015, 'SEK')).toBe(-2);
  });

  it('knows currencies without minor units', () => {
    expect(currencyFractionDigits('JPY')).toBe(0);
    expect(minorToDecimal(500, 'JPY')).toBe(500);
    expect(currencyFractionDigits('sek')).toBe(2);
  });
});
