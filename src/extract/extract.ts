/**
 * One-time-code and verification-link extraction for ingested messages.
 *
 * Pure and synchronous: it receives already-decoded strings (subject, text
 * part, HTML part) and never performs I/O. It runs on the ingest path, so its
 * work is bounded whatever the message (docs/extract.md): the subject is capped
 * at MAX_SUBJECT_CHARS and each part at MAX_PART_CHARS; a code is only searched
 * for in the first OTP_SCAN_CHARS of a text (the first MAX_OTP_CANDIDATES
 * candidates are scored) and the first MAX_LINKS links of a part are scored.
 * Every scan is linear in the input size.
 *
 * Policy:
 * - The text part is preferred; the HTML part is only consulted when the text
 *   part yields nothing (for the code and for the link independently).
 * - The subject is searched for a code too ("Your code is 123456"); the best
 *   scoring candidate of subject and body wins. A code keyword in the subject
 *   also lends context to a code that stands alone (or in bold) in the body.
 *
 * explain() runs the same pipeline with a trace kept: every code and link candidate the rules looked
 * at, ranked, with the reasons the rules computed and the text around it (docs/extract.md). extract()
 * is that pipeline without the trace, so both always agree.
 */
import { htmlToDoc, type Anchor, type HtmlDoc } from './html.js';
import { afterContext, LINK_THRESHOLD, MAX_LINKS, LinkWords, pickLink, textLinks, type LinkCandidate, type LinkTrace, type UrlFacts } from './links.js';
import { otpEvidence } from './evidence.js';
import { scanVocabulary } from './keywords.js';
import { findOtp, MAX_OTP_CANDIDATES, mentionsCode, OTP_SCAN_CHARS, SCAM_RE, scanWindow, THRESHOLD, type CodeTrace, type OtpResult } from './otp.js';
import { cap, cleanInline, MAX_PART_CHARS, maskUrlsAndEmails, normalizePlain } from './text.js';

export interface ExtractInput {
  subject?: string;
  text?: string | null;
  html?: string | null;
}

export interface Extraction {
  otp: string | null;
  verificationLink: string | null;
}

export { MAX_PART_CHARS } from './text.js';
export { MAX_OTP_CANDIDATES, OTP_SCAN_CHARS } from './otp.js';
export { MAX_LINKS } from './links.js';

/** Characters of the subject that are read (a subject is a line, not a body). */
export const MAX_SUBJECT_CHARS = 2_000;

interface Prepared {
  subject: string;
  text: string;
  html: string;
  htmlDoc: HtmlDoc | null;
  /** What makes the mail a bounce (bounceOf()), null when it is none; undefined until asked. */
  bounce?: string | null;
  /** (the twenty-first round) The verification link, once otpOf() asked for it (linkOf() without a trace); undefined until then. */
  link?: string | null;
}

function prepare(input: ExtractInput): Prepared {
  const rawSubject = input.subject ?? '';
  const subject = cleanInline(rawSubject.length > MAX_SUBJECT_CHARS ? rawSubject.slice(0, MAX_SUBJECT_CHARS) : rawSubject)
    .replace(/\n/g, ' ')
    .trim();
  const text = normalizePlain(cap(input.text));
  const html = cap(input.html);
  return { subject, text, html, htmlDoc: null };
}

function htmlDocOf(p: Prepared): HtmlDoc | null {
  if (!p.html) return null;
  if (!p.htmlDoc) p.htmlDoc = htmlToDoc(p.html);
  return p.htmlDoc;
}

/** Where a candidate was found: the subject, the text part, or the visible text of the HTML part. */
export type Source = 'subject' | 'text' | 'html';

/** The trace explain() keeps of one run (extract() keeps none). */
interface Trace {
  codes: Record<Source, CodeTrace[]>;
  links: Record<'text' | 'html', LinkTrace[]>;
  /** Which source the chosen code came from. */
  otpFrom: { source: Source; result: OtpResult } | null;
  notes: string[];
}

