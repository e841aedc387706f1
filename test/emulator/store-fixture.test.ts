// Upgrades keep their mail (issue 28, item 7): test/fixtures/store-v2/ holds data folders written by
// the store of format 2 (by scripts/make-store-fixture.ts of the commit its README names). This checkout's emulator starts
// on a copy of each and must tell, through public interfaces only (the API, the control surface, the
// viewer's raw and attachment routes, webhooks and the tunnel), what expected.json recorded: every
// account, domain, inbox and message (list fields, the full message, the raw bytes, the attachments),
// the deleted message gone, timelines, webhooks with the delivery left pending, the tunnel's queue; and
// for the folder of a killed emulator, the messages its journal still held. Values read back are also
// checked against what was sent (digests of the raw bytes) and, for a few, against literals here, so
// a garbled fixture or a reader that reads nothing cannot pass.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import {
  maskRecoveryIds,
  READER_PLANS,
  RECOVERY_ID,
  request,
  sha256,
  snapshot,
  startFixtureHooks,
  type FixtureHooks,
  type Snapshot,
} from '../helpers/store-snapshot.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/store-v2');
const expected = JSON.parse(readFileSync(join(FIXTURE, 'expected.json'), 'utf8'));
// expected.json recorded timeline answers when events carried ISO 8601 times; the API now answers
// them in ms since the epoch, as the hosted server does (the index still stores ISO, read back here).
for (const variant of ['clean', 'crashed']) {
  for (const inbox of Object.values(expected[variant].snapshot.inboxes) as Array<{ timeline?: { body?: { data?: Array<{ timestamp: unknown }> } } }>) {
    for (const e of inbox.timeline?.body?.data ?? []) if (typeof e.timestamp === 'string') e.timestamp = Date.parse(e.timestamp);
  }
}

interface Sent {
  name: string;
  subject: string;
  to: string[];
  rawSha256: string;
  rawBytes: number;
  deleted?: boolean;
  removedInbox?: boolean;
  ids: Record<string, string>;
}

const enc = encodeURIComponent;
/** The webhook receiver of the running test (its own per test: /hang holds until release()). */
let hooks: FixtureHooks;

