/**
 * Precision / recall of the OTP and verification-link extractor over the fixture corpora
 * (test/helpers/extract-corpus.ts): `tuned` (test/fixtures/mail, the rules were tuned on it),
 * `held-out` (test/fixtures/mail/held-out, added afterwards and never tuned on), `held-out-2`
 * (test/fixtures/mail/held-out-2, issue 29's: 21 languages, committed before any rule change of that
 * issue and never tuned on), `tuned-2` (its training corpus), `held-out-3` (committed before the second
 * round of its rules), `tuned-3` (that round's training corpus) and `held-out-4` (written after that
 * round without reading the rules, committed before it was measured); the last five per language and per
 * class too.
 *
 *   npx tsx scripts/extract-report.ts [--verbose] [--markdown] [corpus…]
 *
 * A true positive is an exact match with a non-null expectation. A wrong
 * non-null value counts as both a false positive and a false negative, and as a "wrong" value.
 * --markdown prints the per-language and per-class tables and the misses as docs/extract.md holds them.
 * `npm run bench -- extract` (bench/extract.ts) prints the same report through report().
 */
import { pathToFileURL } from 'node:url';
import { accuracyLine, CORPORA, CORPUS_LABEL, type CorpusCase, type CorpusName, runCorpus } from '../test/helpers/extract-corpus.js';
import { LANGS } from './held-out-2/types.js';

interface Tally {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  /** A non-null value other than the expected one (counted in fp). */
  wrong: number;
  /** Of those, on messages that expect null. */
  wrongOnNull: number;
}

const newTally = (): Tally => ({ tp: 0, fp: 0, fn: 0, tn: 0, wrong: 0, wrongOnNull: 0 });

function tally(t: Tally, want: string | null, got: string | null): boolean {
  if (want === null && got === null) t.tn++;
  else if (want !== null && got === want) t.tp++;
  else {
    if (got !== null) {
      t.fp++;
      t.wrong++;
      if (want === null) t.wrongOnNull++;
    }
    if (want !== null) t.fn++;
  }
  return want === got;
}

function pct(num: number, den: number): string {
  return den === 0 ? 'n/a' : `${((100 * num) / den).toFixed(1)}%`;
}

const precision = (t: Tally) => pct(t.tp, t.tp + t.fp);
const recall = (t: Tally) => pct(t.tp, t.tp + t.fn);

function line(name: string, t: Tally): string {
  return `${name.padEnd(18)} precision ${precision(t).padStart(6)}  recall ${recall(t).padStart(6)}   (tp ${t.tp}, fp ${t.fp}, fn ${t.fn}, tn ${t.tn})`;
}

interface Group {
  n: number;
  exact: number;
  otp: Tally;
  link: Tally;
}

function group(cases: CorpusCase[], key: (c: CorpusCase) => string | undefined): Map<string, Group> {
  const out = new Map<string, Group>();
  for (const c of cases) {
    const k = key(c) ?? '?';
    let g = out.get(k);
    if (!g) out.set(k, (g = { n: 0, exact: 0, otp: newTally(), link: newTally() }));
    g.n++;
    const a = tally(g.otp, c.want.otp, c.got.otp);
    const b = tally(g.link, c.want.verificationLink, c.got.verificationLink);
    if (a && b) g.exact++;
  }
  return out;
}

function table(title: string, groups: Map<string, Group>, order?: readonly string[]): string[] {
  const keys = order ? order.filter((k) => groups.has(k)).concat([...groups.keys()].filter((k) => !order.includes(k))) : [...groups.keys()].sort();
  const rows = [
    `| ${title} | mails | exact | codes: precision / recall | links: precision / recall | wrong codes | wrong links |`,
    '|---|---:|---:|---|---|---:|---:|',
  ];
  for (const k of keys) {
    const g = groups.get(k) as Group;
    const o = g.otp.tp + g.otp.fn === 0 && g.otp.fp === 0 ? '–' : `${precision(g.otp)} / ${recall(g.otp)} (${g.otp.tp} of ${g.otp.tp + g.otp.fn})`;
    const l = g.link.tp + g.link.fn === 0 && g.link.fp === 0 ? '–' : `${precision(g.link)} / ${recall(g.link)} (${g.link.tp} of ${g.link.tp + g.link.fn})`;
    rows.push(`| ${k} | ${g.n} | ${g.exact} | ${o} | ${l} | ${g.otp.wrong} | ${g.link.wrong} |`);
  }
  return rows;
}

