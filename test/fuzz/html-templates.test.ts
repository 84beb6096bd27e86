import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/config.ts';
import { createI18n, LOCALES_DIR, type Translate } from '../../src/bot/i18n.ts';
import { cardOfStored, type OrderCard } from '../../src/orders/card.ts';
import { renderCard } from '../../src/bot/order-card.ts';
import { escapeHtml, htmlToPlain } from '../../src/lib/html.ts';
import { personHtml } from '../../src/accounts/names.ts';
import { toHtmlPayload } from '../../src/lib/telegram/html-mode.ts';
import { alertLine } from '../../src/notify/alert-text.ts';
import type { AdminAlert } from '../../src/orders/alerts.ts';
import { finalMessage, rejectionMessage } from '../../src/notify/notices.ts';
import { statusMessage, type DisplayStatus } from '../../src/orders/texts.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import { formatText, parseHtml } from '../../src/sandbox/telegram/formatting.ts';

/**
 * Every text the bot sends is HTML. Generated text full of `&`, `<`, `>` and things that look like tags or
 * entities goes through every message of every locale and through the order, status and alert builders; the
 * result must parse as Telegram's HTML (the stand-in's parser models tdlib's) and show the text as typed.
 */

const i18n = createI18n('en');
const t: Translate = (locale, key, vars) => i18n.t(locale, key, vars);

/** Text a user, the catalogue or the Merchant API could send: markup-like pieces mixed with ordinary ones. */
const nasty = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      '&',
      '<',
      '>',
      '"',
      "'",
      '&amp;',
      '&lt;',
      '<b>',
      '</b>',
      '<code>',
      '</i>',
      '&#65;',
      '&nbsp;',
    ),
    fc.constantFrom('a', 'Z', '7', ' ', 'é', 'ß', '💰', '·', '-', '/', ';'),
  ),
  minLength: 1,
  maxLength: 16,
});

/** Parses as Telegram does (refusing what Telegram refuses) and returns the visible text. */
function visible(html: string): string {
  formatText({ text: html, parseMode: 'HTML', entities: undefined }, true);
  return parseHtml(html).text;
}

interface Template {
  key: string;
  /** Variables shown as text (`{ $name }`). */
  shown: string[];
  /** Variables that choose a variant (`{ $count -> … }`): numbers. */
  selectors: string[];
}

/** The messages of one locale and their variables, read from the .ftl files (no hard-coded list). */
function templates(locale: string): Template[] {
  const dir = join(LOCALES_DIR, locale);
  const found: Template[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ftl'))) {
    let current: { key: string; source: string } | undefined;
    const flush = () => {
      if (current === undefined) return;
      const selectors = [...current.source.matchAll(/\{\s*\$([A-Za-z][\w-]*)\s*->/g)].map((m) => m[1]!);
      const shown = [...current.source.matchAll(/\{\s*\$([A-Za-z][\w-]*)\s*\}/g)]
        .map((m) => m[1]!)
        .filter((name) => !selectors.includes(name));
      found.push({ key: current.key, shown: [...new Set(shown)], selectors: [...new Set(selectors)] });
    };
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const start = /^([a-z][a-z0-9-]*)\s*=(.*)$/.exec(line);
      if (start) {
        flush();
        current = { key: start[1]!, source: start[2]! };
      } else if (current && (line.startsWith(' ') || line.trim() === '')) {
        current.source += `\n${line}`;
      } else if (!line.startsWith('#')) {
        flush();
        current = undefined;
      }
    }
    flush();
  }
  return found;
}

describe('every message template in HTML parse mode', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every message parses as Telegram's HTML and shows generated arguments as typed`, () => {
      const all = templates(locale);
      expect(all.length).toBeGreaterThan(100);
      fc.assert(
        fc.property(fc.array(nasty, { minLength: 8, maxLength: 8 }), fc.nat(1000), (values, count) => {
          for (const template of all) {
            const vars: Record<string, string | number> = {};
            template.shown.forEach((name, i) => (vars[name] = values[i % values.length]!));
            for (const name of template.selectors) vars[name] = count;
            const html = t(locale, template.key, vars);
            let text: string;
            try {
              text = visible(html);
            } catch (error) {
              throw new Error(`${locale} ${template.key}: ${(error as Error).message}\n${html}`, {
                cause: error,
              });
            }
            for (const name of template.shown) {
              if (!text.includes(vars[name] as string))
                throw new Error(
                  `${locale} ${template.key}: ${name} not shown as typed in ${JSON.stringify(text)}`,
                );
            }
          }
        }),
        { numRuns: 30 },
      );
    });
  }
});

