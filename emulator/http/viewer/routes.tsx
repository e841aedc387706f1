/** @jsxImportSource hono/jsx */
// The mail viewer's routes (a plugin of the hono app; docs/viewer.md):
//   GET  /                         all inboxes (HTML for browsers; JSON for API clients, see app.ts)
//   GET  /inbox/{inbox}[/{id}]      one inbox, one message (?q= search, ?page=, ?tab=, ?remote=1, ?width=, ?list=all)
//   GET  /emulator                 webhooks and their deliveries, tunnels, clock, pending domains, reset
//   GET  /_viewer/events           the live channel (Server-Sent Events, live.ts)
//   GET  /_viewer/frame|raw|attachment|thumbnail/...   the HTML part's frame document, the .eml, an attachment, an image attachment shown small
//   DELETE /_viewer/api/inbox/{inbox}/messages[/{id}]   clear an inbox, delete a message
//   POST /_viewer/api/domains/publish                    publish a pending domain's DNS records
// Every route serves loopback peers only and state changes need a same-origin JSON request (guard.ts).
import type { IncomingMessage } from 'node:http';
import type { Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { isoTime } from '../../core/clock.js';
import { ApiError } from '../../core/errors.js';
import type { HttpDeps } from '../api-route.js';
import { readJsonObject } from '../body.js';
import { wantsHtml } from '../guard.js';
import { errorResponse, toApiError } from '../respond.js';
import { clientScript, ICON, STYLE } from './assets.js';
import { DeliveryLog, LiveChannel, type LiveEvent } from './live.js';
import { contentDisposition, frameCsp, frameDocument, headerLines, remoteCount } from './mail-view.js';
import { thumbnailType } from './present.js';
import { ViewerQuery } from './query.js';
import {
  EmulatorPage,
  Layout,
  MailPage,
  MessageList,
  MessageView,
  NoMessage,
  NotFound,
  PREVIEW_WIDTHS,
  Sidebar,
  type EmulatorPageData,
  type ListState,
  type MessageData,
  type PreviewWidth,
  type Tab,
} from './views.js';

/** The UI's policy: its own script and style only; frames only from itself; no plugins or forms elsewhere. */
export const VIEWER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Every viewer answer: its type is what it says, and no other site may embed or read it. */
const BASE_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'same-origin' };
/** Mail-derived answers (a message's frame, raw source, attachments) are never cached. */
const MAIL_HEADERS = { ...BASE_HEADERS, 'Cache-Control': 'no-store' };

