// inbox inboxes register | list | remove
import type { Command } from 'commander';
import { run } from '../context.js';

export function registerInboxes(program: Command): void {
  const inboxes = program.command('inboxes').description('register, list and remove the inboxes that receive mail');

  inboxes
    .command('register <address>')
    .description('register an inbox at a platform domain (inbox domains list) or a verified custom domain')
    .action((address: string, _o, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          const res = await ctx.client().registerInbox(address);
          if (ctx.out.json) return ctx.out.printJson(res);
          if (res.created) ctx.out.done(`Registered ${res.inbox}`);
          else ctx.out.done(`${res.inbox} was already registered`);
        },
        { feature: (p) => p.customDomains, address, domain: address.split('@')[1] },
      ),
    );

  inboxes
    .command('list')
    .description('list your inboxes')
    .action((_o, cmd: Command) =>
      run(cmd, async (ctx) => {
        const res = await ctx.client().listInboxes();
        if (ctx.out.json) return ctx.out.printJson(res);
        if (res.data.length === 0) return ctx.out.note('no inboxes yet; register one with: inbox inboxes register <name>@<domain>');
        await ctx.out.table(
          [
            { header: 'INBOX', value: (r: (typeof res.data)[number]) => r.inbox, color: 'cyan' },
            { header: 'REGISTERED', value: (r) => r.registered_at ?? '-' },
          ],
          res.data,
        );
      }),
    );

  inboxes
    .command('remove <address>')
    .description('unregister an inbox (mail to it is no longer accepted; what it holds is kept)')
    .action((address: string, _o, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          const res = await ctx.client().removeInbox(address);
          if (ctx.out.json) return ctx.out.printJson(res);
          ctx.out.done(res.message);
        },
        { address, notFound: 'inbox inboxes list shows your inboxes.' },
      ),
    );

  inboxes
    .command('test <address> [test-id]')
    .description('start a test run on an inbox; inbox timeline --test <id> then shows only its events')
    .action((address: string, testId: string | undefined, _o, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          const res = await ctx.client().startTest(address, testId);
          if (ctx.out.json) return ctx.out.printJson(res);
          ctx.out.done(`Test ${res.test_id} started on ${res.inbox ?? address}`);
          ctx.out.print(`See its events with: inbox timeline ${res.inbox ?? address} --test ${res.test_id}`);
        },
        { address },
      ),
    );
}
