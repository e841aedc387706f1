// A real browser for the viewer's end-to-end tests: Debian's Chromium driven by playwright-core.
// findChromium() looks at INBOX_CHROMIUM, then the usual install paths; without one the browser
// suites skip (and test/helpers/browser-notice.ts says so loudly), unless INBOX_REQUIRE_BROWSER=1
// (set by .ci/run), where a missing browser fails the run instead.
// Chromium's headless shell (Debian's chromium-headless-shell, the same Blink and V8, and what
// Playwright itself runs for headless tests) comes first: the full browser in headless mode costs
// about three times its CPU (launch, each page, and every second a page stays open), and the suite
// runs on two cores. INBOX_CHROMIUM=/usr/bin/chromium runs the suite on the full browser.
//
//   const b = await launchBrowser();              // fresh profile and download folder
//   const page = await b.context.newPage();
//   ...
//   await b.close();
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';

const CANDIDATES = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export const HOW_TO_GET_ONE =
  'Install one (Debian/Ubuntu: sudo apt-get install -y chromium-headless-shell, or chromium) or point INBOX_CHROMIUM at a Chromium or Chrome binary.';

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const given = env.INBOX_CHROMIUM;
  if (given) return existsSync(given) ? given : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/** Whether browser suites must run (CI): then a missing browser is a failure, not a skip. */
export function browserRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.INBOX_REQUIRE_BROWSER === '1';
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // All pages in one renderer process instead of a process per page: about 4 s less CPU over the
  // browser file. What the tests check (the frame's sandbox and policy, origins, the DOM) is Blink's
  // and the server's doing, not the process model's.
  '--renderer-process-limit=1',
];

export interface LaunchedBrowser {
  context: BrowserContext;
  downloads: string;
  close(): Promise<void>;
}

export async function launchBrowser(opts: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {}): Promise<LaunchedBrowser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`No Chromium found. ${HOW_TO_GET_ONE}`);
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'inbox-chromium-'));
  const downloads = mkdtempSync(join(tmpdir(), 'inbox-downloads-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    acceptDownloads: true,
    downloadsPath: downloads,
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    colorScheme: opts.colorScheme ?? 'light',
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  return {
    context,
    downloads,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      rmSync(downloads, { recursive: true, force: true });
    },
  };
}
