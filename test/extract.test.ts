import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Explanation,
  explain,
  extract,
  extractOtp,
  extractVerificationLink,
  MAX_LINKS,
  MAX_OTP_CANDIDATES,
  MAX_SUBJECT_CHARS,
  OTP_SCAN_CHARS,
  type Extraction,
} from '../src/extract/extract.js';
import { accuracyLine, type CorpusName, corpusFiles, extractFile, fixtureInput, MAIL_FIXTURES, runCorpus, scoreCorpus } from './helpers/extract-corpus.js';

const tuned = corpusFiles('tuned');
const files = tuned.files;
const expected = tuned.expected;

describe('extract: the tuned corpus (the rules were written against it: every message exact)', () => {
  it('has a large enough corpus with an expectation for every file', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
    expect(Object.keys(expected).sort()).toEqual(files);
    const negatives = files.filter((f) => expected[f]?.otp === null && expected[f]?.verificationLink === null);
    expect(negatives.length).toBeGreaterThanOrEqual(15);
  });

  it.each(files)('%s', async (file) => {
    expect(await extractFile('tuned', file)).toEqual(expected[file]);
  });
});

describe('extract: the held-out corpus (never tuned on)', () => {
  // No rule may be changed to fit these messages; a miss here is a finding, recorded in docs/extract.md.
  // The test holds the document to the measured score, so a change of the rules that moves it shows.
  it('has an expectation for every file, and docs/extract.md states its measured score', async () => {
    const held = corpusFiles('held-out');
    expect(held.files.length).toBeGreaterThanOrEqual(30);
    expect(Object.keys(held.expected).sort()).toEqual(held.files);
    const cases = await runCorpus('held-out');
    const doc = readFileSync(join(import.meta.dirname, '..', 'docs', 'extract.md'), 'utf8');
    expect(doc).toContain(`Held-out: ${accuracyLine(cases)}`);
    expect(doc).toContain(`Tuned: ${accuracyLine(await runCorpus('tuned'))}`);
    for (const c of cases) {
      if (c.got.otp !== c.want.otp || c.got.verificationLink !== c.want.verificationLink) expect(doc, `${c.file} is a miss`).toContain(c.file);
    }
  });
});

/** The languages issue 29 names: each corpus of it has code and link cases in every one. */
const LANGS = ['en', 'de', 'fr', 'es', 'pt', 'it', 'nl', 'pl', 'tr', 'ru', 'uk', 'ar', 'he', 'hi', 'vi', 'th', 'id', 'ja', 'ko', 'zh-Hans', 'zh-Hant'];

/** Every language among `entries` has a case with a code and one with a link. */
function expectCodeAndLinkCases(entries: Array<{ lang?: string; otp: string | null; verificationLink: string | null }>): void {
  for (const lang of LANGS) {
    const mine = entries.filter((e) => e.lang === lang);
    expect(
      mine.some((e) => e.otp !== null),
      `${lang} has a code case`,
    ).toBe(true);
    expect(
      mine.some((e) => e.verificationLink !== null),
      `${lang} has a link case`,
    ).toBe(true);
  }
}

describe('extract: the second held-out corpus (issue 29: 21 languages, never tuned on)', () => {
  // Committed before any rule change of issue 29 (scripts/held-out-2/make.ts writes it). No rule may be
  // changed to fit these messages; the test holds docs/extract.md to the measured score, as above.

  it('has an expectation, a language and a class for every file; every language has code and link cases; a fifth are negatives', () => {
    const held = corpusFiles('held-out-2');
    expect(held.files.length).toBeGreaterThanOrEqual(100);
    expect(Object.keys(held.expected).sort()).toEqual(held.files);
    for (const f of held.files) {
      expect(LANGS, f).toContain(held.expected[f]?.lang);
      expect(held.expected[f]?.class, f).toBeTruthy();
    }
    expectCodeAndLinkCases(Object.values(held.expected));
    const negatives = held.files.filter((f) => held.expected[f]?.otp === null && held.expected[f]?.verificationLink === null);
    expect(negatives.length * 5).toBeGreaterThanOrEqual(held.files.length);
  });

  it('docs/extract.md states its measured score and names every miss', async () => {
    const cases = await runCorpus('held-out-2');
    const doc = readFileSync(join(import.meta.dirname, '..', 'docs', 'extract.md'), 'utf8');
    expect(doc).toContain(`Held-out 2: ${accuracyLine(cases)}`);
    for (const c of cases) {
      if (c.got.otp !== c.want.otp || c.got.verificationLink !== c.want.verificationLink) expect(doc, `${c.file} is a miss`).toContain(c.file);
    }
  });
});

/**
 * The floors of the held-out sets: the figures the second round of issue 29's rules reached (docs/extract.md),
 * so that a rule change that loses any of them fails. Codes and links: precision and recall at least these,
 * and no wrong code at all (null is allowed; a wrong value never). Held-out 4, written after that round without
 * reading the rules, measured 6 wrong codes once; the third round was written for the classes of its misses, and
 * it is held since to what that round gets on it.
 */
const FLOORS: Record<
  | 'held-out'
  | 'held-out-2'
  | 'held-out-3'
  | 'held-out-4'
  | 'held-out-5'
  | 'held-out-6'
  | 'held-out-7'
  | 'held-out-8'
  | 'held-out-9'
  | 'held-out-10'
  | 'held-out-11'
  | 'held-out-12'
  | 'held-out-13'
  | 'held-out-14'
  | 'held-out-15'
  | 'held-out-16'
  | 'held-out-17'
  | 'held-out-18'
  | 'held-out-19'
  | 'held-out-20'
  | 'held-out-21'
  | 'held-out-22'
  | 'held-out-23'
  | 'held-out-24'
  | 'held-out-25'
  | 'held-out-26',
  { codes: [number, number]; links: [number, number]; wrongCodes?: number }
