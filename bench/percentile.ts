/**
 * The nearest-rank percentile `p` (0–100) of samples sorted ascending, the one definition every
 * benchmark reports with: the smallest sample at or above p % of them; NaN without samples.
 */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** `percentile` of samples in any order. */
export function percentileOf(samples: readonly number[], p: number): number {
  return percentile(
    [...samples].sort((a, b) => a - b),
    p,
  );
}
