// Domain and address normalisation, shared by the HTTP routes and the SMTP receiver so that
// `Üser@Bücher.test`, `user@xn--bcher-kva.test` and ` USER@bücher.test ` are one inbox.
import { domainToASCII } from 'node:url';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Lower-cased ASCII (punycode) form of a domain, or null if it is not a valid host name. */
export function normaliseDomain(input: string): string | null {
  const trimmed = input.trim().toLowerCase().replace(/\.$/, '');
  if (!trimmed || trimmed.length > 253) return null;
  const ascii = /^[\x00-\x7f]*$/.test(trimmed) ? trimmed : domainToASCII(trimmed);
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2) return null;
  if (!labels.every((l) => LABEL.test(l))) return null;
  if (!TLD.test(labels[labels.length - 1]!)) return null;
  return ascii;
}

const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

export interface Address {
  inbox: string;
  local: string;
  domain: string;
}

/** Parses and normalises an inbox address, or null when it is not a valid one. */
export function normaliseAddress(input: string): Address | null {
  const trimmed = input.trim().toLowerCase();
  if (trimmed.length > 320) return null;
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return null;
  const local = trimmed.slice(0, at);
  const domain = normaliseDomain(trimmed.slice(at + 1));
  if (!domain || local.length > 64 || !LOCAL.test(local)) return null;
  return { inbox: `${local}@${domain}`, local, domain };
}