> = {
  'held-out': { codes: [1, 1], links: [1, 1] },
  'held-out-2': { codes: [1, 1], links: [1, 1] },
  'held-out-3': { codes: [1, 1], links: [1, 1] },
  // Measured once, as committed (docs/extract.md, "Held-out 4"): codes 64 of 65 with 6 wrong, links 58 of 58 with 1 wrong.
  // Its misses were then read and the third round of rules written for their classes: it is a training set since,
  // held to what that round gets on it (every code and link right, no wrong code).
  'held-out-4': { codes: [1, 1], links: [1, 1] },
  // Written while the third round was written, without reading the rules (scripts/held-out-5/make.ts), and measured
  // once after it (docs/extract.md, "Held-out 5"): codes 58 of 64 right (6 wrong, all on mails with no code) and 58
  // of 59 found; links 57 of 58 right and 57 of 61 found. Held to those figures; no rule is written for its mails.
  // Measured again after the fourth round (docs/extract.md, "Held-out 5 and held-out 6 after the fourth round"):
  // codes 56 of 57 right (1 wrong) and 56 of 59 found; links 57 of 58 and 57 of 61. Its misses were then read and
  // the fifth round of rules written for their classes (docs/extract.md, "The fifth round of rules"): it is a training
  // set since, held to what that round gets on it (every code and link right, no wrong code).
  'held-out-5': { codes: [1, 1], links: [1, 1] },
  // Written during the fourth round without reading the rules (scripts/held-out-6/make.ts) and measured after it:
  // codes 56 of 58 right (2 wrong) and 56 of 59 found; links 50 of 50 and 50 of 51. A training set since the fifth
  // round, like held-out 5: held to every code and link right, no wrong code.
  'held-out-6': { codes: [1, 1], links: [1, 1] },
  // Written after the fourth round without reading the rules (scripts/held-out-7/make.ts), measured with the fourth
  // round's rules and with the fifth's, whose author did not see it (docs/extract.md, "Held-out 7"): codes 67 of 73
  // right (6 wrong) and 67 of 70 found; links 66 of 67 right (1 wrong) and 66 of 66 found. Its misses were then read
  // and the sixth round of rules written for their classes (docs/extract.md, "The sixth round of rules"): it is a
  // training set since, held to what that round gets on it (every code and link right, no wrong code).
  'held-out-7': { codes: [1, 1], links: [1, 1] },
  // Written during the sixth round without reading the rules (scripts/held-out-8/make.ts), measured with the fifth
  // round's rules and with the sixth's, whose author did not see it (docs/extract.md, "Held-out 8"): codes 69 of 70
  // right (1 wrong) and 69 of 70 found; links 49 of 49 right and 49 of 54 found. Its misses were then read and the
  // seventh round of rules written for their classes (docs/extract.md, "The seventh round of rules"): it is a training
  // set since, held to what that round gets on it (every code and link right, no wrong code).
  'held-out-8': { codes: [1, 1], links: [1, 1] },
  // Written during the sixth round without reading the rules (scripts/held-out-9/make.ts), measured after the fifth,
  // sixth and seventh rounds, whose authors did not see it (docs/extract.md, "Held-out 9"): with the seventh round's
  // rules codes 69 of 74 right (5 wrong) and 69 of 72 found; links 56 of 56 right and 56 of 57 found. Its misses were
  // then read and the eighth round of rules written for their classes (docs/extract.md, "The eighth round of rules"):
  // it is a training set since, held to what that round gets on it (every code and link right, no wrong code).
  'held-out-9': { codes: [1, 1], links: [1, 1] },
  // Written during the eighth round without reading the rules (scripts/held-out-10/make.ts), measured after the
  // seventh and the eighth rounds, whose authors did not see it (docs/extract.md, "Held-out 10"): with the eighth
  // round's rules codes 62 of 66 right (4 wrong) and 62 of 67 found; links 48 of 48 right and found. Its misses were
  // then read and the ninth round of rules written for their classes (docs/extract.md, "The ninth round of rules"): it
  // is a training set since, held to what that round gets on it (codes 64 of 64 right, no wrong code, 64 of 67 found;
  // links every one right). The sixteenth round's four and two digits ("8816 20") found one more: 65 of 65, 65 of 67 found;
  // the eighteenth round's three, three and two ("661 208 34") one more: 66 of 66, 66 of 67 found.
  'held-out-10': { codes: [1, 66 / 67], links: [1, 1], wrongCodes: 0 },
  // Written during the ninth round without reading the rules (scripts/held-out-11/make.ts), measured after the eighth
  // and the ninth rounds, whose authors did not see it (docs/extract.md, "Held-out 11"): codes 66 of 68 right (2
  // wrong) and 66 of 67 found; links 47 of 47 right and 47 of 48 found. Its misses were then read and the tenth round of
  // rules written for their classes (docs/extract.md, "The tenth round of rules"): it is a training set since, held to
  // what that round gets on it (every code and link right, no wrong code).
  'held-out-11': { codes: [1, 1], links: [1, 1], wrongCodes: 0 },
  // Written during the tenth round without reading the rules (scripts/held-out-12/make.ts), measured after the ninth
  // and the tenth rounds, whose authors did not see it (docs/extract.md, "Held-out 12"): with the tenth round's rules
  // codes 69 of 76 right (7 wrong, all on mails with no code) and 69 of 70 found; links 49 of 50 right (1 wrong) and 49
  // of 49 found. Its misses were then read and the eleventh round of rules written for their classes (docs/extract.md,
  // "The eleventh round of rules"): it is a training set since, held to what that round gets on it (every code and link
  // right, no wrong code).
  'held-out-12': { codes: [1, 1], links: [1, 1], wrongCodes: 0 },
  // Written during the eleventh round without reading the rules (scripts/held-out-13/make.ts), measured after the
  // tenth and the eleventh rounds, whose authors did not see it (docs/extract.md, "Held-out 13"): with the eleventh
  // round's rules codes 64 of 75 right (11 wrong) and 64 of 66 found; links 43 of 44 right (1 wrong) and 43 of 46 found.
  // Its misses were then read and the twelfth round of rules written for their classes (docs/extract.md, "The twelfth
  // round of rules"): it is a training set since, held to what that round gets on it (every code and link right, no
  // wrong code).
  'held-out-13': { codes: [1, 1], links: [1, 1], wrongCodes: 0 },
  // Written during the twelfth round without reading the rules (scripts/held-out-14/make.ts), measured after the
  // tenth, eleventh and twelfth rounds, whose authors did not see it (docs/extract.md, "Held-out 14"): with the twelfth
  // round's rules codes 68 of 70 right (2 wrong) and 68 of 71 found; links 46 of 46 right and 46 of 48 found. Its misses
  // were then read and the thirteenth round of rules written for their classes (docs/extract.md, "The thirteenth round of
  // rules"): it is a training set since, held to what that round gets on it (every code and link right, no wrong code).
  'held-out-14': { codes: [1, 1], links: [1, 1], wrongCodes: 0 },
  // Written during the thirteenth round without reading the rules (scripts/held-out-15/make.ts), measured after the
  // twelfth and the thirteenth rounds, whose authors did not see it (docs/extract.md, "Held-out 15"): with the thirteenth
  // round's rules codes 64 of 68 right (4 wrong) and 64 of 67 found; links 65 of 66 right (1 wrong) and 65 of 67 found.
  // Its misses were then read and the fourteenth round of rules written for their classes (docs/extract.md, "The
  // fourteenth round of rules"): it is a training set since, held to what that round gets on it (every code and link
  // right, no wrong code).
  'held-out-15': { codes: [1, 1], links: [1, 1], wrongCodes: 0 },
  // Written during the fourteenth round without reading the rules (scripts/held-out-16/make.ts), measured after the
  // thirteenth and the fourteenth rounds, whose authors did not see it (docs/extract.md, "Held-out 16"): with the
  // fourteenth round's rules codes 65 of 69 right (4 wrong) and 65 of 66 found; links 53 of 53 right and 53 of 54 found.
  // Its misses were then read and the fifteenth round of rules written for their classes (docs/extract.md, "The fifteenth
  // round of rules"): it is a training set since, held to what that round gets on it (every code and link right, no wrong
  // code).
  'held-out-16': { codes: [1, 1], links: [1, 1], wrongCodes: 0 },
  // Written during the fifteenth round without reading the rules (scripts/held-out-17/make.ts), measured after the
  // fourteenth and the fifteenth rounds, whose authors did not see it (docs/extract.md, "Held-out 17"): with the
  // fifteenth round's rules codes 61 of 64 right (3 wrong) and 61 of 65 found; links 57 of 58 right (1 wrong) and 57 of 57
  // found. Its misses were then read and the sixteenth round of rules written for their classes (docs/extract.md, "The
  // sixteenth round of rules"): it is a training set since, held to what that round gets on it (every code and link right,
  // no wrong code).
  'held-out-17': { codes: [1, 1], links: [1, 1], wrongCodes: 0 },
  // Written after the fifteenth round without reading the rules (scripts/held-out-18/make.ts), measured with the
  // fourteenth and the fifteenth rounds' rules, whose authors did not see it (docs/extract.md, "Held-out 18"): with the
  // fifteenth round's rules codes 51 of 56 right (5 wrong) and 51 of 56 found; links 53 of 54 right (1 wrong) and 53 of
  // 54 found. Its misses were then read and the sixteenth round of rules written for their classes (docs/extract.md, "The
  // sixteenth round of rules"): it is a training set since, held to what that round gets on it (every code and link right,
  // no wrong code).
  'held-out-18': { codes: [1, 1], links: [1, 1], wrongCodes: 0 },
  // Written after the sixteenth round's author had started, without reading the rules (scripts/held-out-19/make.ts),
  // kept off the branch of that round until it was merged, and measured with the fifteenth and the sixteenth rounds'
  // rules, whose authors did not see it (docs/extract.md, "Held-out 19"): with the sixteenth round's rules codes 58 of
  // 62 right (4 wrong) and 58 of 65 found; links 67 of 67 right and 67 of 69 found. Its misses were then read and the
  // seventeenth round of rules written for their classes (docs/extract.md, "The seventeenth round of rules"): it is a
  // training set since, held to what that round gets on it (every code and link right, no wrong code).
  'held-out-19': { codes: [1, 1], links: [1, 1], wrongCodes: 0 },
  // Written during the seventeenth round without reading the rules (scripts/held-out-20/make.ts), kept off the branch of
  // that round until it was merged, and measured with the sixteenth and the seventeenth rounds' rules, whose authors did
  // not see it (docs/extract.md, "Held-out 20"): with the seventeenth round's rules codes 58 of 63 right (5 wrong) and 58
  // of 73 found; links 65 of 65 right and 65 of 68 found. Its misses were then read and the eighteenth round of rules
  // written for their classes (docs/extract.md, "The eighteenth round of rules"): it is a training set since, held to what
  // that round gets on it (codes 69 of 69 right, no wrong code, 69 of 73 found; links 65 of 65 right, 65 of 68 found).
  'held-out-20': { codes: [1, 69 / 73], links: [1, 65 / 68], wrongCodes: 0 },
  // Written during the eighteenth round without reading the rules (scripts/held-out-21/make.ts), kept off the branch of
  // that round until it was merged, and measured with the seventeenth and the eighteenth rounds' rules, whose authors did
  // not see it (docs/extract.md, "Held-out 21"): with the eighteenth round's rules codes 74 of 78 right (4 wrong) and 74
  // of 75 found; links 53 of 53 right and 53 of 59 found. Its misses were then read and the nineteenth round of rules
  // written for their classes (docs/extract.md, "The nineteenth round of rules"): it is a training set since, held to what
  // that round gets on it (every code and link right, no wrong code).
  'held-out-21': { codes: [1, 1], links: [1, 1], wrongCodes: 0 },
  // Written during the nineteenth round without reading the rules (scripts/held-out-22/make.ts), kept off the branch of
  // that round until it was merged, and measured with the eighteenth and the nineteenth rounds' rules, whose authors did
  // not see it (docs/extract.md, "Held-out 22"): with the nineteenth round's rules codes 66 of 72 right (6 wrong) and 66
  // of 71 found; links 54 of 54 right and 54 of 59 found. Its misses were then read and the twentieth round of rules
  // written for their classes (docs/extract.md, "The twentieth round of rules"): it is a training set since, held to what
  // that round gets on it (every code and link right, no wrong code).
  'held-out-22': { codes: [1, 1], links: [1, 1], wrongCodes: 0 },
  // Written during the twentieth round without reading the rules (scripts/held-out-23/make.ts), kept off the branch of
  // that round until it was merged, and measured with the nineteenth and the twentieth rounds' rules, whose authors did
  // not see it (docs/extract.md, "Held-out 23"): with the twentieth round's rules codes 54 of 61 right (7 wrong) and 54
  // of 68 found; links 61 of 61 right and 61 of 62 found. Its misses were then read and the twenty-first round of rules
  // written for their classes (docs/extract.md, "The twenty-first round of rules"): it is a training set since, held to
  // what that round gets on it (every code and link right, no wrong code).
  'held-out-23': { codes: [1, 1], links: [1, 1], wrongCodes: 0 },
  // Written during the twenty-first round without reading the rules (scripts/held-out-24/make.ts), kept off the branch
  // of that round until it was merged, and measured with the twentieth and the twenty-first rounds' rules, whose authors
  // did not see it (docs/extract.md, "Held-out 24"): with the twenty-first round's rules codes 56 of 62 right (6 wrong)
  // and 56 of 62 found; links 56 of 56 right and 56 of 59 found. Its misses were then read and the twenty-second round of
  // rules written for their classes (docs/extract.md, "The twenty-second round of rules"): it is a training set since,
  // held to what that round gets on it (every code and link right, no wrong code).
  'held-out-24': { codes: [1, 1], links: [1, 1], wrongCodes: 0 },
  // Written during the twenty-second round without reading the rules (scripts/held-out-25/make.ts), kept off the branch
  // of that round until it was merged, and measured with the twenty-first and the twenty-second rounds' rules, whose
  // authors did not see it (docs/extract.md, "Held-out 25"): with the twenty-second round's rules codes 56 of 59 right
  // (3 wrong) and 56 of 58 found; links 36 of 36 right and 36 of 38 found. Its misses were then read and the twenty-third
  // round of rules written for their classes (docs/extract.md, "The twenty-third round of rules"): it is a training set
  // since, held to what that round gets on it (every code and link right, no wrong code).
  'held-out-25': { codes: [1, 1], links: [1, 1], wrongCodes: 0 },
  // Written during the twenty-third round without reading the rules (scripts/held-out-26/make.ts), kept off the branch
  // of that round until it was merged, and measured with the twenty-second and the twenty-third rounds' rules, whose
  // authors did not see it (docs/extract.md, "Held-out 26"): with the twenty-third round's rules codes 47 of 54 right (7
  // wrong, four of them an alphanumeric code given with the dash it is shown with where its writer expected it without)
  // and 47 of 53 found; links 44 of 44 right and 44 of 44 found. No rule has been written for it: the unseen measure,
  // held to that.
  'held-out-26': { codes: [47 / 54, 47 / 53], links: [1, 1], wrongCodes: 7 },
};

