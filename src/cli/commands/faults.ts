// inbox faults add | list | clear: the emulator's fault rules (docs/faults.md) over its control routes
// (/_emulator/faults). A rule is given as a preset (--preset), as JSON (an argument, or --file), or
// written with flags; the emulator checks it and says what is wrong (exit 9).
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { FaultRuleView } from '../../api/faults.js';
import { type CommandContext, run } from '../context.js';
import { onEmulator } from '../emulator-only.js';
import { CliError } from '../errors.js';

const PRESETS = ['greylisting', 'mailbox-full', 'bounce', 'slow-server', 'flaky-api'];

/** A duration: `500ms`, `2s`, `5m`, `1h`, or a bare number of milliseconds. */
export function durationMs(v: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(v.trim());
  const n = m ? Math.round(Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 'ms') as 'ms']) : NaN;
  if (!Number.isFinite(n)) throw new InvalidArgumentError('expected a duration such as 500ms, 2s, 5m or 1h (a bare number is milliseconds).');
  return n;
}

function wholeNumber(v: string): number {
  if (!/^\d+$/.test(v.trim())) throw new InvalidArgumentError('expected a whole number.');
  return Number(v);
}

function probability(v: string): number {
  const n = Number(v);
  if (!/^(0|1|0?\.\d+|1\.0*)$/.test(v.trim()) || n < 0 || n > 1) throw new InvalidArgumentError('expected a probability from 0 to 1, e.g. 0.2.');
  return n;
}

/** `10/60s`: at most 10 per 60 seconds. */
function rate(v: string): { max: number; perMs: number } {
  const m = /^(\d+)\/(.+)$/.exec(v.trim());
  if (!m) throw new InvalidArgumentError('expected <n>/<duration>, e.g. 10/60s (more than 10 in 60 seconds gets 421).');
  return { max: Number(m[1]), perMs: durationMs(m[2]!) };
}

const collect = (v: string, prev: string[] = []) => [...prev, v];

interface AddFlags {
  preset?: string;
  file?: string;
  id?: string;
  where?: string[];
  reply?: string;
  drop?: boolean;
  delay?: number;
  trickle?: number;
  status?: number;
  error?: string;
  retryAfter?: number;
  reset?: boolean;
  close?: number;
  to?: string[];
  from?: string[];
  header?: string[];
  inbox?: string[];
  account?: string[];
  domain?: string[];
  times?: number;
  every?: number;
  after?: number;
  probability?: number;
  seed?: number;
  minRetry?: number;
  rate?: { max: number; perMs: number };
  for?: number;
  note?: string;
}

/** One or a list: a single value stays a string, as a user would write it. */
const one = (v: string[] | undefined) => (v === undefined ? undefined : v.length === 1 ? v[0] : v);

function drop<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The rule the flags write (a preset with its parameters, or where/when/what). */
function ruleOfFlags(f: AddFlags): Record<string, unknown> {
  if (f.preset) {
    return drop({
      preset: f.preset,
      id: f.id,
      recipient: one(f.to),
      sender: one(f.from),
      minRetryMs: f.minRetry,
      delayMs: f.delay,
      trickleMs: f.trickle,
      probability: f.probability,
      seed: f.seed,
      status: f.status,
      retryAfter: f.retryAfter,
      where: one(f.where),
      times: f.times,
      note: f.note,
    });
  }
  if (!f.where?.length) {
    throw new CliError(
      'usage',
      'missing_where',
      'say where the rule applies (--where), or give a preset (--preset) or a rule as JSON.',
      'Examples: inbox faults add --preset greylisting; inbox faults add --where smtp.rcpt --to "gone@inbox.test" --reply "550 5.1.1 No such user".',
    );
  }
  const header = f.header?.length
    ? Object.fromEntries(
        f.header.map((h) => {
          const colon = h.indexOf(':');
          if (colon <= 0)
            throw new CliError('usage', 'invalid_header', `--header ${JSON.stringify(h)} is not <name>:<pattern>.`, 'Write it as --header "Subject:*[test]*".');
          return [h.slice(0, colon).trim(), h.slice(colon + 1).trim()];
        }),
      )
    : undefined;
  const when = drop({
    sender: one(f.from),
    recipient: one(f.to),
    header,
    inbox: one(f.inbox),
    account: one(f.account),
    domain: one(f.domain),
    times: f.times,
    every: f.every,
    after: f.after,
    probability: f.probability,
    seed: f.seed,
    firstTry: f.minRetry !== undefined ? { minRetryMs: f.minRetry } : undefined,
    rate: f.rate,
    forMs: f.for,
  });
  const what = drop({
    reply: f.reply,
    drop: f.drop || undefined,
    delayMs: f.delay,
    trickleMs: f.trickle,
    status: f.status,
    error: f.error,
    retryAfter: f.retryAfter,
    reset: f.reset || undefined,
    close: f.close,
  });
  return drop({
    id: f.id,
    where: one(f.where),
    when: Object.keys(when).length ? when : undefined,
    what: Object.keys(what).length ? what : undefined,
    note: f.note,
  });
}

