// The mail viewer end to end in a real browser (Chromium driven by playwright-core) against
// startEmulator() on real ports, mail sent over real SMTP. Skipped without a Chromium (a loud notice
// says so; INBOX_REQUIRE_BROWSER=1 turns the skip into a failure). Also writes docs/viewer.png.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { browserRequired, findChromium, HOW_TO_GET_ONE, launchBrowser, type LaunchedBrowser } from '../helpers/browser.js';

/** A PNG of `width` × `height` red pixels, made here (the thumbnail test needs a real image). */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([220, 30, 30]))])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const haveBrowser = findChromium() !== null;
if (!haveBrowser && browserRequired()) throw new Error(`INBOX_REQUIRE_BROWSER=1 but no Chromium was found. ${HOW_TO_GET_ONE}`);

const KEY = 'emu_enterprise';
const A = 'alice@inbox.test';
const B = 'bob@inbox.test';
const C = 'carol@inbox.test';

/** A web server on loopback that counts requests per path, and serves one page (a hostile site). */
interface Probe {
  url: string;
  hits: Map<string, number>;
  /** Resolves when `path` has been requested once. */
  waitFor(path: string): Promise<void>;
  page: string;
  close(): Promise<void>;
}

async function startProbe(): Promise<Probe> {
  const hits = new Map<string, number>();
  const waiters = new Map<string, Array<() => void>>();
  const probe = { page: '' } as Probe;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    for (const w of waiters.get(path) ?? []) w();
    waiters.delete(path);
    if (path === '/attack.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(probe.page);
      return;
    }
    // A 1x1 GIF for image requests.
    res.writeHead(200, { 'content-type': 'image/gif' }).end(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  probe.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  probe.hits = hits;
  probe.waitFor = (path) => (hits.get(path) ? Promise.resolve() : new Promise<void>((r) => waiters.set(path, [...(waiters.get(path) ?? []), r])));
  // The browser stays open after a suite: its keep-alive connections are cut, not waited for.
  probe.close = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  return probe;
}

// One Chromium for the whole file (a launch costs seconds of CPU); each test opens its own pages.
let browser: LaunchedBrowser;
beforeAll(async () => {
  if (haveBrowser) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!haveBrowser)('mail viewer in Chromium', () => {
  let emu: RunningEmulator;
  let clock: EmulatorClock;
  let smtp: ReturnType<typeof nodemailer.createTransport>;
  let probe: Probe;

  async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${emu.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  }

  const messagesOf = async (inbox: string) =>
    (await api('GET', `/v1/inboxes/${encodeURIComponent(inbox)}/messages`)).body.data as Array<{ id: string; subject: string }>;

  /** Sends over SMTP and resolves with the stored message's id (from the bus, after the 250). */
  async function sendMail(mail: SendMailOptions): Promise<string> {
    const stored = new Promise<string>((resolve) => {
      const off = emu.events.on('message.received', ({ message }) => {
        if (message.subject === mail.subject) {
          off();
          resolve(message.id);
        }
      });
    });
    clock.advance(1000);
    await smtp.sendMail({ from: 'Acme <no-reply@acme.test>', ...mail });
    return stored;
  }

  async function openPage(path: string): Promise<Page> {
    const page = await browser.context.newPage();
    await page.goto(`${emu.url}${path}`);
    await page.waitForSelector('#live.on');
    return page;
  }

  beforeAll(async () => {
    clock = new EmulatorClock({ mode: 'manual', start: Date.UTC(2026, 4, 12, 9, 30) });
    emu = await startEmulator({ port: 0, smtpPort: 0, clock, data: null });
    for (const inbox of [A, B, C]) expect((await api('POST', '/v1/inboxes', { inbox })).status).toBe(201);
    smtp = nodemailer.createTransport({ host: emu.smtp.host, port: emu.smtp.port, secure: false });
    probe = await startProbe();
  });

  afterAll(async () => {
    // Pages a failed test left open would keep the live channel.
    for (const page of browser?.context.pages() ?? []) if (page.url().startsWith(emu?.url)) await page.close();
    smtp?.close();
    await probe?.close();
    await emu?.close();
  });

  it('shows mail sent over SMTP in the open list without a reload', async () => {
    const page = await openPage(`/inbox/${A}`);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await sendMail({ to: A, subject: 'Live one', text: 'hello' });
    await page.locator('#rows [data-row]', { hasText: 'Live one' }).waitFor({ timeout: 5000 });
    // Same document: nothing reloaded it.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    // The sidebar's count followed too, and the all-inboxes page lists it.
    await expect.poll(() => page.locator(`#sidebar [data-inbox="${A}"] .count`).textContent()).toBe('1');
    await page.close();
  });

  it('copies the extracted code with its button', async () => {
    const id = await sendMail({ to: B, subject: 'Your sign-in code', text: 'Your verification code is 482913. It expires in 10 minutes.' });
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: emu.url });
    const page = await openPage(`/inbox/${B}/${id}`);
    expect(await page.locator('#otp').textContent()).toBe('482913');
    await page.evaluate(() => navigator.clipboard.writeText('nothing yet'));
    await page.click('#copy-otp');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('482913');
    await page.close();
  });

  it('opens the explanation of the code and link: the chosen code first, the rejected number with its reason', async () => {
    const id = await sendMail({ to: B, subject: 'Shipped', text: 'Order 123456 has shipped.\nYour verification code is 271828.' });
    const page = await openPage(`/inbox/${B}/${id}`);
    const first = page.locator('#explain-codes > li').first();
    expect(await first.isVisible()).toBe(false);
    await page.click('#explain summary');
    await first.waitFor({ state: 'visible' });
    expect(await first.getAttribute('data-verdict')).toBe('chosen');
    expect(await first.locator('.value').textContent()).toBe('271828');
    expect(await first.locator('.ctx mark').textContent()).toBe('271828');
    const rejected = page.locator('#explain-codes > li[data-verdict="rejected"]');
    expect(await rejected.locator('.value').textContent()).toBe('123456');
    expect(await rejected.locator('.reasons li').last().textContent()).toMatch(/^rejected: it follows "Order"/);
    await page.close();
  });

  it('runs neither a <script> nor an onerror handler of mail HTML', async () => {
    const html = [
      '<html><head><title>t</title></head><body>',
      '<p id="visible">Hello from the mail</p>',
      `<script>document.body.setAttribute('data-ran', 'script'); location.href = '${probe.url}/script-nav';</script>`,
      `<img id="broken" src="nowhere.png" onerror="document.body.setAttribute('data-ran', 'onerror'); location.href = '${probe.url}/onerror-nav'">`,
      `<a id="link" href="${probe.url}/clicked">a link</a>`,
      '</body></html>',
    ].join('\n');
    const id = await sendMail({ to: C, subject: 'Hostile HTML', html, text: 'plain' });
    const page = await openPage(`/inbox/${C}/${id}`);
    const frame = page.frameLocator('#mail-frame');
    // The frame's document is there (so the checks below look at the right DOM) ...
    await expect.poll(() => frame.locator('#visible').textContent()).toBe('Hello from the mail');
    await frame.locator('#broken').waitFor({ state: 'attached' });
    // ... the broken image has failed to load (its error event has fired), and nothing ran.
    await expect.poll(() => frame.locator('#broken').evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    expect(await frame.locator('body').getAttribute('data-ran')).toBeNull();
    expect(probe.hits.get('/script-nav') ?? 0).toBe(0);
    expect(probe.hits.get('/onerror-nav') ?? 0).toBe(0);
    // The page itself is untouched and the frame is sandboxed without scripts.
    expect(await page.title()).toContain('Hostile HTML');
    expect(await page.locator('#mail-frame').getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    await page.close();
  });

  it('blocks remote images until they are allowed for the message', async () => {
    const html = `<p id="visible">Newsletter</p><img id="pixel" src="${probe.url}/pixel.gif" width="1" height="1">`;
    const id = await sendMail({ to: C, subject: 'Tracking pixel', html });
    const page = await openPage(`/inbox/${C}/${id}`);
    const frame = page.frameLocator('#mail-frame');
    await expect.poll(() => frame.locator('#visible').textContent()).toBe('Newsletter');
    await expect.poll(() => frame.locator('#pixel').evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    expect(await frame.locator('#pixel').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(0);
    expect(probe.hits.get('/pixel.gif') ?? 0).toBe(0);
    expect(await page.locator('#remote-notice').textContent()).toContain('Remote content blocked (1 item)');

    const loaded = probe.waitFor('/pixel.gif');
    await page.click('#allow-remote');
    await loaded;
    expect(probe.hits.get('/pixel.gif')).toBeGreaterThanOrEqual(1);
    await expect
      .poll(() =>
        page
          .frameLocator('#mail-frame')
          .locator('#pixel')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(1);
    // Another message stays blocked.
    const other = await sendMail({ to: C, subject: 'Second pixel', html: `<img id="pixel" src="${probe.url}/pixel2.gif">` });
    await page.goto(`${emu.url}/inbox/${C}/${other}`);
    await page.frameLocator('#mail-frame').locator('#pixel').waitFor({ state: 'attached' });
    expect(probe.hits.get('/pixel2.gif') ?? 0).toBe(0);
    await page.close();
  });

  it('downloads an attachment and the .eml byte-identical', async () => {
    const content = randomBytes(300_000);
    const id = await sendMail({
      to: B,
      subject: 'Invoice attached',
      text: 'See the attachment.',
      attachments: [{ filename: 'invoice 2026 – März.bin', content, contentType: 'application/octet-stream' }],
    });
    const page = await openPage(`/inbox/${B}/${id}`);
    const link = page.locator('[data-attachment="0"]');
    expect(await link.textContent()).toContain('invoice 2026 – März.bin');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('invoice 2026 – März.bin');
    expect(readFileSync((await download.path())!).equals(content)).toBe(true);

    const [eml] = await Promise.all([page.waitForEvent('download'), page.click('#download-eml')]);
    expect(eml.suggestedFilename()).toBe(`${id}.eml`);
    const rec = emu.core.inboxes.find(B)!;
    const stored = await emu.core.messages.raw(await emu.core.messages.get(rec, id));
    expect(readFileSync((await eml.path())!).equals(stored!)).toBe(true);
    await page.close();
  });

  it('deletes a message and clears an inbox', async () => {
    const keep = await sendMail({ to: A, subject: 'Keep me', text: 'k' });
    const gone = await sendMail({ to: A, subject: 'Delete me', text: 'd' });
    const page = await openPage(`/inbox/${A}/${gone}`);
    await page.click('#message button[data-action="delete"]');
    await page.waitForURL((u) => !u.pathname.endsWith(gone));
    expect((await messagesOf(A)).map((m) => m.id)).not.toContain(gone);
    expect((await messagesOf(A)).map((m) => m.id)).toContain(keep);
    expect(await page.locator(`#rows [data-row="${gone}"]`).count()).toBe(0);

    page.once('dialog', (d) => void d.accept());
    await page.goto(`${emu.url}/inbox/${A}`);
    await page.waitForSelector('#live.on');
    await page.click('button[data-action="clear"]');
    await page.locator('#list .empty').waitFor();
    expect(await messagesOf(A)).toEqual([]);
    await page.close();
  });

  it('refuses a cross-origin POST from another site (form and fetch)', async () => {
    const before = await messagesOf(B);
    expect(before.length).toBeGreaterThan(0);
    probe.page = `<!doctype html><body>
      <form id="f" method="post" action="${emu.url}/_emulator/reset" enctype="text/plain"><input name="x" value="y"></form>
      <script>
        fetch('${emu.url}/_emulator/reset', { method: 'POST', mode: 'no-cors' }).finally(() => {
          fetch('${emu.url}/_viewer/api/inbox/${encodeURIComponent(B)}/messages', { method: 'DELETE', mode: 'no-cors' }).catch(() => {}).finally(() => document.getElementById('f').submit());
        });
      </script></body>`;
    const page = await browser.context.newPage();
    const formAnswer = page.waitForResponse(
      (r) => r.url() === `${emu.url}/_emulator/reset` && r.request().method() === 'POST' && r.request().postData() !== null,
    );
    await page.goto(`${probe.url}/attack.html`);
    const answer = await formAnswer;
    expect(answer.status()).toBe(403);
    expect(await answer.json()).toMatchObject({ error: 'forbidden_origin' });
    // Nothing was reset or deleted.
    expect((await messagesOf(B)).map((m) => m.id)).toEqual(before.map((m) => m.id));
    expect((await api('GET', '/v1/inboxes')).body.data.length).toBe(3);
    await page.close();
  });

  it('moves with j/k, opens with Enter and deletes with Delete', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(await sendMail({ to: A, subject: `Keyboard ${n}`, text: String(n) }));
    const page = await openPage(`/inbox/${A}`);
    const selected = () => page.locator('#rows .msg.sel').getAttribute('data-row');
    await page.keyboard.press('j');
    expect(await selected()).toBe(ids[2]); // newest first
    await page.keyboard.press('j');
    expect(await selected()).toBe(ids[1]);
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    expect(await selected()).toBe(ids[1]);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.endsWith(`/${ids[1]}`));
    expect(await page.locator('#message h2').textContent()).toBe('Keyboard 2');
    await page.waitForSelector('#live.on');
    await page.keyboard.press('Delete');
    await page.waitForURL((u) => !u.pathname.endsWith(`/${ids[1]}`));
    expect((await messagesOf(A)).map((m) => m.id)).toEqual([ids[2], ids[0]]);
    await page.close();
  });

  it('fits a phone-sized window and follows a dark system theme', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    const [first] = await messagesOf(A);
    await page.goto(`${emu.url}/inbox/${A}/${first!.id}`);
    // One pane at a time: the message, with a way back; nothing wider than the window.
    expect(await page.locator('#list').isVisible()).toBe(false);
    expect(await page.locator('#message .back').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(21, 24, 30)');
    await page.close();
  });

  // ---- issue 33: search, the message view, attachments, names ----

  /** The ids of the rows the list shows. */
  const rowIds = (page: Page) => page.locator('#rows [data-row]').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.row));

  /** Searches from the keyboard: `/` focuses the box, Enter submits it. */
  async function search(page: Page, q: string): Promise<void> {
    await page.keyboard.press('/');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(q);
    await Promise.all([page.waitForURL((u) => u.searchParams.get('q') === q), page.keyboard.press('Enter')]);
  }

  it('searches message text and attachment names, and filters by sender, recipient, subject, attachment, code and date', async () => {
    const receipt = await sendMail({
      from: 'Billing <billing@shop.test>',
      to: B,
      subject: 'S33 receipt',
      text: 'Your parcel tracking number is ZX-4411.',
      attachments: [{ filename: 'receipt-march.pdf', content: Buffer.from('%PDF-1.4\n'), contentType: 'application/pdf' }],
    });
    const digest = await sendMail({ from: 'news@acme.test', to: C, subject: 'S33 digest', html: '<p>This week: the <b>flamingo</b> issue.</p>' });
    const day1 = new Date(clock.now()).toISOString().slice(0, 10);
    clock.advance(86_400_000);
    const day2 = new Date(clock.now()).toISOString().slice(0, 10);
    const code = await sendMail({ to: B, subject: 'S33 sign-in', text: 'Your verification code is 551234.' });

    const page = await openPage('/');
    // Words in the text part, in the text made of an HTML-only message, in an attachment's name.
    await search(page, 'zx-4411');
    expect(await rowIds(page)).toEqual([receipt]);
    await search(page, 'FLAMINGO');
    expect(await rowIds(page)).toEqual([digest]);
    await search(page, 'receipt-march');
    expect(await rowIds(page)).toEqual([receipt]);
    await search(page, '"tracking number is"');
    expect(await rowIds(page)).toEqual([receipt]);
    // Filters, together and negated.
    await search(page, 'from:billing has:attachment');
    expect(await rowIds(page)).toEqual([receipt]);
    await search(page, `subject:s33 to:${C}`);
    expect(await rowIds(page)).toEqual([digest]);
    await search(page, 'subject:s33 is:code');
    expect(await rowIds(page)).toEqual([code]);
    await search(page, 'subject:s33 -flamingo');
    expect(await rowIds(page)).toEqual([code, receipt]);
    await search(page, `subject:s33 after:${day2}`);
    expect(await rowIds(page)).toEqual([code]);
    await search(page, `subject:s33 before:${day2} after:${day1}`);
    expect(await rowIds(page)).toEqual([digest, receipt]);
    // A filter with a value it does not take says so, instead of finding nothing.
    await search(page, 'before:yesterday');
    expect(await page.locator('#search-error').textContent()).toContain('before: wants a date such as 2026-05-12');
    expect(await page.locator('#search').getAttribute('aria-describedby')).toBe('search-help');
    await page.close();
  });

  it('shows the HTML source decoded (not quoted-printable), its tags marked', async () => {
    const html = `<p style="color:#c00">Grüße aus München, ${'a long line '.repeat(12)}</p>`;
    const id = await sendMail({ to: C, subject: 'QP source', html, textEncoding: 'quoted-printable' });
    const rec = emu.core.inboxes.find(C)!;
    const raw = (await emu.core.messages.raw(await emu.core.messages.get(rec, id)))!.toString('latin1');
    // The stored part is quoted-printable: the tab decodes it.
    expect(raw).toContain('Content-Transfer-Encoding: quoted-printable');
    expect(raw).toContain('Gr=C3=BC=C3=9Fe');
    const page = await openPage(`/inbox/${C}/${id}`);
    await page.click('#tab-source');
    await page.waitForURL((u) => u.searchParams.get('tab') === 'source');
    const source = await page.locator('#html-source').textContent();
    expect(source).toContain(html);
    expect(source).not.toContain('=C3=BC');
    expect(await page.locator('#html-source .hl-tag').first().textContent()).toBe('<p style="color:#c00">');
    expect(await page.locator('.tabs a[aria-current="page"]').textContent()).toBe('HTML source');
    await page.close();
  });

  it('fits a 640 px newsletter at 1280 px, and previews it at phone and tablet widths', async () => {
    const html = [
      '<html><head><style>@media (max-width: 480px) { #col { color: rgb(200, 0, 0); } }</style></head>',
      '<body style="margin:0"><table id="news" width="640" cellpadding="0" cellspacing="0"><tr><td id="col">Spring news</td></tr></table></body></html>',
    ].join('');
    const first = await sendMail({ to: C, subject: 'Newsletter one', html });
    const second = await sendMail({ to: C, subject: 'Newsletter two', html });
    const page = await openPage(`/inbox/${C}/${first}`);
    expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
    const frame = page.frameLocator('#mail-frame');
    await frame.locator('#news').waitFor();
    // The whole 640 px table is in view: the frame does not scroll sideways.
    const fits = () => frame.locator('html').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    const desktop = await fits();
    expect(desktop.client).toBeGreaterThanOrEqual(640);
    expect(desktop.scroll).toBeLessThanOrEqual(desktop.client);
    const frameWidth = async () => (await page.locator('#mail-frame').boundingBox())!.width;

    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    await page.getByRole('link', { name: 'Phone 375 px' }).click();
    await expect.poll(frameWidth).toBe(375);
    // The mail's own media query for phones applies inside the frame, and the page was not reloaded.
    await expect.poll(() => frame.locator('#col').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(200, 0, 0)');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
    expect(new URL(page.url()).searchParams.get('width')).toBe('phone');
    expect(await page.locator('.widths a[aria-current="true"]').textContent()).toBe('Phone 375 px');

    // The choice holds for the next message.
    await page.goto(`${emu.url}/inbox/${C}/${second}`);
    await expect.poll(frameWidth).toBe(375);
    await page.getByRole('link', { name: 'Tablet 768 px' }).click();
    await expect.poll(frameWidth).toBe(768);
    await page.getByRole('link', { name: 'Desktop' }).click();
    await expect.poll(frameWidth).toBeGreaterThanOrEqual(640);
    await page.close();
  });

  it('makes the web addresses of the text part links that open in a new tab', async () => {
    const id = await sendMail({ to: C, subject: 'Text links', text: `Confirm at ${probe.url}/confirm?x=1. Or (see www.example.test).` });
    const page = await openPage(`/inbox/${C}/${id}?tab=text`);
    const link = page.locator('#text a').first();
    expect(await link.getAttribute('href')).toBe(`${probe.url}/confirm?x=1`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await page.locator('#text a').nth(1).getAttribute('href')).toBe('https://www.example.test');
    const opened = probe.waitFor('/confirm');
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await opened;
    await popup.close();
    await page.close();
  });

  it('shows image attachments as thumbnails, by their bytes', async () => {
    const id = await sendMail({
      to: C,
      subject: 'Photos',
      text: 'Two photos and a file.',
      attachments: [
        { filename: 'dot.png', content: png(4, 3), contentType: 'image/png' },
        { filename: 'notes.txt', content: Buffer.from('plain'), contentType: 'text/plain' },
        { filename: 'fake.png', content: Buffer.from('<html><script>1</script></html>'), contentType: 'image/png' },
      ],
    });
    const page = await openPage(`/inbox/${C}/${id}`);
    const thumb = page.locator('[data-attachment="0"] img.thumb');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(4);
    expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(3);
    // Not an image, or not what its type claims: no thumbnail, and the route refuses it.
    expect(await page.locator('[data-attachment="1"] img').count()).toBe(0);
    expect(await page.locator('[data-attachment="2"] img').count()).toBe(0);
    const refused = await page.request.get(`${emu.url}/_viewer/thumbnail/${C}/${id}/2`);
    expect(refused.status()).toBe(404);
    // The image is served as the type its bytes are, under a policy that lets it be nothing else.
    const served = await page.request.get(`${emu.url}/_viewer/thumbnail/${C}/${id}/0`);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect((await served.body()).equals(png(4, 3))).toBe(true);
    await page.close();
  });

  it('names senders, marks attachments with an SVG icon (no emoji), and labels accounts by plan and key', async () => {
    const id = await sendMail({
      from: '"Doe, Jane" <jane@people.test>',
      to: B,
      subject: 'Named sender',
      text: 'x',
      attachments: [{ filename: 'a.txt', content: Buffer.from('a') }],
    });
    const page = await openPage(`/inbox/${B}/${id}`);
    const row = page.locator(`#rows [data-row="${id}"]`);
    expect(await row.locator('.from').textContent()).toBe('Doe, Jane');
    expect(await row.locator('.from').getAttribute('title')).toBe('"Doe, Jane" <jane@people.test>');
    expect((await page.locator('#from').textContent())?.replace(/\s+/g, ' ').trim()).toBe('Doe, Jane <jane@people.test>');
    // The attachment mark is an inline SVG with a name for screen readers.
    const clip = row.locator('svg.clip');
    expect(await clip.getAttribute('aria-label')).toBe('has attachments');
    expect(await clip.isVisible()).toBe(true);
    // No emoji anywhere on the page: not in its text, not in generated content.
    const emoji = await page.evaluate(() => {
      const pictographic = /\p{Extended_Pictographic}/u;
      const found: string[] = [];
      if (pictographic.test(document.body.innerText)) found.push('text');
      for (const el of document.querySelectorAll('*')) {
        for (const pseudo of ['::before', '::after']) {
          const content = getComputedStyle(el, pseudo).content;
          if (pictographic.test(content)) found.push(`${el.className}${pseudo}: ${content}`);
        }
      }
      return found;
    });
    expect(emoji).toEqual([]);
    // Accounts by plan and key, not by the emulator's internal ids.
    const sidebar = (await page.locator('#sidebar').textContent()) ?? '';
    expect(await page.locator('#sidebar .account').first().textContent()).toBe('enterpriseemu_enterprise');
    expect(sidebar).not.toContain('acct_');
    expect(await page.locator('#inbox-account').textContent()).toBe('(enterprise plan, key emu_enterprise)');
    await page.goto(`${emu.url}/emulator`);
    expect(await page.locator('#emulator-page').textContent()).not.toContain('acct_');
    expect(await page.locator('tr[data-account="emu_enterprise"]').textContent()).toContain('enterprise');
    await page.close();
  });
});

/** The share of pixels that differ between two PNGs of the same size (1 when the sizes differ), decoded by the browser. */
async function differingPixels(page: Page, a: Buffer, b: Buffer): Promise<number> {
  const script = `(async () => {
    const load = async (b64) => { const img = new Image(); img.src = 'data:image/png;base64,' + b64; await img.decode(); return img; };
    const [x, y] = await Promise.all([load(${JSON.stringify(a.toString('base64'))}), load(${JSON.stringify(b.toString('base64'))})]);
    if (x.width !== y.width || x.height !== y.height) return 1;
    const pixels = (img) => { const c = document.createElement('canvas'); c.width = img.width; c.height = img.height; const g = c.getContext('2d'); g.drawImage(img, 0, 0); return g.getImageData(0, 0, img.width, img.height).data; };
    const p = pixels(x), q = pixels(y);
    let diff = 0;
    for (let i = 0; i < p.length; i += 4) if (Math.abs(p[i] - q[i]) + Math.abs(p[i + 1] - q[i + 1]) + Math.abs(p[i + 2] - q[i + 2]) > 24) diff++;
    return diff / (p.length / 4);
  })()`;
  return (await page.evaluate(script)) as number;
}

describe.skipIf(!haveBrowser)('viewer screenshot for the README', () => {
  it('renders a real message at 1280 px into docs/viewer.png', async () => {
    // Fixed clock and ids, so the picture changes only when the viewer does.
    let n = 0;
    const random = (bytes: number) => {
      const out = Buffer.alloc(bytes);
      for (let at = 0; at < bytes; at += 32) createHash('sha256').update(`viewer-screenshot-${n++}`).digest().copy(out, at);
      return out;
    };
    const clock = new EmulatorClock({ mode: 'manual', start: Date.UTC(2026, 4, 12, 9, 30) });
    const emu = await startEmulator({ port: 0, smtpPort: 0, clock, random, data: null });
    const smtp = nodemailer.createTransport({ host: emu.smtp.host, port: emu.smtp.port, secure: false });
    try {
      for (const inbox of ['signup@inbox.test', 'qa-bot@inbox.test']) {
        await fetch(`${emu.url}/v1/inboxes`, {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ inbox }),
        });
      }
      const mails = [
        { to: 'qa-bot@inbox.test', subject: 'Build #1842 passed', text: 'All 312 checks passed.' },
        { to: 'signup@inbox.test', subject: 'Welcome to Acme', html: '<h1>Welcome!</h1><p>Thanks for joining Acme.</p>' },
        {
          to: 'signup@inbox.test',
          subject: 'Your Acme sign-in code',
          html: '<div style="font-family:sans-serif;max-width:480px;margin:24px auto;padding:24px;border:1px solid #ddd;border-radius:8px"><h2 style="margin-top:0">Sign in to Acme</h2><p>Your code is</p><p style="font-size:32px;font-weight:bold;letter-spacing:6px">739201</p><p>Or open <a href="https://acme.test/verify?token=9f2c1e7a8b4d">https://acme.test/verify?token=9f2c1e7a8b4d</a> to confirm your address.</p><p style="color:#888">It expires in 10 minutes.</p></div>',
          text: 'Your code is 739201. Or open https://acme.test/verify?token=9f2c1e7a8b4d',
        },
      ];
      let last = '';
      for (const m of mails) {
        const stored = new Promise<string>((r) => {
          const off = emu.events.on('message.received', ({ message }) => {
            off();
            r(message.id);
          });
        });
        clock.advance(60_000);
        await smtp.sendMail({ from: 'Acme <no-reply@acme.test>', messageId: `<${m.subject.length}@acme.test>`, date: new Date(clock.now()), ...m });
        last = await stored;
      }
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 1280, height: 760 });
      await page.goto(`${emu.url}/inbox/signup%40inbox.test/${last}`);
      await page.waitForSelector('#live.on');
      await page.frameLocator('#mail-frame').locator('h2').waitFor();
      const out = fileURLToPath(new URL('../../docs/viewer.png', import.meta.url));
      const png = await page.screenshot();
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(1280);
      // Rasterising differs by a few pixels between runs: the file is rewritten only when the picture
      // changed (more than 0.2% of its pixels), so a test run leaves the checkout clean otherwise.
      const differing = existsSync(out) ? await differingPixels(page, readFileSync(out), png) : 1;
      // A share of the pixels (a failed comparison would give NaN and fail both).
      expect(differing).toBeGreaterThanOrEqual(0);
      expect(differing).toBeLessThanOrEqual(1);
      if (differing > 0.002) writeFileSync(out, png);
      await page.close();
    } finally {
      smtp.close();
      await emu.close();
    }
  });
});