function otpOf(p: Prepared, trace?: Trace): string | null {
  let subjectHint = false;
  let promoSubject = false;
  // (the tenth round) A subject that names a gift card or voucher, and no code: the body's numbers are the card's.
  let giftSubject = false;
  // (the eleventh round) A subject that warns of fraud or scams: the body's numbers are examples unless a code word names one.
  let scamSubject = false;
  let thread = false;
  let fromSubject: OtpResult | null = null;
  if (p.subject) {
    const vocab = scanVocabulary(p.subject);
    // (the thirteenth round) A subject that names a promotion or an offer ("-15 % sur tout le site avec votre code", "Holi offer:
    // ₹150 cashback") names a promotion's code: it lends no support and is no evidence of a one-time code.
    promoSubject = vocab.promos.length > 0 || PROMO_SUBJECT_RE.test(p.subject);
    subjectHint = mentionsCode(vocab) && !promoSubject;
    giftSubject = !subjectHint && vocab.gifts.length > 0;
    scamSubject = SCAM_RE.test(p.subject.toLowerCase());
    thread = THREAD_SUBJECT_RE.test(p.subject);
    const masked = maskUrlsAndEmails(p.subject);
    fromSubject = findOtp({ text: masked }, { vocab: masked === p.subject ? vocab : undefined, trace: trace?.codes.subject });
  }
  let fromBody: OtpResult | null = null;
  let bodySource: Source = 'text';
  // findOtp only reads the start of a text: mask no more than that.
  const bodyText = p.text ? maskUrlsAndEmails(scanWindow(p.text)) : '';
  // (the fifteenth round) The text part's numbers: when it gives no code, the HTML part makes none of them one by its layout alone.
  const textValues = new Set<string>();
  // (the sixteenth round) The HTML part's numbers, when it is searched and the subject gave a code: that code is read against them as
  // against the text part's.
  const htmlValues = fromSubject ? new Set<string>() : undefined;
  if (p.text)
    fromBody = findOtp({ text: bodyText }, { contextHint: subjectHint, giftSubject, scamSubject, thread, trace: trace?.codes.text, values: textValues });
  if (!fromBody) {
    const doc = htmlDocOf(p);
    if (doc) {
      fromBody = findOtp(doc, {
        contextHint: subjectHint,
        giftSubject,
        scamSubject,
        thread,
        trace: trace?.codes.html,
        values: htmlValues,
        textRejected: textValues,
      });
      bodySource = 'html';
    }
  } else if (trace && p.html) {
    trace.notes.push('code: the HTML part was not searched, as the text part had a code (the text part comes first)');
  }
  if (trace) {
    if (subjectHint) trace.notes.push('code: the subject names a code, which lends support to a code standing out in the body');
    if (p.text.length > OTP_SCAN_CHARS)
      trace.notes.push(`code: only the first ${OTP_SCAN_CHARS.toLocaleString('en-US')} characters of the text part were searched`);
    for (const source of ['subject', 'text', 'html'] as const) {
      if (trace.codes[source].length >= MAX_OTP_CANDIDATES)
        trace.notes.push(`code: only the first ${MAX_OTP_CANDIDATES} candidates of the ${source} were scored`);
    }
  }
  let source: Source | null = fromSubject && (!fromBody || fromSubject.score > fromBody.score) ? 'subject' : fromBody ? bodySource : null;
  // (the sixteenth round) The subject and the body are one message: a number the body holds and gives no code (a discount code, an
  // account, a booking) is not made one by the subject's code word ("O seu código 4482 expira HOJE!" over "código de desconto 4482").
  if (
    source === 'subject' &&
    fromSubject &&
    fromBody?.value !== fromSubject.value &&
    (textValues.has(fromSubject.value) || htmlValues?.has(fromSubject.value) === true)
  ) {
    if (trace)
      rejectChosenCode(
        trace,
        'subject',
        fromSubject,
        "rejected: the body of this mail holds this number and gives it no code (see its reasons there: another kind of code, a promotion, too little support…): the subject's code word does not make it one",
      );
    source = fromBody ? bodySource : null;
  }
  const result = source === 'subject' ? fromSubject : fromBody;
  if (source === null || result === null) return null;
  // Precision first (the fourth round): a code word is all a receipt, a ticket or a gift card needs to print a number
  // beside; the message must also say something only a one-time code's message says.
  // (the sixth round) In the body, the evidence must stand near the code it vouches for, within EVIDENCE_REACH characters
  // either side: a number beside a code word in a footer or a quoted example is not made a one-time code by a sign-in
  // word three paragraphs away. The subject speaks for the whole message.
  // (the thirteenth round) The evidence must be about a code: a validity word counts with a duration in minutes or hours, a deadline
  // within a day or a single use (not a date), a password word not when it is a Wi-Fi network's or a document's, and no word the
  // sender says it never asks for. The words set aside are only kept for explain().
  // (the fifteenth round) A bounce (a delivery status notification) quotes the undelivered mail: its code never reached the
  // address it was for, and no code of the bounce is the reader's. Read only once a code was chosen.
  const bounce = bounceOf(p);
  if (bounce !== null) {
    if (trace) {
      rejectChosenCode(
        trace,
        source,
        result,
        `rejected: the mail is a bounce, a delivery status notification ("${bounce}"): the code it quotes is the undelivered message's, which never reached the address it was for`,
      );
    }
    return null;
  }
  let evidence: string | null = null;
  let far: string | null = null;
  const dropped: string[] | undefined = trace ? [] : undefined;
  if (!subjectHint) {
    evidence = otpEvidence(p.subject, 0, p.subject.length, dropped);
    if (evidence === null && source === 'subject') {
      const text = scanWindow(p.text);
      evidence = otpEvidence(text, 0, text.length, dropped);
      if (evidence === null && p.html) {
        const html = htmlDocOf(p)?.text ?? '';
        evidence = otpEvidence(html, 0, html.length, dropped);
      }
    } else if (evidence === null) {
      const body = source === 'html' ? (htmlDocOf(p)?.text ?? '') : bodyText;
      evidence = otpEvidence(body, Math.max(0, result.start - EVIDENCE_REACH), result.start + result.value.length + EVIDENCE_REACH, dropped);
      if (evidence === null && trace) far = otpEvidence(body);
    }
  }
  if (!subjectHint && evidence === null) {
    if (trace) {
      const why =
        far !== null
          ? farEvidence(far)
          : dropped !== undefined && dropped.length > 0
            ? notAboutCode(dropped, promoSubject)
            : promoSubject
              ? `${NO_EVIDENCE}; the subject names a promotion, whose code it names is no one-time code`
              : NO_EVIDENCE;
      rejectChosenCode(trace, source, result, why);
    }
    return null;
  }
  // (the twenty-first round, a general step) A mail that carries a verification link: its verification, sign-in and password words are
  // the link's. A number of the body that no code word names, supported by such words alone, is a reference, a claim or a plate
  // beside the link, no code ("Klik tombol di bawah untuk masuk dan memantau klaim … kendaraan B 4418 KKT").
  if (result.cueOnly && source !== 'subject' && !subjectHint) {
    if (p.link === undefined) p.link = linkOf(p);
    if (p.link !== null) {
      if (trace)
        rejectChosenCode(
          trace,
          source,
          result,
          `rejected: no code word names it, only verification, sign-in or password words, and the mail carries a verification link (${p.link}): those words are the link's, and this number a reference beside it, no code`,
        );
      return null;
    }
  }
  if (trace) {
    if (evidence !== null) trace.notes.push(`code: "${evidence}" says the message carries a one-time code`);
    trace.otpFrom = { source, result };
  }
  return result.value;
}

