// `npm run reliability [-- --trials 20 --sync interval,always --kill-on ack,announce]`: longer kill
// trials than the test suite runs (test/reliability/fixtures/kill-trials.ts): an emulator process
// taking SMTP mail on several connections, with a webhook on every inbox, is killed with SIGKILL in
// the middle of it and started again on the same data, once per trial and sync mode; the kill comes
// in the same turn as a 250 or as an announcement (a new_mail push frame), trial by trial in turn.
// Prints the figures: trials, acknowledged, lost, duplicated, deliveries lost (and made twice),
// crashes, 5xx, peak RSS.
// Exits 1 when anything acknowledged was lost, duplicated or left undelivered.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runKillTrials, type KillOn, type TrialFigures } from '../test/reliability/fixtures/kill-trials.js';

const { values } = parseArgs({
  options: {
    trials: { type: 'string', default: '20' },
    sync: { type: 'string', default: 'interval,always' },
    senders: { type: 'string', default: '6' },
    'kill-on': { type: 'string', default: 'ack,announce' },
    quiet: { type: 'boolean', default: false },
  },
});
const trials = Number(values.trials);
const modes = values
  .sync!.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const killOn = values['kill-on']!.split(',').map((s) => s.trim()) as KillOn[];
if (killOn.some((k) => k !== 'ack' && k !== 'announce')) {
  console.error(`--kill-on takes ack, announce or both (comma-separated), not ${values['kill-on']}`);
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'inbox-reliability-'));
const rows: Array<[string, TrialFigures, number]> = [];
try {
  for (const mode of modes) {
    const started = Date.now();
    console.log(`kill trials, --fsync ${mode}: ${trials} trials, ${values.senders} SMTP connections, a webhook per inbox, killed on ${killOn.join(' / ')}`);
    const f = await runKillTrials({
      dir: join(dir, mode),
      trials,
      senders: Number(values.senders),
      killAfter: [50, 400],
      killOn,
      sync: mode,
      log: values.quiet ? undefined : (l) => console.log(`  ${l}`),
    });
    rows.push([mode, f, Date.now() - started]);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const header = [
  '--fsync',
  'trials',
  'acknowledged',
  'recovered',
  'lost',
  'duplicated',
  'deliveries lost',
  'deliveries twice',
  'crashes',
  '5xx',
  'errors logged',
  'peak RSS',
  'time',
];
const table = rows.map(([mode, f, ms]) =>
  [
    mode,
    f.trials,
    f.acknowledged,
    f.recovered,
    f.lost,
    f.duplicated,
    f.deliveriesLost,
    f.deliveriesDuplicated,
    f.crashes,
    f.fiveXX,
    f.errorsLogged,
    `${(f.peakRss / 1048576).toFixed(0)} MB`,
    `${(ms / 1000).toFixed(0)} s`,
  ].map(String),
);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
console.log('');
console.log(`| ${header.map((h, i) => h.padEnd(widths[i]!)).join(' | ')} |`);
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of table) console.log(`| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`);
const bad = rows.some(([, f]) => f.lost + f.duplicated + f.deliveriesLost + f.crashes + f.fiveXX > 0);
process.exit(bad ? 1 : 0);
