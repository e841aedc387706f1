// The per-inbox mail routes in-process (app.request, manual clock): messages list/get/delete, plan
// masking and attachment gating per plan, otp, wait, and their errors.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLAN_NAMES, type PlanName } from '../../src/api/plans.js';
import { responses } from '../../src/api/schemas.js';
import { SEED_KEYS } from '../../emulator/core/state.js';
import { expectError, expectSchema, inboxPath, mailApp, type MailApp } from './helpers.js';

let t: MailApp;
const inboxOf = (plan: PlanName) => `${plan}-box@inbox.test`;
const CODE_MAIL = { subject: 'Your code', text: 'Your verification code is 739201.\nConfirm your email: https://app.example.com/verify?token=zz9' };

beforeEach(async () => {
  t = await mailApp();
  for (const plan of PLAN_NAMES) await t.register(SEED_KEYS[plan], inboxOf(plan));
});
afterEach(async () => {
  expect(t.bugs).toEqual([]);
  await t.close();
});

function attachmentMail(to: string, parts: Array<{ name: string; bytes: Buffer }>): string {
  const b = 'b-123';
  const lines = [
    `From: x@example.test`,
    `To: ${to}`,
    'Subject: with files',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${b}"`,
    '',
    `--${b}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'see attached',
    '',
  ];
  for (const p of parts) {
    lines.push(
      `--${b}`,
      `Content-Type: application/octet-stream; name="${p.name}"`,
      `Content-Disposition: attachment; filename="${p.name}"`,
      'Content-Transfer-Encoding: base64',
      '',
      ...(p.bytes.toString('base64').match(/.{1,76}/g) ?? []),
      '',
    );
  }
  lines.push(`--${b}--`, '');
  return lines.join('\r\n');
}

describe('GET .../messages', () => {
  it('lists summaries newest first with a count', async () => {
    const to = inboxOf('growth');
    const [first] = await t.inject({ to, subject: 'first', text: 'one' });
    t.clock.advance(5000);
    const [second] = await t.inject({ to, subject: 'second', text: 'two', from: 'Acme <hi@acme.test>' });
    const r = await t.get(inboxPath(to, '/messages'), SEED_KEYS.growth);
    expect(r.status).toBe(200);
    const body = expectSchema(responses.listMessages, r.body);
    expect(body.count).toBe(2);
    expect(body.data.map((m) => m.id)).toEqual([second, first]);
    expect(body.data[0]).toEqual({
      id: second,
      from: '"Acme" <hi@acme.test>',
      to,
      subject: 'second',
      date: new Date(t.clock.now() - 1000).toISOString(),
      hasAttachment: false,
      otp: null,
      verificationLink: null,
      wasAttachmentStripped: false,
    });
  });

  it('is empty for a fresh inbox and names the inbox case-insensitively', async () => {
    const r = await t.get(inboxPath(inboxOf('free').toUpperCase(), '/messages'), SEED_KEYS.free);
    expect(r.body).toEqual({ success: true, data: [], count: 0 });
  });
});

describe('plan masking', () => {
  it('shows __DETECTED__ with an upgrade hint below growth, the values from growth up, null when nothing was found', async () => {
    for (const plan of PLAN_NAMES) {
      await t.inject({ to: inboxOf(plan), from: 'a@example.test', subject: 'plain', text: 'nothing to see' });
      t.clock.advance(1000);
      await t.inject({ to: inboxOf(plan), from: 'a@example.test', ...CODE_MAIL });
    }
    for (const plan of PLAN_NAMES) {
      const list = await t.get(inboxPath(inboxOf(plan), '/messages'), SEED_KEYS[plan]);
      const [withCode, plain] = list.body.data;
      const one = (await t.get(inboxPath(inboxOf(plan), `/messages/${withCode.id}`), SEED_KEYS[plan])).body.data;
      expect(plain).toMatchObject({ otp: null, verificationLink: null });
      expect(plain._upgrade_hint).toBeUndefined();
      for (const view of [withCode, one]) {
        if (plan === 'growth' || plan === 'enterprise') {
          expect(view).toMatchObject({ otp: '739201', verificationLink: 'https://app.example.com/verify?token=zz9' });
          expect(view._upgrade_hint).toBeUndefined();
        } else {
          expect(view).toMatchObject({ otp: '__DETECTED__', verificationLink: '__DETECTED__' });
          expect(view._upgrade_hint).toMatch(/growth/);
        }
      }
    }
  });
});

describe('GET .../messages/{id}', () => {
  it('returns text, html and attachments (base64) from startup up; below, _attachments_blocked instead', async () => {
    const files = [
      { name: 'a.bin', bytes: Buffer.from([0, 1, 2, 253, 254, 255]) },
      { name: 'b.txt', bytes: Buffer.from('hello file\n') },
    ];
    for (const plan of PLAN_NAMES) {
      const [id] = await t.inject({ raw: attachmentMail(inboxOf(plan), files) });
      const r = await t.get(inboxPath(inboxOf(plan), `/messages/${id}`), SEED_KEYS[plan]);
      expect(r.status).toBe(200);
      const m = expectSchema(responses.getMessage, r.body).data;
      expect(m).toMatchObject({ id, subject: 'with files', hasAttachment: true, html: null });
      expect(m.text?.trim()).toBe('see attached');
      // The list item says whether the plan gets the attachments back (the hosted server's flag).
      const listed = expectSchema(responses.listMessages, (await t.get(inboxPath(inboxOf(plan), '/messages'), SEED_KEYS[plan])).body).data;
      const stripped = plan === 'free' || plan === 'developer';
      expect(listed.find((x) => x.id === id)).toMatchObject({ hasAttachment: true, wasAttachmentStripped: stripped });
      expect(m.wasAttachmentStripped).toBe(stripped);
      if (stripped) {
        expect(m.attachments).toBeUndefined();
        expect(m._attachments_blocked).toMatch(/startup/);
      } else {
        expect(m._attachments_blocked).toBeUndefined();
        expect(m.attachments!.map((a) => [a.filename, a.size, Buffer.from(a.content, 'base64')])).toEqual(files.map((f) => [f.name, f.bytes.length, f.bytes]));
      }
    }
  });

  it("leaves out attachments over the plan's size limit and says so", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 7);
    const small = Buffer.from('small');
    const [id] = await t.inject({
      raw: attachmentMail(inboxOf('startup'), [
        { name: 'big.bin', bytes: big },
        { name: 's.txt', bytes: small },
      ]),
    });
    const m = (await t.get(inboxPath(inboxOf('startup'), `/messages/${id}`), SEED_KEYS.startup)).body.data;
    expect(m.attachments.map((a: { filename: string }) => a.filename)).toEqual(['s.txt']);
    expect(m._attachments_blocked).toMatch(/5 MB.*big\.bin/);
    expect(m.wasAttachmentStripped).toBe(true);
    const g = (
      await t.get(
        inboxPath(inboxOf('growth'), `/messages/${(await t.inject({ raw: attachmentMail(inboxOf('growth'), [{ name: 'big.bin', bytes: big }]) }))[0]}`),
        SEED_KEYS.growth,
      )
    ).body.data;
    expect(Buffer.from(g.attachments[0].content, 'base64').equals(big)).toBe(true);
  });

  it('answers 404 not_found for an unknown id', async () => {
    expectError(await t.get(inboxPath(inboxOf('growth'), '/messages/nope123'), SEED_KEYS.growth), 404, 'not_found');
  });
});

describe('DELETE .../messages/{id}', () => {
  it('deletes (200), then the message is gone (404 on get; a second delete is 200 with success: false)', async () => {
    const to = inboxOf('developer');
    const [id] = await t.inject({ to, subject: 'bye', text: 'x' });
    t.clock.advance(1000);
    const r = await t.call('DELETE', inboxPath(to, `/messages/${id}`), { key: SEED_KEYS.developer });
    expect(r.status).toBe(200);
    expectSchema(responses.deleteMessage, r.body);
    expect((await t.get(inboxPath(to, '/messages'), SEED_KEYS.developer)).body.count).toBe(0);
    expectError(await t.get(inboxPath(to, `/messages/${id}`), SEED_KEYS.developer), 404, 'not_found');
    t.clock.advance(1000);
    const again = await t.call('DELETE', inboxPath(to, `/messages/${id}`), { key: SEED_KEYS.developer });
    expect(again.status).toBe(200);
    expect(expectSchema(responses.deleteMessage, again.body)).toEqual({ success: false, message: expect.stringContaining(id!) });
    t.clock.advance(1000);
    const unknown = await t.call('DELETE', inboxPath(to, '/messages/nope'), { key: SEED_KEYS.developer });
    expect(unknown.body).toEqual({ success: false, message: expect.any(String) });
    await t.core.messages.settled();
  });
});

describe('ownership', () => {
  it("answers 403 inbox_not_owned on every per-inbox route for another account's inbox or an unregistered one", async () => {
    const [id] = await t.inject({ to: inboxOf('growth'), subject: 's', text: 'x' });
    const routes: Array<[string, string]> = [
      ['GET', '/messages'],
      ['GET', `/messages/${id}`],
      ['DELETE', `/messages/${id}`],
      ['GET', '/otp'],
      ['GET', '/wait?timeout=10'],
      ['GET', '/timeline'],
      ['GET', '/insights'],
    ];
    for (const inbox of [inboxOf('growth'), 'never-registered@inbox.test']) {
      for (const [method, rest] of routes) {
        t.clock.advance(1000);
        const r = await t.call(method, inboxPath(inbox, rest), { key: SEED_KEYS.enterprise });
        expectError(r, 403, 'inbox_not_owned');
      }
    }
    // Nothing was deleted by the refused DELETE.
    expect((await t.get(inboxPath(inboxOf('growth'), '/messages'), SEED_KEYS.growth)).body.count).toBe(1);
  });
});

describe('GET .../otp', () => {
  it('is 403 plan_required below growth', async () => {
    for (const plan of ['free', 'developer', 'startup'] as const) {
      const body = expectError(await t.get(inboxPath(inboxOf(plan), '/otp'), SEED_KEYS[plan]), 403, 'plan_required');
      expect(body.upgrade_url).toEqual(expect.any(String));
      // The plan is checked before ownership: an inbox that is not the caller's gets the same answer.
      expectError(await t.get(inboxPath('never-registered@inbox.test', '/otp'), SEED_KEYS[plan]), 403, 'plan_required');
    }
  });

  it('answers otp null with a message when none was found, else the newest code with its message, top level', async () => {
    const to = inboxOf('growth');
    const none = await t.get(inboxPath(to, '/otp'), SEED_KEYS.growth);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ success: true, otp: null, message: expect.any(String) });
    await t.inject({ to, from: 'old@example.test', subject: 'old code', text: 'Your code is 111222' });
    t.clock.advance(1000);
    const [id] = await t.inject({ to, from: 'auth@example.test', ...CODE_MAIL });
    const receivedAt = t.clock.now();
    t.clock.advance(1000);
    await t.inject({ to, subject: 'newsletter', text: 'no code here' });
    const r = await t.get(inboxPath(to, '/otp'), SEED_KEYS.growth);
    expect(r.status).toBe(200);
    expect(expectSchema(responses.otp, r.body)).toEqual({
      success: true,
      otp: '739201',
      email_id: id,
      from: 'auth@example.test',
      subject: 'Your code',
      timestamp: receivedAt,
      verification_link: 'https://app.example.com/verify?token=zz9',
    });
  });
});

describe('GET .../wait', () => {
  const remaining = (r: { headers: Headers }) => Number(r.headers.get('X-RateLimit-Remaining-Month'));

  it('is 403 plan_required on the free plan, and still costs 10', async () => {
    const before = remaining(await t.get('/v1/usage', SEED_KEYS.free));
    const r = await t.get(inboxPath(inboxOf('free'), '/wait'), SEED_KEYS.free);
    const body = expectError(r, 403, 'plan_required');
    expect(body).toMatchObject({ upgrade_url: expect.any(String), upgrade_required: true, recommended_plan: 'developer', pricing_url: expect.any(String) });
    expect(before - remaining(r)).toBe(10);
    // The plan is checked before ownership.
    expectError(await t.get(inboxPath('never-registered@inbox.test', '/wait'), SEED_KEYS.free), 403, 'plan_required');
  });

  it('times out after 30 s of emulator time by default with {success: false, message: "Timeout reached"} and costs 10', async () => {
    const to = inboxOf('developer');
    const before = remaining(await t.get('/v1/usage', SEED_KEYS.developer));
    t.clock.advance(1000);
    const pending = t.call('GET', inboxPath(to, '/wait'), { key: SEED_KEYS.developer });
    await until(() => t.core.waits.pending === 1);
    t.clock.advance(29_999);
    await Promise.resolve();
    expect(t.core.waits.pending).toBe(1);
    t.clock.advance(1);
    const r = await pending;
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: false, message: 'Timeout reached' });
    expect(before - remaining(r)).toBe(10);
  });

  it('clamps timeout to 10..60 seconds; a non-number counts as 30', async () => {
    const to = inboxOf('growth');
    for (const [q, ms] of [
      ['1', 10_000],
      ['600', 60_000],
      ['12.5', 12_500],
      ['soon', 30_000],
    ] as const) {
      t.clock.advance(1000);
      const pending = t.call('GET', inboxPath(to, `/wait?timeout=${q}`), { key: SEED_KEYS.growth });
      await until(() => t.core.waits.pending === 1);
      t.clock.advance(ms - 1);
      await Promise.resolve();
      expect(t.core.waits.pending).toBe(1);
      t.clock.advance(1);
      expect((await pending).body).toEqual({ success: false, message: 'Timeout reached' });
    }
  });

  it('answers as soon as a message arrives, masked for the plan', async () => {
    const to = inboxOf('startup');
    t.clock.advance(1000);
    const pending = t.call('GET', inboxPath(to, '/wait?timeout=60'), { key: SEED_KEYS.startup });
    await until(() => t.core.waits.pending === 1);
    const [id] = await t.inject({ to, ...CODE_MAIL });
    const r = await pending;
    expect(r.status).toBe(200);
    const body = expectSchema(responses.wait, r.body);
    expect(body).toMatchObject({ success: true, data: { id, to, otp: '__DETECTED__', verificationLink: '__DETECTED__' } });
    expect(r.body.data._upgrade_hint).toMatch(/growth/);
    expect(t.core.waits.pending).toBe(0);
  });

  it('with since, returns the newest message newer than it at once, or waits when there is none yet', async () => {
    const to = inboxOf('growth');
    const [m1] = await t.inject({ to, subject: 'm1', text: 'a' });
    t.clock.advance(1000);
    const [m2] = await t.inject({ to, subject: 'm2', text: 'b' });
    t.clock.advance(1000);
    const [m3] = await t.inject({ to, subject: 'm3', text: 'c' });
    const r = await t.get(inboxPath(to, `/wait?since=${m1}`), SEED_KEYS.growth);
    expect(r.body).toMatchObject({ success: true, data: { id: m3, subject: 'm3' } });
    t.clock.advance(1000);
    const r2 = await t.get(inboxPath(to, `/wait?since=${m2}`), SEED_KEYS.growth);
    expect(r2.body).toMatchObject({ success: true, data: { id: m3 } });
    expect(t.core.waits.pending).toBe(0);

    t.clock.advance(1000);
    const pending = t.call('GET', inboxPath(to, `/wait?since=${m3}&timeout=20`), { key: SEED_KEYS.growth });
    await until(() => t.core.waits.pending === 1);
    const [m4] = await t.inject({ to, subject: 'm4', text: 'd' });
    expect((await pending).body).toMatchObject({ success: true, data: { id: m4 } });
  });

  it('does not answer with mail for another inbox', async () => {
    t.clock.advance(1000);
    const pending = t.call('GET', inboxPath(inboxOf('growth'), '/wait?timeout=10'), { key: SEED_KEYS.growth });
    await until(() => t.core.waits.pending === 1);
    await t.inject({ to: inboxOf('enterprise'), subject: 'elsewhere', text: 'x' });
    expect(t.core.waits.pending).toBe(1);
    t.clock.advance(10_000);
    expect((await pending).body).toEqual({ success: false, message: 'Timeout reached' });
  });
});

/** Awaits a condition that event handlers make true (no fixed sleeps). */
async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; !cond(); i++) {
    if (i > 10_000) throw new Error('condition never became true');
    await new Promise((r) => setImmediate(r));
  }
}