describe('extract: the held-out sets keep their floors (precision, recall, no more wrong codes than measured)', () => {
  it.each(Object.keys(FLOORS) as Array<keyof typeof FLOORS>)('%s', async (name: CorpusName & keyof typeof FLOORS) => {
    const s = scoreCorpus(await runCorpus(name));
    const f = FLOORS[name];
    expect(s.codes.wrong, 'wrong codes').toBeLessThanOrEqual(f.wrongCodes ?? 0);
    expect(s.codes.precision, 'code precision').toBeGreaterThanOrEqual(f.codes[0]);
    expect(s.codes.recall, 'code recall').toBeGreaterThanOrEqual(f.codes[1]);
    expect(s.links.precision, 'link precision').toBeGreaterThanOrEqual(f.links[0]);
    expect(s.links.recall, 'link recall').toBeGreaterThanOrEqual(f.links[1]);
  });
});

/**
 * The held-out corpora written for issue 29 (scripts/held-out-N/make.ts writes each), each committed before the
 * extractor ran on it: every file has an expectation, a language and a class, every language has code and link
 * cases, a fifth are negatives, and docs/extract.md states the set's measured score and names every miss. Held-out
 * 3 to 25 are training sets since their misses were read for a round of rules (5 and 6 for the fifth, 7 for the sixth, 8
 * for the seventh, 9 for the eighth, 10 for the ninth, 11 for the tenth, 12 for the eleventh, 13 for the twelfth, 14 for the
 * thirteenth, 15 for the fourteenth, 16 for the fifteenth, 17 and 18 for the sixteenth, 19 for the seventeenth, 20 for the
 * eighteenth, 21 for the nineteenth, 22 for the twentieth, 23 for the twenty-first, 24 for the twenty-second, 25 for the
 * twenty-third); held-out 26 is the unseen measure.
 */
