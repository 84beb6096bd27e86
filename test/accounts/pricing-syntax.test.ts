import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePricingCommand } from '../../src/accounts/pricing-syntax.ts';

describe('/pricing arguments', () => {
  it('lists with no arguments or "list"', () => {
    expect(parsePricingCommand('')).toEqual({ ok: true, command: { kind: 'list' } });
    expect(parsePricingCommand('  list ')).toEqual({ ok: true, command: { kind: 'list' } });
  });

  it('reads every scope and every part of a rule, in any order', () => {
    expect(parsePricingCommand('set default 3%')).toEqual({
      ok: true,
      command: { kind: 'set', scope: { kind: 'default' }, rule: { percent: '3', fixed: '0' } },
    });
    expect(parsePricingCommand('set country ng 2,5% +0.10 min 0.05 max 2')).toEqual({
      ok: true,
      command: {
        kind: 'set',
        scope: { kind: 'country', country: 'NG' },
        rule: { percent: '2.5', fixed: '0.1', min: '0.05', max: '2' },
      },
    });
    expect(parsePricingCommand('SET operator NG ng-mtn max 1 +0.2 1.25%')).toEqual({
      ok: true,
      command: {
        kind: 'set',
        scope: { kind: 'operator', country: 'NG', operatorKey: 'NG-MTN' },
        rule: { percent: '1.25', fixed: '0.2', max: '1' },
      },
    });
    expect(parsePricingCommand('set reseller 710000001 +0.25')).toEqual({
      ok: true,
      command: {
        kind: 'set',
        scope: { kind: 'reseller', resellerId: 710000001 },
        rule: { percent: '0', fixed: '0.25' },
      },
    });
    expect(parsePricingCommand('del operator NG NG-MTN')).toEqual({
      ok: true,
      command: { kind: 'del', scope: { kind: 'operator', country: 'NG', operatorKey: 'NG-MTN' } },
    });
  });

  it.each([
    ['frobnicate', 'usage'],
    ['list everything', 'usage'],
    ['set', 'usage'],
    ['del', 'usage'],
    ['set planet 3%', 'scope'],
    ['set country Nigeria 3%', 'country'],
    ['set operator NG', 'operator'],
    ['set operator NG MTN!! 2%', 'operator'],
    ['set reseller bob 2%', 'reseller'],
    ['set reseller 0 2%', 'reseller'],
    ['set default', 'rule-missing'],
    ['set default min 1', 'rule-missing'],
    ['set default -3%', 'percent'],
    ['set default abc%', 'percent'],
    ['set default 1e3%', 'percent'],
    ['set default 1000%', 'percent'],
    ['set default 2.12345%', 'percent'],
    ['set default +0.123456', 'fixed'],
    ['set default +x', 'fixed'],
    ['set default 2% min', 'min'],
    ['set default 2% max -1', 'max'],
    ['set default 2% min 3 max 1', 'min-above-max'],
    ['set default 2% 3%', 'repeated'],
    ['set default 2% +1 +2', 'repeated'],
    ['set default 2% banana', 'unknown-part'],
    ['del default 2%', 'unknown-part'],
  ])('refuses %j (%s)', (text, problem) => {
    const parsed = parsePricingCommand(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toBe(problem);
  });

  it('a comma before exactly three digits in a percentage, a fee, min or max is refused with both readings', () => {
    expect(parsePricingCommand('set default 1,000%')).toEqual({
      ok: false,
      problem: 'ambiguous',
      part: '1,000%',
      readings: { whole: '1000%', point: '1.000%' },
    });
    expect(parsePricingCommand('set default 2% +1,250')).toEqual({
      ok: false,
      problem: 'ambiguous',
      part: '+1,250',
      readings: { whole: '+1250', point: '+1.250' },
    });
    expect(parsePricingCommand('set default 2% min 1,000')).toMatchObject({
      problem: 'ambiguous',
      part: '1,000',
    });
    expect(parsePricingCommand('set default 2% max 5,000')).toMatchObject({
      problem: 'ambiguous',
      part: '5,000',
    });
    // One or two digits after the comma can only be decimals.
    expect(parsePricingCommand('set default 2,5% +0,10 min 1,5')).toMatchObject({
      ok: true,
      command: { rule: { percent: '2.5', fixed: '0.1', min: '1.5' } },
    });
  });

  it('never throws, and an accepted rule holds exact decimals with min <= max', () => {
    const word = fc.oneof(
      fc.constantFrom('set', 'del', 'list', 'default', 'country', 'operator', 'reseller', 'min', 'max'),
      fc.constantFrom('NG', 'NG-MTN', '42', '2%', '+0.5', '1,5%', '0.0001', '%', '+', '-1'),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 8 }), (words) => {
        const parsed = parsePricingCommand(words.join(' '));
        if (parsed.ok && parsed.command.kind === 'set') {
          const { rule } = parsed.command;
          for (const v of [rule.percent, rule.fixed, rule.min, rule.max]) {
            if (v !== undefined) expect(v).toMatch(/^\d+(\.\d+)?$/);
          }
          if (rule.min !== undefined && rule.max !== undefined) {
            expect(new Decimal(rule.min).lessThanOrEqualTo(rule.max)).toBe(true);
          }
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
