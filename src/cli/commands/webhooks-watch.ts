// `inbox webhooks watch [inbox] --forward-to <url>`: receive an inbox's webhook deliveries on localhost.
// Flags only; the work is src/tunnel/watch.ts, the views are src/ui/watch-lines.ts / watch-view.tsx.
import type { Command } from 'commander';
import type { Fatal } from '../../tunnel/events.js';
import { parseTarget } from '../../tunnel/forward.js';
import type { WatchRenderer } from '../../ui/watch-lines.js';
import type { Output } from '../../ui/output.js';
import { run } from '../context.js';
import { CliError } from '../errors.js';
import type { ExitName } from '../exit-codes.js';
import { exitOf, type SignalSource } from '../io.js';
import { reportForcedExit } from '../report-error.js';

interface WatchFlags {
  forwardTo: string;
  newSecret?: boolean;
}

async function renderer(out: Output): Promise<WatchRenderer> {
  if (out.mode === 'tty') {
    const { renderWatchView } = await import('../../ui/watch-view.js');
    return renderWatchView(out.stdout, out.color);
  }
  const { plainWatchRenderer } = await import('../../ui/watch-lines.js');
  return plainWatchRenderer(out);
}

/** Resolves on the first SIGINT or SIGTERM of `source`; a second one while cleaning up exits at once. */
function untilSignal(
  source: SignalSource,
  exit: (code: number) => void,
  forced: { json: boolean; stderr: NodeJS.WriteStream },
): { signalled: Promise<string>; dispose(): void } {
  let fire!: (s: string) => void;
  const signalled = new Promise<string>((r) => (fire = r));
  let count = 0;
  const on = (s: NodeJS.Signals) => {
    if (++count > 1) {
      exit(reportForcedExit('the webhook and tunnel were not removed (the next run reattaches to them).', forced.json, forced.stderr));
      return;
    }
    fire(s);
  };
  const int = () => on('SIGINT');
  const term = () => on('SIGTERM');
  source.on('SIGINT', int);
  source.on('SIGTERM', term);
  return {
    signalled,
    dispose() {
      source.off('SIGINT', int);
      source.off('SIGTERM', term);
    },
  };
}

function exitFor(f: Fatal): ExitName {
  if (f.code === 'plan_required' || f.code === 'plan_restriction') return 'plan';
  if (f.code === 'unauthorized' || f.code === 'invalid_api_key' || f.code === 'http_401') return 'auth';
  if (f.code === 'tunnel_gone') return 'network';
  return 'rejected';
}

export function registerWebhooksWatch(webhooks: Command): Command {
  return webhooks
    .command('watch [inbox]')
    .description("receive an inbox's webhook deliveries on localhost: each one is POSTed on to --forward-to")
    .requiredOption('--forward-to <url>', 'local URL that gets each delivery, e.g. http://localhost:3000/webhooks')
    .option('--new-secret', 'replace the stored X-Webhook-Secret of this profile and inbox with a new one')
    .addHelpText(
      'after',
      [
        '',
        'Against `inbox emulate` it registers a real webhook whose https URL is a tunnel served by the',
        'emulator, and forwards each delivery (same body, same headers, X-Webhook-Secret included); your',
        "receiver's status goes back, so failures count as they would for a public URL. Deliveries made",
        'while the watcher is away (dropped connection, emulator restart) arrive when it reconnects.',
        'Against the hosted service (no tunnel) it forwards new mail from the WebSocket push channel.',
        'Ctrl-C removes the webhook it registered and closes the tunnel. A watcher that is killed instead',
        '(SIGKILL, a closed terminal) leaves both open, and the next run for the same profile and inbox',
        'reattaches to them and first gets every delivery made meanwhile (kept in watch-tunnels.json);',
        'a tunnel no watcher connects to for 24 h expires on the emulator with its webhook and queue.',
        'Output: one line per delivery; --json gives NDJSON.',
        'The X-Webhook-Secret your receiver gets is the same on every run for a profile and inbox (kept',
        'in watch-secrets.json beside the config file, mode 0600); --new-secret replaces it.',
      ].join('\n'),
    )
    .action((inboxArg: string | undefined, flags: WatchFlags, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          const inbox = ctx.inbox(inboxArg);
          const forwardTo = parseTarget(flags.forwardTo);
          if (!forwardTo) {
            throw new CliError(
              'usage',
              'invalid_forward_to',
              `--forward-to must be an absolute http:// or https:// URL; got ${JSON.stringify(flags.forwardTo)}.`,
              'For example: --forward-to http://localhost:3000/webhooks',
            );
          }
          const client = ctx.client();
          const { startWatch } = await import('../../tunnel/watch.js');
          const { watchSecret } = await import('../../config/watch-secrets.js');
          const { secret } = watchSecret({ profile: ctx.target.profile, inbox, renew: flags.newSecret, env: ctx.env });
          const { watchTunnels } = await import('../../config/watch-tunnels.js');
          const memory = watchTunnels({ profile: ctx.target.profile, inbox, baseUrl: client.baseUrl, env: ctx.env });
          const view = await renderer(ctx.out);
          const signals = untilSignal(ctx.io.signals ?? process, exitOf(ctx.io), { json: ctx.flags.json === true, stderr: ctx.io.stderr });
          let session;
          try {
            session = await startWatch({ client, apiKey: ctx.target.apiKey, inbox, forwardTo, secret, memory, onEvent: (e) => view.event(e) });
          } catch (e) {
            signals.dispose();
            await view.close();
            throw e;
          }
          const ended = await Promise.race([session.finished, signals.signalled.then(() => null)]);
          const report = await session.stop();
          signals.dispose();
          view.stopped(report);
          await view.close();
          if (ended) throw new CliError(exitFor(ended), ended.code, ended.message, ended.hint);
        },
        { feature: (p) => p.webhooks },
      ),
    );
}
