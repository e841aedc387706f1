// inbox usage: requests used this month, what is left, credits, reset time.
import type { Command } from 'commander';
import { formatNumber } from '../../ui/format.js';
import { run } from '../context.js';

export function registerUsage(program: Command): void {
  program
    .command('usage')
    .description("show this month's request usage, remaining quota and credits")
    .action((_o, cmd: Command) =>
      run(cmd, async (ctx) => {
        const res = await ctx.client().usage();
        if (ctx.out.json) return ctx.out.printJson(res);
        const d = res.data;
        await ctx.out.fields([
          ['Plan', d.plan],
          ...(d.period ? [['Period', d.period] as [string, string]] : []),
          ['Used', formatNumber(d.requests_used)],
          ['Limit', formatNumber(d.requests_limit)],
          ['Remaining', formatNumber(d.requests_remaining)],
          ['Share used', d.percent_used],
          ['Credits', formatNumber(d.credits_remaining)],
          ['Resets at', d.resets || '-'],
        ]);
      }),
    );
}
