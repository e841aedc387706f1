// Developer aid (not part of `npm run bench`): what a worker thread's reading of a message costs, in
// process, without SMTP, storage or threads: the parse (the light reader of
// emulator/core/light-parse.ts, falling back to MailParser, against MailParser alone) and the
// extraction, over both ingest corpora and the extraction fixtures. Prints wall time per message for
// each step, the process CPU per message (GC threads included) and the share of messages the light
// reader takes. On a loaded machine, wall times vary by 2x or more between runs.
//   npx tsx bench/parse.ts [--rounds N]
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lightParse } from '../emulator/core/light-parse.js';
import { readingOf } from '../emulator/core/mail-reader.js';
import { parseBuffer, parseWithMailParser, type ParsedFields } from '../emulator/core/parse-mail.js';
import { buildCorpus, buildRealisticCorpus, receivedBytes } from './lib/corpus.js';

const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg > 0 ? Math.max(1, Number(process.argv[roundsArg + 1]) || 5) : 5;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

function fixtures(): Buffer[] {
  const out: Buffer[] = [];
  for (const sub of ['', 'held-out']) {
    const dir = join(ROOT, 'test', 'fixtures', 'mail', sub);
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.eml'))) out.push(readFileSync(join(dir, f)));
  }
  return out;
}

const recipients = ['bench@inbox.test'];
const sets: Array<[string, Buffer[]]> = [
  ['realistic', buildRealisticCorpus({ count: 300, recipients }).map(receivedBytes)],
  ['mixed', buildCorpus({ count: 1000, recipients }).map(receivedBytes)],
  ['fixtures', fixtures()],
];
const readers: Array<[string, (raw: Buffer) => Promise<ParsedFields>]> = [
  ['MailParser', parseWithMailParser],
  ['light reader', parseBuffer],
];

for (const [name, messages] of sets) {
  const light = messages.filter((m) => lightParse(m) !== null).length;
  console.log(`${name}: ${messages.length} messages, ${light} (${((light / messages.length) * 100).toFixed(0)}%) taken by the light reader`);
  for (const [label, parse] of readers) {
    for (const m of messages) readingOf(await parse(m)); // warm-up
    let parseMs = 0;
    let extractMs = 0;
    const cpu0 = process.cpuUsage();
    for (let r = 0; r < ROUNDS; r++) {
      for (const m of messages) {
        const t0 = performance.now();
        const fields = await parse(m);
        const t1 = performance.now();
        readingOf(fields);
        extractMs += performance.now() - t1;
        parseMs += t1 - t0;
      }
    }
    const cpu = process.cpuUsage(cpu0);
    const n = ROUNDS * messages.length;
    console.log(
      `  ${label.padEnd(12)} parse ${(parseMs / n).toFixed(3)} ms  extract ${(extractMs / n).toFixed(3)} ms  ` +
        `process CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms per message`,
    );
  }
}
