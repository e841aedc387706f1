// The writing kit of the eighteenth held-out corpus: the shared sender styles, Shape and m() of
// scripts/held-out-3/kit.ts, URL tokens seeded with this corpus's own name, and a few blocks that a
// developer's and a shop owner's mail keeps carrying: a reply quoting the earlier message, a forwarded
// message, a monospaced block (a console log excerpt, a DNS zone diff, a label summary), a table of
// lines (payout, order or invoice lines) and a signature. Nothing in this folder reads, imports or runs
// the extractor.
import { esc } from '../held-out-2/mime.js';
import type { Block } from '../held-out-3/render.js';
import { tokens } from '../held-out-3/tokens.js';

export { a, bank, btn, card, cells, code, h, kv, m, min, mso, p, plain, promo, raw, type Shape, small, url } from '../held-out-3/kit.js';

export const { tok, hex } = tokens('held-out-18');

/** A reply: the writer's attribution line, then the older message quoted with "> ". */
export function reply(attribution: string, older: string[]): Block {
  return {
    k: 'raw',
    html: `<div class="gmail_quote"><div>${esc(attribution)}</div><blockquote class="gmail_quote" style="margin:0 0 0 .8ex;border-left:1px #ccc solid;padding-left:1ex">${older.map(esc).join('<br>\n')}</blockquote></div>`,
    text: `${attribution}\n${older.map((l) => (l ? `> ${l}` : '>')).join('\n')}`,
  };
}

/** A forwarded message under a rule line and its header lines. */
export function fwd(rule: string, head: string[], body: string[]): Block {
  return {
    k: 'raw',
    html: `<div>${esc(rule)}</div><div>${head.map(esc).join('<br>')}</div><br><div>${body.map(esc).join('<br>\n')}</div>`,
    text: `${rule}\n${head.join('\n')}\n\n${body.join('\n')}`,
  };
}

/** Monospaced text, the same in both parts. */
export function mono(text: string): Block {
  return { k: 'raw', html: `<pre style="font-family:Menlo,Consolas,monospace;font-size:12px">${esc(text)}</pre>`, text };
}

/** A table with a header row (text part: cells joined by two spaces and a bar). */
export function table(head: string[], rows: string[][]): Block {
  const tr = (r: string[], t: string) => `<tr>${r.map((c) => `<${t} style="padding:3px 10px;text-align:left">${esc(c)}</${t}>`).join('')}</tr>`;
  return {
    k: 'raw',
    html: `<table border="0" cellspacing="0" style="font-size:13px;margin:0 0 14px">${tr(head, 'th')}${rows.map((r) => tr(r, 'td')).join('')}</table>`,
    text: [head, ...rows].map((r) => r.join('  |  ')).join('\n'),
  };
}

/** A signature under "-- ". */
export function sig(lines: string[]): Block {
  return { k: 'raw', html: `<div style="color:#666;font-size:12px">--<br>${lines.map(esc).join('<br>')}</div>`, text: `-- \n${lines.join('\n')}` };
}
