// Browser requests to the API from other web pages, in a real browser (Chromium through
// playwright-core). A hostile page on another origin tries what round 2 found charged: an <img> and a
// <script> with `?api_key=` on a long wait, a no-cors fetch, a CORS fetch with the key in a header,
// and a WebSocket. None of them costs the key anything. A front-end page whose origin is named with
// `corsOrigins` (--cors-origin) calls the API with fetch and reads the plan and limit headers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, findChromium, HOW_TO_GET_ONE, launchBrowser, type LaunchedBrowser } from '../helpers/browser.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';

const haveBrowser = findChromium() !== null;
if (!haveBrowser && browserRequired()) throw new Error(`INBOX_REQUIRE_BROWSER=1 but no Chromium was found. ${HOW_TO_GET_ONE}`);

const KEY = 'emu_growth';
const INBOX = 'victim@inbox.test';

/** A web server on loopback that serves one HTML page at / (another origin than the emulator's). */
async function pageServer(html: () => string): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(html());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

describe.skipIf(!haveBrowser)('cross-site API requests in Chromium', () => {
  let emu: RunningEmulator;
  let browser: LaunchedBrowser;
  let hostile: Awaited<ReturnType<typeof pageServer>>;
  let frontEnd: Awaited<ReturnType<typeof pageServer>>;
  let api = '';

  beforeAll(async () => {
    hostile = await pageServer(
      () => `<!doctype html><title>hostile</title>
<img src="${api}/inboxes/${INBOX}/wait?api_key=${KEY}&timeout=1">
<img src="${api}/inboxes/${INBOX}/otp?api_key=${KEY}">
<script src="${api}/me?api_key=${KEY}"></script>`,
    );
    frontEnd = await pageServer(() => '<!doctype html><title>front end</title><p>app</p>');
    emu = await startEmulator({ port: 0, smtpPort: 0, data: null, corsOrigins: [frontEnd.origin] });
    api = emu.apiUrl;
    const r = await fetch(`${api}/inboxes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ inbox: INBOX }),
    });
    expect(r.status).toBe(201);
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await emu?.close();
    await hostile?.close();
    await frontEnd?.close();
  });

  async function used(): Promise<number> {
    // A second apart from any other charge: the growth plan allows a few requests a second.
    await new Promise((r) => setTimeout(r, 1100));
    const r = await fetch(`${api}/usage`, { headers: { authorization: `Bearer ${KEY}` } });
    return ((await r.json()) as { data: { requests_used: number } }).data.requests_used;
  }

  it("a hostile page's tags, fetches and WebSocket cost the key nothing", async () => {
    const before = await used();
    const page = await browser.context.newPage();
    await page.goto(`${hostile.origin}/`, { waitUntil: 'load' });
    const tried = await page.evaluate(
      async ({ api, key, inbox }) => {
        const out: string[] = [];
        try {
          await fetch(`${api}/inboxes/${inbox}/messages?api_key=${key}`, { mode: 'no-cors' });
          out.push('no-cors sent');
        } catch {
          out.push('no-cors failed');
        }
        try {
          const r = await fetch(`${api}/me`, { headers: { authorization: `Bearer ${key}` } });
          out.push(`cors read ${r.status}`);
        } catch {
          out.push('cors refused');
        }
        out.push(
          await new Promise<string>((resolve) => {
            const ws = new WebSocket(`${api.replace(/^http/, 'ws')}/ws?api_key=${key}`);
            ws.onopen = () => resolve('ws open');
            ws.onerror = () => resolve('ws refused');
          }),
        );
        return out;
      },
      { api, key: KEY, inbox: INBOX },
    );
    await page.close();
    expect(tried).toEqual(['no-cors sent', 'cors refused', 'ws refused']);
    // The usage read itself is the one charge.
    expect(await used()).toBe(before + 1);
  }, 30_000);

  it('a front end named with --cors-origin calls the API and reads its limits', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${frontEnd.origin}/`, { waitUntil: 'load' });
    const seen = await page.evaluate(
      async ({ api, key }) => {
        const r = await fetch(`${api}/me`, { headers: { authorization: `Bearer ${key}` } });
        const body = (await r.json()) as { success: boolean };
        return { status: r.status, success: body.success, plan: r.headers.get('x-api-plan'), remaining: r.headers.get('x-ratelimit-remaining-month') };
      },
      { api, key: KEY },
    );
    await page.close();
    expect(seen.status).toBe(200);
    expect(seen.success).toBe(true);
    expect(seen.plan).toBe('growth');
    expect(Number(seen.remaining)).toBeGreaterThan(0);
  }, 30_000);
});
