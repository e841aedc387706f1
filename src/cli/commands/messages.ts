// inbox messages list | read | delete
import type { Command } from 'commander';
import type { FullMessage } from '../../api/schemas.js';
import type { MessageItem } from '../../client/read.js';
import { formatBytes, stripControls } from '../../ui/format.js';
import { run, type CommandContext } from '../context.js';
import { CliError } from '../errors.js';

export function registerMessages(program: Command): void {
  const messages = program.command('messages').description('list, read and delete the mail of an inbox');

  messages
    .command('list [inbox]')
    .description('list the messages of an inbox, newest first (default inbox: the profile\'s)')
    .action((inbox: string | undefined, _o, cmd: Command) => run(cmd, async (ctx) => {
      const address = ctx.inbox(inbox);
      const res = await ctx.client().listMessages(address);
      if (ctx.out.json) return ctx.out.printJson(res);
      if (res.data.length === 0) return ctx.out.note(`no messages in ${address} yet; wait for one with: inbox wait ${address}`);
      await ctx.out.table([
        { header: 'ID', value: (m: MessageItem) => m.id, color: 'cyan' },
        { header: 'DATE', value: (m) => m.date },
        { header: 'FROM', value: (m) => m.from, maxWidth: 32 },
        { header: 'OTP', value: (m) => m.otp ?? '-', color: 'green' },
        { header: 'ATT', value: (m) => (m.hasAttachment ? 'yes' : 'no') },
        { header: 'SUBJECT', value: (m) => m.subject },
      ], res.data);
      hintUpgrade(ctx, res as { _upgrade_hint?: unknown });
    }));

  messages
    .command('read <inbox> <id>')
    .description('show a message: headers and the text part (or --html)')
    .option('--html', 'print the HTML part instead of the text part')
    .option('--save-attachments <dir>', 'write the attachments into this folder')
    .action((inbox: string, id: string, o: { html?: boolean; saveAttachments?: string }, cmd: Command) => run(cmd, async (ctx) => {
      ctx.inbox(inbox);
      const res = await ctx.client().getMessage(inbox, id);
      const m = res.data;
      const saved = o.saveAttachments ? await saveAttachments(ctx, m, o.saveAttachments) : [];
      if (ctx.out.json) {
        for (const f of saved) ctx.out.note(`saved ${f}`, { path: f });
        return ctx.out.printJson(res);
      }
      await ctx.out.fields([
        ['From', m.from],
        ['To', m.to],
        ['Subject', m.subject],
        ['Date', m.date],
        ['ID', m.id],
        ['OTP', m.otp],
        ['Link', m.verificationLink],
        ['Attachments', (m.attachments ?? []).map((a) => `${a.filename} (${a.contentType}, ${formatBytes(a.size)})`).join(', ') || (m.hasAttachment ? 'yes' : 'none')],
      ]);
      ctx.out.print();
      let body = o.html ? m.html : m.text;
      if (body === null || body === undefined || body === '') {
        const other = o.html ? m.text : m.html;
        if (other) {
          ctx.out.note(`this message has no ${o.html ? 'HTML' : 'text'} part; showing the ${o.html ? 'text' : 'HTML'} part`);
          body = other;
        } else body = '';
      }
      ctx.out.print(stripControls(body, true).replace(/\n$/, ''));
      for (const s of saved) ctx.out.note(`saved ${s}`);
      hintUpgrade(ctx, m);
    }, { notFound: `List the message ids with: inbox messages list ${inbox}` }));

  messages
    .command('delete <inbox> <id>')
    .description('delete a message')
    .action((inbox: string, id: string, _o, cmd: Command) => run(cmd, async (ctx) => {
      ctx.inbox(inbox);
      const res = await ctx.client().deleteMessage(inbox, id);
      if (!res.success) {
        // The service answers an unknown (or already deleted) id with 200 and success: false.
        throw new CliError('notFound', 'not_found', res.message || `no message ${id} in ${inbox}.`,
          `List the message ids with: inbox messages list ${inbox}`);
      }
      if (ctx.out.json) return ctx.out.printJson(res);
      ctx.out.done(res.message);
    }, { notFound: `List the message ids with: inbox messages list ${inbox}` }));
}

function hintUpgrade(ctx: CommandContext, o: { _upgrade_hint?: unknown }): void {
  if (typeof o._upgrade_hint === 'string') ctx.out.note(o._upgrade_hint);
}

/** A file name that stays inside the folder: no separators, no control characters, not empty. */
export function safeFileName(name: string, index: number): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\x00-\x1f\x7f<>:"|?*]/g, '_').replace(/^\.+/, '').trim();
  return cleaned || `attachment-${index + 1}`;
}

async function saveAttachments(ctx: CommandContext, m: FullMessage, dir: string): Promise<string[]> {
  const list = m.attachments ?? [];
  if (list.length === 0) {
    if (m._attachments_blocked) {
      throw new CliError('plan', 'attachments_blocked', m._attachments_blocked,
        'Attachments come with the startup plan and above (inbox plans compares them).');
    }
    ctx.out.note('this message has no attachments');
    return [];
  }
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { join, extname, basename } = await import('node:path');
  await mkdir(dir, { recursive: true });
  const saved: string[] = [];
  for (const [i, a] of list.entries()) {
    const name = safeFileName(a.filename, i);
    const ext = extname(name);
    const stem = basename(name, ext);
    for (let n = 0; ; n++) {
      const path = join(dir, n === 0 ? name : `${stem} (${n})${ext}`);
      try {
        await writeFile(path, Buffer.from(a.content, 'base64'), { flag: 'wx' });
        saved.push(path);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
  }
  return saved;
}
