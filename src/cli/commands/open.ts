// inbox open [inbox] [message-id]: the emulator's mail viewer in the default browser. Where no browser
// can be started (CI, an SSH session without a display, --print), the URL is printed instead.
import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import { InboxApiError } from '../../client/errors.js';
import { run, type CommandContext } from '../context.js';
import { CliError } from '../errors.js';

/** The viewer's URL for an API base URL (`http://127.0.0.1:4580` or `…/v1`), an inbox and a message. */
export function viewerUrl(baseUrl: string, inbox?: string, messageId?: string): string {
  const root = baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  if (!inbox) return `${root}/`;
  const path = `/inbox/${encodeURIComponent(inbox)}`;
  return `${root}${path}${messageId ? `/${encodeURIComponent(messageId)}` : ''}`;
}

export interface Launcher {
  command: string;
  args: string[];
}

/**
 * How to open a URL here, or why it cannot be: $BROWSER (a command; `%s` stands for the URL), else
 * the platform's opener. None in CI, or on Linux without a display (an SSH session).
 */
export function browserLauncher(
  url: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Launcher | { reason: string } {
  if (env.BROWSER) {
    const parts = env.BROWSER.trim().split(/\s+/);
    const args = parts.slice(1);
    const withUrl = args.some((a) => a.includes('%s')) ? args.map((a) => a.replaceAll('%s', url)) : [...args, url];
    return { command: parts[0]!, args: withUrl };
  }
  if (env.CI && env.CI !== 'false' && env.CI !== '0') return { reason: 'this is a CI run' };
  if (platform === 'darwin') return { command: 'open', args: [url] };
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url.replace(/&/g, '^&')] };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return { reason: env.SSH_CONNECTION ? 'this is an SSH session without a display' : 'no display is available' };
  return { command: 'xdg-open', args: [url] };
}

/** Starts the browser; resolves to null once it has started, or to why it could not. */
function launch(l: Launcher): Promise<string | null> {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(l.command, l.args, { stdio: 'ignore', detached: true });
    } catch (e) {
      resolve(`${l.command} could not be started (${(e as Error).message})`);
      return;
    }
    child.once('error', (e) => resolve(`${l.command} could not be started (${e.message})`));
    child.once('spawn', () => {
      child.unref();
      resolve(null);
    });
  });
}

export function registerOpen(program: Command): void {
  program
    .command('open [inbox] [message-id]')
    .description("open the emulator's mail viewer in the browser (all inboxes, one inbox, or one message); prints the URL where no browser can start")
    .option('--print', 'only print the URL, open nothing')
    .action((inbox: string | undefined, messageId: string | undefined, opts: { print?: boolean }, cmd: Command) =>
      run(cmd, async (ctx) => {
        const target = ctx.target;
        const address = inbox ?? target.inbox;
        if (messageId && !address) throw new CliError('usage', 'missing_inbox', 'a message id needs its inbox.', 'Run: inbox open <inbox> <message-id>');
        const url = viewerUrl(target.baseUrl, address, messageId);
        const up = await ctx
          .client()
          .request('GET', '/_emulator/health', { auth: false, deadlineMs: 3000 })
          .then(
            () => true,
            () => false,
          );
        if (!up) {
          throw new CliError(
            'network',
            'emulator_unreachable',
            `no inbox emulator answers at ${viewerUrl(target.baseUrl)}.`,
            'The viewer is part of "inbox emulate": start it, or point --base-url / INBOX_BASE_URL at a running one.',
            { url },
          );
        }
        if (address) await mustExist(ctx, address, messageId);
        const how = opts.print ? { reason: '--print' } : browserLauncher(url, ctx.env);
        const failed = 'command' in how ? await launch(how) : how.reason;
        const opened = failed === null;
        if (ctx.out.json) return ctx.out.printJson({ url, opened, ...(failed && !opts.print ? { reason: failed } : {}) });
        if (ctx.out.mode !== 'tty') return ctx.out.print(url);
        if (opened) ctx.out.done(`Opened ${url} in the browser.`);
        else {
          ctx.out.print(url);
          if (!opts.print) ctx.out.note(`no browser was opened (${failed}); open the URL above yourself.`);
        }
      }),
    );
}

/**
 * The viewer answers 404 for an inbox no account registered, or a message that is gone: that is an
 * error (exit 5), not a page to open. Any other answer (the page itself) lets the command go on.
 */
async function mustExist(ctx: CommandContext, address: string, messageId: string | undefined): Promise<void> {
  try {
    await ctx.client().request('GET', viewerUrl('', address, messageId), { auth: false, deadlineMs: 5000 });
  } catch (e) {
    if (!(e instanceof InboxApiError) || e.status !== 404) return;
    throw messageId
      ? new CliError(
          'notFound',
          'message_not_found',
          `no message ${messageId} in ${address} on this emulator (deleted, or gone by retention).`,
          `List its messages with: inbox messages list ${address}`,
          {
            inbox: address,
            message_id: messageId,
          },
        )
      : new CliError(
          'notFound',
          'inbox_not_found',
          `no inbox ${address} is registered on this emulator.`,
          `Register it with: inbox inboxes register ${address} (inbox inboxes list shows yours; inbox open shows them all).`,
          {
            inbox: address,
          },
        );
  }
}
