// The viewer's routes in process (app.request): paging and search on the server, the all-inboxes
// merge, escaping of mail text in the UI, the frame document and its policy, headers, downloads,
// the JSON actions, and the live channel's events. Browser behaviour is in browser.test.ts.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentDisposition,
  decodeEncodedWords,
  frameCsp,
  frameDocument,
  headerLines,
  INLINE_BUDGET,
  remoteCount,
  tagsOf,
} from '../../emulator/http/viewer/mail-view.js';
import { newestRows, PAGE_SIZE, type InboxLists } from '../../emulator/http/viewer/query.js';
import { inSummary, parseSearch } from '../../emulator/http/viewer/search.js';
import { linkify, senderParts, sourcePieces, thumbnailType } from '../../emulator/http/viewer/present.js';
import type { StoredMessage } from '../../emulator/core/state.js';
import type { LiveEvent } from '../../emulator/http/viewer/live.js';
import { makeApp } from '../helpers/emulator.js';

const A = 'alice@inbox.test';
const B = 'bob@inbox.test';
const HTML = { accept: 'text/html' };

/** The merge newestRows() makes with a heap, as a plain scan of every head per row (the reference). */
function scanMerge(lists: InboxLists, want: number, size: number): string[] {
  const cursor = lists.map((l) => l.all.length - 1);
  const ids: string[] = [];
  for (let taken = 0; taken < want; taken++) {
    let best = -1;
    for (let k = 0; k < lists.length; k++) {
      if (cursor[k]! < 0) continue;
      if (best < 0 || lists[k]!.all[cursor[k]!]!.receivedAt > lists[best]!.all[cursor[best]!]!.receivedAt) best = k;
    }
    if (best < 0) break;
    const m = lists[best]!.all[cursor[best]!--]!;
    if (taken >= want - size) ids.push(m.id);
  }
  return ids;
}

describe('the all-inboxes page order', () => {
  it('is a merge from the tails, newest head first, the first inbox on a tie, whatever the order within an inbox', () => {
    let seed = 11;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let round = 0; round < 40; round++) {
      // Few distinct times, so many messages tie; every other round an inbox's messages are out of
      // arrival order (a message parsed slowly is indexed after later ones).
      const lists = Array.from({ length: 1 + rand(12) }, (_, k) => {
        let t = 0;
        const all = Array.from(
          { length: rand(30) },
          (_, i) => ({ id: `${k}-${i}`, receivedAt: round % 2 ? rand(20) : (t += rand(3)) }) as unknown as StoredMessage,
        );
        return { inbox: `i${k}@inbox.test`, all };
      });
      const total = lists.reduce((n, l) => n + l.all.length, 0);
      for (let want = 7; want < total + 14; want += 7) {
        const rows = newestRows(lists, want, 7);
        expect(
          rows.map((r) => r.message.id),
          `round ${round}, rows to ${want}`,
        ).toEqual(scanMerge(lists, want, 7));
      }
      // Pages one after another show every message once.
      const seen = [];
      for (let want = 7; want < total + 7; want += 7) seen.push(...newestRows(lists, want, 7).map((r) => r.message.id));
      expect(seen.sort()).toEqual(lists.flatMap((l) => l.all.map((m) => m.id)).sort());
    }
  });
});

