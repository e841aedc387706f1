// The Output helper: Ink views in a terminal (colours unless NO_COLOR), plain text in pipes, JSON.
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { formatFields, formatTable } from '../../src/ui/format.js';
import { Output } from '../../src/ui/output.js';

class FakeTerminal extends Writable {
  text = '';
  isTTY: boolean;
  columns = 100;
  rows = 30;
  constructor(tty: boolean) {
    super();
    this.isTTY = tty;
  }
  override _write(chunk: Buffer | string, _enc: BufferEncoding, cb: () => void): void {
    this.text += chunk.toString();
    cb();
  }
}

function streams(tty: boolean) {
  const stdout = new FakeTerminal(tty);
  const stderr = new FakeTerminal(tty);
  return {
    stdout,
    stderr,
    out: (json = false) => new Output({ json, stdout: stdout as unknown as NodeJS.WriteStream, stderr: stderr as unknown as NodeJS.WriteStream }),
  };
}

const columns = [
  { header: 'ID', value: (r: { id: string; tag: string }) => r.id, color: 'cyan' as const },
  { header: 'TAG', value: (r: { id: string; tag: string }) => r.tag },
];
const rows = [
  { id: 'abc', tag: 'x' },
  { id: 'defgh', tag: '' },
];
const COLOUR = /\x1b\[3[0-9]m/;

// Ink draws live frames only outside CI (it reads CI once, when it is first imported, in a test below).
beforeEach(() => vi.stubEnv('CI', 'false'));
afterEach(() => vi.unstubAllEnvs());

/** What a terminal shows after `written`: lines, with erase-line, cursor-up and column-0 applied. */
function screen(written: string): string {
  const lines = [''];
  let row = 0;
  for (const m of written.matchAll(/\x1b\[(\??[0-9;]*)([A-Za-z])|\n|[^\x1b\n]+/g)) {
    if (m[0] === '\n') {
      row++;
      lines[row] ??= '';
    } else if (m[2] === 'K') lines[row] = '';
    else if (m[2] === 'A') row = Math.max(0, row - Number(m[1] || 1));
    else if (m[2] === undefined) lines[row] += m[0];
  }
  return lines.join('\n').trim();
}

describe('plain (pipes)', () => {
  test('aligned columns, "-" for empty cells, no escape codes', async () => {
    expect(formatTable(columns, rows)).toBe('ID     TAG\nabc    x\ndefgh  -\n');
    expect(
      formatFields([
        ['Plan', 'free'],
        ['Credits', 0],
        ['Link', null],
      ]),
    ).toBe('Plan     free\nCredits  0\nLink     -\n');
    const s = streams(false);
    const out = s.out();
    expect(out.mode).toBe('plain');
    await out.table(columns, rows);
    out.note('hello');
    expect(s.stdout.text).toBe('ID     TAG\nabc    x\ndefgh  -\n');
    expect(s.stderr.text).toBe('note: hello\n');
    expect(s.stdout.text + s.stderr.text).not.toMatch(/\x1b/);
  });

  test('--json: notices become JSON lines on stderr', () => {
    const s = streams(true);
    const out = s.out(true);
    expect(out.mode).toBe('json');
    out.printJson({ a: 1 });
    out.note('retrying', { retry: 1 });
    expect(JSON.parse(s.stdout.text)).toEqual({ a: 1 });
    expect(JSON.parse(s.stderr.text)).toEqual({ notice: 'retrying', retry: 1 });
  });
});

describe('terminal (Ink)', () => {
  test('tables and fields are drawn by Ink, with colours', async () => {
    vi.stubEnv('NO_COLOR', '');
    vi.stubEnv('FORCE_COLOR', '1');
    const s = streams(true);
    const out = s.out();
    expect(out.mode).toBe('tty');
    await out.table(columns, rows);
    expect(s.stdout.text).toMatch(COLOUR);
    const plain = s.stdout.text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
    expect(plain).toMatch(/ID\s+TAG/);
    expect(plain).toMatch(/abc\s+x/);
    expect(plain).toMatch(/defgh\s+-/);
    await out.fields([['Plan', 'growth']]);
    expect(s.stdout.text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')).toMatch(/Plan\s+growth/);
  });

  test('NO_COLOR: still Ink, but no colours', async () => {
    vi.stubEnv('NO_COLOR', '1');
    const s = streams(true);
    const out = s.out();
    expect(out.color).toBe(false);
    await out.table(columns, rows);
    expect(s.stdout.text).not.toMatch(COLOUR);
    expect(s.stdout.text).toContain('defgh');
  });

  test('a table taller than the window never clears the screen or the scrollback', async () => {
    vi.stubEnv('NO_COLOR', '1');
    const s = streams(true);
    s.stdout.rows = 5;
    const many = Array.from({ length: 20 }, (_, i) => ({ id: `id${i}`, tag: `t${i}` }));
    await s.out().table(columns, many);
    expect(s.stdout.text).not.toMatch(/\x1b\[[23]J/);
    expect(s.stdout.text).toMatch(/id0\s+t0/);
    expect(s.stdout.text).toMatch(/id19\s+t19\n$/);
  });

  test('a spinner on stderr while waiting, cleared afterwards; none in pipes', async () => {
    const s = streams(true);
    const out = s.out();
    let during = '';
    const result = await out.spin('waiting for mail', async (update) => {
      during = screen(s.stderr.text);
      update('still waiting');
      return 42;
    });
    expect(result).toBe(42);
    expect(during).toMatch(/^\S waiting for mail 0s$/m); // drawn as soon as the wait starts
    expect(screen(s.stderr.text)).not.toMatch(/waiting/); // and gone from the terminal afterwards
    expect(s.stdout.text).toBe('');
    const p = streams(false);
    expect(await p.out().spin('x', async () => 1)).toBe(1);
    expect(p.stderr.text).toBe('');
  });
});
