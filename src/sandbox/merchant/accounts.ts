import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { Money, money, timestamp, type MoneyValue } from './format.ts';

export interface WebhookTarget {
  id: string;
  url: string;
  secret: string;
}

type LedgerKind = 'debit' | 'refund' | 'topup';

export interface LedgerEntry {
  id: string;
  kind: LedgerKind;
  orderId: string | null;
  externalOrderId: string | null;
  /** Always positive; the kind says which way it went. */
  amount: string;
  balanceAfter: string;
  at: number;
}

export interface AccountSettings {
  merchantId: string;
  apiKey: string;
  name: string;
  defaultCurrency: string;
  initialBalance: string;
  apiAccessEnabled: boolean;
  allowlist: readonly string[];
  rateLimitPerMinute: number;
  riskMaxOrderPrice: string;
  webhooks: readonly WebhookTarget[];
}

/** One merchant's books and switches; every account is isolated from the others. */
export interface AccountState {
  readonly merchantId: string;
  readonly apiKey: string;
  readonly name: string;
  defaultCurrency: string;
  apiAccessEnabled: boolean;
  allowlist: string[];
  blockList: BlockList;
  rateLimitPerMinute: number;
  walletActive: boolean;
  balance: MoneyValue;
  ledger: LedgerEntry[];
  riskBlock: boolean;
  riskMaxOrderPrice: MoneyValue;
  /** A quote token places one order at most (the spec does not say either way; off by default). */
  singleUseQuotes: boolean;
  webhooks: WebhookTarget[];
  /** nonce -> service time of first use. */
  nonces: Map<string, number>;
}

export class AllowlistError extends Error {
  readonly kind = 'allowlist' as const;
}

/** Parses CIDR rules ("10.0.0.0/8", "2001:db8::/32", or a bare address) into a BlockList. */
export function buildBlockList(rules: readonly string[]): BlockList {
  const list = new BlockList();
  for (const rule of rules) {
    if (typeof rule !== 'string') throw new AllowlistError('allowlist rules must be strings');
    const [address = '', prefixText] = rule.trim().split('/');
    const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    if (type === null) throw new AllowlistError(`not an IP address: ${rule}`);
    const maxPrefix = type === 'ipv4' ? 32 : 128;
    const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
    if (!/^\d+$/.test(prefixText ?? String(maxPrefix)) || prefix > maxPrefix)
      throw new AllowlistError(`bad prefix length: ${rule}`);
    list.addSubnet(address, prefix, type);
  }
  return list;
}

/** True when the caller's address passes the allowlist (always, when there are no rules). */
export function ipAllowed(account: AccountState, remoteAddress: string | undefined): boolean {
  if (account.allowlist.length === 0) return true;
  if (!remoteAddress) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remoteAddress);
  if (mapped?.[1]) return account.blockList.check(mapped[1], 'ipv4');
  return account.blockList.check(remoteAddress, isIPv4(remoteAddress) ? 'ipv4' : 'ipv6');
}

export function createAccount(settings: AccountSettings): AccountState {
  return {
    merchantId: settings.merchantId,
    apiKey: settings.apiKey,
    name: settings.name,
    defaultCurrency: settings.defaultCurrency,
    apiAccessEnabled: settings.apiAccessEnabled,
    allowlist: [...settings.allowlist],
    blockList: buildBlockList(settings.allowlist),
    rateLimitPerMinute: settings.rateLimitPerMinute,
    walletActive: true,
    balance: new Money(settings.initialBalance),
    ledger: [],
    riskBlock: false,
    riskMaxOrderPrice: new Money(settings.riskMaxOrderPrice),
    singleUseQuotes: false,
    webhooks: settings.webhooks.map((w) => ({ ...w })),
    nonces: new Map(),
  };
}

export interface Ledger {
  post(
    account: AccountState,
    kind: LedgerKind,
    amount: string,
    at: number,
    order?: { orderId: string; externalOrderId: string },
  ): LedgerEntry;
}

/** Wallet movements; the ledger is the sandbox's own books, checked by the soak test. */
export function createLedger(): Ledger {
  let seq = 0;
  return {
    post(account, kind, amount, at, order) {
      const value = new Money(amount);
      account.balance = kind === 'debit' ? account.balance.minus(value) : account.balance.plus(value);
      seq += 1;
      const entry: LedgerEntry = {
        id: `L${String(seq).padStart(6, '0')}`,
        kind,
        orderId: order?.orderId ?? null,
        externalOrderId: order?.externalOrderId ?? null,
        amount: money(value),
        balanceAfter: money(account.balance),
        at,
      };
      account.ledger.push(entry);
      return entry;
    },
  };
}

export function ledgerView(entry: LedgerEntry): Record<string, unknown> {
  return {
    id: entry.id,
    kind: entry.kind,
    order_id: entry.orderId,
    external_order_id: entry.externalOrderId,
    amount: entry.amount,
    balance_after: entry.balanceAfter,
    at: timestamp(entry.at),
  };
}
