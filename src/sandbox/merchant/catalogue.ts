import { Money, money, type MoneyValue } from './format.ts';

export type Subtype = 'airtime' | 'data' | 'bundle';
export const SUBTYPES: readonly Subtype[] = ['airtime', 'data', 'bundle'];

interface CatalogueAmount {
  /** Local amount, 4-decimal string; `min === max` for a fixed amount. */
  min: string;
  max: string;
  currency: string;
  subtype: Subtype;
  label: string;
}

export interface CatalogueOperator {
  key: string;
  name: string;
  country: string;
  /** Operators without a hosted logo answer `logo_url: ""`, which the spec allows. */
  hasLogo: boolean;
  /** The merchant's discount on face value, in percent. */
  discountPercent: string;
  amounts: CatalogueAmount[];
}

export interface CatalogueCountry {
  code: string;
  name: string;
  callingCode: string;
  /** A valid mobile number (digits, with country code); replace its last 4 digits for a magic ending. */
  sampleNumber: string;
}

/**
 * Units of each currency per 1 USD (mid-2025-ish, rounded). Prices are computed from these with decimal.js:
 * merchant_price = amount / rate(local) * rate(wallet) * (1 - discount) * (1 + markup), half-up to 4 places.
 */
export const FX_PER_USD: Readonly<Record<string, string>> = {
  USD: '1',
  EUR: '0.92',
  GBP: '0.79',
  NGN: '1550',
  KES: '129.25',
  GHS: '15.45',
  INR: '84.6',
  MXN: '18.35',
  BRL: '5.62',
  PHP: '57.8',
  IDR: '16250',
  COP: '4120',
  PKR: '280.5',
  BDT: '120.1',
  EGP: '49.6',
  MAD: '9.95',
  HTG: '131.4',
};

export const COUNTRIES: readonly CatalogueCountry[] = [
  { code: 'NG', name: 'Nigeria', callingCode: '234', sampleNumber: '2348031234567' },
  { code: 'KE', name: 'Kenya', callingCode: '254', sampleNumber: '254712345678' },
  { code: 'GH', name: 'Ghana', callingCode: '233', sampleNumber: '233241234567' },
  { code: 'IN', name: 'India', callingCode: '91', sampleNumber: '919812345678' },
  { code: 'MX', name: 'Mexico', callingCode: '52', sampleNumber: '525512345678' },
  { code: 'BR', name: 'Brazil', callingCode: '55', sampleNumber: '5511987654321' },
  { code: 'PH', name: 'Philippines', callingCode: '63', sampleNumber: '639171234567' },
  { code: 'ID', name: 'Indonesia', callingCode: '62', sampleNumber: '6281234567890' },
  { code: 'CO', name: 'Colombia', callingCode: '57', sampleNumber: '573001234567' },
  { code: 'PK', name: 'Pakistan', callingCode: '92', sampleNumber: '923001234567' },
  { code: 'BD', name: 'Bangladesh', callingCode: '880', sampleNumber: '8801712345678' },
  { code: 'EG', name: 'Egypt', callingCode: '20', sampleNumber: '201001234567' },
  { code: 'MA', name: 'Morocco', callingCode: '212', sampleNumber: '212612345678' },
  { code: 'HT', name: 'Haiti', callingCode: '509', sampleNumber: '50934123456' },
];

