// The one reader of data format 2 (pack segments, inbox logs, a write-ahead journal), run once at the
// first start of a newer build: every stored message is written into its inbox's Maildir (`cur/`),
// with the inbox's summaries and timeline as its index; a message the journal still held (acknowledged
// and not indexed, or indexed and not yet announced to the end) goes to `new/`, where the start's
// recovery indexes and announces it (Ingest.recover(), core/mail/ingest.ts). The old folders are deleted only once the
// main document says format 3 (removeV2()); a migration cut short is redone from the start.
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Maildirs, mailFileName } from './maildir.js';

interface OldMessage {
  id: string;
  receivedAt: number;
  blob?: string;
  [k: string]: unknown;
}
interface OldInbox {
  inbox: string;
  owner?: string;
  messages: OldMessage[];
  timeline: Array<{ id: string }>;
}
interface OldRecord {
  k: 'ingest';
  blob: string;
  size: number;
  at: number;
  from: string | null;
  to: Array<{ inbox: string; account?: string; id: string }>;
}

const OLD = ['inboxes', 'blobs', 'journal'];

/** Migrates the folder `data` (`<data>.d`) into `mail`; `main` names the registered inboxes. */
export async function migrateV2(data: string, main: { inboxes?: Array<{ inbox: string; accountId: string }> }, mail: Maildirs): Promise<void> {
  rmSync(mail.root, { recursive: true, force: true });
  const blobs = join(data, 'blobs');
  const raw = (key: string): Buffer | null => {
    const packed = /^p(\d+)_(\d+)_(\d+)$/.exec(key);
    const file = join(blobs, packed ? `seg-${packed[1]}.raw` : `${key}.eml`);
    if (!existsSync(file)) return null;
    if (!packed) return readFileSync(file);
    // Only the message's range of its segment is read (a segment holds many messages).
    const fd = openSync(file, 'r');
    try {
      const bytes = Buffer.alloc(Number(packed[3]));
      return bytes.subarray(0, readSync(fd, bytes, 0, bytes.length, Number(packed[2])));
    } finally {
      closeSync(fd);
    }
  };
  const inboxes = new Map<string, OldInbox>();
  for (const name of list(join(data, 'inboxes'))) {
    if (!name.endsWith('.json') || name.startsWith('.')) continue;
    const doc = readLog(readFileSync(join(data, 'inboxes', name), 'utf8'));
    if (doc && typeof doc.inbox === 'string') inboxes.set(doc.inbox, doc);
  }
  // Copies the journal still held: to `new/`, so the start redoes them.
  const fresh = new Map<string, { at: number; bytes: Buffer; trace: string }>();
  const registered = new Map((main.inboxes ?? []).map((r) => [r.inbox, r.accountId]));
  for (const r of pendingRecords(join(data, 'journal'))) {
    const bytes = raw(r.blob);
    if (!bytes || bytes.length !== r.size) continue;
    for (const c of r.to) {
      const owner = registered.get(c.inbox);
      if (owner === undefined || (c.account !== undefined && c.account !== owner)) continue;
      fresh.set(`${c.inbox}\n${c.id}`, { at: r.at, bytes, trace: r.from ? `Return-Path: <${r.from}>\r\n` : '' });
    }
  }
  for (const doc of inboxes.values()) {
    const messages: Array<Record<string, unknown>> = [];
    for (const { blob, ...m } of doc.messages) {
      const bytes = blob ? raw(blob) : null;
      if (!bytes) continue;
      const file = mailFileName(m.receivedAt, m.id, 0);
      const again = fresh.delete(`${doc.inbox}\n${m.id}`);
      await mail.put(doc.inbox, file, bytes, m.receivedAt, again ? 'new' : 'cur');
      messages.push({ ...m, file });
    }
    const { doc: index } = await mail.index<{ inbox: string; messages: Array<{ file: string }> }>(doc.inbox, () => ({ inbox: doc.inbox, messages: [] }));
    index.data = { ...doc, messages: messages as Array<{ file: string }> };
    await index.commit();
  }
  for (const [key, { at, bytes, trace }] of fresh) {
    const [inbox, id] = key.split('\n') as [string, string];
    const withTrace = Buffer.concat([Buffer.from(trace), bytes]);
    await mail.put(inbox, mailFileName(at, id, Buffer.byteLength(trace)), withTrace, at, 'new');
  }
  await mail.flush();
  mail.forget();
}

/** Deletes the folders of format 2 (once the main document says the data is migrated). */
export function removeV2(data: string): void {
  for (const name of OLD) rmSync(join(data, name), { recursive: true, force: true });
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/** An inbox log: a snapshot line, then changes (`m+`, `m-`, `t+`, `t-`); a torn last line is ignored. */
function readLog(text: string): OldInbox | null {
  let doc: OldInbox | null = null;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let v: Record<string, unknown>;
    try {
      v = JSON.parse(line);
    } catch {
      break;
    }
    if ('s' in v) doc = copy(v.s as OldInbox);
    else if (Array.isArray(v.messages)) doc = copy(v as unknown as OldInbox);
    else if (!doc) continue;
    else if ('m+' in v) doc.messages.push(v['m+'] as OldMessage);
    else if ('m-' in v) doc.messages = doc.messages.filter((m) => !(v['m-'] as string[]).includes(m.id));
    else if ('t+' in v) doc.timeline.push(v['t+'] as { id: string });
    else if ('t-' in v) doc.timeline = doc.timeline.filter((e) => !(v['t-'] as string[]).includes(e.id));
  }
  return doc;
}

function copy(d: OldInbox): OldInbox {
  return { ...d, messages: [...(d.messages ?? [])], timeline: [...(d.timeline ?? [])] };
}

/** Journal records not retired: `{"j": id, "r": record}` without a later `{"x": id}` in its file. */
function pendingRecords(dir: string): OldRecord[] {
  const out: OldRecord[] = [];
  for (const name of list(dir)) {
    if (!/^journal-\d+\.jsonl$/.test(name)) continue;
    const records = new Map<number | string, OldRecord>();
    let bare = 0;
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      let v: { j?: number; r?: OldRecord; x?: number; k?: string };
      try {
        v = JSON.parse(line);
      } catch {
        continue;
      }
      if (typeof v.x === 'number') records.delete(v.x);
      else if (typeof v.j === 'number' && v.r) records.set(v.j, v.r);
      else if (v.k === 'ingest') records.set(`bare${bare++}`, v as OldRecord);
    }
    for (const r of records.values()) if (r?.k === 'ingest' && typeof r.blob === 'string' && Array.isArray(r.to)) out.push(r);
  }
  return out;
}
