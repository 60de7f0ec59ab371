import { describe, expect, it } from 'vitest';
import { formatZip, normalizeZip } from './zip.ts';

describe('formatZip (issue 40 §6: every printed postcode as the post writes it)', () => {
  it('writes Swedish postcodes in two groups, however they were typed', () => {
    expect(formatZip('41101')).toBe('411 01');
    expect(formatZip('411 01')).toBe('411 01');
    expect(formatZip(' 4 1 1 0 1 ')).toBe('411 01');
    expect(formatZip('SE-11122', 'SE')).toBe('111 22');
    expect(formatZip('98499', 'se')).toBe('984 99');
  });

  it('writes the other Nordic and German postcodes without spaces', () => {
    expect(formatZip('0 150', 'NO')).toBe('0150');
    expect(formatZip('2100', 'DK')).toBe('2100');
    expect(formatZip('FI-00100', 'FI')).toBe('00100');
    expect(formatZip('10115', 'DE')).toBe('10115');
  });

  it('prints what was entered when it is not a postcode of the country, never hiding it', () => {
    // 00100 is Helsinki, not a Swedish postcode: not split into "001 00".
    expect(formatZip('00100', 'SE')).toBe('00100');
    expect(formatZip('  1234  5 ', 'SE')).toBe('123 45');
    expect(formatZip('  S1  2AB ', 'SE')).toBe('S1 2AB');
    expect(formatZip('41101', 'NO')).toBe('41101');
    expect(formatZip('', 'SE')).toBe('');
    expect(formatZip(null)).toBe('');
    expect(formatZip(undefined, 'DK')).toBe('');
  });

  it('takes a missing or non-code country as Sweden, the shop home country', () => {
    expect(formatZip('41101', '')).toBe('411 01');
    expect(formatZip('41101', 'Sweden')).toBe('411 01');
  });

  it('formats only what normalizeZip accepts, so the checkout and the print agree', () => {
    for (const [zip, country] of [
      ['41101', 'SE'],
      ['09999', 'SE'],
      ['0150', 'NO'],
      ['0799', 'DK'],
    ] as const) {
      const normalized = normalizeZip(zip, country);
      const printed = formatZip(zip, country);
      expect(normalized === null ? printed === zip : normalizeZip(printed, country)).toBe(
        normalized === null ? true : normalized,
      );
    }
  });
});