/**
 * (the fourteenth round) A subject that answers or forwards a mail, in the 21 languages' mail clients: "Re:", "RE:", "AW:", "Fwd:",
 * "FW:", "WG:", "TR:", "RV:", "R:", "I:", "Res:", "Enc:", "Antw:", "Doorst:", "Odp:", "PD:", "YNT:", "İLT:", "Ответ:", "Пересл:",
 * "Відп:", "השב:", "הועבר:", "رد:", "تحويل:", "TL:", "Chuyển tiếp:", "Balas:", "Terusan:", "返信:", "転送:", "답장:", "회신:",
 * "전달:", "回复：", "转发：", "回覆：", "轉寄：", "ตอบกลับ:", "ส่งต่อ:".
 */
const THREAD_SUBJECT_RE =
  /^[\s[]*(?:re|fw|fwd|aw|wg|tr|rv|r|i|res|enc|antw|doorst|odp|pd|ynt|ilt|İlt|отв|ответ|пересл|переслать|відп|відповідь|перес|השב|הועבר|رد|تحويل|tl|trả lời|chuyển tiếp|balas|terusan|返信|転送|답장|회신|전달|回复|答复|转发|轉發|回覆|轉寄|ตอบกลับ|ส่งต่อ)(?:\[\d+\])?[ \t]*[:：]/iu;

/**
 * (the fifteenth round) Bounces and delivery status notifications of the common mail servers and clients, by their subject
 * (Postfix's "Undelivered Mail Returned to Sender", Exim's "Mail delivery failed", qmail's "failure notice", Sendmail's "Returned
 * mail", Gmail's and Exchange's "Delivery Status Notification (Failure)" and "Undeliverable:", and Outlook's in the 21
 * languages: "Unzustellbar", "Non remis", "No se puede entregar", "Não é possível entregar", "Non recapitabile", "Onbestelbaar",
 * "Niedostarczalne", "Teslim edilemedi", "Не доставлено", "Недоставлене", "تعذر التسليم", "לא ניתן למסירה", "वितरित नहीं",
 * "Không thể gửi", "Tidak terkirim", "配信不能", "배달 못함", "无法投递", "無法傳遞", "ส่งไม่สำเร็จ"…) or by the fields of RFC 3464's report
 * and the servers' own opening lines in the body.
 */
const BOUNCE_SUBJECT_RE =
  /undelivered mail|undeliverable|mail delivery (?:failed|failure|subsystem)|delivery (?:status notification|failure|has failed)|failure notice|returned mail|message not delivered|returned to sender|unzustellbar|nicht zustellbar|zustellung fehlgeschlagen|übermittlungsstatus|non remis|non distribuable|échec de (?:la )?remise|notification d'état de remise|no se puede entregar|mensaje no entregado|notificación de estado de entrega|não é possível entregar|mensagem não entregue|notificação de status de entrega|non recapitabile|mancato recapito|messaggio non recapitato|onbestelbaar|niet (?:worden )?bezorgd|niedostarczalne|nie można dostarczyć|niedostarczona|teslim edilemedi|teslim edilemeyen|не доставлено|недоставленное|не удалось доставить|недоставлене|не вдалося доставити|تعذر التسليم|فشل (?:في )?تسليم|לא ניתן למסירה|לא נמסרה|वितरित नहीं|डिलीवर नहीं (?:किया|हो)|không thể gửi|không gửi được|tidak terkirim|tidak dapat dikirim|配信不能|配信できませんでした|配信失敗|배달 못함|배달 실패|전송 실패|无法投递|邮件投递失败|退信|無法傳遞|無法投遞|郵件傳送失敗|ไม่สามารถส่ง(?:อีเมล|ข้อความ)|ส่งอีเมลไม่สำเร็จ/iu;
const BOUNCE_BODY_RE =
  /^(?:final-recipient|original-recipient|reporting-mta|diagnostic-code|x-postfix-queue-id):|^this is the mail system at host|^this message was created automatically by mail delivery software|^hi\. this is the qmail-send program|^delivery to the following recipients? failed|^your message (?:to .{1,80} )?couldn't be delivered|^delivery has failed to these recipients|^(?:-+ )?(?:undelivered|original) message follows/im;
function bounceOf(p: Prepared): string | null {
  if (p.bounce === undefined) {
    const body = p.text ? scanWindow(p.text) : (htmlDocOf(p)?.text ?? '');
    p.bounce = (BOUNCE_SUBJECT_RE.exec(p.subject) ?? BOUNCE_BODY_RE.exec(body))?.[0] ?? null;
  }
  return p.bounce;
}

/** Marks the chosen code of the trace rejected, with the rule's reason, and notes it (explain()). */
function rejectChosenCode(trace: Trace, source: Source, result: OtpResult, why: string): void {
  const chosen = trace.codes[source].find((t) => t.accepted && t.start === result.start && t.value === result.value);
  if (chosen) {
    chosen.accepted = false;
    chosen.reasons.push(why);
  }
  trace.notes.push(`code: ${why.slice('rejected: '.length)}`);
}

/** Characters either side of a body's code within which the words saying it is a one-time code must stand (the sixth round). */
const EVIDENCE_REACH = 250;

function farEvidence(word: string): string {
  return `rejected: the only words saying the message carries a one-time code ("${word}") stand more than ${EVIDENCE_REACH} characters from it, and the subject names none: they vouch for another part of the message`;
}

/** (the thirteenth round) The gate's reason when the only evidence words said nothing of a code. */
function notAboutCode(dropped: string[], promoSubject: boolean): string {
  const words = dropped.slice(0, 3).join('; ');
  return `rejected: the only words that could say the message carries a one-time code are about something else (${words})${promoSubject ? ', and the subject names a promotion' : ''}: nothing vouches for this code`;
}

/**
 * (the thirteenth round) Promotion and offer words a subject names a promotion with, beside the promotion words of the vocabulary
 * (discount, coupon, cashback…): a percentage, "offer", "sale", "deal" in the 21 languages.
 */
const PROMO_SUBJECT_RE =
  /%|(?:^|[^\p{L}])(?:offer|offers|sale|deal|deals|angebot|offre|promotion|soldes|oferta|ofertas|promoción|promoção|offerta|saldi|aanbieding|promocja|wyprzedaż|kampanya|fırsat|indirim|акция|распродажа|акція|розпродаж|تخفيضات|מבצע|הנחה|ऑफ़र|ऑफर|सेल|khuyến mãi|ưu đãi|promo|penawaran)(?:$|[^\p{L}])|セール|キャンペーン|세일|特价|特價|促销|促銷|โปรโมชั่น|ลดราคา/iu;

const NO_EVIDENCE =
  'rejected: nothing in the message says it carries a one-time code (no verification, sign-in, two-factor, one-time or password word, no validity or "do not share" wording, no code named in the subject): a code word alone is what receipts, tickets and gift cards print too';

/** Characters of an anchor's line read before and after it (a "forgot your password?" before, a cue after). */
const CONTEXT_SPAN = 200;

/** The text on an anchor's line before it, back to `floor` (the previous anchor's end). */
function beforeContext(text: string, start: number, floor: number): string {
  let a = start;
  while (a > floor && text[a - 1] !== '\n') a--;
  return text.slice(a, start);
}

function linkOf(p: Prepared, trace?: Trace): string | null {
  // What each URL says by itself, read once per message (a URL of the text part often comes again in the HTML part).
  const urls = new Map<string, UrlFacts>();
  if (p.text) {
    const link = pickLink(textLinks(p.text), trace?.links.text, new LinkWords(() => `${p.subject}\n${p.text.slice(0, LINK_WORDS_CHARS)}`), urls);
    if (link) {
      if (trace && p.html)
        trace.notes.push("link: the HTML part's links were not scored, as the text part had a verification link (the text part comes first)");
      return unlessBounce(p, link, trace);
    }
  }
  const doc = htmlDocOf(p);
  if (!doc) return null;
  if (trace && doc.anchors.length > MAX_LINKS) trace.notes.push(`link: only the first ${MAX_LINKS} links of the HTML part were scored`);
  const anchors = doc.anchors.slice(0, MAX_LINKS);
  const cands: LinkCandidate[] = anchors.map((a, i) => {
    const prevEnd = i > 0 ? (anchors[i - 1] as Anchor).end : 0;
    const nextStart = i + 1 < anchors.length ? (anchors[i + 1] as Anchor).start : doc.text.length;
    return new AnchorCandidate(doc.text, a, Math.max(prevEnd, a.start - CONTEXT_SPAN), Math.min(nextStart, a.end + CONTEXT_SPAN));
  });
  return unlessBounce(p, pickLink(cands, trace?.links.html, new LinkWords(() => `${p.subject}\n${doc.text.slice(0, LINK_WORDS_CHARS)}`), urls), trace);
}

/**
 * (the fifteenth round) A bounce quotes the undelivered mail: its verification link, as its code, was for an address it never
 * reached. Read only once a link was chosen.
 */
function unlessBounce(p: Prepared, link: string | null, trace?: Trace): string | null {
  if (link === null) return null;
  const bounce = bounceOf(p);
  if (bounce === null) return link;
  if (trace) {
    const why = `rejected: the mail is a bounce, a delivery status notification ("${bounce}"): the link it quotes is the undelivered message's, which never reached the address it was for`;
    for (const t of [...trace.links.text, ...trace.links.html]) {
      if (!t.chosen) continue;
      t.chosen = false;
      t.accepted = false;
      t.reasons.push(why);
    }
    trace.notes.push(`link: ${why.slice('rejected: '.length)}`);
  }
  return null;
}

/** An anchor of the HTML part as a link candidate: the text around it is only cut out when a rule reads it. */
class AnchorCandidate implements LinkCandidate {
  readonly url: string;
  readonly label: string;
  readonly start: number;
  readonly end: number;
  private beforeText: string | undefined;
  private afterText: string | undefined;
  constructor(
    private readonly text: string,
    a: Anchor,
    private readonly floor: number,
    private readonly limit: number,
  ) {
    this.url = a.href;
    this.label = a.label;
    this.start = a.start;
    this.end = a.end;
  }
  get before(): string {
    this.beforeText ??= beforeContext(this.text, this.start, this.floor);
    return this.beforeText;
  }
  get after(): string {
    this.afterText ??= afterContext(this.text, this.end, this.limit);
    return this.afterText;
  }
}

/** Characters of a part read for words that make a sign-in link a one-time one ("this link expires in 15 minutes"). */
const LINK_WORDS_CHARS = 10_000;

/** Extracts both the one-time code and the verification link. */
export function extract(input: ExtractInput): Extraction {
  const p = prepare(input);
  const otp = otpOf(p);
  return { otp, verificationLink: p.link !== undefined ? p.link : linkOf(p) };
}

/** The one-time code (normalised: split numeric codes are joined), or null. */
export function extractOtp(input: ExtractInput): string | null {
  return otpOf(prepare(input));
}

/** The URL to click to verify / confirm / sign in / reset a password, or null. */
export function extractVerificationLink(input: ExtractInput): string | null {
  return linkOf(prepare(input));
}

// ---------- explain ----------

/** The text around a candidate: `match` as it stands in the text searched, with up to CONTEXT_CHARS either side. */
export interface Snippet {
  before: string;
  match: string;
  after: string;
}

/** chosen: the value extract() returns; accepted: passed every rule but scored lower; rejected: a rule dropped it. */
export type Verdict = 'chosen' | 'accepted' | 'rejected';

export interface CodeCandidate {
  /** 1 is the chosen code (when there is one), then the accepted ones by score, then the rejected ones. */
  rank: number;
  value: string;
  verdict: Verdict;
  /** The rules' score (2 decimals); null when a veto dropped it before it was scored. The threshold is 3. */
  score: number | null;
  source: Source;
  /** The candidate's shape: num, split, spaced, prefixed, alnum, alnumPair, letters, lettersPair, mixed. */
  shape: string;
  /** What the rules found, in order; a rejected candidate's last reason is the one that dropped it. */
  reasons: string[];
  context: Snippet;
}

export interface LinkCandidateExplained {
  rank: number;
  url: string;
  /** The anchor's visible text (HTML), or the words before the URL (text part). */
  label: string;
  verdict: Verdict;
  /** Null when a rule rejected the link outright. The threshold is 4. */
  score: number | null;
  source: 'text' | 'html';
  reasons: string[];
  context: Snippet;
}

export interface Explanation extends Extraction {
  codes: CodeCandidate[];
  links: LinkCandidateExplained[];
  /** What was searched and what was not (a part skipped, a bound reached). */
  notes: string[];
  /** The score a code and a link must reach to be accepted. */
  thresholds: { code: number; link: number };
}

/** Characters of context on either side of a candidate. */
export const CONTEXT_CHARS = 40;

// Controls, C1 controls, bidi embeddings, overrides and isolates, invisible joiners, line separators.
const CONTROL_RE = /[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]+/g;

function oneLine(s: string): string {
  return s.replace(CONTROL_RE, ' ').replace(/ {2,}/g, ' ');
}

/** `s` cut so that no surrogate pair is split at either end. */
function whole(s: string): string {
  let a = 0;
  let b = s.length;
  if (b > 0 && s.charCodeAt(0) >= 0xdc00 && s.charCodeAt(0) <= 0xdfff) a = 1;
  if (b > a && s.charCodeAt(b - 1) >= 0xd800 && s.charCodeAt(b - 1) <= 0xdbff) b--;
  return s.slice(a, b);
}

function snippet(text: string, start: number, end: number): Snippet {
  return {
    before: oneLine(whole(text.slice(Math.max(0, start - CONTEXT_CHARS), start))).trimStart(),
    match: oneLine(text.slice(start, end)),
    after: oneLine(whole(text.slice(end, end + CONTEXT_CHARS))).trimEnd(),
  };
}

function round(n: number | null): number | null {
  return n === null ? null : Math.round(n * 100) / 100;
}

const SOURCE_ORDER: Record<Source, number> = { subject: 0, text: 1, html: 2 };
const VERDICT_ORDER: Record<Verdict, number> = { chosen: 0, accepted: 1, rejected: 2 };

/** chosen first; then by verdict, score (unscored last), part and place. */
function byRank<T extends { verdict: Verdict; score: number | null; source: Source; at: number }>(a: T, b: T): number {
  return (
    VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict] ||
    (b.score ?? -Infinity) - (a.score ?? -Infinity) ||
    SOURCE_ORDER[a.source] - SOURCE_ORDER[b.source] ||
    a.at - b.at
  );
}

