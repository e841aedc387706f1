// Writes test/fixtures/store-v2/: data folders of the store's format 2 (STORE_FORMAT in
// emulator/store/store.ts), made by this checkout's emulator, for the store rewrite of issue 28 to
// migrate (test/emulator/store-fixture.test.ts). Run from a clean checkout of the commit named in the
// fixture's README (uncommitted changes would be written into it):
//
//   npx tsx scripts/make-store-fixture.ts [out folder, default test/fixtures/store-v2] [--overwrite]
//
// It needs 127.0.0.1:47919 free (the webhook receiver the fixture's webhooks name).
// Two folders:
//   clean/    accounts, a verified custom domain, inboxes, mail over SMTP (several recipients, an
//             attachment, non-ASCII headers, a code, a link), a deleted message, webhooks with a
//             delivery left pending, a tunnel with a queued delivery, timelines; closed cleanly
//   crashed/  clean/ started again, two more messages, then SIGKILL: one message indexed whose journal
//             record was not retired (its webhook delivery recorded, still in flight), one
//             acknowledged (250) but never indexed (only its raw bytes and its journal record)
// and expected.json: what each tells through the public interfaces once today's emulator starts on a
// copy (test/helpers/store-snapshot.ts), plus what was sent (raw bytes' digests), which no read
// produced.
//
// Everything is repeatable: a manual clock, a seeded random source, messages written byte for byte
// here (Date and Message-ID included), sent one at a time, parsed on the main thread. Run twice, the
// folders come out the same. Do NOT run it after the store rewrite: the fixture stands for data that
// older versions wrote.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { EmulatorClock } from '../emulator/core/clock.js';
import type { RandomSource } from '../emulator/core/ids.js';
import { MailReader } from '../emulator/core/mail-reader.js';
import { startEmulator, type RunningEmulator } from '../emulator/server.js';
import { STORE_FORMAT } from '../emulator/store/store.js';
import {
  hookUrl,
  maskRecoveryIds,
  READER_PLANS,
  request,
  sha256,
  snapshot,
  startFixtureHooks,
  type Answer,
  type FixtureHooks,
} from '../test/helpers/store-snapshot.js';

const SCRIPT = fileURLToPath(import.meta.url);
const ROOT = resolve(dirname(SCRIPT), '..');

/** 2026-03-02T09:00:00Z: the clean run's clock at start. */
const START = Date.UTC(2026, 2, 2, 9, 0, 0);
const MINUTE = 60_000;

/** A repeatable random source: sha256 of the label and a counter, as many bytes as asked. */
function seeded(label: string): RandomSource {
  let counter = 0;
  return (n) => {
    const out = Buffer.alloc(n);
    for (let off = 0; off < n; ) off += createHash('sha256').update(`${label}:${counter++}`).digest().copy(out, off);
    return out;
  };
}

/** A message written here byte for byte (CRLF line ends, as on the wire). */
function rfc822(headers: Array<[string, string]>, body: string): string {
  const head = headers.map(([k, v]) => `${k}: ${v}`).join('\r\n');
  return `${head}\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}`;
}

function dateHeader(ms: number): string {
  return new Date(ms).toUTCString().replace('GMT', '+0000');
}

