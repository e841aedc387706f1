/**
 * Verification-link selection: every link gets a score from its URL (path and
 * query words, token-like parameters) and from its label (anchor text in HTML,
 * the words before the URL in plain text). Links that are unsubscribe,
 * tracking-pixel, image, social, legal/help or app-store links are rejected
 * outright. The best link scoring at least LINK_THRESHOLD wins.
 */
import { findUrls } from './text.js';

export interface LinkCandidate {
  url: string;
  label: string;
  /** Where the link sits in the text it was found in (the URL in a text part, the label in HTML). */
  start?: number;
  end?: number;
}

/** What pickLink() made of one link, kept only when a trace is asked for (explain()). */
export interface LinkTrace {
  url: string;
  label: string;
  start?: number;
  end?: number;
  /** Null when a rule rejected the link outright. */
  score: number | null;
  /** Scored at least LINK_THRESHOLD. */
  accepted: boolean;
  chosen: boolean;
  reasons: string[];
}

/** The score a link must reach. */
export const LINK_THRESHOLD = 4;

const SOCIAL_HOSTS = [
  'twitter.com',
  'x.com',
  'facebook.com',
  'fb.com',
  'fb.me',
  'linkedin.com',
  'instagram.com',
  'youtube.com',
  'youtu.be',
  'tiktok.com',
  'pinterest.com',
  'reddit.com',
  'threads.net',
  'mastodon.social',
  'discord.gg',
  'discord.com',
  't.me',
  'wa.me',
  'snapchat.com',
  'vimeo.com',
  'medium.com',
  'bsky.app',
  'xing.com',
  'apps.apple.com',
  'itunes.apple.com',
  'play.google.com',
];

const REJECT_URL_RE =
  /unsub|opt[-_]?out|optout|\/preferences|email[-_]?pref|manage[-_]?(?:subscription|email|notification)|subscription[-_]?(?:center|centre|settings|preferences)|email[-_]?settings|notification[-_]?settings|abmeld|abbestell|d[ée]sinscri|d[ée]sabonn|darse[-_]de[-_]baja|\/baja|descadastr|disiscri|cancellazione|afmeld|uitschrijv|\/privacy|privacy[-_]policy|\/terms|\/legal|\/tos\b|\/help\b|\/help\/|helpcenter|help[-_]center|\/support\b|\/support\/|\/faq|\/contact|\/about|\/impressum|\/imprint|\/datenschutz|\/agb\b|\/cookie|\/careers|\/jobs\b|\/press\b|\/blog\b|webversion|view[-_]?in[-_]?browser|\/view[-_]?online|\/browser[-_]?view|\/share\b|\/forward\b/;
const PIXEL_RE =
  /(?:^|\/)(?:open|opened|pixel|beacon|wf\/open|track\/open)(?:\.gif|\.png|\/|$)|\/(?:open|pixel|beacon)\.(?:gif|png|php|aspx)|[?&](?:open|pixel)=/;
const IMAGE_RE = /\.(?:png|jpe?g|gif|webp|svg|ico|bmp|tiff?)$/;

/** Labels that disqualify a link whatever else it says. */
const REJECT_LABEL_RE =
  /unsubscribe|opt[- ]?out|manage (?:your )?(?:preferences|subscription|email|notification)|email preferences|update (?:your )?preferences|\babmelden|abbestellen|d[ée]sinscri|d[ée]sabonn|darse de baja|cancelar (?:la )?suscripci|descadastr|cancelar inscri|disiscriv|annulla l'iscrizione|\bafmelden|uitschrijven|view (?:it |this email )?(?:in|on) (?:your |a )?(?:browser|web)|view online|im browser (?:anzeigen|ansehen|öffnen)|online ansehen|version en ligne|ver en el navegador|^(?:twitter|x|facebook|linkedin|instagram|youtube|github|tiktok|pinterest)$|app store|google play/;
