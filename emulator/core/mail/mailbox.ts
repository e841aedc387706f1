// The mailbox: the core's one way to stored mail. It alone asks the store for Maildirs and their
// indexes (emulator/store/maildir.ts); ingest, messages, retention and the timeline ask it. It keeps
// two orders: a registration's claim on the address's kept mail comes before any read of it
// (#claim()), and a message's file goes before its index entry (remove()).
import type { Readable } from 'node:stream';
import type { Doc } from '../../store/document.js';
import { type MailFile, type MailWriter, parseMailFile } from '../../store/maildir.js';
import type { Store } from '../../store/store.js';
import type { EventBus } from '../events.js';
import { emptyInboxDoc, type InboxDoc, type MainDoc, type StoredMessage } from '../state.js';

export class Mailbox {
  /** Registrations whose claim on the address's kept mail is not done yet (#claim()). */
  readonly #claims = new Map<string, Promise<void>>();
  /** Per inbox, the index step of the last message acknowledged for it (arriving()). */
  readonly #arrivals = new Map<string, Promise<unknown>>();
  /** Per inbox, the ids of those copies (arrivingIds()). */
  readonly #arrivingIds = new Map<string, Set<string>>();
  /** Documents whose owner was checked against the registration (#load()). */
  readonly #checked = new WeakSet<Doc<InboxDoc>>();
  /** Background work (file removal, retention writes) not finished yet. */
  readonly #background = new Set<Promise<unknown>>();
  #stopped = false;

