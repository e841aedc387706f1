// inbox domains list | add | verify | custom | remove | publish-dns
import { Command, Option } from 'commander';
import type { Responses } from '../../api/schemas.js';
import { InboxApiError, InboxNetworkError } from '../../client/errors.js';
import { defaultSleep } from '../../client/retry.js';
import { isLoopbackUrl } from '../../config/resolve.js';
import { terminalText } from '../../ui/terminal-text.js';
import { CliError } from '../errors.js';
import { onEmulator } from '../emulator-only.js';
import { askYesNo } from '../prompt.js';
import { run, type CommandContext } from '../context.js';
import { parseSeconds } from './args.js';

const customDomainsFeature = { feature: (p: { customDomains: boolean }) => p.customDomains };

export function registerDomains(program: Command): void {
  const domains = program.command('domains').description('platform domains, and your custom domains (add, verify, remove)');

  domains
    .command('list')
    .description('list the platform domains your plan can register inboxes at (--all: every one, with expiry)')
    .option('--all', 'every platform domain, pro ones included, with when its registration expires')
    .action((o: { all?: boolean }, cmd: Command) =>
      run(cmd, async (ctx) => {
        const res = o.all ? await ctx.client().listAllDomains() : await ctx.client().listDomains();
        if (ctx.out.json) return ctx.out.printJson(res);
        await ctx.out.table(
          [
            { header: 'DOMAIN', value: (d: (typeof res.data)[number]) => d.domain, color: 'cyan' },
            { header: 'TIER', value: (d) => d.tier },
            { header: 'TAGS', value: (d) => d.tags.join(',') },
            { header: 'EXPIRES', value: (d) => expiry(d) },
          ],
          res.data,
        );
        if (res.note) ctx.out.note(res.note);
      }),
    );

  domains
    .command('add <domain>')
    .description('add a custom domain and show the MX and TXT records to create (growth plan and up)')
    .action((domain: string, _o, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          const res = await ctx.client().addCustomDomain(domain);
          if (ctx.out.json) return ctx.out.printJson(res);
          const d = res.data;
          ctx.out.done(res.message);
          await ctx.out.table(dnsColumns, d.dns_records ?? recordsOf(d));
          ctx.out.print(
            d.verified
              ? `${d.domain} is verified; register inboxes with: inbox inboxes register name@${d.domain}`
              : isLoopbackUrl(ctx.target.baseUrl)
                ? // The emulator's simulated DNS has no records until they are published to it.
                  `Against the emulator, publish them with: inbox domains publish-dns ${d.domain}\nThen run: inbox domains verify ${d.domain}`
                : `Then run: inbox domains verify ${d.domain} --wait`,
          );
        },
        { ...customDomainsFeature, domain },
      ),
    );

  domains
    .command('verify <domain>')
    .description('check the DNS records of a custom domain; --wait polls until they are there')
    .option('--wait', 'poll until verified or --timeout')
    .addOption(new Option('--timeout <s>', 'with --wait: give up after this many seconds').default(300).argParser(parseSeconds))
    .addOption(new Option('--interval <s>', 'with --wait: seconds between checks').default(5).argParser(parseSeconds))
    .action((domain: string, o: { wait?: boolean; timeout: number; interval: number }, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          const res = o.wait ? await verifyWaiting(ctx, domain, o.timeout, o.interval) : await ctx.client().verifyCustomDomain(domain);
          if (ctx.out.json) return ctx.out.printJson(res);
          ctx.out.done(res.message);
        },
        { ...customDomainsFeature, domain, notFound: `Add it first with: inbox domains add ${domain} (inbox domains custom lists yours).` },
      ),
    );

  domains
    .command('custom')
    .description('list your custom domains and whether they are verified')
    .action((_o, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          const res = await ctx.client().listCustomDomains();
          if (ctx.out.json) return ctx.out.printJson(res);
          if (res.data.length === 0) return ctx.out.note('no custom domains; add one with: inbox domains add <domain>');
          await ctx.out.table(
            [
              { header: 'DOMAIN', value: (d: (typeof res.data)[number]) => d.domain, color: 'cyan' },
              { header: 'VERIFIED', value: (d) => (d.verified ? 'yes' : 'no') },
              { header: 'MX', value: (d) => d.mx_record },
              { header: 'TXT', value: (d) => d.txt_record },
              { header: 'ADDED', value: (d) => d.added_at },
            ],
            res.data,
          );
        },
        customDomainsFeature,
      ),
    );

  domains
    .command('remove <domain>')
    .description('remove a custom domain (its inboxes are unregistered too); asks first in a terminal')
    .option('-y, --yes', 'remove without asking (scripts, CI); without a terminal to ask on, it is required')
    .action((domain: string, o: { yes?: boolean }, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          if (!o.yes) await confirmRemoval(ctx, domain);
          const res = await ctx.client().removeCustomDomain(domain);
          if (ctx.out.json) return ctx.out.printJson(res);
          const gone = res.inboxes_removed;
          ctx.out.done(`${res.message} Inboxes removed: ${gone.length}${gone.length ? ` (${gone.join(', ')})` : ''}.`);
        },
        { ...customDomainsFeature, domain, notFound: 'inbox domains custom lists your custom domains.' },
      ),
    );

  domains
    .command('publish-dns <domain>')
    .description("emulator only: publish the domain's MX and TXT records into the emulator's simulated DNS")
    .action((domain: string, _o, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          const client = ctx.client();
          const list = await onEmulator(
            ctx,
            'simulated DNS',
            () => client.listCustomDomains(),
            'publish-dns only works against "inbox emulate"; on the hosted service, create the records at your DNS provider.',
          );
          const want = domain.trim().toLowerCase().replace(/\.$/, '');
          const d = list.data.find((x) => x.domain === want);
          if (!d) {
            throw new CliError('notFound', 'domain_not_found', `${domain} is not one of your custom domains.`, `Add it first: inbox domains add ${domain}`);
          }
          const records = [
            { type: 'MX' as const, value: d.mx_record, priority: 10 },
            { type: 'TXT' as const, value: d.txt_record },
          ];
          const res = await client.emulatorSetDns(d.domain, records);
          if (ctx.out.json) return ctx.out.printJson(res);
          ctx.out.done(`Published MX ${d.mx_record} and TXT ${d.txt_record} for ${d.domain} in the emulator's DNS.`);
          ctx.out.print(`Now run: inbox domains verify ${d.domain}`);
        },
        { ...customDomainsFeature, domain },
      ),
    );
}

