import { Decimal } from 'decimal.js';
import { ambiguousComma, type CommaReadings } from './amount.ts';
import type { MarginRule, PricingScope } from './pricing.ts';

/**
 * The `/pricing` command's arguments (pure):
 *   (nothing) | list                                   the rules
 *   set <scope> [<percent>%] [+<fixed>] [min <x>] [max <y>]
 *   del <scope>
 * scope: `default`, `country <CC>`, `operator <CC> <operator key>`, `reseller <user id>`. The rule's parts may
 * come in any order; at least a percentage or a fixed fee. `,` is read as a decimal point, except before exactly
 * three digits (`1,000`), which is refused as `ambiguous` with both readings.
 */

type PricingCommand =
  | { kind: 'list' }
  | { kind: 'set'; scope: PricingScope; rule: MarginRule }
  | { kind: 'del'; scope: PricingScope };

/** Why the arguments were refused; each has its own localised answer. */
type PricingSyntaxProblem =
  | 'usage'
  | 'scope'
  | 'country'
  | 'operator'
  | 'reseller'
  | 'rule-missing'
  | 'percent'
  | 'fixed'
  | 'min'
  | 'max'
  | 'min-above-max'
  | 'repeated'
  | 'unknown-part'
  | 'ambiguous';

export type PricingParse =
  | { ok: true; command: PricingCommand }
  | { ok: false; problem: Exclude<PricingSyntaxProblem, 'ambiguous'>; part?: string }
  | { ok: false; problem: 'ambiguous'; part: string; readings: CommaReadings };

type Refusal = Extract<PricingParse, { ok: false }>;

/** Money in a rule: the API's 4 decimals at most. */
const MONEY = /^\d{1,9}(?:\.\d{1,4})?$/;
/** Up to 999.9999 %, like PRICE_MARGIN_PERCENT. */
const PERCENT = /^\d{1,3}(?:\.\d{1,4})?$/;
const COUNTRY = /^[A-Za-z]{2}$/;
const OPERATOR = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

function fail(problem: Exclude<PricingSyntaxProblem, 'ambiguous'>, part?: string): PricingParse {
  return part === undefined ? { ok: false, problem } : { ok: false, problem, part };
}

/** An exact decimal text from a typed number (`,` as the decimal point), or null. */
function money(text: string | undefined): string | null {
  if (text === undefined) return null;
  const plain = text.replace(',', '.');
  return MONEY.test(plain) ? new Decimal(plain).toFixed() : null;
}

/** `word` refused when its number (between `lead` and `suffix`) has an ambiguous comma; null otherwise. */
function ambiguous(word: string | undefined, lead = '', suffix = ''): Refusal | null {
  if (word === undefined) return null;
  const readings = ambiguousComma(word.slice(lead.length, word.length - suffix.length));
  if (readings === null) return null;
  return {
    ok: false,
    problem: 'ambiguous',
    part: word,
    readings: { whole: `${lead}${readings.whole}${suffix}`, point: `${lead}${readings.point}${suffix}` },
  };
}

/** Reads the scope at the start of `words`; returns it and the words after it. */
function readScope(
  words: string[],
):
  | { ok: true; scope: PricingScope; rest: string[] }
  | { ok: false; problem: Exclude<PricingSyntaxProblem, 'ambiguous'>; part?: string } {
  const [kind, a, b] = words;
  switch (kind?.toLowerCase()) {
    case 'default':
      return { ok: true, scope: { kind: 'default' }, rest: words.slice(1) };
    case 'country':
      if (a === undefined || !COUNTRY.test(a)) return { ok: false, problem: 'country', part: a ?? '' };
      return { ok: true, scope: { kind: 'country', country: a.toUpperCase() }, rest: words.slice(2) };
    case 'operator':
      if (a === undefined || !COUNTRY.test(a)) return { ok: false, problem: 'country', part: a ?? '' };
      if (b === undefined || !OPERATOR.test(b)) return { ok: false, problem: 'operator', part: b ?? '' };
      return {
        ok: true,
        scope: { kind: 'operator', country: a.toUpperCase(), operatorKey: b.toUpperCase() },
        rest: words.slice(3),
      };
    case 'reseller':
      if (a === undefined || !/^\d{1,15}$/.test(a) || Number(a) < 1) {
        return { ok: false, problem: 'reseller', part: a ?? '' };
      }
      return { ok: true, scope: { kind: 'reseller', resellerId: Number(a) }, rest: words.slice(2) };
    default:
      return { ok: false, problem: 'scope', part: kind ?? '' };
  }
}

/** Reads the rule's parts: `<p>%`, `+<fixed>`, `min <x>`, `max <y>`, each at most once. */
function readRule(words: string[]): { ok: true; rule: MarginRule } | Refusal {
  let percent: string | undefined;
  let fixed: string | undefined;
  let min: string | undefined;
  let max: string | undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const lower = word.toLowerCase();
    if (lower === 'min' || lower === 'max') {
      const unclear = ambiguous(words[i + 1]);
      if (unclear !== null) return unclear;
      const value = money(words[i + 1]);
      if (value === null) return { ok: false, problem: lower, part: words[i + 1] ?? '' };
      if ((lower === 'min' ? min : max) !== undefined) return { ok: false, problem: 'repeated', part: lower };
      if (lower === 'min') min = value;
      else max = value;
      i += 1;
    } else if (word.endsWith('%')) {
      const unclear = ambiguous(word, '', '%');
      if (unclear !== null) return unclear;
      const text = word.slice(0, -1).replace(',', '.');
      if (!PERCENT.test(text)) {
        return { ok: false, problem: 'percent', part: word };
      }
      if (percent !== undefined) return { ok: false, problem: 'repeated', part: '%' };
      percent = new Decimal(text).toFixed();
    } else if (word.startsWith('+')) {
      const unclear = ambiguous(word, '+');
      if (unclear !== null) return unclear;
      const value = money(word.slice(1));
      if (value === null) return { ok: false, problem: 'fixed', part: word };
      if (fixed !== undefined) return { ok: false, problem: 'repeated', part: '+' };
      fixed = value;
    } else {
      return { ok: false, problem: 'unknown-part', part: word };
    }
  }
  if (percent === undefined && fixed === undefined) return { ok: false, problem: 'rule-missing' };
  if (min !== undefined && max !== undefined && new Decimal(min).greaterThan(max)) {
    return { ok: false, problem: 'min-above-max' };
  }
  return {
    ok: true,
    rule: {
      percent: percent ?? '0',
      fixed: fixed ?? '0',
      ...(min === undefined ? {} : { min }),
      ...(max === undefined ? {} : { max }),
    },
  };
}

/** Parses the text after `/pricing`; never throws. */
export function parsePricingCommand(args: string): PricingParse {
  const words = args.trim().split(/\s+/).filter(Boolean);
  const [verb, ...rest] = words;
  if (verb === undefined || verb.toLowerCase() === 'list') {
    return rest.length === 0 ? { ok: true, command: { kind: 'list' } } : fail('usage');
  }
  const action = verb.toLowerCase();
  if (action !== 'set' && action !== 'del') return fail('usage');
  if (rest.length === 0) return fail('usage');
  const scope = readScope(rest);
  if (!scope.ok) return fail(scope.problem, scope.part);
  if (action === 'del') {
    return scope.rest.length === 0
      ? { ok: true, command: { kind: 'del', scope: scope.scope } }
      : fail('unknown-part', scope.rest[0]);
  }
  const rule = readRule(scope.rest);
  if (!rule.ok) return rule;
  return { ok: true, command: { kind: 'set', scope: scope.scope, rule: rule.rule } };
}
