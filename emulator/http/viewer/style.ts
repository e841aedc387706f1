// The viewer's stylesheet (served as /_viewer/style.css; the page's policy allows no inline style).
// Light and dark follow the system (prefers-color-scheme); three panes at desktop width, one at a time
// on a phone. At 1280 px the message pane is about 700 px wide, so a 600-650 px newsletter fits without
// scrolling sideways. Icons are inline SVG or CSS shapes, never emoji.
export const STYLE = `
:root {
  color-scheme: light dark;
  --bg: #ffffff; --bg2: #f5f6f8; --bg3: #eceef2; --fg: #1d2330; --dim: #636b7a; --line: #dde1e7;
  --accent: #2f5bd3; --accent-fg: #ffffff; --sel: #e3ebff; --code-bg: #fff6d6; --code-fg: #5a4300;
  --danger: #b42318; --ok: #157347; --warn: #9a6700;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15181e; --bg2: #1c2028; --bg3: #262b35; --fg: #e3e6ec; --dim: #9aa3b2; --line: #2e3440;
    --accent: #7aa2ff; --accent-fg: #0e1420; --sel: #24324f; --code-bg: #3a3114; --code-fg: #ffe08a;
    --danger: #ff8a80; --ok: #6fd39a; --warn: #f2c14e;
  }
}
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--fg); display: flex; flex-direction: column; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
button, .button { font: inherit; border: 1px solid var(--line); background: var(--bg2); color: var(--fg); border-radius: 6px; padding: 4px 10px; cursor: pointer; white-space: nowrap; }
button:hover, .button:hover { background: var(--bg3); text-decoration: none; }
button.primary { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
button.danger { color: var(--danger); }
input[type=search], input[type=text] { font: inherit; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); width: 100%; min-width: 0; }
code, pre, .mono { font-family: var(--mono); font-size: 12.5px; }
.dim { color: var(--dim); }
.top { display: flex; align-items: center; gap: 16px; padding: 8px 14px; border-bottom: 1px solid var(--line); background: var(--bg2); flex-wrap: wrap; }
.brand { font-weight: 700; color: var(--fg); }
.top nav { display: flex; gap: 12px; }
.top nav a.on { font-weight: 600; color: var(--fg); }
.live { margin-left: auto; font-size: 12px; color: var(--dim); }
.live::before { content: ""; display: inline-block; width: 8px; height: 8px; border-radius: 50%; margin-right: 5px; background: var(--dim); }
.live.on::before { background: var(--ok); }
.panes { flex: 1; min-height: 0; display: grid; grid-template-columns: 230px minmax(300px, 340px) minmax(0, 1fr); }
.pane { min-height: 0; overflow: auto; border-right: 1px solid var(--line); }
#sidebar { background: var(--bg2); padding: 10px; }
#sidebar form { margin-bottom: 8px; }
.account { margin: 12px 0 4px; font-size: 12px; color: var(--dim); display: flex; align-items: center; gap: 6px; min-width: 0; }
.plan { border: 1px solid var(--line); border-radius: 10px; padding: 0 6px; flex: none; }
.account .key { font-family: var(--mono); font-size: 11.5px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ibx { display: block; padding: 6px 8px; border-radius: 6px; color: var(--fg); }
.ibx:hover { background: var(--bg3); text-decoration: none; }
.ibx.on { background: var(--sel); }
.ibx .addr { display: flex; justify-content: space-between; gap: 6px; font-weight: 500; overflow-wrap: anywhere; }
.ibx .newest { font-size: 12px; color: var(--dim); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.count { font-size: 12px; color: var(--dim); font-variant-numeric: tabular-nums; }
.toolbar { position: sticky; top: 0; background: var(--bg); border-bottom: 1px solid var(--line); padding: 8px 10px; display: flex; flex-direction: column; gap: 6px; z-index: 1; }
.toolbar .row { display: flex; gap: 8px; align-items: center; justify-content: space-between; }
.toolbar h1 { font-size: 15px; margin: 0; overflow-wrap: anywhere; }
.msg { display: block; padding: 8px 10px; border-bottom: 1px solid var(--line); color: var(--fg); }
.msg:hover { background: var(--bg2); text-decoration: none; }
.msg.sel { background: var(--sel); outline: 2px solid var(--accent); outline-offset: -2px; }
.msg.open { background: var(--sel); }
.msg .l1, .msg .l2 { display: flex; gap: 8px; justify-content: space-between; }
.msg .from { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.msg .subject { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.msg .when { font-size: 12px; color: var(--dim); white-space: nowrap; }
.msg .to { font-size: 12px; color: var(--dim); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.chip { display: inline-block; font-family: var(--mono); font-size: 12px; background: var(--code-bg); color: var(--code-fg); border-radius: 4px; padding: 0 5px; }
.icon { vertical-align: -2px; flex: none; }
.clip { color: var(--dim); margin-right: 4px; }
.pager { display: flex; justify-content: space-between; align-items: center; padding: 10px; }
.empty { padding: 24px; color: var(--dim); text-align: center; }
#message { border-right: 0; display: flex; flex-direction: column; }
.mhead { padding: 12px 16px; border-bottom: 1px solid var(--line); display: flex; flex-direction: column; gap: 6px; }
.mhead h2 { margin: 0; font-size: 18px; overflow-wrap: anywhere; }
.mhead .meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; font-size: 13px; }
.mhead .meta dt { color: var(--dim); }
.mhead .meta dd { margin: 0; overflow-wrap: anywhere; }
.actions { display: flex; gap: 6px; flex-wrap: wrap; align-items: center; }
.extract { display: flex; gap: 10px; flex-wrap: wrap; }
.extract .box { border: 1px solid var(--line); border-radius: 8px; padding: 6px 10px; display: flex; gap: 10px; align-items: center; background: var(--bg2); max-width: 100%; }
.extract .otp { font-family: var(--mono); font-size: 22px; font-weight: 700; letter-spacing: .08em; color: var(--code-fg); background: var(--code-bg); padding: 0 6px; border-radius: 4px; }
.extract .link { font-family: var(--mono); font-size: 12px; overflow-wrap: anywhere; }
.explain { margin-top: 10px; font-size: 13px; }
.explain summary { cursor: pointer; color: var(--dim); }
.explain h3 { font-size: 13px; margin: 10px 0 4px; }
.explain ol.cands { list-style: none; padding: 0; margin: 0; }
.explain .cand { border-left: 3px solid var(--line); padding: 2px 8px; margin: 4px 0; }
.explain .cand.chosen { border-left-color: var(--code-fg); }
.explain .cand.rejected { opacity: .8; }
.explain .verdict { font-weight: 600; }
.explain .value { font-family: var(--mono); overflow-wrap: anywhere; }
.explain .ctx { font-family: var(--mono); font-size: 12px; overflow-wrap: anywhere; white-space: pre-wrap; }
.explain .ctx mark { background: var(--code-bg); color: var(--code-fg); }
.explain ul.reasons, .explain ul.notes { margin: 2px 0; padding-left: 18px; }
.explain .notice { border: 0; padding: 4px 0; }
.tabs { display: flex; gap: 2px; padding: 0 12px; border-bottom: 1px solid var(--line); overflow-x: auto; }
.tabs a { padding: 8px 10px; color: var(--dim); border-bottom: 2px solid transparent; white-space: nowrap; }
.tabs a.on { color: var(--fg); border-bottom-color: var(--accent); }
.body { flex: 1; min-height: 0; display: flex; flex-direction: column; }
.notice { padding: 6px 16px; background: var(--bg2); border-bottom: 1px solid var(--line); font-size: 13px; display: flex; gap: 10px; align-items: center; }
.widths { display: flex; gap: 4px; padding: 6px 16px; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
.widths a { font-size: 12.5px; padding: 2px 8px; }
.widths a[aria-current] { background: var(--sel); border-color: var(--accent); color: var(--fg); }
.frame-wrap { flex: 1; min-height: 0; display: flex; overflow: auto; }
.frame-wrap[data-width=phone], .frame-wrap[data-width=tablet] { background: var(--bg3); padding: 12px; }
iframe.mail { flex: 1; width: 100%; min-height: 420px; border: 0; background: #fff; }
.frame-wrap[data-width=phone] iframe.mail { flex: none; width: 375px; margin: 0 auto; box-shadow: 0 0 0 1px var(--line); }
.frame-wrap[data-width=tablet] iframe.mail { flex: none; width: 768px; margin: 0 auto; box-shadow: 0 0 0 1px var(--line); }
pre.text, pre.raw, pre.source { margin: 0; padding: 14px 16px; white-space: pre-wrap; overflow-wrap: anywhere; }
pre.source .hl-tag { color: var(--accent); }
pre.source .hl-comment { color: var(--dim); font-style: italic; }
table.headers { border-collapse: collapse; margin: 10px 16px; font-size: 13px; }
table.headers th { text-align: left; vertical-align: top; padding: 3px 12px 3px 0; color: var(--dim); font-weight: 500; white-space: nowrap; }
table.headers td { padding: 3px 0; font-family: var(--mono); font-size: 12.5px; overflow-wrap: anywhere; }
.atts { padding: 8px 16px; border-bottom: 1px solid var(--line); display: flex; gap: 8px; flex-wrap: wrap; }
.att { border: 1px solid var(--line); border-radius: 6px; padding: 4px 8px; font-size: 13px; display: inline-flex; align-items: center; gap: 8px; max-width: 100%; overflow-wrap: anywhere; }
.att .thumb { width: 96px; height: 72px; object-fit: cover; border-radius: 4px; background: var(--bg3); flex: none; }
.search-help { font-size: 12px; color: var(--dim); }
.search-help summary { cursor: pointer; width: max-content; }
.search-help p { margin: 4px 0 0; }
.search-error { color: var(--danger); }
.page { padding: 16px 20px; overflow: auto; flex: 1; }
.page section { margin-bottom: 24px; }
.page h2 { font-size: 16px; margin: 0 0 8px; }
table.grid { border-collapse: collapse; width: 100%; font-size: 13px; }
table.grid th, table.grid td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: anywhere; }
table.grid th { color: var(--dim); font-weight: 500; }
.ok { color: var(--ok); } .bad { color: var(--danger); } .warn { color: var(--warn); }
.inline { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.inline input { width: auto; }
.toast { position: fixed; bottom: 16px; left: 50%; transform: translateX(-50%); background: var(--fg); color: var(--bg); padding: 6px 14px; border-radius: 6px; font-size: 13px; }
.back { display: none; }
kbd { font-family: var(--mono); font-size: 11px; border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px; padding: 0 4px; }
.keys { font-size: 12px; color: var(--dim); padding: 10px; }
@media (max-width: 1100px) {
  .panes { grid-template-columns: 200px 290px minmax(0, 1fr); }
}
@media (max-width: 800px) {
  .panes { display: block; overflow: auto; }
  .pane { border-right: 0; overflow: visible; }
  #sidebar { max-height: 34vh; overflow: auto; border-bottom: 1px solid var(--line); }
  .panes.has-message #sidebar, .panes.has-message #list { display: none; }
  .panes:not(.has-message) #message { display: none; }
  .back { display: inline-block; }
  .keys { display: none; }
  iframe.mail { min-height: 70vh; }
  .frame-wrap[data-width=phone], .frame-wrap[data-width=tablet] { padding: 0; }
  .live { margin-left: 0; }
}
`;
