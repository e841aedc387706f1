// Webhook targets on this machine or its link-local network (loopback, localhost names, cloud
// metadata at 169.254.169.254, any address of this machine's own interfaces, the unspecified
// addresses), https included, are refused unless the emulator runs with --allow-http-webhooks: a
// registered webhook would otherwise make the emulator POST mail to them.
import { afterEach, describe, expect, it } from 'vitest';
import { lookup as dnsLookup } from 'node:dns';
import { createServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { localTarget, machineHosts } from '../../emulator/core/delivery/webhooks.js';
import { createOutbound, publicOnlyLookup, type LookupFn } from '../../emulator/outbound.js';
import { expectError } from '../helpers/emulator.js';
import { startEmulator } from '../helpers/reader.js';
import { makeWebhookApp, startReceiver } from '../webhooks/helpers.js';
import { api, registerInbox } from '../ws/helpers.js';

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

/** This machine's non-internal addresses (eth0's in CI): what other machines can reach it at. */
function ownAddresses(family: 'IPv4' | 'IPv6'): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => !a.internal && a.family === family && !a.address.startsWith('fe80:'))
    .map((a) => a.address);
}
const OWN_V4 = ownAddresses('IPv4');
const OWN_V6 = ownAddresses('IPv6');

describe("this machine's own non-loopback addresses", () => {
  it('are classified as this machine when listed, in every spelling a URL can take', () => {
    const own = machineHosts(['192.0.2.2', 'fd00::2', 'fe80::fc:ff:fe00:1%eth0', 'not an address']);
    expect([...own]).toEqual(['192.0.2.2', '[fd00::2]', '[fe80::fc:ff:fe00:1]']);
    for (const u of ['https://192.0.2.2/', 'https://[fd00::2]:8443/', 'https://[FD00:0:0:0:0:0:0:2]/', 'https://[::ffff:192.0.2.2]/', 'https://3221225986/']) {
      expect(localTarget(new URL(u).hostname, own), u).toBe('this-machine');
    }
    expect(localTarget('192.0.2.3', own)).toBeNull();
    expect(localTarget('192.0.2.2')).toBeNull(); // nothing listed: only loopback, link-local and unspecified
  });

  it.skipIf(OWN_V4.length === 0)(
    'a webhook URL naming one is refused without --allow-http-webhooks and accepted with it (real emulator, real HTTP)',
    async () => {
      const urls = [`https://${OWN_V4[0]}/hook`, `https://${OWN_V4[0]}:8443/hook`, ...OWN_V6.slice(0, 1).map((a) => `https://[${a}]/hook`)];
      const strict = await startEmulator({ port: 0, smtpPort: 0 });
      try {
        await registerInbox(strict, 'emu_enterprise', 'own@inbox.test');
        for (const url of urls) {
          const r = await api(strict, 'POST', '/v1/webhooks', { key: 'emu_enterprise', body: { url, inbox: 'own@inbox.test' } });
          expect(r.status, url).toBe(400);
          expect(r.body.error).toBe('invalid_url');
          expect(r.body.message).toMatch(/an address of this machine.*--allow-http-webhooks/);
          expect(r.body.hint).toMatch(/webhooks watch/);
        }
        const listed = await api(strict, 'GET', '/v1/webhooks', { key: 'emu_enterprise' });
        expect(JSON.stringify(listed.body)).not.toContain(OWN_V4[0]);
      } finally {
        await strict.close();
      }
      const loose = await startEmulator({ port: 0, smtpPort: 0, allowHttpWebhooks: true });
      try {
        await registerInbox(loose, 'emu_enterprise', 'own@inbox.test');
        for (const url of urls) {
          const r = await api(loose, 'POST', '/v1/webhooks', { key: 'emu_enterprise', body: { url, inbox: 'own@inbox.test' } });
          expect(r.status, url).toBe(201);
        }
      } finally {
        await loose.close();
      }
    },
  );

  it.skipIf(OWN_V4.length === 0)('a delivery to one is not connected to without the flag (an address in the URL has no lookup); with it, it is', async () => {
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(req.url ?? '');
      req.resume();
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, OWN_V4[0], r));
    const url = `http://${OWN_V4[0]}:${(server.address() as AddressInfo).port}/in`;
    const strict = createOutbound({ allowLocal: false });
    const loose = createOutbound({ allowLocal: true });
    try {
      const refused = await strict.post(url, '{}', { 'content-type': 'application/json' }, new AbortController().signal).catch((e: NodeJS.ErrnoException) => e);
      expect(refused).toBeInstanceOf(Error);
      expect((refused as NodeJS.ErrnoException).code).toBe('EWEBHOOKLOCAL');
      expect((refused as Error).message).toMatch(/an address of this machine.*--allow-http-webhooks/);
      expect(requests).toHaveLength(0);
      expect(await loose.post(url, '{}', { 'content-type': 'application/json' }, new AbortController().signal)).toBe(200);
      expect(requests).toEqual(['/in']);
    } finally {
      await strict.close();
      await loose.close();
      await new Promise((r) => server.close(r));
    }
  });

  // The emulator's own outbound transport, not one made here: without the flag a running emulator
  // does not even connect to an address of this machine. The webhook is registered while the
  // address is not listed as this machine's (as after an address change), so only the delivery's
  // own check stands between it and the target.
  it.skipIf(OWN_V4.length === 0)('a running emulator without the flag does not connect to one when delivering', async () => {
    let connections = 0;
    const target = createTcpServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((r) => target.listen(0, OWN_V4[0], r));
    const url = `https://${OWN_V4[0]}:${(target.address() as AddressInfo).port}/hook`;
    const emu = await startEmulator({ port: 0, smtpPort: 0 });
    try {
      await registerInbox(emu, 'emu_enterprise', 'own@inbox.test');
      const listed = emu.core.webhooks.machineAddresses;
      emu.core.webhooks.machineAddresses = () => [];
      expect((await api(emu, 'POST', '/v1/webhooks', { key: 'emu_enterprise', body: { url, inbox: 'own@inbox.test' } })).status).toBe(201);
      emu.core.webhooks.machineAddresses = listed;
      const attempt = new Promise<{ ok: boolean; error?: string }>((resolve) => emu.events.on('webhook.delivery', resolve));
      const sent = await fetch(`${emu.url}/_emulator/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ raw: 'From: a@example.test\r\nTo: own@inbox.test\r\nSubject: to this machine\r\n\r\nhello\r\n' }),
      });
      expect(sent.status).toBe(201);
      const d = await attempt;
      expect(d.ok).toBe(false);
      expect(d.error).toMatch(/an address of this machine.*--allow-http-webhooks/);
      expect(connections).toBe(0);
    } finally {
      await emu.close();
      await new Promise((r) => target.close(r));
    }
  });

  it.skipIf(OWN_V4.length === 0)('a name that resolves to one is refused at the lookup', async () => {
    const toOwn: LookupFn = (_host, options, callback) => dnsLookup(OWN_V4[0]!, options, callback as never);
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup(toOwn)('hooks.example.test', {}, (e) => resolve(e)));
    expect(err?.code).toBe('EWEBHOOKLOCAL');
    expect(err?.message).toContain(`resolves to an address of this machine (${OWN_V4[0]})`);
  });
});