const HELD_OUT: Array<{ name: CorpusName; label: string; min: number; about: string }> = [
  { name: 'held-out-3', label: 'Held-out 3', min: 120, about: 'before the second round; training since' },
  { name: 'held-out-4', label: 'Held-out 4', min: 150, about: 'after the second round, without reading the rules; training since the third' },
  { name: 'held-out-5', label: 'Held-out 5', min: 150, about: 'during the third round, without reading the rules; training since the fifth' },
  {
    name: 'held-out-6',
    label: 'Held-out 6',
    min: 150,
    about: "a test inbox's mix, during the fourth round, without reading the rules; training since the fifth",
  },
  { name: 'held-out-7', label: 'Held-out 7', min: 200, about: 'after the fourth round, without reading the rules; training since the sixth' },
  { name: 'held-out-8', label: 'Held-out 8', min: 200, about: 'during the sixth round, without reading the rules; training since the seventh' },
  {
    name: 'held-out-9',
    label: 'Held-out 9',
    min: 200,
    about: 'during the sixth round, without reading the rules; measured after the fifth, sixth and seventh; training since the eighth',
  },
  {
    name: 'held-out-10',
    label: 'Held-out 10',
    min: 200,
    about: 'during the eighth round, without reading the rules; measured after the seventh and the eighth; training since the ninth',
  },
  {
    name: 'held-out-11',
    label: 'Held-out 11',
    min: 180,
    about: 'during the ninth round, without reading the rules; measured after the eighth and the ninth; training since the tenth',
  },
  {
    name: 'held-out-12',
    label: 'Held-out 12',
    min: 185,
    about: 'during the tenth round, without reading the rules; measured after the ninth and the tenth; training since the eleventh',
  },
  {
    name: 'held-out-13',
    label: 'Held-out 13',
    min: 185,
    about: 'during the eleventh round, without reading the rules; measured after the tenth and the eleventh; training since the twelfth',
  },
  {
    name: 'held-out-14',
    label: 'Held-out 14',
    min: 190,
    about: 'during the twelfth round, without reading the rules; measured after the tenth, eleventh and twelfth; training since the thirteenth',
  },
  {
    name: 'held-out-15',
    label: 'Held-out 15',
    min: 210,
    about: 'during the thirteenth round, without reading the rules; measured after the twelfth and the thirteenth; training since the fourteenth',
  },
  {
    name: 'held-out-16',
    label: 'Held-out 16',
    min: 200,
    about: 'during the fourteenth round, without reading the rules; measured after the thirteenth and the fourteenth; training since the fifteenth',
  },
  {
    name: 'held-out-17',
    label: 'Held-out 17',
    min: 195,
    about: 'during the fifteenth round, without reading the rules; measured after the fourteenth and the fifteenth; training since the sixteenth',
  },
  {
    name: 'held-out-18',
    label: 'Held-out 18',
    min: 195,
    about: 'after the fifteenth round, without reading the rules; measured after the fourteenth and the fifteenth; training since the sixteenth',
  },
  {
    name: 'held-out-19',
    label: 'Held-out 19',
    min: 215,
    about: 'during the sixteenth round, without reading the rules; measured after the fifteenth and the sixteenth; training since the seventeenth',
  },
  {
    name: 'held-out-20',
    label: 'Held-out 20',
    min: 215,
    about: 'during the seventeenth round, without reading the rules; measured after the sixteenth and the seventeenth; training since the eighteenth',
  },
  {
    name: 'held-out-21',
    label: 'Held-out 21',
    min: 215,
    about: 'during the eighteenth round, without reading the rules; measured after the seventeenth and the eighteenth; training since the nineteenth',
  },
  {
    name: 'held-out-22',
    label: 'Held-out 22',
    min: 215,
    about: 'during the nineteenth round, without reading the rules; measured after the eighteenth and the nineteenth; training since the twentieth',
  },
  {
    name: 'held-out-23',
    label: 'Held-out 23',
    min: 215,
    about: 'during the twentieth round, without reading the rules; measured after the nineteenth and the twentieth; training since the twenty-first',
  },
  {
    name: 'held-out-24',
    label: 'Held-out 24',
    min: 210,
    about: 'during the twenty-first round, without reading the rules; measured after the twentieth and the twenty-first; training since the twenty-second',
  },
  {
    name: 'held-out-25',
    label: 'Held-out 25',
    min: 201,
    about: 'during the twenty-second round, without reading the rules; measured after the twenty-first and the twenty-second; training since the twenty-third',
  },
  {
    name: 'held-out-26',
    label: 'Held-out 26',
    min: 165,
    about: 'during the twenty-third round, without reading the rules; measured after the twenty-second and the twenty-third',
  },
];

