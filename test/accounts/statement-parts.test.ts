import { parse } from 'csv-parse/sync';
import { Decimal } from 'decimal.js';
import { InputFile, type Transformer } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { formatMoney } from '../../src/domain/money.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { ADMIN, RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { FAST_USER } from '../bot/flow/helpers.ts';

const PART_MAX_BYTES = 2_000;
const ENTRIES = 60;

/** The documents the bot sent, read from the real sendDocument calls on their way to the stand-in. */
const sentDocuments: { name: string; caption: string; text: string }[] = [];
const captureDocuments: Transformer = async (prev, method, payload, signal) => {
  if (method === 'sendDocument') {
    const { document: file, caption } = payload as {
      document?: { filename?: string; toRaw(): Promise<Uint8Array | AsyncIterable<Uint8Array>> };
      caption?: string;
    };
    if (file !== undefined && typeof file.toRaw === 'function') {
      const raw = await file.toRaw();
      const chunks: Uint8Array[] = [];
      if (raw instanceof Uint8Array) chunks.push(raw);
      else for await (const chunk of raw) chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('utf8');
      sentDocuments.push({ name: file.filename ?? '', caption: caption ?? '', text });
      // The stand-in gets the bytes already read (a stream is read once).
      const copy = new InputFile(Buffer.from(text, 'utf8'), file.filename);
      return prev(method, { ...payload, document: copy } as typeof payload, signal);
    }
  }
  return prev(method, payload, signal);
};

// /statement reads the ledger page by page and splits it into documents of at most EXPORT_PART_MAX_BYTES, as
// /export does: a long period never sits in memory whole.
describe('/statement over a long period', () => {
  let world: BotWorld;
  let app: App;
  let currency: string;

  beforeAll(async () => {
    world = await startBotWorld({
      env: { ...FAST_USER, RESELLER_START_CREDIT: '10', EXPORT_PART_MAX_BYTES: String(PART_MAX_BYTES) },
    });
    app = world.apps[0]!;
    app.bot.bot.api.config.use(captureDocuments);
    currency = await app.accounts.currency();
    for (let i = 0; i < ENTRIES; i++) {
      const amount = new Decimal(i % 3 === 2 ? '-0.25' : '1.5');
      await app.accounts.credit(RESELLER, amount, { adminId: ADMIN, note: `float ${i}, week ${i % 7}` });
    }
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it('a long period comes out in several documents of at most the part size, and no entry is lost', async () => {
    const rita = world.standIn.driver.user({ id: RESELLER });
    const today = new Date().toISOString().slice(0, 10);
    const m = (v: Decimal | string) => formatMoney(new Decimal(v).toFixed(), currency);
    const sent = sentDocuments.length;
    const asked = rita.sendCommand(`/statement ${today} ${today}`);
    const summary: ChatMessage = await rita.waitForBotMessage(
      (msg) => msg.kind === 'text' && msg.text.startsWith('Statement of'),
      {
        after: asked.messageId,
        timeoutMs: 20_000,
      },
    );
    const docs = sentDocuments.slice(sent);
    expect(docs.length).toBeGreaterThan(1);
    const rows: string[][] = [];
    docs.forEach((doc, i) => {
      expect(doc.name).toBe(`statement-${RESELLER}-${today}-${today}-${i + 1}.csv`);
      expect(doc.caption).toBe(`Statement of <code>${RESELLER}</code>, ${today} to ${today}, file ${i + 1}`);
      expect(Buffer.byteLength(doc.text)).toBeLessThanOrEqual(PART_MAX_BYTES);
      const [header, ...body] = parse(doc.text) as string[][];
      expect(header![0]).toBe('entry_id');
      expect(body.length).toBeGreaterThan(0);
      rows.push(...body);
    });
    // Every entry once, in order: the start credit and the 60 moves.
    const entries = await app.accounts.allEntries(RESELLER);
    expect(rows.map((r) => r[0])).toEqual(entries.map((e) => e.id));
    expect(rows.map((r) => r[10])).toEqual(entries.map((e) => e.note));
    // A reseller's own statement does not name the admins behind the credits.
    expect(new Set(rows.map((r) => r[9]))).toEqual(new Set(['']));
    const view = await app.accounts.view(RESELLER);
    const credits = entries
      .filter((e) => new Decimal(e.amount).gt(0))
      .reduce((s, e) => s.plus(e.amount), new Decimal(0));
    const debits = entries
      .filter((e) => new Decimal(e.amount).lt(0))
      .reduce((s, e) => s.minus(e.amount), new Decimal(0));
    // The summary follows the last document, with the totals of every part.
    expect(summary.text).toBe(
      `Statement of ${RESELLER}, ${today} to ${today}: opening ${m('0')}, credits ${m(credits)}, debits ${m(debits)}, closing ${m(view.balance)} (${entries.length} entries).`,
    );
  });

  it("an admin's statement names the reseller in its captions and the admin beside each `admin:<id>` reference", async () => {
    const ada = world.standIn.driver.user({ id: ADMIN });
    const today = new Date().toISOString().slice(0, 10);
    const sent = sentDocuments.length;
    const asked = ada.sendCommand(`/statement ${RESELLER} ${today} ${today}`);
    const summary = await ada.waitForBotMessage(
      (msg) => msg.kind === 'text' && msg.text.startsWith('Statement of'),
      {
        after: asked.messageId,
        timeoutMs: 20_000,
      },
    );
    // Rita wrote to the bot in the test before, Ada just now: both names are known.
    expect(summary.text).toMatch(new RegExp(`^Statement of \u2068Rita\u2069 ${RESELLER}, `));
    const docs = sentDocuments.slice(sent);
    expect(docs[0]!.caption).toBe(
      `Statement of \u2068Rita\u2069 <code>${RESELLER}</code>, ${today} to ${today}, file 1`,
    );
    const rows = docs.flatMap((doc) => parse(doc.text, { columns: true }) as Record<string, string>[]);
    expect(rows.length).toBe((await app.accounts.allEntries(RESELLER)).length);
    for (const row of rows) {
      expect(row['reference']).toBe(`admin:${ADMIN}`);
      expect(row['reference_name']).toBe('Ada');
    }
  });

  it('the ledger is read in pages: every entry of the period once, oldest first', async () => {
    const entries = await app.accounts.allEntries(RESELLER);
    const from = entries[5]!.at.getTime();
    const to = entries[40]!.at.getTime() + 1;
    const paged = [];
    for await (const entry of app.accounts.entriesIn(RESELLER, from, to, 7)) paged.push(entry);
    expect(paged).toEqual(entries.filter((e) => e.at.getTime() >= from && e.at.getTime() < to));
  });
});
