// Reading JSON request bodies: content type, size and syntax are checked before a route sees them.
import type { Context } from 'hono';
import { ApiError } from '../core/errors.js';

export async function readJsonObject(c: Context, maxBytes: number): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([a-z.+-]*\+)?json\s*(;|$)/i.test(type)) {
    throw new ApiError('unsupported_media_type', 'Send the body as JSON with "Content-Type: application/json".');
  }
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const raw = c.req.raw.body ? await readLimited(c.req.raw.body, maxBytes) : '';
  if (raw.trim() === '') throw new ApiError('invalid_json', 'The request body is empty; send a JSON object.');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    throw new ApiError('invalid_json', `The request body is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('bad_request', 'The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}

function tooLarge(max: number): ApiError {
  return new ApiError('payload_too_large', `The request body is larger than ${max} bytes.`);
}

async function readLimited(stream: ReadableStream<Uint8Array>, max: number): Promise<string> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      // The client went away in the middle of its body (the answer will not reach it either).
      throw new ApiError('bad_request', 'The request body ended before it was complete.');
    }
    const { done, value } = next;
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
