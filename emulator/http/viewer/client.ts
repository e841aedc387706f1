// The viewer's browser script (bundled by esbuild into /_viewer/client.js, no dependencies): live
// updates over the viewer's event stream, copy buttons, the buttons' requests, keyboard navigation
// and local times. The pages are complete without it; this makes them live.
export {};

const $ = <T extends Element = HTMLElement>(sel: string, root: ParentNode = document): T | null => root.querySelector<T>(sel);
const $$ = <T extends Element = HTMLElement>(sel: string, root: ParentNode = document): T[] => [...root.querySelectorAll<T>(sel)];

function toast(text: string): void {
  const el = document.createElement('div');
  el.className = 'toast';
  el.setAttribute('role', 'status');
  el.textContent = text;
  document.body.append(el);
  setTimeout(() => el.remove(), 1800);
}

function localTimes(root: ParentNode = document): void {
  for (const t of $$<HTMLTimeElement>('time[datetime]', root)) {
    const d = new Date(t.dateTime);
    if (Number.isNaN(d.getTime())) continue;
    t.title = t.textContent ?? '';
    t.textContent = d.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });
  }
}

// ---- requests ----

async function send(method: string, url: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(String(json.message ?? `HTTP ${res.status}`));
  return json;
}

const enc = encodeURIComponent;

/** "90s", "30m", "1h", "2d" or a number of minutes, in milliseconds. */
function duration(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/i.exec(text);
  if (!m) return null;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(m[2] ?? 'm').toLowerCase() as 'ms'];
  return Math.round(Number(m[1]) * unit);
}

async function deleteMessage(inbox: string, id: string): Promise<void> {
  const rows = $$('#rows [data-row]');
  const i = rows.findIndex((r) => r.dataset.row === id && r.dataset.inbox === inbox);
  const next = rows[i + 1] ?? rows[i - 1];
  await send('DELETE', `/_viewer/api/inbox/${enc(inbox)}/messages/${enc(id)}`);
  toast('Message deleted');
  const open = $('#message[data-id]');
  if (open && open.dataset.id === id) {
    location.href = next ? (next as HTMLAnchorElement).href : listUrl();
    return;
  }
  await refresh();
  if (next) select(next.dataset.row!, next.dataset.inbox!);
}

function listUrl(): string {
  const p = new URLSearchParams(location.search);
  const inbox = $('#message')?.dataset.inbox;
  if (p.get('list') === 'all' || !inbox) return '/';
  return `/inbox/${enc(inbox)}`;
}

async function act(btn: HTMLElement): Promise<void> {
  const d = btn.dataset;
  switch (d.action) {
    case 'delete':
      return deleteMessage(d.inbox!, d.id!);
    case 'clear':
      if (!confirm(`Delete every message of ${d.inbox}?`)) return;
      await send('DELETE', `/_viewer/api/inbox/${enc(d.inbox!)}/messages`);
      toast('Inbox cleared');
      location.href = `/inbox/${enc(d.inbox!)}`;
      return;
    case 'reset':
      if (!confirm('Reset the emulator? All inboxes, mail, webhooks and account changes go.')) return;
      await send('POST', '/_emulator/reset');
      location.href = '/';
      return;
    case 'advance': {
      const ms = duration(($('#advance') as HTMLInputElement | null)?.value ?? '');
      if (ms === null) throw new Error('Give a duration such as 90s, 30m, 1h or 2d.');
      const r = await send('POST', '/_emulator/clock', { advanceMs: ms });
      toast(`Clock now ${String(r.now)}`);
      await refresh();
      return;
    }
    case 'publish':
      await send('POST', '/_viewer/api/domains/publish', { accountId: d.account, domain: d.domain });
      toast(`Records of ${d.domain} published`);
      await refresh();
      return;
  }
}

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    document.body.append(ta);
    ta.select();
    document.execCommand('copy');
    ta.remove();
  }
  toast('Copied');
}

document.addEventListener('click', (e) => {
  const target = e.target as HTMLElement;
  const copyBtn = target.closest<HTMLElement>('[data-copy]');
  if (copyBtn) {
    e.preventDefault();
    void copy(copyBtn.dataset.copy ?? '');
    return;
  }
  const btn = target.closest<HTMLElement>('button[data-action]');
  if (btn) {
    e.preventDefault();
    btn.setAttribute('disabled', '');
    act(btn)
      .catch((err: Error) => toast(err.message))
      .finally(() => btn.removeAttribute('disabled'));
  }
});

// ---- preview width ----
// The links of "Preview width" work without the script (?width=); with it, the frame is resized in
// place and the choice is remembered for the next messages (localStorage), as Mailpit does.

const WIDTH_KEY = 'inbox-viewer:preview-width';

function setWidth(width: string, remember: boolean): void {
  const wrap = $('#frame-wrap');
  if (!wrap) return;
  wrap.dataset.width = width;
  for (const a of $$('.widths a[data-width]')) {
    if (a.dataset.width === width) a.setAttribute('aria-current', 'true');
    else a.removeAttribute('aria-current');
  }
  if (!remember) return;
  try {
    localStorage.setItem(WIDTH_KEY, width);
  } catch {
    // storage turned off: the choice holds for this page only
  }
  const url = new URL(location.href);
  if (width === 'desktop') url.searchParams.delete('width');
  else url.searchParams.set('width', width);
  history.replaceState(history.state, '', url);
}

