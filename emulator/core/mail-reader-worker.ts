// Worker thread of the mail reader pool (mail-reader.ts): reads each raw message it is sent (MIME
// cut, MailParser, extraction) and answers with the fields ingest keeps. It holds no state.
import { parentPort } from 'node:worker_threads';
import { readBuffer, readingToWire, type ReadAnswer, type ReadJob } from './mail-reader.js';

const port = parentPort;
if (!port) throw new Error('mail-reader-worker runs as a worker thread only');
port.on('message', (job: ReadJob) => {
  const raw = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  readBuffer(raw).then(
    (reading) => port.postMessage({ id: job.id, reading: readingToWire(reading) } satisfies ReadAnswer),
    (e: unknown) => port.postMessage({ id: job.id, failed: String((e as Error)?.message ?? e) } satisfies ReadAnswer),
  );
});
