// inbox reset: the emulator's reset, scoped. By default it resets the account of the key in use (its
// inboxes, domains, webhooks, tunnels and usage; key and plan stay), so parallel jobs that each use
// an account of their own share one emulator without wiping each other; --inbox empties one inbox
// of it; --all resets the whole emulator. Destructive, so it asks first on a terminal (--yes skips).
import type { Command } from 'commander';
import { maskKey } from '../../config/resolve.js';
import { terminalText } from '../../ui/terminal-text.js';
import { type CommandContext, run } from '../context.js';
import { onEmulator } from '../emulator-only.js';
import { CliError } from '../errors.js';
import { askYesNo } from '../prompt.js';

interface ResetFlags {
  inbox?: string;
  all?: boolean;
  yes?: boolean;
}

/** What the reset will touch, in words, and the scope sent to the emulator (undefined: everything). */
function scopeOf(ctx: CommandContext, f: ResetFlags): { what: string; scope?: { apiKey?: string; inbox?: string } } {
  if (f.all && f.inbox)
    throw new CliError(
      'usage',
      'conflicting_options',
      '--all and --inbox cannot be given together.',
      'Give --inbox <address> to empty one inbox, or --all to reset the whole emulator.',
    );
  if (f.all) return { what: 'the whole emulator: every account, inbox, message, domain and webhook' };
  const apiKey = ctx.target.apiKey;
  if (!apiKey)
    throw new CliError(
      'usage',
      'no_api_key',
      'no API key is set, so there is no account to reset.',
      'Give --api-key <key> (or INBOX_API_KEY), or --all to reset the whole emulator.',
    );
  if (f.inbox) {
    ctx.hints.address ??= f.inbox;
    return { what: `${f.inbox} (its messages and timeline)`, scope: { apiKey, inbox: f.inbox } };
  }
  return { what: `the account of ${maskKey(apiKey)} (its inboxes, messages, domains, webhooks and usage)`, scope: { apiKey } };
}

async function confirm(ctx: CommandContext, what: string, again: string): Promise<void> {
  if (!ctx.io.stdin.isTTY) {
    throw new CliError(
      'usage',
      'confirmation_required',
      `a reset deletes ${what}, and there is no terminal to ask for a confirmation.`,
      `Pass --yes to reset without asking: ${again} --yes`,
    );
  }
  if (!(await askYesNo(terminalText(`Delete ${what}? [y/N] `), ctx.io.stdin, ctx.io.stderr))) {
    throw new CliError('usage', 'cancelled', 'cancelled; nothing was reset.', `To reset without asking: ${again} --yes`);
  }
}

export function registerReset(program: Command): Command {
  return program
    .command('reset')
    .description("reset the emulator: your account's data (default), one inbox (--inbox), or everything (--all)")
    .option('--inbox <address>', 'empty one inbox of your account (its messages and timeline; it stays registered)')
    .option('--all', 'reset the whole emulator to its seeded state (every account)')
    .option('-y, --yes', 'reset without asking (scripts, CI); without a terminal to ask on, it is required')
    .action((flags: ResetFlags, cmd: Command) =>
      run(cmd, async (ctx) => {
        const { what, scope } = scopeOf(ctx, flags);
        const again = `inbox reset${flags.all ? ' --all' : ''}${flags.inbox ? ` --inbox ${flags.inbox}` : ''}`;
        await onEmulator(ctx, 'reset', async () => {
          if (!flags.yes) await confirm(ctx, what, again);
          const res = await ctx.client().emulatorReset(scope);
          if (ctx.out.json) return ctx.out.printJson(res);
          ctx.out.done(res.message);
        });
      }),
    );
}
