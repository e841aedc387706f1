// What every API command gets: global flags, the resolved target (flags > env > profile > defaults),
// one lazily created InboxClient, and the Output. `run()` wraps a command body: errors become
// CliErrors with exit codes and hints, and the client is closed so the process exits promptly.
import type { Command } from 'commander';
import { InboxClient } from '../client/client.js';
import { firstTime } from '../config/notices.js';
import { ConfigReadError } from '../config/profiles.js';
import { UnknownProfileError, maskKey, resolveTarget, type ResolvedTarget } from '../config/resolve.js';
import { Output } from '../ui/output.js';
import { toCliError, type ErrorHints } from './api-errors.js';
import { MAX_SECONDS, secondsOf } from './commands/args.js';
import { CliError } from './errors.js';
import { ioOf, processIo, type CliIo } from './io.js';

export interface GlobalFlags {
  json?: boolean;
  apiKey?: string;
  baseUrl?: string;
  profile?: string;
}

export class CommandContext {
  readonly flags: GlobalFlags;
  readonly out: Output;
  readonly env: NodeJS.ProcessEnv;
  readonly io: CliIo;
  hints: ErrorHints = {};
  /** `config set` and `config use` may name a profile that does not exist yet (they create it). */
  allowNewProfile = false;
  #target: ResolvedTarget | undefined;
  #client: InboxClient | undefined;

  constructor(flags: GlobalFlags, io: CliIo = processIo()) {
    this.flags = flags;
    this.io = io;
    this.env = io.env;
    this.out = new Output({ json: flags.json, stdout: io.stdout, stderr: io.stderr, env: io.env });
  }

  get target(): ResolvedTarget {
    if (!this.#target) {
      refuseEmptyFlags(this.flags);
      try {
        this.#target = resolveTarget(this.flags, this.env, undefined, { allowNewProfile: this.allowNewProfile });
      } catch (e) {
        if (e instanceof UnknownProfileError) {
          const flag = e.source === 'flag' ? `--profile ${e.profile}` : `INBOX_PROFILE=${e.profile}`;
          throw new CliError(
            'usage',
            'unknown_profile',
            e.message,
            `${e.known.length ? `Profiles: ${e.known.join(', ')}. ` : 'There are no profiles yet. '}Create it with: inbox --profile ${e.profile} config set api-key <key> (or drop ${flag}).`,
            { profile: e.profile, profiles: e.known },
          );
        }
        if (e instanceof ConfigReadError) {
          throw new CliError('usage', 'config_unreadable', e.message, `Fix or delete ${e.path}, or set INBOX_CONFIG_DIR to another folder.`);
        }
        throw e;
      }
    }
    return this.#target;
  }

  /** The target if it was resolved already (for error hints), without resolving it. */
  get resolvedTarget(): ResolvedTarget | undefined {
    return this.#target;
  }

  client(): InboxClient {
    if (this.#client) return this.#client;
    const t = this.target;
    checkTarget(t);
    if (t.usedDefaultKey && firstTime('default-key', this.env)) {
      this.out.note(
        `no API key configured, so inbox uses the local emulator's enterprise key ${maskKey(t.apiKey)} at ${t.baseUrl} ` +
          '(said once). Set your own with "inbox config set api-key <key>", INBOX_API_KEY or --api-key.',
        { base_url: t.baseUrl, api_key: maskKey(t.apiKey) },
      );
    }
    const timeoutMs = httpTimeoutMs(this.env.INBOX_HTTP_TIMEOUT);
    this.#client = new InboxClient({
      baseUrl: t.baseUrl,
      apiKey: t.apiKey,
      timeoutMs,
      userAgent: 'inbox-cli',
      fetch: this.io.fetch,
      sleep: this.io.sleep,
      onRetry: (r) =>
        this.out.note(
          `${r.status === 503 ? 'service unavailable' : 'rate limited'} (${r.code}); retrying ${r.method} ${r.path} in ${(r.delayMs / 1000).toFixed(r.delayMs % 1000 ? 1 : 0)} s (${r.attempt}/${r.maxRetries})`,
          {
            retry: r.attempt,
            max_retries: r.maxRetries,
            delay_ms: r.delayMs,
          },
        ),
    });
    return this.#client;
  }

  /** The inbox argument, else the profile's default inbox, else a usage error (`nameOne`: how to give one). */
  inbox(arg: string | undefined, nameOne = 'Name one (e.g. inbox otp me@inbox.test)'): string {
    const address = arg || this.target.inbox;
    if (address) {
      this.hints.address ??= address;
      return address;
    }
    const t = this.target;
    throw new CliError(
      'usage',
      'missing_inbox',
      `no inbox given, and profile "${t.profile}" has no default inbox.`,
      `${nameOne} or set a default: inbox config set inbox <address>.`,
    );
  }

  async close(): Promise<void> {
    const c = this.#client;
    this.#client = undefined;
    await c?.close();
  }
}

