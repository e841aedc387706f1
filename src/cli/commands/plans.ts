// inbox plans: the plan table (no key needed).
import type { Command } from 'commander';
import type { Responses } from '../../api/schemas.js';
import { formatNumber } from '../../ui/format.js';
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
        await ctx.out.table(
          [
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
          ],
          res.data,
        );
      }),
    );
}
