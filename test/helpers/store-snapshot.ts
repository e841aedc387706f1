// What a data folder holds, read through the emulator's public interfaces only: the API (/v1), the
// control surface (/_emulator) and the mail viewer's raw and attachment routes, never the store.
// scripts/make-store-fixture.ts (in the commit test/fixtures/store-v2/README.md names) wrote that
// folder and recorded this snapshot of it in expected.json; test/emulator/store-fixture.test.ts takes
// it again over a copy and compares. A store
// that migrates the folder must give the same answers.
//
// Also the webhook receiver both use, on a fixed loopback port: the fixture's webhook URLs name it,
// and a delivery left pending in the fixture is made to it after the next start.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { PLAN_NAMES, PLANS, type Plan, type PlanName } from '../../src/api/plans.js';

/** The fixture's webhooks point here: `http://127.0.0.1:47919/{ok,fail,hang}`. */
export const HOOK_PORT = 47919;
export const hookUrl = (path: 'ok' | 'fail' | 'hang') => `http://127.0.0.1:${HOOK_PORT}/${path}`;

/** The accounts of the fixture, in the order the snapshot reads them. */
export const FIXTURE_KEYS = ['emu_free', 'emu_developer', 'emu_startup', 'emu_growth', 'emu_enterprise', 'fixture_team'] as const;

/**
 * Plans as today's, with a per-second limit no snapshot reaches (a snapshot makes tens of requests in
 * one emulated instant). Given as `settings.plans` to every emulator that reads the fixture.
 */
export const READER_PLANS = Object.fromEntries(PLAN_NAMES.map((n) => [n, { ...PLANS[n], perSecond: 10_000 }])) as Record<PlanName, Plan>;

export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface Answer {
  status: number;
  body: any;
}

export interface MessageSnapshot {
  /** As GET .../messages lists it. */
  summary: Record<string, unknown>;
  /** GET .../messages/{id}, each attachment's base64 content replaced by its sha256 and length. */
  full: Answer;
  /** The viewer's /_viewer/raw: the bytes as received. */
  raw: { status: number; sha256: string; size: number };
  /** The viewer's /_viewer/attachment/.../{n}, for each attachment the parse finds. */
  attachments: Array<{ status: number; sha256: string; size: number }>;
}

export interface InboxSnapshot {
  owner: string;
  messages: MessageSnapshot[];
  otp: Answer;
  timeline: Answer;
  /** The insights' types (their text counts seconds up to the moment of reading). */
  insights: string[];
}

export interface Snapshot {
  /** GET /_emulator/health `now`. */
  now: string;
  accounts: Record<string, { usage: Answer; me: Answer; inboxes: Answer; customDomains: Answer; webhooks: Answer; tunnels: Answer }>;
  inboxes: Record<string, InboxSnapshot>;
  dns: Answer;
}

/** One request; the answer parsed, with the emulator's own URL (its port changes) written `{url}`. */
export async function request(url: string, method: string, path: string, key?: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text.replaceAll(url, '{url}'));
  } catch {
    /* not JSON: kept as text */
  }
  return { status: res.status, body: parsed };
}

async function bytes(url: string, path: string): Promise<{ status: number; sha256: string; size: number }> {
  const res = await fetch(`${url}${path}`);
  const b = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, sha256: sha256(b), size: b.length };
}

const enc = encodeURIComponent;