describe('viewer search', () => {
  it('searches header fields in what the lists show of them (1,000 characters), codes and links whole', () => {
    const m = {
      subject: `Welcome ${'x'.repeat(700_000)} tail`,
      from: 'Shop <shop@example.test>',
      to: A,
      otp: '482913',
      verificationLink: null,
    } as unknown as StoredMessage;
    expect(inSummary(m, A, 'welcome')).toBe(true);
    expect(inSummary(m, A, 'shop@')).toBe(true);
    expect(inSummary(m, A, '4829')).toBe(true);
    expect(inSummary(m, A, 'tail')).toBe(false); // past what the list shows
  });

  it('reads words, phrases, filters and signs; an unknown prefix is part of a word; a bad value is refused', () => {
    expect(parseSearch('Zx "Tracking Number" -from:Bob !has:attachments is:code').terms).toEqual([
      { kind: 'text', value: 'zx', not: false },
      { kind: 'text', value: 'tracking number', not: false },
      { kind: 'from', value: 'bob', not: true },
      { kind: 'attachment', not: true },
      { kind: 'code', not: false },
    ]);
    expect(parseSearch('https://acme.test/x code:123 subject:"order 42"').terms).toEqual([
      { kind: 'text', value: 'https://acme.test/x', not: false },
      { kind: 'text', value: 'code:123', not: false },
      { kind: 'subject', value: 'order 42', not: false },
    ]);
    expect(parseSearch('after:2026-05-12 before:2026-05-12T09:30+02:00').terms).toEqual([
      { kind: 'after', at: Date.UTC(2026, 4, 12), not: false },
      { kind: 'before', at: Date.UTC(2026, 4, 12, 7, 30), not: false },
    ]);
    expect(parseSearch('before:2026-02-31').error).toContain('before: wants a date');
    expect(parseSearch('is:read').error).toBe('is: takes "code" or "link" (is:code, is:link), not "read".');
    expect(parseSearch('from:""').error).toContain('from: needs a value');
    expect(parseSearch('from:').terms).toEqual([{ kind: 'text', value: 'from:', not: false }]); // a word, as "Re:" is
  });

  it('names senders, links web addresses of text, and knows images by their bytes', () => {
    expect(senderParts('"Doe, Jane" <jane@x.test>')).toEqual({ name: 'Doe, Jane', address: 'jane@x.test' });
    expect(senderParts('Acme <a@acme.test>')).toEqual({ name: 'Acme', address: 'a@acme.test' });
    expect(senderParts('<a@acme.test>')).toEqual({ name: '', address: 'a@acme.test' });
    expect(senderParts('a@acme.test')).toEqual({ name: '', address: 'a@acme.test' });
    const links = linkify('See https://x.test/a_(b). Or (www.y.test/p), https:// alone.')
      .filter((p) => p.link)
      .map((p) => (p.link ? p.href : ''));
    expect(links).toEqual(['https://x.test/a_(b)', 'https://www.y.test/p']);
    expect(thumbnailType(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBe('image/gif');
    expect(thumbnailType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sourcePieces('<p title="a>b">x<!-- c --></p>').map((p) => p.kind)).toEqual(['tag', 'text', 'comment', 'tag']);
  });
});

describe('mail-view helpers', () => {
  it('decodes encoded words and unfolds header lines', () => {
    expect(decodeEncodedWords('=?UTF-8?B?R3LDvMOfZQ==?= =?UTF-8?Q?_aus_M=C3=BCnchen?=')).toBe('Grüße aus München');
    const raw = Buffer.from('Subject: =?utf-8?q?Caf=C3=A9?=\r\nX-Long: one\r\n two\r\nFrom: a@b.test\r\n\r\nbody: not a header\r\n');
    expect(headerLines(raw)).toEqual([
      { name: 'Subject', value: 'Café' },
      { name: 'X-Long', value: 'one two' },
      { name: 'From', value: 'a@b.test' },
    ]);
  });

  it('counts remote content but not plain links', () => {
    expect(remoteCount('<a href="https://x.test/">x</a><p>hi</p>')).toBe(0);
    expect(remoteCount('<img src="https://x.test/a.png"><img src="data:image/gif;base64,AA">')).toBe(1);
    expect(remoteCount('<link rel="stylesheet" href="//cdn.test/a.css"><div style="background:url(http://x.test/b.png)">')).toBe(2);
    expect(remoteCount('<table background="http://x.test/bg.png"><tr><td>x</td></tr></table>')).toBe(1);
    // Tags are read by name (not <header> for <head>, not <imgx> for <img>), in any case, and an
    // unclosed tag at the end is no tag.
    expect(remoteCount('<IMG SRC="//x.test/a.png"><imgx src="//x.test/b.png"><img src="//x.test/c.png"')).toBe(1);
    expect(remoteCount(`${'<img '.repeat(20_000)}<p>`)).toBe(0);
    expect(remoteCount(`<img title='x' src=//x.test/q.png><img src="${' '.repeat(80_000)}x">`)).toBe(1);
    expect(remoteCount(`${'<img alt="'.repeat(20_000)}`)).toBe(0); // unclosed quotes: no tag
  });

  it('finds tags by name in one pass: unclosed ones end the scan', () => {
    const html = '<p><head x="1"><header><HEAD><img src=a><img';
    expect([...tagsOf(html, (n) => n === 'head')].map((t) => [t.name, t.text])).toEqual([
      ['head', '<head x="1">'],
      ['head', '<HEAD>'],
    ]);
    expect([...tagsOf(html, (n) => n === 'img')].map((t) => t.text)).toEqual(['<img src=a>']);
  });

  it('inlines cid parts up to INLINE_BUDGET characters; later references stay cid:', () => {
    const part = { contentId: '<big@x>', contentType: 'image/png', content: Buffer.alloc(1024 * 1024, 1) };
    const url = `data:image/png;base64,${part.content.toString('base64')}`;
    const refs = Math.floor(INLINE_BUDGET / url.length) + 3;
    const doc = frameDocument('<img src="cid:big@x">'.repeat(refs), [part]);
    expect(doc.split(url).length - 1).toBe(Math.floor(INLINE_BUDGET / url.length));
    expect(doc.split('src="cid:big@x"').length - 1).toBe(3);
  });

  it('builds an inert frame document with cid parts inlined and no meta element left', () => {
    const doc = frameDocument('<html><head><meta http-equiv="refresh" content="0;url=http://evil.test"></head><body><img src="cid:logo@x"></body></html>', [
      { contentId: '<logo@x>', contentType: 'image/png', content: Buffer.from('PNG') },
    ]);
    expect(doc).toContain(`src="data:image/png;base64,${Buffer.from('PNG').toString('base64')}"`);
    expect(doc).toContain('<head><base target="_blank"><x-meta http-equiv="refresh"');
    const metaElement = /<meta[\s/>]/i;
    expect(doc).not.toMatch(metaElement);
    // Every <meta> becomes an element a browser ignores, however a tag reader would misread it:
    // quotes, a '>' inside a value, comments, <title>, entities, or text that removing one would join.
    for (const html of [
      '<HEAD lang=en><meta charset=utf-8><META HTTP-EQUIV=Refresh content=1><META/http-equiv=refresh content=1></HEAD>x',
      `<meta content='0;url=http://evil.test/>' http-equiv="refresh"><p>hi</p>`,
      "<meta http-equiv=refresh content=0;url=https://evil.test/?a='>",
      `<meta name=x content=a='b><meta http-equiv="refresh" content="0;url=https://evil.test/">`,
      `<!-- <meta name="x --><meta http-equiv='refresh' content='0;url=https://evil.test/'>`,
      '<title><meta name="</title><meta http-equiv=refresh content=0;url=https://evil.test/>',
      '<meta http-equiv="&#114;efresh" content="0;url=https://evil.test/">',
      '<me<meta http-equiv=refresh content=1>ta http-equiv=refresh content=0;url=https://evil.test/>',
    ]) {
      expect(frameDocument(html, []), html).not.toMatch(metaElement);
    }
    expect(frameDocument('<HEAD lang=en><meta charset=utf-8></HEAD>x', [])).toBe('<HEAD lang=en><base target="_blank"><x-meta charset=utf-8></HEAD>x');
    expect(frameCsp(false)).toMatch(/script-src 'none'/);
    expect(frameCsp(false)).toMatch(/img-src data:;/);
    expect(frameCsp(true)).toMatch(/img-src data: http: https:/);
    expect(frameCsp(true)).toMatch(/script-src 'none'/);
    expect(frameCsp(true)).toMatch(/sandbox allow-popups/);
  });

  it('leaves a cid: reference that is not valid percent-encoding as it is', () => {
    const doc = frameDocument('<img src="cid:%ZZ"><img src="cid:logo%40x">', [
      { contentId: '<logo@x>', contentType: 'image/png', content: Buffer.from('PNG') },
    ]);
    expect(doc).toContain('src="cid:%ZZ"');
    expect(doc).toContain(`src="data:image/png;base64,${Buffer.from('PNG').toString('base64')}"`);
  });

  it('names a download by at most 200 whole characters, emoji and stray surrogates included', () => {
    const header = contentDisposition(`a${'\u{1F600}'.repeat(250)}`);
    const encoded = /filename\*=UTF-8''(.*)$/.exec(header)![1]!;
    expect([...decodeURIComponent(encoded)]).toHaveLength(200);
    expect(decodeURIComponent(encoded)).toBe(`a${'\u{1F600}'.repeat(199)}`);
    expect(contentDisposition('x\ud800y')).toContain(`UTF-8''${encodeURIComponent('x\ufffdy')}`);
  });
});

describe('viewer routes', () => {
  let t: Awaited<ReturnType<typeof makeApp>>;
  const events: LiveEvent[] = [];
  let stream: ReadableStreamDefaultReader<Uint8Array>;
  let received = Promise.resolve();

  /** Reads the live channel (GET /_viewer/events, Server-Sent Events) into `events` until it ends. */
  async function follow(): Promise<void> {
    const res = await t.app.request('/_viewer/events');
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    stream = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let first!: () => void;
    const hello = new Promise<void>((r) => (first = r));
    received = (async () => {
      for (;;) {
        const { done, value } = await stream.read().catch(() => ({ done: true, value: undefined }));
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === 'hello') first();
          else if (data) events.push(JSON.parse(data) as LiveEvent);
        }
      }
    })();
    await hello;
  }

  /** Resolves once an event matching `want` has come over the stream. */
  async function eventually(want: Partial<LiveEvent>): Promise<void> {
    await expect.poll(() => events.some((e) => Object.entries(want).every(([k, v]) => (e as Record<string, unknown>)[k] === v))).toBe(true);
  }
  const ids: string[] = [];

  async function inject(to: string, raw: string): Promise<string> {
    t.clock.advance(1000);
    const r = await t.call('POST', '/_emulator/messages', { body: { raw, to: [to] } });
    expect(r.status, r.text).toBe(201);
    return r.body.data.ids[0];
  }

  beforeAll(async () => {
    t = await makeApp();
    for (const inbox of [A, B]) expect((await t.call('POST', '/v1/inboxes', { key: 'emu_enterprise', body: { inbox } })).status).toBe(201);
    await follow();
    // Enterprise keeps 100 per inbox: 100 in A, a few in B.
    for (let i = 0; i < 100; i++) {
      ids.push(await inject(A, `From: Sender ${i} <s${i}@shop.test>\r\nTo: ${A}\r\nSubject: Order ${i}\r\n\r\nYour code is ${100000 + i}.\r\n`));
    }
    await inject(B, `From: Mallory <m@evil.test>\r\nTo: ${B}\r\nSubject: <img src=x onerror=alert(1)> hi\r\n\r\n<script>alert(2)</script>\r\n`);
  });
  afterAll(async () => {
    await stream?.cancel();
    await received;
    await t.close();
  });

  it('pages an inbox on the server, newest first', async () => {
    const p1 = await t.call('GET', `/inbox/${encodeURIComponent(A)}`, { headers: HTML });
    expect(p1.status).toBe(200);
    const rows = [...p1.text.matchAll(/data-row="([^"]+)"/g)].map((m) => m[1]);
    expect(rows).toEqual(ids.slice(-PAGE_SIZE).reverse());
    expect(p1.text).toContain('100 messages · page 1 of 2');
    const p2 = await t.call('GET', `/inbox/${encodeURIComponent(A)}?page=2`, { headers: HTML });
    expect([...p2.text.matchAll(/data-row="([^"]+)"/g)].map((m) => m[1])).toEqual(ids.slice(0, 100 - PAGE_SIZE).reverse());
  });

  it('searches by subject, sender, recipient and code', async () => {
    const bySubject = await t.call('GET', `/inbox/${encodeURIComponent(A)}?q=order%2042`, { headers: HTML });
    expect([...bySubject.text.matchAll(/data-row="([^"]+)"/g)].map((m) => m[1])).toEqual([ids[42]]);
    const byCode = await t.call('GET', `/?q=100077`, { headers: HTML });
    expect([...byCode.text.matchAll(/data-row="([^"]+)"/g)].map((m) => m[1])).toEqual([ids[77]]);
    const bySender = await t.call('GET', `/?q=mallory`, { headers: HTML });
    expect(bySender.text).toContain('1 match');
    const byRecipient = await t.call('GET', `/?q=bob%40`, { headers: HTML });
    expect(byRecipient.text).toContain('1 match');
    const none = await t.call('GET', `/?q=nothing-like-this`, { headers: HTML });
    expect(none.text).toContain('Nothing matches this search.');
  });

  it('lists all inboxes together newest first, with counts per inbox', async () => {
    const all = await t.call('GET', '/', { headers: HTML });
    const rows = [...all.text.matchAll(/data-row="([^"]+)" data-inbox="([^"]+)"/g)].map((m) => m[2]);
    expect(rows[0]).toBe(B);
    expect(rows.slice(1).every((r) => r === A)).toBe(true);
    expect(all.text).toContain('101 messages · page 1 of 3');
    expect(all.text).toMatch(/alice@inbox\.test<\/span><span class="count">100</);
    // The inbox search of the sidebar.
    const found = await t.call('GET', '/?find=bob', { headers: HTML });
    expect(found.text).toContain(`data-inbox="${B}"`);
    expect(found.text).not.toMatch(/class="ibx[^"]*" href="\/inbox\/alice/);
  });

  it('escapes mail text in the UI', async () => {
    const all = await t.call('GET', '/', { headers: HTML });
    expect(all.text).not.toContain('<img src=x onerror');
    expect(all.text).toContain('&lt;img src=x onerror=alert(1)&gt; hi');
    const id = (await t.core.messages.list(t.core.inboxes.find(B)!))[0]!.id;
    const text = await t.call('GET', `/inbox/${encodeURIComponent(B)}/${id}?tab=text`, { headers: HTML });
    expect(text.text).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(text.text).not.toContain('<script>alert(2)');
  });

  it('shows one message with its parts, headers, raw source and a frame under a strict policy', async () => {
    const raw = [
      'From: =?UTF-8?Q?Caf=C3=A9?= <cafe@shop.test>',
      `To: ${A}`,
      'Subject: Receipt',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Paid</p><img src="https://tracker.test/p.gif">',
      '',
      '--b1',
      'Content-Type: application/pdf; name="r.pdf"',
      'Content-Disposition: attachment; filename="r.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('%PDF-1.4 fake').toString('base64'),
      '--b1--',
      '',
    ].join('\r\n');
    const id = await inject(A, raw);
    const path = `/inbox/${encodeURIComponent(A)}/${id}`;
    const html = await t.call('GET', path, { headers: HTML });
    expect(html.text).toContain('Remote content blocked (1 item)');
    expect(html.text).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(html.text).toContain('r.pdf');
    const headers = await t.call('GET', `${path}?tab=headers`, { headers: HTML });
    expect(headers.text).toContain('Café &lt;cafe@shop.test&gt;');
    // A live refresh gets the lists without parsing the message again.
    const lists = await t.call('GET', path, { headers: { ...HTML, 'x-viewer-refresh': 'lists' } });
    expect(lists.text).toContain(`data-row="${id}"`);
    expect(lists.text).not.toContain('mail-frame');
    const rawTab = await t.call('GET', `${path}?tab=raw`, { headers: HTML });
    expect(rawTab.text).toContain('Content-Type: multipart/mixed');

    const frame = await t.call('GET', `/_viewer/frame/${encodeURIComponent(A)}/${id}`);
    expect(frame.headers.get('content-security-policy')).toBe(frameCsp(false));
    expect(frame.text).toContain('<p>Paid</p>');
    const remote = await t.call('GET', `/_viewer/frame/${encodeURIComponent(A)}/${id}?remote=1`);
    expect(remote.headers.get('content-security-policy')).toBe(frameCsp(true));

    const att = await t.app.request(`/_viewer/attachment/${encodeURIComponent(A)}/${id}/0`);
    expect(att.headers.get('content-disposition')).toMatch(/^attachment; filename="r.pdf"/);
    // Saved, never rendered here, and not embeddable by other sites.
    expect(att.headers.get('content-type')).toBe('application/octet-stream');
    expect(att.headers.get('content-security-policy')).toBe('sandbox');
    expect(att.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(Buffer.from(await att.arrayBuffer()).toString()).toBe('%PDF-1.4 fake');
    expect((await t.call('GET', `/_viewer/attachment/${encodeURIComponent(A)}/${id}/7`)).status).toBe(404);
    const eml = await t.app.request(`/_viewer/raw/${encodeURIComponent(A)}/${id}`);
    expect(Buffer.from(await eml.arrayBuffer()).toString()).toBe(raw);
    expect(eml.headers.get('content-disposition')).toContain(`${id}.eml`);
  });

  it('inlines the parts the HTML names, knows an image attachment by its bytes, and serves one attachment whole', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('inline logo bytes')]);
    const photo = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(40_000)]);
    const raw = [
      'From: shop@shop.test',
      `To: ${A}`,
      'Subject: With pictures',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="m"',
      '',
      '--m',
      'Content-Type: multipart/related; boundary="r"',
      '',
      '--r',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Hello</p><img src="cid:logo@shop.test">',
      '--r',
      'Content-Type: image/png',
      'Content-ID: <logo@shop.test>',
      'Content-Disposition: inline; filename="logo.png"',
      'Content-Transfer-Encoding: base64',
      '',
      png.toString('base64'),
      '--r--',
      '--m',
      'Content-Type: application/octet-stream; name="photo.bin"',
      'Content-Disposition: attachment; filename="photo.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      photo.toString('base64').replace(/.{76}/g, '$&\r\n'),
      '--m',
      'Content-Type: text/plain; name="notes.txt"',
      'Content-Disposition: attachment; filename="notes.txt"',
      '',
      'not an image',
      '--m--',
      '',
    ].join('\r\n');
    const id = await inject(A, raw);
    const at = (what: string, n: number) => `/_viewer/${what}/${encodeURIComponent(A)}/${id}/${n}`;
    const frame = await t.call('GET', `/_viewer/frame/${encodeURIComponent(A)}/${id}`);
    expect(frame.text).toContain(`src="data:image/png;base64,${png.toString('base64')}"`);
    expect(frame.text).not.toContain(photo.subarray(8, 40).toString('base64').slice(0, 20));
    // The page offers a thumbnail for the two PNGs (told by their bytes, whatever their type says), not for the text.
    const page = await t.call('GET', `/inbox/${encodeURIComponent(A)}/${id}`, { headers: HTML });
    expect(page.text).toContain(at('thumbnail', 0));
    expect(page.text).toContain(at('thumbnail', 1));
    expect(page.text).not.toContain(at('thumbnail', 2));
    const thumb = await t.app.request(at('thumbnail', 1));
    expect(thumb.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await thumb.arrayBuffer()).equals(photo)).toBe(true);
    expect((await t.call('GET', at('thumbnail', 2))).status).toBe(404);
    const download = await t.app.request(at('attachment', 1));
    expect(Buffer.from(await download.arrayBuffer()).equals(photo)).toBe(true);
    expect(Buffer.from(await (await t.app.request(at('attachment', 2))).arrayBuffer()).toString()).toBe('not an image');
    expect((await t.call('GET', at('attachment', 3))).status).toBe(404);
    expect((await t.call('GET', at('attachment', -1))).status).toBe(404);
  });

  it("explains the message's code and link: ranked candidates with the rules' reasons and the text around each, escaped", async () => {
    const raw = [
      'From: Shop <shop@shop.test>',
      `To: ${A}`,
      'Subject: Sign in',
      '',
      'Order 123456 has shipped.',
      'Your verification code is 482 913.',
      'Confirm: https://app.test/verify?token=abcdefghijkl',
      'Unsubscribe: https://app.test/unsubscribe',
      'Your passcode 778899 <b>',
      '',
    ].join('\r\n');
    const id = await inject(A, raw);
    const page = (await t.call('GET', `/inbox/${encodeURIComponent(A)}/${id}`, { headers: HTML })).text;
    const start = page.indexOf('<details class="explain" id="explain">');
    const section = page.slice(start, page.indexOf('</details>', start) + 10);
    expect(section).toContain('Why this code and link: 3 code candidates, 2 link candidates');
    // In rank order: the chosen code, an accepted one that scored lower, a rejected one with the reason that dropped it.
    const codes = [
      ...section.matchAll(
        /<li class="cand (\w+)" data-verdict="\w+"><div><span class="rank">(\d+)\.<\/span> <span class="verdict">\w+<\/span> <code class="value">([^<]+)<\/code>/g,
      ),
    ];
    expect(codes.map((m) => [m[2], m[1], m[3]])).toEqual([
      ['1', 'chosen', '482913'],
      ['2', 'accepted', '778899'],
      ['3', 'rejected', '123456'],
      ['1', 'chosen', 'https://app.test/verify?token=abcdefghijkl'],
      ['2', 'rejected', 'https://app.test/unsubscribe'],
    ]);
    expect(section).toContain('<li>code word &quot;code&quot; 4 characters before (+4.5)</li>');
    expect(section).toContain('<li>rejected: it follows &quot;Order&quot;, a label of numbers that are not codes');
    expect(section).toMatch(/<li>outscored by &quot;482913&quot; \(score [\d.]+, the text part\)<\/li>/);
    expect(section).toContain('<li>rejected: the URL is an unsubscribe, preferences, legal, help or similar page (&quot;unsub&quot;)</li>');
    expect(section).toContain('…has shipped. Your verification code is <mark>482 913</mark>. Confirm: Unsubscribe: Your passcod…');
    // Mail text in the context is escaped like the rest of the page.
    expect(section).toContain('778899 &lt;b&gt;…');
    expect(section).not.toContain('id="explain-differs"');
    // The same values the emulator stored on arrival.
    expect(page).toMatch(/<span class="otp" id="otp">482913<\/span>/);
  });

  it('answers unknown inboxes and messages with a 404 page', async () => {
    const r = await t.call('GET', '/inbox/nobody%40inbox.test', { headers: HTML });
    expect(r.status).toBe(404);
    expect(r.text).toContain('No inbox nobody@inbox.test');
    const m = await t.call('GET', `/inbox/${encodeURIComponent(A)}/nope`, { headers: HTML });
    expect(m.status).toBe(404);
  });

  it('deletes and clears through JSON actions, and tells the live channel', async () => {
    events.length = 0;
    const target = ids[10]!;
    const del = await t.call('DELETE', `/_viewer/api/inbox/${encodeURIComponent(A)}/messages/${target}`);
    expect(del.status).toBe(200);
    await eventually({ type: 'deleted', inbox: A, id: target });
    expect((await t.call('DELETE', `/_viewer/api/inbox/${encodeURIComponent(A)}/messages/${target}`)).status).toBe(404);
    const clear = await t.call('DELETE', `/_viewer/api/inbox/${encodeURIComponent(B)}/messages`);
    expect(clear.body).toMatchObject({ success: true, deleted: 1 });
    expect(await t.core.messages.list(t.core.inboxes.find(B)!)).toEqual([]);
    expect((await t.call('DELETE', '/_viewer/api/inbox/nobody%40inbox.test/messages')).body.error).toBe('inbox_not_found');
    // New mail and control writes reach the channel too.
    const id = await inject(B, `From: x@y.test\r\nTo: ${B}\r\nSubject: Fresh\r\n\r\nhi\r\n`);
    await eventually({ type: 'mail', inbox: B, id, subject: 'Fresh' });
    await eventually({ type: 'changed' });
  });

  it('publishes the DNS records of a pending custom domain', async () => {
    const add = await t.call('POST', '/v1/custom-domains', { key: 'emu_enterprise', body: { domain: 'mail.acme.test' } });
    expect(add.status, add.text).toBeLessThan(300);
    const page = await t.call('GET', '/emulator', { headers: HTML });
    expect(page.text).toContain('mail.acme.test');
    expect(page.text).toContain('data-action="publish"');
    const r = await t.call('POST', '/_viewer/api/domains/publish', { body: { accountId: 'acct_enterprise', domain: 'mail.acme.test' } });
    expect(r.status, r.text).toBe(200);
    expect(t.core.store.main.data.dns['mail.acme.test']?.map((x) => x.type).sort()).toEqual(['MX', 'TXT']);
    const verify = await t.call('POST', '/v1/custom-domains/mail.acme.test/verify', { key: 'emu_enterprise' });
    expect(verify.status, verify.text).toBe(200);
    const bad = await t.call('POST', '/_viewer/api/domains/publish', { body: { accountId: 'acct_nobody', domain: 'x.test' } });
    expect(bad.status).toBe(400);
  });

  it('serves its assets with their types and the page with its policy', async () => {
    const css = await t.app.request('/_viewer/style.css');
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
    expect(await css.text()).toContain('prefers-color-scheme: dark');
    const js = await t.app.request('/_viewer/client.js');
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    const code = await js.text();
    expect(code).toContain('EventSource');
    expect(Buffer.byteLength(code)).toBeLessThan(100 * 1024);
    const page = await t.call('GET', '/', { headers: HTML });
    // No inline script or style anywhere in the page (the policy would block them).
    expect(page.text).not.toMatch(/<script>|<style|style="/);
    expect(page.text).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
  });
});
