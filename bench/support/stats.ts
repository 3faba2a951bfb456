/** One line of the `npm run bench` table. */
export interface BenchRow {
  name: string;
  measured: number;
  baseline?: number;
  ratio?: number;
  target: string;
  pass: boolean;
  unit: string;
}

/** The nearest-rank percentile (p in 0–100) of a list of measurements, in any order. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
