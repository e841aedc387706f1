// MailParser, loaded at its first use rather than when the emulator starts: with the mail reader's
// worker threads and the light parser (light-parse.ts), the main thread may never need it, and
// loading it (with libmime, iconv-lite, the HTML converter) was about a third of the start-up.
import { createRequire } from 'node:module';
import type { MailParser as MailParserClass, MailParserOptions } from 'mailparser';

const load = createRequire(import.meta.url);
let ctor: typeof MailParserClass | null = null;

/** A new MailParser (mailparser is CommonJS, so it loads synchronously here). */
export function newMailParser(options: MailParserOptions): MailParserClass {
  ctor ??= (load('mailparser') as typeof import('mailparser')).MailParser;
  return new ctor(options);
}
