// Rendering for the third held-out corpus (scripts/held-out-3/make.ts): a few sender styles, each with
// its own HTML habits and its own way of writing the text twin, so that the corpus is not one template
// seen 150 times. The MIME encoding itself (charsets, transfer encodings, RFC 2047) is held-out-2's
// (scripts/held-out-2/mime.ts). Measurement fixtures only: nothing here looks at the extractor.
import { createHash } from 'node:crypto';
import { esc } from '../held-out-2/mime.js';

/**
 * - `card`: a product's transactional mail (centred card, logo, big code box, one button, help links);
 * - `bank`: an old table layout with <font> tags, a grey header bar, long legal text;
 * - `promo`: a marketing-platform mail (view-in-browser line, social icons, preferences, unsubscribe,
 *   every link through the platform's click tracker when `tracked`);
 * - `mso`: HTML written by Outlook/Word (MsoNormal paragraphs, spans, conditional comments), text twin
 *   in Outlook's "label<url>" form;
 * - `min`: a framework's default mail (bare <p>s and one <a>), usually HTML only;
 * - `plain`: text only.
 */
export type Style = 'card' | 'bank' | 'promo' | 'mso' | 'min' | 'plain';

export type Block =
  | { k: 'h'; s: string }
  | { k: 'p'; s: string }
  | { k: 'small'; s: string }
  | { k: 'code'; v: string }
  | { k: 'cells'; v: string }
  | { k: 'btn'; label: string; url: string }
  | { k: 'a'; before: string; label: string; url: string; after: string }
  | { k: 'url'; before: string; url: string; after: string }
  | { k: 'kv'; rows: Array<[string, string]> }
  | { k: 'raw'; html: string; text: string };

export const h = (s: string): Block => ({ k: 'h', s });
export const p = (s: string): Block => ({ k: 'p', s });
export const small = (s: string): Block => ({ k: 'small', s });
export const code = (v: string): Block => ({ k: 'code', v });
/** A code with one table cell per character (the text twin writes it whole). */
export const cells = (v: string): Block => ({ k: 'cells', v });
export const btn = (label: string, url: string): Block => ({ k: 'btn', label, url });
export const a = (before: string, label: string, url: string, after = ''): Block => ({ k: 'a', before, label, url, after });
/** A URL written out in the body (both parts), with the words around it. */
export const url = (before: string, u: string, after = ''): Block => ({ k: 'url', before, url: u, after });
export const kv = (rows: Array<[string, string]>): Block => ({ k: 'kv', rows });
export const raw = (html: string, text: string): Block => ({ k: 'raw', html, text });

export interface Look {
  style: Style;
  brand: string;
  /** The sender's web host: logo, home page and the chrome links are made from it. */
  host: string;
  lang: string;
  rtl?: boolean;
  preheader?: string;
  blocks: Block[];
  /** Footer lines: text, or [label, url] links. */
  footer: Array<string | [string, string]>;
  /** Every link of the mail goes through the sending platform's click tracker. */
  tracked?: boolean;
}

/** The click-tracker URL a marketing platform writes for `target` (opaque: the target is not readable in it). */
export function tracker(host: string, target: string): string {
  const d = createHash('sha256').update(`${host}|${target}`).digest('base64url');
  return `https://click.e.${host}/ls/click?upn=u001.${d.slice(0, 38)}-2F${d.slice(38)}&mid=${d.slice(5, 13)}`;
}

function chrome(look: Look): { top: Array<[string, string]>; social: Array<[string, string]>; bottom: Array<[string, string]> } {
  const h = look.host;
  switch (look.style) {
    case 'promo':
      return {
        top: [['View this email in your browser', `https://${h}/email/view/${hash(h, 'view').slice(0, 12)}`]],
        social: [
          ['Facebook', `https://www.facebook.com/${look.brand.replace(/\W/g, '').toLowerCase() || 'brand'}`],
          ['Instagram', `https://www.instagram.com/${look.brand.replace(/\W/g, '').toLowerCase() || 'brand'}`],
          ['X', `https://x.com/${look.brand.replace(/\W/g, '').toLowerCase() || 'brand'}`],
        ],
        bottom: [
          ['Update preferences', `https://${h}/email/preferences?u=${hash(h, 'pref').slice(0, 16)}`],
          ['Unsubscribe', `https://${h}/email/unsubscribe?u=${hash(h, 'unsub').slice(0, 16)}&list=${hash(h, 'list').slice(0, 8)}`],
        ],
      };
    case 'card':
      return { top: [], social: [], bottom: [['Help centre', `https://${h}/help`]] };
    case 'bank':
      return { top: [], social: [], bottom: [['Security centre', `https://${h}/security`]] };
    default:
      return { top: [], social: [], bottom: [] };
  }
}

