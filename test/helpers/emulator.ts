// Shared helpers for in-process emulator tests: a core on a manual clock, the hono app over it, and
// `call()` to send one request through `app.request()` (no port). Keep this file small.
//
//   const t = await makeApp();                       // in-memory core, manual clock at 2026-01-01
//   const r = await t.call('POST', '/v1/inboxes', { key: 'emu_free', body: { inbox: 'a@inbox.test' } });
//   expect(r.status).toBe(201); expectSchema(responses.registerInbox, r.body);
//   t.clock.advance(1000);                           // drive time; never sleep
//   await t.close();
import type { Hono } from 'hono';
import type { z } from 'zod';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { EmulatorCore, type CoreOptions } from '../../emulator/core/emulator.js';
import { SEED_KEYS } from '../../emulator/core/state.js';
import { createApp, type AppOptions } from '../../emulator/http/app.js';
import type { FetchFn } from '../../src/client/fetch.js';
import { sharedMailReader } from './reader.js';

/** 2026-01-01T00:00:00.000Z, the manual clock's default start. */
export const T0 = Date.UTC(2026, 0, 1);

export interface CallOptions {
  /** Sent as `Authorization: Bearer <key>`. */
  key?: string;
  /** Objects are sent as JSON with `Content-Type: application/json`; strings as they are. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  /** Parsed JSON, or null when the body is empty or not JSON. */
  body: any;
  text: string;
}

export type Call = (method: string, path: string, opts?: CallOptions) => Promise<CallResult>;

/** An in-memory core (unless `dataPath` is given) on a manual clock starting at `start` (default T0). */
export async function makeCore(opts: Partial<CoreOptions> & { start?: number } = {}) {
  const { start, ...rest } = opts;
  const clock = rest.clock ?? new EmulatorClock({ mode: 'manual', start: start ?? T0 });
  const core = await EmulatorCore.open({ dataPath: null, mailReader: sharedMailReader(), ...rest, clock });
  return { core, clock };
}

/** Sends one request to a hono app and parses the answer. */
export async function call(app: Hono, method: string, path: string, opts: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key !== undefined) headers.authorization = `Bearer ${opts.key}`;
  let body: string | undefined;
  if (typeof opts.body === 'string') body = opts.body;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await app.request(path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** makeCore() plus the app over it; `bugs` collects what would have been logged as a 500. */
export async function makeApp(opts: Partial<CoreOptions> & { start?: number; app?: Partial<AppOptions> } = {}) {
  const { app: appOpts, ...coreOpts } = opts;
  const { core, clock } = await makeCore(coreOpts);
  const bugs: unknown[] = [];
  const app = createApp(core, { onBug: (e) => bugs.push(e), ...appOpts });
  return {
    core,
    clock,
    app,
    bugs,
    call: ((method, path, o) => call(app, method, path, o)) as Call,
    close: () => core.close(),
  };
}

/** Asserts that `value` matches a contract schema, with the issues in the failure message. */
export function expectSchema<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) {
    throw new Error(`response does not match the contract schema:\n${JSON.stringify(r.error.issues, null, 2)}\nbody: ${JSON.stringify(value)}`);
  }
  return r.data;
}

/** Asserts a JSON error answer `{success: false, error: code, message}` with the given status. */
export function expectError(r: CallResult, status: number, code: string): Record<string, any> {
  if (r.status !== status || r.body?.error !== code) {
    throw new Error(`expected ${status} ${code}, got ${r.status}: ${r.text.slice(0, 500)}`);
  }
  if (r.body.success !== false || typeof r.body.message !== 'string' || r.body.message === '') {
    throw new Error(`not an error body: ${r.text.slice(0, 500)}`);
  }
  if (!(r.headers.get('content-type') ?? '').includes('application/json')) {
    throw new Error(`error answer is not JSON: ${r.headers.get('content-type')}`);
  }
  return r.body;
}

/**
 * An emulator in this process with no ports: the core on a manual clock, its app, and a fetch that
 * hands requests for `url` to `app.request` (give it to InboxClient or the CLI's main as `fetch`).
 */
export async function inProcessEmulator(opts: Partial<CoreOptions> & { start?: number } = {}) {
  const t = await makeApp(opts);
  const url = 'http://127.0.0.1:4580';
  t.core.settings.upgradeUrl = `${url}/v1/plans`;
  t.core.settings.creditsUrl = `${url}/v1/plans#credits`;
  const fetch: FetchFn = async (input, init) => t.app.request(input, init);
  return { ...t, url, keys: { ...SEED_KEYS }, fetch };
}
