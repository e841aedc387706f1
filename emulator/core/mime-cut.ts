// Ingest only needs a message's headers, its text and HTML and how many attachments it has; decoding
// a megabyte of base64 just to drop it cost more than everything else together. withoutAttachmentBodies()
// finds the MIME parts that MailParser will treat as attachments (a leaf whose type is not
// text/plain, text/html or message/delivery-status, or whose disposition is not inline) and returns
// the message with those bodies left empty, headers untouched, so MailParser still sees every part.
// Boundaries are found with native Buffer searches. Anything unusual (no boundary, nesting too deep,
// odd syntax) cuts nothing in that subtree: the parse is then merely slower, never different.

const TEXT_TYPES = new Set(['text/plain', 'text/html', 'message/delivery-status']);
const MAX_DEPTH = 30;

interface Range {
  start: number;
  end: number;
}

/** `value; a=b; c="d"` -> value (lower case) and params (lower-case names). */
export function parseStructured(v: string): { value: string; params: Record<string, string> } {
  const parts: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < v.length; i++) {
    const ch = v[i]!;
    if (ch === '"' && v[i - 1] !== '\\') quoted = !quoted;
    if (ch === ';' && !quoted) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  const params: Record<string, string> = {};
  for (const p of parts.slice(1)) {
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    let val = p.slice(eq + 1).trim();
    if (val.startsWith('"') && val.endsWith('"') && val.length >= 2) val = val.slice(1, -1).replace(/\\(.)/g, '$1');
    params[p.slice(0, eq).trim().toLowerCase()] = val;
  }
  return { value: parts[0]!.trim().toLowerCase(), params };
}

/** Index where the body of the entity starting at `start` begins (after the empty line), or -1. */
function bodyStart(buf: Buffer, start: number, end: number): number {
  if (buf[start] === 0x0a) return start + 1; // no headers at all
  if (buf[start] === 0x0d && buf[start + 1] === 0x0a) return start + 2;
  const crlf = buf.indexOf('\r\n\r\n', start, 'latin1');
  const lf = buf.indexOf('\n\n', start, 'latin1');
  let at = -1;
  let len = 0;
  if (crlf >= 0 && (lf < 0 || crlf < lf)) [at, len] = [crlf, 4];
  else if (lf >= 0) [at, len] = [lf, 2];
  return at >= 0 && at + len <= end ? at + len : -1;
}

/** Content-Type and Content-Disposition of a header block (unfolded). */
function headerFields(block: string): { type?: string; disposition?: string } {
  const out: { type?: string; disposition?: string } = {};
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (name === 'content-type' && out.type === undefined) out.type = line.slice(colon + 1);
    else if (name === 'content-disposition' && out.disposition === undefined) out.disposition = line.slice(colon + 1);
  }
  return out;
}

/** `delims`: the `--boundary` of every enclosing multipart. */
function walk(buf: Buffer, start: number, end: number, depth: number, delims: Buffer[], out: Range[]): void {
  if (depth > MAX_DEPTH || start >= end) return;
  const body = bodyStart(buf, start, end);
  if (body < 0) return;
  const fields = headerFields(buf.toString('latin1', start, body));
  if (fields.type === undefined) return; // MailParser decides by position; leave it whole
  const type = parseStructured(fields.type);
  if (type.value.startsWith('multipart/')) {
    const boundary = type.params.boundary;
    if (boundary) parts(buf, body, end, boundary, depth, delims, out);
    return;
  }
  if (type.value.startsWith('message/') && type.value !== 'message/delivery-status') return;
  const disposition = fields.disposition === undefined ? '' : parseStructured(fields.disposition).value;
  const inline = disposition === '' ? TEXT_TYPES.has(type.value) : disposition === 'inline';
  if (TEXT_TYPES.has(type.value) && inline) return;
  // Never cut across anything that could be a delimiter line (whatever the line ending).
  for (const d of delims) {
    const at = buf.indexOf(d, body);
    if (at >= 0 && at < end) return;
  }
  out.push({ start: body, end });
}

/** The parts of a multipart body between `--boundary` lines. */
function parts(buf: Buffer, start: number, end: number, boundary: string, depth: number, outer: Buffer[], out: Range[]): void {
  const delim = Buffer.from(`--${boundary}`, 'latin1');
  const delims = [...outer, delim];
  let from = start;
  let partStart = -1;
  for (;;) {
    const at = buf.indexOf(delim, from);
    if (at < 0 || at >= end) return;
    from = at + delim.length;
    if (at !== start && buf[at - 1] !== 0x0a) continue; // not at a line start
    let i = at + delim.length;
    const closing = buf[i] === 0x2d && buf[i + 1] === 0x2d;
    if (closing) i += 2;
    while (i < end && (buf[i] === 0x20 || buf[i] === 0x09)) i++;
    const lineEnd = buf[i] === 0x0d && buf[i + 1] === 0x0a ? i + 2 : buf[i] === 0x0a ? i + 1 : i >= end ? end : -1;
    if (lineEnd < 0) continue; // "--boundaryX...": another boundary or text
    if (partStart >= 0) {
      // The line break before the delimiter belongs to the delimiter.
      let partEnd = at;
      if (partEnd > partStart && buf[partEnd - 1] === 0x0a) partEnd--;
      if (partEnd > partStart && buf[partEnd - 1] === 0x0d) partEnd--;
      walk(buf, partStart, partEnd, depth + 1, delims, out);
    }
    if (closing) return;
    partStart = lineEnd;
    from = lineEnd;
  }
}

/** The message with the bodies of its attachment parts removed (the same buffer when there are none). */
export function withoutAttachmentBodies(buf: Buffer): Buffer {
  const cuts: Range[] = [];
  try {
    walk(buf, 0, buf.length, 0, [], cuts);
  } catch {
    return buf;
  }
  const real = cuts.filter((r) => r.end > r.start);
  if (real.length === 0) return buf;
  const pieces: Buffer[] = [];
  let at = 0;
  for (const r of real) {
    pieces.push(buf.subarray(at, r.start));
    at = r.end;
  }
  pieces.push(buf.subarray(at));
  return Buffer.concat(pieces);
}
