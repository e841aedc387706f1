// The import rules of biome.json guard ARCHITECTURE.md's rules 1 and 4, and keep files from importing
// each other in a circle. Probe files are written at the paths the rules name, in a temp folder with
// the project's biome.json, and linted in one run: each must be refused (one diagnostic per line) or
// let through.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');

const CORE_REFUSED = [
  "import { Hono } from 'hono';",
  "import type { Context } from 'hono/tiny';",
  "import { serve } from '@hono/node-server';",
  "import { SMTPServer } from 'smtp-server';",
  "import { WebSocket } from 'ws';",
  "import { request } from 'undici';",
  "import { createServer } from 'node:http';",
  "import { connect } from 'node:net';",
  "import { connect as tls } from 'node:tls';",
  "import { readFileSync } from 'node:fs';",
  "import { readFile } from 'node:fs/promises';",
  "import { startSmtp } from '../smtp/receiver.js';",
  "import { createApp } from '../http/app.js';",
  "export const m = await import('node:https');",
];

const PROBES: Record<string, { lines: string[]; refused: boolean }> = {
  'emulator/core/refused.ts': { lines: CORE_REFUSED, refused: true },
  'emulator/core/allowed.ts': {
    lines: ["import { createHash } from 'node:crypto';", "import { Mailbox } from './mail/mailbox.js';", "import type { Store } from '../store/store.js';"],
    refused: false,
  },
  // The wings of the core (mail/, accounts/, delivery/, timeline/) are the core: the same rules reach them.
  'emulator/core/delivery/refused.ts': {
    lines: [
      "import { request } from 'undici';",
      "import { readFile } from 'node:fs/promises';",
      "import { createApp } from '../../http/app.js';",
      "import { startSmtp } from '../../smtp/receiver.js';",
    ],
    refused: true,
  },
  'emulator/core/mail/allowed.ts': {
    lines: [
      "import { Accounts } from '../accounts/accounts.js';",
      "import type { Store } from '../../store/store.js';",
      "import { Clock } from '../clock.js';",
    ],
    refused: false,
  },
  'emulator/http/refused.ts': {
    lines: [
      "import { readFileSync } from 'node:fs';",
      "import { outputMode } from '../../src/ui/mode.js';",
      "import { InboxClient } from '../../src/client/index.js';",
    ],
    refused: true,
  },
  'emulator/smtp/refused.ts': { lines: ["import { open } from 'node:fs/promises';"], refused: true },
  'emulator/refused.ts': {
    lines: ["import { readFile } from 'node:fs/promises';", "import { runEmulator } from '../src/cli/emulate-runner.js';"],
    refused: true,
  },
  'emulator/allowed.ts': { lines: ["import { startEmulator } from './server.js';", "import { PLAN_NAMES } from '../src/api/plans.js';"], refused: false },
  'emulator/store/allowed.ts': {
    lines: ["import { readFileSync } from 'node:fs';", "import type { PlanName } from '../../src/api/plans.js';"],
    refused: false,
  },
  'emulator/store/refused.ts': { lines: ["import { CliError } from '../../src/cli/errors.js';"], refused: true },
  'src/cli/commands/refused.ts': {
    lines: [
      "import { Ingest } from '../../../emulator/core/mail/ingest.js';",
      "import type { SyncMode } from '../../../emulator/store/durability.js';",
      "import { createOutbound } from '../../../emulator/outbound.js';",
      "import { startSmtp } from '../../../emulator/smtp/receiver.js';",
      "import { runEmulator } from '../../../emulator/cli-runner.js';",
    ],
    refused: true,
  },
  'src/cli/commands/allowed.ts': {
    lines: ["import type { SyncMode } from '../../../emulator/server.js';", "import { EMULATOR_OPTIONS } from '../../../emulator/options.js';"],
    refused: false,
  },
  // Loaded at every start of the CLI: zod/mini and nothing else (the real file imports zod/mini).
  'emulator/options.ts': {
    lines: [
      "import type { SyncMode } from './store/durability.js';",
      "import { startEmulator } from './server.js';",
      "import { z } from 'zod';",
      "import { Command } from 'commander';",
      "import { readFileSync } from 'node:fs';",
    ],
    refused: true,
  },
  'src/cli/allowed.ts': {
    lines: ["import { startEmulator } from '../../emulator/server.js';", "import { attachEmulatorLog } from '../ui/emulator-log.js';"],
    refused: false,
  },
  'src/client/refused.ts': {
    lines: [
      "import type { RunningEmulator } from '../../emulator/server.js';",
      "import { Output } from '../ui/output.js';",
      "import { EMULATOR_OPTIONS } from '../../emulator/options.js';",
    ],
    refused: true,
  },
  'src/api/refused.ts': { lines: ["import { EXIT } from '../cli/exit-codes.js';"], refused: true },
  // The extractor is one pure module: the emulator runs it on arrival, the CLI on any message it fetched.
  'src/extract/refused.ts': {
    lines: [
      "import { readFileSync } from 'node:fs';",
      "import { Buffer } from 'node:buffer';",
      "import { plans } from '../api/plans.js';",
      "import { Output } from '../ui/output.js';",
      "import { Mailbox } from '../../emulator/core/mail/mailbox.js';",
      "import { z } from 'zod';",
      "import { x } from './deeper/x.js';",
    ],
    refused: true,
  },
  'src/extract/allowed.ts': { lines: ["import { scanVocabulary } from './keywords.js';", "import type { Candidate } from './candidates.js';"], refused: false },
  'emulator/core/extract-user.ts': { lines: ["import { extract } from '../../src/extract/extract.js';"], refused: false },
  'src/cli/commands/extract-user.ts': { lines: ["export const load = () => import('../../extract/extract.js');"], refused: false },
};