export function globalFlags(cmd: Command): GlobalFlags {
  return cmd.optsWithGlobals() as GlobalFlags;
}

/** Runs a command body with a context; maps failures to CLI errors. */
export async function run(cmd: Command, body: (ctx: CommandContext) => Promise<void>, hints: ErrorHints = {}): Promise<void> {
  const ctx = new CommandContext(globalFlags(cmd), ioOf(cmd));
  ctx.hints = { ...hints };
  try {
    await body(ctx);
  } catch (e) {
    throw toCliError(e, ctx.resolvedTarget, ctx.hints);
  } finally {
    await ctx.close();
  }
}

/**
 * `--base-url ""`, `--api-key ""` or `--profile ""` is nearly always a variable that was not set
 * (`--api-key "$INBOX_KEY"` in a CI job without the secret). Resolving on as if the flag were absent
 * would quietly use the next source: another profile's key, or the local emulator.
 */
function refuseEmptyFlags(flags: GlobalFlags): void {
  for (const [flag, value] of [
    ['--base-url', flags.baseUrl],
    ['--api-key', flags.apiKey],
    ['--profile', flags.profile],
  ] as const) {
    if (value === '') {
      throw new CliError(
        'usage',
        'empty_flag',
        `${flag} was given an empty value.`,
        `Give ${flag} a value, or leave the flag out to use the environment, the profile or the default (in ${flag} "$VAR", the variable may be unset).`,
        { flag },
      );
    }
  }
}

/** INBOX_HTTP_TIMEOUT in ms; unset or blank: the client's default (30 s). */
function httpTimeoutMs(v: string | undefined): number | undefined {
  if (v === undefined || v.trim() === '') return undefined;
  const s = secondsOf(v);
  if (s === null) {
    throw new CliError(
      'usage',
      'invalid_http_timeout',
      `INBOX_HTTP_TIMEOUT must be a positive number of seconds up to ${MAX_SECONDS}; got ${JSON.stringify(v)}.`,
      'Set it to the seconds one HTTP exchange may take (e.g. INBOX_HTTP_TIMEOUT=60), or unset it for the default 30 s.',
    );
  }
  return s * 1000;
}

/** Where a setting came from, in words. */
function origin(source: ResolvedTarget['sources']['apiKey'], flag: string, env: string, profile: string): string {
  return { flag, env, profile: `profile ${profile}`, default: 'the default', none: 'nowhere' }[source];
}

/** A base URL that is no http(s) URL, or a key that cannot go in an HTTP header, is a usage error. */
function checkTarget(t: ResolvedTarget): void {
  let protocol = '';
  try {
    protocol = new URL(t.baseUrl).protocol;
  } catch {}
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new CliError(
      'usage',
      'invalid_url',
      `the base URL ${JSON.stringify(t.baseUrl)} (from ${origin(t.sources.baseUrl, '--base-url', 'INBOX_BASE_URL', t.profile)}) is not an http:// or https:// URL.`,
      'Give the base URL as http(s)://host[:port].',
    );
  }
  if (t.apiKey !== undefined && !/^[\x21-\x7e]+$/.test(t.apiKey)) {
    throw new CliError(
      'usage',
      'invalid_api_key_format',
      `the API key from ${origin(t.sources.apiKey, '--api-key', 'INBOX_API_KEY', t.profile)} is empty or holds a space, a line break or a character outside ASCII, which cannot be sent in a header.`,
      'Copy the key again without extra characters.',
    );
  }
}
