// inbox timeline [inbox]: what happened to an inbox in the last 24 hours.
import type { Command } from 'commander';
import type { TimelineItem } from '../../client/read.js';
import { run } from '../context.js';

function describe(meta: Record<string, unknown>): string {
  return Object.entries(meta)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' ');
}

export function registerTimeline(program: Command): void {
  program
    .command('timeline [inbox]')
    .description('show the events of an inbox (created, received, parsed, OTP, pushes) of the last 24 h')
    .option('--test <id>', 'only the events of this test run (inbox inboxes test starts one)')
    .action((inbox: string | undefined, o: { test?: string }, cmd: Command) =>
      run(cmd, async (ctx) => {
        const address = ctx.inbox(inbox);
        const res = await ctx.client().timeline(address, { testId: o.test });
        if (ctx.out.json) return ctx.out.printJson(res);
        const events = res.data;
        if (events.length === 0) {
          return ctx.out.note(o.test ? `no events for test ${o.test} of ${address}` : `no events for ${address} in the last ${res.duration_hours} h`);
        }
        await ctx.out.table(
          [
            { header: 'TIME', value: (e: TimelineItem) => e.timestamp },
            { header: 'LATENCY', value: (e) => (e.latency_ms === null ? '-' : `+${e.latency_ms} ms`) },
            { header: 'EVENT', value: (e) => e.type, color: 'cyan' },
            { header: 'DETAILS', value: (e) => describe(e.metadata) },
          ],
          events,
        );
      }),
    );
}
