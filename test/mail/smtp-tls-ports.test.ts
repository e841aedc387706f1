// SMTP TLS as `inbox emulate` offers it (emulator/smtp/tls.ts): STARTTLS on the SMTP port and implicit
// TLS on --smtps-port, with the user's certificate files or a self-signed certificate made at start
// and kept beside the data file; on a port without TLS, STARTTLS gets a reply that says how to turn it
// on, and a TLS handshake is logged with the fix and closed. Real sockets throughout; the certificate
// is trusted by the clients (verification on), so a delivery proves the session was TLS.
import { X509Certificate, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect as netConnect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EmulatorEvents } from '../../emulator/core/events.js';
import { STARTTLS_OFF_REPLY } from '../../emulator/smtp/tls.js';
import { startEmulator, type RunningEmulator, type StartOptions } from '../helpers/reader.js';
import { emulateInProcess } from '../helpers/emulate.js';
import { RawSmtp } from './helpers.js';

type Mismatch = EmulatorEvents['smtp.tls_mismatch'];
const FIXTURE = (name: string) => new URL(`../fixtures/tls/${name}`, import.meta.url).pathname;
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'inbox-smtp-tls-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Bounded nodemailer timeouts: a test never waits out the library's minutes. */
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 5_000 };

async function register(emu: RunningEmulator, inbox: string): Promise<void> {
  const r = await fetch(`${emu.apiUrl}/inboxes`, {
    method: 'POST',
    headers: { authorization: 'Bearer emu_growth', 'content-type': 'application/json' },
    body: JSON.stringify({ inbox }),
  });
  expect(r.status).toBe(201);
}

/** The subjects the API lists for `inbox` once it lists `subject` (tried for up to 5 s), or as they are then. */
async function subjects(emu: RunningEmulator, inbox: string, subject: string): Promise<string[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const r = await fetch(`${emu.apiUrl}/inboxes/${encodeURIComponent(inbox)}/messages`, { headers: { authorization: 'Bearer emu_growth' } });
    const listed = ((await r.json()) as { data: Array<{ subject: string }> }).data.map((m) => m.subject);
    if (listed.includes(subject) || Date.now() > deadline) return listed;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The next `smtp.tls_mismatch` event of an emulator. */
function nextMismatch(emu: RunningEmulator): Promise<Mismatch> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (off(), reject(new Error('no smtp.tls_mismatch event within 5 s'))), 5_000);
    const off = emu.events.on('smtp.tls_mismatch', (e) => {
      off();
      clearTimeout(timer);
      resolve(e);
    });
  });
}

/** A TLS client (Node's, as nodemailer's secure: true uses) on `port`: how it ended. */
function tlsClientOn(port: number): Promise<{ error: string | null; secure: boolean }> {
  return new Promise((resolve) => {
    const s = tlsConnect({ host: '127.0.0.1', port, rejectUnauthorized: false });
    s.once('secureConnect', () => {
      s.destroy();
      resolve({ error: null, secure: true });
    });
    s.once('error', (e) => resolve({ error: e.message, secure: false }));
  });
}

/** The first bytes a TLS client sends (its ClientHello), caught by a listener of our own. */
async function clientHello(): Promise<Buffer> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const hello = new Promise<Buffer>((resolve) => server.once('connection', (s) => s.once('data', (d: Buffer) => (resolve(d), s.destroy()))));
  const c = tlsConnect({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, rejectUnauthorized: false });
  c.on('error', () => undefined);
  const bytes = await hello;
  c.destroy();
  server.close();
  return bytes;
}

