/**
 * Small statistics for the bench: percentiles of latencies and medians of repeated runs.
 */

/**
 * The p-th percentile of `values` by the nearest-rank method (the smallest value with at least
 * p % of the values at or below it), so the result is always one of the measured values.
 * @param p percent, 0 < p <= 100 (0 gives the minimum)
 * @returns undefined for an empty list
 */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be 0..100, got ${p}`);
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

/** The median of `values` (mean of the two middle values for an even count); undefined if empty. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Latency figures of one load run, in milliseconds. */
export interface LatencySummary {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * p50, p95, p99 and max of response times.
 * @param latenciesMs response times in milliseconds
 * @returns undefined when nothing was measured
 */
export function summarizeLatencies(latenciesMs: readonly number[]): LatencySummary | undefined {
  if (latenciesMs.length === 0) return undefined;
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1] as number;
  return { p50: at(50), p95: at(95), p99: at(99), max: sorted[sorted.length - 1] as number };
}
