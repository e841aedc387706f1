// inbox messages list | read | delete
import type { Command } from 'commander';
import { DETECTED } from '../../api/plans.js';
import type { FullMessage } from '../../api/schemas.js';
import type { MessageItem } from '../../client/read.js';
import { formatBytes, senderName, shortDate, stripControls } from '../../ui/format.js';
import { run, type CommandContext } from '../context.js';
import { CliError } from '../errors.js';
import { explainMessage } from '../explain.js';

export function registerMessages(program: Command): void {
  const messages = program.command('messages').description('list, read and delete the mail of an inbox');

  messages
    .command('list [inbox]')
    .description("list the messages of an inbox, newest first (default inbox: the profile's)")
    .action((inbox: string | undefined, _o, cmd: Command) =>
      run(cmd, async (ctx) => {
        const address = ctx.inbox(inbox);
        const res = await ctx.client().listMessages(address);
        if (ctx.out.json) return ctx.out.printJson(res);
        if (res.data.length === 0) return ctx.out.note(`no messages in ${address} yet; wait for one with: inbox wait ${address}`);
        await ctx.out.table(
          [
            // In a terminal: an ls-style date and the sender's name, FROM and SUBJECT cut to fit its
            // width (SUBJECT keeps at least 20 columns); pipes get the full values.
            { header: 'ID', value: (m: MessageItem) => m.id, color: 'cyan' },
            { header: 'DATE', value: (m) => m.date, terminal: (m) => shortDate(m.date) },
            { header: 'FROM', value: (m) => m.from, terminal: (m) => senderName(m.from), maxWidth: 32, minWidth: 10 },
            // A code in green; none is a plain "-"; a plan that only shows that one was found, "detected".
            {
              header: 'OTP',
              value: (m) => m.otp ?? '-',
              terminal: (m) => (m.otp === DETECTED ? 'detected' : (m.otp ?? '-')),
              color: (m) => (m.otp === null || m.otp === DETECTED ? undefined : 'green'),
            },
            { header: 'ATT', value: (m) => (m.hasAttachment ? 'yes' : 'no') },
            { header: 'SUBJECT', value: (m) => m.subject, minWidth: 20 },
          ],
          res.data,
        );
        hintUpgrade(ctx, res as { _upgrade_hint?: unknown });
      }),
    );

  messages
    .command('read <inbox> <id>')
    .description('show a message: headers and the text part (or --html)')
    .option('--html', 'print the HTML part instead of the text part')
    .option('--save-attachments <dir>', 'write the attachments into this folder')
    .option('--explain', 'instead of the body, show how the code and link were found: the candidates, ranked, with the reasons and the text around each')
    .action((inbox: string, id: string, o: { html?: boolean; saveAttachments?: string; explain?: boolean }, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          ctx.inbox(inbox);
          if (o.explain && o.html) {
            throw new CliError(
              'usage',
              'conflicting_options',
              '--explain and --html show different things.',
              'Run the command twice: once with --explain, once with --html.',
            );
          }
          const res = await ctx.client().getMessage(inbox, id);
          const m = res.data;
          if (o.explain) {
            const saved = o.saveAttachments ? await saveAttachments(ctx, m, o.saveAttachments) : [];
            await ctx.out.explanation(await explainMessage(inbox, m));
            for (const f of saved) ctx.out.note(`saved ${f}`, { path: f });
            return;
          }
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
            ['OTP', shownInTerminal(ctx, m.otp)],
            ['Link', shownInTerminal(ctx, m.verificationLink)],
            [
              'Attachments',
              (m.attachments ?? []).map((a) => `${a.filename} (${a.contentType}, ${formatBytes(a.size)})`).join(', ') || (m.hasAttachment ? 'yes' : 'none'),
            ],
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
        },
        { notFound: `List the message ids with: inbox messages list ${inbox}` },
      ),
    );

  messages
    .command('delete <inbox> <id>')
    .description('delete a message')
    .action((inbox: string, id: string, _o, cmd: Command) =>
      run(
        cmd,
        async (ctx) => {
          ctx.inbox(inbox);
          const res = await ctx.client().deleteMessage(inbox, id);
          if (!res.success) {
            // The service answers an unknown (or already deleted) id with 200 and success: false.
            throw new CliError(
              'notFound',
              'not_found',
              res.message || `no message ${id} in ${inbox}.`,
              `List the message ids with: inbox messages list ${inbox}`,
            );
          }
          if (ctx.out.json) return ctx.out.printJson(res);
          ctx.out.done(res.message);
        },
        { notFound: `List the message ids with: inbox messages list ${inbox}` },
      ),
    );
}