/** The languages of the corpora, in the order the tables list them. */
const LANG_ORDER = LANGS;

export interface ReportOptions {
  verbose?: boolean;
  markdown?: boolean;
  /** Where each line goes (console.log by default). */
  print?: (line: string) => void;
  /** Leave out the list of misses (the bench prints the figures only). */
  noMisses?: boolean;
}

/** Prints the report of the named corpora (all when none); resolves to false when the tuned set is not exact. */
export async function report(only: CorpusName[], opts: ReportOptions = {}): Promise<boolean> {
  const { verbose = false, markdown = false } = opts;
  const print = opts.print ?? ((l: string) => globalThis.console.log(l));
  const console = { log: (l = '') => print(l) };
  let tunedExact = true;
  const names = only.length > 0 ? only : (Object.keys(CORPORA) as CorpusName[]);
  for (const name of names) {
    const otp = newTally();
    const link = newTally();
    const mismatches: string[] = [];
    const cases = await runCorpus(name);
    for (const { file, want, got } of cases) {
      const f = markdown ? `\`${file}\`` : file;
      const show = (v: string | null) => JSON.stringify(markdown && v !== null && v.length > 72 ? `${v.slice(0, 70)}…` : v);
      if (!tally(otp, want.otp, got.otp)) mismatches.push(`${f}: code expected ${show(want.otp)}, got ${show(got.otp)}`);
      if (!tally(link, want.verificationLink, got.verificationLink)) {
        mismatches.push(`${f}: link expected ${show(want.verificationLink)}, got ${show(got.verificationLink)}`);
      }
      if (verbose) console.log(`${file}: ${JSON.stringify(got)}`);
    }
    console.log(`${name} corpus: ${cases.length} messages (${CORPORA[name]})`);
    console.log(`  ${CORPUS_LABEL[name]}: ${accuracyLine(cases)}`);
    console.log(`  ${line('OTP', otp)}`);
    console.log(`  ${line('Verification link', link)}`);
    console.log(
      `  wrong codes returned: ${otp.wrong} (${otp.wrongOnNull} on mails that carry no code); wrong links returned: ${link.wrong} (${link.wrongOnNull} on mails with no link)`,
    );
    if (cases.some((c) => c.lang !== undefined || c.cls !== undefined)) {
      const negatives = cases.filter((c) => c.want.otp === null && c.want.verificationLink === null).length;
      console.log(`  negatives (no code and no link expected): ${negatives} of ${cases.length} (${pct(negatives, cases.length)})`);
      const indent = markdown ? '' : '  ';
      console.log('');
      for (const r of table(
        'language',
        group(cases, (c) => c.lang),
        LANG_ORDER,
      ))
        console.log(`${indent}${r}`);
      console.log('');
      for (const r of table(
        'class',
        group(cases, (c) => c.cls),
      ))
        console.log(`${indent}${r}`);
      console.log('');
    }
    if (!opts.noMisses) for (const m of mismatches) console.log(markdown ? `- ${m}` : `  miss: ${m}`);
    // The tuned set must stay exact; the held-out sets report what they find.
    if (name === 'tuned' && mismatches.length > 0) tunedExact = false;
    console.log('');
  }
  return tunedExact;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const only = args.filter((a) => !a.startsWith('--')) as CorpusName[];
  for (const name of only) if (!(name in CORPORA)) throw new Error(`unknown corpus ${name}; one of ${Object.keys(CORPORA).join(', ')}`);
  if (!(await report(only, { verbose: args.includes('--verbose'), markdown: args.includes('--markdown') }))) process.exitCode = 1;
}