const STATUSES: DisplayStatus[] = [
  'placing',
  'rejected',
  'accepted',
  'processing',
  'manual_review',
  'succeeded',
  'failed',
  'refunded',
  'on_hold_by_carrier',
];

/** An order whose every text field came from outside. */
const storedOrder = fc
  .record({
    operator: nasty,
    country: nasty,
    subtype: fc.oneof(fc.constantFrom('airtime', 'data', 'bundle'), nasty),
    statusTitle: nasty,
    statusMessage: nasty,
    nextStep: nasty,
    error: nasty,
    rejection: nasty,
    locale: fc.constantFrom(...LOCALES),
    credit: fc.boolean(),
  })
  .map((g): StoredOrder => ({
    externalOrderId: 'mo-7k2q-9xv4-tb3n',
    placement: 'placed',
    orderId: 'O-10000042',
    status: 'failed',
    rejection: { key: 'detail', message: g.rejection },
    request: {
      externalOrderId: 'mo-7k2q-9xv4-tb3n',
      country: 'NG',
      operatorKey: 'NG-MTN',
      amount: '500.0000',
      localCurrency: 'NGN',
      subtype: 'airtime',
      account: '2348031234567',
      quoteToken: 'qt',
    },
    quote: {
      countryName: g.country,
      operatorName: g.operator,
      subtype: g.subtype,
      localAmount: '500.0000',
      localCurrency: 'NGN',
      merchantPrice: '0.3400',
      merchantCurrency: 'USD',
      ...(g.credit ? { resellerPrice: '0.4100' } : {}),
      expiresAt: '2026-11-22T10:20:00.000Z',
    },
    resellerId: 1001,
    chatId: 1001,
    locale: g.locale,
    details: {
      statusTitle: g.statusTitle,
      statusMessage: g.statusMessage,
      nextStep: g.nextStep,
      maskedAccount: '234803****567',
      attempts: [
        {
          attemptNo: 1,
          status: 'failed',
          errorMessage: g.error,
          submittedAt: '2026-11-22T10:14:00.000Z',
          completedAt: null,
        },
      ],
      createdAt: '2026-11-22T10:14:00.000Z',
      updatedAt: '2026-11-22T10:15:00.000Z',
    } as NonNullable<StoredOrder['details']>,
    history: [{ status: 'failed', at: '2026-11-22T10:15:00.000Z', source: 'webhook' }],
    createdAt: '2026-11-22T10:14:00.000Z',
    updatedAt: '2026-11-22T10:15:00.000Z',
  }));

