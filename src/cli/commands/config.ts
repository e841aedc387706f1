// inbox config set | get | unset | list | use: profiles of {base-url, api-key, inbox} in the config file.
// The API key is never printed in full.
import type { Command } from 'commander';
import { configPath } from '../../config/paths.js';
import { PROFILE_KEYS, ProfileStore, currentProfileName, profileKey, readConfig, type ProfileKeyName } from '../../config/profiles.js';
import { maskKey, normaliseBaseUrl } from '../../config/resolve.js';
import { run, type CommandContext } from '../context.js';
import { CliError } from '../errors.js';
import { ioOf, type CliIo } from '../io.js';
import { PromptAborted, promptHidden, readStdin } from '../prompt.js';

const KEYS = Object.keys(PROFILE_KEYS).join(', ');

function keyOf(name: string): ProfileKeyName {
  const k = profileKey(name);
  if (!k) throw new CliError('usage', 'unknown_key', `unknown setting "${name}".`, `Settings are: ${KEYS}.`);
  return k;
}

function validate(key: ProfileKeyName, value: string): string {
  const v = value.trim();
  if (key === 'base-url') {
    let u: URL | undefined;
    try {
      u = new URL(v);
    } catch {
      /* handled below */
    }
    if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) {
      throw new CliError('usage', 'invalid_value', `"${value}" is not an http(s) URL.`, 'e.g. inbox config set base-url http://127.0.0.1:4580');
    }
    return normaliseBaseUrl(v);
  }
  if (key === 'api-key' && (v === '' || /\s/.test(v))) {
    throw new CliError('usage', 'invalid_value', 'an API key is one word with no spaces.', 'e.g. inbox config set api-key emu_growth');
  }
  if (key === 'inbox' && !/^[^@\s]+@[^@\s]+$/.test(v)) {
    throw new CliError('usage', 'invalid_value', `"${value}" is not an e-mail address.`, 'e.g. inbox config set inbox me@inbox.test');
  }
  return v;
}

/** The value to set: as given; "-": stdin; none: asked for in a terminal (the API key without echo). */
async function valueOf(key: ProfileKeyName, value: string | undefined, io: CliIo): Promise<string> {
  if (value === '-') {
    if (io.stdin.isTTY) io.stderr.write(`Reading ${key} from stdin; end with Ctrl-D.\n`);
    const v = await readStdin(io.stdin);
    if (v.trim() === '') throw new CliError('usage', 'invalid_value', `stdin gave no ${key}.`, `e.g. printf %s "$KEY" | inbox config set ${key} -`);
    return v;
  }
  if (value !== undefined) return value;
  if (!io.stdin.isTTY) {
    throw new CliError(
      'usage',
      'missing_value',
      `no value for ${key}, and stdin is not a terminal to ask on.`,
      `Give it as an argument, or pass "-" to read it from stdin: printf %s "$KEY" | inbox config set ${key} -`,
    );
  }
  try {
    if (key === 'api-key') return await promptHidden('API key (input hidden): ', io.stdin, io.stderr);
    const { createInterface } = await import('node:readline/promises');
    const rl = createInterface({ input: io.stdin, output: io.stderr });
    try {
      return await rl.question(`${key}: `);
    } finally {
      rl.close();
    }
  } catch (e) {
    if (e instanceof PromptAborted) throw new CliError('usage', 'cancelled', 'cancelled; nothing was changed.');
    throw e;
  }
}

function shown(key: ProfileKeyName, value: string | undefined): string | undefined {
  return key === 'api-key' && value !== undefined ? maskKey(value) : value;
}

function profileName(ctx: CommandContext): string {
  return currentProfileName(readConfigChecked(ctx), ctx.flags.profile || ctx.env.INBOX_PROFILE);
}

function readConfigChecked(ctx: CommandContext) {
  void ctx.target; // resolves once: turns an unreadable file into a clear usage error
  return readConfig(ctx.env);
}