/** Labels of legal/help links; ignored when the label also asks to verify/confirm/reset. */
const SOFT_REJECT_LABEL_RE =
  /privacy|datenschutz|confidentialit|privacidad|privacidade|\bterms\b|nutzungsbedingungen|\bagb\b|conditions g[ée]n[ée]rales|t[ée]rminos|termos|termini|voorwaarden|help ?cent(?:er|re)|hilfe|\baide\b|ayuda|ajuda|aiuto|\bhelp\b|\bsupport\b|\bfaq\b|contact us|kontakt|\bcontact\b/;

const STRONG_URL_RE =
  /verif|confirm|activat|magic|reset|validat|recover|passwordless|set[-_]?password|new[-_]?password|change[-_]?password|bestaetig|bestätig|verifizier|aktivier|confirmer|activer|verificar|confirmar|activar|ativar|conferma|attiva|bevestig|activeer|verifieer|email[-_]?link|one[-_]?click|double[-_]?opt/;
const WEAK_URL_RE =
  /login|log[-_]in|signin|sign[-_]in|sign_in|\/auth|auth\/|oauth|\/sso|session|callback|password|passwort|invite|invitation|accept|onboard|welcome|access/;
const NEGATIVE_URL_RE =
  /\/orders?\b|\/order[-_]|bestellung|commande|pedido|ordine|invoice|receipt|rechnung|facture|factura|tracking|\/track\b|\/track\/|shipment|sendung|delivery|\/cart|\/checkout|\/product|\/shop\b|\/deals|\/sale\b|\/news\b|\/article|\/events?\b|\/calendar|\/meeting|\/webinar/;
