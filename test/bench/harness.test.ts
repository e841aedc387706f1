// The benchmark harness's own arithmetic and wire format: nearest-rank percentiles, medians, the
// DATA payload of the raw SMTP client (dot-stuffing, terminator), and the corpus mix.
import { describe, expect, test } from 'vitest';
import { buildCorpus, buildRealisticCorpus } from '../../bench/lib/corpus.js';
import { median, percentile, summarize } from '../../bench/lib/report.js';
import { toDataPayload } from '../../bench/lib/smtp-client.js';

describe('bench statistics', () => {
  test('nearest-rank percentiles and medians', () => {
    const v = Array.from({ length: 200 }, (_, i) => 200 - i); // 200..1, unsorted
    expect(percentile(v, 50)).toBe(100);
    expect(percentile(v, 99)).toBe(198);
    expect(percentile(v, 100)).toBe(200);
    expect(percentile([7], 99)).toBe(7);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(summarize([]).n).toBe(0);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
  });
});

describe('bench SMTP payload', () => {
  test('lines starting with a dot are doubled and the terminator is added once', () => {
    const out = toDataPayload(Buffer.from('.first\r\nmid\r\n.second\r\n..third\r\nlast\r\n'));
    expect(out.toString()).toBe('..first\r\nmid\r\n..second\r\n...third\r\nlast\r\n.\r\n');
    expect(toDataPayload(Buffer.from('no newline')).toString()).toBe('no newline\r\n.\r\n');
  });

  test('the corpus alternates text and HTML and puts a 1 MB attachment in every twentieth message', () => {
    const c = buildCorpus({ count: 40, recipients: ['a@inbox.test', 'b@inbox.test'], attachmentBytes: 1024 * 1024 });
    expect(c.filter((m) => m.kind === 'attachment').map((m) => c.indexOf(m))).toEqual([19, 39]);
    expect(c.filter((m) => m.kind === 'html')).toHaveLength(18); // odd positions, less the two attachments
    expect(c.filter((m) => m.kind === 'text')).toHaveLength(20);
    expect(c[0]!.to).toBe('a@inbox.test');
    expect(c[1]!.to).toBe('b@inbox.test');
    const att = c[19]!.payload;
    expect(att.length).toBeGreaterThan(1.3 * 1024 * 1024);
    expect(att.subarray(-5).toString()).toBe('\r\n.\r\n');
    expect(c[1]!.payload.toString()).toMatch(/Your verification code is \d{6}/);
  });

  test('the realistic corpus: OTP mails with a text and an HTML part and 20-line texts in turn, every twentieth with a 1 MB attachment, inboxes in turn', () => {
    const inboxes = Array.from({ length: 10 }, (_, i) => `r${i}@inbox.test`);
    const c = buildRealisticCorpus({ count: 300, recipients: inboxes });
    expect(c).toHaveLength(300);
    expect(c.filter((m) => m.kind === 'html')).toHaveLength(150);
    expect(c.filter((m) => m.kind === 'text')).toHaveLength(150);
    expect(c.filter((m) => m.attached).map((m) => c.indexOf(m))).toEqual(Array.from({ length: 15 }, (_, i) => 20 * i + 19));
    expect(new Set(c.map((m) => m.to))).toEqual(new Set(inboxes));
    expect(c[10]!.to).toBe(inboxes[0]);
    const otp = c[1]!.payload.toString('latin1');
    const code = /sign-in code is (\d{6})/.exec(otp)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(otp).toContain('Content-Type: text/plain');
    expect(otp).toContain(`<strong>${code}</strong>`);
    const plain = c[0]!.payload.toString('latin1');
    expect(plain.split('\r\n\r\n').slice(1).join('\r\n\r\n').trimEnd().split('\r\n').length).toBeGreaterThanOrEqual(20);
    const att = c[19]!.payload;
    expect(att.length).toBeGreaterThan(1.3 * 1024 * 1024);
    expect(att.toString('latin1')).toMatch(/multipart\/mixed[\s\S]*multipart\/alternative[\s\S]*Content-Transfer-Encoding: base64/);
    expect(att.subarray(-5).toString()).toBe('\r\n.\r\n');
  });
});
