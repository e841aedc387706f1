// inbox webhooks add | list | remove (and `watch`, registered by webhooks-watch.ts).
import type { Command } from 'commander';
import { run } from '../context.js';
import { registerWebhooksWatch } from './webhooks-watch.js';

const webhooksFeature = { feature: (p: { webhooks: boolean }) => p.webhooks };

export function registerWebhooks(program: Command): Command {
  const webhooks = program.command('webhooks').description('webhooks: POST a summary of each new message of an inbox to a URL');

  webhooks
    .command('add <inbox> <url>')
    .description('register a webhook for an inbox (growth plan and up); prints the secret once')
    .action((inbox: string, url: string, _o, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          const res = await ctx.client().addWebhook(inbox, url);
          if (ctx.out.json) return ctx.out.printJson(res);
          ctx.out.done(`Webhook ${res.id} posts new mail of ${res.inbox} to ${res.url}`);
          await ctx.out.fields([
            ['ID', res.id],
            ['Secret', res.secret],
          ]);
          ctx.out.note('the secret is shown only now: deliveries carry it in X-Webhook-Secret; store it to check them');
        },
        { ...webhooksFeature, address: inbox },
      ),
    );

  webhooks
    .command('list')
    .description('list your active webhooks')
    .action((_o, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          const res = await ctx.client().listWebhooks();
          if (ctx.out.json) return ctx.out.printJson(res);
          if (res.data.length === 0) return ctx.out.note('no active webhooks; add one with: inbox webhooks add <inbox> <https-url>');
          await ctx.out.table(
            [
              { header: 'ID', value: (w: (typeof res.data)[number]) => w._id, color: 'cyan' },
              { header: 'INBOX', value: (w) => w.inbox },
              { header: 'FAILURES', value: (w) => String(w.failureCount) },
              { header: 'CREATED', value: (w) => w.createdAt },
              { header: 'URL', value: (w) => w.url },
            ],
            res.data,
          );
        },
        webhooksFeature,
      ),
    );

  webhooks
    .command('remove <id>')
    .description('unregister a webhook')
    .action((id: string, _o, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          const res = await ctx.client().removeWebhook(id);
          if (ctx.out.json) return ctx.out.printJson(res);
          ctx.out.done(res.message);
        },
        { ...webhooksFeature, notFound: 'inbox webhooks list shows the ids of your webhooks.' },
      ),
    );

  registerWebhooksWatch(webhooks);
  return webhooks;
}
