// Faults on demand (docs/faults.md): the rules a user set, and the one question every adapter asks of
// them, decide(place, subject): does a rule fire on this SMTP command, API call, webhook delivery,
// WebSocket connection or DNS check, and with what effect. Plain TypeScript: the adapters apply the
// effect (emulator/smtp/faults.ts, emulator/http/faults.ts, the dispatcher, the DNS wrapper beside
// this file). Time spans, greylisting and rate windows run on the emulator's clock; probabilities on
// each rule's own seeded generator. Each hit is counted on its rule, kept in a bounded log for tests,
// and published ('fault.hit') for the terminal line and the viewer.
//
// Rules are consulted in the order they were added. A rule that only adds time (a delay, a trickle)
// applies and lets the next rules be consulted; the first rule with an answer (a reply, a drop, a
// status, a reset, a close, a delivery not made, unpublished records) ends the search. A place no rule
// names costs one Map lookup (has()): adapters ask nothing more then.
import {
  FAULT_PLACES,
  type FaultHit,
  type FaultPlace,
  type FaultReply,
  type FaultRule,
  FaultRuleError,
  type FaultRuleView,
  MAX_FAULT_RULES,
  familyOf,
  parseFaultRules,
} from '../../../src/api/faults.js';
import { isoTime, type Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import type { EventBus } from '../events.js';
import { compilePatterns, type Matcher } from './pattern.js';
import { SeededRandom, seedOf } from './prng.js';

/** Hits kept for hits() (oldest dropped first). */
export const MAX_FAULT_HITS = 1000;
/** Greylisting pairs and rate-limit clients remembered per rule (past it, the memory starts afresh). */
const MAX_KEYS = 100_000;

/** An account as a rule's `account` condition sees it. */
export interface FaultAccount {
  apiKey: string;
  id: string;
}

/** What an event is about; each adapter fills what its place knows. */
export interface FaultSubject {
  /** SMTP: the client's address. */
  remote?: string;
  /** SMTP: the envelope sender, '' for the null sender. */
  sender?: string;
  /** SMTP: at RCPT the one recipient, at DATA and end of data the envelope's. */
  recipients?: readonly string[];
  /** End of data: the values of a header field, by its name (any case). */
  header?: (name: string) => readonly string[];
  /** API: the inbox of the path; webhook: the delivery's; WebSocket: the inboxes it follows. */
  inboxes?: readonly string[];
  /** The caller (API, WebSocket), the webhook's owner, the owners of a domain. */
  accounts?: readonly FaultAccount[];
  /** DNS: the domain looked up. */
  domain?: string;
  /** More words for the hit record (a webhook's URL). */
  about?: Record<string, string>;
}

/** The rule that answers an event, and its answer. */
export interface FaultAnswer {
  rule: string;
  what: FaultRule['what'];
  /** SMTP: the reply to give, its text naming the rule (absent for a drop). */
  reply?: { code: number; message: string };
  /** A rate rule: seconds until the client is under its limit again. */
  retryAfterSeconds?: number;
}

export interface FaultDecision {
  /** Time every rule that applied adds before the answer (or before the emulator's own). */
  delayMs: number;
  /** SMTP: write the reply a byte at a time over this long (0: at once). */
  trickleMs: number;
  /** Null when rules only added time: the emulator answers as it would have. */
  answer: FaultAnswer | null;
  /** Ids of the rules that applied, in order. */
  rules: string[];
}

interface LiveRule {
  rule: FaultRule & { id: string };
  addedAt: number;
  matches: number;
  hits: number;
  lastHitAt: number | null;
  random: SeededRandom | null;
  /** firstTry: when each sender/recipient pair was first seen. */
  seen: Map<string, number>;
  /** rate: accepted events per client in the window. */
  windows: Map<string, number[]>;
  sender?: Matcher;
  recipient?: Matcher;
  inbox?: Matcher;
  domain?: Matcher;
  header?: Array<[string, Matcher]>;
  accounts?: Set<string>;
  start?: number;
  end?: number;
}

const SMTP_TEXTS: Record<number, string> = {
  421: 'Service not available, closing the connection',
  450: 'Mailbox unavailable, try again later',
  451: 'Local error in processing, try again later',
  452: 'Insufficient system storage, try again later',
  550: 'Mailbox unavailable',
  551: 'User not local',
  552: 'Exceeded storage allocation',
  553: 'Mailbox name not allowed',
  554: 'Transaction failed',
};

/** An SMTP reply's text: the enhanced code first, the rule named last. */
export function smtpReplyText(reply: FaultReply, rule: string): string {
  const text = reply.text || SMTP_TEXTS[reply.code] || (reply.code < 500 ? 'Temporary failure' : 'Permanent failure');
  return `${reply.enhanced ? `${reply.enhanced} ` : ''}${text} [fault ${rule}]`;
}

function terminal(family: string, what: FaultRule['what'], rate: boolean): boolean {
  switch (family) {
    case 'smtp':
      return Boolean(what.reply || what.drop || rate);
    case 'api':
      return what.status !== undefined || Boolean(what.reset);
    case 'webhook':
      return Boolean(what.drop);
    default:
      return true;
  }
}

/** The effect of a hit, in words. */
function effectOf(family: string, a: FaultAnswer | null, what: FaultRule['what']): string {
  if (a?.reply) return `${a.reply.code} ${a.reply.message}`;
  switch (family) {
    case 'smtp':
      if (what.drop) return 'connection dropped';
      return [what.delayMs ? `delay ${what.delayMs} ms` : '', what.trickleMs ? `trickle over ${what.trickleMs} ms` : ''].filter(Boolean).join(', ');
    case 'api':
      if (what.reset) return 'connection reset';
      if (what.status !== undefined) return `${what.status} ${what.status === 429 ? (what.error ?? 'rate_limit_exceeded') : (what.error ?? '')}`.trim();
      return `latency ${what.delayMs ?? 0} ms`;
    case 'webhook':
      return what.drop ? 'not delivered' : `delivery delayed ${what.delayMs ?? 0} ms`;
    case 'websocket':
      return `closed with ${what.close}${what.delayMs ? ` after ${what.delayMs} ms` : ''}`;
    default:
      return 'records unpublished';
  }
}

function subjectWords(place: FaultPlace, s: FaultSubject): Record<string, string> {
  const out: Record<string, string> = {};
  if (s.remote) out.remote = s.remote;
  if (s.sender !== undefined) out.sender = s.sender || '<>';
  if (s.recipients?.length) out.recipient = s.recipients.slice(0, 5).join(', ') + (s.recipients.length > 5 ? ', …' : '');
  if (s.inboxes?.length) out.inbox = s.inboxes.slice(0, 5).join(', ') + (s.inboxes.length > 5 ? ', …' : '');
  if (s.accounts?.length) out.account = s.accounts.map((a) => a.apiKey).join(', ');
  if (s.domain) out.domain = s.domain;
  if (place.startsWith('api.')) out.route = place.slice(4);
  return { ...out, ...s.about };
}

export class Faults {
  #rules: LiveRule[] = [];
  #index = new Map<FaultPlace, LiveRule[]>();
  #hits: FaultHit[] = [];
  #auto = 0;

  constructor(private readonly deps: { clock: Clock; bus: EventBus }) {}

  /** How many rules there are. */
  get size(): number {
    return this.#rules.length;
  }

  /** Whether any rule applies at `place`: adapters ask nothing more when none does. */
  has(place: FaultPlace): boolean {
    return this.#index.has(place);
  }

  /** Whether a rule at `place` has a `header` condition (the SMTP adapter then reads the header block first). */
  needsHeaders(place: FaultPlace): boolean {
    return this.#index.get(place)?.some((r) => r.header !== undefined) ?? false;
  }

  /**
   * Adds rules from what a user wrote (parseFaultRules: a rule, a preset, a list, `{rules}`), all or
   * none: a bad one is refused with 400 invalid_parameter naming it. Returns them as listed.
   */
  add(input: unknown): FaultRuleView[] {
    let rules: FaultRule[];
    try {
      rules = parseFaultRules(input);
    } catch (e) {
      if (e instanceof FaultRuleError) throw invalid(e.message);
      throw e;
    }
    if (this.#rules.length + rules.length > MAX_FAULT_RULES) {
      throw invalid(
        `at most ${MAX_FAULT_RULES} fault rules at once; ${this.#rules.length} are set`,
        'Remove some first: DELETE /_emulator/faults/<id> or "inbox faults clear".',
      );
    }
    const taken = new Set(this.#rules.map((r) => r.rule.id));
    const now = this.deps.clock.now();
    const live: LiveRule[] = [];
    for (const r of rules) {
      const id = r.id ?? this.#freeId(r.preset, taken);
      if (taken.has(id)) throw invalid(`a fault rule "${id}" is already set`, `Remove it first ("inbox faults clear ${id}") or give the new one another "id".`);
      taken.add(id);
      live.push(this.#compile({ ...r, id }, now));
    }
    this.#rules.push(...live);
    this.#reindex();
    return live.map((r) => this.#view(r));
  }

  list(): FaultRuleView[] {
    return this.#rules.map((r) => this.#view(r));
  }

  /** Removes one rule; false when there is none of that id. */
  remove(id: string): boolean {
    const before = this.#rules.length;
    this.#rules = this.#rules.filter((r) => r.rule.id !== id);
    if (this.#rules.length === before) return false;
    this.#reindex();
    return true;
  }

  /** Removes every rule (and the hit log); returns how many there were. */
  clear(): number {
    const n = this.#rules.length;
    this.#rules = [];
    this.#hits = [];
    this.#reindex();
    return n;
  }

  /**
   * What an emulator reset does: the rules stay, as if added now (counters at zero, time spans from
   * now, greylisting and rate memory forgotten, generators at their seeds); the hit log is emptied.
   */
  reset(): void {
    const now = this.deps.clock.now();
    this.#rules = this.#rules.map((r) => this.#compile(r.rule, now));
    this.#hits = [];
    this.#reindex();
  }

  /** The hits kept (the last MAX_FAULT_HITS), oldest first; of one rule when named. */
  hits(rule?: string): FaultHit[] {
    return rule === undefined ? [...this.#hits] : this.#hits.filter((h) => h.rule === rule);
  }

  /** Whether a rule fires on this event, and what the adapter must do; null when none applies. */
  decide(place: FaultPlace, subject: FaultSubject): FaultDecision | null {
    const list = this.#index.get(place);
    if (!list) return null;
    const now = this.deps.clock.now();
    const family = familyOf(place);
    let delayMs = 0;
    let trickleMs = 0;
    const rules: string[] = [];
    for (const r of list) {
      const fired = this.#fires(r, place, subject, now);
      if (!fired) continue;
      const what = r.rule.what;
      rules.push(r.rule.id);
      if (family !== 'websocket') delayMs += what.delayMs ?? 0;
      trickleMs = Math.max(trickleMs, what.trickleMs ?? 0);
      const isRate = fired.retryAfterSeconds !== undefined;
      const answer: FaultAnswer | null = terminal(family, what, isRate)
        ? {
            rule: r.rule.id,
            what,
            ...(family === 'smtp' && !what.drop ? { reply: this.#smtpReply(r, place, subject, fired.retryAfterSeconds) } : {}),
            ...(isRate ? { retryAfterSeconds: fired.retryAfterSeconds } : {}),
          }
        : null;
      this.#record(r, place, subject, effectOf(family, answer, what), now);
      if (answer) return { delayMs, trickleMs, answer, rules };
    }
    return rules.length ? { delayMs, trickleMs, answer: null, rules } : null;
  }

  // ---------- inside ----------

  #freeId(preset: string | undefined, taken: Set<string>): string {
    if (preset) {
      if (!taken.has(preset)) return preset;
      for (let n = 2; ; n++) if (!taken.has(`${preset}-${n}`)) return `${preset}-${n}`;
    }
    for (;;) {
      const id = `f${++this.#auto}`;
      if (!taken.has(id)) return id;
    }
  }

  #compile(rule: FaultRule & { id: string }, now: number): LiveRule {
    const w = rule.when;
    return {
      rule,
      addedAt: now,
      matches: 0,
      hits: 0,
      lastHitAt: null,
      random: w.probability !== undefined ? new SeededRandom(w.seed ?? seedOf(rule.id)) : null,
      seen: new Map(),
      windows: new Map(),
      ...(w.sender !== undefined ? { sender: compilePatterns(w.sender) } : {}),
      ...(w.recipient !== undefined ? { recipient: compilePatterns(w.recipient) } : {}),
      ...(w.inbox !== undefined ? { inbox: compilePatterns(w.inbox) } : {}),
      ...(w.domain !== undefined ? { domain: compilePatterns(w.domain) } : {}),
      ...(w.header ? { header: Object.entries(w.header).map(([name, p]) => [name.toLowerCase(), compilePatterns(p)] as [string, Matcher]) } : {}),
      ...(w.account !== undefined ? { accounts: new Set(typeof w.account === 'string' ? [w.account] : w.account) } : {}),
      ...(w.start ? { start: Date.parse(w.start) } : {}),
      ...(w.end ? { end: Date.parse(w.end) } : {}),
    };
  }

  #reindex(): void {
    const index = new Map<FaultPlace, LiveRule[]>();
    for (const r of this.#rules) {
      const places = new Set<FaultPlace>();
      for (const p of r.rule.where) {
        if (p === 'api.*') for (const q of FAULT_PLACES) if (q.startsWith('api.')) places.add(q);
        if (p !== 'api.*') places.add(p);
      }
      for (const p of places) {
        const list = index.get(p);
        if (list) list.push(r);
        else index.set(p, [r]);
      }
    }
    this.#index = index;
  }

  /**
   * Whether the rule fires on this event: its filters and time span hold, its firstTry or rate
   * condition says so (matches are counted from here), then after, every, times and probability.
   * Null when it does not; a rate rule's answer carries when to retry.
   */
  #fires(r: LiveRule, place: FaultPlace, s: FaultSubject, now: number): { retryAfterSeconds?: number } | null {
    const w = r.rule.when;
    if (r.start !== undefined && now < r.start) return null;
    if (r.end !== undefined && now >= r.end) return null;
    if (w.forMs !== undefined && now >= r.addedAt + w.forMs) return null;
    if (r.sender && !r.sender(s.sender ?? '')) return null;
    if (r.recipient && !(s.recipients ?? []).some(r.recipient)) return null;
    if (r.header) for (const [name, m] of r.header) if (!(s.header?.(name) ?? []).some(m)) return null;
    if (r.inbox && !(s.inboxes ?? []).some(r.inbox)) return null;
    if (r.accounts && !(s.accounts ?? []).some((a) => r.accounts!.has(a.apiKey) || r.accounts!.has(a.id))) return null;
    if (r.domain && !(s.domain !== undefined && r.domain(s.domain))) return null;
    // A 429 is the limiter's answer to an account: a request without a known key gets its 401.
    if (r.rule.what.status === 429 && !s.accounts?.length) return null;

    if (w.firstTry) {
      const key = `${(s.sender ?? '').toLowerCase()}\n${(s.recipients ?? []).map((a) => a.toLowerCase()).join('\n')}`;
      const first = r.seen.get(key);
      const minRetryMs = w.firstTry === true ? 0 : w.firstTry.minRetryMs;
      if (first === undefined) {
        if (r.seen.size >= MAX_KEYS) r.seen.clear();
        r.seen.set(key, now);
      } else if (now - first >= minRetryMs) return null;
    }
    let window: number[] | null = null;
    let retryAfterSeconds: number | undefined;
    if (w.rate) {
      const key = s.remote ?? '';
      window = (r.windows.get(key) ?? []).filter((t) => t > now - w.rate!.perMs);
      if (!r.windows.has(key) && r.windows.size >= MAX_KEYS) r.windows.clear();
      r.windows.set(key, window);
      // Under the limit: the event is counted and passes. Refused events are not counted.
      if (window.length < w.rate.max) {
        window.push(now);
        return null;
      }
      retryAfterSeconds = Math.max(1, Math.ceil(((window[0] ?? now) + w.rate.perMs - now) / 1000));
    }

    r.matches++;
    const n = r.matches;
    const after = w.after ?? 0;
    let fire = n > after;
    if (fire && w.every !== undefined) fire = (n - after) % w.every === 0;
    if (fire && w.times !== undefined) fire = r.hits < w.times;
    if (fire && r.random) fire = r.random.next() < (w.probability ?? 0);
    if (!fire) {
      window?.push(now);
      return null;
    }
    return retryAfterSeconds === undefined ? {} : { retryAfterSeconds };
  }

  #smtpReply(r: LiveRule, place: FaultPlace, s: FaultSubject, retryAfterSeconds: number | undefined): { code: number; message: string } {
    const reply = r.rule.what.reply;
    if (reply) return { code: reply.code, message: smtpReplyText(reply, r.rule.id) };
    // A rate rule without a reply of its own: a receiving MTA's 421, with when to come back.
    const rate = r.rule.when.rate!;
    const what = place === 'smtp.connect' ? 'connections' : place === 'smtp.mail' ? 'messages' : `${place.slice(5).toUpperCase()} commands`;
    const per = rate.perMs % 1000 === 0 ? `${rate.perMs / 1000} s` : `${rate.perMs} ms`;
    const from = s.remote ? ` from ${s.remote}` : '';
    return {
      code: 421,
      message: smtpReplyText(
        { code: 421, enhanced: '4.7.0', text: `Too many ${what}${from} (at most ${rate.max} per ${per}); try again in ${retryAfterSeconds ?? 1} s` },
        r.rule.id,
      ),
    };
  }

  #record(r: LiveRule, place: FaultPlace, s: FaultSubject, effect: string, now: number): void {
    r.hits++;
    r.lastHitAt = now;
    const hit: FaultHit = { rule: r.rule.id, place, at: isoTime(now), effect, subject: subjectWords(place, s) };
    if (this.#hits.length >= MAX_FAULT_HITS) this.#hits.splice(0, this.#hits.length - MAX_FAULT_HITS + 1);
    this.#hits.push(hit);
    this.deps.bus.emit('fault.hit', hit);
  }

  #view(r: LiveRule): FaultRuleView {
    return {
      // A copy: what a program does with a listed rule does not change the rule.
      ...structuredClone(r.rule),
      addedAt: isoTime(r.addedAt),
      matches: r.matches,
      hits: r.hits,
      lastHitAt: r.lastHitAt === null ? null : isoTime(r.lastHitAt),
    };
  }
}

function invalid(message: string, hint = 'See docs/faults.md for the rule format and the presets.'): ApiError {
  return new ApiError('invalid_parameter', `Fault rules: ${message}.`, { hint });
}
