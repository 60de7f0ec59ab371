import { describe, expect, it } from 'vitest';
import {
  formatCls,
  formatDuration,
  formatKiB,
  formatMs,
  formatRate,
  formatScore,
  formatTable,
} from './table.ts';

describe('formatTable', () => {
  it('pads columns: the first left-aligned, the others right-aligned, as a Markdown table', () => {
    const table = formatTable(
      ['Target', 'req/s', 'SQL'],
      [
        ['API channel', '1234', '5'],
        ['Page /', '8.5', '17'],
      ],
    );
    expect(table.split('\n')).toEqual([
      '| Target      | req/s | SQL |',
      '|:------------|------:|----:|',
      '| API channel |  1234 |   5 |',
      '| Page /      |   8.5 |  17 |',
    ]);
  });

  it('fills short rows with empty cells and escapes pipes', () => {
    const table = formatTable(['A', 'B', 'C'], [['x|y', 'n/a (no cart API yet)']]);
    expect(table.split('\n')).toEqual([
      '| A    |                     B |   C |',
      '|:-----|----------------------:|----:|',
      '| x\\|y | n/a (no cart API yet) |     |',
    ]);
  });

  it('measures width in characters, not UTF-16 units or bytes', () => {
    const lines = formatTable(['Sida', 'Vikt'], [['/kassan–ö', '1 KiB']]).split('\n');
    expect(new Set(lines.map((line) => [...line].length)).size).toBe(1);
  });
});

describe('number formats', () => {
  it('requests per second: whole from 100, one decimal below', () => {
    expect(formatRate(1234.56)).toBe('1235');
    expect(formatRate(56.44)).toBe('56.4');
    expect(formatRate(undefined)).toBe('–');
    expect(formatRate(Number.NaN)).toBe('–');
  });

  it('milliseconds: two decimals below 10, one below 100, whole above', () => {
    expect(formatMs(0.8412)).toBe('0.84');
    expect(formatMs(31.04)).toBe('31.0');
    expect(formatMs(238.7)).toBe('239');
    expect(formatMs(null)).toBe('–');
  });

  it('KiB, durations, scores and CLS', () => {
    expect(formatKiB(87_347)).toBe('85.3 KiB');
    expect(formatKiB(undefined)).toBe('–');
    expect(formatDuration(1234)).toBe('1.2 s');
    expect(formatDuration(40.4)).toBe('40 ms');
    expect(formatScore(99.6)).toBe('100');
    expect(formatScore(null)).toBe('–');
    expect(formatCls(0.01234)).toBe('0.012');
  });
});
