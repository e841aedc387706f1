// STARTTLS is offered only with a configured certificate, and then works end to end.
import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { RawSmtp } from './helpers.js';

// A self-signed P-256 certificate for localhost, valid until 2126, kept with the tests: generating an
// RSA key per run cost most of a second of CPU, and the test skipped wherever openssl was missing.
const fixture = (name: string) => readFileSync(new URL(`../fixtures/tls/${name}`, import.meta.url), 'utf8');
const tls = { key: fixture('localhost.key.pem'), cert: fixture('localhost.cert.pem') };
let emu: RunningEmulator;

describe('STARTTLS with a certificate', () => {
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, smtpPort: 0, smtpTls: tls });
    const r = await fetch(`${emu.apiUrl}/inboxes`, {
      method: 'POST',
      headers: { authorization: 'Bearer emu_growth', 'content-type': 'application/json' },
      body: JSON.stringify({ inbox: 'tls@inbox.test' }),
    });
    expect(r.status).toBe(201);
  });
  afterAll(() => emu?.close());

  it('is advertised and a client that requires TLS delivers over it', async () => {
    const c = await RawSmtp.open(emu.smtp.port);
    const caps = (await c.command('EHLO client.test')).lines.map((l) => l.slice(4));
    expect(caps).toContain('STARTTLS');
    c.close();
    const transport = nodemailer.createTransport({
      host: emu.smtp.host,
      port: emu.smtp.port,
      secure: false,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
    });
    const info = await transport.sendMail({ from: 'x@example.test', to: 'tls@inbox.test', subject: 'over tls', text: 'secret' });
    transport.close();
    expect(info.response).toMatch(/^250 /);
    const list = await fetch(`${emu.apiUrl}/inboxes/tls%40inbox.test/messages`, { headers: { authorization: 'Bearer emu_growth' } });
    expect(((await list.json()) as any).data[0].subject).toBe('over tls');
  });
});
