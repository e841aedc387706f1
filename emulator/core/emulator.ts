// The emulator's core: plain TypeScript over the store, no HTTP or SMTP. Adapters (emulator/http,
// emulator/smtp) call it; it publishes events that wait, push, webhooks and the terminal view follow.
import { CatchAll } from './accounts/catch-all.js';
import { Accounts } from './accounts/accounts.js';
import { EmulatorClock } from './clock.js';
import { resolveSettings, type EmulatorSettings } from './config.js';
import type { CoreContext } from './context.js';
import { PendingDeliveries, type DeliveriesFile, type LiveDeliveries } from './delivery/deliveries.js';
import { SimulatedDns, SystemDns, type DnsResolver } from './accounts/dns.js';
import { WebhookDispatcher, type PostFn } from './delivery/dispatcher.js';
import { Domains } from './accounts/domains.js';
import { ApiError } from './errors.js';
import { EventBus } from './events.js';
import type { SyncMode } from '../store/durability.js';
import { Store } from '../store/store.js';
import { cryptoRandom, hexSecret, type RandomSource } from './ids.js';
import { Inboxes } from './accounts/inboxes.js';
import { Ingest, type IngestedMessage, type IngestInput, type Ingestion } from './mail/ingest.js';
import { MailReader } from './mail/reader.js';
import { Mailbox } from './mail/mailbox.js';
import { Messages } from './mail/messages.js';
import { RetentionSweeper } from './mail/retention.js';
import { TestRuns } from './timeline/test-runs.js';
import { Timeline } from './timeline/timeline.js';
import { Waits } from './delivery/wait.js';
import { WS_CLOSE } from '../../src/api/push.js';
import { Push } from './delivery/push.js';
import { normaliseDomain } from './accounts/addresses.js';
import { checkMainDoc, seedMain, type AccountRecord, type InboxRecord, type MainDoc, type SimulatedDnsRecord } from './state.js';
import { Tunnels } from './delivery/tunnel.js';
import { UsageBook, type LiveUsage, type UsageFile } from './accounts/usage.js';
import { Webhooks } from './delivery/webhooks.js';

export interface CoreOptions {
  /** JSON state file; null: a temporary folder removed at close (`--memory`). */
  dataPath: string | null;
  clock?: EmulatorClock;
  random?: RandomSource;
  dns?: 'simulated' | 'system' | DnsResolver;
  settings?: Partial<EmulatorSettings>;
  /** When writes reach the disk (store/durability.ts); default `interval`. */
  sync?: SyncMode;
  /** Outbound HTTP for webhook deliveries (emulator/outbound.ts); without it every delivery fails. */
  post?: PostFn;
  /** The webhook acknowledgement window (default 10 s). */
  webhookTimeoutMs?: number;
  /**
   * Worker threads that read arriving mail, shared with other emulators of the process (not closed
   * with this one; mail/reader.ts); default: a reader of its own, started at the first message.
   */
  mailReader?: MailReader;
}

const noOutbound: PostFn = () => Promise.reject(new Error('this emulator has no outbound HTTP transport'));

/** What a scoped reset resets: one account (by its key), or one inbox (of that account, if given). */
export interface ResetScope {
  apiKey?: string;
  inbox?: string;
}

export class EmulatorCore {
  readonly ctx: CoreContext;
  readonly bus: EventBus;
  readonly clock: EmulatorClock;
  readonly store: Store<MainDoc>;
  readonly accounts: Accounts;
  /** Usage counters, written apart from the main document within a second of a change (usage.ts). */
  readonly usage: UsageBook;
  /** Webhook deliveries made and not yet counted, in a document of their own (deliveries.ts). */
  readonly deliveries: PendingDeliveries;
  readonly domains: Domains;
  readonly inboxes: Inboxes;
  /** Catch-all mode: unregistered recipients registered on the fly (off unless asked for). */
  readonly catchAll: CatchAll;
  /** Webhook subscriptions. */
  readonly webhooks: Webhooks;
  /** Webhook deliveries (dispatcher.ts); they start with dispatcher.start(). */
  readonly dispatcher: WebhookDispatcher;
  /** Webhook tunnels to `inbox webhooks watch` (transport: emulator/http/tunnel.ts). */
  readonly tunnels: Tunnels;
  /** WebSocket push subscriptions (the transport is emulator/http/ws.ts). */
  readonly push: Push;
  /** The core's one way to stored mail: Maildirs and their indexes (mailbox.ts). */
  readonly mailbox: Mailbox;
  /** Stored mail as the API sees it: lists, bodies, deletion, retention, plan masking (messages.ts). */
  readonly messages: Messages;
  /** Per-inbox event timeline and insights (timeline.ts, insights.ts). */
  readonly timeline: Timeline;
  readonly tests: TestRuns;
  /** Long-poll waiters for the next message (wait.ts). */
  readonly waits: Waits;
  readonly #ingest: Ingest;
  /** Reads arriving mail on worker threads (mail/reader.ts); closed with the core unless it was given. */
  readonly #reader: MailReader;
  readonly #ownsReader: boolean;
  readonly #sweeper: RetentionSweeper;
  #closed = false;
  /** Timers are cleared on close only when the clock is the core's own (a caller's may be shared). */
  #ownsClock = false;