async function readRules(ctx: CommandContext, file: string): Promise<unknown> {
  let text: string;
  if (file === '-') {
    const { readStdin } = await import('../prompt.js');
    text = await readStdin(ctx.io.stdin);
  } else {
    const { readFile } = await import('node:fs/promises');
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      throw new CliError(
        'usage',
        'unreadable_file',
        `cannot read ${file}: ${(e as Error).message}`,
        'Give the path of a JSON rule file (docs/faults.md), or - for stdin.',
      );
    }
  }
  return parseJson(text, file === '-' ? 'stdin' : file);
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new CliError(
      'usage',
      'invalid_json',
      `${where} is not valid JSON: ${(e as Error).message}`,
      'A rule is a JSON object; docs/faults.md shows the format.',
    );
  }
}

function whereText(r: FaultRuleView): string {
  return r.where.join(',');
}

function whenText(r: FaultRuleView): string {
  const w = r.when;
  const parts: string[] = [];
  const list = (v: string | string[]) => (Array.isArray(v) ? v.join('|') : v);
  if (w.sender !== undefined) parts.push(`from ${list(w.sender) || '<>'}`);
  if (w.recipient) parts.push(`to ${list(w.recipient)}`);
  if (w.header) for (const [k, v] of Object.entries(w.header)) parts.push(`${k}: ${list(v)}`);
  if (w.inbox) parts.push(`inbox ${list(w.inbox)}`);
  if (w.account) parts.push(`account ${list(w.account)}`);
  if (w.domain) parts.push(`domain ${list(w.domain)}`);
  if (w.firstTry) parts.push(w.firstTry === true ? 'first try' : `first try (retry after ${w.firstTry.minRetryMs} ms)`);
  if (w.rate) parts.push(`over ${w.rate.max}/${w.rate.perMs} ms`);
  if (w.after) parts.push(`after ${w.after}`);
  if (w.every) parts.push(`every ${w.every}`);
  if (w.times) parts.push(`${w.times} time${w.times === 1 ? '' : 's'}`);
  if (w.probability !== undefined) parts.push(`p=${w.probability}${w.seed !== undefined ? ` seed ${w.seed}` : ''}`);
  if (w.start || w.end) parts.push(`${w.start ?? ''}..${w.end ?? ''}`);
  if (w.forMs) parts.push(`for ${w.forMs} ms`);
  return parts.join(', ') || 'always';
}

function whatText(r: FaultRuleView): string {
  const w = r.what;
  const parts: string[] = [];
  if (w.reply) parts.push(`${w.reply.code}${w.reply.enhanced ? ` ${w.reply.enhanced}` : ''}${w.reply.text ? ` ${w.reply.text}` : ''}`);
  if (w.drop) parts.push(r.where[0] === 'webhook' ? 'not delivered' : 'drop');
  if (w.status !== undefined) parts.push(`${w.status}${w.error ? ` ${w.error}` : ''}${w.retryAfter !== undefined ? ` retry-after ${w.retryAfter}` : ''}`);
  if (w.reset) parts.push('reset');
  if (w.close !== undefined) parts.push(`close ${w.close}`);
  if (w.delayMs) parts.push(`delay ${w.delayMs} ms`);
  if (w.trickleMs) parts.push(`trickle ${w.trickleMs} ms`);
  if (w.unpublished) parts.push('records unpublished');
  if (r.when.rate && !w.reply) parts.push('421 4.7.0');
  return parts.join(', ');
}

async function printRules(ctx: CommandContext, rules: FaultRuleView[]): Promise<void> {
  await ctx.out.table(
    [
      { header: 'ID', value: (r: FaultRuleView) => r.id, color: 'cyan' },
      { header: 'WHERE', value: (r) => whereText(r) },
      { header: 'WHEN', value: (r) => whenText(r) },
      { header: 'WHAT', value: (r) => whatText(r) },
      { header: 'HITS', value: (r) => String(r.hits) },
      { header: 'LAST HIT', value: (r) => r.lastHitAt ?? '-' },
    ],
    rules,
  );
}

