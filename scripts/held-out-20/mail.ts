// The writing kit of the twentieth held-out corpus: the shared sender styles, Shape and m() of
// scripts/held-out-3/kit.ts, URL tokens seeded with this corpus's own name, and the few blocks a
// household's inbox keeps repeating: a reply on top of a quoted message, a forwarded mail, fixed-width
// lines (rotas, timetables, meter readings), a small table and a personal signature. Nothing in this
// folder reads, imports or runs the extractor.
import { esc } from '../held-out-2/mime.js';
import type { Block } from '../held-out-3/render.js';
import { tokens } from '../held-out-3/tokens.js';

export { a, bank, btn, card, cells, code, h, kv, m, min, mso, p, plain, promo, raw, type Shape, small, url } from '../held-out-3/kit.js';

export const { tok, hex } = tokens('held-out-20');

/** A reply written above the message it answers, which is quoted line by line. */
export function quote(intro: string, lines: string[]): Block {
  return {
    k: 'raw',
    html: `<div>${esc(intro)}</div><blockquote type="cite" style="margin:0 0 0 8px;border-left:3px solid #ccc;padding-left:10px;color:#666">${lines.map(esc).join('<br>')}</blockquote>`,
    text: [intro, ...lines.map((l) => `> ${l}`.trimEnd())].join('\n'),
  };
}

/** A forwarded mail: the client's marker line, the old headers, then the old body. */
export function fwd(marker: string, head: string[], body: string[]): Block {
  return {
    k: 'raw',
    html: `<div style="border-top:1px solid #ddd;padding-top:8px">${esc(marker)}<br>${head.map(esc).join('<br>')}</div><div><br>${body.map(esc).join('<br>')}</div>`,
    text: [marker, ...head, '', ...body].join('\n'),
  };
}

/** Fixed-width lines, the same in both parts. */
export function pre(text: string): Block {
  return { k: 'raw', html: `<pre style="font:12px Menlo,Consolas,monospace">${esc(text)}</pre>`, text };
}

/** A small table: a header row and rows (the text part joins cells with " | "). */
export function rows(head: string[], body: string[][]): Block {
  const tr = (r: string[], t: string) =>
    `<tr>${r.map((c) => `<${t} style="padding:3px 10px;border-bottom:1px solid #eee;text-align:start">${esc(c)}</${t}>`).join('')}</tr>`;
  return {
    k: 'raw',
    html: `<table cellspacing="0" cellpadding="0" style="font-size:13px;margin:0 0 14px">${tr(head, 'th')}${body.map((r) => tr(r, 'td')).join('')}</table>`,
    text: [head, ...body].map((r) => r.join(' | ')).join('\n'),
  };
}

/** A signature under the usual "-- " line. */
export function sig(lines: string[]): Block {
  return { k: 'raw', html: `<p style="color:#888;font-size:12px">-- <br>${lines.map(esc).join('<br>')}</p>`, text: `-- \n${lines.join('\n')}` };
}
