// inbox me: the account behind the key: plan, limits, features, counts.
import type { Command } from 'commander';
import { maskKey } from '../../config/resolve.js';
import { formatNumber, showValue, type Fields } from '../../ui/format.js';
import { run } from '../context.js';

export function registerMe(program: Command): void {
  program
    .command('me')
    .description('show the account behind the API key: plan, limits, features, inboxes')
    .action((_o, cmd: Command) =>
      run(cmd, async (ctx) => {
        const res = await ctx.client().me();
        if (ctx.out.json) return ctx.out.printJson(res);
        const d = res.data;
        const f = d.features;
        const inboxes = d.api_inbox_count + d.app_inbox_count;
        const fields: Fields = [
          ['Service', ctx.target.baseUrl],
          ['Key', `${maskKey(ctx.target.apiKey)} (${ctx.target.sources.apiKey}${ctx.target.sources.apiKey === 'profile' ? ` "${ctx.target.profile}"` : ''})`],
          ['Plan', d.plan_label && d.plan_label.toLowerCase() !== d.plan ? `${d.plan} (${d.plan_label})` : d.plan],
          ['Price', d.price || '-'],
          ['Per second', formatNumber(d.rate_limits.requestsPerSecond)],
          ['Per month', formatNumber(d.rate_limits.requestsPerMonth)],
          ['Credits', formatNumber(d.credits)],
          ['Inboxes', d.inbox_limit === undefined ? String(inboxes) : `${inboxes} of ${formatNumber(d.inbox_limit)}`],
          ['Domains added', d.custom_domain_count],
          ['OTP values', f.otpExtraction],
          ['Custom domains', f.customDomains],
          ...(f.webhooks === undefined ? [] : [['Webhooks', f.webhooks] as [string, boolean]]),
          ...(f.wait === undefined ? [] : [['Wait', f.wait] as [string, boolean]]),
          ['WebSocket push', f.websocket],
          ['WebSocket conns', f.maxWsConnections],
          ['Attachments', f.attachments],
          ['Attachment MB', f.maxAttachmentSizeMb],
        ];
        if (d.retention) {
          fields.push(['Kept messages', d.retention.messagesPerInbox]);
          fields.push(['Kept hours', d.retention.maxAgeHours === null ? 'no expiry' : showValue(d.retention.maxAgeHours)]);
        }
        await ctx.out.fields(fields);
      }),
    );
}
