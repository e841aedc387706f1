// The writing kit of the twenty-second held-out corpus: the shared sender styles, Shape and m() of
// scripts/held-out-3/kit.ts, URL tokens seeded with this corpus's own name, and the few blocks a
// landlord's and a clinic desk's inbox is made of: a reply over a quoted message, a forwarded mail,
// fixed-width lines (statements, meter readings, rotas), a small table and a personal signature.
// Nothing in this folder reads, imports or runs the extractor.
import { esc } from '../held-out-2/mime.js';
import type { Block } from '../held-out-3/render.js';
import { tokens } from '../held-out-3/tokens.js';

export { a, bank, btn, card, cells, code, h, kv, m, min, mso, p, plain, promo, raw, type Shape, small, url } from '../held-out-3/kit.js';

export const { tok, hex } = tokens('held-out-22');

/** A reply written on top, the older message quoted under it. */
export function quote(intro: string, lines: string[]): Block {
  return {
    k: 'raw',
    html: `<div>${esc(intro).replace(/\n/g, '<br>')}</div><blockquote style="margin:8px 0 0 4px;border-left:3px solid #c8c8c8;padding-left:10px;color:#666">${lines.map(esc).join('<br>')}</blockquote>`,
    text: [intro, '', ...lines.map((l) => (l ? `> ${l}` : '>'))].join('\n'),
  };
}

/** A forwarded mail: the client's marker, the old headers, then the old body. */
export function fwd(marker: string, head: string[], body: string[]): Block {
  return {
    k: 'raw',
    html: `<div style="margin-top:10px;border-top:1px solid #d0d0d0;padding-top:8px;color:#444">${esc(marker)}<br>${head.map(esc).join('<br>')}</div><div style="margin-top:8px">${body.map(esc).join('<br>')}</div>`,
    text: [marker, ...head, '', ...body].join('\n'),
  };
}

/** Fixed-width lines, the same in both parts. */
export function pre(text: string): Block {
  return { k: 'raw', html: `<pre style="font:12px 'Courier New',monospace;white-space:pre-wrap">${esc(text)}</pre>`, text };
}

/** A small table: a header row, then the rows (the text part joins cells with two spaces and a bar). */
export function rows(head: string[], body: string[][]): Block {
  const tr = (r: string[], t: string) =>
    `<tr>${r.map((c) => `<${t} style="padding:4px 10px;border:1px solid #e2e2e2;text-align:left">${esc(c)}</${t}>`).join('')}</tr>`;
  return {
    k: 'raw',
    html: `<table cellspacing="0" cellpadding="0" style="border-collapse:collapse;font-size:13px;margin:0 0 14px">${tr(head, 'th')}${body.map((r) => tr(r, 'td')).join('')}</table>`,
    text: [head, ...body].map((r) => r.join('  |  ')).join('\n'),
  };
}

/** A personal signature under "-- ". */
export function sig(lines: string[]): Block {
  return { k: 'raw', html: `<p style="color:#777;font-size:12px">-- <br>${lines.map(esc).join('<br>')}</p>`, text: `-- \n${lines.join('\n')}` };
}