const PAGE_HEADERS = {
  ...MAIL_HEADERS,
  'Content-Security-Policy': VIEWER_CSP,
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Raw source shown in the Raw tab (the .eml download has all of it). */
const RAW_SHOWN = 512 * 1024;
/** Inboxes listed per account in the sidebar (search by address finds the others). */
const SIDEBAR_LIMIT = 200;
/** A live connection that has been quiet this long gets a comment line, so proxies keep it. */
const KEEPALIVE_MS = 15_000;

function page(c: Context, title: string, section: 'mail' | 'emulator', body: unknown, status: 200 | 404 = 200): Response {
  const html =
    '<!doctype html>' +
    String(
      <Layout title={title} section={section}>
        {body as never}
      </Layout>,
    );
  return c.body(html, status, { ...PAGE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', Vary: 'Accept' });
}

function parseTab(v: string | undefined, hasHtml: boolean): Tab {
  if (v === 'text' || v === 'headers' || v === 'raw') return v;
  if (v === 'source' && hasHtml) return v;
  return hasHtml ? 'html' : 'text';
}

function parseWidth(v: string | undefined): PreviewWidth {
  return v !== undefined && Object.hasOwn(PREVIEW_WIDTHS, v) ? (v as PreviewWidth) : 'desktop';
}

function pageNumber(v: string | undefined): number {
  const n = Number(v ?? '1');
  return Number.isInteger(n) && n > 0 ? n : 1;
}

export interface Viewer {
  live: LiveChannel;
  deliveries: DeliveryLog;
}

export function viewerRoutes(app: Hono, deps: HttpDeps): Viewer {
  const { core } = deps;
  const query = new ViewerQuery(core);
  const live = new LiveChannel(core.bus);
  const deliveries = new DeliveryLog(core.bus, () => core.clock.now());
  // The search's copy of a message's text goes with the message.
  core.bus.on('message.deleted', ({ inbox, id }) => query.texts.forget(inbox, id));

  // Writes on the control surface (reset, clock, accounts, DNS, injected mail, tunnels) tell open
  // pages to refresh; a reset sends them back to the start. Registered before those routes.
  app.use('/_emulator/*', async (c, next) => {
    await next();
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.res.status >= 400) return;
    if (c.req.path === '/_emulator/reset') {
      deliveries.clear();
      query.texts.clear();
      live.publish({ type: 'reset' });
    } else live.publish({ type: 'changed' });
  });

  // Static assets.
  app.get('/_viewer/style.css', (c) =>
    c.body(STYLE, 200, {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'no-cache',
      ...BASE_HEADERS,
    }),
  );
  app.get('/_viewer/icon.svg', (c) =>
    c.body(ICON, 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'max-age=86400',
      ...BASE_HEADERS,
    }),
  );
  app.get('/_viewer/client.js', async (c) =>
    c.body(await clientScript(), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      ...BASE_HEADERS,
    }),
  );

  const sidebar = async (current: string | null, find: string) => {
    const entries = await query.inboxes(find);
    const total = find ? (await query.inboxes('')).reduce((n, e) => n + e.count, 0) : entries.reduce((n, e) => n + e.count, 0);
    return <Sidebar entries={entries} total={total} current={current} find={find} limit={SIDEBAR_LIMIT} />;
  };

  const listFor = async (list: ListState, openId: string | null) => {
    if (list.inbox === null) {
      const p = await query.allPage(list.q, list.page);
      return <MessageList list={list} page={p} openId={openId} count={null} />;
    }
    const rec = core.inboxes.find(list.inbox)!;
    const p = await query.inboxPage(rec, list.q, list.page);
    return <MessageList list={list} page={{ ...p }} openId={openId} count={(await core.messages.current(rec)).length} />;
  };

  // GET /: the viewer for browsers; API clients fall through to the JSON answer (app.ts).
  app.get('/', async (c, next) => {
    if (!wantsHtml(c.req.header('accept'))) return next();
    const list: ListState = { inbox: null, q: c.req.query('q') ?? '', page: pageNumber(c.req.query('page')) };
    const find = c.req.query('find') ?? '';
    return page(
      c,
      'All inboxes · inbox emulator',
      'mail',
      <MailPage sidebar={await sidebar(null, find)} list={await listFor(list, null)} message={<NoMessage />} hasMessage={false} />,
    );
  });

  app.get('/inbox/:inbox', async (c) => {
    const inbox = c.req.param('inbox');
    const rec = core.inboxes.find(inbox);
    if (!rec) return page(c, 'Not found', 'mail', <NotFound what={`No inbox ${inbox} is registered on this emulator.`} />, 404);
    const list: ListState = { inbox: rec.inbox, q: c.req.query('q') ?? '', page: pageNumber(c.req.query('page')) };
    return page(
      c,
      `${rec.inbox} · inbox emulator`,
      'mail',
      <MailPage sidebar={await sidebar(rec.inbox, '')} list={await listFor(list, null)} message={<NoMessage />} hasMessage={false} />,
    );
  });

  app.get('/inbox/:inbox/:id', async (c) => {
    const found = await query.message(c.req.param('inbox'), c.req.param('id'));
    if (!found) {
      return page(
        c,
        'Not found',
        'mail',
        <NotFound what={`No message ${c.req.param('id')} in ${c.req.param('inbox')} (deleted, or gone by retention).`} />,
        404,
      );
    }
    const { rec, message } = found;
    const list: ListState = {
      inbox: c.req.query('list') === 'all' ? null : rec.inbox,
      q: c.req.query('q') ?? '',
      page: pageNumber(c.req.query('page')),
    };
    // A live refresh swaps only the lists: the message is not parsed again for it.
    if (c.req.header('x-viewer-refresh') === 'lists') {
      return page(
        c,
        'inbox emulator',
        'mail',
        <MailPage sidebar={await sidebar(rec.inbox, '')} list={await listFor(list, message.id)} message={<NoMessage />} hasMessage={true} />,
      );
    }
    const [body, raw] = await Promise.all([core.messages.outline(message), core.messages.raw(message)]);
    const data: MessageData = {
      inbox: rec.inbox,
      plan: core.accounts.byId(rec.accountId)?.plan ?? 'unknown',
      apiKey: core.accounts.byId(rec.accountId)?.apiKey ?? '(account removed)',
      message,
      text: body.text,
      html: body.html,
      attachments: body.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: a.size,
        inline: a.inline === true,
        thumbnail: thumbnailType(a.head, a.size),
      })),
      headers: raw ? headerLines(raw) : [],
      raw: raw ? raw.subarray(0, RAW_SHOWN).toString('utf8') : '(the raw source is missing)',
      rawTruncated: raw !== null && raw.length > RAW_SHOWN,
      source: body.html?.slice(0, RAW_SHOWN) ?? '',
      sourceTruncated: (body.html?.length ?? 0) > RAW_SHOWN,
      remote: body.html ? remoteCount(body.html) : 0,
    };
    const tab = parseTab(c.req.query('tab'), body.html !== null);
    return page(
      c,
      `${message.subject || '(no subject)'} · inbox emulator`,
      'mail',
      <MailPage
        sidebar={await sidebar(rec.inbox, '')}
        list={await listFor(list, message.id)}
        message={<MessageView data={data} list={list} tab={tab} remoteAllowed={c.req.query('remote') === '1'} width={parseWidth(c.req.query('width'))} />}
        hasMessage={true}
      />,
    );
  });

  app.get('/emulator', (c) => {
    const doc = core.store.main.data;
    const pending = core.deliveries.perWebhook();
    const data: EmulatorPageData = {
      now: core.clock.now(),
      webhooks: doc.webhooks.map((w) => ({
        id: w.id,
        inbox: w.inbox,
        url: w.url,
        active: w.active,
        failureCount: w.failureCount,
        accountId: w.accountId,
        ...(w.tunnelId ? { tunnelId: w.tunnelId } : {}),
        deliveries: deliveries.of(w.id),
        queued: pending.get(w.id) ?? 0,
      })),
      tunnels: core.tunnels.all.map((t) => ({
        id: t.id,
        url: t.url,
        createdAt: t.createdAt,
        connected: core.tunnels.isConnected(t.id),
        queued: core.tunnels.queued(t.id),
      })),
      pendingDomains: doc.customDomains
        .filter((d) => !d.verified)
        .map((d) => ({
          accountId: d.accountId,
          plan: core.accounts.byId(d.accountId)?.plan ?? 'unknown',
          apiKey: core.accounts.byId(d.accountId)?.apiKey ?? '(account removed)',
          domain: d.domain,
          published: d.domain in doc.dns,
        })),
      accounts: core.accounts.all.map((a) => ({
        id: a.id,
        plan: a.plan,
        apiKey: a.apiKey,
        inboxes: doc.inboxes.filter((r) => r.accountId === a.id).length,
      })),
      ...(deps.faults ? { faults: { rules: deps.faults.list(), hits: deps.faults.hits() } } : {}),
    };
    return page(c, 'Webhooks & emulator · inbox emulator', 'emulator', <EmulatorPage data={data} />);
  });

  // The live channel. A page that does not read its stream is cut once more than the WebSocket's
  // limit (settings.maxWsBufferedBytes, 4 MiB) of events wait for it, as a WebSocket push client
  // is: its events would otherwise queue here without end. Its EventSource reconnects by itself
  // (retry 1 s) and the page refreshes then (client.ts).
  app.get('/_viewer/events', (c) =>
    streamSSE(c, async (stream) => {
      let wake: (() => void) | null = null;
      const limit = core.settings.maxWsBufferedBytes;
      const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
      /** Events not yet handed to the response, serialised, and their bytes. */
      const queue: Array<{ event: LiveEvent['type']; data: string; bytes: number }> = [];
      let queued = 0;
      let open = true;
      const cut = () => {
        open = false;
        off();
        queue.length = 0;
        queued = 0;
        // The socket too: the response is stuck behind the unread bytes, so nothing else would end it.
        socket?.destroy();
        stream.abort();
        wake?.();
      };
      const off = live.subscribe((e) => {
        if (!open) return;
        const data = JSON.stringify(e);
        const bytes = Buffer.byteLength(data) + e.type.length + 16;
        if (queued + bytes + (socket?.writableLength ?? 0) > limit) return cut();
        queue.push({ event: e.type, data, bytes });
        queued += bytes;
        wake?.();
      });
      stream.onAbort(() => {
        open = false;
        wake?.();
      });
      try {
        await stream.writeSSE({ event: 'hello', data: JSON.stringify({ now: isoTime(core.clock.now()) }), retry: 1000 });
        while (open) {
          if (queue.length === 0) {
            await new Promise<void>((resolve) => {
              wake = resolve;
              const t = setTimeout(resolve, KEEPALIVE_MS);
              t.unref?.();
            });
            wake = null;
          }
          if (!open) break;
          if (queue.length === 0) {
            await stream.write(': keep-alive\n\n');
            continue;
          }
          // One at a time: what waits behind a write that blocks is still counted in `queued`.
          while (open && queue.length > 0) {
            const e = queue.shift()!;
            queued -= e.bytes;
            await stream.writeSSE({ event: e.event, data: e.data });
          }
        }
      } finally {
        off();
      }
    }),
  );

  // The HTML part as its own document, for the sandboxed frame.
  app.get('/_viewer/frame/:inbox/:id', async (c) => {
    const found = await query.message(c.req.param('inbox'), c.req.param('id'));
    if (!found) return errorResponse(c, new ApiError('not_found', 'No such message.'));
    // The parts an HTML part can name (cid:) are read with it.
    const body = await core.messages.outline(found.message, (a) => a.contentId !== undefined);
    const remote = c.req.query('remote') === '1';
    const html = frameDocument(
      body.html ?? '<p>(no HTML part)</p>',
      body.attachments.flatMap((a) => (a.content ? [{ contentId: a.contentId, contentType: a.contentType, content: a.content }] : [])),
    );
    return c.body(html, 200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': frameCsp(remote),
      'X-Frame-Options': 'SAMEORIGIN',
      'Referrer-Policy': 'no-referrer',
      ...MAIL_HEADERS,
    });
  });

  app.get('/_viewer/raw/:inbox/:id', async (c) => {
    const found = await query.message(c.req.param('inbox'), c.req.param('id'));
    const raw = found ? await core.messages.raw(found.message) : null;
    if (!found || !raw) return errorResponse(c, new ApiError('not_found', 'No such message.'));
    return c.body(new Uint8Array(raw), 200, {
      'Content-Type': 'message/rfc822',
      'Content-Disposition': contentDisposition(`${found.message.id}.eml`),
      'Content-Security-Policy': 'sandbox',
      ...MAIL_HEADERS,
    });
  });

  app.get('/_viewer/attachment/:inbox/:id/:n', async (c) => {
    const found = await query.message(c.req.param('inbox'), c.req.param('id'));
    if (!found) return errorResponse(c, new ApiError('not_found', 'No such message.'));
    const n = /^\d+$/.test(c.req.param('n')) ? Number(c.req.param('n')) : -1;
    const a = (await core.messages.outline(found.message, (_, i) => i === n)).attachments[n];
    if (!a?.content) return errorResponse(c, new ApiError('not_found', 'No such attachment.'));
    return c.body(new Uint8Array(a.content), 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': contentDisposition(a.filename),
      'Content-Security-Policy': 'sandbox',
      ...MAIL_HEADERS,
    });
  });

  // An image attachment as an image, for its thumbnail: only when its bytes are one of the image
  // types present.ts names (never SVG, never what the sender's Content-Type merely claims), under a
  // policy that lets it be nothing else.
  app.get('/_viewer/thumbnail/:inbox/:id/:n', async (c) => {
    const found = await query.message(c.req.param('inbox'), c.req.param('id'));
    if (!found) return errorResponse(c, new ApiError('not_found', 'No such message.'));
    const n = /^\d+$/.test(c.req.param('n')) ? Number(c.req.param('n')) : -1;
    const a = (await core.messages.outline(found.message, (_, i) => i === n)).attachments[n];
    if (!a?.content) return errorResponse(c, new ApiError('not_found', 'No such attachment.'));
    const type = thumbnailType(a.content);
    if (!type) return errorResponse(c, new ApiError('not_found', 'This attachment is not an image the viewer shows; download it instead.'));
    return c.body(new Uint8Array(a.content), 200, {
      'Content-Type': type,
      'Content-Security-Policy': "default-src 'none'; sandbox",
      ...MAIL_HEADERS,
    });
  });

  // Actions (JSON; the guard has checked Origin and content type).
  const action = (handler: (c: Context) => Promise<Response>) => async (c: Context) => {
    try {
      return await handler(c);
    } catch (e) {
      const err = toApiError(e);
      if (err.code === 'internal_error') deps.onBug(e);
      return errorResponse(c, err);
    }
  };
  const inboxOf = (c: Context) => {
    const rec = core.inboxes.find(c.req.param('inbox')!);
    if (!rec) throw new ApiError('inbox_not_found', `No inbox ${c.req.param('inbox')!.slice(0, 320)} is registered.`);
    return rec;
  };

  app.delete(
    '/_viewer/api/inbox/:inbox/messages/:id',
    action(async (c) => {
      const rec = inboxOf(c);
      const m = await core.messages.delete(rec, c.req.param('id')!);
      return c.json({ success: true, message: `Message ${m.id} deleted from ${rec.inbox}.` });
    }),
  );

  app.delete(
    '/_viewer/api/inbox/:inbox/messages',
    action(async (c) => {
      const rec = inboxOf(c);
      const n = await core.messages.clear(rec);
      return c.json({ success: true, deleted: n, message: `${n} message(s) deleted from ${rec.inbox}.` });
    }),
  );

  app.post(
    '/_viewer/api/domains/publish',
    action(async (c) => {
      const body = await readJsonObject(c, core.settings.maxBodyBytes);
      const account = typeof body.accountId === 'string' ? core.accounts.byId(body.accountId) : undefined;
      if (!account) throw new ApiError('missing_field', 'Field "accountId" must name an account of this emulator.');
      if (typeof body.domain !== 'string') throw new ApiError('missing_field', 'Field "domain" is required.');
      const records = await core.publishDomainRecords(account, body.domain);
      live.publish({ type: 'changed' });
      return c.json({ success: true, data: { domain: body.domain, records } });
    }),
  );

  return { live, deliveries };
}
