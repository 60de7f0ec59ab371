import { describe, expect, it } from 'vitest';
import { median, percentile, summarizeLatencies } from './stats.ts';

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => 100 - index); // 100..1, unsorted

  it('gives the smallest value with at least p % at or below it', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
  });

  it('always returns a measured value', () => {
    expect(percentile([3, 1, 2, 10], 50)).toBe(2);
    expect(percentile([3, 1, 2, 10], 95)).toBe(10);
    expect(percentile([7], 99)).toBe(7);
  });

  it('is undefined for no values and rejects p outside 0..100', () => {
    expect(percentile([], 50)).toBeUndefined();
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });

  it('does not reorder the caller’s array', () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([90, 97, 95])).toBe(95);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });
});

describe('summarizeLatencies', () => {
  it('gives p50, p95, p99 and max in milliseconds', () => {
    const latencies = Array.from({ length: 1000 }, (_, index) => (index + 1) / 10); // 0.1..100
    expect(summarizeLatencies(latencies)).toEqual({ p50: 50, p95: 95, p99: 99, max: 100 });
  });

  it('is undefined when nothing was measured', () => {
    expect(summarizeLatencies([])).toBeUndefined();
  });
});