function base64Lines(b: Buffer): string {
  return (b.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
}

/** What was sent, as the test checks it without asking the emulator. */
export interface Sent {
  name: string;
  subject: string;
  to: string[];
  rawSha256: string;
  rawBytes: number;
  /** Deleted through the API after it arrived. */
  deleted?: boolean;
  /** Sent to an inbox that was removed afterwards (its mail is kept). */
  removedInbox?: boolean;
  ids?: Record<string, string>;
}

class Run {
  sent: Sent[] = [];
  constructor(
    readonly emu: RunningEmulator,
    readonly clock: EmulatorClock,
  ) {}

  async api(method: string, path: string, key?: string, body?: unknown, want?: number): Promise<Answer> {
    // The free plan allows one request a second.
    if (key === 'emu_free') await this.later(1000);
    const a = await request(this.emu.url, method, path, key, body);
    if (want !== undefined && a.status !== want) throw new Error(`${method} ${path}: ${a.status} ${JSON.stringify(a.body)}`);
    return a;
  }

  /**
   * Moves the clock through the control route (the offset is kept in the data, as a user's would be),
   * once the deliveries made so far are counted: a delivery in flight when the clock passes its 10 s
   * window would count as failed.
   */
  async later(ms: number): Promise<void> {
    await this.settled();
    await this.api('POST', '/_emulator/clock', undefined, { advanceMs: ms }, 200);
  }

  /** Waits until the only deliveries pending are the tunnel's (queued) and the ones to /hang. */
  async settled(): Promise<void> {
    const deadline = Date.now() + 10_000;
    const open = () => (this.emu.core.store.main.data.webhookDeliveries ?? []).filter((d) => !d.tunnelId && d.url !== hookUrl('hang'));
    while (open().length > 0) {
      if (Date.now() > deadline) throw new Error(`deliveries still pending: ${JSON.stringify(open())}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Sends `raw` over SMTP with nodemailer to `to` (the envelope), and records it. */
  async smtp(name: string, subject: string, to: string[], raw: string, envelopeFrom = 'sender@fixture.example'): Promise<Sent> {
    const transport = nodemailer.createTransport({ host: this.emu.smtp.host, port: this.emu.smtp.port, secure: false, name: 'client.fixture.example' });
    try {
      const info = await transport.sendMail({ envelope: { from: envelopeFrom, to }, raw });
      if (info.accepted.length !== to.length) throw new Error(`${name}: accepted ${info.accepted.join(', ')} of ${to.join(', ')}`);
    } finally {
      transport.close();
    }
    const s: Sent = { name, subject, to, rawSha256: sha256(raw), rawBytes: Buffer.byteLength(raw) };
    this.sent.push(s);
    return s;
  }

  /** The id each recipient's inbox gave the message `s` (its newest message with that subject). */
  async ids(s: Sent, keyOf: Record<string, string>): Promise<void> {
    s.ids = {};
    for (const inbox of s.to) {
      const list = await this.api('GET', `/v1/inboxes/${encodeURIComponent(inbox)}/messages`, keyOf[inbox], undefined, 200);
      const m = (list.body.data as Array<{ id: string; subject: string }>).find((x) => x.subject === s.subject);
      if (!m) throw new Error(`${s.name} is not in ${inbox}`);
      s.ids[inbox] = m.id;
    }
  }
}

const OWNER: Record<string, string> = {
  'alice@inbox.test': 'emu_free',
  'dev.bob@mail.test': 'emu_developer',
  'sam@example.test': 'emu_startup',
  'gone@inbox.test': 'emu_startup',
  'carol@pro.inbox.test': 'emu_growth',
  'hooks@inbox.test': 'emu_growth',
  'ops@fixture-corp.test': 'emu_enterprise',
  'billing@fixture-corp.test': 'emu_enterprise',
  'tunnel@vip.test': 'emu_enterprise',
  'team@example.test': 'fixture_team',
  'empty@mail.test': 'fixture_team',
};

/** An attachment's bytes: a small PDF-looking file, the same every run. */
function invoicePdf(): Buffer {
  const parts = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  for (let i = 0; i < 40; i++) parts.push(createHash('sha256').update(`invoice-0042:${i}`).digest());
  parts.push(Buffer.from('\n%%EOF\n'));
  return Buffer.concat(parts);
}

async function writeClean(data: string): Promise<{ sent: Sent[]; secrets: Record<string, string>; end: number }> {
  const clock = new EmulatorClock({ mode: 'manual', start: START });
  const bugs: unknown[] = [];
  const emu = await startEmulator({
    port: 0,
    smtpPort: 0,
    data,
    clock,
    random: seeded('store-v2/clean'),
    allowHttpWebhooks: true,
    parseWorkers: 0,
    onBug: (e) => bugs.push(e),
  });
  const run = new Run(emu, clock);
  const secrets: Record<string, string> = {};
  try {
    // Accounts: the five seeded ones, one made through the control surface, credits on a seeded one.
    await run.api('POST', '/_emulator/accounts', undefined, { apiKey: 'fixture_team', plan: 'growth', credits: 250, limits: { perSecond: 40 } }, 201);
    await run.api('POST', '/_emulator/accounts', undefined, { apiKey: 'emu_startup', plan: 'startup', credits: 1000 }, 200);

    // A verified custom domain (simulated DNS) and one left unverified.
    const added = await run.api('POST', '/v1/custom-domains', 'emu_enterprise', { domain: 'fixture-corp.test' }, 201);
    const txt = (added.body.data.dns_records as Array<{ type: string; value: string }>).find((r) => r.type === 'TXT')!.value;
    await run.api(
      'POST',
      '/_emulator/dns',
      undefined,
      {
        domain: 'fixture-corp.test',
        records: [
          { type: 'MX', value: 'mx.inbox.test', priority: 10 },
          { type: 'TXT', value: txt },
        ],
      },
      200,
    );
    await run.later(MINUTE);
    await run.api('POST', '/v1/custom-domains/fixture-corp.test/verify', 'emu_enterprise', undefined, 200);
    await run.api('POST', '/v1/custom-domains', 'fixture_team', { domain: 'team-pending.test' }, 201);

    // Inboxes on platform domains (free and pro) and on the custom domain.
    for (const [inbox, key] of Object.entries(OWNER)) {
      await run.api('POST', '/v1/inboxes', key, { inbox }, 201);
      await run.later(1000);
    }
    await run.api('POST', `/v1/inboxes/${encodeURIComponent('carol@pro.inbox.test')}/tests`, 'emu_growth', { test_id: 'signup-e2e-17' }, 201);

    // Webhooks: delivered (200), failing (500), one whose delivery hangs (left pending at the stop),
    // and one at a tunnel no watcher is connected to (its delivery queues).
    const hook = async (name: string, key: string, inbox: string, url: string) => {
      const r = await run.api('POST', '/v1/webhooks', key, { inbox, url }, 201);
      secrets[name] = r.body.secret;
      secrets[`${name}.id`] = r.body.id;
    };
    await hook('carol', 'emu_growth', 'carol@pro.inbox.test', hookUrl('ok'));
    await hook('hooks', 'emu_growth', 'hooks@inbox.test', hookUrl('hang'));
    await hook('ops', 'emu_enterprise', 'ops@fixture-corp.test', hookUrl('fail'));
    const tunnel = await run.api('POST', '/_emulator/tunnels', 'emu_enterprise', undefined, 201);
    await hook('tunnel', 'emu_enterprise', 'tunnel@vip.test', tunnel.body.data.url);
    await run.later(5 * MINUTE);

    // Mail over SMTP, one message at a time.
    const from = 'Acme Accounts <no-reply@acme.example>';
    let t = clock.now();
    await run.smtp(
      'otp',
      'Your Acme verification code',
      ['carol@pro.inbox.test'],
      rfc822(
        [
          ['From', from],
          ['To', 'carol@pro.inbox.test'],
          ['Subject', 'Your Acme verification code'],
          ['Date', dateHeader(t)],
          ['Message-ID', '<otp-0001@acme.example>'],
          ['MIME-Version', '1.0'],
          ['Content-Type', 'text/plain; charset=utf-8'],
          ['Content-Transfer-Encoding', '7bit'],
        ],
        'Hi Carol,\n\nYour verification code is 482913. It expires in 10 minutes.\n\nIf you did not ask for it, ignore this mail.\n',
      ),
    );
    await run.later(2 * MINUTE);
    t = clock.now();
    await run.smtp(
      'otp-free',
      'Sign-in code',
      ['alice@inbox.test'],
      rfc822(
        [
          ['From', from],
          ['To', 'Alice <alice@inbox.test>'],
          ['Subject', 'Sign-in code'],
          ['Date', dateHeader(t)],
          ['Message-ID', '<otp-0002@acme.example>'],
          ['Content-Type', 'text/plain; charset=us-ascii'],
        ],
        'Your sign-in code: 715204\n',
      ),
    );
    await run.later(MINUTE);
    t = clock.now();
    const link = 'https://app.acme.example/verify?token=7f3a9c2e51&uid=42';
    await run.smtp(
      'link',
      'Confirm your email address',
      ['dev.bob@mail.test'],
      rfc822(
        [
          ['From', from],
          ['To', 'dev.bob@mail.test'],
          ['Subject', 'Confirm your email address'],
          ['Date', dateHeader(t)],
          ['Message-ID', '<link-0001@acme.example>'],
          ['MIME-Version', '1.0'],
          ['Content-Type', 'multipart/alternative; boundary="alt-7a1"'],
        ],
        [
          '--alt-7a1',
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Welcome, Bob!',
          '',
          `Confirm your address: ${link}`,
          '',
          '--alt-7a1',
          'Content-Type: text/html; charset=utf-8',
          '',
          `<p>Welcome, Bob!</p><p><a href="${link.replace('&', '&amp;')}">Confirm your address</a></p>`,
          '--alt-7a1--',
          '',
        ].join('\n'),
      ),
    );
    await run.later(MINUTE);
    t = clock.now();
    await run.smtp(
      'several-recipients',
      'Quarterly report Q1',
      ['ops@fixture-corp.test', 'billing@fixture-corp.test', 'carol@pro.inbox.test'],
      rfc822(
        [
          ['From', 'Reports <reports@fixture-corp.test>'],
          ['To', 'ops@fixture-corp.test, billing@fixture-corp.test'],
          ['Cc', 'carol@pro.inbox.test'],
          ['Subject', 'Quarterly report Q1'],
          ['Date', dateHeader(t)],
          ['Message-ID', '<report-q1@fixture-corp.test>'],
          ['MIME-Version', '1.0'],
          ['Content-Type', 'multipart/alternative; boundary="alt-q1"'],
        ],
        [
          '--alt-q1',
          'Content-Type: text/plain; charset=utf-8',
          'Content-Transfer-Encoding: quoted-printable',
          '',
          'Revenue grew 12 % over the quarter. The full report is on the intranet.=',
          '',
          '--alt-q1',
          'Content-Type: text/html; charset=utf-8',
          '',
          '<h1>Quarterly report Q1</h1><p>Revenue grew <b>12 %</b> over the quarter.</p>',
          '--alt-q1--',
          '',
        ].join('\n'),
      ),
    );
    await run.later(MINUTE);
    t = clock.now();
    const pdf = invoicePdf();
    const notes = Buffer.from('Invoice 0042\nTotal: 1.234,50 € (incl. VAT)\n', 'utf8');
    await run.smtp(
      'attachment',
      'Invoice 0042',
      ['ops@fixture-corp.test'],
      rfc822(
        [
          ['From', 'Billing <billing@supplier.example>'],
          ['To', 'ops@fixture-corp.test'],
          ['Subject', 'Invoice 0042'],
          ['Date', dateHeader(t)],
          ['Message-ID', '<invoice-0042@supplier.example>'],
          ['MIME-Version', '1.0'],
          ['Content-Type', 'multipart/mixed; boundary="mix-0042"'],
        ],
        [
          '--mix-0042',
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Please find invoice 0042 attached.',
          '',
          '--mix-0042',
          'Content-Type: application/pdf; name="invoice-0042.pdf"',
          'Content-Disposition: attachment; filename="invoice-0042.pdf"',
          'Content-Transfer-Encoding: base64',
          '',
          base64Lines(pdf),
          '',
          '--mix-0042',
          'Content-Type: text/plain; charset=utf-8; name="notes.txt"',
          'Content-Disposition: attachment; filename="notes.txt"',
          'Content-Transfer-Encoding: base64',
          '',
          base64Lines(notes),
          '',
          '--mix-0042--',
          '',
        ].join('\n'),
      ),
    );
    await run.later(MINUTE);
    t = clock.now();
    // Subject "Grüße aus Zürich – Bestätigung ✓ 日本語", sender "Jürgen Müller", in encoded words.
    const unicodeSubject = 'Grüße aus Zürich – Bestätigung ✓ 日本語';
    await run.smtp(
      'non-ascii',
      unicodeSubject,
      ['team@example.test'],
      rfc822(
        [
          ['From', '=?UTF-8?Q?J=C3=BCrgen_M=C3=BCller?= <juergen@beispiel.example>'],
          ['To', 'team@example.test'],
          ['Subject', `=?UTF-8?B?${Buffer.from(unicodeSubject).toString('base64')}?=`],
          ['Date', dateHeader(t)],
          ['Message-ID', '<gruesse-1@beispiel.example>'],
          ['MIME-Version', '1.0'],
          ['Content-Type', 'text/plain; charset=utf-8'],
          ['Content-Transfer-Encoding', 'quoted-printable'],
        ],
        'Sch=C3=B6ne Gr=C3=BC=C3=9Fe aus Z=C3=BCrich! Ihr Best=C3=A4tigungscode lautet 3=\n90517.\n',
      ),
    );
    await run.later(MINUTE);
    t = clock.now();
    // No From header: the summary's sender is the envelope's.
    await run.smtp(
      'envelope-sender',
      'Delivery status',
      ['sam@example.test'],
      rfc822(
        [
          ['To', 'sam@example.test'],
          ['Subject', 'Delivery status'],
          ['Date', dateHeader(t)],
          ['Message-ID', '<dsn-77@lists.example>'],
        ],
        'Your message to list@lists.example was delivered.\n',
      ),
      'bounce+77@lists.example',
    );
    // Through the control route instead of SMTP.
    const welcome = rfc822(
      [
        ['From', from],
        ['To', 'sam@example.test'],
        ['Subject', 'Welcome to Acme'],
        ['Date', dateHeader(t)],
        ['Message-ID', '<welcome-sam@acme.example>'],
      ],
      'Hello Sam, your account is ready.\n',
    );
    await run.api('POST', '/_emulator/messages', undefined, { raw: welcome, to: ['sam@example.test'] }, 201);
    run.sent.push({
      name: 'control-route',
      subject: 'Welcome to Acme',
      to: ['sam@example.test'],
      rawSha256: sha256(welcome),
      rawBytes: Buffer.byteLength(welcome),
    });
    await run.later(MINUTE);
    t = clock.now();
    const doomed = await run.smtp(
      'deleted',
      'Old newsletter',
      ['alice@inbox.test'],
      rfc822(
        [
          ['From', 'News <news@acme.example>'],
          ['To', 'alice@inbox.test'],
          ['Subject', 'Old newsletter'],
          ['Date', dateHeader(t)],
          ['Message-ID', '<news-3@acme.example>'],
        ],
        'Nothing to see here.\n',
      ),
    );
    const gone = await run.smtp(
      'removed-inbox',
      'Before the inbox was removed',
      ['gone@inbox.test'],
      rfc822(
        [
          ['From', from],
          ['To', 'gone@inbox.test'],
          ['Subject', 'Before the inbox was removed'],
          ['Date', dateHeader(t)],
          ['Message-ID', '<gone-1@acme.example>'],
        ],
        'This inbox is removed right after; its mail stays.\n',
      ),
    );
    await run.later(MINUTE);
    t = clock.now();
    await run.smtp(
      'tunnel-queued',
      'Reset your password',
      ['tunnel@vip.test'],
      rfc822(
        [
          ['From', from],
          ['To', 'tunnel@vip.test'],
          ['Subject', 'Reset your password'],
          ['Date', dateHeader(t)],
          ['Message-ID', '<reset-9@acme.example>'],
        ],
        'Reset your password here: https://app.acme.example/reset?code=QX7-22\nor enter the code 640055.\n',
      ),
    );

    for (const s of run.sent) await run.ids(s, OWNER);
    // The deleted message, and the inbox removed with its mail kept.
    const doomedId = doomed.ids!['alice@inbox.test']!;
    await run.api('DELETE', `/v1/inboxes/${encodeURIComponent('alice@inbox.test')}/messages/${doomedId}`, 'emu_free', undefined, 200);
    doomed.deleted = true;
    await run.api('DELETE', `/v1/inboxes/${encodeURIComponent('gone@inbox.test')}`, 'emu_startup', undefined, 200);
    gone.removedInbox = true;

    // Last, and the clock stands still from here: a delivery to a receiver that never answers stays
    // in flight, and pending in the data at the stop.
    await run.later(MINUTE);
    t = clock.now();
    const pending = await run.smtp(
      'webhook-pending',
      'Order #1001 shipped',
      ['hooks@inbox.test'],
      rfc822(
        [
          ['From', 'Shop <orders@shop.example>'],
          ['To', 'hooks@inbox.test'],
          ['Subject', 'Order #1001 shipped'],
          ['Date', dateHeader(t)],
          ['Message-ID', '<order-1001@shop.example>'],
        ],
        'Your order #1001 is on its way. Track it: https://shop.example/track/1001\n',
      ),
    );
    await run.ids(pending, OWNER);
    await run.settled();
    const deadline = Date.now() + 10_000;
    while (!(emu.core.store.main.data.webhookDeliveries ?? []).some((d) => d.messageId === pending.ids!['hooks@inbox.test'])) {
      if (Date.now() > deadline) throw new Error('the delivery to /hang was not recorded');
      await new Promise((r) => setTimeout(r, 10));
    }
    if (bugs.length > 0) throw bugs[0];
    return { sent: run.sent, secrets, end: clock.now() };
  } finally {
    await emu.close();
  }
}

// ---------- the crashed variant: a child process that kills itself ----------

const HELD = 'Order #1002 held';
const CUT = 'Shipment delayed';

async function crashChild(data: string, start: number): Promise<void> {
  const clock = new EmulatorClock({ mode: 'manual', start });
  // Parsing on the main thread; once `cut` is set, a read never ends: the message is acknowledged
  // (blob and journal record written, 250 sent) and never indexed.
  const reader = new MailReader({ workers: 0 });
  let cut = false;
  const read = reader.read.bind(reader);
  reader.read = (...args: Parameters<MailReader['read']>) => (cut ? new Promise(() => undefined) : read(...args));
  const emu = await startEmulator({ port: 0, smtpPort: 0, data, clock, random: seeded('store-v2/crashed'), allowHttpWebhooks: true, reader });
  let recorded: () => void = () => undefined;
  const heldOnDisk = new Promise<void>((r) => (recorded = r));
  emu.events.on('message.received', ({ message, hold }) => {
    if (message.subject !== HELD) return;
    // Its journal record stays (as if the process died before the deliveries' write had finished).
    hold?.(new Promise(() => undefined));
    void emu.core.store.main.flush().then(recorded);
  });
  const send = async (subject: string, to: string[], id: string) => {
    const raw = rfc822(
      [
        ['From', 'Shop <orders@shop.example>'],
        ['To', to.join(', ')],
        ['Subject', subject],
        ['Date', dateHeader(clock.now())],
        ['Message-ID', `<${id}@shop.example>`],
      ],
      `${subject}. Details: https://shop.example/orders/${id}\n`,
    );
    const transport = nodemailer.createTransport({ host: emu.smtp.host, port: emu.smtp.port, secure: false, name: 'client.fixture.example' });
    const info = await transport.sendMail({ envelope: { from: 'orders@shop.example', to }, raw });
    transport.close();
    if (!/^250/.test(info.response)) throw new Error(info.response);
    process.stdout.write(`${JSON.stringify({ subject, to, rawSha256: sha256(raw), rawBytes: Buffer.byteLength(raw) })}\n`);
  };
  // The clock stands still: deliveries in flight to /hang must not pass their 10 s window.
  await send(HELD, ['hooks@inbox.test'], 'order-1002');
  await heldOnDisk;
  cut = true;
  await send(CUT, ['hooks@inbox.test', 'alice@inbox.test'], 'order-1003');
  process.kill(process.pid, 'SIGKILL');
}

async function writeCrashed(data: string, start: number): Promise<Sent[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, '--crash-child', data, String(start)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c));
  child.stderr.on('data', (c: Buffer) => (err += c));
  const signal = await new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_code, s) => r(s)));
  if (signal !== 'SIGKILL') throw new Error(`the crash child ended without SIGKILL (${signal}):\n${err}`);
  const sent = out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Omit<Sent, 'name'>)
    .map((s, i) => ({ name: i === 0 ? 'journal-announced' : 'journal-only', ...s }));
  if (sent.length !== 2) throw new Error(`the crash child sent ${sent.length} messages:\n${out}\n${err}`);
  // The lock names the child's pid, which may be a live process wherever the fixture is used.
  rmSync(`${data}.lock`);
  // Both journal records are there, not retired (a `{"x": id}` line retires one).
  const journal = join(`${data.replace(/\.json$/, '')}.d`, 'journal');
  const lines = readdirSync(journal).flatMap((f) => readFileSync(join(journal, f), 'utf8').split('\n').filter(Boolean));
  const records = lines.filter((l) => l.includes('"ingest"'));
  const retired = lines.filter((l) => l.startsWith('{"x"'));
  if (records.length !== 2 || retired.length !== 0) throw new Error(`journal after the crash:\n${lines.join('\n')}`);
  return sent;
}

