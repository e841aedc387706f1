// inbox plans: the plan table (no key needed).
import type { Command } from 'commander';
import type { Responses } from '../../api/schemas.js';
import { type Column, formatNumber, formatTable } from '../../ui/format.js';
import { run } from '../context.js';

type PlanRow = Responses['plans']['data'][number];
const yes = (b: boolean) => (b ? 'yes' : 'no');

export function registerPlans(program: Command): void {
  program
    .command('plans')
    .description('compare the plans: limits and features')
    .action((_o, cmd: Command) =>
      run(cmd, async (ctx) => {
        const res = await ctx.client().plans();
        if (ctx.out.json) return ctx.out.printJson(res);
        const wide: Array<Column<PlanRow>> = [
          { header: 'PLAN', value: (p: PlanRow) => p.name, color: 'cyan' },
          { header: 'REQ/S', value: (p) => String(p.perSecond) },
          { header: 'REQ/MONTH', value: (p) => formatNumber(p.perMonth) },
          { header: 'OTP+WEBHOOKS', value: (p) => yes(p.otp && p.webhooks) },
          { header: 'CUSTOM DOMAINS', value: (p) => yes(p.customDomains) },
          { header: 'WAIT', value: (p) => yes(p.wait) },
          { header: 'WEBSOCKET', value: (p) => (p.websocket ? `yes (${p.maxWebsocketConnections})` : 'no') },
          { header: 'ATTACHMENTS', value: (p) => (p.attachments ? `${p.maxAttachmentMb} MB` : 'no') },
          { header: 'INBOXES', value: (p) => formatNumber(p.maxInboxes) },
          {
            header: 'RETENTION',
            value: (p) => `${p.retention.messagesPerInbox} msgs, ${p.retention.maxAgeHours === null ? 'no expiry' : `${p.retention.maxAgeHours} h`}`,
          },
        ];
        // A terminal narrower than the table (it needs about 120 columns) gets it turned: a row per
        // limit or feature, a column per plan. Pipes always get the wide one, a row per plan.
        const widest = Math.max(
          ...formatTable(wide, res.data)
            .split('\n')
            .map((l) => Array.from(l).length),
        );
        if (ctx.out.mode !== 'tty' || widest <= (ctx.io.stdout.columns || 80)) return ctx.out.table(wide, res.data);
        const features: Array<[string, (p: PlanRow) => string]> = [
          ['REQ/S', (p) => String(p.perSecond)],
          ['REQ/MONTH', (p) => formatNumber(p.perMonth)],
          ['OTP+WEBHOOKS', (p) => yes(p.otp && p.webhooks)],
          ['CUSTOM DOMAINS', (p) => yes(p.customDomains)],
          ['WAIT', (p) => yes(p.wait)],
          ['WEBSOCKET', (p) => (p.websocket ? `yes (${p.maxWebsocketConnections})` : 'no')],
          ['ATTACHMENTS', (p) => (p.attachments ? `${p.maxAttachmentMb} MB` : 'no')],
          ['INBOXES', (p) => formatNumber(p.maxInboxes)],
          ['MSGS KEPT', (p) => String(p.retention.messagesPerInbox)],
          ['MAX AGE', (p) => (p.retention.maxAgeHours === null ? 'no expiry' : `${p.retention.maxAgeHours} h`)],
        ];
        await ctx.out.table(
          [
            { header: 'PLAN', value: ([label]: (typeof features)[number]) => label },
            ...res.data.map((p): Column<(typeof features)[number]> => ({ header: p.name, value: ([, of]) => of(p), color: 'cyan', minWidth: 4 })),
          ],
          features,
        );
      }),
    );
}
