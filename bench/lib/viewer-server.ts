// A child process for the viewer benchmark: an in-memory emulator of the checkout at <root> (its
// source, run with tsx) whose enterprise plan keeps up to 100,000 messages per inbox (the shipped plans
// keep 100, so a 50,000-message inbox needs this setting), with <count> small messages stored in
// <inbox> through the core's one ingest function. Prints {"url": ...} once ready; SIGTERM stops it.
//
//   node --import tsx bench/lib/viewer-server.ts <root> <count> <inbox>
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [root, countArg, inbox] = process.argv.slice(2);
if (!root || !countArg || !inbox) {
  console.error('usage: viewer-server.ts <root> <count> <inbox>');
  process.exit(2);
}
const count = Number(countArg);
const server = await import(pathToFileURL(join(root, 'emulator', 'server.ts')).href);
const config = await import(pathToFileURL(join(root, 'emulator', 'core', 'config.ts')).href);
const plans = structuredClone(config.DEFAULT_SETTINGS.plans);
plans.enterprise.retention = { messagesPerInbox: 100_000, maxAgeHours: null };
const emu = await server.startEmulator({ port: 0, smtpPort: 0, data: null, settings: { plans } });
const account = emu.core.accounts.byKey('emu_enterprise');
emu.core.inboxes.register(account, inbox);
await emu.core.commit();
const t0 = Date.now();
for (let i = 0; i < count; i += 200) {
  const batch = [];
  for (let k = i; k < Math.min(count, i + 200); k++) {
    const code = String(100000 + (k % 900000));
    batch.push(
      emu.core.ingest({
        source: `From: Shop ${k % 37} <orders${k % 37}@shop.test>\r\nTo: ${inbox}\r\nSubject: Order ${k} confirmed\r\nDate: ${new Date(Date.UTC(2026, 0, 1) + k * 1000).toUTCString()}\r\n\r\nYour code is ${code}.\r\n`,
        recipients: [inbox],
      }),
    );
  }
  await Promise.all(batch);
}
process.stdout.write(JSON.stringify({ url: emu.url, smtp: emu.smtp, stored: count, prefillSeconds: (Date.now() - t0) / 1000 }) + '\n');
process.once('SIGTERM', () => void emu.close().then(() => process.exit(0)));
