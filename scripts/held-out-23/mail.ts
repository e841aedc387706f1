// The writing kit of the twenty-third held-out corpus: the shared sender styles, Shape and m() of
// scripts/held-out-3/kit.ts, URL tokens seeded with this corpus's own name, and the few blocks a
// courier's and a small warehouse's inbox is made of: a reply over a quoted message, a forwarded mail,
// fixed-width lines (manifests, rosters, fuel-card statements), a small table and a personal signature.
// Nothing in this folder reads, imports or runs the extractor.
import { esc } from '../held-out-2/mime.js';
import type { Block } from '../held-out-3/render.js';
import { tokens } from '../held-out-3/tokens.js';

export { a, bank, btn, card, cells, code, h, kv, m, min, mso, p, plain, promo, raw, type Shape, small, url } from '../held-out-3/kit.js';

export const { tok, hex } = tokens('held-out-23');

/** A reply on top of the older message, which is quoted under it with "> ". */
export function reply(top: string, intro: string, lines: string[]): Block {
  return {
    k: 'raw',
    html: `<div>${esc(top).replace(/\n/g, '<br>')}</div><div style="margin-top:12px;color:#555">${esc(intro)}</div><blockquote type="cite" style="margin:4px 0 0 6px;border-left:2px solid #999;padding-left:8px;color:#555">${lines.map(esc).join('<br>')}</blockquote>`,
    text: [top, '', intro, ...lines.map((l) => (l ? `> ${l}` : '>'))].join('\n'),
  };
}

/** A forwarded message: the mail client's marker line, the old headers, then the old body. */
export function fwd(marker: string, head: string[], body: string[]): Block {
  return {
    k: 'raw',
    html: `<div style="margin-top:12px;padding-top:6px;border-top:1px solid #ccc;color:#333">${esc(marker)}<br>${head.map(esc).join('<br>')}</div><div style="margin-top:8px">${body.map(esc).join('<br>')}</div>`,
    text: [marker, ...head, '', ...body].join('\n'),
  };
}

/** Fixed-width lines (manifests, rosters, statements), the same text in both parts. */
export function pre(text: string): Block {
  return { k: 'raw', html: `<pre style="font:12px Consolas,'Courier New',monospace;white-space:pre-wrap;margin:0 0 14px">${esc(text)}</pre>`, text };
}

/** A table with a header row (the text twin separates the cells with " | "). */
export function table(head: string[], body: string[][]): Block {
  const tr = (r: string[], t: string) =>
    `<tr>${r.map((c) => `<${t} style="padding:4px 8px;border:1px solid #ddd;text-align:left">${esc(c)}</${t}>`).join('')}</tr>`;
  return {
    k: 'raw',
    html: `<table cellspacing="0" cellpadding="0" style="border-collapse:collapse;font-size:13px;margin:0 0 14px">${tr(head, 'th')}${body.map((r) => tr(r, 'td')).join('')}</table>`,
    text: [head, ...body].map((r) => r.join(' | ')).join('\n'),
  };
}

/** A person's signature under "-- ". */
export function sig(lines: string[]): Block {
  return { k: 'raw', html: `<p style="color:#777;font-size:12px">-- <br>${lines.map(esc).join('<br>')}</p>`, text: `-- \n${lines.join('\n')}` };
}
