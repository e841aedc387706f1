// What the viewer lists: inboxes of every account, and pages of messages (one inbox or all of them),
// newest first. Reads through the core's services only. A page costs O(page size) for one inbox
// without a search (the inbox document keeps its messages oldest first, so the newest page is its
// tail), O(page × log inboxes) across all inboxes (a merge from each tail), and O(messages) with a
// search (search.ts; a word that is not in a message's header fields reads its text, once).
import type { EmulatorCore } from '../../core/emulator.js';
import type { AccountRecord, InboxRecord, StoredMessage } from '../../core/state.js';
import { outlineStoredMail } from '../../core/mail/parse-mail.js';
import { BodyTexts, mapLimit, matchesSearch, parseSearch, type Search } from './search.js';

export const PAGE_SIZE = 50;

export interface Row {
  inbox: string;
  message: StoredMessage;
}

export interface Page {
  rows: Row[];
  /** Messages matching (the whole inbox, or all inboxes, without a search). */
  total: number;
  page: number;
  pages: number;
  /** Why the search could not be run (shown instead of rows), or null. */
  error: string | null;
}

export interface InboxEntry {
  rec: InboxRecord;
  account: AccountRecord | undefined;
  count: number;
  newest: StoredMessage | undefined;
}

function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, pages));
}

/** Messages whose text is read at the same time during a search. */
const READ_AT_ONCE = 4;

export class ViewerQuery {
  /** The searchable text of messages, read when a search first needs it. */
  readonly texts: BodyTexts;

  constructor(private readonly core: EmulatorCore) {
    this.texts = new BodyTexts(core.messages, outlineStoredMail);
  }

  /** The rows of `rows` that match `search`, in their order. */
  async #filter(rows: Row[], search: Search): Promise<Row[]> {
    const keep = await mapLimit(rows, READ_AT_ONCE, (r) => matchesSearch(r.message, r.inbox, search, () => this.texts.of(r.inbox, r.message)));
    return rows.filter((_, i) => keep[i]);
  }

  /** Every registered inbox, with its account, message count and newest message (by address). */
  async inboxes(find = ''): Promise<InboxEntry[]> {
    const needle = find.trim().toLowerCase();
    const out: InboxEntry[] = [];
    for (const rec of [...this.core.store.main.data.inboxes]) {
      if (needle && !rec.inbox.includes(needle)) continue;
      const all = await this.core.messages.current(rec);
      out.push({ rec, account: this.core.accounts.byId(rec.accountId), count: all.length, newest: all[all.length - 1] });
    }
    return out.sort((a, b) => a.rec.inbox.localeCompare(b.rec.inbox));
  }

  /** One page of an inbox's messages, newest first. */
  async inboxPage(rec: InboxRecord, search: string, page: number, size = PAGE_SIZE): Promise<Page> {
    const all = await this.core.messages.current(rec);
    const needle = search.trim().toLowerCase();
    if (needle === '') {
      const pages = Math.max(1, Math.ceil(all.length / size));
      const p = clampPage(page, pages);
      const end = all.length - (p - 1) * size;
      const rows: Row[] = [];
      for (let i = end - 1; i >= Math.max(0, end - size); i--) rows.push({ inbox: rec.inbox, message: all[i]! });
      return { rows, total: all.length, page: p, pages, error: null };
    }
    const parsed = parseSearch(search);
    if (parsed.error !== null) return refused(parsed.error);
    const rows: Row[] = [];
    for (let i = all.length - 1; i >= 0; i--) rows.push({ inbox: rec.inbox, message: all[i]! });
    return slice(await this.#filter(rows, parsed), page, size);
  }

  /** One page of every inbox's messages together, newest first. */
  async allPage(search: string, page: number, size = PAGE_SIZE): Promise<Page> {
    const lists: InboxLists = [];
    for (const rec of [...this.core.store.main.data.inboxes]) {
      lists.push({ inbox: rec.inbox, all: await this.core.messages.current(rec) });
    }
    const needle = search.trim().toLowerCase();
    if (needle !== '') {
      const parsed = parseSearch(search);
      if (parsed.error !== null) return refused(parsed.error);
      const rows: Row[] = [];
      for (const { inbox, all } of lists) for (const m of all) rows.push({ inbox, message: m });
      return slice((await this.#filter(rows, parsed)).sort(newestFirst), page, size);
    }
    const total = lists.reduce((n, l) => n + l.all.length, 0);
    const pages = Math.max(1, Math.ceil(total / size));
    const p = clampPage(page, pages);
    const rows = newestRows(lists, p * size, size);
    return { rows, total, page: p, pages, error: null };
  }

  /** A message by inbox and id, or undefined. */
  async message(inbox: string, id: string): Promise<{ rec: InboxRecord; message: StoredMessage } | undefined> {
    const rec = this.core.inboxes.find(inbox);
    if (!rec) return undefined;
    const all = await this.core.messages.current(rec);
    for (let i = all.length - 1; i >= 0; i--) if (all[i]!.id === id) return { rec, message: all[i]! };
    return undefined;
  }
}

/** Messages of several inboxes (each oldest first). */
export type InboxLists = Array<{ inbox: string; all: StoredMessage[] }>;

/**
 * Rows `want - size` to `want` of all messages newest first, by a merge from the tails (an inbox's
 * messages are in the order they were indexed, which is not always the order of arrival): each step
 * takes the newest remaining head, the first inbox of the list on a tie. The heads wait in a heap, so
 * a page costs (page × size) × log(inboxes); a scan of every head per row took seconds for a deep
 * page over 10,000 inboxes.
 */
export function newestRows(lists: InboxLists, want: number, size: number): Row[] {
  const cursor = lists.map((l) => l.all.length - 1);
  const newer = (a: number, b: number) => {
    const ta = lists[a]!.all[cursor[a]!]!.receivedAt;
    const tb = lists[b]!.all[cursor[b]!]!.receivedAt;
    return ta > tb || (ta === tb && a < b);
  };
  const heap: number[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!newer(heap[i]!, heap[parent]!)) return;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < heap.length && newer(heap[l]!, heap[top]!)) top = l;
      if (r < heap.length && newer(heap[r]!, heap[top]!)) top = r;
      if (top === i) return;
      [heap[i], heap[top]] = [heap[top]!, heap[i]!];
      i = top;
    }
  };
  lists.forEach((l, k) => {
    if (l.all.length > 0) {
      heap.push(k);
      up(heap.length - 1);
    }
  });
  const rows: Row[] = [];
  for (let taken = 0; taken < want && heap.length > 0; taken++) {
    const k = heap[0]!;
    const m = lists[k]!.all[cursor[k]!--]!;
    if (taken >= want - size) rows.push({ inbox: lists[k]!.inbox, message: m });
    if (cursor[k]! < 0) {
      heap[0] = heap[heap.length - 1]!;
      heap.pop();
    }
    down(0);
  }
  return rows;
}

function newestFirst(a: Row, b: Row): number {
  return b.message.receivedAt - a.message.receivedAt;
}

function slice(hits: Row[], page: number, size: number): Page {
  const pages = Math.max(1, Math.ceil(hits.length / size));
  const p = clampPage(page, pages);
  return { rows: hits.slice((p - 1) * size, p * size), total: hits.length, page: p, pages, error: null };
}

function refused(error: string): Page {
  return { rows: [], total: 0, page: 1, pages: 1, error };
}
