// vitest global setup: says loudly, before and again after the run, when the browser suites are
// skipped for want of a Chromium.
import { browserRequired, findChromium, HOW_TO_GET_ONE } from './browser.js';

function notice(): void {
  const lines = ['BROWSER TESTS SKIPPED: no Chromium found, so the mail viewer end-to-end tests (test/viewer/browser.test.ts) do not run.', HOW_TO_GET_ONE];
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '!'.repeat(width);
  process.stderr.write(`\n${bar}\n${lines.map((l) => `! ${l.padEnd(width - 4)} !`).join('\n')}\n${bar}\n\n`);
}

export default function setup(): (() => void) | undefined {
  if (findChromium() || browserRequired()) return undefined;
  notice();
  return notice;
}
