// The writing kit of the sixteenth held-out corpus. The mail shape, the sender styles and m() (language
// from the file name, brand from the display name, Arabic and Hebrew right to left) are the shared kit of
// scripts/held-out-3/kit.ts; the URL tokens are seeded with this corpus's own name. The few pieces below are
// what the inboxes imitated here keep repeating: a quoted or forwarded earlier message, a monospace block
// (a log excerpt, a transcript, a printed receipt), a bullet list, a bounce report. Nothing in this folder
// reads, imports or runs the extractor.
import type { Block } from '../held-out-3/render.js';
import { tokens } from '../held-out-3/tokens.js';
import { esc } from '../held-out-2/mime.js';

export { a, bank, btn, card, cells, code, h, kv, m, min, mso, p, plain, promo, raw, type Shape, small, url } from '../held-out-3/kit.js';

export const { tok, hex } = tokens('held-out-16');

/** An earlier message under a reply (`> ` lines) or a forward (a rule, its header lines, its text). */
export function earlier(kind: 'reply' | 'forward', head: string[], lines: string[], rule = '-------- Forwarded Message --------'): Block {
  const html = lines.map((l) => esc(l)).join('<br>\n');
  if (kind === 'forward')
    return {
      k: 'raw',
      html: `<div class="moz-forward-container">${esc(rule)}<br><table border="0" cellpadding="0" cellspacing="0">${head
        .map((x) => `<tr><td>${esc(x)}</td></tr>`)
        .join('')}</table><br>${html}</div>`,
      text: `${rule}\n${head.join('\n')}\n\n${lines.join('\n')}`,
    };
  return {
    k: 'raw',
    html: `<div class="quote-head">${head.map((x) => esc(x)).join('<br>')}</div><blockquote type="cite" style="margin:0 0 0 .8ex;border-left:2px solid #999;padding-left:1ex">${html}</blockquote>`,
    text: `${head.join('\n')}\n${lines.map((l) => (l ? `> ${l}` : '>')).join('\n')}`,
  };
}

/** A monospace block, the same in both parts. */
export function mono(text: string): Block {
  return {
    k: 'raw',
    html: `<pre style="font-family:Consolas,Menlo,monospace;font-size:12px;background:#f5f5f5;padding:10px;white-space:pre-wrap">${esc(text)}</pre>`,
    text,
  };
}

/** A bullet list. */
export function bullets(items: string[]): Block {
  return {
    k: 'raw',
    html: `<ul style="margin:0 0 16px;padding-left:20px">${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`,
    text: items.map((i) => `* ${i}`).join('\n'),
  };
}

/** A row of app-store badges (links nobody follows to finish what a mail asks). */
export function badges(host: string, appId: number): Block {
  const ios = `https://apps.apple.com/app/id${appId}`;
  const gp = `https://play.google.com/store/apps/details?id=${host.split('.').reverse().join('.')}`;
  return {
    k: 'raw',
    html: `<p style="text-align:center"><a href="${ios}"><img src="https://${host}/m/appstore.png" width="120" alt="Download on the App Store"></a> <a href="${gp}"><img src="https://${host}/m/googleplay.png" width="135" alt="Get it on Google Play"></a></p>`,
    text: `Download on the App Store: ${ios}\nGet it on Google Play: ${gp}`,
  };
}
