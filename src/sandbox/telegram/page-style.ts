// The chat page's style sheet (page.ts inlines it: the page loads nothing else).

export const PAGE_STYLE = `
:root { --bg:#eef1f5; --panel:#fff; --line:#d9dee5; --ink:#1d2733; --muted:#66727f; --bot:#fff; --me:#dff3d4;
  --accent:#2a7ab8; --accent-ink:#fff; --danger:#b43c3c; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
* { box-sizing: border-box; }
body { margin:0; background:var(--bg); color:var(--ink); height:100vh; display:grid; grid-template-columns: 320px 1fr; }
aside { background:var(--panel); border-right:1px solid var(--line); padding:16px; overflow:auto; display:flex; flex-direction:column; gap:14px; }
aside h1 { font-size:17px; margin:0; }
aside h2 { font-size:13px; text-transform:uppercase; letter-spacing:.04em; color:var(--muted); margin:0 0 6px; }
label { font-size:13px; color:var(--muted); display:block; margin-bottom:4px; }
select, input[type=text], input[type=tel] { width:100%; padding:8px; border:1px solid var(--line); border-radius:6px; font:inherit; background:#fff; }
button { font:inherit; border:1px solid var(--accent); background:var(--accent); color:var(--accent-ink); border-radius:6px; padding:8px 12px; cursor:pointer; }
button.secondary { background:#fff; color:var(--accent); }
button:disabled { opacity:.5; cursor:default; }
.row { display:flex; gap:6px; align-items:center; }
.row .grow { flex:1; min-width:0; }
select.language { width:auto; flex:none; }
.language-row { margin-top:6px; }
.language-row label { margin:0; }
.whoami { font-size:13px; color:var(--muted); }
.whoami strong { color:var(--ink); font-family: ui-monospace, monospace; }
.notes { font-size:13px; line-height:1.45; border-top:1px solid var(--line); padding-top:12px; }
.notes table { border-collapse:collapse; width:100%; }
.notes td, .notes th { border-bottom:1px solid var(--line); padding:3px 4px; text-align:left; vertical-align:top; }
.notes code { font-size:12px; }
main { display:flex; flex-direction:column; min-width:0; height:100vh; }
header { background:var(--panel); border-bottom:1px solid var(--line); padding:10px 16px; display:flex; justify-content:space-between; align-items:center; }
header .bot { font-weight:600; }
header .sub { font-size:12px; color:var(--muted); }
#status { font-size:12px; color:var(--muted); }
#status.bad { color:var(--danger); }
#messages { flex:1; overflow-y:auto; padding:16px; display:flex; flex-direction:column; gap:8px; }
.msg { max-width:min(560px, 80%); padding:8px 10px; border-radius:10px; background:var(--bot); box-shadow:0 1px 1px rgba(0,0,0,.08); white-space:pre-wrap; overflow-wrap:anywhere; }
.msg.user { align-self:flex-end; background:var(--me); }
.msg .meta { font-size:11px; color:var(--muted); text-align:right; margin-top:4px; }
.msg .contact { font-family: ui-monospace, monospace; }
.msg img.photo { display:block; max-width:100%; border-radius:6px; margin-bottom:4px; }
.msg .reply { font-size:12px; color:var(--muted); border-left:3px solid var(--accent); padding-left:6px; margin-bottom:4px; }
.buttons { display:flex; flex-direction:column; gap:4px; margin-top:8px; white-space:normal; }
.buttons .brow { display:flex; gap:4px; }
.buttons button, .buttons a { flex:1; background:#f3f7fb; color:var(--accent); border:1px solid #c9dbea; border-radius:6px; padding:6px 8px; font-size:14px; text-align:center; text-decoration:none; }
.deep-links { display:flex; flex-wrap:wrap; gap:4px; margin-top:6px; white-space:normal; }
.deep-links button { font-size:13px; padding:4px 8px; background:#fff; color:var(--accent); }
.spoiler { background:#aab; color:transparent; border-radius:3px; cursor:pointer; }
.spoiler.shown { background:none; color:inherit; }
.quote { border-left:3px solid var(--accent); padding-left:6px; display:inline-block; }
code, .pre { font-family: ui-monospace, monospace; background:#f2f4f7; border-radius:3px; padding:0 3px; }
#action { font-size:12px; color:var(--muted); padding:0 16px 4px; min-height:18px; }
#keyboard { background:#f7f8fa; border-top:1px solid var(--line); padding:8px 12px; display:flex; flex-direction:column; gap:6px; }
#keyboard .krow { display:flex; gap:6px; }
#keyboard .krow button { flex:1; background:#fff; color:var(--ink); border-color:var(--line); }
#keyboard[hidden] { display:none; }
footer { background:var(--panel); border-top:1px solid var(--line); padding:10px 12px; display:flex; gap:6px; align-items:center; position:relative; }
footer input { flex:1; }
#commands { position:absolute; bottom:56px; left:12px; background:#fff; border:1px solid var(--line); border-radius:8px; box-shadow:0 4px 16px rgba(0,0,0,.12); min-width:260px; max-height:50vh; overflow:auto; }
#commands[hidden] { display:none; }
#commands div { padding:8px 12px; cursor:pointer; }
#commands div:hover { background:#f2f6fa; }
#commands .desc { color:var(--muted); font-size:13px; margin-left:6px; }
#toast { position:fixed; top:16px; left:50%; transform:translateX(-50%); background:#1d2733; color:#fff; padding:10px 16px; border-radius:8px; max-width:420px; }
#toast[hidden], #alert[hidden] { display:none; }
#alert { position:fixed; inset:0; background:rgba(0,0,0,.35); display:flex; align-items:center; justify-content:center; }
#alert .box { background:#fff; padding:18px; border-radius:10px; max-width:420px; display:flex; flex-direction:column; gap:12px; white-space:pre-wrap; }
@media (max-width: 760px) { body { grid-template-columns: 1fr; } aside { display:none; } }
`;
