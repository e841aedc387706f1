// `disposable-inbox/playwright`: Playwright Test's `test`, extended with an `inbox` fixture. Each test
// gets a fresh inbox of its own, registered on one shared service (the emulator a global setup or a
// CI step started, or the hosted service), and waits for its code or link with `inbox.waitForOtp()`
// / `inbox.waitForLink()`; the inbox is removed when the test ends. Workers share the service, one
// client per worker. docs/playwright.md shows the setup.
//
//   import { test, expect } from 'disposable-inbox/playwright';
//   test('sign-up', async ({ page, inbox }) => {
//     await page.getByLabel('Email').fill(inbox.address);
//     await page.getByRole('button', { name: 'Sign up' }).click();
//     await page.getByLabel('Code').fill(await inbox.waitForOtp());
//   });
import { randomBytes } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import { InboxClient } from './client/client.js';
import { InboxWaitTimeoutError } from './client/errors.js';
import type { MessagesView } from './client/read.js';

export { expect };

/** The default service: `inbox emulate`'s address on this machine. */
const DEFAULT_BASE_URL = 'http://127.0.0.1:4580';
/** The emulator's enterprise key: it sees codes and links (plans below growth only see that one came). */
const DEFAULT_API_KEY = 'emu_enterprise';
/** How long waitForOtp() and waitForLink() wait unless told otherwise. */
export const DEFAULT_WAIT_MS = 20_000;

export interface InboxWaitOptions {
  /** Longest wait in ms (default 20 s). */
  timeoutMs?: number;
  /** Only mail that arrives from now on (default: mail already in the inbox counts too). */
  newOnly?: boolean;
}

/** The test's own inbox. */
export interface Inbox {
  /** Its address, e.g. `sign-up-3f9a2c7d1e@inbox.test`: the test's title, then random hex. */
  readonly address: string;
  /** The newest one-time code in the inbox, waiting for one to arrive if there is none. */
  waitForOtp(opts?: InboxWaitOptions): Promise<string>;
  /** The newest verification link in the inbox, waiting for one to arrive if there is none. */
  waitForLink(opts?: InboxWaitOptions): Promise<string>;
  /** The messages in the inbox now, newest first. */
  messages(): Promise<MessagesView>;
  /** The worker's client, for anything else of the API (the inbox's timeline, a message's body). */
  readonly client: InboxClient;
}

export interface InboxTestFixtures {
  /** A fresh inbox for this test, removed when it ends. */
  inbox: Inbox;
}

export interface InboxWorkerFixtures {
  /** Base URL of the service (default: INBOX_BASE_URL, else http://127.0.0.1:4580). */
  inboxBaseUrl: string | undefined;
  /** API key (default: INBOX_API_KEY, else emu_enterprise, the emulator's key that sees codes). */
  inboxApiKey: string | undefined;
  /** Domain of the inboxes (default: the first domain GET /v1/domains lists for the key). */
  inboxDomain: string | undefined;
  /** The worker's client of the service, shared by its tests. */
  inboxClient: InboxClient;
}

/** A test title as the start of a local part: lower case, letters, digits and hyphens, at most 40. */
function slug(title: string): string {
  const s = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return s || 'test';
}

export const test = base.extend<InboxTestFixtures, InboxWorkerFixtures>({
  inboxBaseUrl: [undefined, { scope: 'worker', option: true }],
  inboxApiKey: [undefined, { scope: 'worker', option: true }],
  inboxDomain: [undefined, { scope: 'worker', option: true }],

  inboxClient: [
    async ({ inboxBaseUrl, inboxApiKey }, use) => {
      const baseUrl = inboxBaseUrl ?? process.env.INBOX_BASE_URL ?? DEFAULT_BASE_URL;
      const client = new InboxClient({
        baseUrl,
        apiKey: inboxApiKey ?? process.env.INBOX_API_KEY ?? DEFAULT_API_KEY,
        userAgent: 'disposable-inbox-playwright',
      });
      try {
        await use(client);
      } finally {
        await client.close();
      }
    },
    { scope: 'worker' },
  ],

  inbox: async ({ inboxClient: client, inboxDomain }, use, testInfo) => {
    let domain = inboxDomain;
    if (!domain) {
      const listed = await client.listDomains().catch((e: unknown) => {
        throw new Error(
          `disposable-inbox/playwright: no service answered at ${client.baseUrl} (${e instanceof Error ? e.message : String(e)}). ` +
            'Start the emulator before the tests: startEmulator() in a global setup, "inbox emulate &" with "inbox ready", ' +
            'or the CI action; or point INBOX_BASE_URL (or the inboxBaseUrl option) at a running one.',
        );
      });
      domain = listed.data[0]?.domain;
      if (!domain) throw new Error(`disposable-inbox/playwright: ${client.baseUrl} lists no domain for this key; set the inboxDomain option.`);
    }
    const address = `${slug(testInfo.title)}-${randomBytes(5).toString('hex')}@${domain}`;
    await client.registerInbox(address);
    const wait = (what: 'code' | 'link', opts: InboxWaitOptions = {}) => {
      const name = what === 'code' ? 'one-time code' : 'verification link';
      return base.step(`wait for a ${name} at ${address}`, async () => {
        const o = { timeoutMs: opts.timeoutMs ?? DEFAULT_WAIT_MS, existing: !opts.newOnly };
        try {
          return await (what === 'code' ? client.waitForOtp(address, o) : client.waitForLink(address, o));
        } catch (e) {
          if (!(e instanceof InboxWaitTimeoutError)) throw e;
          // The same error, saying which inbox and what for (the report shows what did arrive).
          const n = e.passedOverCount;
          const came = n === 0 ? '' : `; ${n} message${n === 1 ? '' : 's'} in the inbox had none (the newest: ${e.passedOver.slice(-5).join(', ')})`;
          throw new InboxWaitTimeoutError(e.timeoutMs, e.since, `no ${name} arrived at ${address} within ${o.timeoutMs} ms${came}`, e.passedOver, n);
        }
      });
    };
    const inbox: Inbox = {
      address,
      client,
      waitForOtp: (opts) => wait('code', opts),
      waitForLink: (opts) => wait('link', opts),
      messages: () => client.listMessages(address),
    };
    try {
      await use(inbox);
    } finally {
      // A test that failed (or timed out) keeps a list of what arrived in its report.
      if (testInfo.status !== 'passed' && testInfo.status !== 'skipped') {
        const list = await client.listMessages(address).catch(() => null);
        if (list) await testInfo.attach(`inbox ${address}`, { body: JSON.stringify(list.data, null, 2), contentType: 'application/json' });
      }
      await client.removeInbox(address).catch(() => undefined);
    }
  },
});
