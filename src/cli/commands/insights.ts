// inbox insights [inbox]: the service's diagnosis of an inbox (missing mail, failed OTP, slow delivery).
// The service words its advice for API callers (`?since=<id>`); the CLI says what to run instead.
import type { Command } from 'commander';
import { stripControls } from '../../ui/format.js';
import { run } from '../context.js';

/** What to run next, per insight type the service reports, for the inbox `a`. */
const NEXT: Record<string, (a: string) => string> = {
  email_missing: (a) => `"inbox timeline ${a}" shows every event so far; "inbox wait ${a} --existing" also counts mail already there.`,
  multiple_detected: (a) =>
    `Make sure your test reads the right one: "inbox messages list ${a}" shows the newest first, and "inbox wait ${a} --since <id>" waits for mail newer than <id>.`,
  otp_failed: (a) => `"inbox otp ${a} --explain" shows the candidates and why none was taken.`,
  slow_delivery: (a) => `Give waits more time: "inbox wait ${a} --timeout <seconds>".`,
};

const QUERY = /\?([a-z_]+)=(<[^>]+>|\S+?)(?=[\s).,;]|$)/g;

/**
 * The insight in CLI terms: for a type the CLI knows, the service's finding and the command to run
 * next (a finding whose advice is API syntax, `?since=<id>`, is kept up to where that advice starts,
 * its first ";"); otherwise the service's text with query parameters written as flags
 * (`?since=<id>` -> `--since <id>`).
 */
export function cliInsight(type: string, message: string, address: string): string {
  const next = NEXT[type];
  if (!next) return message.replace(QUERY, (_, k: string, v: string) => `--${k.replace(/_/g, '-')} ${v}`);
  const text = message.trim();
  const finding = (new RegExp(QUERY.source).test(text) ? text.split(';')[0]!.trim() : text).replace(/\.$/, '');
  return `${finding}. ${next(address)}`;
}

export function registerInsights(program: Command): void {
  program
    .command('insights [inbox]')
    .description('diagnose an inbox: missing mail, several mails, no code found, slow delivery; says which command to run next')
    .action((inbox: string | undefined, _o, cmd: Command) =>
      run(cmd, async (ctx) => {
        const address = ctx.inbox(inbox);
        const res = await ctx.client().insights(address);
        if (ctx.out.json) return ctx.out.printJson(res);
        const list = res.data.map((i) => ({ type: i.type, message: cliInsight(i.type, i.message, address) }));
        if (list.length === 0) {
          ctx.out.done(`No problems found for ${address}.`);
          return;
        }
        if (ctx.out.mode === 'tty') {
          // The advice is the point: whole lines the terminal wraps, not a table cell cut to its width.
          for (const i of list) ctx.out.print(`${ctx.out.paint('yellow', stripControls(i.type))}\n  ${stripControls(i.message)}`);
          return;
        }
        await ctx.out.table(
          [
            { header: 'INSIGHT', value: (i: (typeof list)[number]) => i.type, color: 'yellow' },
            { header: 'MESSAGE', value: (i) => i.message },
          ],
          list,
        );
      }),
    );
}
