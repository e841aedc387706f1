// Playwright's global setup: one emulator for every worker (the shared service the fixture registers
// inboxes on) and the app under test, whose mail goes to the emulator's SMTP port. The environment
// set here reaches the workers; the returned function is the teardown.
import { writeFileSync } from 'node:fs';
import { startEmulator } from 'disposable-inbox';
import { startApp } from './signup-app.mjs';

export default async function globalSetup() {
  const emulator = await startEmulator({ port: 0, smtpPort: 0 });
  const app = await startApp({ host: emulator.smtp.host, port: emulator.smtp.port });
  process.env.INBOX_BASE_URL = emulator.url;
  process.env.APP_URL = app.url;
  return async () => {
    // What the fixture left registered, for the test that runs this suite to read (it removes each test's inbox).
    if (process.env.PW_INBOXES_AFTER) {
      const res = await fetch(`${emulator.url}/v1/inboxes`, { headers: { authorization: `Bearer ${emulator.keys.enterprise}` } });
      writeFileSync(process.env.PW_INBOXES_AFTER, JSON.stringify((await res.json()).data));
    }
    await app.close();
    await emulator.close();
  };
}
