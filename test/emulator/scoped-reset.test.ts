// A reset scoped to one account or one inbox (POST /_emulator/reset {apiKey} / {inbox}, `inbox reset`,
// emulator.reset()): the way parallel jobs share one emulator. One job's reset, in the middle of
// another job's SMTP traffic, leaves that job's mail whole; the reset account keeps its key and plan
// and nothing else, across a restart too; an emptied inbox stays registered with its webhooks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { RawSmtp, rfc822 } from '../mail/helpers.js';
import { cliEmulator } from '../cli/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-scoped-reset-'));
const started: RunningEmulator[] = [];
afterAll(async () => {
  for (const e of started) await e.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

function api(emu: RunningEmulator, key: string | null) {
  return async (method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const res = await fetch(`${emu.url}${path}`, {
      method,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  };
}

async function send(port: number, to: string, subject: string): Promise<number> {
  const smtp = await RawSmtp.open(port);
  try {
    await smtp.command('EHLO job.test');
    await smtp.command('MAIL FROM:<app@example.test>');
    await smtp.command(`RCPT TO:<${to}>`);
    return (await smtp.data(rfc822({ to, subject, body: `Your code is ${subject.slice(-6)}` }))).code;
  } finally {
    smtp.close();
  }
}

describe('a reset scoped to one account', () => {
  it("during another job's traffic leaves that job's mail whole; the reset account keeps its key and plan, nothing else, also after a restart", async () => {
    const data = join(dir, 'jobs', 'emulator.json');
    const emu = await startEmulator({ port: 0, smtpPort: 0, data });
    started.push(emu);
    const control = api(emu, null);
    for (const key of ['emu_job_a', 'emu_job_b'])
      expect((await control('POST', '/_emulator/accounts', { apiKey: key, plan: 'growth' })).status).toBeLessThan(300);
    const a = api(emu, 'emu_job_a');
    const b = api(emu, 'emu_job_b');
    expect((await a('POST', '/v1/inboxes', { inbox: 'a@inbox.test' })).status).toBe(201);
    expect((await b('POST', '/v1/inboxes', { inbox: 'b@inbox.test' })).status).toBe(201);
    expect((await a('POST', '/v1/webhooks', { inbox: 'a@inbox.test', url: 'https://hooks.example.test/a' })).body.success).toBe(true);
    expect(await send(emu.smtp.port, 'a@inbox.test', 'job a 111111')).toBe(250);

    // Job B sends 40 messages on 4 connections while job A resets its account 5 times.
    const acked: string[] = [];
    const traffic = Promise.all(
      [0, 1, 2, 3].map(async (c) => {
        for (let i = 0; i < 10; i++) {
          const subject = `job b ${c}-${i} ${String(100000 + c * 10 + i)}`;
          if ((await send(emu.smtp.port, 'b@inbox.test', subject)) === 250) acked.push(subject);
        }
      }),
    );
    for (let r = 0; r < 5; r++) {
      const res = await control('POST', '/_emulator/reset', { apiKey: 'emu_job_a' });
      expect(res).toMatchObject({ status: 200, body: { success: true, scope: 'account' } });
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    await traffic;
    expect(acked).toHaveLength(40);
    const listed = (await b('GET', '/v1/inboxes/b@inbox.test/messages')).body.data.map((m: { subject: string }) => m.subject);
    expect([...listed].sort()).toEqual([...acked].sort());

    // Job A: its key and plan work; no inboxes, webhooks or usage (this is its first request since
    // the last reset); its old address starts empty.
    expect((await a('GET', '/v1/usage')).body.data.requests_used).toBe(1);
    const me = await a('GET', '/v1/me');
    expect(me.body.data.plan).toBe('growth');
    expect((await a('GET', '/v1/inboxes')).body.data).toEqual([]);
    expect((await a('GET', '/v1/webhooks')).body.data).toEqual([]);
    expect((await a('POST', '/v1/inboxes', { inbox: 'a@inbox.test' })).status).toBe(201);
    expect((await a('GET', '/v1/inboxes/a@inbox.test/messages')).body.data).toEqual([]);

    // The same after a restart.
    await emu.close();
    const again = await startEmulator({ port: 0, smtpPort: 0, data });
    started.push(again);
    expect((await api(again, 'emu_job_a')('GET', '/v1/inboxes/a@inbox.test/messages')).body.data).toEqual([]);
    const kept = (await api(again, 'emu_job_b')('GET', '/v1/inboxes/b@inbox.test/messages')).body.data;
    expect(kept).toHaveLength(40);
  });

  it('refuses an unknown key, an inbox of another account, and a scope that is not text', async () => {
    const emu = await startEmulator({ port: 0, smtpPort: 0 });
    started.push(emu);
    const control = api(emu, null);
    expect((await api(emu, 'emu_growth')('POST', '/v1/inboxes', { inbox: 'g@inbox.test' })).status).toBe(201);
    expect(await control('POST', '/_emulator/reset', { apiKey: 'emu_nobody' })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await control('POST', '/_emulator/reset', { apiKey: 'emu_enterprise', inbox: 'g@inbox.test' })).toMatchObject({
      status: 404,
      body: { error: 'inbox_not_found' },
    });
    expect(await control('POST', '/_emulator/reset', { apiKey: 42 })).toMatchObject({ status: 400, body: { error: 'invalid_parameter' } });
    // Nothing was reset.
    expect((await api(emu, 'emu_growth')('GET', '/v1/inboxes')).body.data.map((i: { inbox: string }) => i.inbox)).toEqual(['g@inbox.test']);
  });
});

describe('a reset scoped to one inbox', () => {
  it('empties it (messages and timeline) and keeps it registered with its webhooks; other inboxes keep their mail; new mail comes in', async () => {
    const emu = await startEmulator({ port: 0, smtpPort: 0, data: join(dir, 'inbox', 'emulator.json') });
    started.push(emu);
    const e = api(emu, 'emu_enterprise');
    for (const inbox of ['one@inbox.test', 'two@inbox.test']) expect((await e('POST', '/v1/inboxes', { inbox })).status).toBe(201);
    expect((await e('POST', '/v1/webhooks', { inbox: 'one@inbox.test', url: 'https://hooks.example.test/one' })).body.success).toBe(true);
    for (const to of ['one@inbox.test', 'one@inbox.test', 'two@inbox.test']) expect(await send(emu.smtp.port, to, `before 123456`)).toBe(250);
    await emu.reset({ inbox: 'one@inbox.test' });
    expect((await e('GET', '/v1/inboxes/one@inbox.test/messages')).body.data).toEqual([]);
    const timeline = (await e('GET', '/v1/inboxes/one@inbox.test/timeline')).body.data as Array<{ type: string }>;
    expect(Array.isArray(timeline)).toBe(true);
    expect(timeline.map((t) => t.type)).not.toContain('email_received');
    expect((await e('GET', '/v1/inboxes/two@inbox.test/messages')).body.data).toHaveLength(1);
    expect((await e('GET', '/v1/webhooks')).body.data.map((w: { inbox: string }) => w.inbox)).toEqual(['one@inbox.test']);
    expect(await send(emu.smtp.port, 'one@inbox.test', 'after 654321')).toBe(250);
    expect((await e('GET', '/v1/inboxes/one@inbox.test/messages')).body.data.map((m: { subject: string }) => m.subject)).toEqual(['after 654321']);
  });
});

describe('inbox reset (CLI)', () => {
  it('resets the account of the key in use, empties one inbox with --inbox, everything with --all; asks first, and without a terminal needs --yes', async () => {
    const t = await cliEmulator();
    try {
      await t.client.registerInbox('cli@inbox.test');
      await t.deliver('cli@inbox.test', { subject: 'hello', text: 'code 445566' });
      const noTty = await t.run(['reset']);
      expect(noTty.code).toBe(2);
      expect(noTty.stderr).toContain('inbox reset --yes');
      expect((await t.client.listMessages('cli@inbox.test')).data).toHaveLength(1);

      const one = await t.run(['reset', '--inbox', 'cli@inbox.test', '--yes']);
      expect(one.code, one.stderr).toBe(0);
      expect((await t.client.listMessages('cli@inbox.test')).data).toEqual([]);
      expect((await t.client.listInboxes()).data.map((i) => i.inbox)).toEqual(['cli@inbox.test']);

      const mine = await t.run(['reset', '--yes', '--json']);
      expect(mine.code, mine.stderr).toBe(0);
      expect(JSON.parse(mine.stdout)).toMatchObject({ success: true, scope: 'account' });
      expect((await t.client.listInboxes()).data).toEqual([]);

      const all = await t.run(['reset', '--all', '--yes']);
      expect(all.code, all.stderr).toBe(0);
      expect(all.stderr + all.stdout).toContain('freshly seeded');
    } finally {
      await t.close();
    }
  });
});
