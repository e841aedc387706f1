// The three official clients of the hosted service, as the emulator sees them on the wire: what each
// sends (headers, path encoding, body text) and which response fields it reads, with their types.
// Written from their documented behaviour; no client code is used. The suites in this folder send
// requests the way each client does and check every field it reads (test/conformance/README.md).
import type { Hono } from 'hono';

export type ClientName = 'js' | 'py' | 'cli';
export const CLIENTS: ClientName[] = ['js', 'py', 'cli'];

/** What `encodeURIComponent` leaves, minus what Python's `quote` encodes too. */
const PY_EXTRA = /[!'()*]/g;

export interface Persona {
  name: ClientName;
  userAgent: string;
  /** How the client writes an inbox, message id, webhook id or domain into a path. */
  segment(value: string): string;
  /** How it writes a query value (`test_id`); the CLI never sends one. */
  query(value: string): string;
  /** The request body text of a POST. */
  body(value: unknown): string;
}

/** Python's `json.dumps` defaults: `", "` and `": "` separators, non-ASCII as \uXXXX. */
function pyDumps(value: unknown): string {
  const text = JSON.stringify(value, null, 1).replace(/\n\s*/g, (m, offset: number, all: string) => {
    // Newline+indent become nothing after `[`/`{` and before `]`/`}`, a space after `,`.
    const before = all[offset - 1];
    return before === ',' ? ' ' : '';
  });
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export const PERSONAS: Record<ClientName, Persona> = {
  js: {
    name: 'js',
    userAgent: 'freecustom-email-sdk/1.0.0',
    segment: (v) => encodeURIComponent(v),
    query: (v) => encodeURIComponent(v),
    body: (v) => JSON.stringify(v),
  },
  py: {
    name: 'py',
    userAgent: 'freecustom-email-python/1.0.0',
    // urllib.parse.quote(v) with its default safe "/": `/` stays, `@` and `+` are encoded.
    segment: (v) =>
      encodeURIComponent(v)
        .replace(PY_EXTRA, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
        .replace(/%2F/g, '/'),
    query: (v) =>
      encodeURIComponent(v)
        .replace(PY_EXTRA, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
        .replace(/%2F/g, '/'),
    body: pyDumps,
  },
  cli: {
    name: 'cli',
    userAgent: 'fce-cli/1.0.0',
    // Plain string concatenation: `@` and `+` arrive as they are.
    segment: (v) => v,
    query: () => {
      throw new Error('the CLI sends no query parameters');
    },
    body: (v) => JSON.stringify(v),
  },
};

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed body; every answer must be a JSON object. */
  body: Record<string, any>;
  text: string;
}

/**
 * One request as the client sends it: Bearer key, `Content-Type: application/json` on every method
 * (GET and DELETE included, with no body), its User-Agent, no Accept of its own.
 */
export async function send(app: Hono, client: ClientName, key: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Answer> {
  const p = PERSONAS[client];
  const headers: Record<string, string> = {
    authorization: `Bearer ${key}`,
    'content-type': 'application/json',
    'user-agent': p.userAgent,
    accept: '*/*',
  };
  const res = await app.request(`/v1${path}`, { method, headers, body: method === 'POST' ? p.body(body ?? {}) : undefined });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${client} ${method} ${path}: ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${client} ${method} ${path}: ${res.status} with JSON that is not an object: ${text.slice(0, 200)}`);
  }
  return { status: res.status, headers: res.headers, body: parsed as Record<string, any>, text };
}

// ---------- fields read ----------

export type FieldType = 'string' | 'number' | 'int' | 'boolean' | 'array' | 'object' | 'null' | 'string[]';

export interface Field {
  /** Dotted path; `[]` walks every element of an array (`data[].domain`). */
  path: string;
  type: FieldType | FieldType[];
  /** The clients that read it. */
  by: ClientName[];
}

export function field(path: string, type: Field['type'], ...by: ClientName[]): Field {
  return { path, type, by };
}

function typeOk(v: unknown, t: FieldType): boolean {
  switch (t) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'int':
      return typeof v === 'number' && Number.isInteger(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'null':
      return v === null;
    case 'string[]':
      return Array.isArray(v) && v.every((x) => typeof x === 'string');
  }
}

/** Values at a path; `[]` fans out over arrays (an empty array yields nothing to check). */
function valuesAt(root: unknown, path: string): Array<{ at: string; value: unknown; present: boolean }> {
  let current: Array<{ at: string; value: unknown; present: boolean }> = [{ at: '', value: root, present: true }];
  for (const raw of path.split('.')) {
    const each = raw.endsWith('[]');
    const key = each ? raw.slice(0, -2) : raw;
    const next: typeof current = [];
    for (const c of current) {
      const o = c.value as Record<string, unknown> | null;
      const present = typeof o === 'object' && o !== null && key in o;
      const value = present ? o![key] : undefined;
      const at = c.at ? `${c.at}.${key}` : key;
      if (!each) {
        next.push({ at, value, present });
        continue;
      }
      if (!Array.isArray(value)) {
        next.push({ at: `${at}[]`, value, present: false });
        continue;
      }
      value.forEach((v, i) => next.push({ at: `${at}[${i}]`, value: v, present: true }));
    }
    current = next;
  }
  return current;
}

/** Problems with the fields a client reads: missing ones, and ones of the wrong type. */
export function problems(body: unknown, fields: Field[], client: ClientName): string[] {
  const out: string[] = [];
  for (const f of fields) {
    if (!f.by.includes(client)) continue;
    const types = [f.type].flat();
    for (const { at, value, present } of valuesAt(body, f.path)) {
      if (!present) out.push(`${at}: missing (${types.join(' | ')} expected)`);
      else if (!types.some((t) => typeOk(value, t))) out.push(`${at}: ${JSON.stringify(value)?.slice(0, 80)} is not ${types.join(' | ')}`);
    }
  }
  return out;
}

/** Paths of array fields that must hold at least one element for a check to mean anything. */
export function nonEmpty(body: unknown, path: string): boolean {
  const [v] = valuesAt(body, path);
  return Array.isArray(v?.value) && v.value.length > 0;
}
