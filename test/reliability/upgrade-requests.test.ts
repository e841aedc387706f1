// Requests with an Upgrade header that are not a WebSocket handshake on a WebSocket route. Node hands
// them to the upgrade listeners only: they used to get no answer at all (Upgrade: h2c, as sent by
// `curl --http2`), holding their socket, and the emulator's stop, for as long as the client liked, or
// an empty 200 for a handshake on another route, a POST run as a GET. Over real sockets.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWebSocketRoute } from '../../emulator/http/upgrade.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';

let emu: RunningEmulator;
let port: number;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, smtpPort: 0 });
  port = Number(new URL(emu.url).port);
});
afterAll(async () => {
  await emu.close();
});

/** Sends `head` (+ body) on a fresh connection; resolves with all the server wrote once it closed. */
function exchange(head: string[], body = ''): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (text += d));
    socket.once('error', reject);
    socket.setTimeout(5_000, () => {
      socket.destroy();
      reject(new Error(`no answer and no close within 5 s; got ${JSON.stringify(text.slice(0, 200))}`));
    });
    // The server ends the connection after its answer.
    socket.once('end', () => {
      socket.end();
      const at = text.indexOf('\r\n\r\n');
      resolve({ status: Number(text.slice(9, 12)), headers: text.slice(0, at), body: text.slice(at + 4) });
    });
    socket.write(`${[...head, `Host: 127.0.0.1:${port}`].join('\r\n')}\r\n\r\n${body}`);
  });
}

const auth = (key: string) => `Authorization: Bearer ${key}`;

describe('a request that asks for another protocol', () => {
  it('Upgrade: h2c is answered as the HTTP/1.1 request it is, and the connection closes', async () => {
    const r = await exchange([
      'GET /v1/me HTTP/1.1',
      'Connection: Upgrade, HTTP2-Settings',
      'Upgrade: h2c',
      'HTTP2-Settings: AAMAAABkAAQAAP__',
      auth('emu_growth'),
    ]);
    expect(r.status).toBe(200);
    expect(r.headers).toMatch(/^connection: close$/im);
    expect(JSON.parse(r.body)).toMatchObject({ success: true, data: { plan: 'growth' } });
  });

  it('a WebSocket handshake on a route without WebSocket is answered as a plain request', async () => {
    const r = await exchange([
      'GET /v1/inboxes HTTP/1.1',
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      auth('emu_developer'),
    ]);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ success: true, data: [] });
  });

  it('one with a body is refused with a JSON 400 and does nothing (the POST is not run as a GET)', async () => {
    const body = JSON.stringify({ inbox: 'upgraded@inbox.test' });
    const r = await exchange(
      [
        'POST /v1/inboxes HTTP/1.1',
        'Connection: Upgrade',
        'Upgrade: websocket',
        auth('emu_startup'),
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
      ],
      body,
    );
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toMatchObject({ success: false, error: 'bad_request', hint: expect.stringContaining('Upgrade') });
    const list = await fetch(`${emu.apiUrl}/inboxes`, { headers: { authorization: 'Bearer emu_startup' } });
    expect(((await list.json()) as { data: Array<{ inbox: string }> }).data.map((i) => i.inbox)).not.toContain('upgraded@inbox.test');
  });

  it("a long answer on such a connection (the viewer's event stream) does not hold up the emulator's stop", async () => {
    const own = await startEmulator({ port: 0, smtpPort: 0 });
    const socket = connect(Number(new URL(own.url).port), '127.0.0.1');
    try {
      let text = '';
      socket.setEncoding('utf8').on('data', (d: string) => (text += d));
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.write(`GET /_viewer/events HTTP/1.1\r\nHost: ${new URL(own.url).host}\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n\r\n`);
      await new Promise<void>((resolve) => socket.on('data', () => text.includes('\r\n\r\n') && resolve()));
      expect(text).toMatch(/^HTTP\/1\.1 200/);
      const stopped = own.close().then(() => 'stopped');
      expect(await Promise.race([stopped, new Promise((r) => setTimeout(() => r('still running after 3 s'), 3_000))])).toBe('stopped');
      await closed;
    } finally {
      socket.destroy();
    }
  });

  it('the WebSocket endpoints are /v1/ws and a tunnel id', () => {
    expect(isWebSocketRoute('/v1/ws')).toBe(true);
    expect(isWebSocketRoute('/_emulator/tunnels/tun_1')).toBe(true);
    expect(isWebSocketRoute('/_emulator/tunnels/')).toBe(false);
    expect(isWebSocketRoute('/v1/ws/')).toBe(false);
    expect(isWebSocketRoute('/v1/inboxes')).toBe(false);
  });
});
