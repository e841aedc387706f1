// inbox ready (issue 32): waits until the emulator at the base URL answers its health check, or the
// hosted service an authenticated GET /v1/me. Over real sockets: an emulator started after the
// command, one that answers 503 while it starts, the hosted stand-in (test/helpers/fake-hosted.ts),
// nothing at all (exit 8 with the fix), a wrong key (exit 3 at once) and a server that is not the API
// (exit 7 at once).
import { createServer, type Server } from 'node:http';
import { connect, createServer as createNetServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHosted, HOSTED_KEY, type FakeHosted } from '../helpers/fake-hosted.js';
import { startEmulator } from '../helpers/reader.js';
import { runCli } from './helpers.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-ready-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = () => ({ INBOX_CONFIG_DIR: dir, NO_COLOR: '1' });

/** A port nothing listens on (bound, then closed). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe('inbox ready', () => {
  it('waits for an emulator started after it, then exits 0', async () => {
    // The base URL's port is held from the start by a TCP relay (a port merely closed again could be taken by another
    // test's server before the emulator binds it): until the emulator is up each connection is dropped, as nothing
    // there answers yet; then each is piped to the emulator (listening on a port of its own).
    let target: number | null = null;
    const relay = createNetServer((socket) => {
      if (target === null) return socket.destroy();
      const upstream = connect(target, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const { port } = relay.address() as { port: number };
    const waiting = runCli(['ready', '--base-url', `http://127.0.0.1:${port}`, '--timeout', '20'], env());
    // The command is polling a port where nothing answers; the emulator comes up a moment later.
    await new Promise((r) => setTimeout(r, 400));
    const emu = await startEmulator({ port: 0, smtpPort: 0 });
    target = Number(new URL(emu.url).port);
    try {
      const r = await waiting;
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(`inbox emulator ready at http://127.0.0.1:${port} (SMTP port ${emu.smtp.port})\n`);
    } finally {
      await emu.close();
      await new Promise<void>((r) => relay.close(() => r()));
    }
  });

  it("takes the emulator's 503 while it starts as not yet; --json says what answered", async () => {
    let asked = 0;
    const fake = await serve((req, res) => {
      if (req.url !== '/_emulator/health') return res.writeHead(404).end();
      asked++;
      res.writeHead(asked <= 2 ? 503 : 200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          asked <= 2 ? { success: false, error: 'service_unavailable', message: 'starting' } : { success: true, status: 'ok', smtp: { port: 2525 } },
        ),
      );
    });
    try {
      const r = await runCli(['ready', '--base-url', fake.url, '--timeout', '10', '--json'], env());
      expect(r.code, r.stderr).toBe(0);
      expect(asked).toBe(3);
      expect(JSON.parse(r.stdout)).toEqual({ success: true, ready: true, url: fake.url, emulator: true, smtp_port: 2525, waited_ms: expect.any(Number) });
    } finally {
      await fake.close();
    }
  });

  it('against the hosted service: an authenticated GET /v1/me', async () => {
    const hosted: FakeHosted = await startFakeHosted();
    try {
      const r = await runCli(['ready', '--base-url', hosted.url, '--api-key', HOSTED_KEY, '--timeout', '5'], env());
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`${hosted.url.replace(/\/v1$/, '')} is ready (GET /v1/me answered`);
      const me = hosted.seen.find((s) => s.url === '/v1/me');
      expect(me?.headers.authorization).toBe(`Bearer ${HOSTED_KEY}`);

      // A wrong key does not get better by waiting: exit 3 at once.
      const bad = await runCli(['ready', '--base-url', hosted.url, '--api-key', 'wrong_key', '--timeout', '30'], env());
      expect(bad.code, bad.stderr).toBe(3);
    } finally {
      await hosted.close();
    }
  });

  it('nothing answering: exit 8 after --timeout, saying what was last seen and the fix', async () => {
    const port = await freePort();
    const r = await runCli(['ready', '--base-url', `http://127.0.0.1:${port}`, '--timeout', '0.6'], env());
    expect(r.code).toBe(8);
    expect(r.stderr).toContain(`http://127.0.0.1:${port} was not ready within 0.6 s (last: `);
    expect(r.stderr).toContain('connection refused');
    expect(r.stderr).toContain(`inbox emulate --memory --port ${port} &`);
    expect(r.stderr).toContain('--timeout <seconds>');
    const bad = await runCli(['ready', '--timeout', 'soon'], env());
    expect(bad.code).toBe(2);
  });

  it('a server that is not the API: exit 7 at once', async () => {
    const web = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>some other app</title>');
    });
    try {
      const r = await runCli(['ready', '--base-url', web.url, '--timeout', '30'], env());
      expect(r.code, r.stderr).toBe(7);
    } finally {
      await web.close();
    }
  });
});
