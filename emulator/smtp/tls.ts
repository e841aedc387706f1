// TLS of the SMTP receiver: the certificate it uses (files the user names, or a self-signed one made
// here with node:crypto alone, no openssl needed, and kept beside the data file), and the plain port's
// answers to a client that wants TLS where that port has none: STARTTLS when TLS is off gets a reply
// that says how to turn it on, and a TLS handshake (a client set up for implicit TLS, like port 465)
// is logged with the fix and the connection closed, since such a client cannot read an SMTP reply.
import { createPrivateKey, generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';
import { isIP, type Socket } from 'node:net';
import { createSecureContext } from 'node:tls';
import type { SMTPServer } from 'smtp-server';
import type { EventBus } from '../core/events.js';
import { readKeptFiles, readUserFile, writeKeptFiles } from '../store/kept-files.js';

export interface TlsPair {
  key: string | Buffer;
  cert: string | Buffer;
}

/** The certificate the SMTP ports present, and where it came from (for the banner and the docs). */
export interface SmtpTlsInfo {
  /** The certificate file: the user's --tls-cert, or the generated one kept beside the data file; null when given in memory or not kept (--memory). */
  certFile: string | null;
  /** Made by the emulator (not trusted by anything until you trust it). */
  selfSigned: boolean;
  /** SHA-256 fingerprint (AA:BB:...), to compare with what a client shows. */
  fingerprint: string;
  /** Names and addresses it is valid for (its subjectAltName). */
  names: string[];
}

/** How long a generated certificate is valid: 825 days, as mkcert's (what some platforms accept for a server). */
const SELF_SIGNED_DAYS = 825;
/** A kept certificate this close to its end is made again at start. */
const RENEW_BEFORE_MS = 24 * 3600_000;

function startError(code: string, message: string, hint: string): Error {
  return Object.assign(new Error(message), { name: 'StartError', code, hint });
}

// ---- DER, the few types an X.509 certificate needs ----

function derLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
};
const sequence = (...parts: Buffer[]) => tlv(0x30, ...parts);
const explicit = (n: number, inner: Buffer) => tlv(0xa0 + n, inner);
const octets = (b: Buffer) => tlv(0x04, b);
const bits = (b: Buffer) => tlv(0x03, Buffer.from([0]), b);
const TRUE = tlv(0x01, Buffer.from([0xff]));
/** A non-negative INTEGER from its big-endian bytes (a 0 byte first when the top bit is set). */
const integer = (b: Buffer) => tlv(0x02, b[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b);
function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const out = [40 * a + b];
  for (const n of rest) {
    const groups = [n & 0x7f];
    for (let v = Math.floor(n / 128); v > 0; v = Math.floor(v / 128)) groups.unshift((v & 0x7f) | 0x80);
    out.push(...groups);
  }
  return tlv(0x06, Buffer.from(out));
}
/** UTCTime before 2050, GeneralizedTime from then on (RFC 5280 4.1.2.5). */
function time(ms: number): Buffer {
  const iso = new Date(ms).toISOString();
  const digits = iso.slice(0, 19).replace(/[-:T]/g, '') + 'Z';
  return new Date(ms).getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(digits.slice(2))) : tlv(0x18, Buffer.from(digits));
}
const commonName = (cn: string) => sequence(tlv(0x31, sequence(oid('2.5.4.3'), tlv(0x0c, Buffer.from(cn)))));

/** The 4 or 16 bytes of an IP address. */
function ipBytes(ip: string): Buffer {
  if (isIP(ip) === 4) return Buffer.from(ip.split('.').map(Number));
  const [head = '', tail] = ip.split('::') as [string, string | undefined];
  const groups = (s: string) => (s ? s.split(':') : []);
  const h = groups(head);
  const t = groups(tail ?? '');
  // An IPv4 address at the end (::ffff:1.2.3.4) is two groups.
  const last = t.length ? t : h;
  if (last.length && last[last.length - 1]!.includes('.')) {
    const v4 = ipBytes(last.pop()!);
    last.push(v4.readUInt16BE(0).toString(16), v4.readUInt16BE(2).toString(16));
  }
  const all = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  const out = Buffer.alloc(16);
  all.forEach((g, i) => out.writeUInt16BE(Number.parseInt(g, 16), i * 2));
  return out;
}

