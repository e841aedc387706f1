// A tiny authoritative DNS server on a local UDP port, for testing `--dns system` (SystemDns) without
// the internet. It answers MX and TXT questions from a zone given in code; names not in the zone get
// NXDOMAIN, names marked 'servfail' get SERVFAIL, names marked 'silent' get no answer at all.
//
//   const dns = await startDnsServer({ 'ok.test': { mx: [{ priority: 10, exchange: 'mx.inbox.test.' }], txt: [['a=b']] } });
//   new SystemDns({ servers: [dns.address] });   // dns.address is '127.0.0.1:<port>'
//   await dns.close();
import { createSocket, type RemoteInfo } from 'node:dgram';

export interface ZoneEntry {
  mx?: Array<{ priority: number; exchange: string }>;
  /** Each record is a list of character-strings (a long TXT value is split in chunks). */
  txt?: string[][];
}

export type Zone = Record<string, ZoneEntry | 'servfail' | 'silent'>;

const TYPE_MX = 15;
const TYPE_TXT = 16;

function encodeName(name: string): Buffer {
  const parts = name.replace(/\.$/, '').split('.').filter(Boolean);
  return Buffer.concat([...parts.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'ascii')])), Buffer.from([0])]);
}

/** Reads the question: the lower-cased name, its type, and where the question section ends. */
function readQuestion(msg: Buffer): { name: string; type: number; end: number } | null {
  let i = 12;
  const labels: string[] = [];
  while (i < msg.length && msg[i] !== 0) {
    const len = msg[i]!;
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('ascii'));
    i += 1 + len;
  }
  if (i + 5 > msg.length) return null;
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(i + 1), end: i + 5 };
}

function answer(type: number, rdata: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // pointer to the question's name
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // class IN
  head.writeUInt32BE(60, 6); // ttl
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

function reply(query: Buffer, zone: Zone): Buffer | null {
  const q = readQuestion(query);
  if (!q) return null;
  const entry = zone[q.name];
  if (entry === 'silent') return null;
  let rcode = 0;
  const answers: Buffer[] = [];
  if (entry === undefined)
    rcode = 3; // NXDOMAIN
  else if (entry === 'servfail') rcode = 2;
  else if (q.type === TYPE_MX) {
    for (const mx of entry.mx ?? []) {
      const pref = Buffer.alloc(2);
      pref.writeUInt16BE(mx.priority);
      answers.push(answer(TYPE_MX, Buffer.concat([pref, encodeName(mx.exchange)])));
    }
  } else if (q.type === TYPE_TXT) {
    for (const chunks of entry.txt ?? []) {
      answers.push(answer(TYPE_TXT, Buffer.concat(chunks.map((c) => Buffer.concat([Buffer.from([Buffer.byteLength(c)]), Buffer.from(c)])))));
    }
  }
  const head = Buffer.alloc(12);
  query.copy(head, 0, 0, 2); // id
  head.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | rcode, 2); // QR, AA, RD copied, RA
  head.writeUInt16BE(1, 4);
  head.writeUInt16BE(answers.length, 6);
  return Buffer.concat([head, query.subarray(12, q.end), ...answers]);
}

export interface DnsServer {
  /** `127.0.0.1:<port>`, the form Resolver.setServers() takes. */
  address: string;
  /** Questions received, as `TYPE name`. */
  questions: string[];
  close(): Promise<void>;
}

export async function startDnsServer(zone: Zone): Promise<DnsServer> {
  const socket = createSocket('udp4');
  const questions: string[] = [];
  socket.on('message', (msg: Buffer, from: RemoteInfo) => {
    const q = readQuestion(msg);
    if (q) questions.push(`${q.type === TYPE_MX ? 'MX' : q.type === TYPE_TXT ? 'TXT' : q.type} ${q.name}`);
    const out = reply(msg, zone);
    if (out) socket.send(out, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