describe.each(HELD_OUT)('extract: $name (written $about)', ({ name, label, min }) => {
  it('has an expectation, a language and a class for every file; every language has code and link cases; a fifth are negatives', () => {
    const held = corpusFiles(name);
    expect(held.files.length).toBeGreaterThanOrEqual(min);
    expect(Object.keys(held.expected).sort()).toEqual(held.files);
    for (const f of held.files) {
      expect(LANGS, f).toContain(held.expected[f]?.lang);
      expect(held.expected[f]?.class, f).toBeTruthy();
    }
    expectCodeAndLinkCases(Object.values(held.expected));
    const negatives = held.files.filter((f) => held.expected[f]?.otp === null && held.expected[f]?.verificationLink === null);
    expect(negatives.length * 5).toBeGreaterThanOrEqual(held.files.length);
  });

  it('docs/extract.md states its measured score and names every miss', async () => {
    const cases = await runCorpus(name);
    const doc = readFileSync(join(import.meta.dirname, '..', 'docs', 'extract.md'), 'utf8');
    expect(doc).toContain(`${label}: ${accuracyLine(cases)}`);
    for (const c of cases) {
      if (c.got.otp !== c.want.otp || c.got.verificationLink !== c.want.verificationLink) expect(doc, `${c.file} is a miss`).toContain(c.file);
    }
  });
});

describe('extract: the training corpus of the second round (tuned-3: every message exact)', () => {
  const set = corpusFiles('tuned-3');
  it('has an expectation, a language and a class for every file; every language has code and link cases; a fifth are negatives', () => {
    expect(set.files.length).toBeGreaterThanOrEqual(60);
    expect(Object.keys(set.expected).sort()).toEqual(set.files);
    for (const f of set.files) expect(LANGS, f).toContain(set.expected[f]?.lang);
    expectCodeAndLinkCases(Object.values(set.expected));
    const negatives = set.files.filter((f) => set.expected[f]?.otp === null && set.expected[f]?.verificationLink === null);
    expect(negatives.length * 5).toBeGreaterThanOrEqual(set.files.length);
  });
  it.each(set.files)('%s', async (file) => {
    const want = set.expected[file];
    expect(await extractFile('tuned-3', file)).toEqual({ otp: want?.otp ?? null, verificationLink: want?.verificationLink ?? null });
  });
});

describe('extract: the training corpus of issue 29 (tuned-2: 21 languages, the classes of the issue)', () => {
  // Written for the rules of issue 29 to be written against (scripts/tuned-2/make.ts); unlike the first
  // tuned set, not every message must be exact: docs/extract.md states its measured score and its misses.
  const CLASSES = [
    'otp-native-cue',
    'otp-distractors',
    'non-otp-code',
    'numbers-no-code',
    'link-native-cue',
    'link-invite',
    'link-approve',
    'link-cue-after-url',
    'link-tracked-activate',
    'link-idp-default',
    'link-forgot-footer',
    'sign-in-alert',
  ];

  it('has at least 200 mails, each with a language and a class; every language has code and link cases and every class; a fifth are negatives', () => {
    const set = corpusFiles('tuned-2');
    expect(set.files.length).toBeGreaterThanOrEqual(200);
    expect(Object.keys(set.expected).sort()).toEqual(set.files);
    const all = Object.values(set.expected);
    for (const f of set.files) {
      expect(LANGS, f).toContain(set.expected[f]?.lang);
      expect(CLASSES, f).toContain(set.expected[f]?.class);
    }
    expectCodeAndLinkCases(all);
    for (const lang of LANGS)
      expect(
        all.some((e) => e.lang === lang && e.otp === null && e.verificationLink === null),
        `${lang} has a negative`,
      ).toBe(true);
    for (const cls of CLASSES)
      expect(
        all.some((e) => e.class === cls),
        cls,
      ).toBe(true);
    const negatives = all.filter((e) => e.otp === null && e.verificationLink === null).length;
    expect(negatives * 5).toBeGreaterThanOrEqual(all.length);
  });
  it('docs/extract.md states its measured score and names every miss', async () => {
    const cases = await runCorpus('tuned-2');
    const doc = readFileSync(join(import.meta.dirname, '..', 'docs', 'extract.md'), 'utf8');
    expect(doc).toContain(`Tuned 2: ${accuracyLine(cases)}`);
    for (const c of cases) {
      if (c.got.otp !== c.want.otp || c.got.verificationLink !== c.want.verificationLink) expect(doc, `${c.file} is a miss`).toContain(c.file);
    }
  });
});

