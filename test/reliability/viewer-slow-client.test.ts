// The viewer's event stream (GET /_viewer/events, Server-Sent Events) cuts a client that never reads
// once more than maxWsBufferedBytes of events wait for it, as the WebSocket push does; before, its
// events queued in the emulator without bound. A page of the same emulator that reads keeps its
// stream and gets every event. Real sockets; the limit is small here (64 KiB; 4 MiB by default), and
// mail is announced straight on the core bus so the flood is quick. The kernel's socket buffers hold a
// few MiB of it for the stalled client whatever the emulator does: that, and no more, is what it
// reads once it reads again.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { deliverMail, message } from '../webhooks/helpers.js';

const INBOX = 'viewer-flood@inbox.test';
const LIMIT = 64 * 1024;
const MIB = 1024 * 1024;
let emu: RunningEmulator;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, smtpPort: 0, settings: { maxWsBufferedBytes: LIMIT } });
  emu.core.inboxes.register(emu.core.accounts.byKey('emu_growth')!, INBOX);
});
afterAll(() => emu.close());

interface EventStream {
  socket: Socket;
  /** Bytes read so far (headers included). */
  bytes(): number;
  /** `event: mail` lines read so far. */
  mails(): number;
  closed: Promise<void>;
}

/** Opens GET /_viewer/events on a raw socket and waits for the stream's hello event. */
async function openStream(): Promise<EventStream> {
  const port = Number(new URL(emu.url).port);
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let bytes = 0;
  let mails = 0;
  let tail = '';
  let hello: () => void = () => undefined;
  const greeted = new Promise<void>((resolve) => {
    hello = resolve;
  });
  socket.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    const text = tail + chunk.toString('latin1');
    mails += text.split('event: mail\n').length - 1;
    if (text.includes('event: hello\n')) hello();
    tail = text.slice(-16);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(`GET /_viewer/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
  await greeted;
  return { socket, bytes: () => bytes, mails: () => mails, closed };
}

describe('viewer event stream clients that do not read', () => {
  it('are cut past the buffered-bytes limit, so what they can be sent is bounded; a reading client stays and gets every event', async () => {
    const reader = await openStream();
    const stalled = await openStream();
    stalled.socket.pause(); // never reads again until the flood is over: the kernel buffers fill, then the emulator's queue

    // ~3 KB events (a 1,000-character subject of 3-byte characters), in batches well under the limit
    // so a client that reads keeps up; 20 MiB in all, several times what the kernel buffers hold.
    const subject = '€'.repeat(1000);
    const total = Math.ceil((20 * MIB) / 3000);
    for (let sent = 0; sent < total; ) {
      for (let i = 0; i < 10 && sent < total; i++, sent++) deliverMail(emu.core, INBOX, message({ subject }));
      await new Promise((r) => setTimeout(r, 1));
    }
    // The reader got every event and its stream is still open.
    const deadline = Date.now() + 10_000;
    while (reader.mails() < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(reader.mails()).toBe(total);
    expect(reader.socket.destroyed).toBe(false);

    // The stalled one reads again: it gets what the kernel held for it and then the end of the
    // connection, not the 20 MiB (without the cut it got all of it and stayed open).
    let ended = false;
    void stalled.closed.then(() => {
      ended = true;
    });
    stalled.socket.resume();
    let last = -1;
    while (!ended && stalled.bytes() !== last) {
      last = stalled.bytes();
      await new Promise((r) => setTimeout(r, 300));
    }
    await Promise.race([stalled.closed, new Promise((r) => setTimeout(r, 2_000))]);
    expect(stalled.bytes()).toBeLessThan(8 * MIB);
    expect(ended).toBe(true);

    // A client that connects now is served as usual.
    const later = await openStream();
    deliverMail(emu.core, INBOX, message({ subject: 'after the cut' }));
    while (later.mails() < 1) await new Promise((r) => setTimeout(r, 10));
    reader.socket.destroy();
    later.socket.destroy();
  });
});
