// The viewer's search (the list's `?q=`): words and "phrases" looked up in the message's header
// fields, code, link, text and attachment names, and filters as Mailpit reads them: from:, to:,
// subject:, has:attachment, is:code, is:link, before:, after:, each negated by a leading - or !.
// Terms are ANDed. Header fields are searched in what the lists show of them (capSummary).
//
// The text of a message is in its file, not in the index: it is read through the core's public
// reading path (messages.rawStream() and the parser's outline, attachment bodies counted, never kept)
// the first time a search needs it, and kept in a cache bounded in characters (BodyTexts). Nothing
// here writes anything, and the core is not changed for it.
import type { Readable } from 'node:stream';
import { capSummary } from '../../core/field-caps.js';
import type { StoredMessage } from '../../core/state.js';

export type Term =
  | { kind: 'text'; value: string; not: boolean }
  | { kind: 'from' | 'to' | 'subject'; value: string; not: boolean }
  | { kind: 'attachment' | 'code' | 'link'; not: boolean }
  | { kind: 'before' | 'after'; at: number; not: boolean };

export interface Search {
  terms: Term[];
  /** Why the search cannot be run (a filter with a value it does not take), or null. */
  error: string | null;
}

/** One word or "quoted phrase" of the search, with its sign and prefix. */
const TOKEN = /([-!]?)(?:([a-z]+):)?(?:"([^"]*)"?|(\S+))/giy;

const DATE_HELP = 'a date such as 2026-05-12 or 2026-05-12T09:30 (UTC)';

/**
 * A UTC instant of `YYYY-MM-DD` (its midnight) or `YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM]` (UTC when no
 * zone is given), or null.
 */
