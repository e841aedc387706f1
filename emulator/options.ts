// The emulator's options that a user sets, each declared once: its kind, its type (zod, from the text of
// a flag or a variable, with the error a bad value gets), its default, its help. From this table come
// startEmulator()'s options (StartOptions in server.ts, through `EmulatorOptions` and startOptionsOf()),
// the flags of `inbox emulate` and their INBOX_EMULATOR_* variables (src/cli/commands/emulate.ts);
// README.md and docs/emulator.md are checked against it (test/emulator/options-docs.test.ts).
// The CLI loads this file at every start (flags are registered before any command runs), so it imports
// zod/mini and nothing else (biome.json holds it to that); --fsync's values are the store's SyncMode
// (emulator/store/durability.ts), which startEmulator()'s typing checks.
import * as z from 'zod/mini';

/**
 * How an option is given: `value` (`--port <n>`), `switch` (`--memory`), `optional` (a switch that may
 * take a value: `--catch-all [account-key]`) or `list` (a value, repeatable; a variable lists them
 * separated by commas).
 */
export type OptionKind = 'value' | 'switch' | 'optional' | 'list';

export interface OptionSpec {
  kind: OptionKind;
  /** The flag's argument as help shows it (`<n>`, `[account-key]`); none for a switch. */
  arg?: string;
  /** A value (one item of a list) from its text; the first issue's message is the error. */
  type?: z.ZodMiniType;
  /** What `inbox emulate` uses when neither the flag nor its variable is given; startEmulator() too, but for `data`. */
  default?: unknown;
  help: string;
  /** The key of startEmulator()'s options when it is not the option's own name; false: the CLI's alone. */
  start?: string | false;
  /** A `--no-<flag>` form: the value it stands for. */
  negate?: string;
}

const wholeNumber = (min: number, max: number, error: string) =>
  z.pipe(z.string().check(z.regex(/^\d+$/, error)), z.transform(Number)).check(z.refine((n: number) => n >= min && n <= max, error));

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, `expected one of ${values.join(', ')}.`);

const port = wholeNumber(0, 65535, 'expected a port number from 0 to 65535.');
const text = z.string().check(z.minLength(1, 'expected a value.'));
/** A file's path: one ending in a slash names a folder, where a file was meant. */
const filePath = text.check(z.refine((v: string) => !/[/\\]$/.test(v), 'expected the path of a file, not a folder (e.g. .inbox/emulator.json).'));

/** A web page origin (`http://localhost:3000`, lowercased, default port dropped), or `*`. */
const origin = z.pipe(
  z.string(),
  z.transform((v: string, ctx) => {
    const o = v.trim();
    if (o === '*') return o;
    let url: URL | null = null;
    try {
      url = new URL(o);
    } catch {}
    const bare = url !== null && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (url && (url.protocol === 'http:' || url.protocol === 'https:') && bare) return url.origin;
    ctx.issues.push({
      code: 'custom',
      input: v,
      message: `expected a web page origin such as http://localhost:3000 (scheme, host and port, no path), or *; got "${o.slice(0, 100)}".`,
    });
    return z.NEVER;
  }),
);

const DNS_MODES = ['simulated', 'system'] as const;
const SYNC_MODES = ['always', 'interval', 'never'] as const;

/** Every option a user sets, in the order `inbox emulate --help` lists them. */
export const EMULATOR_OPTIONS = {
  port: { kind: 'value', arg: '<n>', type: port, default: 4580, help: 'HTTP API port (0: any free port)' },
  smtpPort: { kind: 'value', arg: '<n>', type: port, default: 2525, help: 'SMTP port that receives mail (0: any free port)' },
  smtpsPort: {
    kind: 'value',
    arg: '<n>',
    type: port,
    help: 'also receive mail over implicit TLS (SMTPS, as on port 465) on this port; turns TLS on (0: any free port)',
  },
  tls: {
    kind: 'switch',
    help: 'offer STARTTLS on the SMTP port, with --tls-cert/--tls-key or a self-signed certificate made at the first start and kept beside the data file',
  },
  tlsCert: { kind: 'value', arg: '<file>', type: text, help: 'PEM certificate (chain) for SMTP TLS, with --tls-key; turns TLS on' },
  tlsKey: { kind: 'value', arg: '<file>', type: text, help: 'PEM private key of --tls-cert (unencrypted)' },
  host: {
    kind: 'value',
    arg: '<addr>',
    type: text,
    default: '127.0.0.1',
    help: 'address to listen on (keep loopback unless you know why; 0.0.0.0 in a container)',
  },
  data: {
    kind: 'value',
    arg: '<file>',
    type: filePath,
    default: '.inbox/emulator.json',
    help: 'JSON state file; message bodies go to <file minus .json>.d/',
  },
  memory: { kind: 'switch', start: false, help: 'keep all state in memory (nothing written, nothing kept)' },
  allowHttpWebhooks: {
    kind: 'switch',
    help: 'also accept http:// webhook URLs, and targets on this machine (loopback, its own addresses) or its link-local network over https',
  },
  dns: { kind: 'value', arg: '<mode>', type: oneOf(DNS_MODES), default: 'simulated', help: 'DNS for custom-domain verification' },
  fsync: {
    kind: 'value',
    arg: '<when>',
    type: oneOf(SYNC_MODES),
    default: 'interval',
    start: 'sync',
    negate: 'never',
    help: 'when stored mail reaches the disk: always (fsync before each reply), interval (background fsync about 1 s later), never; a killed emulator loses nothing in any mode',
  },
  catchAll: {
    kind: 'optional',
    arg: '[account-key]',
    type: z.string(),
    help: 'accept mail to any address at any domain and register the inbox on the fly, for the account of the key (default emu_enterprise); a domain nobody added becomes one of its custom domains, marked verified',
  },
  catchAllMaxInboxes: {
    kind: 'value',
    arg: '<n>',
    type: wholeNumber(1, 1_000_000, 'expected a number of inboxes from 1 to 1000000.'),
    help: 'most inboxes catch-all keeps registered; a new address past it is refused with 550 until some are removed or the emulator is reset (default: 1000)',
  },
  allowHost: {
    kind: 'list',
    arg: '<name>',
    type: z.string(),
    start: 'allowHosts',
    help: 'also answer HTTP requests for this Host name (repeatable; .example.test for a domain and its subdomains)',
  },
  corsOrigin: {
    kind: 'list',
    arg: '<origin>',
    type: origin,
    start: 'corsOrigins',
    help: 'answer browser requests to the API from this web page origin, with CORS headers (repeatable; * for any page, which lets any web site use the public seeded keys)',
  },
  allowRemote: { kind: 'switch', help: 'serve the control surface, tunnels and the mail viewer to other machines too (with --host)' },
  faults: {
    kind: 'value',
    arg: '<file>',
    type: text,
    help: 'fault rules to load at start: a JSON file, or the rules themselves as JSON (SMTP replies, delays and drops, API errors and latency, webhook, WebSocket and DNS failures; docs/faults.md)',
  },
  quiet: { kind: 'switch', start: false, help: 'print only the start-up banner and refused recipients' },
} as const satisfies Record<string, OptionSpec>;

