// The mailbox: the one owner of stored mail. It alone touches the inbox logs, the blobs and the
// journal (emulator/store/); ingest, messages, retention and the timeline ask it. It also keeps the
// order between them: reads of an inbox wait for mail acknowledged to a sender but still being
// indexed (hold()) and for a registration's claim on the address's kept mail (#claim()), and blobs go
// only once no document names them any more.
import type { Readable } from 'node:stream';
import type { BlobLocation, StoredBlobWriter } from '../store/blobs.js';
import type { Doc } from '../store/document.js';
import type { JournalEntry } from '../store/journal.js';
import type { Store } from '../store/store.js';
import type { EventBus } from './events.js';
import { emptyInboxDoc, type InboxDoc, type MainDoc, type StoredMessage } from './state.js';

/** The key of a message in a pack segment (the blob name blobs.ts gives it). */
const PACKED = /^p\d+_\d+_\d+$/;

/**
 * Blob key of a message id, for blobs of their own (in memory, and the earlier file format): hex,
 * so names stay distinct on case-insensitive file systems. A message in a pack segment has the
 * blob's name as its key (emulator/store/blobs.ts).
 */
export function blobKey(id: string): string {
  return `m${Buffer.from(id).toString('hex')}`;
}
/** The blob holding the raw message: `<key>.eml` for a blob of its own, the key itself in a pack. */
export function rawBlob(key: string): string {
  return PACKED.test(key) ? key : `${key}.eml`;
}
/** The key of a raw message's blob, from its name. */
export function blobKeyOf(name: string): string {
  return name.endsWith('.eml') ? name.slice(0, -4) : name;
}

export class Mailbox {
  /** Registrations whose claim on the address's kept mail is not done yet (#claim()). */
  readonly #claims = new Map<string, Promise<void>>();
  /** Documents whose owner was checked against the registration (#load()). */
  readonly #checked = new WeakSet<Doc<InboxDoc>>();
  /** Messages acknowledged but still being indexed, per inbox (hold()). */
  readonly #held = new Map<string, Set<Promise<void>>>();
  /** Background work (blob removal, retention writes, preload) not finished yet. */
  readonly #background = new Set<Promise<unknown>>();
  #stopped = false;

  constructor(
    private readonly store: Store<MainDoc, InboxDoc>,
    private readonly bus: EventBus,
    /** The account an address is registered to now (undefined: not registered). */
    private readonly ownerOf: (inbox: string) => string | undefined = () => undefined,
  ) {
    bus.on('inbox.registered', ({ inbox }) => this.#claim(inbox.inbox, inbox.accountId));
  }

  // ---- inbox documents ----

  /** The document of an inbox, once messages acknowledged to their sender before this call are in it (see hold()). */
  async doc(inbox: string): Promise<Doc<InboxDoc>> {
    const held = this.#held.get(inbox);
    if (held) await Promise.allSettled([...held]);
    return this.docToIndex(inbox);
  }

  /** The document as ingest stores into it: without waiting for mail being indexed (but after a claim). */
  docToIndex(inbox: string): Promise<Doc<InboxDoc>> {
    const claim = this.#claims.get(inbox);
    return claim ? claim.then(() => this.#load(inbox)) : this.#load(inbox);
  }

  #read(inbox: string): Promise<Doc<InboxDoc>> {
    return this.store.inbox(inbox, () => emptyInboxDoc(inbox));
  }

  /** The document, its owner checked against the registration the first time it is handed out. */
  async #load(inbox: string): Promise<Doc<InboxDoc>> {
    const doc = await this.#read(inbox);
    // A registration came while the log was read: its claim checks the document.
    const claim = this.#claims.get(inbox);
    if (claim) {
      await claim;
      return doc;
    }
    if (this.#checked.has(doc)) return doc;
    this.#checked.add(doc);
    const owner = this.ownerOf(inbox);
    if (owner === undefined || doc.data.owner === owner) return doc;
    if (doc.data.owner === undefined) {
      // Written before owners were recorded, and registered now: the registered account's.
      doc.data.owner = owner;
      if (doc.data.messages.length + doc.data.timeline.length > 0) await doc.commit();
      return doc;
    }
    // Registered to another account than the one whose mail it holds: a claim cut short by a stop.
    await this.#giveTo(inbox, doc, owner);
    return doc;
  }

  /**
   * Mail kept at an address (an unregistered inbox keeps its mail) belongs to the account that had
   * it: registered again by that account, the inbox shows it; registered by another account, it
   * starts empty and the earlier messages and timeline are deleted, before anything else reads or
   * writes the document. A document written before owners were recorded and not loaded since while
   * registered counts as another account's.
   */
  #claim(inbox: string, owner: string): void {
    const run = (async () => {
      await this.#claims.get(inbox);
      const doc = await this.#read(inbox);
      this.#checked.add(doc);
      if (doc.data.owner !== owner) await this.#giveTo(inbox, doc, owner);
    })().catch((error: unknown) => this.bus.emit('error', { where: `inbox ${inbox} (registration)`, error }));
    this.#claims.set(inbox, run);
    void run.then(() => {
      if (this.#claims.get(inbox) === run) this.#claims.delete(inbox);
    });
    this.#track(run);
  }

  /** Hands the document to `owner`: an earlier account's messages and timeline are deleted. */
  async #giveTo(inbox: string, doc: Doc<InboxDoc>, owner: string): Promise<void> {
    doc.data.owner = owner;
    // Nothing of anyone's yet: the next write of the document carries the owner.
    if (doc.data.messages.length === 0 && doc.data.timeline.length === 0) return;
    const gone = doc.data.messages.splice(0);
    doc.data.timeline.splice(0);
    await doc.commit();
    for (const m of gone) this.bus.emit('message.deleted', { inbox, id: m.id });
    this.discard(gone);
  }

