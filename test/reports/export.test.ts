import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { utcDay } from '../../src/accounts/ledger.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { ADMIN, AGENT, RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { eventually, ngNumber, placeOrder } from '../bot/agents-support.ts';
import { FAST_CHATS } from '../bot/flow/helpers.ts';

const OTHER_RESELLER = 710_000_061;
/** Small enough that an export of a handful of orders is split into several files. */
const PART_MAX_BYTES = 900;

type Row = Record<string, string>;

describe('/export: orders as CSV documents, per role, streamed and split', () => {
  let world: BotWorld;
  let app: App;
  const mine: StoredOrder[] = [];
  let others: StoredOrder;
  let admins: StoredOrder;
  const today = utcDay(Date.now());

  beforeAll(async () => {
    world = await startBotWorld({
      env: { EXPORT_PART_MAX_BYTES: String(PART_MAX_BYTES) },
      overrides: FAST_CHATS,
    });
    app = world.apps[0]!;
    world.standIn.driver.user({ id: OTHER_RESELLER, firstName: 'Olu', languageCode: 'en', started: true });
    await app.roles.change(0, OTHER_RESELLER, 'reseller');
    for (let i = 1; i <= 3; i++)
      mine.push(await placeOrder(app, { resellerId: RESELLER, account: ngNumber(i) }));
    others = await placeOrder(app, { resellerId: OTHER_RESELLER, account: ngNumber(4) });
    admins = await placeOrder(app, { resellerId: ADMIN, account: ngNumber(5) });
    await eventually(async () => {
      const all = await Promise.all(
        [...mine, others, admins].map((o) => app.orders.service.get(o.externalOrderId)),
      );
      return all.every((o) => o?.status === 'succeeded');
    });
  }, 90_000);

  afterAll(async () => {
    await world?.close();
  });

  /** Sends `/export …` and collects every document up to the closing message. */
  async function exportAs(user: StandInUser, command: string) {
    const sent = user.sendCommand(command);
    const closing = await user.waitForBotMessage(
      (m: ChatMessage) => m.text.startsWith('Export finished') || m.text.startsWith('Send /export'),
      { after: sent.messageId, timeoutMs: 30_000 },
    );
    const documents = user
      .chat()
      .filter((m) => m.from === 'bot' && m.kind === 'document' && m.id > sent.messageId && m.id < closing.id);
    const files = documents.map((m) => {
      const content = world.standIn.driver.fileBytes(m.file?.fileId ?? '');
      if (content === undefined) throw new Error(`document ${m.file?.name ?? ''} has no content`);
      const bytes = Buffer.from(content);
      return { name: m.file?.name ?? '', caption: m.text, bytes, text: bytes.toString('utf8') };
    });
    const rows: Row[] = files.flatMap(
      (f) => parse(f.text, { columns: true, skip_empty_lines: true }) as Row[],
    );
    return { closing, files, rows };
  }

  const numbers = (rows: Row[]) => rows.map((r) => r['merchant_order_number']).sort();

  it('a reseller gets their own orders only, with no merchant price and masked numbers', async () => {
    const rita = world.standIn.driver.user({ id: RESELLER });
    const { rows, closing, files } = await exportAs(rita, '/export');
    expect(numbers(rows)).toEqual(mine.map((o) => o.externalOrderId).sort());
    expect(closing.text).toBe(
      `Export finished: 3 orders in ${files.length} file${files.length === 1 ? '' : 's'}.`,
    );
    const header = files[0]!.text.split('\r\n')[0]!;
    expect(header).not.toContain('merchant_price');
    expect(header).not.toContain('reseller_id');
    for (const row of rows) {
      expect(row['status']).toBe('succeeded');
      expect(row['number']).not.toMatch(/\d{7}/);
      expect(row['events']).toMatch(/create:accepted@.*;.*succeeded@/);
      expect(row['created_at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(row['service_order_id']).toMatch(/^O-/);
      const order = mine.find((o) => o.externalOrderId === row['merchant_order_number'])!;
      expect(row['local_amount']).toBe(order.quote.localAmount);
      expect(row['reseller_price']).toBe(
        order.quote.resellerPrice ?? order.credit?.amount ?? order.quote.merchantPrice,
      );
    }
    for (const file of files) expect(file.text).not.toContain(others.externalOrderId);
  });

  it('an agent gets every order with its reseller, still no merchant price and no full number', async () => {
    const aziz = world.standIn.driver.user({ id: AGENT });
    const { rows, files } = await exportAs(aziz, `/export ${today} ${today}`);
    expect(numbers(rows)).toEqual([...mine, others, admins].map((o) => o.externalOrderId).sort());
    expect(files[0]!.text.split('\r\n')[0]).not.toContain('merchant_price');
    expect(rows.find((r) => r['merchant_order_number'] === others.externalOrderId)?.['reseller_id']).toBe(
      String(OTHER_RESELLER),
    );
    // Beside the ID, the reseller's Telegram name once they wrote to the bot (Rita did, the other never has).
    const nameOf = (order: StoredOrder) =>
      rows.find((r) => r['merchant_order_number'] === order.externalOrderId)?.['reseller_name'];
    expect(nameOf(mine[0]!)).toBe('Rita');
    expect(nameOf(others)).toBe('');
    for (const row of rows) expect(row['number']).not.toMatch(/\d{7}/);
  });

  it('an admin gets every order with the merchant price and the full number, split into files under the limit', async () => {
    const ada = world.standIn.driver.user({ id: ADMIN });
    const { rows, files, closing } = await exportAs(ada, `/export ${today}`);
    expect(numbers(rows)).toEqual([...mine, others, admins].map((o) => o.externalOrderId).sort());
    expect(files.length).toBeGreaterThan(1);
    expect(closing.text).toBe(
      `Export finished: 5 orders in ${files.length} file${files.length === 1 ? '' : 's'}.`,
    );
    for (const [i, file] of files.entries()) {
      expect(file.name).toBe(`orders-${today}-${today}-${i + 1}.csv`);
      const lines = file.text.split('\r\n').filter(Boolean);
      // Every file starts with the header; only a file of one row may pass the limit.
      expect(lines[0]).toContain('merchant_price');
      if (lines.length > 2) expect(file.bytes.length).toBeLessThanOrEqual(PART_MAX_BYTES);
    }
    const row = rows.find((r) => r['merchant_order_number'] === mine[0]!.externalOrderId)!;
    expect(row['number']).toBe(mine[0]!.request.account);
    expect(row['merchant_price']).toBe(mine[0]!.quote.merchantPrice);
  });

  it('filters by status, and an export of nothing still sends the header', async () => {
    const ada = world.standIn.driver.user({ id: ADMIN });
    const succeeded = await exportAs(ada, `/export ${today} ${today} succeeded`);
    expect(succeeded.rows).toHaveLength(5);
    const refunded = await exportAs(ada, `/export ${today} ${today} refunded`);
    expect(refunded.rows).toHaveLength(0);
    expect(refunded.files).toHaveLength(1);
    expect(refunded.closing.text).toBe('Export finished: 0 orders in 1 file.');
  });

  it('bad input gets the usage and no document', async () => {
    const rita = world.standIn.driver.user({ id: RESELLER });
    for (const command of [
      '/export 2026-13-01',
      '/export yesterday',
      `/export ${today} 2020-01-01`,
      `/export ${today} ${today} done`,
      '/export 2026-01-01 2026-01-02 2026-01-03',
    ]) {
      const { closing, files } = await exportAs(rita, command);
      expect(closing.text).toMatch(/^Send \/export \[from\] \[to\] \[status\]/);
      expect(files).toHaveLength(0);
    }
  });
});