function expiry(d: { expires_at: string | null; expires_in_days: number | null; expiring_soon: boolean; expired: boolean }): string {
  if (d.expired) return `expired ${d.expires_at ?? ''}`.trim();
  if (d.expires_at === null) return '-';
  const days = d.expires_in_days === null ? '' : ` (${d.expires_in_days} d${d.expiring_soon ? ', soon' : ''})`;
  return `${d.expires_at.slice(0, 10)}${days}`;
}

type Rec = { type: string; hostname: string; value: string; priority: string; ttl: string };
const dnsColumns = [
  { header: 'TYPE', value: (r: Rec) => r.type, color: 'cyan' as const },
  { header: 'HOST', value: (r: Rec) => r.hostname },
  { header: 'VALUE', value: (r: Rec) => r.value },
  { header: 'PRIORITY', value: (r: Rec) => r.priority },
  { header: 'TTL', value: (r: Rec) => r.ttl },
];

function recordsOf(d: { mx_record: string; txt_record: string }): Rec[] {
  return [
    { type: 'MX', hostname: '@', value: d.mx_record, priority: '10', ttl: 'Auto' },
    { type: 'TXT', hostname: '@', value: d.txt_record, priority: '-', ttl: 'Auto' },
  ];
}

async function verifyWaiting(ctx: CommandContext, domain: string, timeoutS: number, intervalS: number): Promise<Responses['verifyCustomDomain']> {
  // The io's sleep and clock go together: a sleep that returns early measured against the real clock
  // would check the API in a busy loop until the deadline.
  const given = ctx.io.now && ctx.io.sleep ? { now: ctx.io.now, sleep: ctx.io.sleep } : null;
  const now = given?.now ?? Date.now;
  const sleep = given?.sleep ?? defaultSleep;
  const end = now() + timeoutS * 1000;
  let last: InboxApiError | undefined;
  return ctx.out.spin(
    `waiting for the DNS records of ${domain}`,
    async (update) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await ctx.client().verifyCustomDomain(domain);
        } catch (e) {
          if (!(e instanceof InboxApiError && e.code === 'verification_failed')) throw e;
          last = e;
        }
        const left = end - now();
        if (left <= 0) {
          const hint = isLoopbackUrl(ctx.target.baseUrl)
            ? `Publish them with: inbox domains publish-dns ${domain}, or wait longer with --timeout.`
            : 'DNS changes can take a while; wait longer with --timeout <seconds>.';
          throw new CliError('timeout', 'verify_timeout', `${domain} was not verified within ${timeoutS} s: ${last?.message ?? 'records not found'}`, hint, {
            api: last?.body,
          });
        }
        update(`waiting for the DNS records of ${domain} (check ${attempt} failed: ${last?.message ?? ''})`);
        await sleep(Math.min(intervalS * 1000, left));
      }
    },
    { totalMs: timeoutS * 1000 },
  );
}

/**
 * `domains remove` unregisters every inbox at the domain: asked first on the terminal (y/yes goes on).
 * Without a terminal on stdin there is nobody to ask, so without --yes it is a usage error (exit 2),
 * as `gh repo delete` does.
 */
async function confirmRemoval(ctx: CommandContext, domain: string): Promise<void> {
  if (!ctx.io.stdin.isTTY) {
    throw new CliError(
      'usage',
      'confirmation_required',
      `removing ${domain} also unregisters every inbox at it, and there is no terminal to ask for a confirmation.`,
      `Pass --yes to remove it without asking: inbox domains remove ${domain} --yes`,
      { domain },
    );
  }
  const suffix = `@${domain.toLowerCase()}`;
  const inboxes = (await ctx.client().listInboxes()).data.map((i) => i.inbox).filter((a) => a.toLowerCase().endsWith(suffix));
  const what = inboxes.length
    ? `${inboxes.length} inbox${inboxes.length === 1 ? '' : 'es'} (${inboxes.slice(0, 5).join(', ')}${inboxes.length > 5 ? ', …' : ''})`
    : 'no inboxes';
  const yes = await askYesNo(terminalText(`Remove ${domain} and unregister ${what} with it? [y/N] `), ctx.io.stdin, ctx.io.stderr);
  if (!yes) {
    throw new CliError('usage', 'cancelled', `cancelled; ${domain} was not removed.`, `To remove it without asking: inbox domains remove ${domain} --yes`);
  }
}
