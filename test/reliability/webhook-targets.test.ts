// Webhook targets on this machine or its link-local network (loopback, localhost names, cloud
// metadata at 169.254.169.254), https included, are refused unless the emulator runs with
// --allow-http-webhooks: a registered webhook would otherwise make the emulator POST mail to them.
import { afterEach, describe, expect, it } from 'vitest';
import { lookup as dnsLookup } from 'node:dns';
import { localTarget } from '../../emulator/core/webhooks.js';
import { createOutbound, type LookupFn } from '../../emulator/outbound.js';
import { expectError } from '../helpers/emulator.js';
import { makeWebhookApp, startReceiver } from '../webhooks/helpers.js';

type T = Awaited<ReturnType<typeof makeWebhookApp>>;
let t: T | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const LOCAL = [
  'https://127.0.0.1/hook',
  'https://127.1:8443/hook',
  'https://0x7f000001/hook',
  'https://127.255.0.9/',
  'https://localhost/hook',
  'https://LOCALHOST./hook',
  'https://api.localhost/hook',
  'https://[::1]:8443/',
  'https://[::ffff:127.0.0.1]/',
  'https://169.254.169.254/latest/meta-data/',
  'https://[fe80::1]/',
  'https://[febf::1]/',
  'https://0.0.0.0/',
  'https://[::]/',
];
const PUBLIC = [
  'https://hooks.example.com/in',
  'https://126.255.255.255/',
  'https://169.253.0.1/',
  'https://[fec0::1]/',
  'https://[2001:db8::1]/',
  'https://localhost.example.com/',
];

describe('loopback and link-local webhook targets', () => {
  it('classifies normalised host names', () => {
    for (const u of LOCAL) expect(localTarget(new URL(u).hostname), u).not.toBeNull();
    for (const u of PUBLIC) expect(localTarget(new URL(u).hostname), u).toBeNull();
    expect(localTarget(new URL('https://169.254.169.254/').hostname)).toBe('link-local');
    expect(localTarget(new URL('https://[::1]/').hostname)).toBe('loopback');
  });

  it.each(LOCAL)('refuses %s without --allow-http-webhooks (400 invalid_url naming the flag)', async (url) => {
    t = await makeWebhookApp({ allowHttp: false });
    await t.register('emu_growth', 'a@inbox.test');
    const body = expectError(await t.call('POST', '/v1/webhooks', { key: 'emu_growth', body: { url, inbox: 'a@inbox.test' } }), 400, 'invalid_url');
    expect(body.message).toMatch(/--allow-http-webhooks/);
    expect(body.hint).toMatch(/webhooks watch/);
    expect(t.core.store.main.data.webhooks).toHaveLength(0);
  });

  it('accepts them with --allow-http-webhooks, and public https targets without it', async () => {
    t = await makeWebhookApp({ allowHttp: true });
    await t.register('emu_growth', 'a@inbox.test');
    for (const url of LOCAL) {
      t.clock.advance(1000);
      expect((await t.call('POST', '/v1/webhooks', { key: 'emu_growth', body: { url, inbox: 'a@inbox.test' } })).status, url).toBe(201);
    }
    await t.close();
    t = await makeWebhookApp({ allowHttp: false });
    await t.register('emu_growth', 'a@inbox.test');
    for (const url of PUBLIC) {
      t.clock.advance(1000);
      expect((await t.call('POST', '/v1/webhooks', { key: 'emu_growth', body: { url, inbox: 'a@inbox.test' } })).status, url).toBe(201);
    }
  });
});

describe('names that resolve to this machine', () => {
  // A resolver that sends every name to 127.0.0.1, as a public name pointing there (or DNS rebinding) would.
  const toLoopback: LookupFn = (_host, options, callback) => dnsLookup('127.0.0.1', options, callback as never);

  it('are not connected to without --allow-http-webhooks; with it they are', async () => {
    const rx = await startReceiver();
    const url = `http://hooks.example.test:${rx.port}/in`;
    const strict = createOutbound({ allowLocal: false, lookup: toLoopback });
    const loose = createOutbound({ allowLocal: true, lookup: toLoopback });
    try {
      await expect(strict.post(url, '{}', { 'content-type': 'application/json' }, new AbortController().signal)).rejects.toThrow(
        /resolves to a loopback address/,
      );
      expect(rx.requests).toHaveLength(0);
      expect(await loose.post(url, '{}', { 'content-type': 'application/json' }, new AbortController().signal)).toBe(200);
      expect(rx.requests).toHaveLength(1);
    } finally {
      await strict.close();
      await loose.close();
      await rx.close();
    }
  });

  it('the refusal names the address and the flag', async () => {
    const { publicOnlyLookup } = await import('../../emulator/outbound.js');
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup(toLoopback)('hooks.example.test', {}, (e) => resolve(e)));
    expect(err?.code).toBe('EWEBHOOKLOCAL');
    expect(err?.message).toMatch(/127\.0\.0\.1.*--allow-http-webhooks/);
    const mapped = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup((_h, _o, cb) => cb(null, [{ address: '::ffff:169.254.169.254', family: 6 }]))('x.test', { all: true }, (e) => resolve(e)),
    );
    expect(mapped?.message).toMatch(/link-local/);
  });
});