// explain() is extract() with its trace kept: on every fixture mail (every folder under test/fixtures/mail,
// whatever it holds) the same values, one chosen candidate exactly when there is a value, and candidates
// ranked with their reasons. Here, beside the corpora's scores, so that each mail is parsed once per run
// (the parsed inputs are kept per test process); one test per folder, naming every mail that disagrees.
const FOLDERS = [MAIL_FIXTURES, ...readdirSync(MAIL_FIXTURES, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? [join(MAIL_FIXTURES, e.name)] : []))];

/** What is wrong with explain() on one input, as sentences (none when it agrees with extract()). */
function disagreements(e: Explanation, got: Extraction): string[] {
  const out: string[] = [];
  if (e.otp !== got.otp || e.verificationLink !== got.verificationLink)
    out.push(`explain() gave ${JSON.stringify([e.otp, e.verificationLink])}, extract() ${JSON.stringify([got.otp, got.verificationLink])}`);
  const chosenCodes = e.codes.filter((c) => c.verdict === 'chosen').map((c) => c.value);
  const chosenLinks = e.links.filter((l) => l.verdict === 'chosen').map((l) => l.url);
  if (JSON.stringify(chosenCodes) !== JSON.stringify(got.otp === null ? [] : [got.otp])) out.push(`chosen codes ${JSON.stringify(chosenCodes)}`);
  if (JSON.stringify(chosenLinks) !== JSON.stringify(got.verificationLink === null ? [] : [got.verificationLink]))
    out.push(`chosen links ${JSON.stringify(chosenLinks)}`);
  for (const [what, list] of [
    ['codes', e.codes],
    ['links', e.links],
  ] as const) {
    // Ranked: the chosen one first, then accepted, then rejected; ranks 1..n.
    if (list.some((x, i) => x.rank !== i + 1)) out.push(`${what} ranked ${list.map((x) => x.rank).join(',')}`);
    const order = list.map((x) => ['chosen', 'accepted', 'rejected'].indexOf(x.verdict));
    if (order.some((o, i) => i > 0 && o < (order[i - 1] as number))) out.push(`${what} in the order ${list.map((x) => x.verdict).join(',')}`);
    for (const x of list) {
      if (x.reasons.length === 0) out.push(`a candidate without a reason: ${JSON.stringify(x)}`);
      else if (x.verdict === 'rejected' && !/^rejected: /.test(x.reasons.at(-1) as string))
        out.push(`a rejection whose last reason is ${JSON.stringify(x.reasons.at(-1))}`);
    }
  }
  return out;
}

