// inbox ready: waits until the service at the base URL answers, for scripts that start
// `inbox emulate &` and go on at once. The emulator is ready when GET /_emulator/health says so (it
// answers 503 while it starts); a service with no such route (the hosted one) when an authenticated
// GET /v1/me answers. Nothing listening yet, a name that does not resolve yet, a 5xx or a 429 is
// "not yet": asked again until --timeout (exit 8). A wrong key (401) or an answer that is not the
// API's (exit 7) will not fix itself by waiting, and ends the command at once.
import type { Command } from 'commander';
import { InboxApiError, InboxNetworkError } from '../../client/errors.js';
import { defaultSleep } from '../../client/retry.js';
import { isLoopbackUrl } from '../../config/resolve.js';
import { run } from '../context.js';
import { CliError } from '../errors.js';
import { parseSeconds } from './args.js';

/** Between two checks of an emulator on this machine, and of anything else. */
const LOCAL_INTERVAL_MS = 200;
const REMOTE_INTERVAL_MS = 1_000;
/** Longest one check may take: a connection that hangs is given up and tried again. */
const CHECK_MS = 5_000;

interface Ready {
  emulator: boolean;
  smtpPort: number | null;
  plan: string | null;
}

export function registerReady(program: Command): void {
  program
    .command('ready')
    .description('wait until the emulator (or the service) at the base URL answers; exit 8 on timeout')
    .option('--timeout <s>', 'seconds to wait at most', parseSeconds, 30)
    .action((o: { timeout: number }, cmd: Command) =>
      run(cmd, async (ctx) => {
        const client = ctx.client();
        const url = ctx.target.baseUrl;
        // The io's clock and sleep go together (a test's manual pair); else the real ones.
        const given = ctx.io.now && ctx.io.sleep ? { now: ctx.io.now, sleep: ctx.io.sleep } : null;
        const now = given?.now ?? Date.now;
        const sleep = given?.sleep ?? defaultSleep;
        const started = now();
        const end = started + o.timeout * 1000;
        const interval = isLoopbackUrl(url) ? LOCAL_INTERVAL_MS : REMOTE_INTERVAL_MS;
        /** Set once the base URL answered the health check as something that is not an emulator. */
        let hosted = false;
        let last = 'no check finished';

        const check = async (): Promise<Ready | null> => {
          const per = { deadlineMs: Math.max(1, Math.min(CHECK_MS, end - now())), timeoutMs: CHECK_MS };
          try {
            if (!hosted) {
              try {
                const h = await client.request<{ success?: unknown; smtp?: { port?: unknown } }>('GET', '/_emulator/health', { auth: false, ...per });
                if (h?.success === true) return { emulator: true, smtpPort: typeof h.smtp?.port === 'number' ? h.smtp.port : null, plan: null };
                last = 'the health check did not say success';
                return null;
              } catch (e) {
                if (e instanceof InboxApiError && e.status === 503) {
                  last = 'the emulator is still starting';
                  return null;
                }
                // An answer, but not an emulator's: the hosted service (or a server that is neither, told below).
                if (!(e instanceof InboxApiError || (e instanceof InboxNetworkError && e.kind === 'invalid_response'))) throw e;
                hosted = true;
              }
            }
            const me = await client.call<{ data?: { plan?: unknown } }>('me', {}, per);
            return { emulator: false, smtpPort: null, plan: typeof me?.data?.plan === 'string' ? me.data.plan : null };
          } catch (e) {
            if (e instanceof InboxNetworkError && e.kind !== 'invalid_response') {
              // A check cut short by --timeout itself tells nothing new: what was seen before stays.
              if (!(e.kind === 'deadline' && last !== 'no check finished')) last = e.message;
              return null;
            }
            if (e instanceof InboxApiError && (e.status >= 500 || e.status === 429)) {
              last = `it answered ${e.status} ${e.code}`;
              return null;
            }
            throw e;
          }
        };

        const ready = await ctx.out.spin(
          `waiting for ${url} to answer`,
          async () => {
            for (;;) {
              const r = await check();
              if (r) return r;
              const left = end - now();
              if (left <= 0) break;
              await sleep(Math.min(interval, left));
            }
            const local = isLoopbackUrl(url);
            throw new CliError(
              'timeout',
              'ready_timeout',
              `${url} was not ready within ${o.timeout} s (last: ${last}).`,
              local
                ? `Start the emulator first (inbox emulate --memory${portFlag(url)} &), check the address (--base-url / INBOX_BASE_URL), or give it longer with --timeout <seconds>.`
                : 'Check the address (--base-url / INBOX_BASE_URL) and your network, or give it longer with --timeout <seconds>.',
              { url, last },
            );
          },
          { totalMs: o.timeout * 1000 },
        );
        const waitedMs = Math.max(0, now() - started);
        if (ctx.out.json) {
          return ctx.out.printJson({
            success: true,
            ready: true,
            url,
            emulator: ready.emulator,
            ...(ready.smtpPort !== null ? { smtp_port: ready.smtpPort } : {}),
            ...(ready.plan !== null ? { plan: ready.plan } : {}),
            waited_ms: waitedMs,
          });
        }
        ctx.out.done(
          ready.emulator
            ? `inbox emulator ready at ${url}${ready.smtpPort !== null ? ` (SMTP port ${ready.smtpPort})` : ''}`
            : `${url} is ready (GET /v1/me answered${ready.plan ? `, plan ${ready.plan}` : ''})`,
        );
      }),
    );
}

/** ` --port N` when the URL names a port other than the emulator's default. */
function portFlag(url: string): string {
  const port = new URL(url).port;
  return port && port !== '4580' ? ` --port ${port}` : '';
}
