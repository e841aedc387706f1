// The mail reader's worker thread (reader.ts): for each job it opens the message's file, reads it
// with MailParser (parse-mail.ts) and runs the extractor, and answers with what ingest indexes. Built
// as `dist/mail-reader.js` (scripts/build.mjs).
import { parentPort } from 'node:worker_threads';
import { extract } from '../../../src/extract/extract.js';
import { openMessageFile } from '../../store/maildir.js';
import { parseFields } from './parse-mail.js';
import type { MailReading, ReadAnswer, ReadJob } from './reader.js';

async function read(job: ReadJob): Promise<MailReading> {
  const stream = await openMessageFile(job.paths, job.skip);
  if (!stream) throw new Error(`the file of the message is gone (${job.paths[0]})`);
  const { text, html, parseError, ...fields } = await parseFields(stream);
  const found: Pick<MailReading, 'otp' | 'verificationLink' | 'extractError'> = { otp: null, verificationLink: null, extractError: null };
  try {
    Object.assign(found, extract({ subject: fields.subject, text, html }));
  } catch (e) {
    found.extractError = e instanceof Error ? (e.stack ?? e.message) : String(e);
  }
  return {
    fields,
    parseError: parseError
      ? `${parseError.message}${(parseError as NodeJS.ErrnoException).code ? ` (${(parseError as NodeJS.ErrnoException).code})` : ''}`
      : null,
    ...found,
  };
}

parentPort!.on('message', (job: ReadJob) => {
  read(job).then(
    (reading) => parentPort!.postMessage({ id: job.id, reading } satisfies ReadAnswer),
    (e: unknown) => parentPort!.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) } satisfies ReadAnswer),
  );
});