const grouped = (value: string): string => {
  const [whole = '', fraction] = value.split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${withCommas}.${fraction}` : withCommas;
};

function fixed(currency: string, symbol: string, values: readonly number[]): CatalogueAmount[] {
  return values.map((value) => ({
    min: money(value),
    max: money(value),
    currency,
    subtype: 'airtime' as const,
    label: `${symbol}${grouped(String(value))} airtime`,
  }));
}

function range(currency: string, symbol: string, min: number, max: number): CatalogueAmount {
  return {
    min: money(min),
    max: money(max),
    currency,
    subtype: 'airtime',
    label: `Any amount from ${symbol}${grouped(String(min))} to ${symbol}${grouped(String(max))}`,
  };
}

function plan(currency: string, subtype: Subtype, value: number, label: string): CatalogueAmount {
  return { min: money(value), max: money(value), currency, subtype, label };
}

function op(
  key: string,
  name: string,
  discountPercent: string,
  amounts: CatalogueAmount[],
  hasLogo = true,
): CatalogueOperator {
  const country = key.slice(0, 2);
  return { key, name, country, hasLogo, discountPercent, amounts };
}

export const OPERATORS: readonly CatalogueOperator[] = [
  // Nigeria
  op('NG-MTN', 'MTN Nigeria', '3', [
    range('NGN', '₦', 50, 50000),
    plan('NGN', 'data', 350, '1 GB, 1 day'),
    plan('NGN', 'data', 1000, '1.5 GB, 30 days'),
    plan('NGN', 'data', 2000, '4.5 GB, 30 days'),
    plan('NGN', 'data', 5000, '15 GB, 30 days'),
    plan('NGN', 'bundle', 1500, 'XtraValue: ₦1,500 talk time + 1 GB, 30 days'),
  ]),
  op('NG-AIRTEL', 'Airtel Nigeria', '3', [
    range('NGN', '₦', 50, 50000),
    plan('NGN', 'data', 1000, '1.5 GB, 30 days'),
    plan('NGN', 'data', 3000, '10 GB, 30 days'),
  ]),
  op('NG-GLO', 'Glo Mobile', '4', [
    ...fixed('NGN', '₦', [100, 200, 500, 1000, 2000]),
    plan('NGN', 'data', 1000, '2.6 GB, 30 days'),
  ]),
  op('NG-9MOBILE', '9mobile', '4.5', fixed('NGN', '₦', [100, 200, 500, 1000]), false),
  // Kenya
  op('KE-SAFARICOM', 'Safaricom', '2.5', [
    range('KES', 'KSh ', 10, 10000),
    plan('KES', 'data', 50, '350 MB, 24 hours'),
    plan('KES', 'data', 250, '1.5 GB, 3 days'),
    plan('KES', 'data', 1000, '10 GB, 30 days'),
    plan('KES', 'bundle', 500, 'Tunukiwa: 500 minutes + 1 GB, 7 days'),
  ]),
  op('KE-AIRTEL', 'Airtel Kenya', '3', fixed('KES', 'KSh ', [20, 50, 100, 250, 500, 1000])),
  op('KE-TELKOM', 'Telkom Kenya', '3.5', fixed('KES', 'KSh ', [50, 100, 200, 500])),
  // Ghana
  op('GH-MTN', 'MTN Ghana', '2.5', [
    range('GHS', 'GH₵', 1, 1000),
    plan('GHS', 'data', 5, '400 MB, no expiry'),
    plan('GHS', 'data', 20, '2.5 GB, no expiry'),
    plan('GHS', 'data', 50, '7 GB, no expiry'),
  ]),
  op('GH-TELECEL', 'Telecel Ghana', '3', [range('GHS', 'GH₵', 1, 500)]),
  op('GH-AT', 'AT Ghana', '3.5', fixed('GHS', 'GH₵', [2, 5, 10, 20, 50])),
  // India
  op('IN-AIRTEL', 'Airtel India', '2', [
    ...fixed('INR', '₹', [10, 20, 50, 100, 500]),
    plan('INR', 'data', 19, '1 GB, 1 day'),
    plan('INR', 'data', 58, '3 GB, plan validity'),
    plan('INR', 'bundle', 299, 'Unlimited calls + 1.5 GB/day, 28 days'),
    plan('INR', 'bundle', 719, 'Unlimited calls + 1.5 GB/day, 84 days'),
  ]),
  // Jio sells plans only: asking for airtime there is "not available".
  op('IN-JIO', 'Jio', '2', [
    plan('INR', 'data', 15, '1 GB, plan validity'),
    plan('INR', 'data', 25, '2 GB, plan validity'),
    plan('INR', 'bundle', 249, 'Unlimited calls + 1 GB/day, 28 days'),
    plan('INR', 'bundle', 299, 'Unlimited calls + 1.5 GB/day, 28 days'),
    plan('INR', 'bundle', 749, 'Unlimited calls + 2 GB/day, 72 days'),
  ]),
  op('IN-VI', 'Vi (Vodafone Idea)', '2.5', [
    range('INR', '₹', 10, 5000),
    plan('INR', 'bundle', 299, 'Unlimited calls + 1 GB/day, 28 days'),
  ]),
  op('IN-BSNL', 'BSNL', '3', fixed('INR', '₹', [10, 20, 50, 100]), false),
  // Mexico
  op('MX-TELCEL', 'Telcel', '4', [
    ...fixed('MXN', 'MX$', [20, 30, 50, 100, 150, 200, 300, 500]),
    plan('MXN', 'bundle', 100, 'Amigo Sin Límite 100: unlimited social + 1.5 GB, 10 days'),
    plan('MXN', 'bundle', 200, 'Amigo Sin Límite 200: unlimited social + 3 GB, 20 days'),
  ]),
  op('MX-MOVISTAR', 'Movistar México', '4.5', fixed('MXN', 'MX$', [20, 50, 100, 200])),
  op('MX-ATT', 'AT&T México', '4', [
    range('MXN', 'MX$', 10, 5000),
    plan('MXN', 'data', 50, 'AT&T Internet 1 GB, 7 days'),
  ]),
  op('MX-BAIT', 'Bait', '5', fixed('MXN', 'MX$', [50, 100, 200])),
  // Brazil
  op('BR-VIVO', 'Vivo', '3', fixed('BRL', 'R$', [15, 20, 30, 40, 50, 100])),
  op('BR-CLARO', 'Claro Brasil', '3', [
    ...fixed('BRL', 'R$', [15, 20, 25, 30, 50]),
    plan('BRL', 'data', 20, 'Claro Prezão 4 GB, 7 days'),
  ]),
  op('BR-TIM', 'TIM Brasil', '3.5', [range('BRL', 'R$', 10, 200)]),
  op('BR-ALGAR', 'Algar Telecom', '4', fixed('BRL', 'R$', [15, 20, 30, 50]), false),
  // Philippines
  op('PH-GLOBE', 'Globe Telecom', '3', [
    range('PHP', '₱', 10, 1000),
    plan('PHP', 'data', 50, 'Go50: 5 GB, 3 days'),
    plan('PHP', 'data', 99, 'Go99: 8 GB, 7 days'),
    plan('PHP', 'bundle', 30, 'Go Unli 30: unlimited calls and texts, 3 days'),
  ]),
  op('PH-SMART', 'Smart Communications', '3', [
    range('PHP', '₱', 10, 1000),
    plan('PHP', 'data', 99, 'Magic Data 99: 6 GB, no expiry'),
  ]),
  op('PH-DITO', 'DITO Telecommunity', '4', fixed('PHP', '₱', [50, 100, 200, 500])),
  // Indonesia
  op('ID-TELKOMSEL', 'Telkomsel', '2', [
    ...fixed('IDR', 'Rp', [5000, 10000, 25000, 50000, 100000]),
    plan('IDR', 'data', 50000, 'Internet OMG! 12 GB, 30 days'),
  ]),
  op('ID-INDOSAT', 'Indosat Ooredoo', '2.5', [
    ...fixed('IDR', 'Rp', [5000, 10000, 20000, 50000, 100000]),
    plan('IDR', 'data', 25000, 'Freedom Internet 4 GB, 30 days'),
  ]),
  op('ID-XL', 'XL Axiata', '2.5', fixed('IDR', 'Rp', [5000, 10000, 25000, 50000, 100000])),
  op('ID-TRI', 'Tri (3)', '3', fixed('IDR', 'Rp', [5000, 10000, 20000, 50000])),
  op('ID-SMARTFREN', 'Smartfren', '3', [
    ...fixed('IDR', 'Rp', [10000, 20000, 50000, 100000]),
    plan('IDR', 'data', 30000, 'Unlimited Nonstop 6 GB, 28 days'),
  ]),
  // Colombia
  op('CO-CLARO', 'Claro Colombia', '3.5', [
    range('COP', 'COL$', 1000, 200000),
    plan('COP', 'bundle', 10000, 'Paquete 7 días: minutos ilimitados + 2 GB'),
  ]),
  op('CO-MOVISTAR', 'Movistar Colombia', '3.5', [range('COP', 'COL$', 1000, 100000)]),
  op('CO-TIGO', 'Tigo Colombia', '4', fixed('COP', 'COL$', [2000, 5000, 10000, 20000, 50000])),
  // Pakistan
  op('PK-JAZZ', 'Jazz', '2.5', [
    range('PKR', 'Rs ', 50, 5000),
    plan('PKR', 'bundle', 500, 'Weekly Super Duper: 1,000 minutes + 10 GB, 7 days'),
  ]),
  op('PK-TELENOR', 'Telenor Pakistan', '3', fixed('PKR', 'Rs ', [100, 200, 300, 500, 1000])),
  op('PK-ZONG', 'Zong', '3', [
    range('PKR', 'Rs ', 50, 5000),
    plan('PKR', 'data', 250, 'Weekly Data Max: 10 GB, 7 days'),
  ]),
  op('PK-UFONE', 'Ufone', '3.5', fixed('PKR', 'Rs ', [100, 200, 500, 1000])),
  // Bangladesh
  op('BD-GP', 'Grameenphone', '2.5', [
    range('BDT', '৳', 20, 1000),
    plan('BDT', 'data', 98, '3 GB, 3 days'),
    plan('BDT', 'bundle', 299, '40 minutes + 10 GB, 30 days'),
  ]),
  op('BD-ROBI', 'Robi', '3', [range('BDT', '৳', 20, 1000)]),
  op('BD-BANGLALINK', 'Banglalink', '3', fixed('BDT', '৳', [20, 50, 100, 200, 500])),
  op('BD-TELETALK', 'Teletalk', '3.5', fixed('BDT', '৳', [20, 50, 100]), false),
  // Egypt
  op('EG-VODAFONE', 'Vodafone Egypt', '2.5', [
    ...fixed('EGP', 'E£', [10, 15, 25, 50, 100, 200]),
    plan('EGP', 'bundle', 60, 'Flex 60: 1,300 flexes, 30 days'),
  ]),
  op('EG-ORANGE', 'Orange Egypt', '3', fixed('EGP', 'E£', [10, 25, 50, 100])),
  op('EG-ETISALAT', 'Etisalat by e&', '3', fixed('EGP', 'E£', [10, 25, 50, 100])),
  op('EG-WE', 'WE', '3.5', fixed('EGP', 'E£', [10, 25, 50])),
  // Morocco
  op('MA-IAM', 'Maroc Telecom', '3', [
    ...fixed('MAD', 'MAD ', [10, 20, 30, 50, 100, 200]),
    plan('MAD', 'data', 10, 'Pass Internet *3: 1 GB, 3 days'),
  ]),
  op('MA-ORANGE', 'Orange Maroc', '3', fixed('MAD', 'MAD ', [10, 20, 50, 100])),
  op('MA-INWI', 'inwi', '3.5', fixed('MAD', 'MAD ', [10, 20, 50, 100, 200])),
  // Haiti: operators sell both gourdes and US dollars.
  op('HT-DIGICEL', 'Digicel Haiti', '4', [
    ...fixed('HTG', 'G ', [50, 100, 250, 500]),
    ...fixed('USD', 'US$', [5, 10, 20]),
  ]),
  op('HT-NATCOM', 'Natcom', '4.5', [range('HTG', 'G ', 25, 5000), ...fixed('USD', 'US$', [5, 10])]),
];

export interface OperatorFacts {
  subtypes: Subtype[];
  amountModel: 'fixed' | 'range';
  currencyCodes: string[];
}

/** Derived fields of an operator record. */
export function operatorFacts(operator: CatalogueOperator): OperatorFacts {
  const subtypes = SUBTYPES.filter((s) => operator.amounts.some((a) => a.subtype === s));
  const amountModel = operator.amounts.some((a) => a.min !== a.max) ? 'range' : 'fixed';
  const currencyCodes = [...new Set(operator.amounts.map((a) => a.currency))];
  return { subtypes, amountModel, currencyCodes };
}

export type AmountCheck =
  { ok: true; option: CatalogueAmount } | { ok: false; key: 'amount' | 'detail'; message: string };

/**
 * Finds the offer for a local amount. Outside every offer's span it is "out of range" (key `amount`);
 * inside the span but between fixed values it is "not available" (key `detail`).
 */
export function findAmountOption(
  operator: CatalogueOperator,
  subtype: Subtype,
  currency: string,
  amount: MoneyValue,
): AmountCheck {
  const options = operator.amounts.filter((a) => a.subtype === subtype && a.currency === currency);
  const match = options.find((a) => amount.gte(a.min) && amount.lte(a.max));
  if (match) return { ok: true, option: match };
  let low: MoneyValue | undefined;
  let high: MoneyValue | undefined;
  for (const option of options) {
    const min = new Money(option.min);
    const max = new Money(option.max);
    if (!low || min.lt(low)) low = min;
    if (!high || max.gt(high)) high = max;
  }
  if (!low || !high) return { ok: false, key: 'detail', message: 'This amount is not available.' };
  if (amount.lt(low) || amount.gt(high)) {
    return {
      ok: false,
      key: 'amount',
      message: `Ensure the amount is between ${money(low)} and ${money(high)} ${currency}.`,
    };
  }
  return {
    ok: false,
    key: 'detail',
    message: `The amount ${money(amount)} ${currency} is not available for ${operator.name}; choose a listed amount.`,
  };
}

export interface PriceInputs {
  walletCurrency: string;
  /** Sandbox-wide price change in percent (control API), applied after the discount. */
  markupPercent: MoneyValue;
  /** Per-currency FX overrides (control API), units per USD. */
  fxOverrides: ReadonlyMap<string, string>;
}

/** The exact merchant price of a local amount, in the wallet currency, 4 decimals half-up. */
export function merchantPrice(
  operator: CatalogueOperator,
  amount: MoneyValue,
  localCurrency: string,
  inputs: PriceInputs,
): string {
  const rate = (code: string): MoneyValue => {
    const value = inputs.fxOverrides.get(code) ?? FX_PER_USD[code];
    if (value === undefined) throw new Error(`no FX rate for ${code}`);
    return new Money(value);
  };
  const usd = amount.div(rate(localCurrency));
  const inWallet = usd.mul(rate(inputs.walletCurrency));
  const discounted = inWallet.mul(new Money(1).minus(new Money(operator.discountPercent).div(100)));
  return money(discounted.mul(new Money(1).plus(inputs.markupPercent.div(100))));
}