/** This checkout's emulator on a copy of the fixture folder `variant`, at the time expected.json was read. */
async function openCopy(variant: 'clean' | 'crashed') {
  const dir = mkdtempSync(join(tmpdir(), `store-v2-${variant}-`));
  cpSync(join(FIXTURE, variant), dir, { recursive: true });
  // Before the start: deliveries left pending are made at once.
  hooks = await startFixtureHooks();
  const bugs: unknown[] = [];
  const emu: RunningEmulator = await startEmulator({
    port: 0,
    smtpPort: 0,
    data: join(dir, 'emulator.json'),
    clock: new EmulatorClock({ mode: 'manual', start: expected[variant].startAt }),
    allowHttpWebhooks: true,
    settings: { plans: READER_PLANS },
    onBug: (e) => bugs.push(e),
  });
  return {
    emu,
    bugs,
    api: (method: string, path: string, key?: string, body?: unknown) => request(emu.url, method, path, key, body),
    async close() {
      hooks.release();
      await emu.close();
      await hooks.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function sentOf(variant: 'clean' | 'crashed', name: string): Sent {
  const s = (expected[variant].sent as Sent[]).find((x) => x.name === name);
  if (!s) throw new Error(`expected.json names no message ${name}`);
  return s;
}

/** The one message of `inbox` in the snapshot with id `id`. */
function messageIn(snap: Snapshot, inbox: string, id: string) {
  const found = snap.inboxes[inbox]?.messages.filter((m) => m.summary.id === id) ?? [];
  expect(found, `${inbox} holds ${id} once`).toHaveLength(1);
  return found[0]!;
}

/** Every message sent is in each of its recipients' inboxes once, with the bytes that were sent. */
function checkSent(snap: Snapshot, sent: Sent[]) {
  for (const s of sent) {
    for (const inbox of s.to) {
      const id = s.ids[inbox]!;
      const listed = snap.inboxes[inbox]?.messages.filter((m) => m.summary.id === id) ?? [];
      if (s.deleted || s.removedInbox) {
        expect(listed, `${s.name} in ${inbox}`).toHaveLength(0);
        continue;
      }
      const m = messageIn(snap, inbox, id);
      expect(m.summary.subject, s.name).toBe(s.subject);
      expect(m.raw, `${s.name}: raw bytes in ${inbox}`).toEqual({ status: 200, sha256: s.rawSha256, size: s.rawBytes });
    }
  }
}

/** Requests the hook receiver got on `path`. */
function hookRequests(path: string) {
  return hooks.received.filter((r) => r.path === path);
}

describe('a data folder of format 2 (test/fixtures/store-v2)', () => {
  it('is what the fixture says it is', () => {
    expect(expected.format).toBe(2);
    expect(expected.clean.sent.length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(expected.clean.snapshot.inboxes)).toHaveLength(10);
  });

  it('written by a clean stop: every account, domain, inbox, message, timeline, webhook and the tunnel queue are kept', async () => {
    const t = await openCopy('clean');
    try {
      const snap = await snapshot(t.emu.url);
      expect(snap).toMatchObject(expected.clean.snapshot);
      checkSent(snap, expected.clean.sent);

      // Literals, independent of expected.json.
      const otp = sentOf('clean', 'otp');
      const carol = messageIn(snap, 'carol@pro.inbox.test', otp.ids['carol@pro.inbox.test']!);
      expect(carol.summary).toMatchObject({ subject: 'Your Acme verification code', otp: '482913', from: expect.stringContaining('no-reply@acme.example') });
      expect(snap.inboxes['carol@pro.inbox.test']!.otp.body).toMatchObject({ otp: '482913', email_id: otp.ids['carol@pro.inbox.test'] });
      // Below growth the API shows a code or link only as detected.
      const link = sentOf('clean', 'link');
      expect(messageIn(snap, 'dev.bob@mail.test', link.ids['dev.bob@mail.test']!).summary.verificationLink).toBe('__DETECTED__');
      const uni = sentOf('clean', 'non-ascii');
      const team = messageIn(snap, 'team@example.test', uni.ids['team@example.test']!);
      expect(team.summary.subject).toBe('Grüße aus Zürich – Bestätigung ✓ 日本語');
      expect(team.summary.from).toContain('Jürgen Müller');
      expect(team.full.body.data.text).toContain('Schöne Grüße aus Zürich! Ihr Bestätigungscode lautet 390517.');
      const many = sentOf('clean', 'several-recipients');
      expect(Object.keys(many.ids)).toEqual(['ops@fixture-corp.test', 'billing@fixture-corp.test', 'carol@pro.inbox.test']);
      expect(new Set(Object.values(many.ids)).size).toBe(3);
      for (const [inbox, id] of Object.entries(many.ids)) {
        expect(messageIn(snap, inbox, id).full.body.data.html).toContain('<h1>Quarterly report Q1</h1>');
      }
      const inv = sentOf('clean', 'attachment');
      const invoice = messageIn(snap, 'ops@fixture-corp.test', inv.ids['ops@fixture-corp.test']!);
      expect(invoice.summary.hasAttachment).toBe(true);
      expect(invoice.full.body.data.attachments.map((a: any) => [a.filename, a.contentType])).toEqual([
        ['invoice-0042.pdf', 'application/pdf'],
        ['notes.txt', 'text/plain'],
      ]);
      const notes = Buffer.from('Invoice 0042\nTotal: 1.234,50 € (incl. VAT)\n');
      expect(invoice.attachments[1]).toEqual({ status: 200, sha256: sha256(notes), size: notes.length });
      const pdf = await fetch(`${t.emu.url}/_viewer/attachment/ops%40fixture-corp.test/${inv.ids['ops@fixture-corp.test']}/0`);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 8)
          .toString('latin1'),
      ).toBe('%PDF-1.4');
      const dsn = sentOf('clean', 'envelope-sender');
      expect(messageIn(snap, 'sam@example.test', dsn.ids['sam@example.test']!).summary.from).toBe('bounce+77@lists.example');
      const free = sentOf('clean', 'otp-free');
      const raw = await fetch(`${t.emu.url}/_viewer/raw/alice%40inbox.test/${free.ids['alice@inbox.test']}`);
      expect(await raw.text()).toContain('Your sign-in code: 715204');
      expect(snap.accounts.emu_enterprise!.customDomains.body.data).toMatchObject([{ domain: 'fixture-corp.test', verified: true }]);
      expect(snap.accounts.fixture_team!.customDomains.body.data).toMatchObject([{ domain: 'team-pending.test', verified: false }]);
      expect(snap.accounts.fixture_team!.me.body.data).toMatchObject({ plan: 'growth', credits: 250, rate_limits: { requestsPerSecond: 40 } });
      expect(snap.accounts.emu_enterprise!.tunnels.body.data).toMatchObject([{ queued: 1 }]);
      expect(snap.inboxes['carol@pro.inbox.test']!.timeline.body.data.map((e: any) => e.type)).toEqual(
        expect.arrayContaining(['inbox_created', 'email_received', 'email_parsed', 'otp_extracted', 'webhook_sent']),
      );

      // The deleted message stays deleted.
      const gone = sentOf('clean', 'deleted');
      const del = await t.api('GET', `/v1/inboxes/alice%40inbox.test/messages/${gone.ids['alice@inbox.test']}`, 'emu_free');
      expect(del.status).toBe(404);

      // The delivery pending at the stop is made once after the start, with its webhook's secret.
      const pending = sentOf('clean', 'webhook-pending');
      await hooks.until(1);
      hooks.release();
      await t.emu.webhooks.idle();
      const made = hookRequests('/hang');
      expect(made).toHaveLength(1);
      expect(JSON.parse(made[0]!.body)).toMatchObject({ type: 'new_mail', id: pending.ids['hooks@inbox.test'], subject: 'Order #1001 shipped' });
      expect(made[0]!.headers['x-webhook-secret']).toBe(expected.webhooks.hooks);
      expect(hooks.received.length).toBe(1);

      // The tunnel's queued delivery goes to the first watcher.
      const tunnel = snap.accounts.emu_enterprise!.tunnels.body.data[0];
      const frames = await watchTunnel(t.emu.url, tunnel.id, 'emu_enterprise');
      expect(frames.hello).toMatchObject({ type: 'hello', tunnel: tunnel.id, queued: 1 });
      const queued = sentOf('clean', 'tunnel-queued');
      expect(frames.delivery).toMatchObject({ type: 'delivery', messageId: queued.ids['tunnel@vip.test'], inbox: 'tunnel@vip.test' });
      expect(JSON.parse(frames.delivery.body)).toMatchObject({ subject: 'Reset your password', otp: '640055' });
      expect(Object.entries(frames.delivery.headers).find(([k]) => k.toLowerCase() === 'x-webhook-secret')?.[1]).toBe(expected.webhooks.tunnel);
      expect(frames.settled).toMatchObject({ type: 'settled', ok: true });
      const after = await t.api('GET', '/_emulator/tunnels', 'emu_enterprise');
      expect(after.body.data[0].queued).toBe(0);

      // The inbox removed before the stop kept its mail: its account registers it again and finds it.
      const kept = sentOf('clean', 'removed-inbox');
      expect((await t.api('POST', '/v1/inboxes', 'emu_startup', { inbox: 'gone@inbox.test' })).status).toBe(201);
      const list = await t.api('GET', '/v1/inboxes/gone%40inbox.test/messages', 'emu_startup');
      expect(list.body.data.map((m: any) => [m.id, m.subject])).toEqual([[kept.ids['gone@inbox.test'], 'Before the inbox was removed']]);
      const keptRaw = await fetch(`${t.emu.url}/_viewer/raw/gone%40inbox.test/${kept.ids['gone@inbox.test']}`);
      expect(sha256(new Uint8Array(await keptRaw.arrayBuffer()))).toBe(kept.rawSha256);
      // What the plan hid was kept: moved to growth, the accounts see the code and the link.
      for (const apiKey of ['emu_free', 'emu_developer'])
        expect((await t.api('POST', '/_emulator/accounts', undefined, { apiKey, plan: 'growth' })).status).toBe(200);
      const alice = await t.api('GET', '/v1/inboxes/alice%40inbox.test/messages', 'emu_free');
      expect(alice.body.data.find((m: any) => m.id === free.ids['alice@inbox.test'])).toMatchObject({ subject: 'Sign-in code', otp: '715204' });
      const bob = await t.api('GET', `/v1/inboxes/dev.bob%40mail.test/messages/${link.ids['dev.bob@mail.test']}`, 'emu_developer');
      expect(bob.body.data).toMatchObject({
        subject: 'Confirm your email address',
        verificationLink: 'https://app.acme.example/verify?token=7f3a9c2e51&uid=42',
        text: expect.stringContaining('Welcome, Bob!'),
        html: expect.stringContaining('Confirm your address</a>'),
      });
      expect(t.bugs).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('written by a killed emulator: what its journal held is stored once and delivered once', async () => {
    const t = await openCopy('crashed');
    try {
      const snap = await snapshot(t.emu.url);
      const cut = sentOf('crashed', 'journal-only');
      const replaced = maskRecoveryIds(snap, Object.values(cut.ids));
      expect(replaced.length).toBeGreaterThan(0);
      expect(replaced).not.toContain(RECOVERY_ID);
      expect(snap).toMatchObject(expected.crashed.snapshot);
      checkSent(snap, expected.clean.sent);
      checkSent(snap, expected.crashed.sent);

      // Literals: the message indexed before the kill, and the one only its journal record knew.
      const held = sentOf('crashed', 'journal-announced');
      const hooksInbox = snap.inboxes['hooks@inbox.test']!.messages.map((m) => m.summary.subject);
      expect(hooksInbox.filter((s) => s === 'Order #1002 held')).toHaveLength(1);
      expect(hooksInbox.filter((s) => s === 'Shipment delayed')).toHaveLength(1);
      expect(snap.inboxes['alice@inbox.test']!.messages.filter((m) => m.summary.subject === 'Shipment delayed')).toHaveLength(1);
      expect(cut.to).toEqual(['hooks@inbox.test', 'alice@inbox.test']);

      // Deliveries to the hook: the one pending since the clean stop, the one recorded before the
      // kill, the one of the recovered message; each once.
      await hooks.until(3);
      hooks.release();
      await t.emu.webhooks.idle();
      const ids = hookRequests('/hang').map((r) => JSON.parse(r.body).id);
      expect(ids.sort()).toEqual(
        [sentOf('clean', 'webhook-pending').ids['hooks@inbox.test'], held.ids['hooks@inbox.test'], cut.ids['hooks@inbox.test']].sort(),
      );
      expect(hooks.received.length).toBe(3);
      expect(t.bugs).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

/** Connects as the tunnel's watcher: the hello, the first delivery (answered 200), and its settlement. */
async function watchTunnel(url: string, id: string, key: string) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/_emulator/tunnels/${enc(id)}`, { headers: { authorization: `Bearer ${key}` } });
  const frames: any[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`tunnel frames: ${JSON.stringify(frames)}`)), 5_000);
      ws.on('error', reject);
      ws.on('message', (data) => {
        const f = JSON.parse(String(data));
        frames.push(f);
        if (f.type === 'delivery') ws.send(JSON.stringify({ type: 'result', id: f.id, status: 200, latencyMs: 3 }));
        if (f.type === 'settled') {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  } finally {
    ws.close();
  }
  return {
    hello: frames.find((f) => f.type === 'hello'),
    delivery: frames.find((f) => f.type === 'delivery'),
    settled: frames.find((f) => f.type === 'settled'),
  };
}
