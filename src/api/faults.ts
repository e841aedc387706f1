// The emulator's fault rules (docs/faults.md): one model behind every way of setting them (the
// `--faults` file, `inbox faults add`, the `/_emulator/faults` routes, startEmulator()'s `faults`).
// A rule says where it applies, when it fires and what it does:
//
//   { "id": "bounce-bob", "where": "smtp.rcpt", "when": { "recipient": "bob@*" },
//     "what": { "reply": "550 5.1.1 No such user" } }
//
// A preset ({"preset": "greylisting"}) stands for a rule written out by parseFaultRules(). Pure: no
// I/O; the emulator's core matches the rules (emulator/core/faults/), its adapters apply them.
import { z } from 'zod';
import { ROUTES, type RouteName } from './routes.js';

/** The SMTP stages a rule can answer at: the greeting, each command, and the reply to the message data. */
export const SMTP_STAGES = ['connect', 'ehlo', 'mail', 'rcpt', 'data', 'end_of_data'] as const;
export type SmtpStage = (typeof SMTP_STAGES)[number];

/** Where a rule applies: an SMTP stage, an API operation by its route name (`api.*`: all), webhook deliveries, WebSocket connections, custom-domain DNS. */
export type FaultPlace = `smtp.${SmtpStage}` | `api.${RouteName}` | 'webhook' | 'websocket' | 'dns';
export type FaultFamily = 'smtp' | 'api' | 'webhook' | 'websocket' | 'dns';

/** Every concrete place (`api.*` stands for all the `api.` ones). */
export const FAULT_PLACES: readonly FaultPlace[] = [
  ...SMTP_STAGES.map((s) => `smtp.${s}` as const),
  ...(Object.keys(ROUTES) as RouteName[]).map((n) => `api.${n}` as const),
  'webhook',
  'websocket',
  'dns',
];

/** The response header, and the SMTP reply's last words, naming the rule that made an answer. */
export const FAULT_HEADER = 'X-Emulator-Fault';

/** The preset rules, by name. */
export const FAULT_PRESETS = ['greylisting', 'mailbox-full', 'bounce', 'slow-server', 'flaky-api'] as const;
export type FaultPresetName = (typeof FAULT_PRESETS)[number];

/** Longest delay a rule may add: a day (webhook delays run on the emulator's clock, which tests move). */
export const MAX_FAULT_DELAY_MS = 86_400_000;
/** Most rules an emulator holds at once. */
export const MAX_FAULT_RULES = 1000;

export function familyOf(place: string): FaultFamily {
  const dot = place.indexOf('.');
  return (dot < 0 ? place : place.slice(0, dot)) as FaultFamily;
}

// ---------- pieces ----------

const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
const id = z.string().regex(ID, 'an id is 1 to 64 letters, digits, ".", "_", ":" or "-", starting with a letter or digit');
const ms = z.number().int('a whole number of milliseconds').min(0).max(MAX_FAULT_DELAY_MS);
const count = z.number().int('a whole number').min(1);

/** A glob (`*` any run of characters, `?` one), matched whole and without regard to case; or a list of them (any matches). */
const pattern = z
  .string()
  .min(1, 'a pattern is not empty')
  .max(320)
  .regex(/^[^\r\n]*$/, 'a pattern is one line');
const patterns = z.union([pattern, z.array(pattern).min(1).max(100)]);

const placeName = z.string().refine((p) => p === 'api.*' || (FAULT_PLACES as readonly string[]).includes(p), {
  message: `a place is one of smtp.${SMTP_STAGES.join(', smtp.')}, api.* or api.<route name> (api.listMessages, api.wait, ...), webhook, websocket, dns`,
});

/** An SMTP reply: `{code, enhanced?, text?}`, or the same written as one line, `550 5.1.1 No such user`. */
const replyObject = z
  .strictObject({
    code: z.number().int().min(400, 'a fault reply is a failure: 4xx or 5xx').max(599, 'a fault reply is a failure: 4xx or 5xx'),
    enhanced: z
      .string()
      .regex(/^[45]\.\d{1,3}\.\d{1,3}$/, 'an enhanced status code looks like 5.1.1')
      .optional(),
    text: z
      .string()
      .max(400)
      .regex(/^[\x20-\x7e]*$/, 'the reply text is printable ASCII on one line')
      .optional(),
  })
  .refine((r) => r.enhanced === undefined || r.enhanced[0] === String(r.code)[0], {
    message: 'the enhanced code is of the same class as the reply code (4.x.x with a 4xx, 5.x.x with a 5xx)',
    path: ['enhanced'],
  });
