// The browser chat page served at `/`: one self-contained HTML document (no external assets, no
// framework) that drives the control API. Every element a browser test needs has a data-testid.

export interface ChatPageOptions {
  botFirstName: string;
  botUsername: string;
  /** Trusted HTML shown in the side panel (the demo lists the sandbox's magic numbers there). */
  pageNotes: string | undefined;
}

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
:root { --bg:#eef1f5; --panel:#fff; --line:#d9dee5; --ink:#1d2733; --muted:#66727f; --bot:#fff; --me:#dff3d4;
  --accent:#2a7ab8; --accent-ink:#fff; --danger:#b43c3c; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
* { box-sizing: border-box; }
body { margin:0; background:var(--bg); color:var(--ink); height:100vh; display:grid; grid-template-columns: 300px 1fr; }
aside { background:var(--panel); border-right:1px solid var(--line); padding:16px; overflow:auto; display:flex; flex-direction:column; gap:14px; }
aside h1 { font-size:17px; margin:0; }
aside h2 { font-size:13px; text-transform:uppercase; letter-spacing:.04em; color:var(--muted); margin:0 0 6px; }
label { font-size:13px; color:var(--muted); display:block; margin-bottom:4px; }
select, input[type=text], input[type=tel] { width:100%; padding:8px; border:1px solid var(--line); border-radius:6px; font:inherit; background:#fff; }
button { font:inherit; border:1px solid var(--accent); background:var(--accent); color:var(--accent-ink); border-radius:6px; padding:8px 12px; cursor:pointer; }
button.secondary { background:#fff; color:var(--accent); }
button:disabled { opacity:.5; cursor:default; }
.row { display:flex; gap:6px; align-items:center; }
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

// Plain browser JavaScript (this string is sent as is): talks only to /_standin/*.
const SCRIPT = `
'use strict';
const $ = (id) => document.getElementById(id);
const state = { userId: null, version: null, abort: null, seenAnswers: new Set(), firstSnapshot: true, keyboard: null, keyboardOpen: true };

async function api(method, path, body) {
  const res = await fetch('/_standin' + path, {
    method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined,
    signal: method === 'GET' ? state.abort?.signal : undefined,
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.error || ('HTTP ' + res.status));
  return data;
}

function setStatus(text, bad) { const s = $('status'); s.textContent = text; s.className = bad ? 'bad' : ''; }

function el(tag, attrs, children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null) continue;
    if (k === 'class') node.className = v; else if (k === 'text') node.textContent = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v); else node.setAttribute(k, v);
  }
  for (const c of children || []) node.append(c);
  return node;
}

const ENTITY_TAGS = { bold: 'b', italic: 'i', underline: 'u', strikethrough: 's', code: 'code', pre: 'span', spoiler: 'span',
  text_link: 'a', url: 'a', blockquote: 'span', expandable_blockquote: 'span', email: 'a' };

// Entities may nest; each run of text between two entity boundaries is wrapped in all its entities.
function renderText(text, entities) {
  const list = (entities || []).filter((e) => ENTITY_TAGS[e.type]);
  const cuts = new Set([0, text.length]);
  for (const e of list) { cuts.add(e.offset); cuts.add(e.offset + e.length); }
  const points = [...cuts].sort((a, b) => a - b);
  const frag = document.createDocumentFragment();
  for (let i = 0; i < points.length - 1; i++) {
    const from = points[i], to = points[i + 1];
    let node = document.createTextNode(text.slice(from, to));
    const active = list.filter((e) => e.offset <= from && e.offset + e.length >= to)
      .sort((a, b) => b.offset - a.offset || a.length - b.length);
    for (const e of active) {
      const wrap = document.createElement(ENTITY_TAGS[e.type]);
      if (e.type === 'pre') wrap.className = 'pre';
      if (e.type === 'spoiler') { wrap.className = 'spoiler'; wrap.addEventListener('click', () => wrap.classList.add('shown')); }
      if (e.type === 'blockquote' || e.type === 'expandable_blockquote') wrap.className = 'quote';
      if (e.type === 'text_link') { wrap.href = e.url; }
      if (e.type === 'url') { const u = text.slice(e.offset, e.offset + e.length); wrap.href = /^[a-z]+:/i.test(u) ? u : 'http://' + u; }
      if (e.type === 'email') { wrap.href = 'mailto:' + text.slice(e.offset, e.offset + e.length); }
      if (wrap.tagName === 'A') { wrap.target = '_blank'; wrap.rel = 'noopener noreferrer'; }
      wrap.append(node);
      node = wrap;
    }
    frag.append(node);
  }
  return frag;
}

function time(seconds) { const d = new Date(seconds * 1000); return d.toTimeString().slice(0, 5); }

function renderMessage(m, byId) {
  const body = el('div', { 'data-testid': 'message-text' });
  if (m.kind === 'contact' && m.contact) {
    body.append(el('span', { class: 'contact', text: '👤 ' + m.contact.firstName + (m.contact.lastName ? ' ' + m.contact.lastName : '') + ' · +' + m.contact.phoneNumber.replace(/^\\+/, '') }));
  } else {
    if (m.kind === 'photo' && m.file) {
      body.append(el('img', { class: 'photo', 'data-testid': 'message-photo', alt: 'photo', src: '/_standin/files/' + encodeURIComponent(m.file.fileId) }), el('br'));
    } else if (m.kind === 'document' && m.file) {
      body.append(el('a', { class: 'document', 'data-testid': 'message-document', href: '/_standin/files/' + encodeURIComponent(m.file.fileId),
        download: m.file.name || 'file', text: '📄 ' + (m.file.name || 'file') }), el('br'));
    } else if (m.kind !== 'text') body.append(el('em', { text: '[' + m.kind + '] ' }));
    body.append(renderText(m.text, m.entities));
  }
  const parts = [];
  if (m.replyToId && byId.get(m.replyToId)) parts.push(el('div', { class: 'reply', text: '↪ ' + (byId.get(m.replyToId).text || '').slice(0, 80) }));
  parts.push(body);
  if (m.buttons.length) {
    parts.push(el('div', { class: 'buttons', 'data-testid': 'inline-keyboard' }, m.buttons.map((row) => el('div', { class: 'brow' }, row.map((b) =>
      b.url !== undefined
        ? el('a', { href: b.url, target: '_blank', rel: 'noopener noreferrer', 'data-testid': 'url-button', text: b.text + ' ↗' })
        : el('button', { type: 'button', 'data-testid': 'inline-button', 'data-message-id': String(m.id), 'data-callback-data': b.data,
            text: b.text, onclick: (ev) => pressInline(ev.currentTarget, m.id, b.data) }))))));
  }
  const meta = [time(m.date)];
  const metaNode = el('div', { class: 'meta' }, []);
  if (m.edited) metaNode.append(el('span', { 'data-testid': 'message-edited', text: 'edited · ' }));
  metaNode.append(meta.join(''));
  parts.push(metaNode);
  return el('div', { class: 'msg ' + m.from, 'data-testid': 'message', 'data-message-id': String(m.id), 'data-from': m.from,
    'data-edited': String(m.edited) }, parts);
}

function renderKeyboard(kb) {
  const box = $('keyboard'); box.replaceChildren();
  $('keyboard-toggle').hidden = !kb;
  if (!kb || (kb.hidden && !state.keyboardOpen)) { box.hidden = true; return; }
  box.hidden = false;
  for (const row of kb.rows) {
    box.append(el('div', { class: 'krow' }, row.map((b) => el('button', { type: 'button', 'data-testid': 'keyboard-button',
      text: (b.requestContact ? '📱 ' : '') + b.text, onclick: () => act('keyboard', { text: b.text }) }))));
  }
  if (kb.placeholder) $('input').placeholder = kb.placeholder;
}

function render(snap) {
  const list = $('messages');
  const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  const byId = new Map(snap.messages.map((m) => [m.id, m]));
  list.replaceChildren(...snap.messages.map((m) => renderMessage(m, byId)));
  if (nearBottom || state.firstSnapshot) list.scrollTop = list.scrollHeight;
  const kbChanged = JSON.stringify(snap.replyKeyboard) !== JSON.stringify(state.keyboard);
  if (kbChanged) { state.keyboard = snap.replyKeyboard; state.keyboardOpen = !(snap.replyKeyboard && snap.replyKeyboard.hidden); }
  renderKeyboard(state.keyboard);
  const action = $('action');
  action.textContent = snap.chatAction ? 'bot is ' + snap.chatAction.replace(/_/g, ' ') + '…' : '';
  if (snap.chatAction) setTimeout(() => { if (action.textContent) action.textContent = ''; }, snap.chatActionMs);
  for (const a of snap.callbackAnswers) {
    if (!a.answered || state.seenAnswers.has(a.queryId)) continue;
    state.seenAnswers.add(a.queryId);
    if (state.firstSnapshot || !a.text) continue;
    if (a.showAlert) { $('alert-text').textContent = a.text; $('alert').hidden = false; }
    else { const t = $('toast'); t.textContent = a.text; t.hidden = false; clearTimeout(t._timer); t._timer = setTimeout(() => { t.hidden = true; }, 3500); }
  }
  state.firstSnapshot = false;
}

async function poll(userId) {
  while (state.userId === userId) {
    try {
      const query = state.version === null ? '' : '?since=' + state.version + '&waitMs=25000';
      const snap = await api('GET', '/users/' + userId + '/chat' + query);
      if (state.userId !== userId) return;
      state.version = snap.version;
      render(snap);
      setStatus('connected', false);
    } catch (error) {
      if (state.userId !== userId || error.name === 'AbortError') return;
      setStatus('reconnecting… (' + error.message + ')', true);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

function selectUser(id) {
  state.abort?.abort();
  state.abort = new AbortController();
  state.userId = id; state.version = null; state.firstSnapshot = true; state.seenAnswers = new Set(); state.keyboard = null;
  $('messages').replaceChildren();
  $('current-user-id').textContent = String(id);
  $('commands').hidden = true;
  localStorage.setItem('standin-user', String(id));
  poll(id);
}

async function act(action, body) {
  if (state.userId === null) return;
  try { await api('POST', '/users/' + state.userId + '/' + action, body); setStatus('sent', false); }
  catch (error) { setStatus(error.message, true); }
}

async function pressInline(button, messageId, data) {
  button.disabled = true;
  await act('press', { messageId, data });
  setTimeout(() => { button.disabled = false; }, 400);
}

async function sendInput() {
  const input = $('input'); const text = input.value;
  if (!text.trim()) return;
  input.value = '';
  if (text.trim().startsWith('/')) await act('command', { command: text.trim() }); else await act('text', { text });
  input.focus();
}

async function toggleCommands() {
  const box = $('commands');
  if (!box.hidden) { box.hidden = true; return; }
  const list = await api('GET', '/users/' + state.userId + '/commands').catch(() => []);
  box.replaceChildren(...(list.length ? list.map((c) => el('div', { 'data-testid': 'command-item', 'data-command': c.command,
    onclick: () => { $('input').value = '/' + c.command + ' '; box.hidden = true; $('input').focus(); } },
    [el('strong', { text: '/' + c.command }), el('span', { class: 'desc', text: c.description })]))
    : [el('div', { text: 'The bot has set no commands for this chat.' })]));
  box.hidden = false;
}

async function loadUsers(selectId) {
  const info = await api('GET', '/info');
  const select = $('user-switcher');
  select.replaceChildren(...info.users.map((u) => el('option', { value: String(u.id),
    text: u.firstName + (u.role ? ' — ' + u.role : '') + ' (' + u.id + ')' })));
  const saved = Number(selectId || localStorage.getItem('standin-user'));
  const chosen = info.users.find((u) => u.id === saved) || info.users[0];
  if (chosen) { select.value = String(chosen.id); if (chosen.id !== state.userId) selectUser(chosen.id); }
}

window.addEventListener('DOMContentLoaded', () => {
  $('user-switcher').addEventListener('change', (e) => selectUser(Number(e.target.value)));
  $('send').addEventListener('click', sendInput);
  $('input').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); sendInput(); } });
  $('contact-send').addEventListener('click', async () => {
    const phone = $('contact-phone').value.trim(); if (!phone) return;
    await act('contact', { phone, own: $('contact-own').checked }); $('contact-phone').value = '';
  });
  $('commands-button').addEventListener('click', toggleCommands);
  $('keyboard-toggle').addEventListener('click', () => { state.keyboardOpen = !state.keyboardOpen; renderKeyboard(state.keyboard); });
  $('alert-ok').addEventListener('click', () => { $('alert').hidden = true; });
  $('custom-user-add').addEventListener('click', async () => {
    const id = Number($('custom-user-id').value);
    if (!Number.isSafeInteger(id) || id <= 0) { setStatus('a user ID is a positive whole number', true); return; }
    try { await api('POST', '/users', { id, firstName: 'User ' + id }); await loadUsers(id); $('custom-user-id').value = ''; }
    catch (error) { setStatus(error.message, true); }
  });
  loadUsers().catch((error) => setStatus('cannot reach the stand-in: ' + error.message, true));
});
`;

/** The chat page, with the notes panel filled in. */
export function renderChatPage(options: ChatPageOptions): string {
  const botName = escapeHtml(options.botFirstName);
  const username = escapeHtml(options.botUsername);
  const notes = options.pageNotes === undefined || options.pageNotes === '' ? '' : options.pageNotes;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${botName} — local Telegram chat</title>
<style>${STYLE}</style>
</head>
<body>
<aside>
  <h1>Local Telegram</h1>
  <div>
    <label for="user-switcher">You are</label>
    <select id="user-switcher" data-testid="user-switcher"></select>
    <p class="whoami">Telegram user ID: <strong id="current-user-id" data-testid="current-user-id">–</strong></p>
  </div>
  <div>
    <h2>Share a contact</h2>
    <div class="row">
      <input id="contact-phone" data-testid="contact-phone" type="tel" placeholder="+234 803 123 4567" autocomplete="off">
      <button id="contact-send" data-testid="contact-send" type="button">Share</button>
    </div>
    <label class="row"><input id="contact-own" data-testid="contact-own" type="checkbox"> my own number</label>
  </div>
  <div>
    <h2>Another user</h2>
    <div class="row">
      <input id="custom-user-id" data-testid="custom-user-id" type="text" inputmode="numeric" placeholder="numeric ID">
      <button id="custom-user-add" data-testid="custom-user-add" class="secondary" type="button">Add</button>
    </div>
  </div>
  <section class="notes" data-testid="page-notes">${notes}</section>
</aside>
<main>
  <header>
    <div><div class="bot" data-testid="bot-name">${botName}</div><div class="sub">@${username}</div></div>
    <div id="status" data-testid="connection-status">connecting…</div>
  </header>
  <div id="messages" data-testid="message-list" aria-live="polite"></div>
  <div id="action" data-testid="chat-action"></div>
  <div id="keyboard" data-testid="reply-keyboard" hidden></div>
  <footer>
    <button id="commands-button" data-testid="commands-button" class="secondary" type="button" title="Commands">/</button>
    <div id="commands" data-testid="commands-list" hidden></div>
    <input id="input" data-testid="message-input" type="text" placeholder="Message" autocomplete="off">
    <button id="keyboard-toggle" data-testid="keyboard-toggle" class="secondary" type="button" title="Keyboard" hidden>⌨</button>
    <button id="send" data-testid="send-button" type="button">Send</button>
  </footer>
</main>
<div id="toast" data-testid="callback-toast" role="status" hidden></div>
<div id="alert" data-testid="callback-alert" hidden><div class="box"><div id="alert-text"></div><button id="alert-ok" data-testid="callback-alert-ok" type="button">OK</button></div></div>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
