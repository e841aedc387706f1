// inbox send: a test mail over SMTP, via nodemailer. Without --smtp or INBOX_SMTP it goes to the
// emulator behind the API URL (whose health names its SMTP port); a service there that is no emulator
// gets 127.0.0.1:2525; nothing answering there is an error (exit 7), not a guess.
import { Command, Option } from 'commander';
import { isLoopbackUrl } from '../../config/resolve.js';
import { InboxClient } from '../../client/client.js';
import { InboxNetworkError } from '../../client/errors.js';
import { run, type CommandContext } from '../context.js';
import { CliError } from '../errors.js';
import { parseHostPort } from './args.js';

interface SendFlags {
  to: string[];
  from: string;
  subject: string;
  text?: string;
  html?: string;
  attach?: string[];
  smtp?: { host: string; port: number };
}

export function registerSend(program: Command): void {
  program
    .command('send')
    .description('send a test mail over SMTP (default: the SMTP port of the emulator at the API URL, else 127.0.0.1:2525)')
    .option(
      '--to <address>',
      "recipient; repeat it (or separate with commas) for several (default: the profile's inbox)",
      (v: string, prev: string[]) => [...prev, v],
      [] as string[],
    )
    .option('--from <address>', 'sender', 'sender@example.test')
    .option('--subject <text>', 'subject', 'Test message')
    .option('--text <text>', 'plain-text body')
    .option('--html <html>', 'HTML body')
    .option('--attach <file...>', 'attach files')
    .addOption(new Option('--smtp <host:port>', 'SMTP server (env INBOX_SMTP)').argParser((v) => parseHostPort(v)))
    .action((o: SendFlags, cmd: Command) =>
      run(cmd, async (ctx) => {
        // Every --to counts (commander would keep only the last); each may hold a comma-separated list.
        const to = o.to.length ? o.to.join(', ') : ctx.inbox(undefined, 'Name one with --to me@inbox.test,');
        const smtp = o.smtp ?? (ctx.env.INBOX_SMTP ? parseSmtpEnv(ctx.env.INBOX_SMTP) : await emulatorSmtp(ctx));
        const attachments = [];
        if (o.attach?.length) {
          const { readFile } = await import('node:fs/promises');
          const { basename } = await import('node:path');
          for (const file of o.attach) {
            try {
              attachments.push({ filename: basename(file), content: await readFile(file) });
            } catch (e) {
              throw new CliError(
                'usage',
                'attachment_unreadable',
                `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`,
                'Check the path given to --attach.',
              );
            }
          }
        }
        const { createTransport } = await import('nodemailer');
        const local = isLoopbackUrl(`smtp://${smtp.host.includes(':') ? `[${smtp.host}]` : smtp.host}`);
        const transport = createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: false,
          tls: { rejectUnauthorized: !local },
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        });
        const where = `${smtp.host}:${smtp.port}`;
        let info;
        try {
          info = await transport.sendMail({
            from: o.from,
            to,
            subject: o.subject,
            text: o.text ?? (o.html ? undefined : 'This is a test message sent by inbox send.'),
            html: o.html,
            attachments,
          });
        } catch (e) {
          throw smtpError(e, where, to, local);
        } finally {
          transport.close();
        }
        const refused = (info.rejected ?? []).map(String);
        if (refused.length > 0) {
          // Some recipients took it; the rest did not: not a success.
          throw new CliError(
            'rejected',
            'smtp_rejected',
            `sent ${info.messageId} to ${info.accepted.map(String).join(', ')}, but the SMTP server at ${where} refused ${refused.join(', ')}.`,
            local ? `Register the inbox first: inbox inboxes register ${refused[0]}` : 'The SMTP server refused those recipients; its log says why.',
            { message_id: info.messageId, accepted: info.accepted, rejected: refused },
          );
        }
        if (ctx.out.json) {
          return ctx.out.printJson({
            success: true,
            messageId: info.messageId,
            accepted: info.accepted,
            rejected: info.rejected,
            response: info.response,
            smtp: where,
          });
        }
        ctx.out.done(`Sent ${info.messageId} to ${to} via ${where}`);
      }),
    );
}

function parseSmtpEnv(v: string) {
  try {
    return parseHostPort(v);
  } catch {
    throw new CliError('usage', 'invalid_smtp', `INBOX_SMTP="${v}" is not host:port.`, 'e.g. INBOX_SMTP=127.0.0.1:2525');
  }
}