export function searchDate(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?)?$/i.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone = 'Z'] = m;
  const at = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${zone.toUpperCase()}`);
  if (!Number.isFinite(at)) return null;
  // Date.parse rolls 2026-02-31 over into March: such a date is refused, not moved.
  if (new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d))).getUTCDate() !== Number(d)) return null;
  return at;
}

/** Reads the search box. Unknown prefixes (`https:`, `code:`) are part of a word, as in Mailpit. */
export function parseSearch(q: string): Search {
  const terms: Term[] = [];
  const text = q.trim();
  let at = 0;
  while (at < text.length) {
    while (at < text.length && /\s/.test(text[at]!)) at++;
    if (at >= text.length) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) break;
    at = TOKEN.lastIndex;
    const not = m[1] !== '';
    const key = m[2]?.toLowerCase();
    const value = (m[3] ?? m[4] ?? '').toLowerCase();
    switch (key) {
      case 'from':
      case 'to':
      case 'subject':
        if (value === '') return { terms, error: `${key}: needs a value, e.g. ${key}:acme` };
        terms.push({ kind: key, value, not });
        continue;
      case 'has':
        if (value !== 'attachment' && value !== 'attachments') return { terms, error: `has: takes "attachment" (has:attachment), not "${value}".` };
        terms.push({ kind: 'attachment', not });
        continue;
      case 'is':
        if (value !== 'code' && value !== 'link') return { terms, error: `is: takes "code" or "link" (is:code, is:link), not "${value}".` };
        terms.push({ kind: value, not });
        continue;
      case 'before':
      case 'after': {
        const when = searchDate(value);
        if (when === null) return { terms, error: `${key}: wants ${DATE_HELP}; "${value}" is not one.` };
        terms.push({ kind: key, at: when, not });
        continue;
      }
    }
    // A word: with an unknown prefix, the whole of it (a URL, "code:123").
    const word = key === undefined ? value : `${m[2]!.toLowerCase()}:${value}`;
    if (word !== '') terms.push({ kind: 'text', value: word, not });
  }
  return { terms, error: null };
}

/** Whether the search needs nothing but the index (no term looks in the text). */
export function needsText(s: Search): boolean {
  return s.terms.some((t) => t.kind === 'text');
}

/**
 * Whether a word is in what the index holds of a message: subject, sender, recipient and the inbox
 * (as the lists show them), code, link. The text and attachment names are BodyTexts'.
 */
export function inSummary(m: StoredMessage, inbox: string, needle: string): boolean {
  const shown = capSummary(m);
  return (
    shown.subject.toLowerCase().includes(needle) ||
    shown.from.toLowerCase().includes(needle) ||
    shown.to.toLowerCase().includes(needle) ||
    inbox.includes(needle) ||
    (m.otp !== null && m.otp.toLowerCase().includes(needle)) ||
    (m.verificationLink !== null && m.verificationLink.toLowerCase().includes(needle))
  );
}

/** Whether every term that the index can judge holds (text terms are left to `matchesText`). */
function matchesIndex(m: StoredMessage, inbox: string, t: Term): boolean {
  const shown = capSummary(m);
  switch (t.kind) {
    case 'from':
      return shown.from.toLowerCase().includes(t.value);
    case 'to':
      return shown.to.toLowerCase().includes(t.value) || inbox.includes(t.value);
    case 'subject':
      return shown.subject.toLowerCase().includes(t.value);
    case 'attachment':
      return m.hasAttachment;
    case 'code':
      return m.otp !== null;
    case 'link':
      return m.verificationLink !== null;
    case 'before':
      return m.receivedAt < t.at;
    case 'after':
      return m.receivedAt >= t.at;
    case 'text':
      return true;
  }
}

/**
 * Whether a message matches a search. `text()` gives the message's searchable text (lower case) and
 * is called only when a word is not in its header fields, code or link (or is negated).
 */
export async function matchesSearch(m: StoredMessage, inbox: string, s: Search, text: () => Promise<string>): Promise<boolean> {
  for (const t of s.terms) if (t.kind !== 'text' && matchesIndex(m, inbox, t) === t.not) return false;
  let body: string | null = null;
  for (const t of s.terms) {
    if (t.kind !== 'text') continue;
    let found = inSummary(m, inbox, t.value);
    if (!found) {
      body ??= await text();
      found = body.includes(t.value);
    }
    if (found === t.not) return false;
  }
  return true;
}

/** Characters of one message's text that a search looks at (a text part can be megabytes). */
export const TEXT_SEARCHED = 1024 * 1024;
/** Characters of message text the cache keeps, all messages together. */
export const TEXT_CACHED = 32 * 1024 * 1024;

export interface TextSource {
  rawStream(m: StoredMessage): Promise<Readable | null>;
}

export type Outline = (source: Readable) => Promise<{ text: string | null; attachments: Array<{ filename: string }> }>;

/**
 * The searchable text of messages (text part, or the text made of the HTML part, and attachment
 * names; lower case, at most TEXT_SEARCHED characters), read once and kept while TEXT_CACHED
 * characters allow, the least recently used going first. A message is known by its inbox and id, and
 * its file is checked, so a message of a later state (after a reset) is never taken for an earlier one.
 */
export class BodyTexts {
  readonly #kept = new Map<string, { file: string; text: string }>();
  #chars = 0;

  constructor(
    private readonly source: TextSource,
    private readonly outline: Outline,
    private readonly budget = TEXT_CACHED,
  ) {}

  /** Messages whose text is kept, and its characters. */
  get size(): { messages: number; chars: number } {
    return { messages: this.#kept.size, chars: this.#chars };
  }

  async of(inbox: string, m: StoredMessage): Promise<string> {
    const key = `${inbox}\n${m.id}`;
    const hit = this.#kept.get(key);
    if (hit !== undefined) {
      this.#drop(key);
      if (hit.file === m.file) {
        this.#keep(key, hit);
        return hit.text;
      }
    }
    const text = await this.#read(m);
    if (text.length <= this.budget) {
      this.#drop(key); // read twice at once: one copy is kept
      this.#keep(key, { file: m.file, text });
      for (const [k] of this.#kept) {
        if (this.#chars <= this.budget) break;
        this.#drop(k);
      }
    }
    return text;
  }

  /** Forgets a deleted message. */
  forget(inbox: string, id: string): void {
    this.#drop(`${inbox}\n${id}`);
  }

  clear(): void {
    this.#kept.clear();
    this.#chars = 0;
  }

  #keep(key: string, entry: { file: string; text: string }): void {
    this.#kept.set(key, entry);
    this.#chars += entry.text.length;
  }

  #drop(key: string): void {
    const entry = this.#kept.get(key);
    if (!entry) return;
    this.#kept.delete(key);
    this.#chars -= entry.text.length;
  }

  async #read(m: StoredMessage): Promise<string> {
    try {
      const source = await this.source.rawStream(m);
      if (!source) return '';
      const o = await this.outline(source);
      const names = o.attachments.map((a) => a.filename).join('\n');
      return `${(o.text ?? '').slice(0, TEXT_SEARCHED)}\n${names}`.toLowerCase();
    } catch {
      // A message the parser refuses is found by its header fields only, as the API reads it.
      return '';
    }
  }
}

/** `fn` over `items`, at most `limit` at a time, results in order. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
