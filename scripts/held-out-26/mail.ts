// The writing kit of the twenty-sixth held-out corpus: the shared sender styles, Shape and m() of
// scripts/held-out-3/kit.ts, URL tokens seeded with this corpus's own name, and the few blocks a
// vet's and beekeeper's inbox is made of: a reply over a quoted message, a forwarded mail,
// fixed-width lines (schedules, statements, lab results), a small table and a personal signature.
// Nothing in this folder reads, imports or runs the extractor.
import { esc } from '../held-out-2/mime.js';
import type { Block } from '../held-out-3/render.js';
import { tokens } from '../held-out-3/tokens.js';

export { a, bank, btn, card, cells, code, h, kv, m, min, mso, p, plain, promo, raw, type Shape, small, url } from '../held-out-3/kit.js';

export const { tok, hex } = tokens('held-out-26');

/** A reply written above the quoted older message ("> " lines in the text part). */
export function quote(top: string, intro: string, lines: string[]): Block {
  return {
    k: 'raw',
    html: `<div dir="auto">${esc(top).replace(/\n/g, '<br>')}</div><br><div class="gmail_quote">${esc(intro)}<blockquote class="gmail_quote" style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">${lines.map(esc).join('<br>')}</blockquote></div>`,
    text: [top, '', intro, ...lines.map((l) => (l ? `> ${l}` : '>'))].join('\n'),
  };
}

/** A forwarded message under the client's marker line. */
export function fwd(marker: string, head: string[], body: string[]): Block {
  return {
    k: 'raw',
    html: `<div style="border-top:1px solid #b5c4df;padding-top:6px;margin-top:10px">${esc(marker)}<br>${head.map(esc).join('<br>')}</div><div style="margin-top:8px">${body.map(esc).join('<br>')}</div>`,
    text: [marker, ...head, '', ...body].join('\n'),
  };
}

/** Fixed-width lines, the same in both parts. */
export function pre(text: string): Block {
  return { k: 'raw', html: `<pre style="font:12px Menlo,Consolas,monospace;white-space:pre-wrap">${esc(text)}</pre>`, text };
}

/** A table with a header row. */
export function table(head: string[], body: string[][]): Block {
  const row = (r: string[], t: string) => `<tr>${r.map((c) => `<${t} style="border:1px solid #ccc;padding:3px 6px">${esc(c)}</${t}>`).join('')}</tr>`;
  return {
    k: 'raw',
    html: `<table style="border-collapse:collapse;font-size:13px;margin:0 0 12px">${row(head, 'th')}${body.map((r) => row(r, 'td')).join('')}</table>`,
    text: [head, ...body].map((r) => r.join(' | ')).join('\n'),
  };
}

/** A person's signature. */
export function sig(lines: string[]): Block {
  return {
    k: 'raw',
    html: `<div style="color:#666;font-size:12px;margin-top:14px">-- <br>${lines.map(esc).join('<br>')}</div>`,
    text: `-- \n${lines.join('\n')}`,
  };
}