/** Everything the emulator at `url` tells about the fixture's accounts, inboxes and mail. */
export async function snapshot(url: string): Promise<Snapshot> {
  const health = await request(url, 'GET', '/_emulator/health');
  const out: Snapshot = { now: health.body.now, accounts: {}, inboxes: {}, dns: await request(url, 'GET', '/_emulator/dns') };
  for (const key of FIXTURE_KEYS) {
    // Usage first: every later request of the snapshot is charged too.
    const usage = await request(url, 'GET', '/v1/usage', key);
    out.accounts[key] = {
      usage,
      me: await request(url, 'GET', '/v1/me', key),
      inboxes: await request(url, 'GET', '/v1/inboxes', key),
      customDomains: await request(url, 'GET', '/v1/custom-domains', key),
      webhooks: await request(url, 'GET', '/v1/webhooks', key),
      tunnels: tunnelsView(await request(url, 'GET', '/_emulator/tunnels', key)),
    };
  }
  for (const key of FIXTURE_KEYS) {
    for (const { inbox } of (out.accounts[key]!.inboxes.body?.data ?? []) as Array<{ inbox: string }>) {
      const base = `/v1/inboxes/${enc(inbox)}`;
      const list = await request(url, 'GET', `${base}/messages`, key);
      const messages: MessageSnapshot[] = [];
      for (const summary of (list.body?.data ?? []) as Array<Record<string, unknown> & { id: string }>) {
        const full = await request(url, 'GET', `${base}/messages/${summary.id}`, key);
        const found = (full.body?.data?.attachments ?? []) as Array<{ content: string }>;
        for (const a of found) Object.assign(a, contentDigest(a.content));
        const raw = await bytes(url, `/_viewer/raw/${enc(inbox)}/${summary.id}`);
        // The viewer serves every attachment whatever the plan (the API only from startup up): asked
        // one by one until the first that is not there.
        const attachments = [];
        for (let n = 0; n < 20; n++) {
          const a = await bytes(url, `/_viewer/attachment/${enc(inbox)}/${summary.id}/${n}`);
          if (a.status !== 200) break;
          attachments.push(a);
        }
        messages.push({ summary, full, raw, attachments });
      }
      const insights = await request(url, 'GET', `${base}/insights`, key);
      out.inboxes[inbox] = {
        owner: key,
        messages,
        otp: await request(url, 'GET', `${base}/otp`, key),
        timeline: await request(url, 'GET', `${base}/timeline`, key),
        insights: insights.status === 200 ? (insights.body.data as Array<{ type: string }>).map((i) => i.type) : [`status ${insights.status}`],
      };
    }
  }
  return out;
}

function contentDigest(content: string): { content: string; contentSha256: string; contentBytes: number } {
  const b = Buffer.from(content, 'base64');
  return { content: `(sha256 ${sha256(b)})`, contentSha256: sha256(b), contentBytes: b.length };
}

/** The tunnels' lasting fields (not whether a watcher is connected, nor when an idle one expires). */
function tunnelsView(a: Answer): Answer {
  if (a.status !== 200) return a;
  const data = (a.body.data as Array<Record<string, unknown>>).map(({ id, url, createdAt, queued, webhooks }) => ({ id, url, createdAt, queued, webhooks }));
  return { status: a.status, body: { success: a.body.success, count: a.body.count, data } };
}

export interface HookRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FixtureHooks {
  /** Every POST received, in order. */
  received: HookRequest[];
  /** Answers the requests held on /hang (200), and from then on answers /hang at once. */
  release(): void;
  /** Resolves once `n` requests have come in. */
  until(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The receiver at HOOK_PORT: /ok answers 200, /fail 500, /hang holds each request unanswered until
 * release() (a delivery in flight when the emulator stops stays pending in its data). Binding is
 * tried for a few seconds if the port is busy (another run of the same test).
 */
export async function startFixtureHooks(): Promise<FixtureHooks> {
  const received: HookRequest[] = [];
  const held = new Set<ServerResponse>();
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  let released = false;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      for (const w of waiters.filter((w) => received.length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      if (req.url === '/ok') res.writeHead(200).end('ok');
      else if (req.url === '/hang' && !released) held.add(res);
      else if (req.url === '/hang') res.writeHead(200).end('ok');
      else res.writeHead(500).end('failing on purpose');
    });
  });
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(HOOK_PORT, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    received,
    release() {
      released = true;
      for (const res of held) res.writeHead(200).end('ok');
      held.clear();
    },
    until(n, timeoutMs = 5_000) {
      if (received.length >= n) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${received.length} webhook requests, expected ${n}`)), timeoutMs);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The id written for timeline events a start makes when it recovers a message from the journal. */
export const RECOVERY_ID = '(made at recovery)';

/**
 * Timeline events of messages recovered at start (acknowledged, never indexed before the crash) are
 * made anew by each start, with fresh ids: those ids are replaced by RECOVERY_ID. Returns the ids
 * replaced.
 */
export function maskRecoveryIds(s: Snapshot, messageIds: Iterable<string>): string[] {
  const ids = new Set(messageIds);
  const replaced: string[] = [];
  for (const inbox of Object.values(s.inboxes)) {
    for (const e of (inbox.timeline.body?.data ?? []) as Array<{ id: string; metadata: { message_id?: unknown } }>) {
      if (typeof e.metadata?.message_id === 'string' && ids.has(e.metadata.message_id)) {
        replaced.push(e.id);
        e.id = RECOVERY_ID;
      }
    }
  }
  return replaced;
}
