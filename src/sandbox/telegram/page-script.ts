// Plain browser JavaScript (this string is sent as is): talks only to /_standin/*.
export const PAGE_SCRIPT = `
'use strict';
const $ = (id) => document.getElementById(id);
const state = { userId: null, version: null, abort: null, seenAnswers: new Set(), firstSnapshot: true, keyboard: null, keyboardOpen: true,
  users: new Map() };
const BOT_USERNAME = document.body.dataset.botUsername || '';
const LINK_HOSTS = ['t.me', 'www.t.me', 'telegram.me', 'www.telegram.me', 'telegram.dog'];

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
      if (wrap.tagName === 'A') { wrap.target = '_blank'; wrap.rel = 'noopener noreferrer'; markDeepLink(wrap); }
      wrap.append(node);
      node = wrap;
    }
    frag.append(node);
  }
  return frag;
}

// The start payload of a link to this bot ('' for none), or null: the same rule as the stand-in's deep-link.ts.
function deepLinkPayload(href) {
  let url;
  try { url = new URL(href); } catch { return null; }
  let name = null;
  if (url.protocol === 'tg:') {
    name = (url.hostname || url.pathname.replace(/^[/]+/, '')) === 'resolve' ? url.searchParams.get('domain') : null;
  } else if (/^https?:$/.test(url.protocol) && LINK_HOSTS.includes(url.hostname.toLowerCase())) {
    name = url.pathname.replace(/^[/]+|[/]+$/g, '');
  }
  if (!name || name.toLowerCase() !== BOT_USERNAME.toLowerCase()) return null;
  const start = url.searchParams.get('start');
  if (start === null || start === '') return '';
  return /^[A-Za-z0-9_-]{1,64}$/.test(start) ? start : null;
}

// A link to this bot opens it here, as someone new, instead of on telegram.org.
function markDeepLink(anchor) {
  const payload = deepLinkPayload(anchor.href);
  if (payload === null) return;
  anchor.dataset.testid = 'deep-link';
  anchor.dataset.payload = payload;
  anchor.title = 'Opens the bot as a new user: /start' + (payload ? ' ' + payload : '');
  anchor.addEventListener('click', (ev) => { ev.preventDefault(); openAsNewUser(anchor.href); });
}

function deepLinksOf(m) {
  const links = [];
  for (const e of m.entities || []) {
    if (e.type === 'text_link') links.push(e.url);
    if (e.type === 'url') links.push(m.text.slice(e.offset, e.offset + e.length));
  }
  for (const b of m.buttons.flat()) if (b.url !== undefined) links.push(b.url);
  return [...new Set(links.filter((l) => deepLinkPayload(l) !== null))];
}

function payloadLabel(payload) {
  return payload === '' ? '' : ' · ' + (payload.length > 14 ? payload.slice(0, 12) + '…' : payload);
}

async function openAsNewUser(link) {
  try {
    const opened = await api('POST', '/deep-link', { url: link, languageCode: $('language-switcher').value });
    await loadUsers(opened.user.id);
    setStatus('opened the link as ' + opened.user.firstName + ' (' + opened.user.id + ')', false);
  } catch (error) { setStatus(error.message, true); }
}

function time(seconds) { const d = new Date(seconds * 1000); return d.toTimeString().slice(0, 5); }

function renderMessage(m, byId) {
  const body = el('div', { 'data-testid': 'message-text', dir: 'auto' });
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
        ? urlButton(b)
        : el('button', { type: 'button', 'data-testid': 'inline-button', 'data-message-id': String(m.id), 'data-callback-data': b.data,
            text: b.text, onclick: (ev) => pressInline(ev.currentTarget, m.id, b.data) }))))));
  }
  const links = deepLinksOf(m);
  if (links.length) {
    parts.push(el('div', { class: 'deep-links' }, links.map((link) => el('button', { type: 'button', class: 'secondary',
      'data-testid': 'deep-link-open', 'data-url': link, title: link, text: '👤 Open as a new user' + payloadLabel(deepLinkPayload(link)),
      onclick: () => openAsNewUser(link) }))));
  }
  const meta = [time(m.date)];
  const metaNode = el('div', { class: 'meta' }, []);
  if (m.edited) metaNode.append(el('span', { 'data-testid': 'message-edited', text: 'edited · ' }));
  metaNode.append(meta.join(''));
  parts.push(metaNode);
  return el('div', { class: 'msg ' + m.from, 'data-testid': 'message', 'data-message-id': String(m.id), 'data-from': m.from,
    'data-edited': String(m.edited) }, parts);
}

function urlButton(b) {
  const a = el('a', { href: b.url, target: '_blank', rel: 'noopener noreferrer', 'data-testid': 'url-button', text: b.text + ' ↗' });
  markDeepLink(a);
  a.dataset.testid = 'url-button';
  return a;
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
  showLanguage(state.users.get(id));
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

// The person's language_code in the select; a code the page does not list is added to it.
function showLanguage(user) {
  const select = $('language-switcher');
  const code = (user && user.languageCode) || '';
  if (code && ![...select.options].some((o) => o.value === code)) select.append(el('option', { value: code, text: code }));
  select.value = code;
}

async function changeLanguage(code) {
  if (state.userId === null) return;
  try {
    const user = await api('POST', '/users', { id: state.userId, languageCode: code });
    state.users.set(user.id, user);
    setStatus('language: ' + code, false);
  } catch (error) { setStatus(error.message, true); }
}

async function sendFile(file) {
  if (state.userId === null || !file) return;
  const input = $('input');
  const query = new URLSearchParams({ fileName: file.name });
  if (file.type) query.set('mimeType', file.type);
  if (input.value.trim()) query.set('caption', input.value.trim());
  try {
    const res = await fetch('/_standin/users/' + state.userId + '/document?' + query, {
      method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: file });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(data.error || ('HTTP ' + res.status));
    input.value = '';
    setStatus('sent ' + file.name, false);
  } catch (error) { setStatus(error.message, true); }
}

async function loadUsers(selectId) {
  const info = await api('GET', '/info');
  state.users = new Map(info.users.map((u) => [u.id, u]));
  const select = $('user-switcher');
  select.replaceChildren(...info.users.map((u) => el('option', { value: String(u.id),
    text: u.firstName + (u.role ? ' — ' + u.role : '') + ' (' + u.id + ')' })));
  const saved = Number(selectId || localStorage.getItem('standin-user'));
  const chosen = info.users.find((u) => u.id === saved) || info.users[0];
  if (chosen) { select.value = String(chosen.id); if (chosen.id !== state.userId) selectUser(chosen.id); else showLanguage(chosen); }
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
  $('language-switcher').addEventListener('change', (e) => changeLanguage(e.target.value));
  $('attach-button').addEventListener('click', () => $('attach-input').click());
  $('attach-input').addEventListener('change', async (e) => { const input = e.target; await sendFile(input.files[0]); input.value = ''; });
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