/**
 * The SMTP side of the emulator the API URL points at: its host, and the port its health reports
 * (an emulator started with --smtp-port 0 or another port is found too). Anything else (the hosted
 * service, nothing listening) falls back to 127.0.0.1:2525, whose failure then says what to do.
 */
async function emulatorSmtp(ctx: CommandContext): Promise<{ host: string; port: number }> {
  const { baseUrl, apiKey } = ctx.target;
  const client = new InboxClient({ baseUrl, apiKey, timeoutMs: 3000, deadlineMs: 3000, maxRetries: 0, userAgent: 'inbox-cli', fetch: ctx.io.fetch });
  try {
    const health = await client.emulatorHealth();
    const port = health.smtp?.port;
    if (Number.isInteger(port) && port! > 0 && port! < 65536) return { host: new URL(baseUrl).hostname.replace(/^\[|\]$/g, ''), port: port! };
  } catch (e) {
    // Nothing answers at the base URL: sending to 127.0.0.1:2525 instead would be a guess (another
    // server, or none); say what failed. Anything that answers but is no emulator: the default below.
    if (e instanceof InboxNetworkError && e.kind !== 'invalid_response' && e.kind !== 'invalid_url') {
      throw new CliError(
        'network',
        'api_unreachable',
        `cannot ask ${baseUrl} for its SMTP port: ${e.message}.`,
        'Start the emulator there ("inbox emulate"), fix --base-url / INBOX_BASE_URL, or name the SMTP server with --smtp host:port (or INBOX_SMTP).',
        { url: baseUrl },
      );
    }
  } finally {
    await client.close();
  }
  return { host: '127.0.0.1', port: 2525 };
}

function smtpError(e: unknown, where: string, to: string, local: boolean): CliError {
  const err = e as { code?: string; responseCode?: number; response?: string; message?: string; rejected?: unknown[] };
  if (err.code === 'EENVELOPE' && err.responseCode === undefined) {
    return new CliError(
      'usage',
      'invalid_recipient',
      `--to ${JSON.stringify(to)} holds no e-mail address.`,
      'Give one or more addresses, comma-separated: --to me@inbox.test',
    );
  }
  if (err.code === 'ECONNREFUSED' || (err.code === 'ESOCKET' && /ECONNREFUSED/.test(err.message ?? ''))) {
    return new CliError(
      'network',
      'connection_refused',
      `cannot reach the SMTP server at ${where}: connection refused.`,
      local
        ? where.endsWith(':2525')
          ? 'Start the emulator with "inbox emulate" (SMTP on port 2525), or name a server with --smtp host:port.'
          : `Start the emulator with its SMTP on that port ("inbox emulate --smtp-port ${where.slice(where.lastIndexOf(':') + 1)}"), or name another server with --smtp host:port.`
        : 'Check --smtp host:port.',
    );
  }
  if (err.code === 'ETIMEDOUT' || err.code === 'ECONNECTION' || err.code === 'ESOCKET' || err.code === 'EDNS') {
    return new CliError('network', 'smtp_unreachable', `SMTP at ${where} failed: ${err.message}.`, 'Check --smtp host:port and that the server is running.');
  }
  if (typeof err.responseCode === 'number') {
    // The emulator's refusals end with "; fix: <what to do>", which starts with a command to copy: kept as it is.
    const fix = /; fix: (.+)$/.exec(err.response ?? '')?.[1];
    const hint = fix
      ? fix
      : err.responseCode >= 500 && /recipient|mailbox|inbox|550|553/i.test(err.response ?? '')
        ? `Register the inbox first: inbox inboxes register ${err.rejected?.length ? String(err.rejected[0]) : to}`
        : err.responseCode < 500
          ? // 4xx: "try again later" (greylisting, a rate limit, a fault rule of the emulator's).
            `A temporary refusal: send again in a moment (a real mail server retries on its own).${local ? ' If a fault rule of the emulator answers it, inbox faults list shows the rules and inbox faults clear removes them.' : ''}`
          : 'The SMTP server refused the message; its reply says why.';
    return new CliError('rejected', 'smtp_rejected', `the SMTP server refused the mail: ${err.response ?? err.message}`, hint, { smtp_code: err.responseCode });
  }
  return new CliError('error', 'smtp_failed', `sending failed: ${err.message ?? String(e)}`, 'Check --smtp host:port.');
}
