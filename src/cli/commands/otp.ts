// inbox otp [inbox]: the newest one-time code of an inbox, alone on stdout (for CI scripts).
import type { Command } from 'commander';
import type { OtpView } from '../../client/read.js';
import { run, type CommandContext } from '../context.js';
import { CliError } from '../errors.js';
import { terminalText } from '../../ui/terminal-text.js';
import { explainMessage } from '../explain.js';

export function registerOtp(program: Command): void {
  program
    .command('otp [inbox]')
    .description('print the newest one-time code found in an inbox (growth plan and up); exit 5 if none')
    .option(
      '--explain',
      "show how the code was found: the message's code and link candidates, ranked, with the reasons and the text around each (the newest message when no code was found)",
    )
    .action((inbox: string | undefined, o: { explain?: boolean }, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          const address = ctx.inbox(inbox);
          const res = await ctx.client().otp(address);
          if (o.explain) return explainOtp(ctx, address, res);
          if (ctx.out.json) ctx.out.printJson(res);
          if (res.otp === null) {
            throw new CliError(
              'notFound',
              'no_otp',
              `no one-time code in ${address} yet.`,
              `Wait for one with: inbox wait ${address} --otp --timeout 120. If a message is there already, inbox otp ${address} --explain shows why no code was taken from it.`,
            );
          }
          if (ctx.out.json) return;
          if (ctx.out.mode === 'tty') {
            // From, subject and even the code come from the mail: through the terminal gate.
            const when = res.timestamp === null ? 'at an unknown time' : new Date(res.timestamp).toISOString();
            ctx.out.print(ctx.out.paint('bold', terminalText(res.otp)));
            ctx.out.print(ctx.out.paint('dim', terminalText(`from ${res.from ?? '?'}, "${res.subject ?? ''}", ${when} (message ${res.email_id ?? '?'})`)));
          } else {
            ctx.out.print(terminalText(res.otp));
          }
        },
        { feature: (p) => p.otp },
      ),
    );
}

/**
 * --explain: the message the code came from (or, with no code, the newest message) fetched whole and
 * run through the extractor here. Exit 5 as without --explain when the service has no code, after the
 * explanation; a message id the service names but no longer has is an error of its own.
 */
async function explainOtp(ctx: CommandContext, address: string, res: OtpView): Promise<void> {
  let id = res.email_id;
  if (id === null) {
    const list = await ctx.client().listMessages(address);
    id = list.data[0]?.id ?? null;
    if (id === null) {
      throw new CliError(
        'notFound',
        'no_messages',
        `no messages in ${address} yet: nothing to explain.`,
        `Wait for one with: inbox wait ${address} --timeout 120`,
      );
    }
  }
  const m = (await ctx.client().getMessage(address, id)).data;
  const report = await explainMessage(address, m);
  if (res.otp === null && !ctx.out.json) ctx.out.note(`the service found no one-time code in ${address}; explaining its newest message, ${id}`);
  await ctx.out.explanation(report);
  if (res.otp === null) {
    throw new CliError('notFound', 'no_otp', `no one-time code in ${address} yet.`, 'The candidates above say why each value was not taken.');
  }
}
