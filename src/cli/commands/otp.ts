// inbox otp [inbox]: the newest one-time code of an inbox, alone on stdout (for CI scripts).
import type { Command } from 'commander';
import { run } from '../context.js';
import { CliError } from '../errors.js';
import { terminalText } from '../../ui/terminal-text.js';

export function registerOtp(program: Command): void {
  program
    .command('otp [inbox]')
    .description('print the newest one-time code found in an inbox (growth plan and up); exit 5 if none')
    .action((inbox: string | undefined, _o, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          const address = ctx.inbox(inbox);
          const res = await ctx.client().otp(address);
          if (ctx.out.json) ctx.out.printJson(res);
          if (res.otp === null) {
            throw new CliError('notFound', 'no_otp', `no one-time code in ${address} yet.`, `Wait for one with: inbox wait ${address} --otp --timeout 120`);
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
