// inbox wait [inbox]: block until mail arrives (any length: re-asks the service's 60 s long-poll with a
// since-cursor). --otp / --link print only the code / link, for CI scripts.
import { Command, Option } from 'commander';
import { DETECTED } from '../../api/plans.js';
import type { Responses } from '../../api/schemas.js';
import { InboxWaitTimeoutError } from '../../client/errors.js';
import { isLoopbackUrl } from '../../config/resolve.js';
import type { WaitedMessage } from '../../client/wait.js';
import { run } from '../context.js';
import { CliError } from '../errors.js';
import { stripControls } from '../../ui/format.js';
import { parseSeconds } from './args.js';
import { shownInTerminal } from './messages.js';

interface WaitFlags {
  otp?: boolean;
  link?: boolean;
  timeout: number;
  since?: string;
  existing?: boolean;
}

export function registerWait(program: Command): void {
  program
    .command('wait [inbox]')
    .description('wait for the next message (or one newer than --since); exit 8 on timeout')
    .option('--otp', 'wait for a message with a one-time code and print only the code')
    .addOption(new Option('--link', 'wait for a message with a verification link and print only the link').conflicts('otp'))
    .addOption(new Option('--timeout <s>', "total seconds to wait (may exceed the service's 60 s cap)").default(30).argParser(parseSeconds))
    .option('--since <id>', 'only messages newer than this message id')
    .option('--existing', 'also count mail already in the inbox (the newest match returns at once)')
    .action((inbox: string | undefined, o: WaitFlags, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          const address = ctx.inbox(inbox);
          const what = o.otp ? 'one-time code' : o.link ? 'verification link' : 'mail';
          const aWhat = o.otp || o.link ? `a ${what}` : what;
          const match = o.otp ? (m: WaitedMessage) => m.otp !== null : o.link ? (m: WaitedMessage) => m.verificationLink !== null : undefined;
          const client = ctx.client();
          if (o.since !== undefined) {
            // Ids get evicted (retention, the inbox's cap) and deleted; the service then waits for the
            // next message as if no cursor were given. Said on stderr, and the wait goes on.
            const held = (await client.listMessages(address)).data.some((m) => m.id === o.since);
            if (!held) {
              ctx.out.warn(
                `message ${o.since} is not in ${address} (deleted, evicted by retention or the inbox's cap, or mistyped); ` +
                  (o.existing ? 'every message in the inbox counts as newer.' : 'waiting for the next message that arrives.'),
                { since: o.since, inbox: address },
              );
            }
          }
          const result = await ctx.out
            .spin(
              `waiting for ${aWhat} at ${address}`,
              () =>
                client.waitForMessage(address, {
                  timeoutMs: o.timeout * 1000,
                  since: o.since,
                  existing: o.existing,
                  match,
                }),
              { totalMs: o.timeout * 1000 },
            )
            .catch((e: unknown) => {
              if (!(e instanceof InboxWaitTimeoutError)) throw e;
              const longer = `Give it longer with --timeout <seconds>${e.since ? `, or resume without missing mail with --since ${e.since}` : ''}.`;
              const details = { inbox: address, since: e.since ?? null, passed_over: e.passedOver, passed_over_count: e.passedOverCount };
              const last = e.passedOver.at(-1);
              if (last !== undefined && (o.otp || o.link)) {
                // Mail was there, but the extractor found no code (or link) in it: say so, and how to see why.
                const n = e.passedOverCount;
                const messages = n === 1 ? '1 message' : `${n} messages`;
                throw new CliError(
                  'timeout',
                  'wait_timeout',
                  `no ${what} arrived at ${address} within ${o.timeout} s: ${messages} ${o.existing ? 'in the inbox had none' : 'came without one'}.`,
                  `See why the newest was not taken: inbox messages read ${address} ${last} --explain. ${longer}`,
                  details,
                );
              }
              throw new CliError(
                'timeout',
                'wait_timeout',
                `no ${what} arrived at ${address} within ${o.timeout} s.`,
                longer + (o.existing || o.since ? '' : ' Mail already in the inbox is not counted: add --existing for that.'),
                details,
              );
            });
          const m = result.message;
          const field = o.otp ? m.otp : o.link ? m.verificationLink : undefined;
          if (field === DETECTED) {
            throw new CliError(
              'plan',
              'plan_required',
              `a message with ${aWhat} arrived (id ${m.id}), but your plan only shows that one was detected.`,
              'OTP values and verification links come with the growth plan and above (inbox plans compares them).' +
                (isLoopbackUrl(ctx.target.baseUrl)
                  ? ' Against the emulator, use --api-key emu_growth or emu_enterprise (each emu_ key is an account of its own: register the inbox with that key too).'
                  : ''),
              { message_id: m.id },
            );
          }
          if (ctx.out.json) {
            const body: Responses['wait'] = result.response ?? { success: true, message: `Message ${m.id} is in ${address}.`, data: m };
            return ctx.out.printJson(body);
          }
          if (field !== undefined) return ctx.out.print(stripControls(field ?? ''));
          await ctx.out.fields([
            ['ID', m.id],
            ['From', m.from],
            ['To', m.to],
            ['Subject', m.subject],
            ['Date', m.date],
            ['OTP', shownInTerminal(ctx, m.otp)],
            ['Link', shownInTerminal(ctx, m.verificationLink)],
            ['Attachment', m.hasAttachment],
          ]);
        },
        { feature: (p) => p.wait },
      ),
    );
}
