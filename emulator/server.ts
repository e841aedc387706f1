// startEmulator(options): the core with its adapters on real ports. The CLI's `inbox emulate` and
// test suites both start the emulator through here; close() stops everything and flushes the store.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import type { WebhookDispatcher } from './core/delivery/dispatcher.js';
import { EmulatorCore, type ResetScope } from './core/emulator.js';

export type { ResetScope };
import type { EmulatorClock } from './core/clock.js';
import type { EmulatorSettings } from './core/config.js';
import type { SyncMode } from './store/durability.js';
import type { EventBus } from './core/events.js';
import type { RandomSource } from './core/ids.js';
import type { MailReader } from './core/mail/reader.js';
import { SEED_KEYS } from './core/state.js';
import { createApp } from './http/app.js';
import { routeUpgrades } from './http/upgrade.js';
import { closePushConnections, WS_MAX_PAYLOAD } from './http/ws.js';
import { createOutbound, machineAddresses } from './outbound.js';
import { startSmtp, type SmtpOptions, type SmtpReceiver, type SmtpTls } from './smtp/receiver.js';
import { smtpCertificate, type SmtpTlsInfo } from './smtp/tls.js';
import { isLoopbackBind } from './http/guard.js';
import { EMULATOR_OPTIONS, type EmulatorOptions } from './options.js';
import { openFaults, type FaultControl } from './faults.js';
import { smtpFaults } from './smtp/faults.js';
import type { FaultRulesInput } from '../src/api/faults.js';
import type { PlanName } from '../src/api/plans.js';

// The worker pool a test suite may share between its emulators (StartOptions.mailReader).
export { MailReader } from './core/mail/reader.js';

export type { SyncMode };

export const DEFAULT_PORT = EMULATOR_OPTIONS.port.default;
export const DEFAULT_SMTP_PORT = EMULATOR_OPTIONS.smtpPort.default;
export const DEFAULT_HOST = EMULATOR_OPTIONS.host.default;

/**
 * startEmulator()'s options. Those a user sets are declared once, with their types, defaults and help,
 * in emulator/options.ts (`inbox emulate`'s flags and INBOX_EMULATOR_* variables come from there too),
 * here under their keys for a program (the flag --allow-host is `allowHosts`, --cors-origin
 * `corsOrigins`, --fsync `sync`); below, those only a program gives.
 */
export interface StartOptions extends Omit<EmulatorOptions, 'data' | 'faults'> {
  /**
   * Fault rules (docs/faults.md): the path of a JSON rule file, the rules as JSON text, or the rules
   * themselves (a rule, a preset, a list, `{rules: [...]}`). More can be added on the result's `faults`.
   */
  faults?: string | FaultRulesInput;
  /** JSON state file; null (the library default, unlike `inbox emulate`'s) keeps everything in memory. */
  data?: string | null;
  clock?: EmulatorClock;
  /** Source of ids and secrets (tests make it repeatable); default: the system's. */
  random?: RandomSource;
  settings?: Partial<EmulatorSettings>;
  /** @deprecated Use `sync`: `true` is `'always'`, `false` is `'never'`. Ignored when `sync` is given. */
  fsync?: boolean;
  /** Where unexpected errors go (default: console.error). */
  onBug?: (error: unknown) => void;
  /**
   * A `MailReader` (`new MailReader()`) shared by the emulators this process starts: its worker thread
   * is started once instead of once per emulator (about 0.3 s of CPU each); closed by its owner, not by
   * the emulators (docs/emulator.md). Default: each emulator starts its own at its first message.
   */
  mailReader?: MailReader;
  /**
   * Certificate for SMTP TLS, given in memory (before --tls-cert/--tls-key): turns TLS on. Without it,
   * `tls`, `tlsCert`/`tlsKey` or `smtpsPort` turn it on (docs/mail.md, TLS); otherwise STARTTLS is not offered.
   */
  smtpTls?: SmtpTls;
  /** The SMTP receiver's limits (connections, memory, DATA deadline, idle time); defaults in SMTP_DEFAULTS. */
  smtpLimits?: Pick<
    SmtpOptions,
    'maxConnections' | 'maxBufferedBytes' | 'dataTimeoutMs' | 'socketTimeoutMs' | 'maxRecipients' | 'evictIdleAfterMs' | 'maxConnectionsPerPeer'
  >;
}