type Options = typeof EMULATOR_OPTIONS;
export type OptionName = keyof Options;

type Parsed<S> = S extends { type: infer Z extends z.ZodMiniType } ? z.output<Z> : never;
/** What an option holds once read. */
type ValueOf<S> = S extends { kind: 'switch' }
  ? boolean
  : S extends { kind: 'list' }
    ? Parsed<S>[]
    : S extends { kind: 'optional' }
      ? Parsed<S> | boolean
      : Parsed<S>;
type StartKey<K extends string, S> = S extends { start: false } ? never : S extends { start: infer N extends string } ? N : K;

/** The options as `inbox emulate` reads them, by flag name (`false` for a `--no-` form). */
export type EmulateFlags = { -readonly [K in OptionName]?: ValueOf<Options[K]> | (Options[K] extends { negate: string } ? false : never) };

/** The part of startEmulator()'s options (StartOptions) this table declares, by their keys there. */
export type EmulatorOptions = { -readonly [K in OptionName as StartKey<K, Options[K]>]?: ValueOf<Options[K]> };

/** startEmulator()'s options from the flags: renamed where they differ, a `--no-` form as the value it stands for, the CLI's own left out. */
export function startOptionsOf(flags: EmulateFlags): EmulatorOptions {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(EMULATOR_OPTIONS) as Array<[OptionName, OptionSpec]>) {
    const v = flags[name];
    if (spec.start === false || v === undefined) continue;
    out[spec.start ?? name] = v === false && spec.negate ? spec.negate : v;
  }
  return out as EmulatorOptions;
}

/** `--allow-http-webhooks` for `allowHttpWebhooks`. */
export function flagOf(name: OptionName): string {
  return `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** `INBOX_EMULATOR_ALLOW_HTTP_WEBHOOKS` for `allowHttpWebhooks`. */
export function variableOf(name: OptionName): string {
  return `INBOX_EMULATOR_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/** The values an option allows when its type is a choice (help lists them). */
export function choicesOf(name: OptionName): string[] | undefined {
  const def = (EMULATOR_OPTIONS[name] as OptionSpec).type?._zod.def as { type: string; entries?: Record<string, string> } | undefined;
  return def?.type === 'enum' && def.entries ? Object.values(def.entries) : undefined;
}

/** A bad value of an option; its message says what is expected. */
export class OptionValueError extends Error {
  override name = 'OptionValueError';
}

/** One value of an option (one item of a list) from its text, or an OptionValueError saying what is expected. */
export function parseOptionValue<N extends OptionName>(name: N, text: string): Parsed<Options[N]> {
  const spec: OptionSpec = EMULATOR_OPTIONS[name];
  if (!spec.type) throw new OptionValueError(`${flagOf(name)} takes no value.`);
  const r = z.safeParse(spec.type, text);
  if (!r.success) throw new OptionValueError(r.error.issues[0]?.message ?? 'invalid value.');
  return r.data as Parsed<Options[N]>;
}

/** A web page origin as `--cors-origin` takes it (normalized), or an OptionValueError. */
export function parseOrigin(v: string): string {
  return parseOptionValue('corsOrigin', v);
}

const YES = /^(1|true|yes|on)$/i;
const NO = /^(0|false|no|off|)$/i;

/** A variable's yes/no: true, false, or undefined when it is neither (empty is no). */
export function yesNo(v: string): boolean | undefined {
  return YES.test(v) ? true : NO.test(v) ? false : undefined;
}
