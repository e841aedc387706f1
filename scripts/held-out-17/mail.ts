// The writing kit of the seventeenth held-out corpus. The sender styles, the Shape and m() (language
// from the file name's prefix, brand from the display name, Arabic and Hebrew right to left) are the
// shared kit of scripts/held-out-3/kit.ts; the URL tokens below are seeded with this corpus's own name.
// The pieces added here are the ones small-business mail keeps repeating: a quoted reply or a forward
// under a staff member's note, a fixed-width block (a till slip, a statement extract, a bounce report),
// a line-item table of an invoice or a delivery note, a bullet list and a company signature. Nothing in
// this folder reads, imports or runs the extractor.
import type { Block } from '../held-out-3/render.js';
import { tokens } from '../held-out-3/tokens.js';
import { esc } from '../held-out-2/mime.js';

export { a, bank, btn, card, cells, code, h, kv, m, min, mso, p, plain, promo, raw, type Shape, small, url } from '../held-out-3/kit.js';

export const { tok, hex } = tokens('held-out-17');

/** A reply's quoted message: a header line, then the earlier text as `> ` lines (a blockquote in HTML). */
export function quoted(head: string, lines: string[]): Block {
  return {
    k: 'raw',
    html: `<div>${esc(head)}</div><blockquote style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">${lines.map((l) => esc(l)).join('<br>\n')}</blockquote>`,
    text: `${head}\n${lines.map((l) => (l ? `> ${l}` : '>')).join('\n')}`,
  };
}

/** A forwarded message: a rule, its header lines, then its text. */
export function forwarded(rule: string, head: string[], lines: string[]): Block {
  return {
    k: 'raw',
    html: `<div style="border-top:1px solid #b5c4df;padding-top:6px">${esc(rule)}<br>${head.map((x) => esc(x)).join('<br>')}</div><br><div>${lines.map((l) => esc(l)).join('<br>\n')}</div>`,
    text: `${rule}\n${head.join('\n')}\n\n${lines.join('\n')}`,
  };
}

/** A fixed-width block (a till slip, a statement extract, a delivery report), the same in both parts. */
export function pre(text: string): Block {
  return { k: 'raw', html: `<pre style="font-family:'Courier New',monospace;font-size:12px;line-height:16px">${esc(text)}</pre>`, text };
}

/** A line-item table: a header row and rows (HTML table; text columns joined with " | "). */
export function items(head: string[], rows: string[][]): Block {
  const tr = (cells: string[], tag: string) =>
    `<tr>${cells.map((c) => `<${tag} style="padding:4px 8px;border-bottom:1px solid #e5e7eb;text-align:left">${esc(c)}</${tag}>`).join('')}</tr>`;
  return {
    k: 'raw',
    html: `<table cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 16px;font-size:13px">${tr(head, 'th')}${rows.map((r) => tr(r, 'td')).join('')}</table>`,
    text: [head, ...rows].map((r) => r.join(' | ')).join('\n'),
  };
}

/** A bullet list. */
export function list(xs: string[]): Block {
  return { k: 'raw', html: `<ul>${xs.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>`, text: xs.map((x) => `- ${x}`).join('\n') };
}

/** A person's or a company's signature: lines under a "-- " in the text, greyed in HTML. */
export function sig(lines: string[]): Block {
  return { k: 'raw', html: `<div style="color:#555;font-size:12px">${lines.map((l) => esc(l)).join('<br>')}</div>`, text: `--\n${lines.join('\n')}` };
}