/**
 * A code or link as a terminal shows it: a plan that only tells that one was found gets words instead
 * of the API's "__DETECTED__" (a pipe keeps the API's value, as `messages list` does).
 */
export function shownInTerminal(ctx: CommandContext, value: string | null): string | null {
  return value === DETECTED && ctx.out.mode === 'tty' ? 'detected (the growth plan and above show it)' : value;
}

function hintUpgrade(ctx: CommandContext, o: { _upgrade_hint?: unknown }): void {
  if (typeof o._upgrade_hint === 'string') ctx.out.note(o._upgrade_hint);
}

/** Longest saved file name in UTF-8 bytes (file systems allow 255; room is left for " (12)"). */
export const MAX_FILE_NAME_BYTES = 200;

/**
 * A file name that stays inside the folder and on any file system: the last path segment only; no
 * control, C1 or bidi-override characters, none of <>:"|?* ; no leading dots (hidden files, "..")
 * or trailing dots and spaces; Windows device names prefixed; at most MAX_FILE_NAME_BYTES bytes,
 * cut in the stem so the extension stays. Empty: attachment-<n>.
 */
export function safeFileName(name: string, index: number): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  let cleaned = base
    .replace(/[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069<>:"|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '');
  if (/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(cleaned)) cleaned = `_${cleaned}`;
  if (!cleaned) return `attachment-${index + 1}`;
  const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
  if (bytes(cleaned) <= MAX_FILE_NAME_BYTES) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && bytes(cleaned.slice(dot)) <= 24 ? cleaned.slice(dot) : '';
  const chars = Array.from(ext ? cleaned.slice(0, dot) : cleaned);
  let stem = '';
  for (const ch of chars) {
    if (bytes(stem + ch) + bytes(ext) > MAX_FILE_NAME_BYTES) break;
    stem += ch;
  }
  return stem.trimEnd() + ext;
}

async function saveAttachments(ctx: CommandContext, m: FullMessage, dir: string): Promise<string[]> {
  const list = m.attachments ?? [];
  if (list.length === 0) {
    if (m._attachments_blocked) {
      throw new CliError(
        'plan',
        'attachments_blocked',
        m._attachments_blocked,
        'Attachments come with the startup plan and above (inbox plans compares them).',
      );
    }
    ctx.out.note('this message has no attachments');
    return [];
  }
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { join, extname, basename } = await import('node:path');
  const cannotSave = (e: unknown) =>
    new CliError(
      'usage',
      'save_failed',
      `cannot write the attachments into ${dir}: ${(e as Error).message}`,
      'Give --save-attachments a folder you can write to (it is created when missing).',
    );
  await mkdir(dir, { recursive: true }).catch((e: unknown) => {
    throw cannotSave(e);
  });
  const saved: string[] = [];
  for (const [i, a] of list.entries()) {
    let name = safeFileName(a.filename, i);
    let ext = extname(name);
    let stem = basename(name, ext);
    for (let n = 0; ; n++) {
      const path = join(dir, n === 0 ? name : `${stem} (${n})${ext}`);
      try {
        await writeFile(path, Buffer.from(a.content, 'base64'), { flag: 'wx' });
        saved.push(path);
        break;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        // A file system that refuses the name itself (shorter limits, other forbidden characters)
        // gets the generic name rather than losing the attachment.
        if ((code === 'ENAMETOOLONG' || code === 'EINVAL' || code === 'EILSEQ') && name !== `attachment-${i + 1}${ext}`) {
          name = `attachment-${i + 1}${ext.length <= 24 ? ext : ''}`;
          ext = extname(name);
          stem = basename(name, ext);
          n = -1;
          continue;
        }
        if (code !== 'EEXIST') throw cannotSave(e);
      }
    }
  }
  return saved;
}