describe('order cards, status messages and alerts in HTML parse mode', () => {
  it('/status cards show the service and catalogue text as typed, for resellers and staff', () => {
    fc.assert(
      fc.property(storedOrder, fc.constantFrom(...STATUSES), fc.boolean(), (order, status, staff) => {
        const card: OrderCard = { ...cardOfStored(order), status };
        const text = visible(
          renderCard(t, order.locale, card, t(order.locale, 'agents-card-stale'), { staff }),
        );
        const d = order.details!;
        for (const shown of [order.quote.operatorName, d.statusTitle, d.statusMessage, d.nextStep])
          expect(text).toContain(shown);
        expect(text).toContain(d.attempts[0]!.errorMessage);
        expect(text).toContain('O-10000042');
      }),
      { numRuns: 150 },
    );
  });

  it('a distributor’s card of their network’s order shows the seller’s name as typed, and no merchant price', () => {
    fc.assert(
      fc.property(storedOrder, fc.constantFrom(...STATUSES), nasty, (order, status, name) => {
        const chained: StoredOrder = {
          ...order,
          quote: { ...order.quote, merchantPrice: '0.9712' },
          credit: {
            amount: '1.21',
            above: [
              { userId: 8, price: '1.10' },
              { userId: 7, price: '1.00' },
            ],
            currency: 'USD',
            day: '2026-11-22',
            state: 'held',
          },
        };
        const card: OrderCard = { ...cardOfStored(chained), status };
        const seller = personHtml(1001, { first: name });
        const text = visible(
          renderCard(t, order.locale, card, undefined, { staff: false, network: { userId: 7, seller } }),
        );
        expect(text).toContain(name);
        expect(text).toContain('1001');
        expect(text).not.toContain('0.97');
      }),
      { numRuns: 150 },
    );
  });

  it('the status message, the final messages and the refusal show names as typed', () => {
    fc.assert(
      fc.property(storedOrder, fc.constantFrom(...STATUSES), (order, status) => {
        const texts = [statusMessage(t, order, status), rejectionMessage(t, order)];
        const final = finalMessage(t, order, status);
        if (final !== null) texts.push(final);
        for (const html of texts) {
          const text = visible(html);
          expect(text).toContain(order.externalOrderId);
        }
        const status0 = visible(statusMessage(t, order, status));
        expect(status0).toContain(order.quote.operatorName);
        expect(status0).toContain(order.quote.countryName);
        if (!['airtime', 'data', 'bundle'].includes(order.quote.subtype))
          expect(status0).toContain(order.quote.subtype);
      }),
      { numRuns: 150 },
    );
  });

  it('every alert shows the text it carries as typed', () => {
    const alert = fc.oneof(
      fc.record({ kind: fc.constant('webhook-signature'), failures: fc.nat(5), reason: nasty }),
      fc.record({
        kind: fc.constant('quote-mismatch'),
        operatorKey: nasty,
        field: nasty,
        asked: nasty,
        quoted: nasty,
      }),
      fc.record({
        kind: fc.constant('unknown-order'),
        externalOrderId: nasty,
        orderId: nasty,
        event: nasty,
      }),
      fc.record({ kind: fc.constant('order-revived'), externalOrderId: nasty, orderId: nasty, key: nasty }),
      fc.record({ kind: fc.constant('order-number-conflict'), externalOrderId: nasty, field: nasty }),
      fc.record({ kind: fc.constant('placement-unreadable'), externalOrderId: nasty }),
      fc.record({
        kind: fc.constant('stale-order'),
        externalOrderId: nasty,
        status: fc.constantFrom('accepted', 'processing', 'weird<status>&'),
        ageMinutes: fc.nat(100),
      }),
      fc.record({
        kind: fc.constant('order-status'),
        externalOrderId: nasty,
        status: fc.constantFrom('failed', 'refunded', 'manual_review'),
      }),
      fc.record({
        kind: fc.constant('order-rejected'),
        externalOrderId: nasty,
        key: fc.constantFrom('balance', 'risk', 'wallet'),
      }),
      fc.record({
        kind: fc.constant('forbidden'),
        externalOrderId: nasty,
        operation: fc.constant('placement'),
      }),
      fc.record({
        kind: fc.constant('pin-locked'),
        userId: fc.nat(),
        tries: fc.nat(9),
        minutes: fc.nat(60),
        untilUnlock: fc.boolean(),
        locks: fc.nat(9),
      }),
      fc.record({
        kind: fc.constant('merchant-low-balance'),
        balance: fc.constant('12.5'),
        threshold: fc.constant('50'),
        currency: fc.constant('USD'),
      }),
      fc.record({ kind: fc.constant('rate-limited') }),
      fc.record({
        kind: fc.constant('invite-used'),
        userId: fc.nat(),
        firstName: nasty,
        lastName: nasty,
        username: fc.stringMatching(/^[A-Za-z0-9_]{5,32}$/),
        role: fc.constantFrom('reseller', 'agent', 'admin'),
        inviteId: fc.constant('K7QX2M'),
        by: fc.nat(),
      }),
    ) as fc.Arbitrary<AdminAlert>;
    fc.assert(
      fc.property(alert, fc.constantFrom(...LOCALES), (a, locale) => {
        const text = visible(alertLine(t, locale, a));
        // Money is formatted for the reader; every other string is shown as it came.
        if (a.kind === 'merchant-low-balance') return;
        for (const value of Object.values(a)) {
          if (typeof value === 'string' && value !== a.kind && !/^[a-z_]+$/.test(value))
            expect(text).toContain(value);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('plain-text places (buttons, callback answers, command menus)', () => {
  it('show the visible text of the HTML they were given, and messages go out in HTML mode', () => {
    fc.assert(
      fc.property(nasty, (typed) => {
        const label = `${escapeHtml(typed)} <b>x</b>`;
        expect(htmlToPlain(label)).toBe(`${typed} x`);
        const payload = toHtmlPayload('sendMessage', {
          chat_id: 1,
          text: label,
          reply_markup: { inline_keyboard: [[{ text: label, callback_data: 'x' }]] },
        });
        expect(payload['parse_mode']).toBe('HTML');
        const markup = payload['reply_markup'] as { inline_keyboard: Array<Array<{ text: string }>> };
        expect(markup.inline_keyboard[0]![0]!.text).toBe(`${typed} x`);
        expect(toHtmlPayload('answerCallbackQuery', { text: label })['text']).toBe(`${typed} x`);
      }),
      { numRuns: 200 },
    );
    // A caller's own parse mode or entities win.
    expect(toHtmlPayload('sendMessage', { text: 'x', entities: [] })['parse_mode']).toBeUndefined();
    expect(toHtmlPayload('sendPhoto', { caption: 'x' })['parse_mode']).toBe('HTML');
  });
});
