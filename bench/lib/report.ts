// Statistics and printing for the benchmarks: percentiles, medians, aligned tables, and the result
// shape each benchmark returns to bench/run.ts (absolute figures plus targets checked as ratios).
import type { Build } from './build.js';

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest-rank: the smallest value with at least p% of the samples at or below it.
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function mean(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN;
}

export interface LatencySummary {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export function summarize(values: number[]): LatencySummary {
  return {
    n: values.length,
    p50: percentile(values, 50),
    p90: percentile(values, 90),
    p99: percentile(values, 99),
    max: values.length ? Math.max(...values) : Number.NaN,
    mean: mean(values),
  };
}

export function fmt(n: number, digits = 1): string {
  if (!Number.isFinite(n)) return '-';
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function fmtBytes(n: number): string {
  if (!Number.isFinite(n)) return '-';
  const abs = Math.abs(n);
  if (abs >= 1024 * 1024) return `${fmt(n / 1024 / 1024, 1)} MiB`;
  if (abs >= 1024) return `${fmt(n / 1024, 1)} KiB`;
  return `${Math.round(n)} B`;
}

/** Prints rows as an aligned text table (first row is the header). */
export function table(rows: string[][]): string {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const sep = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(rows[0]!), sep, ...rows.slice(1).map(line)].join('\n');
}

/** One checked target: `value` compared with `limit` ("<=" or ">="). */
export interface TargetCheck {
  name: string;
  /** How the figure is stated, e.g. "1.83x MailDev" or "p99 7.2 ms". */
  value: number;
  limit: number;
  op: '<=' | '>=' | '<';
  unit: string;
}

export function met(t: TargetCheck): boolean {
  if (!Number.isFinite(t.value)) return false;
  return t.op === '<=' ? t.value <= t.limit : t.op === '<' ? t.value < t.limit : t.value >= t.limit;
}

export function targetLine(t: TargetCheck): string {
  const ok = met(t);
  return `${ok ? 'MET   ' : 'MISSED'}  ${t.name}: ${fmt(t.value, 2)}${t.unit} (target ${t.op} ${fmt(t.limit, 2)}${t.unit})`;
}

export type BenchResult = { status: 'skipped'; reason: string } | { status: 'done'; targets: TargetCheck[]; summary: string[]; notes?: string[] };

export interface BenchContext {
  quick: boolean;
  /** The built CLI under test. */
  build: Build;
  log(line?: string): void;
}

export interface Benchmark {
  name: string;
  title: string;
  run(ctx: BenchContext): Promise<BenchResult>;
}

/** Thrown by a benchmark when a feature it needs has not landed; run.ts prints "skipped: ...". */
export class FeatureMissing extends Error {
  constructor(readonly feature: string) {
    super(`${feature} not available`);
    this.name = 'FeatureMissing';
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