  constructor(
    private readonly store: Store<MainDoc>,
    private readonly bus: EventBus,
    /** The account an address is registered to now (undefined: not registered). */
    private readonly ownerOf: (inbox: string) => string | undefined = () => undefined,
  ) {
    bus.on('inbox.registered', ({ inbox }) => this.#claim(inbox.inbox, inbox.accountId));
  }

  // ---- inbox indexes ----

  /**
   * The index of an inbox once mail acknowledged before this call is in it (arriving()), and a
   * registration's claim on it is done, its owner checked.
   */
  async doc(inbox: string): Promise<Doc<InboxDoc>> {
    await this.#arrivals.get(inbox);
    return this.current(inbox);
  }

  /** The index as it is now (ingest's own step), once a registration's claim on it is done. */
  current(inbox: string): Promise<Doc<InboxDoc>> {
    const claim = this.#claims.get(inbox);
    return claim ? claim.then(() => this.#load(inbox)) : this.#load(inbox);
  }

  /**
   * Mail acknowledged for these inboxes is indexed once `indexed` resolves (it never rejects): reads
   * of them (doc()) wait for it. Each arrival's promise settles after the one before (ingest.ts).
   */
  arriving(copies: Array<{ inbox: string; id: string }>, indexed: Promise<unknown>): void {
    for (const { inbox, id } of copies) {
      this.#arrivals.set(inbox, indexed);
      const ids = this.#arrivingIds.get(inbox) ?? new Set<string>();
      this.#arrivingIds.set(inbox, ids.add(id));
    }
    void indexed.then(() => {
      for (const { inbox, id } of copies) {
        if (this.#arrivals.get(inbox) === indexed) this.#arrivals.delete(inbox);
        const ids = this.#arrivingIds.get(inbox);
        ids?.delete(id);
        if (ids?.size === 0) this.#arrivingIds.delete(inbox);
      }
    });
  }

  /** The ids of the copies acknowledged for `inbox` and not announced yet (a wait begun now skips them). */
  arrivingIds(inbox: string): ReadonlySet<string> {
    return new Set(this.#arrivingIds.get(inbox));
  }

  /** The index as read from disk; `readable` false when it was missing or damaged (it starts empty). */
  async read(inbox: string): Promise<{ doc: Doc<InboxDoc>; readable: boolean }> {
    return this.store.mail.index<InboxDoc>(inbox, () => emptyInboxDoc(inbox));
  }

  /** The index, its owner checked against the registration the first time it is handed out. */
  async #load(inbox: string): Promise<Doc<InboxDoc>> {
    const { doc } = await this.read(inbox);
    // A registration came while the index was read: its claim checks the document.
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
      // Rebuilt from its folder, or written before owners were recorded, and registered now.
      doc.data.owner = owner;
      await doc.commit();
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
   * writes the document.
   */
  #claim(inbox: string, owner: string): void {
    const run = (async () => {
      await this.#claims.get(inbox);
      const { doc } = await this.read(inbox);
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
    const gone = doc.data.messages.splice(0);
    doc.data.timeline.splice(0);
    await this.removeFiles(gone);
    await doc.commit();
    for (const m of gone) this.bus.emit('message.deleted', { inbox, id: m.id });
  }

  /** The index of an inbox if it is loaded, without waiting. */
  loaded(inbox: string): Doc<InboxDoc> | undefined {
    return this.store.mail.loaded<InboxDoc>(inbox);
  }

  /** Inboxes with a folder (registered or not). */
  folders(): string[] {
    return this.store.mail.inboxes();
  }

  /** The files of an inbox: in `new/` (still to be settled) and in `cur/`. */
  listing(inbox: string): Promise<{ fresh: MailFile[]; kept: MailFile[] }> {
    return this.store.mail.listing(inbox);
  }

  // ---- message files ----

  /** Changes each time the inbox is emptied (discard()): a copy written before belongs to no index after. */
  generation(inbox: string): number {
    return this.store.mail.discards(inbox);
  }

  /** Where a copy's file may be, in the order to look (store/maildir.ts). */
  paths(inbox: string, file: string): string[] {
    return this.store.mail.paths(inbox, file);
  }

  /** Starts the file of a message for its copies (store/maildir.ts). */
  create(copies: Array<{ inbox: string; name: string }>, at: number, trace: string): MailWriter {
    return this.store.mail.create(copies, at, trace);
  }

  /** The message as it was sent, streamed from its file (with `trace`, as stored); null when the file is gone. */
  open(inbox: string, file: string, trace = false): Promise<Readable | null> {
    const f = parseMailFile(file);
    return f ? this.store.mail.open(inbox, f, trace) : Promise.resolve(null);
  }

  /** Syncs copies an earlier run left in `new/` (store/maildir.ts). */
  syncLeftovers(inbox: string, files: string[]): Promise<void> {
    return this.store.mail.syncLeftovers(inbox, files);
  }

  /** Everything the copy's arrival set off is recorded: its file moves to `cur/`. */
  settle(inbox: string, file: string): void {
    this.store.mail.settle(inbox, file);
  }

  /** Removes the files of messages (before their index entries go). */
  async removeFiles(messages: Array<Pick<StoredMessage, 'to' | 'file'>>): Promise<void> {
    await Promise.all(messages.map((m) => this.store.mail.remove(m.to, m.file)));
  }

  /**
   * Empties an inbox at once (a scoped reset): its messages and timeline go with its folder
   * (store/maildir.ts discard()); 'message.deleted' for each message it had. Only while the address
   * is registered to `owner` (undefined: to nobody): one registered since by someone else is theirs.
   */
  async discard(inbox: string, owner: string | undefined): Promise<void> {
    const doc = await this.doc(inbox);
    if (this.ownerOf(inbox) !== owner) return;
    const gone = doc.data.messages.map((m) => m.id);
    await this.store.mail.discard(inbox);
    for (const id of gone) this.bus.emit('message.deleted', { inbox, id });
  }

  /** Removes the files of messages retention took out of `doc`, then writes it (in the background). */
  removeThenCommit(doc: Doc<InboxDoc>, removed: StoredMessage[]): void {
    this.#track(
      this.removeFiles(removed)
        .then(() => doc.commit())
        .catch((error: unknown) => this.bus.emit('error', { where: 'retention', error })),
    );
  }

  // ---- background work ----

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

/** Reads a stream to its end. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}