function rememberedWidth(): void {
  if (!$('#frame-wrap') || new URL(location.href).searchParams.has('width')) return;
  let width: string | null = null;
  try {
    width = localStorage.getItem(WIDTH_KEY);
  } catch {
    return;
  }
  if (width && $(`.widths a[data-width="${CSS.escape(width)}"]`)) setWidth(width, false);
}

document.addEventListener('click', (e) => {
  const a = (e.target as HTMLElement).closest<HTMLAnchorElement>('.widths a[data-width]');
  if (!a || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  setWidth(a.dataset.width!, true);
});

// ---- keyboard ----

let selected: { id: string; inbox: string } | null = null;

function select(id: string, inbox: string): void {
  selected = { id, inbox };
  for (const r of $$('#rows [data-row]')) {
    const on = r.dataset.row === id && r.dataset.inbox === inbox;
    r.classList.toggle('sel', on);
    if (on) r.scrollIntoView({ block: 'nearest' });
  }
}

function move(step: number): void {
  const rows = $$('#rows [data-row]');
  if (rows.length === 0) return;
  let i = selected ? rows.findIndex((r) => r.dataset.row === selected!.id && r.dataset.inbox === selected!.inbox) : -1;
  if (i < 0) i = rows.findIndex((r) => r.classList.contains('open'));
  i = i < 0 ? (step > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, i + step));
  select(rows[i]!.dataset.row!, rows[i]!.dataset.inbox!);
}

document.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target as HTMLElement;
  if (t.closest('input, textarea, select, [contenteditable]')) {
    if (e.key === 'Escape') t.blur();
    return;
  }
  const row = () =>
    selected ? $$<HTMLAnchorElement>('#rows [data-row]').find((r) => r.dataset.row === selected!.id && r.dataset.inbox === selected!.inbox) : undefined;
  switch (e.key) {
    case 'j':
      move(1);
      break;
    case 'k':
      move(-1);
      break;
    case 'Enter': {
      const r = row();
      // Enter on a focused link or button does what it always does.
      if (!r || t.closest('a, button')) return;
      location.href = r.href;
      break;
    }
    case 'Delete':
    case 'Backspace': {
      const target = selected ?? (($('#message[data-id]')?.dataset.id && { id: $('#message')!.dataset.id!, inbox: $('#message')!.dataset.inbox! }) || null);
      if (!target) return;
      deleteMessage(target.inbox, target.id).catch((err: Error) => toast(err.message));
      break;
    }
    case '/':
      $<HTMLInputElement>('#search')?.focus();
      break;
    default:
      return;
  }
  e.preventDefault();
});

// ---- live updates ----

let refreshing: Promise<void> | null = null;
let again = false;

/** Fetches this page again and swaps the parts that show state (the open message stays as it is). */
async function refresh(): Promise<void> {
  if (refreshing) {
    again = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      again = false;
      const res = await fetch(location.href, { headers: { Accept: 'text/html', 'X-Viewer-Refresh': 'lists' }, credentials: 'same-origin' });
      if (!res.ok) return;
      const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
      for (const id of ['sidebar', 'list', 'emulator-page']) {
        const now = document.getElementById(id);
        const fresh = doc.getElementById(id);
        if (!now || !fresh) continue;
        const scroll = now.scrollTop;
        const focused = document.activeElement && now.contains(document.activeElement) ? document.activeElement : null;
        if (focused) continue; // someone is typing in it
        now.replaceWith(fresh);
        fresh.scrollTop = scroll;
        localTimes(fresh);
      }
      if (selected) select(selected.id, selected.inbox);
    } while (again);
  })().finally(() => (refreshing = null));
  return refreshing;
}

function connect(): void {
  const live = $('#live');
  const es = new EventSource('/_viewer/events');
  // Events sent while the stream was down (the emulator restarted, or cut a page that did not read
  // its stream) are not replayed: a stream that comes back refreshes once.
  let dropped = false;
  es.addEventListener('open', () => {
    live?.classList.add('on');
    if (live) live.textContent = 'live';
    if (dropped) void refresh().catch(() => undefined);
    dropped = false;
  });
  es.addEventListener('error', () => {
    dropped = true;
    live?.classList.remove('on');
    if (live) live.textContent = 'reconnecting';
  });
  for (const type of ['mail', 'deleted', 'inboxes', 'webhook', 'changed']) {
    es.addEventListener(type, () => void refresh().catch(() => undefined));
  }
  es.addEventListener('reset', () => {
    location.href = document.body.dataset.section === 'emulator' ? '/emulator' : '/';
  });
}

localTimes();
rememberedWidth();
connect();
// Tunnel watchers come and go without an event: the emulator page looks again now and then.
if (document.body.dataset.section === 'emulator') setInterval(() => void refresh().catch(() => undefined), 3000);
