// The writing kit of the fifteenth held-out corpus: held-out-3's shared way to write one mail
// (scripts/held-out-3/kit.ts: mail shape, sender styles, language from the file name, brand from the
// sender's display name), URL tokens seeded with this corpus's own name, and a few pieces that the mails
// of a QA team's shared inbox keep repeating (quoted threads, forwarded headers, store badges, calendar
// details). Nothing in this folder reads, imports or runs the extractor.
import type { Block } from '../held-out-3/render.js';
import { tokens } from '../held-out-3/tokens.js';
import { esc } from '../held-out-2/mime.js';

export { a, bank, btn, card, cells, code, h, kv, m, min, mso, p, plain, promo, raw, type Shape, small, url } from '../held-out-3/kit.js';

export const { tok, hex } = tokens('held-out-15');

/** App-store badges: links nobody follows to finish what a mail asks. */
export function stores(host: string): Block {
  const id = parseInt(hex(`store|${host}`, 7), 16);
  const ios = `https://apps.apple.com/app/id${1_400_000_000 + (id % 90_000_000)}`;
  const android = `https://play.google.com/store/apps/details?id=${host.split('.').reverse().join('.')}.app`;
  return {
    k: 'raw',
    html: `<table role="presentation" align="center" style="margin:12px auto"><tr><td><a href="${ios}"><img src="https://${host}/mail/badge-ios.png" width="120" height="40" alt="App Store"></a></td><td width="10"></td><td><a href="${android}"><img src="https://${host}/mail/badge-play.png" width="135" height="40" alt="Google Play"></a></td></tr></table>`,
    text: `App Store: ${ios}\nGoogle Play: ${android}`,
  };
}

/**
 * An earlier message quoted under a reply or a forward: `head` are the header lines a mail client writes
 * ("From: …", "Sent: …"), `lines` the quoted text. The HTML quotes it in a blockquote, the text twin with
 * "> " (reply) or under a "Forwarded message" rule (forward).
 */
export function quoted(kind: 'reply' | 'forward', head: string[], lines: string[], rule = '---------- Forwarded message ---------'): Block {
  const body = lines.map((l) => esc(l)).join('<br>\n');
  if (kind === 'forward') {
    return {
      k: 'raw',
      html: `<div class="gmail_quote"><div dir="ltr" class="gmail_attr">${esc(rule)}<br>${head.map((x) => esc(x)).join('<br>')}<br></div><br><div>${body}</div></div>`,
      text: `${rule}\n${head.join('\n')}\n\n${lines.join('\n')}`,
    };
  }
  return {
    k: 'raw',
    html: `<div class="gmail_quote"><div class="gmail_attr">${head.map((x) => esc(x)).join('<br>')}</div><blockquote class="gmail_quote" style="margin:0 0 0 .8ex;border-left:1px #ccc solid;padding-left:1ex">${body}</blockquote></div>`,
    text: `${head.join('\n')}\n${lines.map((l) => (l ? `> ${l}` : '>')).join('\n')}`,
  };
}

/** A line-per-item list (HTML <ul>, text "- "). */
export function list(items: string[]): Block {
  return { k: 'raw', html: `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`, text: items.map((i) => `- ${i}`).join('\n') };
}

/** A preformatted block (a log excerpt, a table of backup codes, a receipt printed in monospace). */
export function pre(text: string): Block {
  return { k: 'raw', html: `<pre style="font-family:Menlo,Consolas,monospace;font-size:13px;background:#f6f8fa;padding:12px">${esc(text)}</pre>`, text };
}