  private constructor(
    ctx: CoreContext,
    clock: EmulatorClock,
    store: Store<MainDoc>,
    opts: CoreOptions,
    side: { usage: UsageBook; deliveries: PendingDeliveries },
  ) {
    this.ctx = ctx;
    this.bus = ctx.bus;
    this.clock = clock;
    this.store = store;
    this.usage = side.usage;
    this.deliveries = side.deliveries;
    this.#ownsReader = !opts.mailReader;
    this.#reader = opts.mailReader ?? new MailReader();
    this.mailbox = new Mailbox(store, ctx.bus, (inbox) => this.inboxes.find(inbox)?.accountId);
    this.accounts = new Accounts(ctx, this.usage);
    this.domains = new Domains(ctx);
    this.inboxes = new Inboxes(ctx, this.domains);
    this.catchAll = new CatchAll({
      accounts: this.accounts,
      domains: this.domains,
      inboxes: this.inboxes,
      bus: this.bus,
      commit: () => this.commit(),
      all: () => ctx.main.data.inboxes,
    });
    this.tunnels = new Tunnels(ctx, this.deliveries);
    this.webhooks = new Webhooks(ctx, this.inboxes, this.tunnels);
    this.dispatcher = new WebhookDispatcher(ctx, this.accounts, this.webhooks, this.tunnels, this.deliveries, {
      post: opts.post ?? noOutbound,
      timeoutMs: opts.webhookTimeoutMs,
    });
    this.push = new Push(ctx, this.accounts, this.inboxes);
    this.messages = new Messages(ctx, this.accounts, this.mailbox);
    this.timeline = new Timeline(ctx, this.inboxes, this.mailbox);
    this.tests = new TestRuns(ctx);
    this.waits = new Waits(ctx, (inbox) => this.mailbox.arrivingIds(inbox));
    this.#ingest = new Ingest(ctx, this.inboxes, this.accounts, this.messages, this.mailbox, this.#reader);
    // An unregistered inbox keeps its document and mail, as on the hosted service: registering the
    // address again shows them. Only a reset drops them.
    this.#sweeper = new RetentionSweeper(clock, () => this.messages.sweep());
    this.#sweeper.start();
  }

  static async open(opts: CoreOptions): Promise<EmulatorCore> {
    const random = opts.random ?? cryptoRandom;
    const bus = new EventBus();
    // The clock is made once the document (with its stored offset) is read; background sync rounds
    // are timed on it from then on (none is due before: opening only rewrites the main file).
    let clock: EmulatorClock | undefined = opts.clock;
    const store = await Store.open<MainDoc>(
      {
        path: opts.dataPath,
        sync: opts.sync,
        onSyncError: (error, path) => bus.emit('error', { where: `background write or fsync of ${path}`, error }),
        timer: { setTimer: (ms, fn) => clock!.setTimer(ms, fn) },
      },
      () => seedMain((opts.clock ?? new EmulatorClock()).now(), hexSecret(random)),
      checkMainDoc,
    );
    clock ??= new EmulatorClock({ mode: 'system', offsetMs: store.main.data.clockOffsetMs ?? 0 });
    const dns: DnsResolver = typeof opts.dns === 'object' ? opts.dns : opts.dns === 'system' ? new SystemDns() : new SimulatedDns(() => store.main.data);
    const ctx: CoreContext = { settings: resolveSettings(opts.settings), clock, random, main: store.main, bus, dns };
    let side: { usage: UsageBook; deliveries: PendingDeliveries };
    try {
      side = await EmulatorCore.#openSide(ctx, store);
    } catch (e) {
      await store.close().catch(() => undefined);
      throw e;
    }
    const core = new EmulatorCore(ctx, clock, store, opts, side);
    core.#ownsClock = !opts.clock;
    return core;
  }