export type FaultReply = z.infer<typeof replyObject>;

const REPLY_LINE = /^([45]\d\d)(?:\s+([45]\.\d{1,3}\.\d{1,3}))?(?:\s+(.*))?$/;
const reply = z.union([
  replyObject,
  z.string().transform((line, ctx): FaultReply => {
    const m = REPLY_LINE.exec(line.trim());
    if (!m) {
      ctx.addIssue({ code: 'custom', message: 'a reply is "<4xx|5xx> [<enhanced code>] [text]", e.g. "451 4.7.1 Try again later"' });
      return z.NEVER;
    }
    const r = replyObject.safeParse({ code: Number(m[1]), ...(m[2] ? { enhanced: m[2] } : {}), ...(m[3] ? { text: m[3] } : {}) });
    if (!r.success) {
      ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? 'not a reply' });
      return z.NEVER;
    }
    return r.data;
  }),
]);

const headerName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/, 'a header name');
const headerValue = z
  .string()
  .max(1000)
  .regex(/^[\x20-\x7e\t]*$/, 'a header value is printable ASCII on one line');
const isoTime = z.iso.datetime({ offset: true });

/** WebSocket close codes a server may send (RFC 6455: not 1004 to 1006, 1015; 3000 to 4999 for applications). */
function closeCodeAllowed(n: number): boolean {
  return (n >= 1000 && n <= 1003) || (n >= 1007 && n <= 1014) || (n >= 3000 && n <= 4999);
}

// ---------- when, what, the rule ----------

export const FaultWhen = z.strictObject({
  /** SMTP: the envelope sender (MAIL FROM; `""` is the null sender `<>`). */
  sender: patterns.or(z.literal('')).optional(),
  /** SMTP: a recipient (at RCPT the one named; at DATA and end of data any of the envelope's). */
  recipient: patterns.optional(),
  /** End of data: header fields of the message (each named field must have a value matching). */
  header: z.record(headerName, patterns).optional(),
  /** API (the inbox in the route's path), webhooks (the delivery's inbox), WebSocket (an inbox the connection follows). */
  inbox: patterns.optional(),
  /** API, webhooks (the webhook's owner), WebSocket, DNS (the domain's owner): an API key, or an account id (`acct_...`). */
  account: z.union([z.string().min(1).max(200), z.array(z.string().min(1).max(200)).min(1).max(100)]).optional(),
  /** DNS: the custom domain being verified. */
  domain: patterns.optional(),
  /** Fires the next N times it matches, then no more. */
  times: count.optional(),
  /** Fires on every Nth match (the Nth, the 2Nth, ...). */
  every: count.optional(),
  /** Lets the first N matches pass. */
  after: z.number().int().min(0).optional(),
  /** Fires on a match with this probability, drawn from the rule's own seeded generator. */
  probability: z.number().min(0).max(1).optional(),
  /** The generator's seed (default: derived from the rule's id), so a run can be repeated. */
  seed: z.number().int().min(0).max(0xffffffff).optional(),
  /** Greylisting: the first try of each sender and recipient pair matches (and retries sooner than minRetryMs). */
  firstTry: z.union([z.literal(true), z.strictObject({ minRetryMs: ms })]).optional(),
  /** SMTP rate limit: matches once a client has had `max` events at this stage within `perMs`. */
  rate: z.strictObject({ max: z.number().int().min(0).max(1_000_000), perMs: z.number().int().min(1).max(MAX_FAULT_DELAY_MS) }).optional(),
  /** Active from this time on the emulator's clock (ISO 8601). */
  start: isoTime.optional(),
  /** Active until this time on the emulator's clock (ISO 8601). */
  end: isoTime.optional(),
  /** Active for this long after the rule was added (or the emulator reset), on the emulator's clock. */
  forMs: ms.optional(),
});
export type FaultWhen = z.infer<typeof FaultWhen>;