  /** The document of an inbox if it is loaded, without waiting. */
  loaded(inbox: string): Doc<InboxDoc> | undefined {
    return this.store.loadedInbox(inbox);
  }

  /**
   * A message for these inboxes is acknowledged but not indexed yet: doc() waits until the returned
   * function is called (once the message is stored, or failed to be).
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

  /** Writes a document whose messages `removed` were taken out, then deletes their blobs (in the background). */
  commitThenDiscard(doc: Doc<InboxDoc>, removed: StoredMessage[]): void {
    this.#track(
      doc.commit().then(
        () => this.discard(removed),
        (error: unknown) => this.bus.emit('error', { where: 'retention commit', error }),
      ),
    );
  }

  // ---- blobs ----

  /**
   * A new raw blob for the message whose blob key is `key` where blobs have names of their own;
   * written as it streams in; its key once written is blobKeyOf(writer.name). It is pinned (kept)
   * until releaseRaw().
   */
  writeRaw(key: string): StoredBlobWriter {
    return this.store.blobs.create(rawBlob(key));
  }

  /** Whether copies of a message share this blob (a pack entry) instead of a link each (linkRaw()). */
  sharesRaw(key: string): boolean {
    return this.store.blobs.shares(rawBlob(key));
  }

  /** Keeps a raw blob while a journal record names it (recovery), until releaseRaw(). */
  pinRaw(key: string): void {
    this.store.blobs.pin(rawBlob(key));
  }

  /** Drops the pin of writeRaw() or pinRaw(): the inbox logs that name the blob keep it from now. */
  releaseRaw(key: string): void {
    this.store.blobs.release(rawBlob(key));
  }

  /** The raw message as received (RFC 5322), or null when its blob is gone. */
  readRaw(key: string): Promise<Buffer | null> {
    return this.store.blobs.read(rawBlob(key));
  }

  /**
   * Where a raw blob's bytes are, for a reader on another thread (mail-reader.ts reads them there
   * with the store's read); null when blobs are kept in memory.
   */
  rawLocation(key: string): BlobLocation | null {
    return this.store.blobs.locate(rawBlob(key));
  }

  /** The raw message of a blob key as a stream (a large one read piece by piece), or null when absent. */
  readRawStream(key: string): Promise<Readable | null> {
    return this.store.blobs.openRead(rawBlob(key));
  }

  /** Removes one raw blob now (a message that was never stored). */
  removeRaw(key: string): Promise<void> {
    return this.store.blobs.remove(rawBlob(key)).catch(() => undefined);
  }

  /** Gives copy `to` the raw blob of `from` (a hard link, else a copy). */
  linkRaw(from: string, to: string): Promise<void> {
    return this.store.blobs.link(rawBlob(from), rawBlob(to));
  }

  /**
   * Deletes the blobs of messages that are already out of their document (in the background). A
   * message in a pack segment needs nothing: the segment goes once no inbox log names it.
   */
  discard(messages: StoredMessage[]): void {
    const { blobs } = this.store;
    const own = messages.filter((m) => !blobs.shares(rawBlob(m.blob)));
    if (own.length === 0) return;
    this.#track(
      Promise.all(own.map((m) => blobs.remove(rawBlob(m.blob)))).catch((error: unknown) => this.bus.emit('error', { where: 'message blob removal', error })),
    );
  }

  // ---- journal ----

  /** Appends a record of acknowledged work (journal.ts); done() retires it. */
  journal(record: unknown): JournalEntry {
    return this.store.journal.append(record);
  }

  /** Records an earlier run left in the journal, oldest first. */
  leftovers(): Promise<unknown[]> {
    return this.store.journal.leftovers();
  }

  /**
   * Once the leftovers are redone: syncs what the earlier run wrote for them (its background round
   * may have died with it), then drops them.
   */
  async retireLeftovers(rawKeys: string[], inboxes: string[]): Promise<void> {
    try {
      await this.store.syncWrittenBefore(rawKeys.map(rawBlob), inboxes);
    } catch (error) {
      this.bus.emit('error', { where: 'journal recovery (sync)', error });
    }
    this.store.journal.dropLeftovers();
  }

  // ---- background work ----

  /**
   * Loads every registered inbox's document in the background (after a restart), so the first mail
   * to each inbox does not wait for a disk read, then the other inbox logs of the data folder (the
   * store's census: pack segments no message names any more can go). One document at a time; stops
   * at stop().
   */
  preload(inboxes: () => string[]): Promise<void> {
    const run = (async () => {
      for (const inbox of inboxes()) {
        if (this.#stopped) return;
        if (this.store.loadedInbox(inbox)) continue;
        try {
          await this.doc(inbox);
        } catch (error) {
          this.bus.emit('error', { where: 'inbox preload', error });
        }
      }
      if (this.#stopped) return;
      await this.store.census((inbox) => emptyInboxDoc(inbox));
    })();
    this.#track(run);
    return run;
  }

  /** Runs `work` as background work that settled() waits for. */
  background(work: Promise<unknown>): void {
    this.#track(work);
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /** No more background work is started (the core is closing). */
  stop(): void {
    this.#stopped = true;
  }

  /** Resolves once background work started so far (and what it started) is done: tests, shutdown. */
  async settled(): Promise<void> {
    while (this.#background.size > 0) await Promise.allSettled([...this.#background]);
  }

  #track(p: Promise<unknown>): void {
    this.#background.add(p);
    const done = () => this.#background.delete(p);
    p.then(done, done);
  }
}
