// POST /_emulator/messages: injects mail without SMTP, through the same ingest function as the SMTP
// receiver. Body: `{raw, to?}` (an RFC 5322 message; `to` overrides its To/Cc headers as the
// envelope) or `{from?, to, subject?, text?, html?}` (composed into MIME first). 201 with the ids.
import type { Hono } from 'hono';
import { ApiError } from '../../core/errors.js';
import type { HttpDeps } from '../api-route.js';
import { readJsonObject } from '../body.js';

function optionalString(v: unknown, field: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new ApiError('invalid_parameter', `"${field}" must be a string.`);
  return v;
}

function recipients(v: unknown): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  const list = typeof v === 'string' ? v.split(',') : v;
  if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) {
    throw new ApiError('invalid_parameter', '"to" must be an address or a list of addresses.');
  }
  const out = list.map((x) => x.trim()).filter((x) => x !== '');
  if (out.length === 0) throw new ApiError('missing_field', '"to" names no address.');
  return out;
}

async function compose(fields: { from?: string; to: string[]; subject?: string; text?: string; html?: string; date: Date }): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const mail = new MailComposer({
    from: fields.from ?? 'sender@emulator.test',
    to: fields.to,
    subject: fields.subject ?? '',
    text: fields.text,
    html: fields.html,
    date: fields.date,
  });
  return mail.compile().build();
}

export function controlMessageRoutes(app: Hono, deps: HttpDeps): void {
  const { core } = deps;
  // A raw message may be as large as SMTP accepts, plus room for JSON escaping.
  const maxBody = Math.max(core.settings.maxBodyBytes, Math.ceil(core.settings.maxMessageBytes * 1.1));

  app.post('/_emulator/messages', async (c) => {
    const body = await readJsonObject(c, maxBody);
    const to = recipients(body.to);
    const raw = optionalString(body.raw, 'raw');
    let source: Buffer | string;
    if (raw !== undefined) {
      if (raw.trim() === '') throw new ApiError('missing_field', '"raw" is empty; give an RFC 5322 message.');
      source = raw;
    } else {
      if (!to) throw new ApiError('missing_field', 'Give "to" (and subject, text or html), or "raw" with a whole message.');
      const text = optionalString(body.text, 'text');
      const html = optionalString(body.html, 'html');
      source = await compose({
        from: optionalString(body.from, 'from'),
        to,
        subject: optionalString(body.subject, 'subject'),
        text,
        html,
        date: new Date(core.clock.now()),
      });
    }
    if (to) {
      // Catch-all registers unregistered recipients first (refused ones stay unknown below, with
      // catch-all's reason and fix).
      let refusal: { reason: string; hint: string } | undefined;
      if (core.catchAll.state.enabled) {
        for (const a of to) {
          const admitted = await core.catchAll.admit(a);
          if (!admitted.ok) refusal ??= admitted;
        }
      }
      const { unknown } = core.resolveRecipients(to);
      if (unknown.length > 0) {
        throw new ApiError('inbox_not_found', `Not a registered inbox: ${unknown.slice(0, 10).join(', ')}${refusal ? ` (${refusal.reason})` : ''}.`, {
          hint: refusal ? `Catch-all: ${refusal.hint}.` : 'Register it first with POST /v1/inboxes.',
          unknown,
        });
      }
    }
    const stored = await core.ingest({ source, recipients: to, envelopeFrom: optionalString(body.from, 'from') });
    return c.json(
      {
        success: true,
        message: `Stored in ${stored.length} inbox(es).`,
        data: { ids: stored.map((s) => s.id), messages: stored.map((s) => ({ id: s.id, inbox: s.inbox })) },
      },
      201,
    );
  });
}
