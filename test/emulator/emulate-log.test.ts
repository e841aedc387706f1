// The emulator's log line for each message names its sender (issue 33): `inbox emulate` run in-process,
// mail sent over real SMTP, in text (a pipe) and --json.
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { emulateInProcess, type EmulateRun } from '../helpers/emulate.js';

const runs: EmulateRun[] = [];
afterEach(async () => {
  for (const run of runs.splice(0)) await run.stop();
});

async function start(args: string[]): Promise<{ run: EmulateRun; url: string; host: string; port: number }> {
  const run = emulateInProcess(['--port', '0', '--smtp-port', '0', '--memory', ...args], { NO_COLOR: '1' });
  runs.push(run);
  const { url, smtp } = await run.ready();
  const [host, port] = [smtp.slice(0, smtp.lastIndexOf(':')), Number(smtp.slice(smtp.lastIndexOf(':') + 1))];
  const made = await fetch(`${url}/v1/inboxes`, {
    method: 'POST',
    headers: { authorization: 'Bearer emu_enterprise', 'content-type': 'application/json' },
    body: JSON.stringify({ inbox: 'log@inbox.test' }),
  });
  expect(made.status).toBe(201);
  return { run, url, host, port };
}

async function send(host: string, port: number, mail: SendMailOptions): Promise<void> {
  const smtp = nodemailer.createTransport({ host, port, secure: false });
  try {
    await smtp.sendMail(mail);
  } finally {
    smtp.close();
  }
}

describe("inbox emulate's message line", () => {
  it('shows the sender by address: the From header, else the envelope sender', async () => {
    const { run, host, port } = await start([]);
    await send(host, port, { from: '"Acme Billing" <billing@acme.test>', to: 'log@inbox.test', subject: 'Invoice 7', text: 'Your sign-in code 482913' });
    await run.until(() => run.stdout().includes('"Invoice 7"'));
    const line = run
      .stdout()
      .split('\n')
      .find((l) => l.includes('"Invoice 7"'))!;
    expect(line).toMatch(/ {2}log@inbox\.test {2}from billing@acme\.test {2}"Invoice 7" {2}code 482913$/);

    // No From header: the envelope's MAIL FROM is the sender.
    await send(host, port, {
      envelope: { from: 'bounce@lists.test', to: ['log@inbox.test'] },
      raw: 'To: log@inbox.test\r\nSubject: No header\r\n\r\nhi\r\n',
    });
    await run.until(() => run.stdout().includes('"No header"'));
    expect(run.stdout()).toMatch(/from bounce@lists\.test {2}"No header"/);
  });

  it('carries the whole From value in --json', async () => {
    const { run, host, port } = await start(['--json']);
    await send(host, port, { from: 'Acme <no-reply@acme.test>', to: 'log@inbox.test', subject: 'Welcome', text: 'hello' });
    await run.until(() => run.events().some((e) => e.type === 'message'));
    expect(run.events().find((e) => e.type === 'message')).toMatchObject({ inbox: 'log@inbox.test', from: '"Acme" <no-reply@acme.test>', subject: 'Welcome' });
  });
});
