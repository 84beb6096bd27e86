import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN, type TgUpdate, type UserSummary } from '../../src/sandbox/telegram/index.ts';

const CHROMIUM = '/usr/bin/chromium';
// The README's picture is refreshed on demand (UPDATE_SCREENSHOT=1); ordinary runs leave the tree clean.
const SCREENSHOT = process.env.UPDATE_SCREENSHOT
  ? 'docs/screenshot-chat.png'
  : 'test-results/screenshot-chat.png';

interface Demo {
  proc: ChildProcess;
  stdout: string[];
  stderr: string[];
  exited: Promise<number | null>;
}

/** `npm run demo` in its own process group, as a person starts it in a terminal. */
function startDemo(): Demo {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` };
  delete env.REDIS_URL;
  const proc = spawn('npm', ['run', 'demo'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const stdout: string[] = [];
  const stderr: string[] = [];
  proc.stdout!.on('data', (chunk: Buffer) => stdout.push(chunk.toString('utf8')));
  proc.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, stdout, stderr, exited };
}

/** Every process still alive in the demo's process group (npm, node, redis-server). */
function groupMembers(pgid: number): string[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '-g', String(pgid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
  } catch {
    return []; // ps exits 1 when nothing matches
  }
}

async function waitUntil<T>(probe: () => T | undefined, timeoutMs: number, what: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const botMessages = (page: Page): Locator => page.locator('[data-testid="message"][data-from="bot"]');

async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId('message-input').fill(text);
  await page.getByTestId('send-button').click();
}

/** Waits for a bot message with the text, after `count` bot messages were already there. */
async function botSays(page: Page, text: string | RegExp, after: number): Promise<Locator> {
  const message = botMessages(page).filter({ hasText: text });
  await expect
    .poll(
      async () => {
        const all = await botMessages(page).allInnerTexts();
        return all.slice(after).some((t) => (typeof text === 'string' ? t.includes(text) : text.test(t)));
      },
      { timeout: 45_000, interval: 200 },
    )
    .toBe(true);
  return message.last();
}

/** The stand-in's record of every update, as the bot received them. */
async function standInUpdates(pageUrl: string): Promise<TgUpdate[]> {
  return (await (await fetch(new URL('/_standin/updates', pageUrl))).json()) as TgUpdate[];
}

async function languageOf(pageUrl: string, userId: number): Promise<string | undefined> {
  const users = (await (await fetch(new URL('/_standin/users', pageUrl))).json()) as UserSummary[];
  return users.find((u) => u.id === userId)?.languageCode;
}

/** A fresh tab on the chat page, as the given person. */
async function openAs(context: BrowserContext, url: string, userId: number): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.getByTestId('user-switcher').selectOption(String(userId));
  await expect.poll(() => page.getByTestId('current-user-id').innerText()).toBe(String(userId));
  return page;
}

/**
 * Whether `run` (found inside one text node of `message`) is drawn left to right on screen: each character's box
 * starts right of the one before (spaces apart). An Arabic sentence around it must not reorder its pieces.
 */
async function drawnLeftToRight(message: Locator, run: string): Promise<boolean> {
  // Runs in the page (this file has no DOM types): the boxes of the run's characters, in text order.
  const measure = new Function(
    'element',
    'wanted',
    `const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const at = (node.textContent ?? '').indexOf(wanted);
      if (at < 0) continue;
      const xs = [];
      for (let i = 0; i < wanted.length; i++) {
        if (wanted[i] === ' ') continue;
        const range = document.createRange();
        range.setStart(node, at + i);
        range.setEnd(node, at + i + 1);
        xs.push(range.getBoundingClientRect().left);
      }
      return xs.every((x, i) => i === 0 || x > xs[i - 1]);
    }
    return false;`,
  ) as (element: unknown, wanted: string) => boolean;
  return message.evaluate(measure, run);
}

/** Ada makes a reseller invite on `page` (her chat): its link, and the QR code shown under it. */
async function inviteFromAda(page: Page): Promise<void> {
  const seen = await botMessages(page).count();
  await send(page, '/invite reseller');
  await botSays(page, /whoever opens this link becomes/, seen);
  await expect
    .poll(
      () =>
        page
          .getByTestId('message-photo')
          .last()
          .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)
          .catch(() => 0),
      { timeout: 30_000, interval: 250 },
    )
    .toBeGreaterThan(100);
}

// One demo for the whole file, stopped by the last test; each test takes its own tab.
describe('npm run demo, driven through the chat page in Chromium', () => {
  let demo: Demo | undefined;
  let context: BrowserContext | undefined;
  let profile = '';
  let url = '';

  beforeAll(async () => {
    // No silent skip: a machine without Chromium fails here and says how to get it.
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
    demo = startDemo();
    profile = await mkdtemp(join(tmpdir(), 'rb-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      viewport: { width: 1280, height: 900 },
    });
    const running = demo;
    url = await waitUntil(
      () => /^Chat page: (http:\/\/\S+)$/m.exec(running.stdout.join(''))?.[1],
      90_000,
      () => `the chat page URL; stdout: ${running.stdout.join('')} stderr: ${running.stderr.join('')}`,
    );
  }, 120_000);

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    if (profile !== '') await rm(profile, { recursive: true, force: true });
    // Only when the test failed before stopping the demo itself.
    const pid = demo?.proc.pid;
    if (pid !== undefined && groupMembers(pid).length > 0) process.kill(-pid, 'SIGKILL');
  });

  it('prints one URL, tops up through the page and answers /status', async () => {
    expect(demo!.stdout.join('').match(/https?:\/\//g)).toHaveLength(1);

    const page = context!.pages()[0] ?? (await context!.newPage());
    await page.goto(url);
    await expect
      .poll(() => page.getByTestId('connection-status').innerText(), { timeout: 20_000 })
      .not.toBe('connecting…');
    await page.getByTestId('user-switcher').selectOption('710000001');
    await expect.poll(() => page.getByTestId('current-user-id').innerText()).toBe('710000001');
    // The sandbox's magic numbers are on the page.
    expect(await page.getByTestId('page-notes').innerText()).toContain('1111');

    let seen = await botMessages(page).count();
    await send(page, '/topup');
    await botSays(page, 'Which country', seen);
    seen = await botMessages(page).count();
    await page.getByTestId('inline-button').filter({ hasText: 'Nigeria' }).last().click();
    await botSays(page, 'Which operator', seen);
    seen = await botMessages(page).count();
    await send(page, 'MTN');
    await botSays(page, 'What do you want to buy', seen);
    seen = await botMessages(page).count();
    await send(page, 'Airtime');
    await botSays(page, 'How much', seen);
    seen = await botMessages(page).count();
    await send(page, '500');
    await botSays(page, 'Send the phone number', seen);
    seen = await botMessages(page).count();
    // The number arrives as a shared contact, as a reseller would pick it from their phone book.
    await page.getByTestId('contact-phone').fill('+234 803 123 4567');
    await page.getByTestId('contact-send').click();
    const quote = await botSays(page, 'Please check this top-up', seen);
    await quote.getByTestId('inline-button').filter({ hasText: '✅' }).click();

    // The order message is edited as webhooks arrive, until it says succeeded.
    await expect
      .poll(async () => (await botMessages(page).allInnerTexts()).find((t) => /^✅.*O-/s.test(t.trim())), {
        timeout: 60_000,
        interval: 250,
      })
      .toBeTruthy();
    const receipt = (await botMessages(page).allInnerTexts()).find((t) => /^✅.*O-/s.test(t.trim()))!;
    // The order's message was edited in place as the webhooks arrived.
    expect(await page.locator('[data-testid="message"][data-edited="true"]').count()).toBeGreaterThan(0);
    const orderId = /O-[A-Za-z0-9-]+/.exec(receipt)![0];

    seen = await botMessages(page).count();
    await send(page, `/status ${orderId}`);
    const status = await botSays(page, orderId, seen);
    expect(await status.innerText()).toMatch(/✅/);
    // The page renders the message entities: the IDs in <code> (one tap copies them), the labels in bold.
    await expect.poll(() => status.locator('code').allInnerTexts()).toContain(orderId);
    expect(await status.locator('code').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^rb-[0-9a-z]{5}(-[0-9a-z]{4}){3}$/)]),
    );
    expect(await status.locator('b').allInnerTexts()).toEqual(
      expect.arrayContaining(['Succeeded', 'Operator:']),
    );

    // The 🧾 Receipt button under the success message: a receipt for forwarding, and its image on the page.
    seen = await botMessages(page).count();
    const delivered = botMessages(page).filter({ hasText: 'Top-up delivered' }).last();
    await delivered.getByTestId('inline-button').filter({ hasText: '🧾' }).click();
    await botSays(page, 'Thank you for your purchase', seen);
    const image = page.getByTestId('message-photo').last();
    await expect
      .poll(
        () =>
          image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth).catch(() => 0),
        {
          timeout: 30_000,
          interval: 250,
        },
      )
      .toBe(600);

    // A document: Rita's statement as a CSV file, shown as a link that serves the file.
    const documentsBefore = await page.getByTestId('message-document').count();
    await send(page, '/statement');
    await expect
      .poll(() => page.getByTestId('message-document').count(), { timeout: 30_000, interval: 250 })
      .toBeGreaterThan(documentsBefore);
    const link = page.getByTestId('message-document').last();
    expect(await link.innerText()).toMatch(/statement-.*\.csv/);
    const href = await link.getAttribute('href');
    const csv = await (await fetch(new URL(href!, page.url()))).text();
    expect(csv.split('\r\n')[0]).toContain('entry_id');

    // The greeting with the menu keyboard, last on screen for the README's picture.
    seen = await botMessages(page).count();
    await send(page, '/start');
    await botSays(page, 'Pick what to do below', seen);
    await mkdir(dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: false });
  }, 240_000);

  it("sends /bulk's template back through 📎 and gets the summary, then the report", async () => {
    const page = await openAs(context!, url, 710000001);
    const documents = page.getByTestId('message-document');
    const before = await documents.count();
    await send(page, '/bulk');
    await expect.poll(() => documents.count(), { timeout: 30_000 }).toBeGreaterThan(before);
    // The template as a person gets it: a click on the document downloads it.
    const downloading = page.waitForEvent('download');
    await documents.filter({ hasText: 'bulk-template.csv' }).last().click();
    const template = await (await downloading).path();

    const seen = await botMessages(page).count();
    const choosing = page.waitForEvent('filechooser');
    await page.getByTestId('attach-button').click();
    await (await choosing).setFiles(template);
    const summary = await botSays(page, /Bulk top-up.*valid/, seen);
    await summary.getByTestId('inline-button').filter({ hasText: '✅' }).click();
    await botSays(page, 'Bulk top-up finished', seen);
    await expect
      .poll(() => documents.filter({ hasText: /bulk-report-.*\.csv/ }).count(), { timeout: 60_000 })
      .toBe(1);
    await page.close();
  }, 120_000);

  it('opens a t.me link to the bot as a new user: /start <payload> from a new ID, in that chat', async () => {
    const page = await openAs(context!, url, 710000003);
    const seen = await botMessages(page).count();
    await send(page, '/start');
    await botSays(page, /\S/, seen);
    // Invites make such links; any bot message holding one will do, so the test writes one as the bot.
    const info = (await (await fetch(new URL('/_standin/info', url))).json()) as {
      bot: { username: string };
    };
    const link = `https://t.me/${info.bot.username}?start=x`;
    const answer = await fetch(new URL(`/bot${DEFAULT_TOKEN}/sendMessage`, url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: 710000003, text: `Open ${link} to join` }),
    });
    expect(answer.status).toBe(200);

    await page.getByTestId('deep-link').last().click();
    await expect.poll(() => page.getByTestId('current-user-id').innerText()).not.toBe('710000003');
    const newId = Number(await page.getByTestId('current-user-id').innerText());
    expect([710000001, 710000002, 710000003, 710000004]).not.toContain(newId);
    const start = (await standInUpdates(url)).find((u) => u.message?.from?.id === newId)?.message;
    expect(start).toMatchObject({ text: '/start x', chat: { id: newId, type: 'private' } });
    // The bot answers the newcomer in their chat, now on the page.
    await botSays(page, String(newId), 0);
    await page.close();
  }, 60_000);

  it('answers in the language chosen for the person', async () => {
    const page = await openAs(context!, url, 710000004);
    await page.getByTestId('language-switcher').selectOption('es');
    await expect.poll(() => languageOf(url, 710000004)).toBe('es');
    const seen = await botMessages(page).count();
    await send(page, '/start');
    await botSays(page, '¡Hola, Sam!', seen);
    await page.close();
  }, 60_000);

  it('Ada invites; the person who opens the link (in Arabic) tops up, numbers and IDs left to right', async () => {
    const page = await openAs(context!, url, 710000003);
    await inviteFromAda(page);
    // The newcomer speaks Arabic: the page gives a new person the language chosen on it.
    await page.getByTestId('language-switcher').selectOption('ar');
    await page.getByTestId('deep-link').last().click();
    await expect.poll(() => page.getByTestId('current-user-id').innerText()).not.toBe('710000003');
    // The invite gave the role at once: the welcome, then the greeting with the menu keyboard.
    await botSays(page, '🎉', 0);
    let seen = await botMessages(page).count();
    await send(page, '/topup +2348031234952 500 MTN');
    const quote = await botSays(page, '+234 803 123 4952', seen);
    expect(await drawnLeftToRight(quote, '+234 803 123 4952')).toBe(true);
    expect(await drawnLeftToRight(quote, '500.00 NGN')).toBe(true);
    seen = await botMessages(page).count();
    await quote.getByTestId('inline-button').filter({ hasText: '✅' }).click();
    // The order's status message: its service order ID and merchant order number, each drawn left to right.
    const status = await botSays(page, /O-[A-Za-z0-9-]+/, seen);
    const orderId = /O-[A-Za-z0-9-]+/.exec(await status.innerText())![0];
    const number = /rb-[0-9a-z-]+/.exec(await status.innerText())?.[0];
    expect(await drawnLeftToRight(status, orderId)).toBe(true);
    if (number !== undefined) expect(await drawnLeftToRight(status, number)).toBe(true);
    await page.close();
  }, 120_000);

  it('stops cleanly on Ctrl-C', async () => {
    const running = demo!;
    // Ctrl-C in a terminal signals the whole foreground process group.
    const pgid = running.proc.pid!;
    expect(groupMembers(pgid).some((line) => line.includes('redis-server'))).toBe(true);
    process.kill(-pgid, 'SIGINT');
    await running.exited;
    await waitUntil(
      () => (groupMembers(pgid).length === 0 ? true : undefined),
      20_000,
      () => `no process left; still: ${groupMembers(pgid).join(' | ')}`,
    );
    expect(running.stderr.join('')).toContain('stopping the demo');
  }, 60_000);
});

describe('npm run demo without redis-server', () => {
  it('says how to install it, and exits non-zero', async () => {
    // A PATH holding node only: no redis-server to be found.
    const env: NodeJS.ProcessEnv = { PATH: dirname(process.execPath), HOME: process.env.HOME ?? '/tmp' };
    const proc = spawn(process.execPath, ['src/demo.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    proc.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    proc.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => proc.once('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(output).toContain('redis-server was not found');
    expect(output).toContain('apt-get install redis-server');
    expect(output).toContain('brew install redis');
    expect(output).not.toContain('Chat page:');
  });
});
