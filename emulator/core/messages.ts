// Stored messages. Each inbox's side document keeps the summaries (oldest first, bounded by
// retention); the raw message is a blob file (`<key>.eml`, parsed again when read), so no document
// grows with the size of mail. Also: the API's view of a message and the plan masking of detected
// codes and links, shared with push frames.
import { lowestPlanWith, type Plan } from '../../src/api/plans.js';
import type { MessageSummary } from '../../src/api/schemas.js';
import type { Accounts } from './accounts.js';
import type { CoreContext } from './context.js';
import { ApiError } from './errors.js';
import { readStoredMail, type StoredMail } from './parse-mail.js';
import { applyRetention, retentionPolicy } from './retention.js';
import type { InboxDoc, InboxRecord, StoredMessage } from './state.js';
import { emptyInboxDoc } from './state.js';
import type { Doc } from './store.js';

/** What a plan below growth sees instead of a detected code or link. */
export const DETECTED = '__DETECTED__';

/** Blob key of a message id: hex, so names stay distinct on case-insensitive file systems. */
export function blobKey(id: string): string {
  return `m${Buffer.from(id).toString('hex')}`;
}
/** The blob holding the raw message. */
export function rawBlob(key: string): string {
  return `${key}.eml`;
}
/** The key of a raw message's blob, from its name. */
export function blobKeyOf(name: string): string {
  return name.endsWith('.eml') ? name.slice(0, -4) : name;
}
export function blobsOf(m: StoredMessage): string[] {
  return [rawBlob(m.blob)];
}

export function messageSummary(m: StoredMessage): MessageSummary {
  return {
    id: m.id,
    from: m.from,
    to: m.to,
    subject: m.subject,
    date: m.date,
    hasAttachment: m.hasAttachment,
    otp: m.otp,
    verificationLink: m.verificationLink,
  };
}

export function upgradeHint(): string {
  return `OTP codes and verification links are shown from the ${lowestPlanWith((p) => p.otp)} plan up; below it they read "${DETECTED}" when one was found.`;
}

/**
 * Plan masking (hosted-behaviour.md, "Messages"): below growth `otp` and `verificationLink` read
 * "__DETECTED__" when something was found (else null), and `_upgrade_hint` says so when something
 * was hidden. Used for lists, single messages, wait results and WebSocket frames.
 */
export function maskForPlan<T extends { otp: string | null; verificationLink: string | null }>(
  value: T,
  plan: Plan,
): T & { _upgrade_hint?: string } {
  if (plan.otp) return value;
  const out: T & { _upgrade_hint?: string } = {
    ...value,
    otp: value.otp === null ? null : DETECTED,
    verificationLink: value.verificationLink === null ? null : DETECTED,
  };
  if (value.otp !== null || value.verificationLink !== null) out._upgrade_hint = upgradeHint();
  return out;
}

export class Messages {
  /** Inboxes whose data is being removed: every other use of their document waits for that. */
  readonly #removals = new Map<string, Promise<void>>();
  /** Messages acknowledged but still being indexed, per inbox (hold()). */
  readonly #held = new Map<string, Set<Promise<void>>>();
  /** Background work (blob removal, retention writes, sweeps) not finished yet. */
  readonly #background = new Set<Promise<unknown>>();
  #stopped = false;

  constructor(
    private readonly ctx: CoreContext,
    private readonly accounts: Accounts,
  ) {}

  /**
   * The side document of an inbox, after any removal of that inbox has finished and once messages
   * acknowledged to their sender before this call are in it (see hold()).
   */
  async doc(inbox: string): Promise<Doc<InboxDoc>> {
    const held = this.#held.get(inbox);
    if (held) await Promise.allSettled([...held]);
    return this.docToIndex(inbox);
  }

  /** The document as ingest stores into it: only a removal of the inbox is waited for. */
  async docToIndex(inbox: string): Promise<Doc<InboxDoc>> {
    const pending = this.#removals.get(inbox);
    if (pending) await pending;
    return this.ctx.store.side(inbox, () => emptyInboxDoc(inbox));
  }

