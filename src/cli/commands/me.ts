// inbox me: the account behind the key: plan, limits, features, counts.
import type { Command } from 'commander';
import { maskKey } from '../../config/resolve.js';
import { formatNumber, showValue, type Fields } from '../../ui/format.js';
import { run } from '../context.js';

const FEATURE_LABELS: Record<string, string> = {
  otp: 'OTP values',
  custom_domains: 'Custom domains',
  webhooks: 'Webhooks',
  wait: 'Wait',
  websocket: 'WebSocket push',
  max_websocket_connections: 'WebSocket conns',
  attachments: 'Attachments',
  max_attachment_mb: 'Attachment MB',
  retention_messages: 'Kept messages',
  retention_hours: 'Kept hours',
};

export function registerMe(program: Command): void {
  program
    .command('me')
    .description('show the account behind the API key: plan, limits, features, inbox count')
    .action((_o, cmd: Command) => run(cmd, async (ctx) => {
      const res = await ctx.client().me();
      if (ctx.out.json) return ctx.out.printJson(res);
      const d = res.data;
      const fields: Fields = [
        ['Service', ctx.target.baseUrl],
        ['Key', `${maskKey(ctx.target.apiKey)} (${ctx.target.sources.apiKey}${ctx.target.sources.apiKey === 'profile' ? ` "${ctx.target.profile}"` : ''})`],
        ['Plan', d.plan],
        ['Per second', formatNumber(d.rate_limits.per_second)],
        ['Per month', formatNumber(d.rate_limits.per_month)],
        ['Credits', formatNumber(d.credits)],
        ['Inboxes', `${d.inbox_count} of ${formatNumber(d.inbox_limit)}`],
        ['Domains added', d.custom_domain_count],
        ...Object.entries(d.features).map(([k, v]): [string, string] => [
          FEATURE_LABELS[k] ?? k.replace(/_/g, ' '),
          k === 'retention_hours' && v === null ? 'no expiry' : showValue(v),
        ]),
      ];
      await ctx.out.fields(fields);
    }));
}
