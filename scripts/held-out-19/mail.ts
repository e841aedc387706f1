// The writing kit of the nineteenth held-out corpus: the shared sender styles, Shape and m() of
// scripts/held-out-3/kit.ts, URL tokens seeded with this corpus's own name, and a few blocks that a
// student's and a freelancer's mail is full of: a quoted reply, a forwarded message, a monospaced
// block (a timetable, a statement extract), a table of lines and a signature. Nothing in this folder
// reads, imports or runs the extractor.
import { esc } from '../held-out-2/mime.js';
import type { Block } from '../held-out-3/render.js';
import { tokens } from '../held-out-3/tokens.js';

export { a, bank, btn, card, cells, code, h, kv, m, min, mso, p, plain, promo, raw, type Shape, small, url } from '../held-out-3/kit.js';

export const { tok, hex } = tokens('held-out-19');

/** An answer on top of an older message, quoted line by line. */
export function quote(intro: string, lines: string[]): Block {
  const html = `<div dir="auto">${esc(intro)}</div><blockquote style="margin:0 0 0 6px;border-left:2px solid #bbb;padding-left:8px;color:#555">${lines.map(esc).join('<br>')}</blockquote>`;
  return { k: 'raw', html, text: [intro, ...lines.map((l) => `> ${l}`.trimEnd())].join('\n') };
}

/** A forwarded message: a marker line, its headers, its body. */
export function fwd(marker: string, head: string[], body: string[]): Block {
  return {
    k: 'raw',
    html: `<p>${esc(marker)}<br>${head.map(esc).join('<br>')}</p><div>${body.map(esc).join('<br>')}</div>`,
    text: [marker, ...head, '', ...body].join('\n'),
  };
}

/** Fixed-width lines (timetables, statement extracts), alike in both parts. */
export function pre(text: string): Block {
  return { k: 'raw', html: `<pre style="font:12px Consolas,monospace">${esc(text)}</pre>`, text };
}

/** A small table: header row and rows (text part: cells separated by " | "). */
export function rows(head: string[], body: string[][]): Block {
  const line = (r: string[], t: string) => `<tr>${r.map((c) => `<${t} style="padding:4px 8px;border-bottom:1px solid #eee">${esc(c)}</${t}>`).join('')}</tr>`;
  return {
    k: 'raw',
    html: `<table cellspacing="0" cellpadding="0" style="font-size:13px;margin:0 0 16px">${line(head, 'th')}${body.map((r) => line(r, 'td')).join('')}</table>`,
    text: [head, ...body].map((r) => r.join(' | ')).join('\n'),
  };
}

/** A personal signature under the usual "-- " line. */
export function sig(lines: string[]): Block {
  return { k: 'raw', html: `<p style="color:#777;font-size:12px">-- <br>${lines.map(esc).join('<br>')}</p>`, text: `-- \n${lines.join('\n')}` };
}
