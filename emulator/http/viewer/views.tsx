/** @jsxImportSource hono/jsx */
// The viewer's pages, rendered on the server with hono's JSX (text is escaped by it). The client
// script (client.ts) adds live updates, copy buttons, keyboard navigation and the buttons' requests;
// everything here reads fine without it.
import type { Child } from 'hono/jsx';
import type { HeaderLine } from './mail-view.js';
import type { InboxEntry, Page, Row } from './query.js';
import type { DeliveryEntry } from './live.js';
import type { StoredMessage } from '../../core/state.js';
import { capField, capSummary } from '../../core/field-caps.js';
import { explain, type Explanation, type Snippet, type Verdict } from '../../../src/extract/extract.js';
import { linkify, senderLabel, senderParts, sourcePieces } from './present.js';
import { FaultsSection, type FaultsData } from './faults-view.js';

export interface ListState {
  /** The inbox listed, or null for all inboxes. */
  inbox: string | null;
  q: string;
  page: number;
}

export function inboxHref(inbox: string): string {
  return `/inbox/${encodeURIComponent(inbox)}`;
}

function listQuery(list: ListState, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams();
  if (list.inbox === null) p.set('list', 'all');
  if (list.q) p.set('q', list.q);
  if (list.page > 1) p.set('page', String(list.page));
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : '';
}

export function messageHref(inbox: string, id: string, list?: ListState, extra: Record<string, string> = {}): string {
  return `${inboxHref(inbox)}/${encodeURIComponent(id)}${list ? listQuery(list, extra) : ''}`;
}