describe('TLS on: a generated certificate, STARTTLS and implicit TLS', () => {
  let emu: RunningEmulator;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
    emu = await startEmulator({ data: join(dir, 'emulator.json'), port: 0, smtpPort: 0, smtpsPort: 0, sync: 'never' });
    await register(emu, 'tls@inbox.test');
  });
  afterAll(() => emu?.close());

  test('a self-signed certificate is made for localhost and loopback and kept beside the data file, its key 0600', () => {
    expect(emu.tls).toMatchObject({ selfSigned: true, certFile: join(dir, 'emulator.cert.pem') });
    expect(emu.smtps).toMatchObject({ host: '127.0.0.1' });
    const x = new X509Certificate(readFileSync(join(dir, 'emulator.cert.pem')));
    expect(x.checkHost('localhost')).toBe('localhost');
    expect(x.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(x.fingerprint256).toBe(emu.tls!.fingerprint);
    if (process.platform !== 'win32') expect(statSync(join(dir, 'emulator.key.pem')).mode & 0o777).toBe(0o600);
  });

  test('nodemailer delivers over STARTTLS (requireTLS), verifying the generated certificate', async () => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: emu.smtp.port,
      secure: false,
      requireTLS: true,
      tls: { ca: readFileSync(emu.tls!.certFile!) },
      ...TIMEOUTS,
    });
    const info = await transport.sendMail({ from: 'a@example.test', to: 'tls@inbox.test', subject: 'over starttls', text: 'x' });
    transport.close();
    expect(info.response).toMatch(/^250 /);
    expect(await subjects(emu, 'tls@inbox.test', 'over starttls')).toContain('over starttls');
  });

  test('nodemailer delivers over implicit TLS on --smtps-port, verifying it by name', async () => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: emu.smtps!.port,
      secure: true,
      tls: { ca: readFileSync(emu.tls!.certFile!), servername: 'localhost' },
      ...TIMEOUTS,
    });
    const info = await transport.sendMail({ from: 'a@example.test', to: 'tls@inbox.test', subject: 'over smtps', text: 'x' });
    transport.close();
    expect(info.response).toMatch(/^250 /);
    expect(await subjects(emu, 'tls@inbox.test', 'over smtps')).toContain('over smtps');
  });

  test('a client that does not trust the certificate fails: the sessions are TLS', async () => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: emu.smtps!.port, secure: true, ...TIMEOUTS });
    await expect(transport.sendMail({ from: 'a@example.test', to: 'tls@inbox.test', subject: 'untrusted', text: 'x' })).rejects.toThrow(/self[- ]signed/i);
    transport.close();
  });

  test('a TLS handshake on the plain port is logged with the fix (the SMTPS port) and the connection closed', async () => {
    const logged = nextMismatch(emu);
    const client = await tlsClientOn(emu.smtp.port);
    expect(client.secure).toBe(false);
    expect(client.error).toBeTruthy();
    const e = await logged;
    expect(e.port).toBe(emu.smtp.port);
    expect(e.problem).toMatch(/TLS handshake .* plain SMTP port/);
    expect(e.hint).toContain(`port ${emu.smtps!.port} for implicit TLS`);
    expect(e.hint).toContain('STARTTLS');
  });

  test('STARTTLS is advertised on the plain port', async () => {
    const c = await RawSmtp.open(emu.smtp.port);
    expect((await c.command('EHLO client.test')).lines.map((l) => l.slice(4))).toContain('STARTTLS');
    c.close();
  });
});

describe('TLS off (the default)', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, smtpPort: 0 });
    await register(emu, 'plain@inbox.test');
  });
  afterAll(() => emu?.close());

  test('STARTTLS is not advertised; sent anyway it gets 502 saying how to turn TLS on, logged, and the session goes on', async () => {
    const logged = nextMismatch(emu);
    const c = await RawSmtp.open(emu.smtp.port);
    const ehlo = await c.command('EHLO client.test');
    expect(ehlo.lines.map((l) => l.slice(4))).not.toContain('STARTTLS');
    const r = await c.command('STARTTLS');
    expect(r.code).toBe(502);
    expect(r.text).toBe(`502 ${STARTTLS_OFF_REPLY}`);
    expect(r.text).toContain('--tls');
    expect(r.text).toContain('--smtps-port');
    expect((await logged).hint).toContain('--tls');
    expect((await c.command('MAIL FROM:<a@example.test>')).code).toBe(250);
    expect((await c.command('RCPT TO:<plain@inbox.test>')).code).toBe(250);
    expect((await c.data('Subject: still plain\r\n\r\nx')).code).toBe(250);
    c.close();
    expect(await subjects(emu, 'plain@inbox.test', 'still plain')).toContain('still plain');
  });

  test('nodemailer with requireTLS fails with that reply', async () => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: emu.smtp.port, secure: false, requireTLS: true, ...TIMEOUTS });
    const err = await transport.sendMail({ from: 'a@example.test', to: 'plain@inbox.test', subject: 'x', text: 'x' }).catch((e: { response?: string }) => e);
    transport.close();
    expect((err as { response?: string }).response).toContain('STARTTLS not offered');
  });

  test('a TLS handshake is logged with the fix (--smtps-port, --tls) and closed before any SMTP reply', async () => {
    const logged = nextMismatch(emu);
    const client = await tlsClientOn(emu.smtp.port);
    expect(client.secure).toBe(false);
    const e = await logged;
    expect(e.hint).toContain('--smtps-port');
    expect(e.hint).toContain('--tls');

    // The same ClientHello over a plain socket: the connection ends, and smtp-server never answers
    // the handshake's bytes as commands (a 5xx "command not recognized", or a 421 "talk too soon").
    const hello = await clientHello();
    const again = nextMismatch(emu);
    const raw = netConnect(emu.smtp.port, '127.0.0.1');
    let received = '';
    raw.on('data', (d: Buffer) => (received += d.toString('latin1')));
    raw.on('error', () => undefined);
    const ended = new Promise<void>((r) => raw.once('close', () => r()));
    raw.once('connect', () => raw.write(hello));
    await again;
    await ended;
    expect(received).not.toMatch(/^(5\d\d|421)/m);
  });
});

