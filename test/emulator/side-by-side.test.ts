// No module-level state: two emulators in one process keep separate accounts, limits, clocks, DNS
// and files, in-process and on real ports.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { EmulatorCore } from '../../emulator/core/emulator.js';
import { StoreError } from '../../emulator/store/errors.js';
import { startEmulator } from '../helpers/reader.js';
import { makeApp, T0 } from '../helpers/emulator.js';

describe('two emulators in one process', () => {
  it('closing one core leaves the timers of a clock it was given (and may share) alone', async () => {
    const clock = new EmulatorClock({ mode: 'manual', start: T0 });
    const a = await EmulatorCore.open({ dataPath: null, clock });
    const b = await EmulatorCore.open({ dataPath: null, clock });
    let fired = 0;
    clock.setTimer(1000, () => fired++);
    await a.close();
    clock.advance(1000);
    expect(fired).toBe(1);
    await b.close();
  });

  it('in-process: separate limits, inboxes, clocks, secrets and zones', async () => {
    const a = await makeApp();
    const b = await makeApp();
    try {
      expect((await a.call('GET', '/v1/me', { key: 'emu_free' })).status).toBe(200);
      expect((await a.call('GET', '/v1/me', { key: 'emu_free' })).status).toBe(429);
      expect((await b.call('GET', '/v1/me', { key: 'emu_free' })).status).toBe(200); // B's window is its own

      expect((await a.call('POST', '/v1/inboxes', { key: 'emu_growth', body: { inbox: 'x@inbox.test' } })).status).toBe(201);
      expect((await b.call('GET', '/v1/inboxes', { key: 'emu_growth' })).body.count).toBe(0);
      expect((await b.call('POST', '/v1/inboxes', { key: 'emu_startup', body: { inbox: 'x@inbox.test' } })).status).toBe(201);

      await a.call('POST', '/_emulator/clock', { body: { advanceMs: 40 * 24 * 3600 * 1000 } });
      expect(b.clock.now()).toBe(T0);
      expect((await b.call('GET', '/_emulator/health')).body.now).toBe(new Date(T0).toISOString());

      const txtA = (await a.call('POST', '/v1/custom-domains', { key: 'emu_growth', body: { domain: 'd.test' } })).body.data.txt_record;
      const txtB = (await b.call('POST', '/v1/custom-domains', { key: 'emu_growth', body: { domain: 'd.test' } })).body.data.txt_record;
      expect(txtA).not.toBe(txtB); // each data file has its own secret

      await a.call('POST', '/_emulator/dns', {
        body: {
          domain: 'd.test',
          records: [
            { type: 'MX', value: 'mx.inbox.test' },
            { type: 'TXT', value: txtA },
          ],
        },
      });
      expect((await a.call('POST', '/v1/custom-domains/d.test/verify', { key: 'emu_growth' })).status).toBe(200);
      expect((await b.call('POST', '/v1/custom-domains/d.test/verify', { key: 'emu_growth' })).status).toBe(422);

      await a.call('POST', '/_emulator/accounts', { body: { apiKey: 'only-a', plan: 'startup' } });
      expect((await b.call('GET', '/v1/me', { key: 'only-a' })).status).toBe(401);
      expect(a.bugs).toEqual([]);
      expect(b.bugs).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('on real ports with their own data files; the same file twice is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inbox-side-'));
    const a = await startEmulator({ port: 0, smtpPort: 0, data: join(dir, 'a.json'), sync: 'never' });
    const b = await startEmulator({ port: 0, smtpPort: 0, data: join(dir, 'b.json'), sync: 'never' });
    try {
      expect(a.url).not.toBe(b.url);
      expect(a.smtp.port).not.toBe(b.smtp.port);
      const post = (url: string, key: string, inbox: string) =>
        fetch(`${url}/inboxes`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ inbox }),
        });
      expect((await post(a.apiUrl, 'emu_developer', 'one@inbox.test')).status).toBe(201);
      expect((await post(b.apiUrl, 'emu_developer', 'one@inbox.test')).status).toBe(201);
      const usage = async (url: string) =>
        (await (await fetch(`${url}/usage`, { headers: { authorization: 'Bearer emu_developer' } })).json()).data.requests_used;
      expect(await usage(a.apiUrl)).toBe(2);
      await post(a.apiUrl, 'emu_developer', 'two@inbox.test');
      expect(await usage(a.apiUrl)).toBe(4);
      expect(await usage(b.apiUrl)).toBe(2);

      const err = await startEmulator({ port: 0, smtpPort: 0, data: join(dir, 'a.json') }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StoreError);
      expect((err as StoreError).code).toBe('data_locked');
      expect((await fetch(`${a.url}/_emulator/health`)).status).toBe(200); // the first one is unharmed
    } finally {
      await a.close();
      await b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