  /**
   * The usage counters and the pending webhook deliveries, each in a side document of the store,
   * read in. Pending deliveries a main document of format 2 held are written to their document, then
   * dropped from the main one (a crash in between leaves them in both, and the next start takes them
   * in once, by id).
   */
  static async #openSide(ctx: CoreContext, store: Store<MainDoc>): Promise<{ usage: UsageBook; deliveries: PendingDeliveries }> {
    const usage = new UsageBook(ctx, store.side<UsageFile | LiveUsage>('usage', { toJSON: () => ({}) as UsageFile }));
    await usage.load();
    const deliveries = new PendingDeliveries(ctx, store.side<DeliveriesFile | LiveDeliveries>('deliveries', { toJSON: () => ({}) as DeliveriesFile }));
    const main = store.main.data;
    const legacy = main.webhookDeliveries;
    if (await deliveries.load(legacy)) await deliveries.commit();
    if (legacy !== undefined) {
      delete main.webhookDeliveries;
      if (legacy.length > 0) await store.main.commit();
    }
    return { usage, deliveries };
  }

  /**
   * Takes a message in (ingest.ts), acknowledging it as soon as it is safe: `acknowledged` for the
   * SMTP 250, `stored` once every copy is indexed and announced.
   */
  receive(input: IngestInput): Ingestion {
    return this.#ingest.receive(input);
  }

  /** Takes a message in and resolves once every copy is on disk and 'message.received' was emitted. */
  ingest(input: IngestInput): Promise<IngestedMessage[]> {
    return this.#ingest.ingest(input);
  }

  /**
   * Checks every inbox's index against its Maildir and redoes what mail acknowledged before the last
   * run ended still waits for (files in `new/`: indexed if missing, announced again, moved to `cur/`);
   * call once after open, with the event listeners (webhooks) in place and before mail comes in.
   * Resolves to how many copies of `new/` it indexed.
   */
  recover(): Promise<number> {
    return this.#ingest.recover();
  }

  /** Which registered inboxes a list of addresses names, and which it names in vain. */
  resolveRecipients(addresses: string[]): { found: import('./state.js').InboxRecord[]; unknown: string[] } {
    return this.#ingest.resolve(addresses);
  }

  get settings(): EmulatorSettings {
    return this.ctx.settings;
  }

  /** Persists the main document; resolves once the change is on disk. */
  commit(): Promise<void> {
    return this.store.main.commit();
  }

  // ---- control surface operations ----

  async advanceClock(ms: number): Promise<number> {
    const now = this.clock.advance(ms);
    this.store.main.data.clockOffsetMs = this.clock.offsetMs;
    await this.commit();
    return now;
  }

  async setDns(domainInput: string, records: SimulatedDnsRecord[]): Promise<string> {
    const domain = normaliseDomain(domainInput);
    if (!domain) throw new ApiError('invalid_domain', `"${domainInput.slice(0, 100)}" is not a valid domain name.`);
    this.store.main.data.dns[domain] = records.map((r) => ({ ...r }));
    await this.commit();
    return domain;
  }

  async deleteDns(domainInput: string): Promise<boolean> {
    const domain = normaliseDomain(domainInput) ?? domainInput.toLowerCase();
    const had = domain in this.store.main.data.dns;
    delete this.store.main.data.dns[domain];
    await this.commit();
    return had;
  }

  /** Publishes into the simulated DNS the records a custom domain needs to verify. */
  async publishDomainRecords(account: AccountRecord, domainInput: string): Promise<SimulatedDnsRecord[]> {
    const rec = this.domains.find(account, domainInput);
    if (!rec) throw new ApiError('domain_not_found', `Domain "${domainInput}" is not on the account of that key.`);
    const records: SimulatedDnsRecord[] = this.domains
      .dnsRecords(account, rec.domain)
      .map((r) => (r.type === 'MX' ? { type: 'MX', value: r.value, priority: Number(r.priority) } : { type: 'TXT', value: r.value }));
    await this.setDns(rec.domain, records);
    return records;
  }

  /**
   * Resets one account, at once, leaving every other account's data alone (many jobs, one emulator):
   * its inboxes, custom domains, webhooks, tunnels, pending deliveries, usage and rate window go; its
   * key, plan, credits and limits stay. The commit point is one write of the main document, in which
   * the account also gets a new id: mail kept at its old addresses is filed under an id no account
   * has, so it is never shown again (a later registration of one of them starts empty). Those folders
   * are then deleted. Its push connections close with 1012, its parked waits answer as on a timeout,
   * its tunnel watchers are let go.
   */
  async resetAccount(account: AccountRecord): Promise<void> {
    const doc = this.store.main.data;
    for (const t of this.tunnels.ofAccount(account)) {
      this.tunnels.remove(t.id);
      this.deliveries.dropTunnel(t.id);
    }
    this.push.closeAccount(account.id, WS_CLOSE.serviceRestart, 'account reset');
    const inboxes = this.inboxes.removeAll(account);
    doc.customDomains = doc.customDomains.filter((d) => d.accountId !== account.id);
    doc.webhooks = doc.webhooks.filter((w) => w.accountId !== account.id);
    this.deliveries.dropAccount(account.id);
    this.accounts.renew(account);
    await this.commit();
    await this.deliveries.commit();
    for (const rec of inboxes) await this.mailbox.discard(rec.inbox, undefined);
  }

  /**
   * The control surface's reset: of everything (no scope), of the account of `apiKey`, or of one
   * inbox (`inbox`; with `apiKey`, it must be that account's). Says which it was.
   */
  async resetScope(scope: ResetScope = {}): Promise<'all' | 'account' | 'inbox'> {
    if (scope.apiKey === undefined && scope.inbox === undefined) {
      await this.reset();
      return 'all';
    }
    const account = scope.apiKey === undefined ? undefined : this.accounts.byKey(scope.apiKey);
    if (scope.apiKey !== undefined && !account) {
      throw new ApiError('not_found', 'No account has that API key.', {
        hint: 'Make one with POST /_emulator/accounts {"apiKey", "plan"}, or give the key of an existing one.',
      });
    }
    if (scope.inbox === undefined) {
      await this.resetAccount(account!);
      return 'account';
    }
    const rec = this.inboxes.find(scope.inbox);
    if (rec && account && rec.accountId !== account.id) {
      throw new ApiError('inbox_not_found', `${scope.inbox.slice(0, 320)} is registered by another account, not the one of this key.`, {
        hint: 'Reset it with the API key of the account that registered it.',
      });
    }
    if (!rec) {
      throw new ApiError('inbox_not_found', `${scope.inbox.slice(0, 320)} is not a registered inbox${account ? ' of that account' : ''}.`, {
        hint: 'Give an address registered with POST /v1/inboxes.',
      });
    }
    await this.resetInbox(rec);
    return 'inbox';
  }

  /**
   * Empties one inbox, at once: its messages and timeline go (one rename of its folder is the commit
   * point); its registration and webhooks stay.
   */
  async resetInbox(rec: InboxRecord): Promise<void> {
    await this.mailbox.discard(rec.inbox, rec.accountId);
  }

  async reset(): Promise<void> {
    this.accounts.clearWindows();
    // Tunnel watchers learn at once that their tunnel is gone (they reconnect and get a 404); push
    // connections close with 1012 (service restart); parked waits answer as on a timeout. None of
    // them keeps following an inbox of the old state, which someone else may register next.
    this.tunnels.closeAll('emulator reset');
    this.push.closeAll(WS_CLOSE.serviceRestart, 'emulator reset');
    this.waits.endAll();
    await this.store.reset(() => seedMain(this.clock.now(), hexSecret(this.ctx.random), this.clock.offsetMs));
    // The fresh document has a new secret: side documents written before it are not read at a start.
    this.deliveries.clear();
    await this.deliveries.commit();
  }

  /** Resolves once every message acknowledged so far is read, indexed and announced. */
  idle(): Promise<unknown> {
    return this.#ingest.idle();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#sweeper.stop();
    this.mailbox.stop();
    await this.#ingest.idle();
    if (this.#ownsReader) await this.#reader.close();
    await this.mailbox.settled();
    if (this.#ownsClock) this.clock.clear();
    await this.usage.flush();
    // A write that fails now (a full disk) fails the stop, after the store has let go of the data.
    let failed: unknown = null;
    await this.deliveries.flush().catch((e: unknown) => (failed ??= e));
    await this.store.close();
    if (failed) throw failed;
  }
}