/**
 * extract() with its trace: the same pipeline and the same values (`otp`, `verificationLink`), plus
 * every code and link candidate the rules looked at, ranked, each with its reasons and the text
 * around it. Only the parts extract() reads are searched (see `notes`).
 */
export function explain(input: ExtractInput): Explanation {
  const p = prepare(input);
  const trace: Trace = { codes: { subject: [], text: [], html: [] }, links: { text: [], html: [] }, otpFrom: null, notes: [] };
  const otp = otpOf(p, trace);
  const verificationLink = linkOf(p, trace);

  const chosenCode = trace.otpFrom;
  const codes = (['subject', 'text', 'html'] as const)
    .flatMap((source) =>
      trace.codes[source].map((t) => {
        const chosen =
          chosenCode !== null && chosenCode.source === source && chosenCode.result.start === t.start && chosenCode.result.value === t.value && t.accepted;
        const reasons = [...t.reasons];
        if (t.accepted && !chosen && chosenCode) {
          const by = `"${chosenCode.result.value}" (score ${round(chosenCode.result.score)}, ${chosenCode.source === 'subject' ? 'the subject' : `the ${chosenCode.source} part`})`;
          if (source === 'subject' && chosenCode.source !== 'subject')
            reasons.push(`outscored: the subject's code must score higher than the body's, and ${by} scored at least as much`);
          else reasons.push(`outscored by ${by}`);
        }
        const verdict: Verdict = chosen ? 'chosen' : t.accepted ? 'accepted' : 'rejected';
        return {
          at: t.start,
          verdict,
          score: round(t.score),
          source,
          c: { value: t.value, shape: t.kind, reasons, context: snippet(t.text, t.start, t.end) },
        };
      }),
    )
    .sort(byRank)
    .map(
      (x, i): CodeCandidate => ({
        rank: i + 1,
        value: x.c.value,
        verdict: x.verdict,
        score: x.score,
        source: x.source,
        shape: x.c.shape,
        reasons: x.c.reasons,
        context: x.c.context,
      }),
    );

  const doc = p.htmlDoc;
  const links = (['text', 'html'] as const)
    .flatMap((source) =>
      trace.links[source].map((t, order) => {
        const reasons = [...t.reasons];
        if (t.accepted && !t.chosen && verificationLink !== null) reasons.push(`outscored by ${verificationLink} (a higher score, or the same score earlier)`);
        const text = source === 'text' ? p.text : (doc?.text ?? '');
        const context = t.start === undefined || t.end === undefined ? { before: '', match: '', after: '' } : snippet(text, t.start, t.end);
        const verdict: Verdict = t.chosen ? 'chosen' : t.accepted ? 'accepted' : 'rejected';
        return { at: order, verdict, score: t.score, source, l: { url: t.url, label: oneLine(t.label), reasons, context } };
      }),
    )
    .sort(byRank)
    .map(
      (x, i): LinkCandidateExplained => ({
        rank: i + 1,
        url: x.l.url,
        label: x.l.label,
        verdict: x.verdict,
        score: x.score,
        source: x.source,
        reasons: x.l.reasons,
        context: x.l.context,
      }),
    );

  const notes = [...trace.notes];
  if (codes.length === 0) notes.push('code: nothing shaped like a code (4 to 8 digits, digits in groups, capitals with digits) in what was searched');
  if (links.length === 0) notes.push('link: no http(s) link in what was searched');
  if (!p.subject && !p.text && !p.html) notes.unshift('the message has no subject, text or HTML to search');
  if ((input.text?.length ?? 0) > MAX_PART_CHARS || (input.html?.length ?? 0) > MAX_PART_CHARS) {
    notes.push(`only the first ${MAX_PART_CHARS.toLocaleString('en-US')} characters of each part were read`);
  }
  return { otp, verificationLink, codes, links, notes, thresholds: { code: THRESHOLD, link: LINK_THRESHOLD } };
}