export const FaultWhat = z.strictObject({
  /** SMTP: the reply given instead of the emulator's. */
  reply: reply.optional(),
  /** SMTP: wait before answering; API: added latency; webhook: the delivery waits (emulator clock); WebSocket: the close comes this long after the connection opened. */
  delayMs: ms.optional(),
  /** SMTP: cut the connection without a reply; webhook: the delivery is not made. */
  drop: z.literal(true).optional(),
  /** SMTP: the reply (the rule's or the emulator's own) is written a byte at a time over this long. */
  trickleMs: ms.optional(),
  /** API: the answer's HTTP status (429: the emulator's own limiter answer). */
  status: z.number().int().min(400).max(599).optional(),
  /** API: the error code of the body (429: rate_limit_exceeded or monthly_quota_exceeded). */
  error: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,63}$/, 'an error code is snake_case')
    .optional(),
  /** API: the message of the error body. */
  message: z.string().min(1).max(500).optional(),
  /** API: the whole JSON body instead of an error body. */
  body: z.record(z.string(), z.unknown()).optional(),
  /** API: headers added to the answer. */
  headers: z.record(headerName, headerValue).optional(),
  /** API: a Retry-After header, in seconds. */
  retryAfter: z.number().int().min(0).max(86_400).optional(),
  /** API: reset the connection instead of answering. */
  reset: z.literal(true).optional(),
  /** WebSocket: close the connection with this code. */
  close: z.number().int().refine(closeCodeAllowed, 'a close code a server may send: 1000 to 1003, 1007 to 1014, or 3000 to 4999').optional(),
  /** WebSocket: the close reason. */
  reason: z
    .string()
    .max(123)
    .regex(/^[\x20-\x7e]*$/, 'printable ASCII')
    .optional(),
  /** DNS: the domain's records are not seen (the default, and only, effect of a dns rule). */
  unpublished: z.literal(true).optional(),
});
export type FaultWhat = z.infer<typeof FaultWhat>;

const ruleInput = z.strictObject({
  id: id.optional(),
  where: z.union([
    placeName,
    z
      .array(placeName)
      .min(1)
      .max(SMTP_STAGES.length + Object.keys(ROUTES).length),
  ]),
  when: FaultWhen.optional(),
  what: FaultWhat.optional(),
  note: z.string().max(200).optional(),
});

/** A rule as the emulator holds it: `where` a list, `when` and `what` objects, a reply in its object form. */
export interface FaultRule {
  id?: string;
  where: Array<FaultPlace | 'api.*'>;
  when: FaultWhen;
  what: Omit<FaultWhat, 'reply'> & { reply?: FaultReply };
  note?: string;
  /** The preset it was written out from. */
  preset?: FaultPresetName;
}

/** Where each condition and effect applies (a rule using one elsewhere is refused). */
const WHEN_PLACES: Partial<Record<keyof FaultWhen, (place: string) => boolean>> = {
  sender: (p) => ['smtp.mail', 'smtp.rcpt', 'smtp.data', 'smtp.end_of_data'].includes(p),
  recipient: (p) => ['smtp.rcpt', 'smtp.data', 'smtp.end_of_data'].includes(p),
  header: (p) => p === 'smtp.end_of_data',
  inbox: (p) => ['api', 'webhook', 'websocket'].includes(familyOf(p)),
  account: (p) => ['api', 'webhook', 'websocket', 'dns'].includes(familyOf(p)),
  domain: (p) => p === 'dns',
  firstTry: (p) => ['smtp.mail', 'smtp.rcpt', 'smtp.data', 'smtp.end_of_data'].includes(p),
  rate: (p) => familyOf(p) === 'smtp',
};
const WHAT_FAMILIES: Record<keyof FaultWhat, FaultFamily[]> = {
  reply: ['smtp'],
  delayMs: ['smtp', 'api', 'webhook', 'websocket'],
  drop: ['smtp', 'webhook'],
  trickleMs: ['smtp'],
  status: ['api'],
  error: ['api'],
  message: ['api'],
  body: ['api'],
  headers: ['api'],
  retryAfter: ['api'],
  reset: ['api'],
  close: ['websocket'],
  reason: ['websocket'],
  unpublished: ['dns'],
};

