// Stored messages as the API sees them: the list of an inbox (oldest first in its index, bounded
// by retention), one message with its body parsed again from its file, deletion, the clock-driven
// retention sweep, and the plan masking of detected codes and links (shared with push frames). The
// files are the mailbox's (mailbox.ts).
import { DETECTED, lowestPlanWith, type Plan } from '../../../src/api/plans.js';
import type { MessageSummary } from '../../../src/api/schemas.js';
import type { Doc } from '../../store/document.js';
import type { Accounts } from '../accounts/accounts.js';
import type { CoreContext } from '../context.js';
import { ApiError } from '../errors.js';
import { readAll, type Mailbox } from './mailbox.js';
import { type AttachmentInfo, outlineStoredMail, type StoredMailOutline } from './parse-mail.js';
import { applyRetention, retentionPolicy } from './retention.js';
import { heldByOther, type InboxDoc, type InboxRecord, type StoredMessage } from '../state.js';
import type { Readable } from 'node:stream';

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
 * Plan masking: below growth `otp` and `verificationLink` read
 * "__DETECTED__" when something was found (else null), and `_upgrade_hint` says so when something
 * was hidden. Used for lists, single messages, wait results and WebSocket frames.
 */
export function maskForPlan<T extends { otp: string | null; verificationLink: string | null }>(value: T, plan: Plan): T & { _upgrade_hint?: string } {
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
  constructor(
    private readonly ctx: CoreContext,
    private readonly accounts: Accounts,
    private readonly mailbox: Mailbox,
  ) {}

  /**
   * The document of a registration, once mail acknowledged before this call is in it. A request that
   * waited while the address changed hands (unregistered, then registered by another account) finds
   * it no longer its own: not found.
   */
  async docOf(rec: InboxRecord): Promise<Doc<InboxDoc>> {
    const doc = await this.mailbox.doc(rec.inbox);
    if (heldByOther(doc.data, rec.accountId)) {
      throw new ApiError('not_found', `${rec.inbox} is no longer registered on your account.`);
    }
    return doc;
  }

  planOf(rec: InboxRecord): Plan {
    const account = this.accounts.byId(rec.accountId);
    return this.ctx.settings.plans[account?.plan ?? 'free'];
  }

  /**
   * Applies retention to a loaded document (synchronously) and returns what it removed; the caller
   * removes their files and then writes the index (mailbox.removeThenCommit()).
   */
  prune(doc: InboxDoc, rec: InboxRecord): StoredMessage[] {
    return applyRetention(doc.messages, retentionPolicy(this.planOf(rec)), this.ctx.clock.now());
  }

  /** The inbox's messages as retention allows them now, oldest first. */
  async current(rec: InboxRecord): Promise<StoredMessage[]> {
    const doc = await this.docOf(rec);
    const removed = this.prune(doc.data, rec);
    if (removed.length > 0) this.mailbox.removeThenCommit(doc, removed);
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
   * Text, HTML and attachment sizes, streamed from the message's file (attachment bodies counted,
   * kept only for those `keep` names): the one way a stored message is read back. Stored mail is
   * always answered: when the file is gone or the parser refuses the message (past its limits,
   * docs/mail.md), it reads with no body.
   */
  async outline(m: StoredMessage, keep?: (a: AttachmentInfo, index: number) => boolean): Promise<StoredMailOutline> {
    const empty: StoredMailOutline = { text: null, html: null, attachments: [] };
    const source = await this.mailbox.open(m.to, m.file);
    if (!source) {
      this.ctx.bus.emit('error', { where: 'message body', error: new Error(`the file of message ${m.id} is missing`) });
      return empty;
    }
    try {
      return await outlineStoredMail(source, keep);
    } catch (error) {
      this.ctx.bus.emit('error', { where: `message body of ${m.id} (answered without a body)`, error });
      return empty;
    }
  }

  /** The message as it was sent (RFC 5322), or null when its file is gone. */
  async raw(m: StoredMessage): Promise<Buffer | null> {
    const source = await this.mailbox.open(m.to, m.file);
    return source ? readAll(source) : null;
  }

  /** The message as it was sent, streamed from its file, or null when the file is gone. */
  rawStream(m: StoredMessage): Promise<Readable | null> {
    return this.mailbox.open(m.to, m.file);
  }

  /** Deletes a message: its file first, then its index entry. */
  async delete(rec: InboxRecord, id: string): Promise<StoredMessage> {
    const doc = await this.docOf(rec);
    const m = doc.data.messages.find((x) => x.id === id);
    if (!m) throw new ApiError('not_found', `No message "${id.slice(0, 100)}" in ${rec.inbox}.`);
    await this.mailbox.removeFiles([m]);
    const i = doc.data.messages.indexOf(m);
    if (i >= 0) doc.data.messages.splice(i, 1);
    await doc.commit();
    this.ctx.bus.emit('message.deleted', { inbox: rec.inbox, id });
    return m;
  }

  /** Deletes every message of an inbox (the viewer's "clear"); resolves to how many went. */
  async clear(rec: InboxRecord): Promise<number> {
    const doc = await this.docOf(rec);
    const gone = [...doc.data.messages];
    if (gone.length === 0) return 0;
    await this.mailbox.removeFiles(gone);
    const left = new Set(gone);
    doc.data.messages = doc.data.messages.filter((m) => !left.has(m));
    await doc.commit();
    for (const m of gone) this.ctx.bus.emit('message.deleted', { inbox: rec.inbox, id: m.id });
    return gone.length;
  }

  /** Resolves once background work started so far is done (file removals, retention writes). */
  settled(): Promise<void> {
    return this.mailbox.settled();
  }

  /** Retention for every inbox with an age limit (the clock-driven sweep). */
  sweep(): Promise<void> {
    const run = this.#sweep();
    this.mailbox.background(run);
    return run;
  }

  async #sweep(): Promise<void> {
    for (const rec of [...this.ctx.main.data.inboxes]) {
      if (this.mailbox.stopped) return;
      if (this.planOf(rec).retention.maxAgeHours === null) continue;
      try {
        const doc = await this.mailbox.doc(rec.inbox);
        if (this.ctx.main.data.inboxes.indexOf(rec) < 0) continue;
        const removed = this.prune(doc.data, rec);
        if (removed.length > 0) this.mailbox.removeThenCommit(doc, removed);
      } catch (error) {
        this.ctx.bus.emit('error', { where: 'retention sweep', error });
      }
    }
  }
}
