// inbox insights [inbox]: the service's diagnosis of an inbox (missing mail, failed OTP, slow delivery).
import type { Command } from 'commander';
import { run } from '../context.js';

export function registerInsights(program: Command): void {
  program
    .command('insights [inbox]')
    .description('diagnose an inbox: missing mail, several mails, no code found, slow delivery')
    .action((inbox: string | undefined, _o, cmd: Command) =>
      run(cmd, async (ctx) => {
        const address = ctx.inbox(inbox);
        const res = await ctx.client().insights(address);
        if (ctx.out.json) return ctx.out.printJson(res);
        const list = res.data;
        if (list.length === 0) {
          ctx.out.done(`No problems found for ${address}.`);
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
