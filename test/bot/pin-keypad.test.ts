import { describe, expect, it } from 'vitest';
import {
  keypadEntryAction,
  keypadSubmitAction,
  parseKeypadAction,
  redactKeypadData,
} from '../../src/bot/callback-data/pin-keypad.ts';
import { topUpData } from '../../src/bot/callback-data/top-up.ts';
import { compactReplay, SECRET_WAIT } from '../../src/bot/conversations/compact-replay.ts';
import { pinKeypad } from '../../src/bot/keyboards/pin-keypad.ts';

describe('PIN keypad callback data', () => {
  it('each button carries the entry after its press, within the 64-byte limit; ⌫ takes one back; 8 digits at most', () => {
    const data = (action: string) => topUpData('abc123', 17, action);
    const labels = { ok: '✅ OK', cancel: '❌ Cancel', cancelAction: 'cancel' };
    const rows = pinKeypad('4821', data, labels).inline_keyboard;
    const byText = new Map(rows.flat().map((b) => [b.text, (b as { callback_data: string }).callback_data]));
    expect(byText.get('7')).toBe('t:abc123:17:pk:48217');
    expect(byText.get('0')).toBe('t:abc123:17:pk:48210');
    expect(byText.get('⌫')).toBe('t:abc123:17:pk:482');
    expect(byText.get('✅ OK')).toBe('t:abc123:17:po:4821');
    expect(byText.get('❌ Cancel')).toBe('t:abc123:17:cancel');
    const full = pinKeypad('12345678', data, labels).inline_keyboard.flat();
    expect(full.find((b) => b.text === '9')).toMatchObject({ callback_data: 't:abc123:17:pk:12345678' });
    for (const b of full)
      expect(Buffer.byteLength((b as { callback_data: string }).callback_data)).toBeLessThanOrEqual(64);
  });

  it('parses what it builds, and nothing else', () => {
    expect(parseKeypadAction(keypadEntryAction(''))).toEqual({ kind: 'entry', entry: '' });
    expect(parseKeypadAction(keypadEntryAction('0042'))).toEqual({ kind: 'entry', entry: '0042' });
    expect(parseKeypadAction(keypadSubmitAction('98765432'))).toEqual({ kind: 'submit', entry: '98765432' });
    for (const other of ['ok', 'no', 'cancel', 'p:2', 'pk:123456789', 'pk:12a4', 'po']) {
      expect(parseKeypadAction(other)).toBeUndefined();
    }
  });

  it('redaction keeps the length of the entry and hides every digit; other data is untouched', () => {
    expect(redactKeypadData('t:abc123:3:pk:4821')).toBe('t:abc123:3:pk:****');
    expect(redactKeypadData('t:abc123:3:po:48217')).toBe('t:abc123:3:po:*****');
    expect(parseKeypadAction('po:*****')).toEqual({ kind: 'submit', entry: '*****' });
    for (const other of ['t:abc123:3:ok', 't:abc123:3:a:500', 'ord:open:rb-1', 'rp:s:rb-2']) {
      expect(redactKeypadData(other)).toBe(other);
    }
  });
});

describe('the stored replay of a flow holds no PIN', () => {
  it('texts of secret waits are redacted (a command keeps its name), keypad data everywhere, other texts kept', () => {
    const update = (text: string) => ({ message: { message_id: 9, chat: { id: 5 }, from: { id: 5 }, text } });
    const press = (data: string) => ({
      callback_query: { id: 'q', from: { id: 5 }, data, message: { message_id: 8, chat: { id: 5 } } },
    });
    const stored = {
      version: [0, 4],
      state: {
        topUp: [
          {
            replay: {
              send: [
                { payload: 'wait' },
                { payload: SECRET_WAIT },
                { payload: SECRET_WAIT },
                { payload: 'wait' },
                { payload: SECRET_WAIT },
              ],
              receive: [
                { send: 0, returnValue: update('5000') },
                { send: 1, returnValue: update('73051') },
                { send: 2, returnValue: update('/cancel 73051') },
                { send: 3, returnValue: press('t:f00bar:4:pk:7305') },
                { send: 4, returnValue: press('t:f00bar:4:po:73051') },
              ],
            },
          },
        ],
      },
    };
    const out = JSON.stringify(compactReplay(stored));
    expect(out).not.toContain('7305');
    expect(out).toContain('"5000"');
    expect(out).toContain('"/cancel"');
    expect(out).toContain('t:f00bar:4:pk:****');
    expect(out).toContain('t:f00bar:4:po:*****');
  });
});
