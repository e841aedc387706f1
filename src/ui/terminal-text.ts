// The one gate for text from mail (or from a server) on its way to a terminal. A subject, sender,
// body, file name or error text can carry escape sequences (ESC ... for colours, screen clears,
// window titles; the single-character C1 CSI U+009B that some terminals obey) and bidirectional
// overrides (U+202A-U+202E, U+2066-U+2069) that make the text read differently from what it is. Every
// writer in src/ui passes such text through here: plain text gets those characters as U+FFFD (visible,
// never obeyed), JSON gets them as \u escapes (the same value for a parser, inert on a terminal).

/** C0 controls (tab and newline decided by the caller), DEL, C1 controls, bidi embeddings, overrides and isolates. */
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE_ONE_LINE = /[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;
/** What JSON.stringify leaves raw inside strings but a terminal would still act on. */
const UNSAFE_IN_JSON = /[\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text safe to write to a terminal: every control character, C1 control and bidi override becomes
 * U+FFFD. With `multiline` (message bodies) tabs and newlines stay and CRLF becomes LF.
 */
export function terminalText(s: string, multiline = false): string {
  return multiline ? s.replace(/\r\n/g, '\n').replace(UNSAFE, '\ufffd') : s.replace(UNSAFE_ONE_LINE, '\ufffd');
}

/**
 * JSON.stringify whose output is safe on a terminal: C0 controls are escaped by JSON itself; DEL, C1
 * and bidi characters are written as \u escapes too. Parsing it gives back the exact value.
 */
export function terminalJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(UNSAFE_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
