// A killed `inbox webhooks watch` loses nothing: the next run for the same profile and inbox
// reattaches to the tunnel the killed one left open and first gets what was queued for it while no
// watcher was connected. Real processes: the built binary's `inbox webhooks watch --json` (a private
// copy of the package), SIGKILLed twice (once with two deliveries held unanswered by the local
// target, once at an arbitrary moment of a stream of mail); an emulator on real ports with a data
// file; mail over SMTP, where a 250 is the acknowledgement; a real local receiver. Every acknowledged
// message must reach the receiver at least once; only deliveries in the watcher's hands at a kill
// may come twice (counted). Ctrl-C at the end still removes the webhook and the tunnel.
// Also, in this process over real sockets, how a run picks the tunnel to reattach to.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InboxClient } from '../../src/client/client.js';
import { InboxApiError } from '../../src/client/errors.js';
import type { WatchEvent } from '../../src/tunnel/events.js';
import { startWatch, type RememberedTunnel, type TunnelMemory, type WatchSession } from '../../src/tunnel/watch.js';
import { privateCopy } from '../cli/helpers.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { RawSmtp, rfc822 } from '../mail/helpers.js';
import { startReceiver, type Receiver } from '../webhooks/helpers.js';

const KEY = 'emu_growth';
const INBOX = 'watched@inbox.test';
let dir: string;
let build: ReturnType<typeof privateCopy>;
let emu: RunningEmulator;
let rx: Receiver;
const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-watcher-kill-'));
  build = privateCopy();
  emu = await startEmulator({ port: 0, smtpPort: 0, data: join(dir, 'emulator.json') });
  rx = await startReceiver({ status: 200 });
  for (const inbox of [INBOX, 'picks@inbox.test']) {
    const r = await fetch(`${emu.apiUrl}/inboxes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ inbox }),
    });
    expect(r.status).toBe(201);
  }
}, 60_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const fn of cleanups.reverse()) await fn();
  await rx?.close();
  await emu?.close();
  build?.close();
  rmSync(dir, { recursive: true, force: true });
});

const json = (l: string): any => {
  try {
    return JSON.parse(l);
  } catch {
    return {};
  }
};

/** `inbox webhooks watch INBOX --json` (the built binary) forwarding to the receiver; its stderr notices as JSON. */
function watcher() {
  const proc = spawn(process.execPath, [build.bin, 'webhooks', 'watch', INBOX, '--forward-to', rx.url, '--base-url', emu.url, '--api-key', KEY, '--json'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', INBOX_CONFIG_DIR: join(dir, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  const notices: any[] = [];
  let err = '';
  let buf = '';
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => {
    err += d;
    buf += d;
    const lines = buf.split('\n');
    buf = lines.pop()!;
    for (const l of lines) notices.push(json(l));
  });
  proc.stdout!.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => proc.once('close', (code, signal) => r({ code, signal })));
  return {
    proc,
    exited,
    /** The first notice with this `event` (waits up to 10 s). */
    async notice(event: string): Promise<any> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const n = notices.find((x) => x.event === event);
        if (n) return n;
        if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`no "${event}" notice from the watcher; stderr:\n${err}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

/** Subjects of the messages whose delivery the emulator has counted as answered. */
const settled = new Set<string>();

/** Subjects of the deliveries the receiver got, in order (a repeat is a delivery made twice). */
const received = () => rx.requests.map((r) => String(json(r.body.toString()).subject));

/** Resolves once the receiver has had `n` requests, or fails after 10 s. */
async function requests(n: number, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    rx.nth(n),
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: ${rx.requests.length} of ${n} requests came`)), 10_000))),
  ]).finally(() => clearTimeout(timer));
}

/** Sends `subjects` over one SMTP connection; resolves with those answered 250 (acknowledged). */
async function send(subjects: string[]): Promise<string[]> {
  const smtp = await RawSmtp.open(emu.smtp.port);
  const acknowledged: string[] = [];
  try {
    await smtp.command('EHLO client.test');
    for (const subject of subjects) {
      await smtp.command('MAIL FROM:<sender@example.test>');
      await smtp.command(`RCPT TO:<${INBOX}>`);
      if ((await smtp.data(rfc822({ to: INBOX, subject, body: `about ${subject}` }))).code === 250) acknowledged.push(subject);
    }
  } finally {
    smtp.close();
  }
  return acknowledged;
}

const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);

async function tunnels(): Promise<Array<{ id: string; url: string; connected: boolean; queued: number }>> {
  const r = await fetch(`${emu.url}/_emulator/tunnels`, { headers: { authorization: `Bearer ${KEY}` } });
  return ((await r.json()) as { data: Array<{ id: string; url: string; connected: boolean; queued: number }> }).data;
}

async function until(test: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('inbox webhooks watch killed with SIGKILL', () => {
  it('the next run reattaches to its tunnel and gets every delivery made meanwhile; only those in flight at the kill repeat', { timeout: 60_000 }, async () => {
    const acknowledged: string[] = [];
    const subjectOf = new Map<string, string>(); // message id -> subject
    emu.events.on('message.received', ({ message }) => subjectOf.set(message.id, message.subject));
    emu.events.on('webhook.delivery', (d) => d.ok && settled.add(subjectOf.get(d.messageId) ?? d.messageId));
    /** What the emulator had counted once it saw the killed watcher's connection end. */
    const settledAtKill = async () => {
      await until(async () => (await tunnels())[0]?.connected === false, 'the emulator to see the watcher gone');
      return new Set(settled);
    };

    // 1. A watcher, and mail it forwards as it comes.
    const w1 = watcher();
    const ready1 = await w1.notice('ready');
    await w1.notice('connected');
    expect(ready1.resumed).toBeUndefined();
    acknowledged.push(...(await send(names('live', 5))));
    await requests(5, 'deliveries to the first watcher');

    // 2. The local target holds two deliveries unanswered; the watcher is killed with them in its hands.
    rx.behave('hang');
    acknowledged.push(...(await send(names('held', 2))));
    await requests(7, 'the two held deliveries');
    const inFlightAtKill1 = received().slice(5);
    w1.proc.kill('SIGKILL');
    expect((await w1.exited).signal).toBe('SIGKILL');
    rx.release(200);
    rx.behave({ status: 200 });
    const settledAtKill1 = await settledAtKill();

    // 3. Mail while no watcher runs: it waits on the tunnel (the one tunnel there is).
    acknowledged.push(...(await send(names('away', 20))));
    // (A 250 comes before the message is indexed and its delivery made: give them a moment.)
    await until(async () => (await tunnels())[0]?.queued === 22, '22 deliveries queued on the tunnel');
    expect(await tunnels()).toMatchObject([{ url: ready1.tunnel_url, connected: false, queued: 22 }]);

    // 4. The next run reattaches to that tunnel and gets the 22 first: the 20 sent while it was away
    // and the 2 that were in the killed watcher's hands (which the target now gets a second time).
    const w2 = watcher();
    const ready2 = await w2.notice('ready');
    expect(ready2).toMatchObject({ tunnel_url: ready1.tunnel_url, webhook_id: ready1.webhook_id, resumed: true, secret: ready1.secret });
    expect(await w2.notice('connected')).toMatchObject({ reconnected: false, queued: 22 });
    await requests(7 + 22, 'the deliveries queued while no watcher ran');
    expect(received().slice(7).sort()).toEqual([...names('away', 20), ...inFlightAtKill1].sort());

    // 5. Killed again at an arbitrary moment while mail streams in; the next run comes back while
    // the stream goes on.
    const before2 = rx.requests.length;
    const stream = send(names('stream', 40));
    await requests(before2 + 8, 'deliveries of the stream to the second watcher');
    w2.proc.kill('SIGKILL');
    expect((await w2.exited).signal).toBe('SIGKILL');
    const settledAtKill2 = await settledAtKill();
    // The killed watcher's last forwards may still sit unread in the target's sockets (under load they
    // are read after the emulator sees the watcher gone): counted once its connections are closed.
    await until(async () => (await rx.connections()) === 0, "the killed watcher's connections to the target to close");
    const receivedAtKill2 = rx.requests.length;
    const w3 = watcher();
    expect(await w3.notice('ready')).toMatchObject({ tunnel_url: ready1.tunnel_url, resumed: true });
    acknowledged.push(...(await stream));
    acknowledged.push(...(await send(names('after', 3))));

    // Every acknowledged message reached the target at least once.
    await until(() => acknowledged.every((s) => received().includes(s)), 'every acknowledged message to be delivered');
    const got = received();
    expect(acknowledged.filter((s) => !got.includes(s))).toEqual([]);
    expect(acknowledged).toHaveLength(2 + 5 + 20 + 40 + 3);

    // Only deliveries in a killed watcher's hands repeat: forwarded to the target before the kill,
    // their result not counted by the emulator when the connection ended. At the first kill, the
    // two held ones; at the second, whatever the stream had in flight.
    const counts = new Map<string, number>();
    for (const s of got) counts.set(s, (counts.get(s) ?? 0) + 1);
    const repeated = [...counts].filter(([, n]) => n > 1).map(([s]) => s);
    for (const [s, n] of counts) expect(n, s).toBeLessThanOrEqual(2);
    const firstCopy = (s: string) => got.indexOf(s);
    const secondCopy = (s: string) => got.indexOf(s, firstCopy(s) + 1);
    const atKill1 = repeated.filter((s) => secondCopy(s) < 7 + 22);
    const atKill2 = repeated.filter((s) => secondCopy(s) >= 7 + 22);
    expect(atKill1.sort()).toEqual([...inFlightAtKill1].sort());
    for (const s of atKill1) expect(settledAtKill1.has(s), s).toBe(false);
    for (const s of atKill2) {
      expect(firstCopy(s), s).toBeLessThan(receivedAtKill2);
      expect(settledAtKill2.has(s), `${s} was counted before the kill and still delivered again`).toBe(false);
    }
    console.info(
      `watcher kills: 2, acknowledged ${acknowledged.length}, lost ${acknowledged.filter((s) => !got.includes(s)).length}, ` +
        `repeated ${repeated.length} (${atKill1.length} held at the first kill, ${atKill2.length} in flight at the second)`,
    );

    // 6. One tunnel throughout; Ctrl-C removes it with its webhook, and the run forgets it.
    expect((await tunnels()).map((t) => t.url)).toEqual([ready1.tunnel_url]);
    await w3.notice('connected');
    w3.proc.kill('SIGINT');
    expect((await w3.exited).code).toBe(0);
    expect(await tunnels()).toEqual([]);
    const hooks = (await (await fetch(`${emu.apiUrl}/webhooks`, { headers: { authorization: `Bearer ${KEY}` } })).json()) as { count: number };
    expect(hooks.count).toBe(0);
    const kept = JSON.parse(readFileSync(join(dir, 'config', 'watch-tunnels.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    expect(Object.values(kept).flatMap((p) => Object.keys(p))).toEqual([]);
  });
});

describe('which tunnel a run takes up (src/tunnel/watch.ts)', () => {
  /** An in-memory TunnelMemory (the CLI's is watch-tunnels.json). */
  function memory(): TunnelMemory & { list: RememberedTunnel[] } {
    const m = {
      list: [] as RememberedTunnel[],
      recall: () => [...m.list],
      remember: (t: RememberedTunnel) => void (m.list = [t, ...m.list.filter((x) => x.tunnelId !== t.tunnelId)]),
      forget: (id: string) => void (m.list = m.list.filter((x) => x.tunnelId !== id)),
    };
    return m;
  }

  async function run(mem: TunnelMemory, failing?: string): Promise<{ session: WatchSession; ready: Extract<WatchEvent, { type: 'ready' }> }> {
    const client = new InboxClient({ baseUrl: emu.url, apiKey: KEY });
    if (failing) {
      // The emulator answers the look-up of this remembered tunnel with a 500 (not a 404).
      const request = client.request.bind(client);
      client.request = (async (method: string, path: string, ...rest: unknown[]) => {
        if (method === 'GET' && path.endsWith(`/${failing}`)) {
          throw new InboxApiError({ status: 500, code: 'internal', message: 'broken', headers: {}, method, url: path });
        }
        return (request as (...a: unknown[]) => Promise<unknown>)(method, path, ...rest);
      }) as typeof client.request;
    }
    cleanups.push(() => client.close());
    let ready!: Extract<WatchEvent, { type: 'ready' }>;
    let connected!: () => void;
    const isConnected = new Promise<void>((r) => (connected = r));
    const session = await startWatch({
      client,
      apiKey: KEY,
      inbox: 'picks@inbox.test',
      forwardTo: rx.url,
      memory: mem,
      backoff: { initialMs: 20, maxMs: 50 },
      onEvent: (e) => {
        if (e.type === 'ready') ready = e;
        if (e.type === 'connected') connected();
      },
    });
    cleanups.push(() => session.stop());
    await isConnected;
    return { session, ready };
  }

  const idOf = (url: string | undefined) => url!.split('/').pop()!;

  it('a tunnel another run is connected to is left to it; a gone one is forgotten; a removed webhook is registered again on the same tunnel', async () => {
    const mem = memory();
    const a = await run(mem);
    expect(a.ready.resumed).toBeUndefined();
    expect(mem.list).toMatchObject([{ tunnelId: idOf(a.ready.url), webhookId: a.ready.webhookId }]);

    // A second run while the first is connected gets a tunnel of its own.
    const b = await run(mem);
    expect(b.ready.resumed).toBeUndefined();
    expect(b.ready.url).not.toBe(a.ready.url);
    expect(mem.list.map((t) => t.tunnelId)).toEqual([idOf(b.ready.url), idOf(a.ready.url)]);

    // A clean stop closes the tunnel and forgets it.
    expect((await b.session.stop()).removed).toEqual([`webhook ${b.ready.webhookId}`, `tunnel ${idOf(b.ready.url)}`]);
    expect(mem.list.map((t) => t.tunnelId)).toEqual([idOf(a.ready.url)]);

    // What a killed run leaves: an open tunnel, here one whose webhook was removed since, and an older
    // remembered tunnel the emulator no longer has. The next run forgets the gone one, takes the open
    // one up again and registers a new webhook on it.
    await a.session.stop();
    const opened = await fetch(`${emu.url}/_emulator/tunnels`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` } });
    const again = ((await opened.json()) as { data: { id: string } }).data.id;
    const mem2 = memory();
    mem2.list = [{ tunnelId: 'gone0000000000000' }, { tunnelId: again, webhookId: a.ready.webhookId }];
    const c = await run(mem2);
    expect(c.ready).toMatchObject({ resumed: true, url: `https://tunnel.inbox.test/${again}` });
    expect(c.ready.webhookId).not.toBe(a.ready.webhookId); // that one was removed: a new one
    expect(mem2.list).toMatchObject([{ tunnelId: again, webhookId: c.ready.webhookId }]); // the gone one forgotten

    // A run killed between registering its webhook and writing it down left a webhook on the tunnel
    // that nobody remembers: the next run removes it instead of adding a second (every message would
    // be forwarded twice).
    await c.session.stop();
    const opened2 = await fetch(`${emu.url}/_emulator/tunnels`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` } });
    const tunnel2 = ((await opened2.json()) as { data: { id: string; url: string } }).data;
    const stray = await fetch(`${emu.apiUrl}/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ inbox: 'picks@inbox.test', url: tunnel2.url }),
    });
    expect(stray.status).toBeLessThan(300);
    const mem3 = memory();
    mem3.list = [{ tunnelId: tunnel2.id }];
    const d = await run(mem3);
    expect(d.ready).toMatchObject({ resumed: true, url: tunnel2.url });
    const hooks = (await (await fetch(`${emu.apiUrl}/webhooks`, { headers: { authorization: `Bearer ${KEY}` } })).json()) as {
      data: Array<{ _id: string; url: string }>;
    };
    expect(hooks.data.filter((w) => w.url === tunnel2.url).map((w) => w._id)).toEqual([d.ready.webhookId]);
  });

  it('a remembered tunnel the emulator cannot look up now (a 500) is kept for a later run, and this run opens a tunnel of its own', async () => {
    const mem = memory();
    mem.list = [{ tunnelId: 'broken00000000000' }];
    const r = await run(mem, 'broken00000000000');
    expect(r.ready.resumed).toBeUndefined();
    expect(mem.list.map((t) => t.tunnelId)).toEqual([idOf(r.ready.url), 'broken00000000000']);
    await r.session.stop();
  });
});
