// Plain-text formatting for pipes and logs: aligned columns, "label: value" blocks. No escape codes,
// stable across runs (same data, same bytes). Cell and field text goes through terminalText().
import { terminalText } from './terminal-text.js';

export type CellColor = 'green' | 'yellow' | 'red' | 'cyan' | 'gray';

export interface Column<R> {
  header: string;
  value: (row: R) => string;
  /** Terminal colour of the cells, or of each cell by its row (Ink view only). */
  color?: CellColor | ((row: R) => CellColor | undefined);
  /** Cells longer than this are cut with an ellipsis in the terminal view (pipes get everything). */
  maxWidth?: number;
  /**
   * In the terminal view, the column may be cut down to this width (cells end with an ellipsis) so the
   * table fits the terminal; columns without it keep their width.
   */
  minWidth?: number;
  /** The cell as the terminal view shows it, where space is short (default: `value`; pipes get `value`). */
  terminal?: (row: R) => string;
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

/**
 * Column widths for a terminal `total` columns wide (two spaces between columns): each column's widest
 * cell, then the columns with a `minWidths` entry are cut, the one with the most to spare first, until
 * the table fits or none can give more.
 */
export function fitWidths(natural: number[], minWidths: Array<number | undefined>, total: number): number[] {
  const w = [...natural];
  let over = w.reduce((a, b) => a + b, 0) + 2 * Math.max(0, w.length - 1) - total;
  // First down to their minimums; in a terminal too narrow even for those, on down to 3 characters
  // each ("a…"), so the shrinkable columns (a subject) stay in sight instead of falling off the edge.
  for (const floor of [(i: number) => minWidths[i]!, () => 3]) {
    while (over > 0) {
      let pick = -1;
      for (let i = 0; i < w.length; i++) {
        if (minWidths[i] === undefined || w[i]! <= Math.min(floor(i), minWidths[i]!)) continue;
        if (pick < 0 || w[i]! - minWidths[i]! > w[pick]! - minWidths[pick]!) pick = i;
      }
      if (pick < 0) break;
      w[pick]!--;
      over--;
    }
  }
  return w;
}

/** The display name of a From header (`"Acme" <a@b>` -> Acme), or its address when it has none. */
export function senderName(from: string): string {
  const m = /^\s*(.*?)\s*<([^>]*)>\s*$/.exec(from);
  if (!m) return from.trim();
  const name = m[1]!
    .replace(/^"(.*)"$/, '$1')
    .replace(/\\(.)/g, '$1')
    .trim();
  return name || m[2]!.trim();
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A date as `ls -l` shows it, in local time: `Nov 27 10:51` in the current year, `Nov 27  2025`
 * otherwise (12 characters). Text that is no date is returned as it is.
 */
export function shortDate(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const day = `${MONTHS[d.getMonth()]} ${String(d.getDate()).padStart(2, ' ')}`;
  if (d.getFullYear() !== now.getFullYear()) return `${day}  ${d.getFullYear()}`;
  return `${day} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
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