/**
 * A self-signed certificate for the SMTP ports: an ECDSA P-256 key (made in about a millisecond; every
 * TLS library in use reads it), SHA-256 signature, for a server (extKeyUsage serverAuth, not a CA),
 * valid for `names` (DNS names and IP addresses, in subjectAltName; the first is also the CN) from an
 * hour before `now` for `days`. `now` is the real time, not the emulator's clock: TLS clients check
 * the certificate against their own.
 */
export function selfSignedCertificate(opts: { names: string[]; now?: number; days?: number }): { key: string; cert: string } {
  const now = opts.now ?? Date.now();
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ecdsaSha256 = sequence(oid('1.2.840.10045.4.3.2'));
  const names = [...new Set(opts.names)];
  const altNames = names.map((n) => (isIP(n) ? tlv(0x87, ipBytes(n)) : tlv(0x82, Buffer.from(n, 'ascii'))));
  const extension = (id: string, critical: boolean, value: Buffer) => sequence(oid(id), ...(critical ? [TRUE] : []), octets(value));
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f || 0x01;
  const subject = commonName(names[0] ?? 'localhost');
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))), // v3
    integer(serial),
    ecdsaSha256,
    subject, // issuer: itself
    sequence(time(now - 3600_000), time(now + (opts.days ?? SELF_SIGNED_DAYS) * 86_400_000)),
    subject,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(
      3,
      sequence(
        extension('2.5.29.19', true, sequence()), // basicConstraints: not a CA
        extension('2.5.29.15', true, bits(Buffer.from([0x80]))), // keyUsage: digitalSignature
        extension('2.5.29.37', false, sequence(oid('1.3.6.1.5.5.7.3.1'))), // extKeyUsage: serverAuth
        extension('2.5.29.17', false, sequence(...altNames)), // subjectAltName
      ),
    ),
  );
  const signature = sign('sha256', tbs, { key: privateKey, dsaEncoding: 'der' });
  const der = sequence(tbs, ecdsaSha256, bits(signature));
  const b64 = der.toString('base64').replace(/.{64}/g, '$&\n');
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: `-----BEGIN CERTIFICATE-----\n${b64.endsWith('\n') ? b64 : `${b64}\n`}-----END CERTIFICATE-----\n`,
  };
}

/** The names a generated certificate covers: localhost and loopback, the MX name, and the bound address when it is a particular one. */
export function certificateNames(host: string, mxHost: string): string[] {
  const names = ['localhost', '127.0.0.1', '::1', mxHost];
  const bound = host.replace(/^\[|\]$/g, '');
  if (bound && bound !== '0.0.0.0' && bound !== '::' && !names.includes(bound)) names.push(bound);
  return names;
}

/** A kept certificate is used again while it covers every name, has a day left and matches its key. */
function stillGood(pair: { key: string; cert: string }, names: string[], now: number): boolean {
  try {
    const x = new X509Certificate(pair.cert);
    if (Date.parse(x.validTo) - RENEW_BEFORE_MS < now || Date.parse(x.validFrom) > now) return false;
    if (!x.checkPrivateKey(createPrivateKey(pair.key))) return false;
    return names.every((n) => (isIP(n) ? x.checkIP(n) !== undefined : x.checkHost(n) !== undefined));
  } catch {
    return false;
  }
}

function describe(cert: string | Buffer, certFile: string | null, selfSigned: boolean): SmtpTlsInfo {
  const x = new X509Certificate(cert);
  const names = (x.subjectAltName ?? '')
    .split(', ')
    .map((n) => n.replace(/^(DNS|IP Address):/, ''))
    .filter(Boolean);
  return { certFile, selfSigned, fingerprint: x.fingerprint256, names };
}