export function registerFaults(program: Command): Command {
  const faults = program.command('faults').description("the emulator's fault rules: make SMTP, the API, webhooks, WebSockets and DNS fail on purpose");

  faults
    .command('add [rule]')
    .description('add fault rules: a preset, a rule as JSON (argument or --file), or one written with the flags below')
    .addOption(new Option('--preset <name>', 'a preset rule').choices(PRESETS))
    .option('--file <path>', 'a JSON rule file: a rule, a list, or {"rules": [...]} (- for stdin)')
    .option('--id <id>', "the rule's name (default: the preset's, or f1, f2, ...)")
    .option('--where <place>', 'smtp.connect|ehlo|mail|rcpt|data|end_of_data, api.<route>, api.*, webhook, websocket, dns (repeatable)', collect)
    .option('--reply <reply>', 'SMTP: the reply, e.g. "451 4.7.1 Try again later"')
    .option('--drop', 'SMTP: cut the connection; webhook: do not deliver')
    .option('--delay <duration>', 'wait before answering (SMTP), added latency (API), delivery delay (webhook), close delay (WebSocket)', durationMs)
    .option('--trickle <duration>', 'SMTP: write the reply a byte at a time over this long', durationMs)
    .option('--status <code>', 'API: answer with this status (429: the emulator limiter answer)', wholeNumber)
    .option('--error <code>', 'API: the error code of the body (429: rate_limit_exceeded or monthly_quota_exceeded)')
    .option('--retry-after <seconds>', 'API: a Retry-After header', wholeNumber)
    .option('--reset', 'API: reset the connection instead of answering')
    .option('--close <code>', 'WebSocket: close the connection with this code', wholeNumber)
    .option('--to <pattern>', 'SMTP: a recipient (globs: * and ?; repeatable)', collect)
    .option('--from <pattern>', 'SMTP: the sender (repeatable)', collect)
    .option('--header <name:pattern>', 'end of data: a header field of the message (repeatable)', collect)
    .option('--inbox <pattern>', 'API, webhook, WebSocket: the inbox (repeatable)', collect)
    .option('--account <key>', 'API, webhook, WebSocket, DNS: the API key of the account (repeatable)', collect)
    .option('--domain <pattern>', 'DNS: the custom domain (repeatable)', collect)
    .option('--times <n>', 'fire the next n matches only', wholeNumber)
    .option('--every <n>', 'fire on every nth match', wholeNumber)
    .option('--after <n>', 'let the first n matches pass', wholeNumber)
    .option('--probability <p>', 'fire with this probability (seeded: the same run gives the same sequence)', probability)
    .option('--seed <n>', 'the seed of --probability', wholeNumber)
    .option('--min-retry <duration>', 'greylisting: the first try of each sender and recipient matches, and retries sooner than this', durationMs)
    .option('--rate <n/duration>', 'SMTP rate limit: more than n events per duration get 421 4.7.0 (e.g. 10/60s)', rate)
    .option('--for <duration>', "active this long from now, on the emulator's clock", durationMs)
    .option('--note <text>', 'a note shown with the rule')
    .action((arg: string | undefined, flags: AddFlags, cmd: Command) =>
      run(cmd, async (ctx) => {
        const given = [arg !== undefined, flags.file !== undefined, flags.preset !== undefined || flags.where !== undefined].filter(Boolean).length;
        if (given > 1) {
          throw new CliError(
            'usage',
            'usage',
            'give one rule: a JSON argument, --file, or flags (--preset or --where).',
            'Run "inbox faults add --help" for examples.',
          );
        }
        const rules = arg !== undefined ? parseJson(arg, 'the rule given') : flags.file !== undefined ? await readRules(ctx, flags.file) : ruleOfFlags(flags);
        const res = await onEmulator(ctx, 'fault rules', () => ctx.client().emulatorAddFaults(rules as never));
        if (ctx.out.json) return ctx.out.printJson(res);
        ctx.out.done(`Added ${res.count} fault rule${res.count === 1 ? '' : 's'}: ${res.data.map((r) => r.id).join(', ')}`);
        await printRules(ctx, res.data);
        ctx.out.note('inbox faults list shows their hits; inbox faults clear removes them');
      }),
    );

  faults
    .command('list')
    .description('list the fault rules and how often each fired (--hits: the last hits too)')
    .option('--hits', 'also print the last hits (rule, place, effect, subject)')
    .action((flags: { hits?: boolean }, cmd: Command) =>
      run(cmd, async (ctx) => {
        const res = await onEmulator(ctx, 'fault rules', () => ctx.client().emulatorFaults());
        const hits = flags.hits ? await ctx.client().emulatorFaultHits() : null;
        if (ctx.out.json) return ctx.out.printJson(hits ? { ...res, hits: hits.data } : res);
        if (res.data.length === 0) ctx.out.note('no fault rules; add one with: inbox faults add --preset greylisting');
        else await printRules(ctx, res.data);
        if (hits) {
          ctx.out.print();
          if (hits.data.length === 0) ctx.out.print('No hits yet.');
          for (const h of hits.data.slice(-50)) {
            const about = Object.entries(h.subject)
              .map(([k, v]) => `${k}=${v}`)
              .join(' ');
            ctx.out.print(`${h.at}  ${h.rule}  ${h.place}  ${h.effect}  ${about}`);
          }
        }
      }),
    );

  faults
    .command('clear [id...]')
    .description('remove the named fault rules, or all of them')
    .action((ids: string[], _o, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          let removed = 0;
          if (ids.length === 0) removed = (await onEmulator(ctx, 'fault rules', () => ctx.client().emulatorClearFaults())).removed;
          for (const id of ids) removed += (await onEmulator(ctx, 'fault rules', () => ctx.client().emulatorClearFaults(id))).removed;
          if (ctx.out.json) return ctx.out.printJson({ success: true, removed });
          ctx.out.done(removed === 0 ? 'There were no fault rules.' : `Removed ${removed} fault rule${removed === 1 ? '' : 's'}.`);
        },
        { notFound: 'inbox faults list shows the ids of the rules.' },
      ),
    );

  return faults;
}
