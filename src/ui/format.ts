// Plain-text formatting for pipes and logs: aligned columns, "label: value" blocks. No escape codes,
// stable across runs (same data, same bytes). Cell and field text goes through terminalText().
import { terminalText } from './terminal-text.js';

export interface Column<R> {
  header: string;
  value: (row: R) => string;
  /** Terminal colour of the cells (Ink view only). */
  color?: 'green' | 'yellow' | 'red' | 'cyan' | 'gray';
  /** Cells longer than this are cut with an ellipsis in the terminal view (pipes get everything). */
  maxWidth?: number;
}

export type Fields = Array<[label: string, value: string | number | boolean | null | undefined]>;

function width(s: string): number {
  return Array.from(s).length;
}

function pad(s: string, n: number): string {
  return s + ' '.repeat(Math.max(0, n - width(s)));
}

/** One line per row, columns separated by two spaces, header first; tabs and newlines in cells become spaces. */
export function formatTable<R>(columns: Array<Column<R>>, rows: R[]): string {
  const cells = rows.map((r) => columns.map((c) => clean(c.value(r))));
  const widths = columns.map((c, i) => Math.max(width(c.header), ...cells.map((row) => width(row[i]!))));
  const line = (vals: string[]) =>
    vals
      .map((v, i) => (i === vals.length - 1 ? v : pad(v, widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), ...cells.map(line)].join('\n') + '\n';
}

export function showValue(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '-';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

/** `label  value` lines with the labels aligned. */
export function formatFields(fields: Fields): string {
  const w = Math.max(0, ...fields.map(([l]) => width(l)));
  return fields.map(([l, v]) => `${pad(l, w)}  ${clean(showValue(v))}`.trimEnd()).join('\n') + '\n';
}

/** The terminal gate (terminal-text.ts) under the name the commands use. */
export const stripControls = terminalText;

/** One-line cell text; an empty cell reads "-" so columns stay countable (awk '{print $3}'). */
export function clean(s: string): string {
  const one = stripControls(s.replace(/[\t\r\n]+/g, ' '));
  return one.trim() === '' ? '-' : one;
}

export function truncate(s: string, n: number): string {
  const chars = Array.from(s);
  return chars.length <= n ? s : chars.slice(0, Math.max(1, n - 1)).join('') + '…';
}

/** 1234567 -> "1,234,567" (fixed locale so output is stable). */
export function formatNumber(n: number | null | undefined): string {
  if (n === null || n === undefined) return 'unlimited';
  return n.toLocaleString('en-US');
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}