function hash(...parts: string[]): string {
  return createHash('sha1').update(parts.join('|')).digest('hex');
}

/** Every link target of the mail mapped through the tracker when the look is tracked. */
function linker(look: Look): (u: string) => string {
  return look.tracked ? (u) => tracker(look.host, u) : (u) => u;
}

const FONT = 'font-family:-apple-system,BlinkMacSystemFont,Segoe UI,Roboto,Helvetica,Arial,sans-serif';

function blockHtml(b: Block, look: Look, L: (u: string) => string): string {
  const st = look.style;
  switch (b.k) {
    case 'h':
      if (st === 'bank') return `<tr><td><font face="Arial" size="3" color="#003366"><b>${esc(b.s)}</b></font></td></tr>`;
      if (st === 'mso') return `<p class=MsoNormal><b><span style='font-size:14.0pt'>${esc(b.s)}<o:p></o:p></span></b></p>`;
      if (st === 'min') return `<h2>${esc(b.s)}</h2>`;
      return `<h1 style="margin:0 0 20px;${FONT};font-size:22px;line-height:30px;color:#111827">${esc(b.s)}</h1>`;
    case 'p': {
      const s = esc(b.s).replace(/\n/g, '<br>');
      if (st === 'bank') return `<tr><td><font face="Arial" size="2">${s}</font><br><br></td></tr>`;
      if (st === 'mso') return `<p class=MsoNormal><span style='font-family:"Calibri",sans-serif'>${s}<o:p></o:p></span></p>`;
      if (st === 'min') return `<p>${s}</p>`;
      return `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:#374151">${s}</p>`;
    }
    case 'small':
      if (st === 'bank') return `<tr><td><font face="Arial" size="1" color="#666666">${esc(b.s)}</font></td></tr>`;
      if (st === 'mso') return `<p class=MsoNormal><span style='font-size:9.0pt;color:gray'>${esc(b.s)}<o:p></o:p></span></p>`;
      if (st === 'min') return `<p><small>${esc(b.s)}</small></p>`;
      return `<p style="margin:0 0 12px;${FONT};font-size:13px;line-height:19px;color:#6b7280">${esc(b.s)}</p>`;
    case 'code':
      if (st === 'bank') return `<tr><td align="center"><font face="Courier New" size="5"><b>${esc(b.v)}</b></font><br><br></td></tr>`;
      if (st === 'mso') return `<p class=MsoNormal><b><span style='font-size:20.0pt;letter-spacing:3.0pt'>${esc(b.v)}<o:p></o:p></span></b></p>`;
      if (st === 'min') return `<p><strong>${esc(b.v)}</strong></p>`;
      return `<div style="margin:8px 0 24px;padding:18px 0;background:#f3f4f6;border-radius:10px;text-align:center;${FONT};font-size:34px;font-weight:700;letter-spacing:8px;color:#111827">${esc(b.v)}</div>`;
    case 'cells': {
      const tds = [...b.v]
        .map(
          (c) =>
            `<td width="44" height="52" align="center" valign="middle" style="border:1px solid #d1d5db;border-radius:6px;${FONT};font-size:28px;font-weight:700;color:#111827">${esc(c)}</td><td width="8"></td>`,
        )
        .join('');
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px auto 24px"><tr>${tds}</tr></table>`;
    }
    case 'btn':
      if (st === 'bank')
        return `<tr><td><table cellpadding="6" cellspacing="0" border="0"><tr><td bgcolor="#003366"><a href="${esc(L(b.url))}"><font face="Arial" size="2" color="#ffffff"><b>${esc(b.label)}</b></font></a></td></tr></table><br></td></tr>`;
      if (st === 'mso')
        return `<p class=MsoNormal><span style='font-family:"Calibri",sans-serif'><a href="${esc(L(b.url))}">${esc(b.label)}</a><o:p></o:p></span></p>`;
      if (st === 'min') return `<p><a href="${esc(L(b.url))}">${esc(b.label)}</a></p>`;
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr><td align="center" bgcolor="#4f46e5" style="border-radius:8px"><!--[if mso]><i style="mso-font-width:150%;mso-text-raise:20pt">&nbsp;</i><![endif]--><a href="${esc(L(b.url))}" target="_blank" style="display:inline-block;padding:14px 30px;${FONT};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px">${esc(b.label)}</a></td></tr></table>`;
    case 'a': {
      const inner = `${esc(b.before)}<a href="${esc(L(b.url))}"${st === 'card' || st === 'promo' ? ' style="color:#4f46e5"' : ''}>${esc(b.label)}</a>${esc(b.after)}`;
      if (st === 'bank') return `<tr><td><font face="Arial" size="2">${inner}</font><br><br></td></tr>`;
      if (st === 'mso') return `<p class=MsoNormal><span style='font-family:"Calibri",sans-serif'>${inner}<o:p></o:p></span></p>`;
      if (st === 'min') return `<p>${inner}</p>`;
      return `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:#374151">${inner}</p>`;
    }
    case 'url': {
      const inner = `${esc(b.before)}${b.before ? '<br>' : ''}<a href="${esc(L(b.url))}">${esc(b.url)}</a>${b.after ? '<br>' : ''}${esc(b.after)}`;
      if (st === 'bank') return `<tr><td><font face="Arial" size="2">${inner}</font><br><br></td></tr>`;
      if (st === 'mso') return `<p class=MsoNormal><span style='font-family:"Calibri",sans-serif'>${inner}<o:p></o:p></span></p>`;
      if (st === 'min') return `<p>${inner}</p>`;
      return `<p style="margin:0 0 16px;${FONT};font-size:14px;line-height:22px;color:#374151;word-break:break-all">${inner}</p>`;
    }
    case 'kv': {
      const rows = b.rows
        .map(([k, v]) =>
          st === 'bank'
            ? `<tr><td width="45%"><font face="Arial" size="2">${esc(k)}</font></td><td><font face="Arial" size="2"><b>${esc(v)}</b></font></td></tr>`
            : `<tr><td style="padding:6px 12px 6px 0;${FONT};font-size:14px;color:#6b7280">${esc(k)}</td><td style="padding:6px 0;${FONT};font-size:14px;color:#111827;font-weight:600">${esc(v)}</td></tr>`,
        )
        .join('');
      const table = `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px">${rows}</table>`;
      return st === 'bank' ? `<tr><td>${table}<br></td></tr>` : table;
    }
    case 'raw':
      return b.html;
  }
}

