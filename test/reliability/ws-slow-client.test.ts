// A WebSocket client that never reads its frames is cut once more than maxWsBufferedBytes wait for
// it (they used to pile up without bound: ~88 MB for one such client), while a client of the same
// account that reads keeps its connection and gets every frame. Real sockets; the limit is small
// here, and frames are announced straight on the core bus so the flood is quick.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { deliverMail, message } from '../webhooks/helpers.js';
import { api, connect, registerInbox } from '../ws/helpers.js';

const KEY = 'emu_enterprise';
const INBOX = 'flood@inbox.test';
const LIMIT = 256 * 1024;
let emu: RunningEmulator;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, smtpPort: 0, settings: { maxWsBufferedBytes: LIMIT } });
  const r = await api(emu, 'POST', '/_emulator/accounts', {
    body: { apiKey: KEY, plan: 'enterprise', limits: { perSecond: 1_000_000, perMonth: 1_000_000_000 } },
  });
  expect(r.status).toBeLessThan(300);
  await registerInbox(emu, KEY, INBOX);
});
afterAll(() => emu.close());

describe('WebSocket clients that do not read', () => {
  it('are cut past the buffered-bytes limit; a reading client of the same account stays', async () => {
    const reader = await connect(emu, { api_key: KEY, mailbox: INBOX });
    const stalled = await connect(emu, { api_key: KEY, mailbox: INBOX });
    expect((await reader.next()).type).toBe('connected');
    expect((await stalled.next()).type).toBe('connected');
    stalled.ws.pause(); // stops reading its socket: the kernel buffers fill, then the server's queue
    let received = 0;
    reader.ws.on('message', () => received++);

    // ~3 KB frames (a 1,000-character subject of 3-byte characters) until the server lets it go.
    const subject = '€'.repeat(1000);
    let sent = 0;
    for (let batch = 0; batch < 200 && emu.core.push.total > 1; batch++) {
      for (let i = 0; i < 100; i++) deliverMail(emu.core, INBOX, message({ subject }));
      sent += 100;
      await new Promise((r) => setTimeout(r, 10)); // lets the sockets drain what they can
    }
    // Only the stalled one went: the reader's subscription is still there.
    expect(emu.core.push.total).toBe(1);
    expect(reader.ws.readyState).toBe(reader.ws.OPEN);
    // The reader got every frame (it is read as fast as it comes).
    while (received < sent) await new Promise((r) => setTimeout(r, 10));
    expect(received).toBe(sent);
    reader.ws.terminate();
    stalled.ws.terminate();
  });
});
