// The extraction corpus in two sets: `tuned` (test/fixtures/mail/*.eml), the messages the extractor's
// rules were written and tuned against, and `held-out` (test/fixtures/mail/held-out/), messages added
// afterwards and never used to change a rule: its score is what to expect of mail nobody tuned for.
// Shared by test/extract.test.ts and scripts/extract-report.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { extract, type Extraction } from '../../src/extract/extract.js';

export const MAIL_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'mail');

export const CORPORA = {
  tuned: MAIL_FIXTURES,
  'held-out': join(MAIL_FIXTURES, 'held-out'),
} as const;
export type CorpusName = keyof typeof CORPORA;

export interface CorpusCase {
  file: string;
  want: Extraction;
  got: Extraction;
}

export function corpusFiles(name: CorpusName): { files: string[]; expected: Record<string, Extraction> } {
  const dir = CORPORA[name];
  const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Record<string, Extraction>;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return { files, expected };
}

export async function extractFile(name: CorpusName, file: string): Promise<Extraction> {
  const parsed = await simpleParser(readFileSync(join(CORPORA[name], file)));
  return extract({ subject: parsed.subject, text: parsed.text, html: parsed.html || null });
}

/** Every case of a corpus: what was expected and what the extractor gave. */
export async function runCorpus(name: CorpusName): Promise<CorpusCase[]> {
  const { files, expected } = corpusFiles(name);
  const out: CorpusCase[] = [];
  for (const file of files) out.push({ file, want: expected[file] ?? { otp: null, verificationLink: null }, got: await extractFile(name, file) });
  return out;
}

/** "N of M messages exact (otp a of b, link c of d)": the line docs/extract.md quotes for each set. */
export function accuracyLine(cases: CorpusCase[]): string {
  const exact = cases.filter((c) => c.got.otp === c.want.otp && c.got.verificationLink === c.want.verificationLink).length;
  const otp = cases.filter((c) => c.got.otp === c.want.otp).length;
  const link = cases.filter((c) => c.got.verificationLink === c.want.verificationLink).length;
  return `${exact} of ${cases.length} messages exact (code right in ${otp}, link right in ${link})`;
}