describe('explain() agrees with extract() on every fixture mail', () => {
  it('finds the corpora', () => {
    expect(FOLDERS.length).toBeGreaterThanOrEqual(20);
    expect(FOLDERS).toContain(join(MAIL_FIXTURES, 'held-out'));
  });

  it.each(FOLDERS.map((dir) => [dir.slice(MAIL_FIXTURES.length + 1) || '(tuned)', dir]))('%s', async (_name, dir) => {
    const emls = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(emls.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const file of emls) {
      const input = await fixtureInput(join(dir, file));
      for (const d of disagreements(explain(input), extract(input))) wrong.push(`${file}: ${d}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the check finds a disagreement', () => {
    const e = explain({ text: 'Your verification code is 482913.' });
    expect(disagreements(e, { otp: '482913', verificationLink: null })).toEqual([]);
    expect(disagreements(e, { otp: '111111', verificationLink: null })).toHaveLength(2);
    const chosen = e.codes[0]!;
    const rejected = { ...chosen, verdict: 'rejected' as const, rank: 2 };
    expect(disagreements({ ...e, codes: [rejected, { ...chosen, rank: 1 }] }, { otp: '482913', verificationLink: null })).toEqual([
      'codes ranked 2,1',
      'codes in the order rejected,chosen',
      `a rejection whose last reason is ${JSON.stringify(chosen.reasons.at(-1))}`,
    ]);
  });
});

describe('extractOtp: codes', () => {
  const cases: Array<[string, string, string | null]> = [
    ['plain sentence', 'Your verification code is 482913.', '482913'],
    ['split by space', 'Your sign-in code: 123 456', '123456'],
    ['split by dash', 'Security code: 123-456', '123456'],
    ['4+4 split', 'Your security token: 5839 1024', '58391024'],
    ['pairs of two', 'Sign-in code: 12 34 56', '123456'],
    ['prefixed', 'G-123456 is your Google verification code.', 'G-123456'],
    ['letters with dash in code context', 'Your login code: ZXH-QCS', 'ZXH-QCS'],
    ['alphanumeric', 'Use this code to sign in: AB12CD', 'AB12CD'],
    ['code before keyword', '839201 is your Quill security code.', '839201'],
    ['4 digit PIN', 'Your one-time PIN is 4821.', '4821'],
    ['8 digits', 'Authentication code: 90417736', '90417736'],
    ['German', 'Ihr Bestätigungscode lautet 834201.', '834201'],
    ['French', 'Votre code de vérification est : 552193', '552193'],
    ['Spanish', 'Tu código de verificación es 551902.', '551902'],
    ['Portuguese', 'Seu código de acesso: 304118', '304118'],
    ['Italian', 'Il tuo codice di verifica è 777310.', '777310'],
    ['Dutch', 'Je verificatiecode is 615 204.', '615204'],
    ['Japanese full-width', '認証コード：４８２６１１', '482611'],
    ['code on its own line', 'Enter the following one-time code:\n\n  731046\n\nIt expires soon.', '731046'],
    ['code next to a date', 'Your code is 482913. It expires on 2026-11-22 at 12:30.', '482913'],
    ['keyword after the code', 'Use 738 291 to verify your Acme account.', '738291'],
    ['7 digits', "Security code: 4821937\nIf you don't recognize this account, ignore this email.", '4821937'],
    ['account number before the code', 'Your verification code for account 12345678 is 552211', '552211'],
    ['card number before the code', 'Your OTP for INR 1,234.00 at AMAZON on card XX4242 is 482913. Valid for 10 mins.', '482913'],
    ['phone number before the code', 'We sent a code to +1 (415) 555-0100. Code: 837261', '837261'],
    ['5 alphanumerics', 'Here is the Steam Guard code you need to login to account xyzgamer: F7K2M', 'F7K2M'],
    ['letters on their own line after "code is below"', 'Your confirmation code is below:\n\nABC-DEF\n\nThanks', 'ABC-DEF'],
    ['two-letter prefix', 'FB-48213 is your Facebook confirmation code', 'FB-48213'],
    ['mixed case in explicit context', 'Your verification code: x7Yp2Q', 'x7Yp2Q'],
    ['letter-spaced digits', 'Your security code is: 2 7 4 9 1 8', '274918'],
  ];
  it.each(cases)('%s', (_name, text, want) => {
    expect(extractOtp({ text })).toBe(want);
  });

  const negatives: Array<[string, string]> = [
    ['ISO date', 'Verification scheduled for 2026-11-22.'],
    ['slashed date', 'Your code was requested on 22/11/2026.'],
    ['month name date', 'Your verification is due Nov 22 2026.'],
    ['year alone', 'Verification code policy updated in 2026.'],
    ['time', 'Your code expires at 12:30.'],
    ['international phone', 'Questions about your code? Call +1 415 555 0100.'],
    ['US phone', 'Questions about your code? Call (415) 555-0100.'],
    ['price', 'Verification fee: $1234 charged.'],
    ['euro price', 'Code bestätigt. Betrag: 1.234,00 €'],
    ['order number', 'Order #123456 verification complete.'],
    ['invoice number', 'Verify your invoice 20241234 before paying.'],
    ['UK postcode', 'Verification code sent to SW1A 1AA'],
    ['US zip', 'Verify your address: 1 Market St, San Francisco, CA 94107'],
    ['French postcode', 'Code de vérification envoyé\n12 rue de Rivoli\n75008 Paris'],
    ['tracking number', 'Your tracking code: 1Z999AA10123456784'],
    ['account number', 'Verification of account number 12345678 complete.'],
    ['promo code', 'Use code SAVE20 at checkout for 20% off!'],
    ['postal code word', 'Please enter your postal code 94107 to verify.'],
    ['IBAN', 'Verification: IBAN DE89 3704 0044 0532 0130 00'],
    ['no keyword', 'Thanks for joining! 482913 people already did.'],
    ['duration', 'Your code expires in 3600 seconds.'],
    ['order verified', 'Your order 482913 has been verified and will ship soon.'],
    ['customer number', 'Your verification was successful. Your customer number is 55123398.'],
    ['request id', 'Your password reset was requested. Request ID: 7F3A9C21'],
    ['phone ending', 'Enter the code sent to your phone ending in 4321.'],
    ['German order number', 'Zahlung bestätigt: Betrag 49,99 EUR, Bestellnummer 4000123'],
    ['French order number', 'Votre commande n° 445566 est confirmée.'],
    ['Spanish postal code', 'Su pedido 778899 ha sido confirmado. Código postal 28001.'],
    ['voucher code', 'Ihr Gutscheincode: HERBST25'],
    ['booking code', 'Booking code: X7K9QP'],
    ['lower-case word after code', 'Welcome to the mp3 store! Your code is valid for 10 minutes.'],
    ['all-caps heading', 'Use the code below to sign in.\n\nWELCOME\n\nQUESTIONS?'],
  ];
  it.each(negatives)('never a code: %s', (_name, text) => {
    expect(extractOtp({ text })).toBeNull();
  });

  it('reads the code from the subject', () => {
    expect(extractOtp({ subject: 'Your code is 123456', text: 'Hello!' })).toBe('123456');
    expect(extractOtp({ subject: '482913 is your Instagram code', text: null, html: null })).toBe('482913');
  });

  it('prefers the text part and falls back to HTML', () => {
    const html = '<p>Your sign-in code:</p><p style="font-size:28px"><b>111222</b></p>';
    expect(extractOtp({ text: 'Your verification code is 333444.', html })).toBe('333444');
    expect(extractOtp({ text: 'View this email in your browser.', html })).toBe('111222');
    expect(extractOtp({ html })).toBe('111222');
  });

  it('ignores scripts, styles and comments and decodes entities', () => {
    const html =
      '<style>.x{width:123456px}</style><script>var code = "999999";</script><!-- code 888888 -->' +
      '<p>Your&nbsp;verification&nbsp;code&#58;&#32;<strong>246&#8203;810</strong></p>';
    expect(extractOtp({ html })).toBe('246810');
  });

  it('uses a bold code when only the subject names it', () => {
    const html = '<p>Hi there,</p><div style="font-size:32px;letter-spacing:8px">907341</div><p>Thanks!</p>';
    expect(extractOtp({ subject: 'Your Acme verification code', html })).toBe('907341');
  });
});

describe('extractVerificationLink', () => {
  it('picks the verify button and decodes &amp;', () => {
    const html =
      '<a href="https://acme.test/"><img src="https://acme.test/logo.png" alt="Acme"></a>' +
      '<a href="https://acme.test/verify?token=abcdef123456&amp;u=42">Verify email</a>' +
      '<a href="https://twitter.com/acme">Twitter</a>' +
      '<a href="https://acme.test/unsubscribe?u=42">Unsubscribe</a>' +
      '<img src="https://t.acme.test/open/42.gif" width="1" height="1">';
    expect(extractVerificationLink({ html })).toBe('https://acme.test/verify?token=abcdef123456&u=42');
  });

  it('scores by anchor text in several languages', () => {
    for (const label of ['Confirm', 'E-Mail-Adresse bestätigen', 'Confirmer mon adresse', 'Restablecer contraseña', 'Bevestig je e-mailadres']) {
      const html = `<a href="https://x.test/a/9f8e7d6c5b4a39281706">${label}</a><a href="https://x.test/">Home</a>`;
      expect(extractVerificationLink({ html }), label).toBe('https://x.test/a/9f8e7d6c5b4a39281706');
    }
  });

  it('finds URLs in the text part using the words before them', () => {
    const text = 'Reset your password:\nhttps://app.test/reset?token=9f8e7d6c5b4a\n\nHelp: https://app.test/help\nUnsubscribe: https://app.test/unsub?u=1';
    expect(extractVerificationLink({ text })).toBe('https://app.test/reset?token=9f8e7d6c5b4a');
  });

  it('rejects unsubscribe, social, legal, pixel and plain login links', () => {
    const html =
      '<a href="https://news.test/unsubscribe?email=a%40b.c&token=abcdef123456">Unsubscribe</a>' +
      '<a href="https://www.linkedin.com/company/acme">LinkedIn</a>' +
      '<a href="https://github.com/acme">GitHub</a>' +
      '<a href="https://news.test/privacy">Privacy policy</a>' +
      '<a href="https://news.test/terms">Terms</a>' +
      '<a href="https://news.test/pixel/abc.gif">.</a>' +
      '<a href="https://news.test/login">Log in</a>' +
      '<a href="mailto:help@news.test">Contact</a>';
    expect(extractVerificationLink({ html })).toBeNull();
  });

  it('ignores "if you did not request this" fallback links and order pages', () => {
    const text =
      "If you didn't request a password reset, secure your account: https://app.test/security\n" +
      'View order confirmation: https://shop.test/orders/123/confirmation?token=abcdef123456';
    expect(extractVerificationLink({ text })).toBeNull();
  });

  it('prefers the text part and falls back to HTML anchors', () => {
    const html = '<a href="https://h.test/verify?token=abcdef123456">Verify email</a>';
    const text = 'Verify your email: https://t.test/verify?token=abcdef123456';
    expect(extractVerificationLink({ text, html })).toBe('https://t.test/verify?token=abcdef123456');
    expect(extractVerificationLink({ text: 'Hello', html })).toBe('https://h.test/verify?token=abcdef123456');
  });

  it('accepts a magic sign-in link', () => {
    const text = 'Click to sign in to Northwind: https://northwind.test/login?token=Zr8q2LxV0pN7mKc4';
    expect(extractVerificationLink({ text })).toBe('https://northwind.test/login?token=Zr8q2LxV0pN7mKc4');
  });
});

describe('robustness', () => {
  it('handles empty input', () => {
    expect(extract({})).toEqual({ otp: null, verificationLink: null });
    expect(extract({ subject: '', text: null, html: null })).toEqual({ otp: null, verificationLink: null });
  });

  // Hostile shapes (runs of digits, '<', unclosed attributes, huge hosts) must not trip the rules into a
  // code or a link. How long they take is a benchmark (bench/extract.ts times each of these inputs
  // against an ordinary message), not something a test can assert.
  it('large and adversarial input yields no false code or link, and the real code where there is one', () => {
    const none: Extraction = { otp: null, verificationLink: null };
    const inputs: Array<[string, Extraction]> = [
      ['code '.repeat(60_000), none],
      ['1'.repeat(300_000), none],
      ['1 '.repeat(150_000), none],
      ['<'.repeat(200_000), none],
      ['<a href="'.repeat(30_000), none],
      ['<script>'.repeat(30_000), none],
      [`${'a'.repeat(100_000)}@${'b.'.repeat(50_000)}`, none],
      [`https://${'x'.repeat(200_000)}.`, none],
      ['Your code is 123456 '.repeat(12_000), { otp: '123456', verificationLink: null }],
      [`${'&amp;'.repeat(50_000)}<b>${'9 '.repeat(10_000)}</b>`, none],
    ];
    for (const [s, want] of inputs) {
      expect(extract({ subject: s.slice(0, 1000), text: s, html: s }), s.slice(0, 20)).toEqual(want);
    }
  });
});

describe('bounded work', () => {
  const lorem = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.\n';
  const verify = '<a href="https://x.test/verify?token=abcdef123456">Verify email</a>';
  const home = '<a href="https://x.test/p">Home</a>';

  it('finds the code at the top of a long message', () => {
    expect(extractOtp({ text: `Your verification code is 482913.\n${lorem.repeat(3000)}` })).toBe('482913');
    const html = `<p>Your verification code is <b>482913</b></p>${'<span>a</span> '.repeat(20_000)}`;
    expect(extractOtp({ html })).toBe('482913');
  });

  it(`searches only the first ${OTP_SCAN_CHARS} characters of a text for a code`, () => {
    const filler = lorem.repeat(Math.ceil(OTP_SCAN_CHARS / lorem.length) + 10);
    expect(extractOtp({ text: `${filler}Your verification code is 482913.` })).toBeNull();
  });

  it(`scores the first ${MAX_OTP_CANDIDATES} code candidates only`, () => {
    const code = 'Your verification code is 482913.';
    expect(extractOtp({ text: `${'Item AB12CD\n'.repeat(50)}${code}` })).toBe('482913');
    expect(extractOtp({ text: `${'Item AB12CD\n'.repeat(MAX_OTP_CANDIDATES + 10)}${code}` })).toBeNull();
  });

  it('keeps emphasis beyond a deep nesting of bold tags', () => {
    const html = `${'<b>'.repeat(1000)}<p>Your sign-in code:</p><div style="font-size:32px">482913</div>`;
    expect(extractOtp({ html })).toBe('482913');
  });

  it(`scores the first ${MAX_LINKS} links of a part only`, () => {
    const want = 'https://x.test/verify?token=abcdef123456';
    expect(extractVerificationLink({ html: verify + home.repeat(5000) })).toBe(want);
    expect(extractVerificationLink({ html: home.repeat(MAX_LINKS + 50) + verify })).toBeNull();
    const text = `${'See https://x.test/p\n'.repeat(MAX_LINKS + 50)}Verify your email: ${want}`;
    expect(extractVerificationLink({ text })).toBeNull();
  });

  it(`reads the first ${MAX_SUBJECT_CHARS} characters of the subject`, () => {
    expect(extractOtp({ subject: `Your code is 123456 ${'x '.repeat(5000)}`, text: 'Hello' })).toBe('123456');
    expect(extractOtp({ subject: `${'x '.repeat(MAX_SUBJECT_CHARS)}Your code is 123456`, text: 'Hello' })).toBeNull();
  });
});
