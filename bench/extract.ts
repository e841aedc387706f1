// Micro-benchmark of the OTP / verification-link extractor (src/extract/extract.ts), which runs
// synchronously on every ingested message inside the emulator's event loop.
//
//   npx tsx bench/extract.ts [--rounds N]
//
// Prints ms/message over the fixture corpus (test/fixtures/mail) three ways: the first call per
// message in a fresh process (cold, JIT not yet warm), the second call (what scripts/extract-report.ts
// times) and the steady-state mean over N rounds; then the time of each adversarial input (first call
// and best of three; "first" follows the corpus runs, so the shared code paths are warm). Standalone:
// not part of bench/run.ts. On a loaded machine, wall times vary by 2x or more between runs.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { extract, type ExtractInput, type Extraction } from '../src/extract/extract.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'mail');
const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg > 0 ? Math.max(1, Number(process.argv[roundsArg + 1]) || 200) : 200;

/** The inputs of the 'adversarial input' test in test/extract.test.ts. */
export const ADVERSARIAL: Array<[string, string]> = [
  ["'code '.repeat(60_000)", 'code '.repeat(60_000)],
  ["'1'.repeat(300_000)", '1'.repeat(300_000)],
  ["'1 '.repeat(150_000)", '1 '.repeat(150_000)],
  ["'<'.repeat(200_000)", '<'.repeat(200_000)],
  ["'<a href=\"'.repeat(30_000)", '<a href="'.repeat(30_000)],
  ["'<script>'.repeat(30_000)", '<script>'.repeat(30_000)],
  ["'a'x100k @ 'b.'x50k", `${'a'.repeat(100_000)}@${'b.'.repeat(50_000)}`],
  ["'https://' + 'x'x200k + '.'", `https://${'x'.repeat(200_000)}.`],
  ["'Your code is 123456 '.repeat(12_000)", 'Your code is 123456 '.repeat(12_000)],
  ["'&amp;'x50k <b> '9 'x10k </b>", `${'&amp;'.repeat(50_000)}<b>${'9 '.repeat(10_000)}</b>`],
];

/** More shapes of hostile or merely huge input (not in the test suite). */
const MORE_ADVERSARIAL: Array<[string, string]> = [
  ['3000 verify anchors', '<a href="https://a.test/verify?token=abcdefgh12345678">Verify your email</a>'.repeat(3000)],
  ['3000 text URLs', 'Verify: https://a.test/verify?token=abcdefgh12345678\n'.repeat(3000)],
  ['5000 bold codes', '<b>Your code: 123456</b>'.repeat(5000)],
  ["'<div>' x50k", '<div>'.repeat(50_000)],
  ["'<b>x' x40k (deep nesting)", '<b>x'.repeat(40_000)],
  ["'a@b.cc ' x20k", 'a@b.cc '.repeat(20_000)],
  ['numeric entities x10k', '&#12345;&#x1F600;&nbsp;'.repeat(10_000)],
  ["'Order 123456 code ' x10k", 'Order 123456 code '.repeat(10_000)],
  ["'ABCDEF GHIJK ' x15k", 'ABCDEF GHIJK '.repeat(15_000)],
  ['CJK code x10k', '認証コード１２３４５６ '.repeat(10_000)],
  ['phone numbers x10k', '+1 415 555 0100 '.repeat(10_000)],
];

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

async function loadCorpus(): Promise<Array<{ file: string; input: ExtractInput; want: Extraction | undefined }>> {
  const expected = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as Record<string, Extraction>;
  const files = readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  const out = [];
  for (const file of files) {
    const parsed = await simpleParser(readFileSync(join(FIXTURES, file)));
    out.push({ file, input: { subject: parsed.subject, text: parsed.text, html: parsed.html || null }, want: expected[file] });
  }
  return out;
}

async function main(): Promise<void> {
  const corpus = await loadCorpus();
  const n = corpus.length;
  let cold = 0;
  let second = 0;
  let mismatches = 0;
  for (const m of corpus) {
    let got: Extraction = { otp: null, verificationLink: null };
    cold += time(() => {
      got = extract(m.input);
    });
    second += time(() => extract(m.input));
    if (!m.want || got.otp !== m.want.otp || got.verificationLink !== m.want.verificationLink) mismatches++;
  }
  let slowest = { file: '', ms: 0 };
  const perMessage = new Array<number>(n).fill(0);
  const t0 = performance.now();
  for (let r = 0; r < ROUNDS; r++) {
    corpus.forEach((m, i) => {
      const ms = time(() => extract(m.input));
      perMessage[i] = (perMessage[i] as number) + ms;
    });
  }
  const steady = (performance.now() - t0) / (ROUNDS * n);
  perMessage.forEach((total, i) => {
    if (total / ROUNDS > slowest.ms) slowest = { file: (corpus[i] as { file: string }).file, ms: total / ROUNDS };
  });

  console.log(`Corpus: ${n} messages, ${mismatches} mismatching expected.json`);
  console.log(`  first call (cold)      ${(cold / n).toFixed(3)} ms/message`);
  console.log(`  second call            ${(second / n).toFixed(3)} ms/message`);
  console.log(`  steady (${ROUNDS} rounds)   ${steady.toFixed(3)} ms/message (slowest ${slowest.file}: ${slowest.ms.toFixed(3)} ms)`);

  for (const [title, set] of [
    ['Adversarial inputs of the test suite', ADVERSARIAL],
    ['More adversarial shapes', MORE_ADVERSARIAL],
  ] as const) {
    console.log(`${title} (subject = first 1000 chars, text = html = input):`);
    runSet(set);
  }
  if (mismatches > 0) process.exitCode = 1;
}

function runSet(set: ReadonlyArray<[string, string]>): void {
  let worst = 0;
  for (const [name, s] of set) {
    const input = { subject: s.slice(0, 1000), text: s, html: s };
    let result: Extraction = { otp: null, verificationLink: null };
    const first = time(() => {
      result = extract(input);
    });
    const best = Math.min(
      first,
      time(() => extract(input)),
      time(() => extract(input)),
    );
    worst = Math.max(worst, first);
    console.log(`  ${name.padEnd(40)} first ${first.toFixed(1).padStart(6)} ms  best ${best.toFixed(1).padStart(6)} ms  -> ${JSON.stringify(result)}`);
  }
  console.log(`  worst first call: ${worst.toFixed(1)} ms`);
}

await main();
