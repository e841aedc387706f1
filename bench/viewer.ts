// Benchmark 7: the mail viewer. Time to first contentful paint in Chromium of an inbox holding 50,000
// messages against one holding 10 (target: ratio of medians <= 1.5; paging is done on the server, so
// the page should not grow with the inbox), for the inbox page and the all-inboxes page, measured in
// alternating rounds; and the page weight (HTML, CSS, JS; target: JS < 100 KB).
// Each inbox is served by its own in-memory emulator of this checkout (bench/lib/viewer-server.ts: the
// enterprise plan's retention raised to 100,000, which the shipped plans do not allow). Needs a
// Chromium (INBOX_CHROMIUM, or /usr/bin/chromium); skipped without one.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Page } from 'playwright-core';
import { findChromium, launchBrowser } from '../test/helpers/browser.js';
import { fmt, fmtBytes, FeatureMissing, median, table, type Benchmark, type BenchContext, type BenchResult, type TargetCheck } from './lib/report.js';
import { ROOT } from './lib/procs.js';

interface Server {
  url: string;
  proc: ChildProcess;
  prefillSeconds: number;
}

function startServer(root: string, count: number, inbox: string): Promise<Server> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'lib', 'viewer-server.ts'), root, String(count), inbox], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: proc.stdout! });
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const ready = JSON.parse(line) as { url: string; prefillSeconds: number };
      resolve({ url: ready.url, proc, prefillSeconds: ready.prefillSeconds });
    });
    proc.once('exit', (code) => reject(new Error(`viewer server exited (${code}) before it was ready: ${err}`)));
  });
}

function stop(s: Server | undefined): Promise<void> {
  if (!s || s.proc.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    s.proc.once('exit', () => resolve());
    s.proc.kill('SIGTERM');
  });
}

/** Loads `url` in a fresh page and returns its first contentful paint in ms from navigation start. */
async function firstPaint(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'load' });
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list, obs) => {
          const e = list.getEntriesByName('first-contentful-paint')[0];
          if (e) {
            obs.disconnect();
            resolve(e.startTime);
          }
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

interface Weight {
  html: number;
  css: number;
  js: number;
  other: number;
}

async function pageWeight(page: Page, url: string): Promise<Weight> {
  await page.goto(url, { waitUntil: 'load' });
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const w = { html: nav.decodedBodySize, css: 0, js: 0, other: 0 };
    for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      if (r.name.endsWith('.css')) w.css += r.decodedBodySize;
      else if (r.name.endsWith('.js')) w.js += r.decodedBodySize;
      else if (r.initiatorType !== 'iframe') w.other += r.decodedBodySize;
    }
    return w;
  });
}

export const viewer: Benchmark = {
  name: 'viewer',
  title: 'mail viewer: first paint of a 50,000-message inbox vs a 10-message one; page weight',
  async run(ctx: BenchContext): Promise<BenchResult> {
    if (!findChromium()) throw new FeatureMissing('a Chromium for the viewer benchmark (apt-get install chromium, or INBOX_CHROMIUM)');
    const rounds = ctx.quick ? 5 : 15;
    const bigInbox = 'big@inbox.test';
    const smallInbox = 'small@inbox.test';
    let big: Server | undefined;
    let small: Server | undefined;
    const browser = await launchBrowser();
    try {
      ctx.log('  storing 50,000 messages in one inbox and 10 in another (in-memory emulators of this checkout)…');
      [big, small] = await Promise.all([startServer(ctx.build.root, 50_000, bigInbox), startServer(ctx.build.root, 10, smallInbox)]);
      ctx.log(`  stored in ${fmt(big.prefillSeconds, 1)} s`);
      const views = [
        { name: 'inbox page', big: `${big.url}/inbox/${encodeURIComponent(bigInbox)}`, small: `${small.url}/inbox/${encodeURIComponent(smallInbox)}` },
        { name: 'all inboxes', big: `${big.url}/`, small: `${small.url}/` },
        { name: 'search "order 4"', big: `${big.url}/?q=order%204`, small: `${small.url}/?q=order%204` },
      ];
      const samples = views.map(() => ({ big: [] as number[], small: [] as number[] }));
      // Warm-up (the client script is bundled on its first request from source), then paired rounds.
      for (const v of views) for (const u of [v.big, v.small]) {
        const p = await browser.context.newPage();
        await firstPaint(p, u);
        await p.close();
      }
      for (let r = 0; r < rounds; r++) {
        for (const [i, v] of views.entries()) {
          const order = r % 2 === 0 ? (['big', 'small'] as const) : (['small', 'big'] as const);
          for (const which of order) {
            const p = await browser.context.newPage();
            samples[i]![which].push(await firstPaint(p, v[which]));
            await p.close();
          }
        }
      }
      const p = await browser.context.newPage();
      const weight = await pageWeight(p, views[0]!.big);
      await p.close();

      const rows = [['view', '10 msgs FCP (ms)', '50,000 msgs FCP (ms)', 'ratio']];
      const targets: TargetCheck[] = [];
      for (const [i, v] of views.entries()) {
        const s = median(samples[i]!.small);
        const b = median(samples[i]!.big);
        rows.push([v.name, fmt(s, 1), fmt(b, 1), `${fmt(b / s, 2)}x`]);
        if (i < 2) targets.push({ name: `viewer ${v.name}: first paint, 50,000 vs 10 messages`, value: b / s, limit: 1.5, op: '<=', unit: 'x' });
      }
      targets.push({ name: 'viewer JavaScript shipped', value: weight.js / 1024, limit: 100, op: '<', unit: ' KB' });
      ctx.log(table(rows));
      ctx.log();
      ctx.log(table([
        ['page weight (inbox page, 50 rows)', 'bytes'],
        ['HTML', fmtBytes(weight.html)],
        ['CSS', fmtBytes(weight.css)],
        ['JS', fmtBytes(weight.js)],
        ['other (icon)', fmtBytes(weight.other)],
        ['total', fmtBytes(weight.html + weight.css + weight.js + weight.other)],
      ]));
      return {
        status: 'done',
        targets,
        summary: [
          `first paint medians over ${rounds} rounds; page weight ${fmtBytes(weight.html + weight.css + weight.js + weight.other)} (JS ${fmtBytes(weight.js)})`,
        ],
        notes: ['a search scans the whole inbox (not a target): its time grows with the inbox'],
      };
    } finally {
      await browser.close();
      await Promise.all([stop(big), stop(small)]);
    }
  },
};
