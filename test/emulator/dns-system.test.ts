// `--dns system`: SystemDns against a tiny DNS server on a local UDP port (no internet), and a custom
// domain verified through it end to end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedDns, SystemDns } from '../../emulator/core/accounts/dns.js';
import { EmulatorCore } from '../../emulator/core/emulator.js';
import { responses } from '../../src/api/schemas.js';
import { startDnsServer, type DnsServer, type Zone } from '../helpers/dns-server.js';
import { expectError, expectSchema, makeApp } from '../helpers/emulator.js';

const zone: Zone = {
  'ok.test': {
    mx: [
      { priority: 20, exchange: 'backup.example.test.' },
      { priority: 10, exchange: 'MX.Inbox.Test.' },
    ],
    txt: [['v=spf1 -all'], ['inbox-verif', 'ication=abc']],
  },
  'bare.test': {},
  'broken.test': 'servfail',
  'slow.test': 'silent',
};

let server: DnsServer;
beforeAll(async () => {
  server = await startDnsServer(zone);
});
afterAll(async () => {
  await server.close();
});

describe('SystemDns', () => {
  it('reads MX hosts (lower-cased, no trailing dot) and TXT values (chunks joined)', async () => {
    const dns = new SystemDns({ servers: [server.address], timeoutMs: 2000 });
    expect(dns.mode).toBe('system');
    expect((await dns.mx('ok.test')).sort()).toEqual(['backup.example.test', 'mx.inbox.test']);
    expect((await dns.txt('ok.test')).sort()).toEqual(['inbox-verification=abc', 'v=spf1 -all']);
    expect(server.questions).toEqual(expect.arrayContaining(['MX ok.test', 'TXT ok.test']));
  });

  it('no such domain or no such records: empty lists', async () => {
    const dns = new SystemDns({ servers: [server.address], timeoutMs: 2000 });
    expect(await dns.mx('missing.test')).toEqual([]);
    expect(await dns.txt('missing.test')).toEqual([]);
    expect(await dns.mx('bare.test')).toEqual([]);
    expect(await dns.txt('bare.test')).toEqual([]);
  });

  it('a failing or silent server is an error, not "no records"', async () => {
    const patient = new SystemDns({ servers: [server.address], timeoutMs: 2000, tries: 1 });
    await expect(patient.mx('broken.test')).rejects.toMatchObject({ code: 'ESERVFAIL' });
    const impatient = new SystemDns({ servers: [server.address], timeoutMs: 200, tries: 1 });
    await expect(impatient.txt('slow.test')).rejects.toMatchObject({ code: 'ETIMEOUT' });
  });

  it('EmulatorCore picks the resolver from the dns option', async () => {
    const sys = await EmulatorCore.open({ dataPath: null, dns: 'system' });
    expect(sys.ctx.dns).toBeInstanceOf(SystemDns);
    await sys.close();
    const sim = await EmulatorCore.open({ dataPath: null });
    expect(sim.ctx.dns).toBeInstanceOf(SimulatedDns);
    await sim.close();
  });
});

describe('verify with system DNS', () => {
  it('passes when the live records match, 422 naming the missing one otherwise, 422 when the lookup fails', async () => {
    const t = await makeApp({ dns: new SystemDns({ servers: [server.address], timeoutMs: 1000, tries: 1 }) });
    try {
      const key = 'emu_growth';
      const add = async (domain: string) => (await t.call('POST', '/v1/custom-domains', { key, body: { domain } })).body.data;
      const { txt_record } = await add('live.test');
      zone['live.test'] = { mx: [{ priority: 10, exchange: 'mx.inbox.test.' }] };
      let body = expectError(await t.call('POST', '/v1/custom-domains/live.test/verify', { key }), 422, 'verification_failed');
      expectSchema(responses.verifyCustomDomainFailed, body);
      expect(body.message).toContain('TXT');
      expect(body.message).not.toContain('MX');
      zone['live.test'] = { mx: [{ priority: 10, exchange: 'mx.inbox.test.' }], txt: [[txt_record.slice(0, 20), txt_record.slice(20)]] };
      const ok = await t.call('POST', '/v1/custom-domains/live.test/verify', { key });
      expect(ok.status).toBe(200);
      expect(expectSchema(responses.verifyCustomDomain, ok.body).data?.verified).toBe(true);

      await add('slow.test');
      body = expectError(await t.call('POST', '/v1/custom-domains/slow.test/verify', { key }), 422, 'verification_failed');
      expectSchema(responses.verifyCustomDomainFailed, body);
      expect(body.message).toContain('ETIMEOUT');
      await add('broken.test');
      body = expectError(await t.call('POST', '/v1/custom-domains/broken.test/verify', { key }), 422, 'verification_failed');
      expect(body.message).toContain('ESERVFAIL');
      expect(t.bugs).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