function listHref(list: ListState, page = list.page): string {
  const base = list.inbox === null ? '/' : inboxHref(list.inbox);
  const p = new URLSearchParams();
  if (list.q) p.set('q', list.q);
  if (page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `${base}?${s}` : base;
}

export function when(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

function Time({ ms }: { ms: number }) {
  return <time datetime={new Date(ms).toISOString()}>{when(ms)}</time>;
}

export function bytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

export function Layout(props: { title: string; section: 'mail' | 'emulator'; children: Child }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>{props.title}</title>
        <link rel="icon" href="/_viewer/icon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/_viewer/style.css" />
        <script src="/_viewer/client.js" defer></script>
      </head>
      <body data-section={props.section}>
        <header class="top">
          <a class="brand" href="/">
            inbox emulator
          </a>
          <nav>
            <a href="/" class={props.section === 'mail' ? 'on' : ''}>
              Mail
            </a>
            <a href="/emulator" class={props.section === 'emulator' ? 'on' : ''}>
              Webhooks &amp; emulator
            </a>
          </nav>
          <span class="live" id="live" title="Live updates">
            offline
          </span>
        </header>
        {props.children}
      </body>
    </html>
  );
}

export function Sidebar(props: { entries: InboxEntry[]; total: number; current: string | null; find: string; limit: number }) {
  // Grouped by account, each labelled by its plan and key (the ids are the emulator's own).
  const groups = new Map<string, InboxEntry[]>();
  for (const e of props.entries) {
    const key = e.rec.accountId;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(e);
  }
  const shown = props.entries.length;
  return (
    <nav id="sidebar" class="pane" aria-label="Inboxes">
      <form method="get" action="/" role="search">
        <input type="search" name="find" value={props.find} placeholder="Find an inbox by address" aria-label="Find an inbox" />
      </form>
      <a class={`ibx${props.current === null ? ' on' : ''}`} href="/">
        <span class="addr">
          <span>All inboxes</span>
          <span class="count">{props.total}</span>
        </span>
      </a>
      {[...groups].map(([, list]) => (
        <div>
          <AccountLabel plan={list[0]!.account?.plan ?? 'unknown'} apiKey={list[0]!.account?.apiKey ?? '(account removed)'} />
          {list.slice(0, props.limit).map((e) => (
            <a class={`ibx${props.current === e.rec.inbox ? ' on' : ''}`} href={inboxHref(e.rec.inbox)} data-inbox={e.rec.inbox}>
              <span class="addr">
                <span>{e.rec.inbox}</span>
                <span class="count">{e.count}</span>
              </span>
              <span class="newest">{e.newest ? `${capField(e.newest.subject) || '(no subject)'}` : 'no mail yet'}</span>
            </a>
          ))}
        </div>
      ))}
      {shown === 0 ? (
        <p class="dim">{props.find ? `No inbox matches "${props.find}".` : 'No inbox is registered yet: POST /v1/inboxes or "inbox inboxes add".'}</p>
      ) : (
        ''
      )}
      <p class="keys">
        <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>Enter</kbd> open · <kbd>Delete</kbd> delete · <kbd>/</kbd> search
      </p>
    </nav>
  );
}

/** An account as the viewer names it: its plan and its API key. */
export function AccountLabel({ plan, apiKey }: { plan: string; apiKey: string }) {
  return (
    <div class="account" data-plan={plan}>
      <span class="plan">{plan}</span>
      <span class="key" title={`API key ${apiKey}`}>
        {apiKey}
      </span>
    </div>
  );
}

/** The attachment mark: an inline SVG paper clip (no emoji or icon font), named for screen readers. */
export function ClipIcon() {
  return (
    <svg class="icon clip" viewBox="0 0 16 16" width="14" height="14" role="img" aria-label="has attachments">
      <title>has attachments</title>
      <path
        d="M10.5 4.5v6.25a2.5 2.5 0 0 1-5 0V4a1.75 1.75 0 0 1 3.5 0v6.5a.75.75 0 0 1-1.5 0V5"
        fill="none"
        stroke="currentColor"
        stroke-width="1.3"
        stroke-linecap="round"
      />
    </svg>
  );
}

/** A sender: the display name, with the address beside it (or the address alone). */
function Sender({ from }: { from: string }) {
  const { name, address } = senderParts(from);
  if (!name) return <span class="sender-address">{address || '(none)'}</span>;
  return (
    <>
      <span class="sender-name">{name}</span> <span class="dim sender-address">&lt;{address}&gt;</span>
    </>
  );
}

function MessageRow({ row, list, open }: { row: Row; list: ListState; open: boolean }) {
  const m = capSummary(row.message);
  return (
    <a class={`msg${open ? ' open' : ''}`} href={messageHref(row.inbox, m.id, list)} data-row={m.id} data-inbox={row.inbox}>
      <span class="l1">
        <span class="from" title={m.from}>
          {senderLabel(m.from) || '(no sender)'}
        </span>
        <span class="when">
          <Time ms={m.receivedAt} />
        </span>
      </span>
      <span class="l2">
        <span class="subject">{m.subject || '(no subject)'}</span>
        <span>
          {m.hasAttachment ? <ClipIcon /> : ''}
          {m.otp ? (
            <span class="chip" title="detected code">
              {m.otp}
            </span>
          ) : m.verificationLink ? (
            <span class="chip" title="verification link">
              link
            </span>
          ) : (
            ''
          )}
        </span>
      </span>
      {list.inbox === null ? <span class="to">to {row.inbox}</span> : ''}
    </a>
  );
}

export function MessageList(props: { list: ListState; page: Page; openId: string | null; count: number | null }) {
  const { list, page } = props;
  return (
    <section id="list" class="pane" aria-label="Messages">
      <div class="toolbar">
        <div class="row">
          <h1>{list.inbox ?? 'All inboxes'}</h1>
          {list.inbox !== null ? (
            <button class="danger" data-action="clear" data-inbox={list.inbox} disabled={props.count === 0}>
              Clear inbox
            </button>
          ) : (
            ''
          )}
        </div>
        <form method="get" action={list.inbox === null ? '/' : inboxHref(list.inbox)} role="search">
          <input
            type="search"
            name="q"
            value={list.q}
            id="search"
            placeholder="Search text, from:, to:, is:code…"
            aria-label="Search messages"
            aria-describedby="search-help"
          />
        </form>
        <details class="search-help" id="search-help">
          <summary>Search syntax</summary>
          <p>
            Words and "quoted phrases" are looked for in the subject, sender, recipients, code, link, text and attachment names. Filters: <code>from:</code>{' '}
            <code>to:</code> <code>subject:</code> <code>has:attachment</code> <code>is:code</code> <code>is:link</code> <code>before:2026-05-12</code>{' '}
            <code>after:2026-05-12</code> (UTC); a leading <code>-</code> excludes. All terms must hold.
          </p>
        </details>
        <div class="dim" id="total" data-total={page.total}>
          {list.q ? `${page.total} match${page.total === 1 ? '' : 'es'}` : `${page.total} message${page.total === 1 ? '' : 's'}`}
          {page.pages > 1 ? ` · page ${page.page} of ${page.pages}` : ''}
        </div>
      </div>
      {page.error !== null ? (
        <p class="empty search-error" id="search-error" role="alert">
          {page.error}
        </p>
      ) : page.rows.length === 0 ? (
        <p class="empty">{list.q ? 'Nothing matches this search.' : 'No mail yet. Send some to the SMTP port, or use "inbox send".'}</p>
      ) : (
        <div id="rows">
          {page.rows.map((r) => (
            <MessageRow row={r} list={list} open={r.message.id === props.openId} />
          ))}
        </div>
      )}
      {page.pages > 1 ? (
        <div class="pager">
          {page.page > 1 ? (
            <a class="button" href={listHref(list, page.page - 1)} rel="prev">
              ← Newer
            </a>
          ) : (
            <span></span>
          )}
          {page.page < page.pages ? (
            <a class="button" href={listHref(list, page.page + 1)} rel="next">
              Older →
            </a>
          ) : (
            <span></span>
          )}
        </div>
      ) : (
        ''
      )}
    </section>
  );
}

export function NoMessage() {
  return (
    <article id="message" class="pane">
      <p class="empty">
        Select a message (<kbd>j</kbd>/<kbd>k</kbd>, <kbd>Enter</kbd>).
      </p>
    </article>
  );
}

export type Tab = 'html' | 'source' | 'text' | 'headers' | 'raw';

/** The widths the HTML part can be previewed at: a phone's, a tablet's, or the pane's. */
export const PREVIEW_WIDTHS = { desktop: null, tablet: 768, phone: 375 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

export interface MessageData {
  inbox: string;
  plan: string;
  /** The API key of the inbox's account: the viewer names accounts by plan and key. */
  apiKey: string;
  message: StoredMessage;
  text: string | null;
  html: string | null;
  /** `thumbnail`: the image type of its bytes when the viewer shows it small (present.ts), else null. */
  attachments: Array<{ filename: string; contentType: string; size: number; inline: boolean; thumbnail: string | null }>;
  headers: HeaderLine[];
  raw: string;
  rawTruncated: boolean;
  /** The HTML part as the HTML source tab shows it (its first characters), and whether it was cut. */
  source: string;
  sourceTruncated: boolean;
  remote: number;
}

export function MessageView(props: { data: MessageData; list: ListState; tab: Tab; remoteAllowed: boolean; width: PreviewWidth }) {
  const { data, list, tab } = props;
  const m = data.message;
  const base = messageHref(data.inbox, m.id);
  const tabHref = (t: Tab) => messageHref(data.inbox, m.id, list, t === 'html' ? {} : { tab: t });
  const frameSrc = `/_viewer/frame/${encodeURIComponent(data.inbox)}/${encodeURIComponent(m.id)}${props.remoteAllowed ? '?remote=1' : ''}`;
  return (
    <article id="message" class="pane" data-inbox={data.inbox} data-id={m.id} aria-label="Message">
      <div class="mhead">
        <a class="back" href={listHref(list)}>
          ← Back to the list
        </a>
        <h2>{m.subject || '(no subject)'}</h2>
        <dl class="meta">
          <dt>From</dt>
          <dd id="from">
            <Sender from={m.from} />
          </dd>
          <dt>To</dt>
          <dd>{m.to || data.inbox}</dd>
          <dt>Inbox</dt>
          <dd>
            <a href={inboxHref(data.inbox)}>{data.inbox}</a>{' '}
            <span class="dim" id="inbox-account">
              ({data.plan} plan, key {data.apiKey})
            </span>
          </dd>
          <dt>Received</dt>
          <dd>
            <Time ms={m.receivedAt} />{' '}
            <span class="dim">
              · {bytes(m.size)} · {m.id}
            </span>
          </dd>
        </dl>
        {m.otp || m.verificationLink ? (
          <div class="extract">
            {m.otp ? (
              <div class="box">
                <span class="dim">Code</span>
                <span class="otp" id="otp">
                  {m.otp}
                </span>
                <button class="primary" data-copy={m.otp} id="copy-otp">
                  Copy
                </button>
              </div>
            ) : (
              ''
            )}
            {m.verificationLink ? (
              <div class="box">
                <span class="dim">Link</span>
                <a class="link" href={m.verificationLink} target="_blank" rel="noopener noreferrer" id="verification-link">
                  {m.verificationLink}
                </a>
                <button data-copy={m.verificationLink} id="copy-link">
                  Copy
                </button>
              </div>
            ) : (
              ''
            )}
          </div>
        ) : (
          ''
        )}
        <Explain e={explain({ subject: m.subject, text: data.text, html: data.html })} stored={m} />
        <div class="actions">
          <a class="button" href={`/_viewer/raw/${encodeURIComponent(data.inbox)}/${encodeURIComponent(m.id)}`} download={`${m.id}.eml`} id="download-eml">
            Download .eml
          </a>
          <button class="danger" data-action="delete" data-inbox={data.inbox} data-id={m.id}>
            Delete
          </button>
        </div>
      </div>
      {data.attachments.length > 0 ? (
        <div class="atts" aria-label="Attachments">
          {data.attachments.map((a, i) => (
            <a
              class={`att${a.thumbnail ? ' has-thumb' : ''}`}
              href={`/_viewer/attachment/${encodeURIComponent(data.inbox)}/${encodeURIComponent(m.id)}/${i}`}
              download={a.filename}
              data-attachment={String(i)}
            >
              {a.thumbnail ? (
                <img
                  class="thumb"
                  src={`/_viewer/thumbnail/${encodeURIComponent(data.inbox)}/${encodeURIComponent(m.id)}/${i}`}
                  alt=""
                  loading="lazy"
                  data-thumbnail={String(i)}
                />
              ) : (
                ''
              )}
              {a.filename}{' '}
              <span class="dim">
                {a.contentType} · {bytes(a.size)}
                {a.inline ? ' · inline' : ''}
              </span>
            </a>
          ))}
        </div>
      ) : (
        ''
      )}
      <nav class="tabs" aria-label="Parts">
        {data.html !== null ? (
          <>
            <a href={tabHref('html')} class={tab === 'html' ? 'on' : ''} aria-current={tab === 'html' ? 'page' : undefined}>
              HTML
            </a>
            <a href={tabHref('source')} class={tab === 'source' ? 'on' : ''} aria-current={tab === 'source' ? 'page' : undefined} id="tab-source">
              HTML source
            </a>
          </>
        ) : (
          ''
        )}
        <a href={tabHref('text')} class={tab === 'text' ? 'on' : ''} aria-current={tab === 'text' ? 'page' : undefined}>
          Text
        </a>
        <a href={tabHref('headers')} class={tab === 'headers' ? 'on' : ''} aria-current={tab === 'headers' ? 'page' : undefined}>
          Headers
        </a>
        <a href={tabHref('raw')} class={tab === 'raw' ? 'on' : ''} aria-current={tab === 'raw' ? 'page' : undefined}>
          Raw
        </a>
      </nav>
      <div class="body" data-base={base}>
        {tab === 'html' && data.html !== null ? (
          <>
            {data.remote > 0 ? (
              <div class="notice" id="remote-notice">
                {props.remoteAllowed ? (
                  <span>Remote content is loaded for this message.</span>
                ) : (
                  <>
                    <span>
                      Remote content blocked ({data.remote} item{data.remote === 1 ? '' : 's'}).
                    </span>
                    <a class="button" id="allow-remote" href={messageHref(data.inbox, m.id, list, { remote: '1' })}>
                      Load remote content
                    </a>
                  </>
                )}
              </div>
            ) : (
              ''
            )}
            <nav class="widths" aria-label="Preview width">
              {(Object.keys(PREVIEW_WIDTHS) as PreviewWidth[]).map((w) => (
                <a
                  class="button"
                  href={messageHref(data.inbox, m.id, list, { ...(props.remoteAllowed ? { remote: '1' } : {}), width: w })}
                  data-width={w}
                  aria-current={props.width === w ? 'true' : undefined}
                >
                  {w === 'desktop' ? 'Desktop' : `${w === 'phone' ? 'Phone' : 'Tablet'} ${PREVIEW_WIDTHS[w]} px`}
                </a>
              ))}
            </nav>
            <div class="frame-wrap" id="frame-wrap" data-width={props.width}>
              <iframe
                class="mail"
                id="mail-frame"
                title="HTML part"
                src={frameSrc}
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                referrerpolicy="no-referrer"
              ></iframe>
            </div>
          </>
        ) : tab === 'source' && data.html !== null ? (
          <>
            {data.sourceTruncated ? <div class="notice">Only the start of the HTML is shown; download the .eml for all of it.</div> : ''}
            <pre class="source" id="html-source" aria-label="HTML source">
              {sourcePieces(data.source).map((p) => (p.kind === 'text' ? p.text : <span class={`hl-${p.kind}`}>{p.text}</span>))}
            </pre>
          </>
        ) : tab === 'headers' ? (
          <table class="headers">
            {data.headers.map((h) => (
              <tr>
                <th>{h.name}</th>
                <td>{h.value}</td>
              </tr>
            ))}
          </table>
        ) : tab === 'raw' ? (
          <>
            {data.rawTruncated ? <div class="notice">Only the start of the source is shown; download the .eml for all of it.</div> : ''}
            <pre class="raw" id="raw">
              {data.raw}
            </pre>
          </>
        ) : (
          <pre class="text" id="text">
            {data.text === null
              ? '(this message has no text part)'
              : linkify(data.text).map((p) =>
                  p.link ? (
                    <a href={p.href} target="_blank" rel="noopener noreferrer">
                      {p.text}
                    </a>
                  ) : (
                    p.text
                  ),
                )}
          </pre>
        )}
      </div>
    </article>
  );
}

function Context({ s }: { s: Snippet }) {
  if (!s.before && !s.match && !s.after) return <></>;
  return (
    <div class="ctx">
      …{s.before}
      <mark>{s.match}</mark>
      {s.after}…
    </div>
  );
}

function Candidate(props: { rank: number; verdict: Verdict; value: string; detail: string; label?: string; context: Snippet; reasons: string[] }) {
  return (
    <li class={`cand ${props.verdict}`} data-verdict={props.verdict}>
      <div>
        <span class="rank">{props.rank}.</span> <span class="verdict">{props.verdict}</span> <code class="value">{props.value}</code>{' '}
        <span class="dim">{props.detail}</span>
      </div>
      {props.label !== undefined ? <div class="dim">label: {props.label || '(none)'}</div> : ''}
      <Context s={props.context} />
      <ul class="reasons">
        {props.reasons.map((r) => (
          <li>{r}</li>
        ))}
      </ul>
    </li>
  );
}

/**
 * How the code and link were found: the extractor (src/extract) run again on the message's parts,
 * with its trace. It is the rules that ran on arrival; when the stored values differ (a message kept
 * by an older version), the section says so.
 */
export function Explain({ e, stored }: { e: Explanation; stored: StoredMessage }) {
  const differs = e.otp !== stored.otp || e.verificationLink !== stored.verificationLink;
  const score = (n: number | null) => (n === null ? 'not scored' : `score ${n}`);
  return (
    <details class="explain" id="explain">
      <summary>
        Why this code and link: {e.codes.length} code candidate{e.codes.length === 1 ? '' : 's'}, {e.links.length} link candidate
        {e.links.length === 1 ? '' : 's'}
      </summary>
      {differs ? (
        <p class="notice" id="explain-differs">
          The extractor now finds code {e.otp ?? '(none)'} and link {e.verificationLink ?? '(none)'}; the message was stored with {stored.otp ?? '(none)'} and{' '}
          {stored.verificationLink ?? '(none)'} (an earlier version's rules).
        </p>
      ) : (
        ''
      )}
      <h3>Code candidates (a code needs a score of {e.thresholds.code})</h3>
      {e.codes.length === 0 ? <p class="dim">(none)</p> : ''}
      <ol class="cands" id="explain-codes">
        {e.codes.map((c) => (
          <Candidate
            rank={c.rank}
            verdict={c.verdict}
            value={c.value}
            detail={`${score(c.score)} · ${c.source} · ${c.shape}`}
            context={c.context}
            reasons={c.reasons}
          />
        ))}
      </ol>
      <h3>Link candidates (a link needs a score of {e.thresholds.link})</h3>
      {e.links.length === 0 ? <p class="dim">(none)</p> : ''}
      <ol class="cands" id="explain-links">
        {e.links.map((l) => (
          <Candidate
            rank={l.rank}
            verdict={l.verdict}
            value={l.url}
            detail={`${score(l.score)} · ${l.source}`}
            label={l.label}
            context={l.context}
            reasons={l.reasons}
          />
        ))}
      </ol>
      {e.notes.length > 0 ? (
        <ul class="notes">
          {e.notes.map((n) => (
            <li>{n}</li>
          ))}
        </ul>
      ) : (
        ''
      )}
    </details>
  );
}

export function MailPage(props: { sidebar: Child; list: Child; message: Child; hasMessage: boolean }) {
  return (
    <main class={`panes${props.hasMessage ? ' has-message' : ''}`}>
      {props.sidebar}
      {props.list}
      {props.message}
    </main>
  );
}

export interface EmulatorPageData {
  now: number;
  webhooks: Array<{
    id: string;
    inbox: string;
    url: string;
    active: boolean;
    failureCount: number;
    accountId: string;
    tunnelId?: string;
    deliveries: DeliveryEntry[];
    queued: number;
  }>;
  tunnels: Array<{ id: string; url: string; createdAt: number; connected: boolean; queued: number }>;
  pendingDomains: Array<{ accountId: string; plan: string; apiKey: string; domain: string; published: boolean }>;
  accounts: Array<{ id: string; plan: string; apiKey: string; inboxes: number }>;
  /** Fault rules and their last hits (faults-view.tsx). */
  faults?: FaultsData;
}

export function EmulatorPage({ data }: { data: EmulatorPageData }) {
  return (
    <main class="page" id="emulator-page">
      <section>
        <h2>Clock</h2>
        <div class="inline">
          <span>
            Emulated now:{' '}
            <strong id="now">
              <Time ms={data.now} />
            </strong>
          </span>
          <input type="text" id="advance" value="1h" size={6} aria-label="How far to advance (e.g. 30m, 1h, 2d)" />
          <button data-action="advance">Advance the clock</button>
        </div>
        <p class="dim">Moves the emulator's clock forward: retention expiry and monthly quotas follow it.</p>
      </section>
      <section>
        <h2>Webhooks</h2>
        {data.webhooks.length === 0 ? (
          <p class="dim">No webhook is registered.</p>
        ) : (
          data.webhooks.map((w) => (
            <div class="webhook" data-webhook={w.id}>
              <p>
                <strong>{w.id}</strong> · {w.inbox} → <span class="mono">{w.url}</span>{' '}
                <span class={w.active ? 'ok' : 'bad'}>{w.active ? 'active' : 'disabled'}</span>
                {w.failureCount > 0 ? <span class="warn"> · {w.failureCount} failure(s) in a row</span> : ''}
                {w.queued > 0 ? <span class="dim"> · {w.queued} queued</span> : ''}
              </p>
              {w.deliveries.length === 0 ? (
                <p class="dim">No delivery since the emulator started.</p>
              ) : (
                <table class="grid">
                  <tr>
                    <th>Time</th>
                    <th>Message</th>
                    <th>Status</th>
                    <th>Latency</th>
                    <th>Attempts</th>
                  </tr>
                  {w.deliveries.map((d) => (
                    <tr>
                      <td>
                        <Time ms={d.at} />
                      </td>
                      <td>
                        <a href={messageHref(d.inbox, d.messageId)}>{d.messageId}</a>
                      </td>
                      <td class={d.ok ? 'ok' : 'bad'}>{d.status ?? d.error ?? 'failed'}</td>
                      <td>{d.latencyMs} ms</td>
                      <td>{d.attempts}</td>
                    </tr>
                  ))}
                </table>
              )}
            </div>
          ))
        )}
      </section>
      <section>
        <h2>Tunnels (inbox webhooks watch)</h2>
        {data.tunnels.length === 0 ? (
          <p class="dim">No tunnel is open.</p>
        ) : (
          <table class="grid" id="tunnels">
            <tr>
              <th>Tunnel</th>
              <th>URL</th>
              <th>Watcher</th>
              <th>Queued</th>
              <th>Opened</th>
            </tr>
            {data.tunnels.map((t) => (
              <tr>
                <td>{t.id}</td>
                <td class="mono">{t.url}</td>
                <td class={t.connected ? 'ok' : 'warn'}>{t.connected ? 'connected' : 'not connected'}</td>
                <td>{t.queued}</td>
                <td>
                  <Time ms={t.createdAt} />
                </td>
              </tr>
            ))}
          </table>
        )}
      </section>
      <section>
        <h2>Custom domains waiting for verification</h2>
        {data.pendingDomains.length === 0 ? (
          <p class="dim">No custom domain is pending.</p>
        ) : (
          <table class="grid">
            <tr>
              <th>Domain</th>
              <th>Account</th>
              <th>Simulated DNS</th>
              <th></th>
            </tr>
            {data.pendingDomains.map((d) => (
              <tr>
                <td>{d.domain}</td>
                <td>
                  <AccountLabel plan={d.plan} apiKey={d.apiKey} />
                </td>
                <td>{d.published ? 'records published' : 'no records'}</td>
                <td>
                  <button data-action="publish" data-account={d.accountId} data-domain={d.domain}>
                    Publish DNS records
                  </button>
                </td>
              </tr>
            ))}
          </table>
        )}
        <p class="dim">
          Publishing puts the MX and TXT records the domain needs into the emulator's simulated DNS; verify it then with the API or "inbox domains verify".
        </p>
      </section>
      <section>
        <h2>Accounts</h2>
        <table class="grid">
          <tr>
            <th>Plan</th>
            <th>API key</th>
            <th>Inboxes</th>
          </tr>
          {data.accounts.map((a) => (
            <tr data-account={a.apiKey}>
              <td>{a.plan}</td>
              <td class="mono">{a.apiKey}</td>
              <td>{a.inboxes}</td>
            </tr>
          ))}
        </table>
      </section>
      {data.faults ? <FaultsSection data={data.faults} /> : ''}
      <section>
        <h2>Reset</h2>
        <p class="dim">Deletes every account change, inbox, message, webhook and domain, and seeds the emulator afresh.</p>
        <button class="danger" data-action="reset">
          Reset the emulator
        </button>
      </section>
    </main>
  );
}

export function NotFound({ what }: { what: string }) {
  return (
    <main class="page">
      <p class="empty">{what}</p>
      <p class="empty">
        <a href="/">Back to all inboxes</a>
      </p>
    </main>
  );
}
