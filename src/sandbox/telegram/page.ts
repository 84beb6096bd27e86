// The browser chat page served at `/`: one self-contained HTML document (no external assets, no
// framework) that drives the control API. Every element a browser test needs has a data-testid.

import { PAGE_SCRIPT } from './page-script.ts';
import { PAGE_STYLE } from './page-style.ts';

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

/** The languages offered per person: the bot's locales (a person keeps any other code they were made with). */
const LANGUAGES: readonly (readonly [code: string, name: string])[] = [
  ['en', 'English'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['ru', 'Русский'],
  ['pt', 'Português'],
  ['id', 'Indonesia'],
  ['sw', 'Kiswahili'],
  ['hi', 'हिन्दी'],
  ['ar', 'العربية'],
];

/** The chat page, with the notes panel filled in. */
export function renderChatPage(options: ChatPageOptions): string {
  const botName = escapeHtml(options.botFirstName);
  const username = escapeHtml(options.botUsername);
  const notes = options.pageNotes === undefined || options.pageNotes === '' ? '' : options.pageNotes;
  const languages = LANGUAGES.map(
    ([code, name]) => `<option value="${code}">${code} · ${name}</option>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${botName} — local Telegram chat</title>
<style>${PAGE_STYLE}</style>
</head>
<body data-bot-username="${username}">
<aside>
  <h1>Local Telegram</h1>
  <div>
    <label for="user-switcher">You are</label>
    <select id="user-switcher" data-testid="user-switcher"></select>
    <div class="row language-row">
      <label for="language-switcher" class="grow">Your Telegram app's language</label>
      <select id="language-switcher" data-testid="language-switcher" class="language">${languages}</select>
    </div>
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
    <button id="attach-button" data-testid="attach-button" class="secondary" type="button" title="Send a file (the text in the box becomes its caption)">📎</button>
    <input id="attach-input" data-testid="attach-input" type="file" hidden>
    <input id="input" data-testid="message-input" type="text" placeholder="Message" autocomplete="off">
    <button id="keyboard-toggle" data-testid="keyboard-toggle" class="secondary" type="button" title="Keyboard" hidden>⌨</button>
    <button id="send" data-testid="send-button" type="button">Send</button>
  </footer>
</main>
<div id="toast" data-testid="callback-toast" role="status" hidden></div>
<div id="alert" data-testid="callback-alert" hidden><div class="box"><div id="alert-text"></div><button id="alert-ok" data-testid="callback-alert-ok" type="button">OK</button></div></div>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