// A circle closed by a type-only import counts too: the files still depend on each other.
const CYCLE_PROBES: Record<string, { lines: string[]; inCircle: boolean }> = {
  'emulator/store/circle-a.ts': { lines: ["import type { B } from './circle-b.js';", 'export const a = (b: B) => b;'], inCircle: true },
  'emulator/store/circle-b.ts': { lines: ["import { a } from './circle-a.js';", 'export type B = string;', 'export const b = a;'], inCircle: true },
  'src/client/line-a.ts': { lines: ["import { b } from './line-b.js';", 'export const a = b;'], inCircle: false },
  'src/client/line-b.ts': { lines: ['export const b = 1;'], inCircle: false },
};

let dir: string;
let report: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-lint-'));
  copyFileSync(join(ROOT, 'biome.json'), join(dir, 'biome.json'));
  for (const [path, probe] of [...Object.entries(PROBES), ...Object.entries(CYCLE_PROBES)]) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), `${probe.lines.join('\n')}\n`);
  }
  const r = spawnSync(BIOME, ['lint', '--vcs-enabled=false', '--max-diagnostics=none', '.'], { cwd: dir, encoding: 'utf8' });
  report = `${r.stdout}${r.stderr}`;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The lines of `path` that `rule` refused (1-based). */
function refusedLines(path: string, rule = 'lint/style/noRestrictedImports'): number[] {
  const re = new RegExp(`^${path.replace(/[./]/g, '\\$&')}:(\\d+):\\d+ ${rule}`, 'gm');
  return [...report.matchAll(re)].map((m) => Number(m[1])).sort((a, b) => a - b);
}

describe('biome import rules', () => {
  test.each(Object.entries(PROBES))('%s', (path, probe) => {
    const expected = probe.refused ? probe.lines.map((_, i) => i + 1) : [];
    expect(refusedLines(path), report).toEqual(expected);
  });
});

describe('biome refuses import circles', () => {
  test.each(Object.entries(CYCLE_PROBES))('%s', (path, probe) => {
    expect(refusedLines(path, 'lint/suspicious/noImportCycles'), report).toEqual(probe.inCircle ? [1] : []);
  });
});