export interface TlsChoice {
  /** `--tls`: offer STARTTLS (with a generated certificate unless files are given). */
  tls?: boolean;
  tlsCert?: string;
  tlsKey?: string;
  smtpsPort?: number;
  /** A certificate given in memory (startEmulator's smtpTls), before any file. */
  smtpTls?: TlsPair;
}

/**
 * The certificate of the SMTP ports, or null when TLS is off: it is on with --tls, --tls-cert/--tls-key,
 * --smtps-port, or a certificate given in memory. Without files a self-signed one is made; with a data
 * file it is kept beside it (`<data>.cert.pem`, `<data>.key.pem`) and used again at the next start
 * while it is good, so a client told to trust it once keeps trusting it. Bad files fail the start
 * (StartError: exit 10 with a hint).
 */
export function smtpCertificate(
  choice: TlsChoice,
  where: { dataPath: string | null; host: string; mxHost: string },
): { pair: TlsPair; info: SmtpTlsInfo } | null {
  const given = choice.tlsCert !== undefined || choice.tlsKey !== undefined;
  if (!choice.tls && !given && choice.smtpsPort === undefined && !choice.smtpTls) return null;
  if (choice.smtpTls) return { pair: choice.smtpTls, info: checked(choice.smtpTls, null, false, 'startEmulator({smtpTls})') };
  if (given) {
    if (choice.tlsCert === undefined || choice.tlsKey === undefined) {
      throw startError(
        'tls_files',
        `${choice.tlsCert === undefined ? '--tls-key' : '--tls-cert'} was given without ${choice.tlsCert === undefined ? '--tls-cert' : '--tls-key'}.`,
        'Give both --tls-cert <file> and --tls-key <file> (PEM), or neither for a self-signed certificate made by the emulator.',
      );
    }
    const pair = {
      cert: readUserFile(choice.tlsCert, '--tls-cert', TLS_FILES_HINT),
      key: readUserFile(choice.tlsKey, '--tls-key', TLS_FILES_HINT),
    };
    return { pair, info: checked(pair, choice.tlsCert, false, `--tls-cert ${choice.tlsCert} and --tls-key ${choice.tlsKey}`) };
  }
  const names = certificateNames(where.host, where.mxHost);
  const now = Date.now();
  if (!where.dataPath) {
    const pair = selfSignedCertificate({ names, now });
    return { pair, info: describe(pair.cert, null, true) };
  }
  const base = where.dataPath.replace(/\.json$/i, '');
  const files = { cert: `${base}.cert.pem`, key: `${base}.key.pem` };
  const kept = readKeptFiles([files.cert, files.key]);
  let pair = kept ? { cert: kept[0]!, key: kept[1]! } : null;
  if (!pair || !stillGood(pair, names, now)) {
    pair = selfSignedCertificate({ names, now });
    writeKeptFiles([
      [files.key, pair.key],
      [files.cert, pair.cert],
    ]);
  }
  return { pair, info: describe(pair.cert, files.cert, true) };
}

const TLS_FILES_HINT = 'Give --tls-cert and --tls-key the paths of PEM files this user can read, or leave both out for a self-signed certificate.';

/** A given pair that TLS can use, described; else a StartError with OpenSSL's reason. */
function checked(pair: TlsPair, certFile: string | null, selfSigned: boolean, what: string): SmtpTlsInfo {
  try {
    createSecureContext({ key: pair.key, cert: pair.cert });
    return describe(pair.cert, certFile, selfSigned);
  } catch (e) {
    throw startError(
      'tls_certificate',
      `cannot use ${what} for TLS: ${(e as Error).message}.`,
      'Give --tls-cert a PEM certificate (its chain after it, if any) and --tls-key its unencrypted PEM private key; or leave both out for a self-signed certificate.',
    );
  }
}

// ---- the plain port's answers to clients that want TLS ----

