// Worker thread of the mail reader pool (mail-reader.ts): reads each raw message it is given (from
// its blob file through the store's read, or as bytes sent along), parses it (parse-mail.ts: the light
// reader, or MailParser without the attachment bodies) and extracts, and answers with the fields
// ingest keeps. It holds no state.
import { parentPort } from 'node:worker_threads';
import { readIfExistsSync, readRangeSync } from '../store/fs.js';
import { readBuffer, readingToWire, type ReadAnswer, type ReadJob } from './mail-reader.js';

const port = parentPort;
if (!port) throw new Error('mail-reader-worker runs as a worker thread only');
async function rawOf(job: ReadJob): Promise<Buffer> {
  if (job.bytes) return Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const raw = job.offset === undefined ? readIfExistsSync(job.file) : readRangeSync(job.file, job.offset, job.size);
  // A blob that went away (a reset) or is not the message sent: the main thread reads its own copy.
  if (!raw || raw.length !== job.size) throw new Error(`the raw blob ${job.file} is not the message received`);
  return raw;
}

port.on('message', (job: ReadJob) => {
  rawOf(job)
    .then(readBuffer)
    .then(
      (reading) => port.postMessage({ id: job.id, reading: readingToWire(reading) } satisfies ReadAnswer),
      (e: unknown) => port.postMessage({ id: job.id, failed: String((e as Error)?.message ?? e) } satisfies ReadAnswer),
    );
});