export function registerConfig(program: Command): void {
  const config = program
    .command('config')
    .description(`profiles of settings (${KEYS}) in ${configPath(ioOf(program).env).replace(ioOf(program).env.HOME ?? '\0', '~')}`);

  config
    .command('set <key> [value]')
    .description(
      `set ${KEYS} in the current profile (or --profile <name>, created if new); value "-" reads it from stdin, none asks for it (hidden for api-key)`,
    )
    .action((name: string, value: string | undefined, _o, cmd: Command) =>
      run(cmd, async (ctx) => {
        ctx.allowNewProfile = true;
        const key = keyOf(name);
        const v = validate(key, await valueOf(key, value, ctx.io));
        const profile = profileName(ctx);
        await changeConfig(ctx, (store) => store.set(profile, PROFILE_KEYS[key], v));
        if (ctx.out.json) return ctx.out.printJson({ success: true, profile, key, value: shown(key, v) });
        ctx.out.done(`${key} = ${shown(key, v)} (profile "${profile}")`);
      }),
    );

  config
    .command('get <key>')
    .description(`print one setting of the current profile (the API key masked)`)
    .action((name: string, _o, cmd: Command) =>
      run(cmd, async (ctx) => {
        const key = keyOf(name);
        const profile = profileName(ctx);
        const value = readConfigChecked(ctx).profiles[profile]?.[PROFILE_KEYS[key]];
        if (ctx.out.json) ctx.out.printJson({ success: true, profile, key, value: shown(key, value) ?? null });
        if (value === undefined) {
          throw new CliError('notFound', 'not_set', `${key} is not set in profile "${profile}".`, `Set it with: inbox config set ${key} <value>`);
        }
        if (!ctx.out.json) ctx.out.print(shown(key, value));
      }),
    );

  config
    .command('unset <key>')
    .description('remove a setting from the current profile')
    .action((name: string, _o, cmd: Command) =>
      run(cmd, async (ctx) => {
        const key = keyOf(name);
        const profile = profileName(ctx);
        const had = await changeConfig(ctx, (store) => store.unset(profile, PROFILE_KEYS[key]));
        if (ctx.out.json) return ctx.out.printJson({ success: true, profile, key, removed: had });
        ctx.out.done(had ? `${key} removed from profile "${profile}"` : `${key} was not set in profile "${profile}"`);
      }),
    );

  config
    .command('list')
    .description('list the profiles and their settings (API keys masked)')
    .action((_o, cmd: Command) =>
      run(cmd, async (ctx) => {
        const file = readConfigChecked(ctx);
        const current = currentProfileName(file, ctx.flags.profile || ctx.env.INBOX_PROFILE);
        const names = Object.keys(file.profiles).sort();
        const profiles = Object.fromEntries(
          names.map((n) => {
            const p = file.profiles[n]!;
            return [n, { baseUrl: p.baseUrl ?? null, apiKey: p.apiKey ? maskKey(p.apiKey) : null, inbox: p.inbox ?? null }];
          }),
        );
        if (ctx.out.json) return ctx.out.printJson({ success: true, path: configPath(ctx.env), current, profiles });
        if (names.length === 0) {
          ctx.out.note(`no profiles yet (${configPath(ctx.env)}); without one, inbox talks to the local emulator. Start with: inbox config set api-key <key>`);
          return;
        }
        await ctx.out.table(
          [
            { header: 'PROFILE', value: (n: string) => (n === current ? `* ${n}` : `  ${n}`), color: 'cyan' },
            { header: 'BASE URL', value: (n) => profiles[n]!.baseUrl ?? '-' },
            { header: 'API KEY', value: (n) => profiles[n]!.apiKey ?? '-' },
            { header: 'INBOX', value: (n) => profiles[n]!.inbox ?? '-' },
          ],
          names,
        );
      }),
    );

  config
    .command('use <profile>')
    .description('make a profile the current one (created empty if new)')
    .action((profile: string, _o, cmd: Command) =>
      run(cmd, async (ctx) => {
        ctx.allowNewProfile = true;
        if (!/^[\w.-]{1,64}$/.test(profile)) {
          throw new CliError('usage', 'invalid_value', `"${profile}" is not a profile name.`, 'Use letters, digits, dots, dashes and underscores.');
        }
        const existed = Boolean(readConfigChecked(ctx).profiles[profile]);
        await changeConfig(ctx, (store) => store.use(profile));
        if (ctx.out.json) return ctx.out.printJson({ success: true, current: profile, created: !existed });
        ctx.out.done(`now using profile "${profile}"${existed ? '' : ' (new: set its api-key and base-url with inbox config set)'}`);
      }),
    );
}

/** Opens the config file and changes it; a folder or file that cannot be written is a usage error. */
async function changeConfig<T>(ctx: CommandContext, change: (store: ProfileStore) => T): Promise<T> {
  try {
    return change(await ProfileStore.open(ctx.env));
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (typeof err?.syscall !== 'string') throw e;
    throw new CliError(
      'usage',
      'config_unwritable',
      `cannot write the config: ${err.message}`,
      'Set INBOX_CONFIG_DIR to a folder you can write, or fix the permissions of the one named above.',
    );
  }
}