/** What a rule's where/when/what must hold together; each problem is reported at its path. */
function checkRule(rule: z.infer<typeof ruleInput>, ctx: z.RefinementCtx): void {
  const where = Array.isArray(rule.where) ? rule.where : [rule.where];
  const families = new Set(where.map(familyOf));
  if (families.size > 1) {
    ctx.addIssue({ code: 'custom', path: ['where'], message: `one rule applies to one kind of place; split ${[...families].join(' and ')} into two rules` });
    return;
  }
  const family = [...families][0]!;
  const when = rule.when ?? {};
  const what = rule.what ?? {};
  for (const key of Object.keys(when) as Array<keyof FaultWhen>) {
    const ok = WHEN_PLACES[key];
    const bad = ok ? where.filter((p) => !ok(p)) : [];
    if (bad.length) ctx.addIssue({ code: 'custom', path: ['when', key], message: `"${key}" does not apply at ${bad.join(', ')} (see docs/faults.md)` });
  }
  for (const key of Object.keys(what) as Array<keyof FaultWhat>) {
    if (!WHAT_FAMILIES[key].includes(family))
      ctx.addIssue({ code: 'custom', path: ['what', key], message: `"${key}" is not an effect at ${where.join(', ')}` });
  }
  if (when.seed !== undefined && when.probability === undefined)
    ctx.addIssue({ code: 'custom', path: ['when', 'seed'], message: 'a seed goes with a probability' });
  if (when.start && when.end && Date.parse(when.end) <= Date.parse(when.start)) {
    ctx.addIssue({ code: 'custom', path: ['when', 'end'], message: '"end" comes after "start"' });
  }
  const need = (message: string) => ctx.addIssue({ code: 'custom', path: ['what'], message });
  switch (family) {
    case 'smtp':
      if (what.reply && what.drop) need('a dropped connection has no reply: give "reply" or "drop", not both');
      if (!what.reply && !what.drop && what.delayMs === undefined && what.trickleMs === undefined && !when.rate) {
        need('an SMTP rule needs an effect: "reply", "drop", "delayMs" or "trickleMs"');
      }
      if (when.rate && when.firstTry) need('"rate" and "firstTry" are two rules');
      break;
    case 'api':
      if (what.reset && (what.status !== undefined || what.body || what.headers)) need('a reset connection has no answer: give "reset" or "status", not both');
      if (what.status === undefined && (what.error || what.message || what.body || what.headers || what.retryAfter !== undefined)) {
        need('"error", "message", "body", "headers" and "retryAfter" go with a "status"');
      }
      if (what.status === 429) {
        if (what.error !== undefined && what.error !== 'rate_limit_exceeded' && what.error !== 'monthly_quota_exceeded') {
          ctx.addIssue({
            code: 'custom',
            path: ['what', 'error'],
            message: 'a 429 is the emulator\'s own limiter answer: "rate_limit_exceeded" or "monthly_quota_exceeded"',
          });
        }
        if (what.body || what.message || what.retryAfter !== undefined) {
          need('a 429 is the emulator\'s own limiter answer, with its own body and Retry-After: leave out "body", "message" and "retryAfter"');
        }
      }
      if (what.status === undefined && !what.reset && what.delayMs === undefined) need('an API rule needs an effect: "status", "reset" or "delayMs"');
      break;
    case 'webhook':
      if (what.drop && what.delayMs !== undefined) need('a delivery not made is not delayed: give "drop" or "delayMs", not both');
      if (!what.drop && what.delayMs === undefined) need('a webhook rule needs an effect: "drop" or "delayMs"');
      break;
    case 'websocket':
      if (what.close === undefined) need('a websocket rule closes the connection: give "close" (a code such as 1011 or 4000)');
      break;
    case 'dns':
      break;
  }
}

const rule = ruleInput.superRefine(checkRule);

// ---------- presets ----------

const presetInput = z.strictObject({
  preset: z.enum(FAULT_PRESETS, `a preset is one of ${FAULT_PRESETS.join(', ')}`),
  id: id.optional(),
  /** greylisting, bounce, mailbox-full: the recipients it applies to. */
  recipient: patterns.optional(),
  /** greylisting: the senders it applies to. */
  sender: patterns.optional(),
  /** greylisting: a retry sooner than this after the first try is refused again (default 0). */
  minRetryMs: ms.optional(),
  /** slow-server: how long each slow reply waits (default 2000). */
  delayMs: ms.optional(),
  /** slow-server: each slow reply is also trickled over this long. */
  trickleMs: ms.optional(),
  /** flaky-api: the share of calls that fail (default 0.2). */
  probability: z.number().min(0).max(1).optional(),
  /** flaky-api: the generator's seed (default 1). */
  seed: z.number().int().min(0).max(0xffffffff).optional(),
  /** flaky-api: the failure's status (default 503). */
  status: z.number().int().min(500).max(599).optional(),
  /** flaky-api: its Retry-After in seconds (default 1). */
  retryAfter: z.number().int().min(0).max(86_400).optional(),
  /** flaky-api: the operations (default api.*); slow-server: the SMTP stages (default smtp.connect and smtp.end_of_data). */
  where: z.union([placeName, z.array(placeName).min(1)]).optional(),
  /** bounce, mailbox-full: only the next N recipients that match. */
  times: count.optional(),
  note: z.string().max(200).optional(),
});
type PresetInput = z.infer<typeof presetInput>;