describe('certificate files', () => {
  test('the generated certificate is used again at the next start, and made again when its file is damaged', async () => {
    const dir = tempDir();
    const opts: StartOptions = { data: join(dir, 'emulator.json'), port: 0, smtpPort: 0, tls: true, sync: 'never' };
    const first = await startEmulator(opts);
    const fingerprint = first.tls!.fingerprint;
    await first.close();
    const second = await startEmulator(opts);
    expect(second.tls!.fingerprint).toBe(fingerprint);
    await second.close();
    writeFileSync(join(dir, 'emulator.cert.pem'), 'damaged');
    const third = await startEmulator(opts);
    expect(third.tls!.fingerprint).not.toBe(fingerprint);
    expect(new X509Certificate(readFileSync(join(dir, 'emulator.cert.pem'))).fingerprint256).toBe(third.tls!.fingerprint);
    await third.close();
  });

  test('--tls-cert and --tls-key are used as given (STARTTLS with them)', async () => {
    const emu = await startEmulator({ port: 0, smtpPort: 0, tlsCert: FIXTURE('localhost.cert.pem'), tlsKey: FIXTURE('localhost.key.pem') });
    try {
      expect(emu.tls).toMatchObject({ selfSigned: false, certFile: FIXTURE('localhost.cert.pem') });
      expect(emu.tls!.fingerprint).toBe(new X509Certificate(readFileSync(FIXTURE('localhost.cert.pem'))).fingerprint256);
      await register(emu, 'given@inbox.test');
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: emu.smtp.port,
        requireTLS: true,
        tls: { ca: readFileSync(FIXTURE('localhost.cert.pem')), servername: 'localhost' },
        ...TIMEOUTS,
      });
      expect((await transport.sendMail({ from: 'a@example.test', to: 'given@inbox.test', subject: 'given', text: 'x' })).response).toMatch(/^250 /);
      transport.close();
    } finally {
      await emu.close();
    }
  });

  test('half a pair, an unreadable file or a key of another certificate fails the start with a hint', async () => {
    const dir = tempDir();
    const otherKey = join(dir, 'other.key.pem');
    writeFileSync(otherKey, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const cases: Array<[Partial<StartOptions>, string, RegExp]> = [
      [{ tlsCert: FIXTURE('localhost.cert.pem') }, 'tls_files', /--tls-cert was given without --tls-key/],
      [{ tlsCert: join(dir, 'missing.pem'), tlsKey: otherKey }, 'tls_files', /cannot read --tls-cert .*missing\.pem: ENOENT/],
      [{ tlsCert: FIXTURE('localhost.cert.pem'), tlsKey: otherKey }, 'tls_certificate', /cannot use --tls-cert/],
    ];
    for (const [opts, code, message] of cases) {
      const err = await startEmulator({ port: 0, smtpPort: 0, ...opts }).then(
        (e) => (e.close(), null),
        (e: Error & { code?: string; hint?: string }) => e,
      );
      expect(err, code).toMatchObject({ name: 'StartError', code });
      expect(err!.message).toMatch(message);
      expect(err!.hint).toMatch(/--tls-cert/);
    }
  });
});

describe('inbox emulate', () => {
  test('INBOX_EMULATOR_SMTPS_PORT turns TLS on: the banner names both ports, a mismatch is a log line', async () => {
    const run = emulateInProcess(['--port', '0', '--smtp-port', '0', '--memory', '--json'], { INBOX_EMULATOR_SMTPS_PORT: '0' });
    try {
      await run.ready();
      const ready = run.events().find((e) => e.type === 'ready') as { smtp: string; smtps: string; tls: { selfSigned: boolean; certFile: null } };
      expect(ready.smtps).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(ready.tls).toMatchObject({ selfSigned: true, certFile: null });
      const port = Number(ready.smtp.split(':')[1]);
      await tlsClientOn(port);
      await run.until(() => run.events().some((e) => e.type === 'tls_mismatch'));
      expect(run.events().find((e) => e.type === 'tls_mismatch')).toMatchObject({ port, hint: expect.stringContaining(ready.smtps.split(':')[1]!) });
    } finally {
      expect(await run.stop()).toBe(0);
    }
  });

  test('--tls-cert without --tls-key exits 10 with the fix', async () => {
    const run = emulateInProcess(['--port', '0', '--smtp-port', '0', '--memory', '--tls-cert', FIXTURE('localhost.cert.pem')]);
    expect(await run.done).toBe(10);
    expect(run.stderr()).toMatch(/--tls-cert was given without --tls-key/);
    expect(run.stderr()).toMatch(/Give both --tls-cert <file> and --tls-key <file>/);
  });
});