/** Query parameters that carry a secret: a strong sign of a one-shot link. */
const TOKEN_PARAM_RE =
  /[?&#](?:token|t|code|key|k|sig|signature|otp|hash|h|ticket|nonce|jwt|auth|oobcode|confirmation_token|reset_password_token|reset_token|verification_token|activation_key|activation_code|magic|magic_token|login_token|id_token|access_token)=([^&#]{8,})/i;
/** Click-tracking redirect parameters: opaque, but not by themselves a secret. */
const REDIRECT_PARAM_RE = /[?&#](?:upn|qs|u|e|lt|s|link|url|redirect|r|d|data)=([^&#]{16,})/i;
const LONG_SEGMENT_RE = /[A-Za-z0-9_\-.~%]{20,}/;

const STRONG_LABEL_RE =
  /verif|confirm|activat|reset (?:your |my )?password|reset password|new password|set (?:a |up |your )?(?:new )?password|choose (?:a )?(?:new )?password|change (?:your )?password|magic link|complete (?:your )?(?:registration|sign[- ]?up)|validate|bestätig|verifizier|aktivier|zurücksetzen|neues passwort|passwort festlegen|passwort ändern|konto freischalten|confirmer|vérifi|activer|réinitialiser|nouveau mot de passe|valider|confirmar|activar|ativar|restablecer|redefinir|nueva contraseña|nova senha|restaurar|conferma|attiva|verifica|reimposta|nuova password|bevestig|verifieer|activeer|opnieuw instellen|nieuw wachtwoord|認証|確認|有効化|再設定/;
const SIGNIN_LABEL_RE =
  /sign ?in|sign-in|log ?in|log-in|log on|login|anmelden|einloggen|jetzt anmelden|se connecter|connexion|iniciar sesi[oó]n|entrar|acceder|accedi|accedere|inloggen|aanmelden|ログイン/;
const NEGATIVE_LABEL_RE =
  /\border(?:s|ed)?\b(?! to)|bestellung|commande|pedido|ordine|bestelling|\btrack|sendung|suivi|invoice|rechnung|receipt|\bshop\b|\bbuy\b|kaufen|acheter|comprar|acquista|read more|weiterlesen|lire la suite|leer más|ler mais|leggi|lees meer|download|\bwatch\b|register now|rsvp|\bjoin\b|calendar|add to|\bevents?\b|webinar/;
/** Past participles describe a state ("Your account is confirmed"), not an action to take. */
const DONE_RE =
  /(?<!\p{L})(?:confirmed|verified|activated|validated|bestätigt|verifiziert|aktiviert|confirmée?s?|vérifiée?s?|activée?s?|confirmad[oa]s?|verificad[oa]s?|activad[oa]s?|ativad[oa]s?|confermat[oa]|verificat[oa]|attivat[oa]|bevestigd|geverifieerd|geactiveerd)(?!\p{L})/gu;

/** "If you didn't request this, ..." introduces a fallback/help link, not the action itself. */
const DISCLAIMER_LABEL_RE =
  /didn'?t|did not|not you|wasn'?t you|was not you|nicht angefordert|nicht sie|pas demand|pas vous|no solicit|no fuiste|não solicit|não foi voc|non hai richiesto|non sei stato|niet aangevraagd|niet door jou/;

function hostMatches(host: string, h: string): boolean {
  return host === h || host.endsWith(`.${h}`);
}

/** `"<first match of re in s>"`, for the reasons of explain(). */
function hit(re: RegExp, s: string): string {
  return `"${re.exec(s)?.[0] ?? ''}"`;
}

/**
 * Scores one link; null means it can never be the verification link. With `why`, the rules that
 * decided are written there in words (explain()); the score is the same either way.
 */
export function scoreLink(rawUrl: string, rawLabel: string, why?: string[]): number | null {
  let u: URL;
  try {
    u = new URL(rawUrl.trim());
  } catch {
    why?.push('rejected: not a valid URL');
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') {
    why?.push(`rejected: a ${u.protocol} link, not http(s)`);
    return null;
  }
  const host = u.hostname.toLowerCase().replace(/^www\./, '');
  const path = safeDecode(u.pathname).toLowerCase();
  const query = safeDecode(u.search + u.hash).toLowerCase();
  const pq = path + query;
  const label = rawLabel.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 300).replace(DONE_RE, ' ');

  if (SOCIAL_HOSTS.some((s) => hostMatches(host, s))) {
    why?.push(`rejected: a social network or app store (${host})`);
    return null;
  }
  if (host === 'github.com' && !STRONG_URL_RE.test(pq) && !/\/login|\/session|\/password/.test(path)) {
    why?.push('rejected: a github.com page that is no sign-in, session or password page');
    return null;
  }
  if (IMAGE_RE.test(path) || PIXEL_RE.test(path) || PIXEL_RE.test(query)) {
    why?.push('rejected: an image or a tracking pixel');
    return null;
  }
  if (REJECT_URL_RE.test(pq)) {
    why?.push(`rejected: the URL is an unsubscribe, preferences, legal, help or similar page (${hit(REJECT_URL_RE, pq)})`);
    return null;
  }
  if (label && REJECT_LABEL_RE.test(label)) {
    why?.push(`rejected: the label is an unsubscribe, view-in-browser, social or app-store link (${hit(REJECT_LABEL_RE, label)})`);
    return null;
  }

  let score = 0;
  if (STRONG_URL_RE.test(pq)) {
    score += 3;
    why?.push(`the URL names the action (${hit(STRONG_URL_RE, pq)}: +3)`);
  } else if (WEAK_URL_RE.test(pq)) {
    score += 1.5;
    why?.push(`the URL has a sign-in or access word (${hit(WEAK_URL_RE, pq)}: +1.5)`);
  }
  if (TOKEN_PARAM_RE.test(u.search + u.hash)) {
    score += 2;
    why?.push('the URL carries a token-like parameter (+2)');
  } else if (REDIRECT_PARAM_RE.test(u.search + u.hash) || LONG_SEGMENT_RE.test(u.pathname)) {
    score += 1;
    why?.push('the URL carries a long opaque value (a click-tracking redirect or a token in the path: +1)');
  }
  const strongLabel = STRONG_LABEL_RE.test(label);
  if (!strongLabel && SOFT_REJECT_LABEL_RE.test(label)) {
    why?.push(`rejected: the label is a privacy, terms, help or contact link (${hit(SOFT_REJECT_LABEL_RE, label)})`);
    return null;
  }
  if (strongLabel) {
    score += 4;
    why?.push(`the label asks to verify, confirm, activate or reset (${hit(STRONG_LABEL_RE, label)}: +4)`);
  } else if (SIGNIN_LABEL_RE.test(label)) {
    score += 2;
    why?.push(`the label asks to sign in (${hit(SIGNIN_LABEL_RE, label)}: +2)`);
  }
  if (NEGATIVE_URL_RE.test(pq)) {
    score -= 4;
    why?.push(`the URL is an order, tracking, shop or event page (${hit(NEGATIVE_URL_RE, pq)}: -4)`);
  }
  if (NEGATIVE_LABEL_RE.test(label)) {
    score -= 3;
    why?.push(`the label is about an order, shopping, reading or an event (${hit(NEGATIVE_LABEL_RE, label)}: -3)`);
  }
  if (DISCLAIMER_LABEL_RE.test(label)) {
    score -= 4;
    why?.push(`the label is a "didn't ask for this?" fallback (${hit(DISCLAIMER_LABEL_RE, label)}: -4)`);
  }
  return score;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Picks the best-scoring link (first one on ties), or null. With `trace`, every link is recorded
 * there with its score and reasons, the one picked marked `chosen` (explain()).
 */
export function pickLink(cands: LinkCandidate[], trace?: LinkTrace[]): string | null {
  let best: string | null = null;
  let bestScore = -Infinity;
  let bestTrace: LinkTrace | undefined;
  for (const c of cands) {
    const why: string[] | undefined = trace ? [] : undefined;
    const score = scoreLink(c.url, c.label, why);
    let t: LinkTrace | undefined;
    if (trace && why) {
      t = { url: c.url.trim(), label: c.label, start: c.start, end: c.end, score, accepted: false, chosen: false, reasons: why };
      trace.push(t);
      if (score === null) continue;
      if (score < LINK_THRESHOLD) why.push(`rejected: score ${score} is below the threshold ${LINK_THRESHOLD}`);
      else t.accepted = true;
    }
    if (score === null || score < LINK_THRESHOLD) continue;
    if (score > bestScore) {
      bestScore = score;
      best = c.url.trim();
      bestTrace = t;
    }
  }
  if (bestTrace) bestTrace.chosen = true;
  return best;
}

/** Links considered per part, in document order (a verification link comes early). */
export const MAX_LINKS = 100;

/**
 * Link candidates from a plain-text body. The label of a URL is the text on its
 * line before it (after the previous URL), or the previous non-empty line when
 * the URL stands alone ("Verify your email:\nhttps://...").
 */
export function textLinks(text: string): LinkCandidate[] {
  const urls = findUrls(text, MAX_LINKS);
  const out: LinkCandidate[] = [];
  let prevEnd = 0;
  for (const u of urls) {
    const ls = lineStart(text, u.start, Math.max(prevEnd, u.start - LABEL_SPAN));
    let label = stripTrailingPunct(text.slice(Math.max(ls, prevEnd), u.start));
    if (label.replace(/[^\p{L}\p{N}]/gu, '').length === 0 && ls > prevEnd && text[ls - 1] === '\n') {
      // Previous non-empty line (but not text that belongs to an earlier URL).
      let pe = ls - 1;
      while (pe > prevEnd && text[pe - 1] === '\n') pe--;
      const ps = lineStart(text, pe, Math.max(prevEnd, pe - LABEL_SPAN));
      label = stripTrailingPunct(text.slice(ps, pe));
    }
    out.push({ url: u.url, label, start: u.start, end: u.end });
    prevEnd = u.end;
  }
  return out;
}

const LABEL_SPAN = 200;
const LABEL_TRAILING = new Set([' ', '\n', '[', ']', '<', '>', '(', ':', '：', '-', '–', '—', '→', '»', '|']);

/** Start of the line containing `pos`, looking back no further than `floor`. */
function lineStart(text: string, pos: number, floor: number): number {
  let p = pos;
  while (p > floor && text[p - 1] !== '\n') p--;
  return p;
}

function stripTrailingPunct(s: string): string {
  let e = s.length;
  while (e > 0 && LABEL_TRAILING.has(s[e - 1] as string)) e--;
  return s.slice(0, e).trim();
}