export function renderHtml(look: Look, charset: string, title: string): string {
  const L = linker(look);
  const c = chrome(look);
  const dir = look.rtl ? ' dir="rtl"' : '';
  const align = look.rtl ? 'right' : 'left';
  const body = look.blocks.map((b) => blockHtml(b, look, L)).join('\n');
  const foot = look.footer.concat(c.bottom).map((f) => (typeof f === 'string' ? esc(f) : `<a href="${esc(L(f[1]))}" style="color:#6b7280">${esc(f[0])}</a>`));
  const pixel =
    look.style === 'promo' || look.style === 'card'
      ? `<img src="https://${look.host.replace(/^www\./, '')}/o/${hash(look.host, title).slice(0, 20)}.gif" width="1" height="1" alt="" style="display:block">`
      : '';
  const pre = look.preheader
    ? `<div style="display:none;font-size:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all">${esc(look.preheader)}${'&#847;&zwnj;&nbsp;'.repeat(12)}</div>\n`
    : '';
  const head = `<meta http-equiv="Content-Type" content="text/html; charset=${charset}">`;
  switch (look.style) {
    case 'min':
      return `<!DOCTYPE html>\n<html${dir}>\n<head>\n${head}\n</head>\n<body>\n${body}\n${foot.length ? `<p>${foot.join('<br>')}</p>\n` : ''}</body>\n</html>\n`;
    case 'mso':
      return `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40">
<head>${head}<meta name=Generator content="Microsoft Word 15 (filtered medium)">
<style><!--
p.MsoNormal, li.MsoNormal, div.MsoNormal {margin:0cm;font-size:11.0pt;font-family:"Calibri",sans-serif;}
a:link, span.MsoHyperlink {mso-style-priority:99;color:#0563C1;text-decoration:underline;}
@page WordSection1 {size:612.0pt 792.0pt;margin:72.0pt 72.0pt 72.0pt 72.0pt;}
--></style><!--[if gte mso 9]><xml>
<o:shapedefaults v:ext="edit" spidmax="1026" />
</xml><![endif]-->
</head>
<body lang=${look.lang.toUpperCase()} link="#0563C1" vlink="#954F72" style='word-wrap:break-word'${dir}>
<div class=WordSection1>
${body}
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
${foot.map((f) => `<p class=MsoNormal><span style='font-size:9.0pt;color:#595959'>${f}<o:p></o:p></span></p>`).join('\n')}
</div>
</body>
</html>
`;
    case 'bank':
      return `<html${dir}>
<head>${head}<title>${esc(title)}</title></head>
<body bgcolor="#ffffff" topmargin="0" leftmargin="0">
<table width="640" cellpadding="0" cellspacing="0" border="0" align="center">
<tr><td bgcolor="#e6e6e6" height="60"><img src="https://${look.host}/img/mail/header_logo.gif" width="180" height="40" alt="${esc(look.brand)}" border="0"></td></tr>
<tr><td height="20"></td></tr>
<tr><td align="${align}"><table width="600" cellpadding="0" cellspacing="0" border="0" align="center">
${body}
</table></td></tr>
<tr><td height="20"></td></tr>
<tr><td bgcolor="#f2f2f2"><font face="Arial" size="1" color="#666666">${foot.join('<br>\n')}</font></td></tr>
</table>
</body>
</html>
`;
    default: {
      const top = c.top
        .map(
          ([l, u]) =>
            `<p style="margin:0;padding:8px;text-align:center;${FONT};font-size:12px;color:#9ca3af"><a href="${esc(L(u))}" style="color:#9ca3af">${esc(l)}</a></p>`,
        )
        .join('');
      const social = c.social.length
        ? `<p style="text-align:center">${c.social.map(([l, u]) => `<a href="${esc(L(u))}"><img src="https://${look.host}/email/icons/${l.toLowerCase()}.png" width="24" height="24" alt="${esc(l)}"></a>`).join('&nbsp;&nbsp;')}</p>`
        : '';
      return `<!DOCTYPE html>
<html lang="${look.lang}"${dir}>
<head>
${head}
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>${esc(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f9fafb">
${pre}${top}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f9fafb"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="border-radius:12px">
<tr><td style="padding:32px 40px 0" align="${align}"><a href="${esc(L(`https://${look.host}/`))}"><img src="https://${look.host}/static/email/logo.png" height="28" alt="${esc(look.brand)}" style="border:0"></a></td></tr>
<tr><td style="padding:24px 40px 16px" align="${align}">
${body}
</td></tr>
</table>
${social}<p style="margin:16px 0 0;${FONT};font-size:12px;line-height:18px;color:#9ca3af;text-align:center">${foot.join('<br>\n')}</p>
${pixel}</td></tr></table>
</body>
</html>
`;
    }
  }
}

export function renderText(look: Look): string {
  const L = linker(look);
  const st = look.style;
  const linkText = (label: string, u: string): string => {
    if (st === 'promo') return `${label} ( ${L(u)} )`;
    if (st === 'mso') return `${label}<${L(u)}>`;
    if (st === 'bank') return `${label}\n${L(u)}`;
    return `${label}: ${L(u)}`;
  };
  const out: string[] = [];
  const c = chrome(look);
  for (const [l, u] of c.top) out.push(linkText(l, u));
  for (const b of look.blocks) {
    switch (b.k) {
      case 'h':
        out.push(st === 'bank' ? b.s.toUpperCase() : b.s);
        break;
      case 'p':
      case 'small':
        out.push(b.s);
        break;
      case 'code':
      case 'cells':
        out.push(st === 'bank' ? b.v : `    ${b.v}`);
        break;
      case 'btn':
        out.push(linkText(b.label, b.url));
        break;
      case 'a':
        out.push(st === 'mso' ? `${b.before}${b.label}<${L(b.url)}>${b.after}` : `${b.before}${b.label}${b.after}\n${L(b.url)}`);
        break;
      case 'url':
        out.push([b.before, L(b.url), b.after].filter(Boolean).join('\n'));
        break;
      case 'kv':
        out.push(b.rows.map(([k, v]) => `${k}: ${v}`).join('\n'));
        break;
      case 'raw':
        if (b.text) out.push(b.text);
        break;
    }
  }
  const foot = look.footer.concat(c.social, c.bottom).map((f) => (typeof f === 'string' ? f : linkText(f[0], f[1])));
  const sep = st === 'bank' ? '\n\n--------------------------------------------------\n' : st === 'mso' ? '\n\n' : '\n\n-- \n';
  return `${out.join('\n\n')}${foot.length ? `${sep}${foot.join('\n')}` : ''}\n`;
}

/** A look in one call: style, brand, host, language, blocks, footer, and the rest (rtl, preheader, tracked). */
export function look(style: Style, brand: string, host: string, lang: string, blocks: Block[], footer: Look['footer'] = [], more: Partial<Look> = {}): Look {
  return { style, brand, host, lang, blocks, footer, ...more };
}
