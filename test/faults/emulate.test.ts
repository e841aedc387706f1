// `inbox emulate --faults <file>` and INBOX_EMULATOR_FAULTS: the rules are loaded at start and named in
// the banner, each hit is a line on the emulator's terminal (a JSON line with --json), and a bad rule
// file stops the start with exit 10 saying which rule and field. The viewer's Emulator page lists
// the rules with their hits.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { type EmulateRun, emulateInProcess } from '../helpers/emulate.js';

const ARGS = ['--port', '0', '--smtp-port', '0', '--memory'];
let dir: string;
const runs: EmulateRun[] = [];
function emulate(args: string[], env: Record<string, string> = {}): EmulateRun {
  const run = emulateInProcess(args, env);
  runs.push(run);
  return run;
}

async function register(url: string, inbox: string): Promise<void> {
  const r = await fetch(`${url}/v1/inboxes`, {
    method: 'POST',
    headers: { authorization: 'Bearer emu_enterprise', 'content-type': 'application/json' },
    body: JSON.stringify({ inbox }),
  });
  expect(r.status).toBe(201);
}

async function sendTo(smtp: string, to: string): Promise<Error | null> {
  const [host, port] = smtp.split(':');
  const t = nodemailer.createTransport({ host, port: Number(port), secure: false });
  try {
    await t.sendMail({ from: 'app@sender.test', to, subject: 'hi', text: 'hello' });
    return null;
  } catch (e) {
    return e as Error;
  } finally {
    t.close();
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-faults-emulate-'));
});
afterEach(async () => {
  for (const run of runs.splice(0)) await run.stop();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('inbox emulate --faults', () => {
  test('a rule file: named in the banner, each hit a terminal line, listed with its hits in the viewer', async () => {
    const file = join(dir, 'faults.json');
    writeFileSync(
      file,
      JSON.stringify({
        rules: [{ preset: 'greylisting' }, { id: 'gone', where: 'smtp.rcpt', when: { recipient: 'gone@inbox.test' }, what: { reply: '550 5.1.1 Gone' } }],
      }),
    );
    const run = emulate([...ARGS, '--faults', file]);
    const { url, smtp } = await run.ready();
    expect(run.stdout()).toContain('Faults 2 rules: greylisting, gone');
    await register(url, 'me@inbox.test');
    expect((await sendTo(smtp, 'me@inbox.test'))?.message).toContain('451 4.7.1');
    await run.until(() => run.stdout().includes('fault greylisting'));
    expect(run.stdout()).toMatch(
      /\d\d:\d\d:\d\d\.\d{3} {2}fault greylisting {2}smtp\.rcpt {2}451 4\.7\.1 Greylisted: .* \[fault greylisting\] {2}remote=\S+ sender=app@sender\.test recipient=me@inbox\.test/,
    );
    expect(await sendTo(smtp, 'me@inbox.test')).toBeNull();

    const page = await fetch(`${url}/emulator`, { headers: { accept: 'text/html' } });
    const html = await page.text();
    expect(html).toContain('<h2>Fault rules</h2>');
    expect(html).toMatch(/<tr data-fault="greylisting">.*?<td>1<\/td>/s);
    expect(html).toMatch(/<tr data-fault="gone">.*?<td>0<\/td>/s);
    expect(html).toContain('recipient=me@inbox.test');
  });

  test('INBOX_EMULATOR_FAULTS with the rules as JSON; --json: the ready event names them, a hit is a JSON line', async () => {
    const run = emulate([...ARGS, '--json'], { INBOX_EMULATOR_FAULTS: '{"preset":"bounce","recipient":"*@inbox.test"}' });
    const { url, smtp } = await run.ready();
    expect(run.events().find((e) => e.type === 'ready')).toMatchObject({ faults: ['bounce'] });
    await register(url, 'x@inbox.test');
    expect((await sendTo(smtp, 'x@inbox.test'))?.message).toContain('550 5.1.1');
    await run.until(() => run.events().some((e) => e.type === 'fault'));
    expect(run.events().find((e) => e.type === 'fault')).toMatchObject({
      rule: 'bounce',
      place: 'smtp.rcpt',
      effect: expect.stringMatching(/^550 5\.1\.1 No such user/),
      subject: { recipient: 'x@inbox.test', sender: 'app@sender.test' },
    });
  });

  test('a bad rule file, a missing one, or JSON that is not: exit 10 naming the problem', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([{ where: 'smtp.rcpt' }, { where: 'smtp.mail', what: { reply: '250 ok' } }]));
    const r = emulate([...ARGS, '--faults', bad]);
    expect(await r.done).toBe(EXIT.emulator);
    expect(r.stderr()).toContain('rules[0].what: an SMTP rule needs an effect');
    expect(r.stderr()).toContain('docs/faults.md');

    const missing = emulate([...ARGS, '--faults', join(dir, 'nope.json')]);
    expect(await missing.done).toBe(EXIT.emulator);
    expect(missing.stderr()).toContain('no file');
    expect(missing.stderr()).toContain('Give the path of a JSON rule file, or the rules themselves as JSON. docs/faults.md describes');

    const notJson = emulate([...ARGS], { INBOX_EMULATOR_FAULTS: '{"preset": greylisting}' });
    expect(await notJson.done).toBe(EXIT.emulator);
    expect(notJson.stderr()).toContain('not valid JSON');
  });
});
