// The parser's limits, checked while a message streams in, so ingest never acknowledges (SMTP 250)
// a message it could not serve: MailParser refuses a MIME part whose header block costs more than
// 1 MiB (each header line counts at least 64 bytes) and a message of more than 1,000 MIME parts
// (every part and the message itself, embedded messages included). The scan follows the same rules
// on the raw bytes as they are written to the blob, counting at least what the parser counts: the
// boundary of every multipart seen so far starts a part wherever it stands, and an embedded
// message's body is a part with a header block of its own. It keeps only the current line's first
// bytes and the current part's Content-Type, whatever the size of the message.

/** The largest cost of one MIME part's header block (MailParser's maxHeadSize). */
export const MAX_HEADER_BYTES = 1024 * 1024;
/** The most MIME parts of a message (MailParser's maxChildNodes). */
export const MAX_MIME_PARTS = 1000;
/** What a header line counts for at least (as in the parser). */
const LINE_MIN_COST = 64;
/** Bytes of a line kept to look at (a boundary delimiter is at most 70 characters, RFC 2046). */
const LINE_KEEP = 1024;
/** Bytes of one Content-Type field kept to find its boundary. */
const FIELD_KEEP = 16 * 1024;

export type LimitBroken = 'header' | 'parts';

/** A line break followed by the start of a delimiter line. */
const NL_DASHES = Buffer.from('\n--', 'latin1');

export class MimeLimitScan {
  /** The limit the message breaks, once it is known. */
  broken: LimitBroken | null = null;
  #inHead = true;
  #headCost = 0;
  #parts = 1;
  /** The start of the current line (up to LINE_KEEP bytes) and its full length so far. */
  #line: Buffer[] = [];
  #lineKept = 0;
  #lineLen = 0;
  /** The Content-Type field of the current part's header block (unfolded), while it is read. */
  #contentType: string | null = null;
  #inContentType = false;
  /**
   * Every delimiter line of the boundaries seen so far (`--b` opens a part, `--b--` closes the
   * multipart), looked up once per line: a message may declare a thousand boundaries.
   */
  readonly #delimiters = new Map<string, 'open' | 'close'>();

  constructor(
    private readonly maxHeaderBytes = MAX_HEADER_BYTES,
    private readonly maxParts = MAX_MIME_PARTS,
  ) {}

  write(chunk: Uint8Array): void {
    if (this.broken) return;
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    while (start < buf.length) {
      // Outside a header block only delimiter lines count: whole lines up to the next one that starts
      // with "--" are skipped with one native search instead of being read line by line (a megabyte
      // of base64 is some 14,000 lines). A line still open at the end of the chunk goes the usual way.
      if (!this.#inHead && this.#lineLen === 0 && !(buf[start] === 0x2d && buf[start + 1] === 0x2d)) {
        const dashes = buf.indexOf(NL_DASHES, start);
        const skipTo = dashes >= 0 ? dashes + 1 : buf.lastIndexOf(0x0a) + 1;
        if (skipTo > start) {
          start = skipTo;
          continue;
        }
      }
      const nl = buf.indexOf(0x0a, start);
      const end = nl < 0 ? buf.length : nl + 1;
      this.#take(buf.subarray(start, end));
      if (nl < 0) {
        // A header line still open counts already: a single line of many megabytes breaks the limit
        // without being kept.
        if (this.#inHead && this.#headCost + this.#lineLen > this.maxHeaderBytes) this.broken = 'header';
        return;
      }
      this.#endLine();
      if (this.broken) return;
      start = end;
    }
  }

  #take(piece: Uint8Array): void {
    this.#lineLen += piece.length;
    if (this.#lineKept < LINE_KEEP) {
      const keep = piece.subarray(0, LINE_KEEP - this.#lineKept);
      this.#line.push(Buffer.from(keep));
      this.#lineKept += keep.length;
    }
  }

  #endLine(): void {
    const len = this.#lineLen;
    const text = (this.#line.length === 1 ? this.#line[0]! : Buffer.concat(this.#line)).toString('latin1');
    this.#line = [];
    this.#lineKept = 0;
    this.#lineLen = 0;
    // A delimiter starts a part wherever it stands, in a header block too (as in the parser).
    if (this.#delimiters.size > 0 && text.startsWith('--')) {
      const kind = this.#delimiters.get(text.trimEnd());
      if (kind === 'open') return this.#newPart();
      if (kind === 'close') {
        if (this.#inHead) this.#endHead();
        return;
      }
    }
    if (this.#inHead) this.#headLine(text, len);
  }

  #headLine(text: string, len: number): void {
    const blank = text === '\n' || text === '\r\n';
    this.#headCost += blank ? len : Math.max(len, LINE_MIN_COST);
    if (this.#headCost > this.maxHeaderBytes) {
      this.broken = 'header';
      return;
    }
    if (blank) return this.#endHead();
    if (text[0] === ' ' || text[0] === '\t') {
      if (this.#inContentType && this.#contentType!.length < FIELD_KEEP) this.#contentType += text.trimEnd();
      return;
    }
    this.#inContentType = /^content-type\s*:/i.test(text);
    if (this.#inContentType) this.#contentType = text.trimEnd();
  }

  #endHead(): void {
    const ct = this.#contentType ?? '';
    this.#contentType = null;
    this.#inContentType = false;
    this.#inHead = false;
    this.#headCost = 0;
    const value = ct.replace(/^content-type\s*:\s*/i, '').toLowerCase();
    if (value.startsWith('multipart/')) {
      const m = /boundary\s*=\s*(?:"([^"]*)"|([^\s;]+))/i.exec(ct);
      const boundary = m?.[1] ?? m?.[2];
      // The boundary declared first wins a line that two of them could mean (`x` closing, `x--` opening).
      if (boundary && !this.#delimiters.has(`--${boundary}`)) this.#delimiters.set(`--${boundary}`, 'open');
      if (boundary && !this.#delimiters.has(`--${boundary}--`)) this.#delimiters.set(`--${boundary}--`, 'close');
    } else if (value.startsWith('message/rfc822')) {
      this.#newPart(); // an embedded message: its body starts with a header block
    }
  }

  #newPart(): void {
    if (this.#inHead) this.#endHead();
    this.#parts++;
    this.#inHead = true;
    this.#headCost = 0;
    if (this.#parts > this.maxParts) this.broken = 'parts';
  }
}
