// vitest global setup: says loudly, once per run, when the browser suites will be skipped.
import { browserRequired, findChromium, HOW_TO_GET_ONE } from './browser.js';

export default function setup(): void {
  if (findChromium() || browserRequired()) return;
  const lines = [
    'BROWSER TESTS SKIPPED: no Chromium found, so the mail viewer end-to-end tests (test/viewer/browser.test.ts) do not run.',
    HOW_TO_GET_ONE,
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '!'.repeat(width);
  process.stderr.write(`\n${bar}\n${lines.map((l) => `! ${l.padEnd(width - 4)} !`).join('\n')}\n${bar}\n\n`);
}
