// Developer aid (not part of `npm run bench`): `fill` stores N messages over N/100 inboxes (100 each,
// the most a plan keeps) in process, without fsync; `start` (in a fresh process) times a start on
// that data (open, the check of every index against its folder, SMTP listening) and prints the RSS.
//   node --import tsx bench/lib/restart-probe.ts <dir> fill [messages]
//   node --import tsx bench/lib/restart-probe.ts <dir> start
import { join } from 'node:path';
import { EmulatorCore } from '../../emulator/core/emulator.js';
import { startEmulator } from '../../emulator/server.js';

const dir = process.argv[2]!;
const mode = process.argv[3];
const count = Number(process.argv[4] ?? 20_000);
const data = join(dir, 'emulator.json');
if (mode === 'start') {
  const t1 = performance.now();
  const emu = await startEmulator({ port: 0, smtpPort: 0, data });
  console.log(`start: ${(performance.now() - t1).toFixed(0)} ms, RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`);
  await emu.close();
  process.exit(0);
}
const inboxes = Array.from({ length: Math.ceil(count / 100) }, (_, i) => `restart${i}@inbox.test`);
const core = await EmulatorCore.open({ dataPath: data, sync: 'never' });
const account = core.accounts.byKey('emu_enterprise')!;
for (const inbox of inboxes) core.inboxes.register(account, inbox);
await core.commit();
const t0 = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next < count) {
      const i = next++;
      const to = inboxes[i % inboxes.length]!;
      await core.ingest({ source: `From: a@b.test\r\nTo: ${to}\r\nSubject: m${i}\r\n\r\nYour code is ${100000 + i}\r\n`, recipients: [to] });
    }
  }),
);
console.log(`filled ${count} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await core.close();