/** A rule as a user writes it (where a string or a list, a reply as a line or an object), or a preset with its parameters. */
export type FaultRuleInput = z.input<typeof ruleInput> | z.input<typeof presetInput>;
/** What parseFaultRules() takes: one rule, a list, or the file form `{"rules": [...]}`. */
export type FaultRulesInput = FaultRuleInput | FaultRuleInput[] | { rules: FaultRuleInput[] };

/** The parameters each preset takes (any other is refused). */
const PRESET_PARAMS: Record<FaultPresetName, Array<keyof PresetInput>> = {
  greylisting: ['recipient', 'sender', 'minRetryMs'],
  'mailbox-full': ['recipient', 'times'],
  bounce: ['recipient', 'times'],
  'slow-server': ['delayMs', 'trickleMs', 'where'],
  'flaky-api': ['probability', 'seed', 'status', 'retryAfter', 'where'],
};
const COMMON_PARAMS = new Set<string>(['preset', 'id', 'note']);

function asList<T>(v: T | T[] | undefined): T[] | undefined {
  return v === undefined ? undefined : Array.isArray(v) ? v : [v];
}

/** The rule a preset stands for (unchecked: the caller validates it like any rule). */
function presetRule(p: PresetInput): z.input<typeof ruleInput> {
  // Without an id the emulator names it after the preset (`bounce`, then `bounce-2`, ...).
  const base = { ...(p.id ? { id: p.id } : {}), ...(p.note ? { note: p.note } : {}) };
  switch (p.preset) {
    case 'greylisting': {
      const later = p.minRetryMs ? ` in ${Math.ceil(p.minRetryMs / 1000)} s` : ' later';
      return {
        ...base,
        where: 'smtp.rcpt',
        when: {
          firstTry: p.minRetryMs ? { minRetryMs: p.minRetryMs } : true,
          ...(p.sender ? { sender: p.sender } : {}),
          ...(p.recipient ? { recipient: p.recipient } : {}),
        },
        what: { reply: { code: 451, enhanced: '4.7.1', text: `Greylisted: first try of this sender and recipient; please try again${later}` } },
      };
    }
    case 'mailbox-full':
      return {
        ...base,
        where: 'smtp.rcpt',
        when: { recipient: p.recipient!, ...(p.times ? { times: p.times } : {}) },
        what: { reply: { code: 552, enhanced: '5.2.2', text: 'Mailbox full: the recipient is over its storage quota' } },
      };
    case 'bounce':
      return {
        ...base,
        where: 'smtp.rcpt',
        when: { recipient: p.recipient!, ...(p.times ? { times: p.times } : {}) },
        what: { reply: { code: 550, enhanced: '5.1.1', text: 'No such user: the recipient address does not exist' } },
      };
    case 'slow-server':
      return {
        ...base,
        where: asList(p.where) ?? ['smtp.connect', 'smtp.end_of_data'],
        what: { delayMs: p.delayMs ?? 2000, ...(p.trickleMs ? { trickleMs: p.trickleMs } : {}) },
      };
    case 'flaky-api':
      return {
        ...base,
        where: asList(p.where) ?? ['api.*'],
        when: { probability: p.probability ?? 0.2, seed: p.seed ?? 1 },
        what: { status: p.status ?? 503, retryAfter: p.retryAfter ?? 1 },
      };
  }
}

// ---------- parsing ----------

/** A rule file or body that is not a valid set of rules; the message names where and what. */
export class FaultRuleError extends Error {
  override name = 'FaultRuleError';
}

function pathText(base: string, path: ReadonlyArray<PropertyKey>): string {
  let out = base;
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || 'rule';
}

