// A start indexes every file a killed run left in new/, also when there are more of them than the
// process may open at once (about 10,000 on macOS; here a limit of 128 stands for it): the files an
// index lacks are read a few at a time, not all together (which failed the whole inbox with EMFILE,
// so its mail was not listed and what was in new/ never announced).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { folderOf, mailFileName } from '../../emulator/store/maildir.js';
import { compiledScript } from '../helpers/compiled.js';
import { startEmulator } from '../helpers/reader.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-review-recover-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INBOX = 'many@inbox.test';
const COUNT = 300;

it.skipIf(process.platform === 'win32')(
  'a start indexes every file a killed run left in new/, also more than the process may open at once',
  async () => {
    const data = join(dir, 'emulator.json');
    const first = await startEmulator({ port: 0, smtpPort: 0, data });
    const res = await fetch(`${first.apiUrl}/inboxes`, {
      method: 'POST',
      headers: { authorization: 'Bearer emu_enterprise', 'content-type': 'application/json' },
      body: JSON.stringify({ inbox: INBOX }),
    });
    expect(res.status).toBe(201);
    await first.close();
    // What a run killed right after acknowledging a burst leaves: files in new/ its index never had.
    const fresh = join(dir, 'emulator.d', 'mail', folderOf(INBOX), 'new');
    mkdirSync(fresh, { recursive: true });
    const at = Date.now();
    for (let i = 0; i < COUNT; i++) {
      writeFileSync(
        join(fresh, mailFileName(at + i, `m${String(i).padStart(6, '0')}`, 0)),
        `From: a@example.test\r\nTo: ${INBOX}\r\nSubject: n${i}\r\n\r\nCode ${100000 + i}.\r\n`,
      );
    }

    const script = await compiledScript(fileURLToPath(new URL('../reliability/fixtures/crash-emulator.ts', import.meta.url)));
    const child = spawn('/bin/sh', ['-c', 'ulimit -n 128 && exec "$0" "$1" "$2"', process.execPath, script, data], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', () => reject(new Error(`the emulator did not start: ${stderr}`)));
      });
      const { recovered } = JSON.parse(line) as { recovered: number };
      expect(recovered, stderr.slice(0, 400)).toBe(COUNT);
    } finally {
      child.kill('SIGKILL');
    }
  },
  30_000,
);