  /**
   * A message for these inboxes is safe and acknowledged but not indexed yet: doc() waits until the
   * returned function is called (ingest calls it once the message is stored, or failed to be).
   */
  hold(inboxes: string[]): () => void {
    let release!: () => void;
    const p = new Promise<void>((resolve) => (release = resolve));
    for (const inbox of inboxes) {
      let set = this.#held.get(inbox);
      if (!set) this.#held.set(inbox, (set = new Set()));
      set.add(p);
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
      for (const inbox of inboxes) {
        const set = this.#held.get(inbox);
        set?.delete(p);
        if (set?.size === 0) this.#held.delete(inbox);
      }
    };
  }

  planOf(rec: InboxRecord): Plan {
    const account = this.accounts.byId(rec.accountId);
    return this.ctx.settings.plans[account?.plan ?? 'free'];
  }

  /**
   * Applies retention to a loaded document (synchronously) and returns what it removed; the caller
   * commits the document and then calls discard() for the removed messages.
   */
  prune(doc: InboxDoc, rec: InboxRecord): StoredMessage[] {
    return applyRetention(doc.messages, retentionPolicy(this.planOf(rec)), this.ctx.clock.now());
  }

  /** The inbox's messages as retention allows them now, oldest first. */
  async current(rec: InboxRecord): Promise<StoredMessage[]> {
    const doc = await this.doc(rec.inbox);
    const removed = this.prune(doc.data, rec);
    if (removed.length > 0) this.#commitThenDiscard(doc, removed);
    return doc.data.messages;
  }

  /** Newest first. */
  async list(rec: InboxRecord): Promise<StoredMessage[]> {
    return [...(await this.current(rec))].reverse();
  }

  async get(rec: InboxRecord, id: string): Promise<StoredMessage> {
    const m = (await this.current(rec)).find((x) => x.id === id);
    if (!m) throw new ApiError('not_found', `No message "${id.slice(0, 100)}" in ${rec.inbox}.`);
    return m;
  }

  /** The newest message with a detected code, if any. */
  async newestWithOtp(rec: InboxRecord): Promise<StoredMessage | undefined> {
    const all = await this.current(rec);
    for (let i = all.length - 1; i >= 0; i--) if (all[i]!.otp !== null) return all[i];
    return undefined;
  }

  /**
   * The first message received after message `sinceId`; undefined when there is none yet or the id
   * is not (or no longer) in the inbox.
   */
  async after(rec: InboxRecord, sinceId: string): Promise<StoredMessage | undefined> {
    const all = await this.current(rec);
    const i = all.findIndex((m) => m.id === sinceId);
    return i >= 0 ? all[i + 1] : undefined;
  }

  /** Text, HTML and attachments, parsed from the stored raw message. */
  async body(m: StoredMessage): Promise<StoredMail> {
    const raw = await this.ctx.store.blobs.read(rawBlob(m.blob));
    if (!raw) {
      this.ctx.bus.emit('error', { where: 'message body', error: new Error(`the raw blob of message ${m.id} is missing`) });
      return { text: null, html: null, attachments: [] };
    }
    return readStoredMail(raw);
  }

  /** The raw message as received (RFC 5322), or null when its blob is gone. */
  raw(m: StoredMessage): Promise<Buffer | null> {
    return this.ctx.store.blobs.read(rawBlob(m.blob));
  }

  async delete(rec: InboxRecord, id: string): Promise<StoredMessage> {
    const doc = await this.doc(rec.inbox);
    const i = doc.data.messages.findIndex((m) => m.id === id);
    if (i < 0) throw new ApiError('not_found', `No message "${id.slice(0, 100)}" in ${rec.inbox}.`);
    const [m] = doc.data.messages.splice(i, 1);
    await doc.commit();
    this.ctx.bus.emit('message.deleted', { inbox: rec.inbox, id });
    this.discard([m!]);
    return m!;
  }

