// The writing kit of the twenty-first held-out corpus: the shared sender styles, Shape and m() of
// scripts/held-out-3/kit.ts, URL tokens seeded with this corpus's own name, and a few blocks a
// travelling inbox keeps repeating: a reply above a quoted message, a forwarded mail, fixed-width lines
// (itineraries, statements, scoreboards), a small table and a personal signature. Nothing in this folder
// reads, imports or runs the extractor.
import { esc } from '../held-out-2/mime.js';
import type { Block } from '../held-out-3/render.js';
import { tokens } from '../held-out-3/tokens.js';

export { a, bank, btn, card, cells, code, h, kv, m, min, mso, p, plain, promo, raw, type Shape, small, url } from '../held-out-3/kit.js';

export const { tok, hex } = tokens('held-out-21');

/** A reply on top, then the quoted message line by line. */
export function quote(intro: string, lines: string[]): Block {
  return {
    k: 'raw',
    html: `<div>${esc(intro)}</div><blockquote style="margin:0 0 0 6px;border-left:2px solid #bbb;padding-left:8px;color:#555">${lines.map(esc).join('<br>')}</blockquote>`,
    text: [intro, ...lines.map((l) => `> ${l}`.trimEnd())].join('\n'),
  };
}

/** A forwarded message: marker line, old headers, old body. */
export function fwd(marker: string, head: string[], body: string[]): Block {
  return {
    k: 'raw',
    html: `<div style="border-top:1px solid #ccc;padding-top:6px">${esc(marker)}<br>${head.map(esc).join('<br>')}</div><div><br>${body.map(esc).join('<br>')}</div>`,
    text: [marker, ...head, '', ...body].join('\n'),
  };
}

/** Fixed-width lines, the same in both parts. */
export function pre(text: string): Block {
  return { k: 'raw', html: `<pre style="font:12px Consolas,monospace">${esc(text)}</pre>`, text };
}

/** A small table: header row, then rows (text part joins cells with " | "). */
export function rows(head: string[], body: string[][]): Block {
  const tr = (r: string[], t: string) => `<tr>${r.map((c) => `<${t} style="padding:3px 8px;border-bottom:1px solid #eee">${esc(c)}</${t}>`).join('')}</tr>`;
  return {
    k: 'raw',
    html: `<table cellspacing="0" cellpadding="0" style="font-size:13px;margin:0 0 12px">${tr(head, 'th')}${body.map((r) => tr(r, 'td')).join('')}</table>`,
    text: [head, ...body].map((r) => r.join(' | ')).join('\n'),
  };
}

/** A signature under "-- ". */
export function sig(lines: string[]): Block {
  return { k: 'raw', html: `<p style="color:#888;font-size:12px">-- <br>${lines.map(esc).join('<br>')}</p>`, text: `-- \n${lines.join('\n')}` };
}