// ---------- expected.json: the variant read back by today's emulator ----------

async function readBack(folder: string, startAt: number) {
  const dir = mkdtempSync(join(tmpdir(), 'store-v2-read-'));
  try {
    cpSync(folder, dir, { recursive: true });
    const emu = await startEmulator({
      port: 0,
      smtpPort: 0,
      data: join(dir, 'emulator.json'),
      clock: new EmulatorClock({ mode: 'manual', start: startAt }),
      allowHttpWebhooks: true,
      parseWorkers: 0,
      settings: { plans: READER_PLANS },
    });
    try {
      return { recovered: emu.recovered, snapshot: await snapshot(emu.url) };
    } finally {
      await emu.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const overwrite = args.includes('--overwrite');
  const out = resolve(args.find((a) => !a.startsWith('--')) ?? join(ROOT, 'test/fixtures/store-v2'));
  if ((STORE_FORMAT as number) !== 2) throw new Error(`this checkout writes data format ${STORE_FORMAT}; the fixture stands for format 2: leave it as it is`);
  if (existsSync(join(out, 'expected.json')) && !overwrite) {
    throw new Error(`${out} holds a fixture already; it stands for data older versions wrote (see its README). --overwrite replaces it.`);
  }
  // The commit whose code writes the fixture (an export of one has no .git: give it in STORE_FIXTURE_COMMIT).
  let commit = process.env.STORE_FIXTURE_COMMIT ?? 'unknown';
  let uncommitted = false;
  try {
    const git = (...a: string[]) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    commit = git('rev-parse', 'HEAD');
    uncommitted = git('status', '--porcelain', '--', 'emulator', 'src', 'scripts', 'test/helpers') !== '';
  } catch {
    /* not a git checkout */
  }
  const hooks: FixtureHooks = await startFixtureHooks();
  try {
    for (const v of ['clean', 'crashed']) if (existsSync(join(out, v))) rmSync(join(out, v), { recursive: true });
    mkdirSync(join(out, 'clean'), { recursive: true });
    const clean = await writeClean(join(out, 'clean', 'emulator.json'));
    const crashStart = clean.end + 5 * MINUTE;
    cpSync(join(out, 'clean'), join(out, 'crashed'), { recursive: true });
    const crashedSent = await writeCrashed(join(out, 'crashed', 'emulator.json'), crashStart);
    // Read back one minute after each run ended.
    const cleanStart = clean.end + MINUTE;
    const crashedReadAt = crashStart + MINUTE;
    const cleanRead = await readBack(join(out, 'clean'), cleanStart);
    const crashedRead = await readBack(join(out, 'crashed'), crashedReadAt);
    // The crashed run's messages got their ids before the kill; they are read from the inboxes.
    for (const s of crashedSent) {
      s.ids = {};
      for (const inbox of s.to) {
        const m = crashedRead.snapshot.inboxes[inbox]!.messages.filter((x) => x.raw.sha256 === s.rawSha256);
        if (m.length !== 1) throw new Error(`${s.name}: ${m.length} copies in ${inbox}`);
        s.ids[inbox] = String(m[0]!.summary.id);
      }
    }
    maskRecoveryIds(crashedRead.snapshot, Object.values(crashedSent[1]!.ids!));
    const expected = {
      about: 'What test/fixtures/store-v2/{clean,crashed} tell through the public interfaces; written by scripts/make-store-fixture.ts.',
      format: STORE_FORMAT,
      writtenBy: { commit, ...(uncommitted ? { uncommittedChanges: true } : {}), node: process.version },
      hookPort: Number(new URL(hookUrl('ok')).port),
      webhooks: clean.secrets,
      clean: { startAt: cleanStart, sent: clean.sent, ...cleanRead },
      crashed: { startAt: crashedReadAt, sent: crashedSent, ...crashedRead },
    };
    writeFileSync(join(out, 'expected.json'), `${JSON.stringify(expected, null, 1)}\n`);
    process.stdout.write(`wrote ${out} (format ${STORE_FORMAT}, commit ${commit})\n`);
  } finally {
    await hooks.close();
  }
}

if (process.argv[2] === '--crash-child') await crashChild(process.argv[3]!, Number(process.argv[4]));
else await main();
