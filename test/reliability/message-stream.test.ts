// The single-message GET is produced as a stream (emulator/http/message-stream.ts): its JSON must be exactly what
// the whole answer built in memory would be, for any shape of message, a client
// that goes away mid-answer must cost nothing but its own answer, and one that stops reading holds
// little memory (the answer goes out at its pace). Real HTTP over a socket.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lowestPlanWith } from '../../src/api/plans.js';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { maskForPlan, messageSummary } from '../../emulator/core/mail/messages.js';
import { Base64Chunker } from '../../emulator/http/message-stream.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';

const INBOX = 'stream@inbox.test';
let emu: RunningEmulator;
let clock: EmulatorClock;

async function get(path: string, key = 'emu_enterprise') {
  clock.advance(1000);
  const res = await fetch(`${emu.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, type: res.headers.get('content-type'), plan: res.headers.get('x-api-plan'), text: await res.text() };
}

/** Moves the inbox owner's account to a plan (control surface). */
async function setPlan(plan: string): Promise<void> {
  const res = await fetch(`${emu.url}/_emulator/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiKey: 'emu_enterprise', plan }),
  });
  expect(res.status).toBeLessThan(300);
}

async function inject(raw: string | Buffer): Promise<string> {
  const res = await fetch(`${emu.url}/_emulator/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ raw: Buffer.isBuffer(raw) ? raw.toString('latin1') : raw }),
  });
  const body = (await res.json()) as { data: { ids: string[] } };
  return body.data.ids[0]!;
}

/** The message read whole by MailParser's simpleParser, with the emulator's names for what it leaves unnamed. */
async function referenceParse(raw: Buffer) {
  const parsed = await simpleParser(raw, { skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true, maxHtmlLengthToParse: 256 * 1024 });
  return {
    text: parsed.text ?? null,
    html: typeof parsed.html === 'string' ? parsed.html : null,
    attachments: parsed.attachments.map((a, i) => ({
      filename: a.filename ?? `attachment-${i + 1}`,
      contentType: a.contentType || 'application/octet-stream',
      size: a.content.length,
      content: a.content,
    })),
  };
}

/** The answer as the emulator built it before it streamed: JSON.stringify of the whole object. */
async function inMemoryAnswer(id: string, key: string): Promise<string> {
  const account = emu.core.accounts.byKey(key)!;
  const plan = emu.core.accounts.plan(account);
  const rec = emu.core.inboxes.find(INBOX)!;
  const m = await emu.core.messages.get(rec, id);
  const body = await referenceParse((await emu.core.messages.raw(m))!);
  const data: Record<string, unknown> = { ...maskForPlan(messageSummary(m), plan), text: body.text, html: body.html };
  if (body.attachments.length === 0) {
    if (plan.attachments) data.attachments = [];
  } else if (!plan.attachments) {
    data._attachments_blocked = `Attachments need the ${lowestPlanWith((p) => p.attachments)} plan or above; ${body.attachments.length} attachment(s) left out.`;
  } else {
    const fits = body.attachments.filter((a) => a.size <= plan.maxAttachmentMb * 1024 * 1024);
    data.attachments = fits.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size, content: a.content.toString('base64') }));
    const left = body.attachments.filter((a) => !fits.includes(a));
    if (left.length)
      data._attachments_blocked = `The ${plan.name} plan returns attachments up to ${plan.maxAttachmentMb} MB; left out: ${left.map((a) => a.filename).join(', ')}.`;
  }
  data.wasAttachmentStripped = data._attachments_blocked !== undefined;
  return JSON.stringify({ success: true, data });
}

function mime(
  parts: Array<{ name?: string; type: string; body: Buffer; encoding?: 'base64' | 'quoted-printable' | '7bit' }>,
  subject = 'Mixed \u0000\u009b\u202e "quoted"',
): string {
  const b = 'sep-42';
  const out = [
    `From: a@example.test`,
    `To: ${INBOX}`,
    `Subject: =?utf-8?B?${Buffer.from(subject).toString('base64')}?=`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${b}"`,
    '',
    `--${b}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Your code is 551177. \\ "backslash" é',
    '',
  ];
  for (const p of parts) {
    out.push(`--${b}`, `Content-Type: ${p.type}${p.name ? `; name="${p.name}"` : ''}`);
    if (p.name !== undefined) out.push(`Content-Disposition: attachment; filename="${p.name}"`);
    const enc = p.encoding ?? 'base64';
    out.push(`Content-Transfer-Encoding: ${enc}`, '');
    out.push(enc === 'base64' ? p.body.toString('base64').replace(/.{76}/g, '$&\r\n') : p.body.toString('latin1'));
  }
  out.push(`--${b}--`, '');
  return out.join('\r\n');
}

beforeAll(async () => {
  clock = new EmulatorClock({ mode: 'manual' });
  // Mail is read on the main thread (parseWorkers 0): what is tested is the answer, and the hop to a worker thread
  // adds nothing the messages here need.
  emu = await startEmulator({ port: 0, smtpPort: 0, clock });
  emu.core.inboxes.register(emu.core.accounts.byKey('emu_enterprise')!, INBOX);
});
afterAll(() => emu.close());

describe('Base64Chunker', () => {
  it('gives the base64 of the whole for any cut of the bytes', () => {
    const bytes = randomBytes(1000);
    for (const cuts of [[1], [2, 3], [5, 7, 11], [999], [0, 0, 1]]) {
      const b = new Base64Chunker();
      let out = '';
      let at = 0;
      for (const n of cuts) {
        out += b.push(bytes.subarray(at, at + n));
        at += n;
      }
      out += b.push(bytes.subarray(at)) + b.end();
      expect(out).toBe(bytes.toString('base64'));
    }
  });
});

describe('GET .../messages/{id} as a stream', () => {
  it('is byte for byte the JSON of the whole answer: several attachments, empty ones, no name, text parts, hostile text', async () => {
    const id = await inject(
      mime([
        { name: 'a.bin', type: 'application/octet-stream', body: randomBytes(300_001) },
        { name: 'empty.txt', type: 'text/plain', body: Buffer.alloc(0) },
        { type: 'application/pdf', body: randomBytes(17) },
        { name: 'qp.txt', type: 'text/plain', body: Buffer.from('caf=C3=A9 =\r\nline'), encoding: 'quoted-printable' },
        { name: 'b.bin', type: 'image/png', body: randomBytes(2) },
      ]),
    );
    for (const plan of ['enterprise', 'startup', 'free']) {
      await setPlan(plan);
      const r = await get(`/v1/inboxes/${INBOX}/messages/${id}`);
      expect(r.status).toBe(200);
      expect(r.type).toMatch(/^application\/json/);
      expect(r.plan).toBe(plan); // the route's headers are still set on a streamed answer
      expect(r.text, plan).toBe(await inMemoryAnswer(id, 'emu_enterprise'));
    }
    await setPlan('enterprise');
  });

  it('a long text part of characters outside the BMP arrives intact (the answer is cut into slices)', async () => {
    for (const lead of ['', 'x']) {
      const text = lead + '🙂'.repeat(70_000);
      const raw = `From: a@example.test\r\nTo: ${INBOX}\r\nSubject: emoji\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(text).toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n`;
      const id = await inject(raw);
      const r = await get(`/v1/inboxes/${INBOX}/messages/${id}`);
      expect(r.text).toBe(await inMemoryAnswer(id, 'emu_enterprise'));
      expect(JSON.parse(r.text).data.text).toBe(text);
    }
  });

  it('an HTML-only message gets a text from its HTML up to 256 Ki characters of it, and an empty one past that (no second-long conversion)', async () => {
    const html = (n: number) => `<html><body><p>Your sign-in code is 424242</p>${'<b>x</b>'.repeat(n)}</body></html>`;
    const raw = (body: string) =>
      `From: a@example.test\r\nTo: ${INBOX}\r\nSubject: html only\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(body).toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n`;
    const small = await inject(raw(html(1000)));
    const large = await inject(raw(html(70_000))); // 560,000 characters of HTML
    const read = async (id: string) => JSON.parse((await get(`/v1/inboxes/${INBOX}/messages/${id}`)).text).data as { text: string; html: string; otp: string };
    const s = await read(small);
    expect(s.text).toContain('Your sign-in code is 424242');
    expect(s.otp).toBe('424242');
    const l = await read(large);
    expect(l.html.length).toBe(html(70_000).length);
    expect(l.text).toBe('');
    // The code is found all the same: the extractor reads the HTML itself, within its own bounds.
    expect(l.otp).toBe('424242');
  });

  it("a message without attachments, and one whose attachment is over the plan's size", async () => {
    const plain = await inject(`From: a@example.test\r\nTo: ${INBOX}\r\nSubject: plain\r\n\r\nhello 123456\r\n`);
    expect((await get(`/v1/inboxes/${INBOX}/messages/${plain}`)).text).toBe(await inMemoryAnswer(plain, 'emu_enterprise'));
    const big = await inject(
      mime([
        { name: 'six.bin', type: 'application/octet-stream', body: randomBytes(6 * 1024 * 1024) },
        { name: 'small.bin', type: 'application/octet-stream', body: randomBytes(10) },
      ]),
    );
    await setPlan('startup'); // attachments up to 5 MB
    const r = await get(`/v1/inboxes/${INBOX}/messages/${big}`);
    expect(r.text).toBe(await inMemoryAnswer(big, 'emu_enterprise'));
    await setPlan('enterprise');
    const body = JSON.parse(r.text);
    expect(body.data.attachments.map((a: { filename: string }) => a.filename)).toEqual(['small.bin']);
    expect(body.data._attachments_blocked).toMatch(/six\.bin/);
  });

  it('a large attachment arrives whole; a client that goes away mid-answer leaves the emulator serving', async () => {
    const content = randomBytes(4 * 1024 * 1024);
    const id = await inject(mime([{ name: 'big.bin', type: 'application/octet-stream', body: content }]));
    const path = `/v1/inboxes/${INBOX}/messages/${id}`;
    const r = await get(path);
    const att = JSON.parse(r.text).data.attachments[0];
    expect(att.size).toBe(content.length);
    expect(createHash('sha256').update(Buffer.from(att.content, 'base64')).digest('hex')).toBe(createHash('sha256').update(content).digest('hex'));

    // Read 64 KiB of the answer, then hang up.
    const errors: unknown[] = [];
    emu.events.on('error', (e) => errors.push(e));
    await new Promise<void>((resolve, reject) => {
      clock.advance(1000);
      const req = request(`${emu.url}${path}`, { headers: { authorization: 'Bearer emu_enterprise' } }, (res) => {
        let got = 0;
        res.on('data', (c: Buffer) => {
          got += c.length;
          if (got > 64 * 1024) {
            req.destroy();
            resolve();
          }
        });
        res.on('error', () => undefined);
      });
      req.on('error', () => undefined);
      req.once('close', () => resolve());
      req.end();
      setTimeout(() => reject(new Error('no answer')), 10_000).unref();
    });
    const again = await get(path);
    expect(again.status).toBe(200);
    expect(again.text).toBe(r.text);
    expect(errors.filter((e) => !/aborted|closed|premature|cancel/i.test(String((e as { error?: unknown }).error)))).toEqual([]);
  });
});

describe('a client that stops reading', () => {
  // What the emulator process holds (heap and buffers, after a full collection) while clients sit on
  // unread answers. Built whole in memory (the way the answer was made before it streamed), each
  // unread answer stays in its socket's buffer: about 4/3 of the attachment per client.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const held = () => {
    gc();
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };

  it('holds less than one attachment for two clients paused on a 16 MiB attachment, not their whole answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inbox-stream-paused-'));
    // Mail kept on disk, as `inbox emulate` keeps it by default (read back 64 KiB at a time).
    const disk = await startEmulator({ port: 0, smtpPort: 0, data: join(dir, 'emulator.json') });
    const clients: ClientRequest[] = [];
    try {
      disk.core.inboxes.register(disk.core.accounts.byKey('emu_enterprise')!, INBOX);
      const size = 16 * 1024 * 1024;
      const [copy] = await disk.core.receive({
        source: mime([{ name: 'big.bin', type: 'application/octet-stream', body: randomBytes(size) }]),
        recipients: [INBOX],
      }).stored;
      const before = held();
      for (let i = 0; i < 2; i++) {
        await new Promise<void>((resolve, reject) => {
          const req = request(`${disk.url}/v1/inboxes/${INBOX}/messages/${copy!.id}`, { headers: { authorization: 'Bearer emu_enterprise' } }, (res) => {
            let got = 0;
            const first = (c: Buffer) => {
              got += c.length;
              if (got < 64 * 1024) return;
              res.off('data', first);
              res.pause(); // reads nothing more
              resolve();
            };
            res.on('data', first);
          });
          req.on('error', reject);
          req.end();
          clients.push(req);
        });
      }
      await new Promise((r) => setTimeout(r, 200)); // whatever the emulator would write out, it has
      const growth = held() - before;
      // Streamed: about 5 MiB in all (the pipeline's buffers); built whole: about 85 MiB.
      expect(growth, `${(growth / 1048576).toFixed(1)} MiB held for two paused clients`).toBeLessThan(size);
    } finally {
      for (const c of clients) c.destroy();
      await disk.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
