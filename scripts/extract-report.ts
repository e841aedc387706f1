/**
 * Precision / recall of the OTP and verification-link extractor over the
 * fixture corpus in test/fixtures/mail.
 *
 *   npx tsx scripts/extract-report.ts [--verbose]
 *
 * A true positive is an exact match with a non-null expectation. A wrong
 * non-null value counts as both a false positive and a false negative.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { extract, type Extraction } from '../emulator/core/extract.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'mail');
const verbose = process.argv.includes('--verbose');

interface Tally {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

function tally(t: Tally, want: string | null, got: string | null): boolean {
  if (want === null && got === null) t.tn++;
  else if (want !== null && got === want) t.tp++;
  else {
    if (got !== null) t.fp++;
    if (want !== null) t.fn++;
  }
  return want === got;
}

function pct(num: number, den: number): string {
  return den === 0 ? 'n/a' : `${((100 * num) / den).toFixed(1)}%`;
}

function line(name: string, t: Tally): string {
  const precision = pct(t.tp, t.tp + t.fp);
  const recall = pct(t.tp, t.tp + t.fn);
  return `${name.padEnd(18)} precision ${precision.padStart(6)}  recall ${recall.padStart(6)}   (tp ${t.tp}, fp ${t.fp}, fn ${t.fn}, tn ${t.tn})`;
}

async function main(): Promise<void> {
  const expected = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as Record<string, Extraction>;
  const files = readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  const otp: Tally = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const link: Tally = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const mismatches: string[] = [];
  let elapsed = 0;

  for (const file of files) {
    const want = expected[file];
    if (!want) {
      mismatches.push(`${file}: no entry in expected.json`);
      continue;
    }
    const parsed = await simpleParser(readFileSync(join(FIXTURES, file)));
    const input = { subject: parsed.subject, text: parsed.text, html: parsed.html || null };
    extract(input); // warm-up so the timing below is not dominated by JIT compilation
    const t0 = performance.now();
    const got = extract(input);
    elapsed += performance.now() - t0;
    const okOtp = tally(otp, want.otp, got.otp);
    const okLink = tally(link, want.verificationLink, got.verificationLink);
    if (!okOtp) mismatches.push(`${file}: otp expected ${JSON.stringify(want.otp)}, got ${JSON.stringify(got.otp)}`);
    if (!okLink) {
      mismatches.push(
        `${file}: link expected ${JSON.stringify(want.verificationLink)}, got ${JSON.stringify(got.verificationLink)}`,
      );
    }
    if (verbose) console.log(`${file}: ${JSON.stringify(got)}`);
  }

  console.log(`Corpus: ${files.length} messages (${FIXTURES})`);
  console.log(line('OTP', otp));
  console.log(line('Verification link', link));
  console.log(`Extraction time: ${elapsed.toFixed(1)} ms total, ${(elapsed / Math.max(1, files.length)).toFixed(2)} ms/message`);
  if (mismatches.length > 0) {
    console.log(`\nMismatches (${mismatches.length}):`);
    for (const m of mismatches) console.log(`  ${m}`);
    process.exitCode = 1;
  }
}

await main();