/** The first bytes of a TLS handshake record (ClientHello): content type 22, major version 3. */
export function isTlsHandshake(chunk: Buffer): boolean {
  return chunk.length >= 3 && chunk[0] === 0x16 && chunk[1] === 0x03 && chunk[2]! <= 0x04;
}

export interface PlainPortTls {
  /** Whether this port offers STARTTLS. */
  starttls: boolean;
  /** The implicit-TLS port, if one runs. */
  smtpsPort: () => number | null;
  bus: EventBus;
}

/** What to do when a client sent a TLS handshake to the plain port `port`. */
function handshakeHint(port: number, tls: PlainPortTls): string {
  const smtps = tls.smtpsPort();
  if (smtps !== null) {
    return `connect to port ${smtps} for implicit TLS (nodemailer: port ${smtps}, secure: true), or to port ${port} without TLS first and upgrade with STARTTLS (secure: false, requireTLS: true)`;
  }
  if (tls.starttls) {
    return `connect to port ${port} without TLS first and upgrade with STARTTLS (nodemailer: secure: false, requireTLS: true), or start the emulator with --smtps-port <n> for implicit TLS`;
  }
  return `connect without TLS (nodemailer: secure: false), or start the emulator with --smtps-port <n> for implicit TLS (like port 465) or --tls for STARTTLS`;
}

/** The reply to STARTTLS on a port that does not offer it. */
export const STARTTLS_OFF_REPLY =
  'STARTTLS not offered: this emulator runs without TLS; start it with --tls (STARTTLS) or --smtps-port <n> (implicit TLS), or send without TLS (nodemailer: secure: false, no requireTLS)';

type Connection = SMTPServer['connections'] extends Set<infer C> ? C : never;

/**
 * Watches one connection of the plain port: a first packet that is a TLS handshake is reported with
 * the fix and the connection closed (a TLS client cannot read an SMTP reply, and smtp-server would
 * answer its bytes with "500 command not recognized"); STARTTLS where the port offers none is answered
 * 502 with how to turn TLS on (smtp-server's own answer is that same bare 500). Both publish
 * `smtp.tls_mismatch`, which `inbox emulate` prints.
 */
export function guardPlainConnection(conn: Connection, socket: Socket, tls: PlainPortTls): void {
  const port = socket.localPort ?? 0;
  const remote = socket.remoteAddress;
  // Before smtp-server's parser sees the bytes (it is a listener of the same packet, after this one).
  const first = (chunk: Buffer) => {
    socket.off('data', first);
    if (!isTlsHandshake(chunk)) return;
    tls.bus.emit('smtp.tls_mismatch', {
      port,
      remote,
      problem: `a TLS handshake arrived on the plain SMTP port ${port}${tls.starttls ? ', which starts without TLS (STARTTLS)' : ', which speaks SMTP without TLS'}`,
      hint: handshakeHint(port, tls),
    });
    // No greeting or reply goes out (smtp-server writes nothing to an ended socket); the client sees
    // the connection close during its handshake.
    socket.end();
    setTimeout(() => socket.destroy(), 1_000).unref();
  };
  socket.prependListener('data', first);
  if (tls.starttls) return;
  const hooked = conn as unknown as { _onCommand?: (command: Buffer, callback?: () => void) => unknown; send(code: number, text: string): void };
  const onCommand = hooked._onCommand;
  if (typeof onCommand !== 'function') return;
  hooked._onCommand = (command, callback) => {
    if (!/^STARTTLS\s*$/i.test(command.toString('latin1'))) return onCommand.call(conn, command, callback);
    tls.bus.emit('smtp.tls_mismatch', {
      port,
      remote,
      problem: `a client sent STARTTLS to port ${port}, which offers no TLS`,
      hint: 'start the emulator with --tls (STARTTLS) or --smtps-port <n> (implicit TLS), or send without TLS (nodemailer: secure: false, no requireTLS)',
    });
    hooked.send(502, STARTTLS_OFF_REPLY);
    setImmediate(() => callback?.());
  };
}
