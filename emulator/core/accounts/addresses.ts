// Domain and address validation, shared by the HTTP routes and the SMTP receiver: the hosted
// service's rules. Names are trimmed and lower-cased. A (custom) domain is two or more labels of ASCII
// letters, digits and hyphens (1 to 63 each, no hyphen at either end), an alphabetic top-level label,
// 253 in all. An inbox address is what the hosted server's pattern accepts, ADDRESS below (so
// `o'brien@` is refused and `a..b@` accepted, as there), at most 320 characters (the emulator's bound).
// Unicode names are refused at registration (their punycode `xn--` form is accepted), as is a
// trailing dot. Looking an address up (SMTP recipients, API paths) also takes the Unicode form of a
// domain and a trailing dot, and maps them to the registered ASCII name, as mail servers do (IDNA).
import { domainToASCII } from 'node:url';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^[a-z]{2,63}$/;

/** Lower-cased domain, or null if it is not a valid host name by the rule above. */
export function normaliseDomain(input: string): string | null {
  const name = input.trim().toLowerCase();
  if (!name || name.length > 253) return null;
  const labels = name.split('.');
  if (labels.length < 2) return null;
  if (!labels.every((l) => LABEL.test(l))) return null;
  if (!TLD.test(labels[labels.length - 1]!)) return null;
  return name;
}

/** The hosted server's address pattern, applied after trimming and lower-casing. */
export const ADDRESS = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/;
/** The emulator's own bound on an address's length (the hosted server sets none). */
export const MAX_ADDRESS_LENGTH = 320;

export interface Address {
  inbox: string;
  local: string;
  domain: string;
}

/**
 * Parses and normalises an inbox address (trimmed, lower-cased), or null when it is not a valid one.
 * `lookup`: also accept a Unicode domain (as punycode) and a trailing dot, for finding an inbox.
 */
export function normaliseAddress(input: string, opts: { lookup?: boolean } = {}): Address | null {
  const trimmed = input.trim().toLowerCase();
  if (trimmed.length > MAX_ADDRESS_LENGTH) return null;
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return null;
  const local = trimmed.slice(0, at);
  let rawDomain = trimmed.slice(at + 1);
  if (opts.lookup) {
    rawDomain = rawDomain.replace(/\.$/, '');
    if (!/^[\x00-\x7f]*$/.test(rawDomain)) rawDomain = domainToASCII(rawDomain);
  }
  const inbox = `${local}@${rawDomain}`;
  if (!ADDRESS.test(inbox)) return null;
  return { inbox, local, domain: rawDomain };
}
