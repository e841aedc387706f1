// The emulator's options are declared once (emulator/options.ts); the flags of `inbox emulate` and its
// INBOX_EMULATOR_* variables come from there, and so must what README.md and docs/emulator.md list:
// every option in both (usage block, flag table, variable list or table), and no flag or variable in
// them that the table does not declare.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { EMULATOR_OPTIONS, flagOf, variableOf, type OptionName, type OptionSpec } from '../../emulator/options.js';

const ROOT = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const README = read('README.md');
const EMULATOR_DOC = read('docs/emulator.md');

const OPTIONS = Object.entries(EMULATOR_OPTIONS) as Array<[OptionName, OptionSpec]>;
const FLAGS = new Set(OPTIONS.flatMap(([name, spec]) => [flagOf(name), ...(spec.negate ? [`--no-${flagOf(name).slice(2)}`] : [])]));
const VARIABLES = new Map(OPTIONS.map(([name]) => [variableOf(name), flagOf(name)]));
/** Flags of `inbox emulate` that are not the emulator's options: the program's global ones. */
const GLOBAL_FLAGS = new Set(['--json']);

/** The `inbox emulate [...]` usage block of a markdown text. */
function usageBlock(md: string): string {
  const m = /```\ninbox emulate (\[[^`]*?)```/.exec(md);
  if (!m) throw new Error('no `inbox emulate [...]` usage block');
  return m[1] ?? '';
}

/** The flags a text names (`--allow-host`, `--no-fsync`). */
const flagsIn = (text: string) => new Set(text.match(/--[a-z][a-z-]*[a-z]/g) ?? []);

/** The rows of a markdown table whose first cell starts with `prefix`, as arrays of cells. */
function tableRows(md: string, prefix: string): string[][] {
  return md
    .split('\n')
    .filter((l) => l.startsWith(`| ${prefix}`))
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
}

describe('README.md and docs/emulator.md list the options emulator/options.ts declares', () => {
  test('each usage block names every option, and nothing else but --json', () => {
    for (const [doc, md] of [
      ['README.md', README],
      ['docs/emulator.md', EMULATOR_DOC],
    ] as const) {
      const named = flagsIn(usageBlock(md));
      for (const [name] of OPTIONS) expect(named.has(flagOf(name)), `${doc}: ${flagOf(name)} in the usage block`).toBe(true);
      for (const flag of named) expect(FLAGS.has(flag) || GLOBAL_FLAGS.has(flag), `${doc}: ${flag} is declared`).toBe(true);
    }
  });

  test("docs/emulator.md's flag table has a row for every flag and --no- form, and no flag the table does not declare", () => {
    const rows = tableRows(EMULATOR_DOC, '`--');
    const named = new Set(rows.flatMap((r) => [...flagsIn(r[0] ?? '')]));
    for (const flag of FLAGS) expect(named.has(flag), `docs/emulator.md: a row for ${flag}`).toBe(true);
    for (const flag of named) expect(FLAGS.has(flag) || GLOBAL_FLAGS.has(flag), `docs/emulator.md: ${flag} is declared`).toBe(true);
  });

  test("docs/emulator.md's variable table has every variable beside its own flag", () => {
    const rows = tableRows(EMULATOR_DOC, '`INBOX_EMULATOR_');
    const documented = new Map(rows.map((r) => [(r[0] ?? '').replace(/`/g, ''), (r[1] ?? '').replace(/`/g, '')]));
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(VARIABLES));
  });

  test('README.md names every variable', () => {
    for (const variable of VARIABLES.keys()) expect(README, variable).toMatch(new RegExp(`\\b${variable}\\b`));
  });

  test('every INBOX_EMULATOR_* variable README.md or docs/ mention is declared', () => {
    const docs = readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => [`docs/${f}`, read(`docs/${f}`)] as const);
    for (const [doc, md] of [['README.md', README] as const, ...docs]) {
      for (const variable of md.match(/\bINBOX_EMULATOR_[A-Z][A-Z_]*[A-Z]\b/g) ?? []) {
        expect(VARIABLES.has(variable), `${doc}: ${variable} is declared in emulator/options.ts`).toBe(true);
      }
    }
  });
});
