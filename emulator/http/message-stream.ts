// The body of GET /v1/inboxes/{inbox}/messages/{id}, produced as a stream so that memory does not
// grow with the size of a message: a 40 MB attachment used to cost ~200 MB per request (raw blob,
// decoded attachment, its base64, the JSON text). Two passes over the stored raw message, both
// streamed from its blob: the first reads text, HTML and each attachment's size (for the plan's
// attachment rules), the second decodes the attachments again and writes their base64 into the JSON
// as it goes, at the pace of the HTTP client. The JSON is the same, byte for byte, as
// JSON.stringify of the whole answer: it is that text, cut where each attachment's content goes.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Readable as NodeReadable } from 'node:stream';
import { storedAttachmentBytes } from '../core/mail/parse-mail.js';

/** Base64 of a byte stream that arrives in pieces: whole 3-byte groups go out, the rest waits. */
export class Base64Chunker {
  #rest: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): string {
    const all = this.#rest.length ? Buffer.concat([this.#rest, chunk]) : chunk;
    const whole = all.length - (all.length % 3);
    this.#rest = Buffer.from(all.subarray(whole));
    return all.subarray(0, whole).toString('base64');
  }

  end(): string {
    const out = this.#rest.toString('base64');
    this.#rest = Buffer.alloc(0);
    return out;
  }
}

/**
 * The answer as a web stream. `answer` is the whole JSON answer except that the attachments whose
 * content is to be streamed have `content` set by `placeholder(i)` (i: the attachment's index in the
 * message); `openRaw` opens the stored raw message once more for their bytes.
 */
export function streamedAnswer(
  build: (placeholder: (index: number) => string) => unknown,
  openRaw: () => Promise<NodeReadable | null>,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const nonce = randomUUID();
  const wanted: number[] = [];
  const text = JSON.stringify(
    build((i) => {
      wanted.push(i);
      // NUL characters are escaped by JSON.stringify; the random nonce keeps mail text from
      // producing the same escaped sequence.
      return `\u0000${nonce}:${i}\u0000`;
    }),
  );
  const marker = (i: number) => JSON.stringify(`\u0000${nonce}:${i}\u0000`).slice(1, -1);
  // pieces[k] comes before the k-th streamed attachment's content; the last piece closes the JSON.
  const pieces: string[] = [];
  let from = 0;
  for (const i of wanted) {
    const at = text.indexOf(marker(i), from);
    if (at < 0) throw new Error(`attachment ${i} has no place in the answer`);
    pieces.push(text.slice(from, at));
    from = at + marker(i).length;
  }
  pieces.push(text.slice(from));

  /** A piece in slices, so a large text or HTML part is not turned into one large Buffer at once. */
  function* sliced(piece: string): Generator<string> {
    const size = 64 * 1024;
    for (let at = 0; at < piece.length; ) {
      let end = Math.min(piece.length, at + size);
      // Never between the two halves of a surrogate pair: each slice is encoded to UTF-8 on its own.
      const last = piece.charCodeAt(end - 1);
      if (end < piece.length && last >= 0xd800 && last <= 0xdbff) end--;
      yield piece.slice(at, end);
      at = end;
    }
  }

  async function* body(): AsyncGenerator<string> {
    yield* sliced(pieces[0]!);
    if (wanted.length === 0) return;
    const source = await openRaw();
    if (!source) throw new Error('the raw message went away while it was being sent');
    const want = new Set(wanted);
    let k = 0;
    let b64: Base64Chunker | null = null;
    for await (const p of storedAttachmentBytes(source)) {
      if (!want.has(p.index)) continue;
      if (p.type === 'start') b64 = new Base64Chunker();
      else if (p.type === 'bytes') {
        const s = b64!.push(p.chunk);
        if (s) yield s;
      } else {
        const tail = b64!.end();
        if (tail) yield tail;
        yield* sliced(pieces[++k]!);
        b64 = null;
        if (k === wanted.length) return;
      }
    }
    throw new Error(`the raw message has fewer attachments than its first read found (${k} of ${wanted.length})`);
  }

  const node = Readable.from(
    (async function* () {
      try {
        yield* body();
      } catch (e) {
        onError(e);
        throw e;
      }
    })(),
    { objectMode: false },
  );
  return Readable.toWeb(node) as unknown as ReadableStream<Uint8Array>;
}
