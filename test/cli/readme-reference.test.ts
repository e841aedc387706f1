// README.md's reference parts held to the code: the exit-code table has one row per code the CLI can
// exit with (src/cli/exit-codes.ts and the forced exit), each case it names exits with that row's code
// when run, and every INBOX_* variable the code reads is documented (the product's in README.md, the
// test tools' in README.md or docs/), with no variable documented that nothing reads.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EMULATOR_OPTIONS, variableOf, type OptionName } from '../../emulator/options.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { FORCED_EXIT } from '../../src/cli/report-error.js';
import { cliEmulator, runCli, type CliEmulator } from './helpers.js';
import type { RunningEmulator } from '../helpers/reader.js';

const ROOT = join(import.meta.dirname, '../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** README's exit-code table: code → meaning. */
function exitTable(): Map<number, string> {
  const section = README.slice(README.indexOf('### Exit codes'));
  const rows = new Map<number, string>();
  for (const line of section.split('\n').slice(1)) {
    if (line.startsWith('#')) break;
    const m = /^\| (\d+) \| (.+) \|$/.exec(line);
    if (m) rows.set(Number(m[1]), m[2]!);
  }
  return rows;
}

/** The code of the one row whose meaning contains `phrase`. */
function rowOf(phrase: string): number {
  const hits = [...exitTable()].filter(([, meaning]) => meaning.includes(phrase));
  expect(
    hits.map(([code]) => code),
    `one README exit-code row says "${phrase}"`,
  ).toHaveLength(1);
  return hits[0]![0];
}

/** Source files under `dirs` (relative to the repository). */
function sources(dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name === 'fixtures') continue;
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|tsx|js|mjs|cjs)$/.test(name)) out.push(p);
    }
  };
  for (const d of dirs) walk(join(ROOT, d));
  return out;
}