export interface RunningEmulator {
  /** e.g. http://127.0.0.1:4580 */
  url: string;
  apiUrl: string;
  smtp: { host: string; port: number };
  /** The implicit-TLS SMTP port (`smtpsPort`), or null. */
  smtps: { host: string; port: number } | null;
  /** The certificate of the SMTP ports when TLS is on (STARTTLS on `smtp`, and `smtps`), or null. */
  tls: SmtpTlsInfo | null;
  keys: Record<PlanName, string>;
  core: EmulatorCore;
  events: EventBus;
  /** Webhook deliveries (`idle()` resolves when none is in flight). */
  webhooks: WebhookDispatcher;
  /** Fault rules (docs/faults.md): add, list, remove, clear, and the hits a test can assert on. */
  faults: FaultControl;
  dataPath: string | null;
  /**
   * Resets, at once: everything (no scope; fault rules kept, their counts start afresh), one account
   * (`{apiKey}`: its inboxes, domains, webhooks, tunnels and usage; key and plan kept), or one inbox
   * (`{inbox}`: its messages and timeline). The way for parallel jobs to share one emulator: each
   * job uses an account of its own (POST /_emulator/accounts) and resets only that (docs/emulator.md).
   */
  reset(scope?: ResetScope): Promise<void>;
  /** When stored mail is fsynced (`never` in memory). */
  sync: SyncMode;
  /** Copies a killed run acknowledged (in `new/`) but had not indexed, indexed at this start (Ingest.recover()). */
  recovered: number;
  /** The mail viewer's page, e.g. http://127.0.0.1:4580/ (docs/viewer.md). */
  viewerUrl: string;
  /** What other machines can reach: empty when bound to loopback (for the start-up warning). */
  exposed: string[];
  close(): Promise<void>;
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** What a bind address other than loopback exposes to the network (empty for loopback). */
export function exposure(host: string, allowRemote: boolean): string[] {
  if (isLoopbackBind(host)) return [];
  const out = ['the API (/v1) with the seeded public keys (emu_free … emu_enterprise)', 'the SMTP port'];
  if (allowRemote)
    out.push('the keyless control surface (/_emulator: reset, accounts, DNS, clock)', 'the webhook tunnels', 'the mail viewer (all mail of every inbox)');
  return out;
}

export async function startEmulator(opts: StartOptions = {}): Promise<RunningEmulator> {
  const host = opts.host ?? DEFAULT_HOST;
  // Two of our own ports on one number would fail as "address in use" with no word of why.
  const ports = [
    ['--port', opts.port ?? DEFAULT_PORT],
    ['--smtp-port', opts.smtpPort ?? DEFAULT_SMTP_PORT],
    ['--smtps-port', opts.smtpsPort],
  ].filter((p): p is [string, number] => typeof p[1] === 'number' && p[1] !== 0);
  for (const [i, [flag, port]] of ports.entries()) {
    const other = ports.slice(i + 1).find((p) => p[1] === port);
    if (other) {
      throw Object.assign(new Error(`${flag} and ${other[0]} are both ${port}: each needs a port of its own.`), {
        name: 'StartError',
        code: 'port_clash',
        hint: `Give them different ports (the defaults are ${DEFAULT_PORT} for HTTP and ${DEFAULT_SMTP_PORT} for SMTP), or 0 for any free port.`,
      });
    }
  }
  const outbound = createOutbound({ allowLocal: opts.allowHttpWebhooks ?? false });
  const core = await EmulatorCore.open({
    post: outbound.post,
    dataPath: opts.data ?? null,
    clock: opts.clock,
    random: opts.random,
    dns: opts.dns ?? EMULATOR_OPTIONS.dns.default,
    settings: opts.settings,
    sync: opts.sync ?? (opts.fsync === undefined ? undefined : opts.fsync ? 'always' : 'never'),
    mailReader: opts.mailReader,
  });
  core.webhooks.allowHttp = opts.allowHttpWebhooks ?? false;
  // This machine's own addresses need the same opt-in as loopback (outbound.ts checks deliveries).
  core.webhooks.machineAddresses = machineAddresses;
  if (opts.catchAllMaxInboxes !== undefined) {
    try {
      core.catchAll.setMaxInboxes(opts.catchAllMaxInboxes);
    } catch (e) {
      await core.close();
      throw Object.assign(new Error(`--catch-all-max-inboxes: ${(e as Error).message}`), {
        name: 'StartError',
        code: 'catch_all_max_inboxes',
        hint: 'Give a whole number from 1 to 1000000 (default 1000).',
      });
    }
  }
  if (opts.catchAll) {
    try {
      core.catchAll.set(opts.catchAll === true ? SEED_KEYS.enterprise : opts.catchAll);
    } catch (e) {
      await core.close();
      throw Object.assign(new Error(`--catch-all: ${(e as Error).message}`), {
        name: 'StartError',
        code: 'catch_all_account',
        hint: 'Give the API key of an existing account, or --catch-all alone for emu_enterprise.',
      });
    }
  }
  let faults: Awaited<ReturnType<typeof openFaults>>;
  try {
    faults = await openFaults(core, opts.faults);
  } catch (e) {
    await core.close();
    throw e;
  }
  const onBug = opts.onBug ?? ((e: unknown) => console.error('[inbox emulate] unexpected error:', e));
  let ready = false;
  let smtpPort: number | null = null;
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD });
    const app = createApp(core, {
      onBug,
      ready: () => ready,
      smtpPort: () => smtpPort,
      guard: { host, allowHosts: opts.allowHosts, allowRemote: opts.allowRemote, corsOrigins: opts.corsOrigins },
      faults,
    });
    const httpServer = await new Promise<Server>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: opts.port ?? DEFAULT_PORT, hostname: host, websocket: { server: wss } }, () => resolve(s as Server)) as Server;
      s.once('error', reject);
    });
    const upgrades = routeUpgrades(httpServer, onBug);
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const c of wss.clients) c.terminate();
          wss.close();
          httpServer.close(() => resolve());
          httpServer.closeAllConnections();
          upgrades.closeAll();
        }),
      // Runs first (cleanups run in reverse): push clients get a 1001 close frame.
      () => closePushConnections({ core }, wss),
    );
    const port = (httpServer.address() as AddressInfo).port;
    const url = `http://${hostForUrl(host)}:${port}`;
    if (!opts.settings?.upgradeUrl) core.settings.upgradeUrl = `${url}/v1/plans`;
    if (!opts.settings?.creditsUrl) core.settings.creditsUrl = `${url}/v1/plans#credits`;

    // Webhook deliveries; on close, runs first: tunnel watchers are let go and deliveries in flight
    // stay pending for the next start.
    const webhooks = core.dispatcher;
    webhooks.start();
    cleanups.push(async () => {
      // Mail acknowledged before SMTP stopped is announced while the dispatcher still listens: a
      // fan-out the stop cuts short leaves its file in new/, delivered after the next start.
      await core.idle();
      core.tunnels.closeAll();
      await webhooks.stop();
      await outbound.close();
    });

    // Indexes are checked against their Maildirs, and mail left in `new/` by a crash is indexed,
    // announced and settled now, with its events.
    const recovered = await core.recover();

    // SMTP last, so on close it stops first: no new mail, a message in transfer may finish. With TLS
    // on, the plain port offers STARTTLS and `smtpsPort` speaks implicit TLS, with the same certificate.
    const tls = smtpCertificate(opts, { dataPath: core.store.temporary ? null : core.store.path, host, mxHost: core.settings.mxHost });
    let smtps: SmtpReceiver | null = null;
    if (tls && opts.smtpsPort !== undefined) {
      smtps = await startSmtp(core, { ...opts.smtpLimits, faults: smtpFaults(faults), host, port: opts.smtpsPort, tls: tls.pair, implicitTls: true });
      cleanups.push(() => smtps?.close());
    }
    const receiver = await startSmtp(core, {
      ...opts.smtpLimits,
      faults: smtpFaults(faults),
      host,
      port: opts.smtpPort ?? DEFAULT_SMTP_PORT,
      tls: tls?.pair,
      smtpsPort: () => smtps?.port ?? null,
    });
    cleanups.push(() => receiver.close());
    const smtp = { host, port: receiver.port };
    smtpPort = receiver.port;

    ready = true;
    let closing: Promise<void> | null = null;
    return {
      url,
      apiUrl: `${url}/v1`,
      smtp,
      smtps: smtps ? { host, port: smtps.port } : null,
      tls: tls?.info ?? null,
      keys: { ...SEED_KEYS },
      core,
      events: core.bus,
      webhooks,
      faults,
      dataPath: core.store.temporary ? null : core.store.path,
      async reset(scope) {
        if ((await core.resetScope(scope)) === 'all') faults.reset();
      },
      sync: core.store.durability.mode,
      recovered,
      viewerUrl: `${url}/`,
      exposed: exposure(host, opts.allowRemote ?? false),
      close() {
        closing ??= (async () => {
          ready = false;
          for (const fn of cleanups.reverse()) await fn();
          await core.close();
        })();
        return closing;
      },
    };
  } catch (e) {
    for (const fn of cleanups.reverse()) await fn();
    await core.close();
    throw e;
  }
}