function firstIssue(e: z.ZodError, base: string): string {
  // A union's issues: the branch that got furthest says the most.
  const issue = e.issues[0]!;
  if (issue.code === 'invalid_union' && 'errors' in issue) {
    // The branch of the value's own type (not refused for its type) got furthest; else the deepest.
    const branches = (issue.errors as z.core.$ZodIssue[][]).filter((b) => b.length > 0);
    const typed = branches.filter((b) => b[0]!.code !== 'invalid_type' || b[0]!.path.length > 0);
    const deepest = (typed.length ? typed : branches).sort((a, b) => (b[0]?.path.length ?? 0) - (a[0]?.path.length ?? 0))[0]?.[0];
    if (deepest) return `${pathText(pathText(base, issue.path), deepest.path)}: ${deepest.message}`;
  }
  return `${pathText(base, issue.path)}: ${issue.message}`;
}

function toRule(entry: unknown, at: string): FaultRule {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new FaultRuleError(`${at}: a rule is a JSON object`);
  let input: unknown = entry;
  let preset: FaultPresetName | undefined;
  if ('preset' in entry) {
    const r = presetInput.safeParse(entry);
    if (!r.success) throw new FaultRuleError(firstIssue(r.error, at));
    const allowed = PRESET_PARAMS[r.data.preset];
    for (const key of Object.keys(r.data)) {
      if (!COMMON_PARAMS.has(key) && !allowed.includes(key as keyof PresetInput)) {
        throw new FaultRuleError(
          `${at}.${key}: the ${r.data.preset} preset takes ${allowed.length ? allowed.map((k) => `"${k}"`).join(', ') : 'no parameters'} (and "id", "note")`,
        );
      }
    }
    if ((r.data.preset === 'bounce' || r.data.preset === 'mailbox-full') && r.data.recipient === undefined) {
      throw new FaultRuleError(`${at}.recipient: the ${r.data.preset} preset needs the recipients it refuses, e.g. "bounce-*@inbox.test" ("*" for all)`);
    }
    preset = r.data.preset;
    input = presetRule(r.data);
  }
  const r = rule.safeParse(input);
  if (!r.success) throw new FaultRuleError(firstIssue(r.error, at));
  const d = r.data;
  const out: FaultRule = {
    ...(d.id ? { id: d.id } : {}),
    where: (Array.isArray(d.where) ? d.where : [d.where]) as FaultRule['where'],
    when: d.when ?? {},
    what: (d.what ?? {}) as FaultRule['what'],
    ...(d.note ? { note: d.note } : {}),
    ...(preset ? { preset } : {}),
  };
  if (familyOf(out.where[0]!) === 'dns') out.what = { unpublished: true };
  return out;
}

/**
 * Rules from what a user wrote: one rule or preset, a list of them, or `{"rules": [...]}` (the file
 * form). Throws FaultRuleError naming the first problem (`rules[2].what.reply: ...`).
 */
export function parseFaultRules(input: unknown): FaultRule[] {
  if (Array.isArray(input)) return input.map((e, i) => toRule(e, `rules[${i}]`));
  if (typeof input === 'object' && input !== null && 'rules' in input) {
    const { rules, ...rest } = input as { rules: unknown };
    const extra = Object.keys(rest);
    if (extra.length) throw new FaultRuleError(`${extra[0]}: a rule file holds "rules" and nothing else`);
    if (!Array.isArray(rules)) throw new FaultRuleError('rules: a list of rules');
    return rules.map((e, i) => toRule(e, `rules[${i}]`));
  }
  return [toRule(input, 'rule')];
}

// ---------- what the emulator reports ----------

/** A rule as listed: the rule, when it was added, and what it has done since (or since the last reset). */
export interface FaultRuleView extends FaultRule {
  id: string;
  /** ISO time on the emulator's clock. */
  addedAt: string;
  /** Events that met its conditions (where, filters, time span, firstTry, rate). */
  matches: number;
  /** Times it fired. */
  hits: number;
  lastHitAt: string | null;
}

/** One time a rule fired. */
export interface FaultHit {
  rule: string;
  /** The concrete place (`smtp.rcpt`, `api.listMessages`, ...). */
  place: FaultPlace;
  /** ISO time on the emulator's clock. */
  at: string;
  /** What it did, in words: `451 4.7.1 ...`, `delay 2000 ms`, `503 service_unavailable`, `not delivered`. */
  effect: string;
  /** What it fired on: sender, recipient, inbox, account key, domain, client address, route. */
  subject: Record<string, string>;
}