  /** Deletes every message of an inbox (the viewer's "clear"); resolves to how many went. */
  async clear(rec: InboxRecord): Promise<number> {
    const doc = await this.doc(rec.inbox);
    const gone = doc.data.messages.splice(0);
    if (gone.length === 0) return 0;
    await doc.commit();
    for (const m of gone) this.ctx.bus.emit('message.deleted', { inbox: rec.inbox, id: m.id });
    this.discard(gone);
    return gone.length;
  }

  /** Deletes the blobs of messages that are already out of their document (in the background). */
  discard(messages: StoredMessage[]): void {
    if (messages.length === 0) return;
    const { blobs } = this.ctx.store;
    this.#track(
      Promise.all(messages.flatMap(blobsOf).map((b) => blobs.remove(b))).catch((error: unknown) =>
        this.ctx.bus.emit('error', { where: 'message blob removal', error }),
      ),
    );
  }

  /** Resolves once background work started so far (and what it started) is done: tests, shutdown. */
  async settled(): Promise<void> {
    while (this.#background.size > 0 || this.#removals.size > 0) {
      await Promise.allSettled([...this.#background, ...this.#removals.values()]);
    }
  }

  #track(p: Promise<unknown>): void {
    this.#background.add(p);
    const done = () => this.#background.delete(p);
    p.then(done, done);
  }

  /**
   * Loads every registered inbox's document in the background (after a restart), so the first mail
   * to each inbox does not wait for a disk read. One document at a time; stops at close().
   */
  preload(): Promise<void> {
    const run = (async () => {
      for (const rec of [...this.ctx.store.main.data.inboxes]) {
        if (this.#stopped) return;
        if (this.ctx.store.peekSide(rec.inbox)) continue;
        try {
          await this.doc(rec.inbox);
        } catch (error) {
          this.ctx.bus.emit('error', { where: 'inbox preload', error });
        }
      }
    })();
    this.#track(run);
    return run;
  }

  /** No more background work is started (the core is closing). */
  stop(): void {
    this.#stopped = true;
  }

  /** Retention for every inbox with an age limit (the clock-driven sweep). */
  sweep(): Promise<void> {
    const run = this.#sweep();
    this.#track(run);
    return run;
  }

  async #sweep(): Promise<void> {
    for (const rec of [...this.ctx.store.main.data.inboxes]) {
      if (this.#stopped) return;
      if (this.planOf(rec).retention.maxAgeHours === null) continue;
      try {
        const doc = await this.doc(rec.inbox);
        if (this.ctx.store.main.data.inboxes.indexOf(rec) < 0) continue;
        const removed = this.prune(doc.data, rec);
        if (removed.length > 0) this.#commitThenDiscard(doc, removed);
      } catch (error) {
        this.ctx.bus.emit('error', { where: 'retention sweep', error });
      }
    }
  }

  /** An inbox was unregistered: its document and every blob of its messages go. */
  removeInbox(inbox: string): Promise<void> {
    const previous = this.#removals.get(inbox) ?? Promise.resolve();
    const run = previous.then(async () => {
      const { store } = this.ctx;
      const doc = store.peekSide(inbox) ?? (await store.side(inbox, () => emptyInboxDoc(inbox)));
      const messages = [...doc.data.messages];
      doc.data.messages = [];
      await store.dropSide(inbox);
      await Promise.all(messages.flatMap(blobsOf).map((b) => store.blobs.remove(b)));
    });
    const tracked = run
      .catch((error: unknown) => this.ctx.bus.emit('error', { where: 'inbox removal', error }))
      .finally(() => {
        if (this.#removals.get(inbox) === tracked) this.#removals.delete(inbox);
      });
    this.#removals.set(inbox, tracked);
    return tracked;
  }

  #commitThenDiscard(doc: Doc<InboxDoc>, removed: StoredMessage[]): void {
    this.#track(
      doc.commit().then(
        () => this.discard(removed),
        (error: unknown) => this.ctx.bus.emit('error', { where: 'retention commit', error }),
      ),
    );
  }
}