/** INBOX_* variables read from an environment object (`env.X`, `env?.X`, `env['X']`) or a shell's (`$X`, `${X}`) in `files`, with where. */
function variablesRead(files: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    // In code, a read of an environment object; in the CI script (bash), an expansion.
    const reads = file.endsWith('.ci/run')
      ? /\$\{?(INBOX_[A-Z0-9_]*[A-Z0-9])\b/g
      : /\benv\??\.(INBOX_[A-Z0-9_]*[A-Z0-9])\b|\benv\[\s*['"](INBOX_[A-Z0-9_]*[A-Z0-9])['"]\s*\]/g;
    for (const m of text.matchAll(reads)) {
      const name = m[1] ?? m[2]!;
      if (!found.has(name)) found.set(name, relative(ROOT, file));
    }
  }
  return found;
}

const OPTION_VARIABLES = (Object.keys(EMULATOR_OPTIONS) as OptionName[]).map(variableOf);
const PRODUCT = variablesRead(sources(['src', 'emulator', 'bin']));
const TOOLING = variablesRead([...sources(['scripts', 'test', 'bench']), join(ROOT, '.ci/run')]);
const docs = () => [
  ['README.md', README] as const,
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => [`docs/${f}`, readFileSync(join(ROOT, 'docs', f), 'utf8')] as const),
  ['ARCHITECTURE.md', readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8')] as const,
];
const named = (md: string, variable: string) => new RegExp(`\\b${variable}\\b`).test(md);

describe("README's exit codes", () => {
  test('one row per exit code the CLI has, and no other', () => {
    const codes = [...exitTable().keys()];
    expect(new Set(codes).size, 'no code twice').toBe(codes.length);
    expect(codes.sort((a, b) => a - b)).toEqual([...new Set([...Object.values(EXIT), FORCED_EXIT])].sort((a, b) => a - b));
  });

  describe('each case a row names exits with its code', () => {
    let t: CliEmulator<RunningEmulator>;
    let dir: string;
    beforeAll(async () => {
      t = await cliEmulator({ sockets: true });
      dir = mkdtempSync(join(tmpdir(), 'inbox-readme-exit-'));
      const r = await t.run(['inboxes', 'register', 'mine@inbox.test']);
      expect(r.code).toBe(0);
    });
    afterAll(async () => {
      await t?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const cases: Array<[phrase: string, argv: string[], env?: Record<string, string>]> = [
      ['an inbox not registered on your account', ['messages', 'list', 'nobody@inbox.test']],
      ['an inbox not registered on your account', ['otp', 'nobody@inbox.test']],
      ["the SMTP server's refusal of `inbox send`", ['send', '--to', 'nobody@inbox.test', '--subject', 'x', '--text', 'x']],
      ['`inbox config get` of a setting that is not set', ['config', 'get', 'api-key']],
      ['no inbox given and no default inbox set', ['otp']],
      ['an unknown `--profile`', ['--profile', 'no-such-profile', 'me']],
      ['a bad `INBOX_*` value', ['me'], { INBOX_HTTP_TIMEOUT: 'soon' }],
      ['`inbox otp` found no code', ['otp', 'mine@inbox.test']],
      ['`inbox open` of an inbox or message the emulator does not hold', ['open', 'nobody@inbox.test', '--print']],
      ['no such domain, message or webhook', ['messages', 'read', 'mine@inbox.test', 'no-such-id']],
    ];
    for (const [phrase, argv, env] of cases) {
      test(`${argv.join(' ')}: "${phrase}"`, async () => {
        const r = await t.run(argv, env);
        expect(r.code, r.stderr).toBe(rowOf(phrase));
      });
    }

    test('nothing at the base URL: "`inbox ready` ran out of time"', async () => {
      const r = await runCli(['ready', '--base-url', 'http://127.0.0.1:9', '--timeout', '0.3'], { INBOX_CONFIG_DIR: dir });
      expect(r.code, r.stderr).toBe(rowOf('`inbox ready` ran out of time'));
    });

    test('connection refused: "network"', async () => {
      const r = await runCli(['me', '--base-url', 'http://127.0.0.1:9'], { INBOX_CONFIG_DIR: dir });
      expect(r.code, r.stderr).toBe(rowOf('network: connection refused'));
    });

    test('inbox emulate with a TLS certificate file that cannot be used: "could not start"', async () => {
      const r = await runCli(
        ['emulate', '--memory', '--port', '0', '--smtp-port', '0', '--tls-cert', join(dir, 'missing.pem'), '--tls-key', join(dir, 'missing.key')],
        {
          INBOX_CONFIG_DIR: dir,
        },
      );
      expect(r.code, r.stderr).toBe(rowOf('a TLS certificate file that cannot be used'));
    });
  });
});

describe('environment variables', () => {
  test('README.md names every INBOX_* variable the product reads, and every INBOX_EMULATOR_* one', () => {
    expect(PRODUCT.size).toBeGreaterThan(5);
    for (const [variable, where] of PRODUCT) expect(named(README, variable), `${variable} (read in ${where}) in README.md`).toBe(true);
    for (const variable of OPTION_VARIABLES) expect(named(README, variable), `${variable} in README.md`).toBe(true);
  });

  test('README.md or docs/ names every INBOX_* variable the tests, scripts and CI read', () => {
    const all = docs();
    for (const [variable, where] of TOOLING) {
      if (PRODUCT.has(variable) || OPTION_VARIABLES.includes(variable)) continue;
      expect(
        all.some(([, md]) => named(md, variable)),
        `${variable} (read in ${where}) in README.md or docs/`,
      ).toBe(true);
    }
  });

  test('no INBOX_* variable is documented that nothing reads', () => {
    const read = new Set([...PRODUCT.keys(), ...TOOLING.keys(), ...OPTION_VARIABLES]);
    for (const [doc, md] of docs()) {
      for (const variable of new Set(md.match(/\bINBOX_[A-Z0-9_]*[A-Z0-9]\b/g) ?? [])) {
        expect(read.has(variable), `${doc}: ${variable} is read by the code`).toBe(true);
      }
    }
  });
});
