import { keyspace, slot } from '../lib/redis/keyspace.ts';

/** Every Redis key of the accounts part (roles, names, credit, PINs, invites, prices, networks) under `prefix`. */
export function accountsKeys(prefix: string) {
  const acct = keyspace(prefix, 'acct');
  const pin = keyspace(prefix, 'pin');
  const roles = keyspace(prefix, 'roles');
  const pricing = keyspace(prefix, 'pricing');
  const live = keyspace(prefix, 'invites')('live');
  const xfer = keyspace(prefix, 'xfer');
  const pinPass = keyspace(prefix, 'pin-pass');
  const invite = keyspace(prefix, 'invite');
  const inviteId = keyspace(prefix, 'invite-id');
  return {
    /** Hash: user ID -> stored role (read by the network's and the transfers' scripts too). */
    roles: roles(),
    /** Counter bumped on each role change and each move in the networks' tree: the bot's cached roles and
     * suspensions are as old as it says. */
    rolesVersion: roles('version'),
    /** List of role changes, newest first. */
    rolesAudit: roles('audit'),
    /** Hash: user ID -> Telegram name (JSON), as the bot last saw it. */
    names: keyspace(prefix, 'names')(),
    /** One reseller's account, all under the user's hash tag: the balance hash, the ledger stream, a day's spend. */
    account: (userId: number) => {
      const tag = slot(userId);
      return { account: acct(tag, 'a'), ledger: acct(tag, 'l'), day: (day: string) => acct(tag, 'd', day) };
    },
    /** The merchant account's currency, cached from the balance endpoint. */
    currency: acct('currency'),
    /** Set while the merchant's wallet is below its alert threshold (one alert per crossing). */
    walletLow: acct('wallet-low'),
    /** Marks a transfer or credit request already applied (its idempotency key). */
    requestMark: (request: string) => xfer('once', request),
    /** One user's PIN, under the user's hash tag: its hash, the failed tries, the lock and the day's locks. */
    pin: (userId: number) => {
      const base = pin(slot(userId));
      return { pin: base, fails: `${base}:fails`, lock: `${base}:lock`, locks: `${base}:locks` };
    },
    /** An update that carried the right PIN (under the user's hash tag, like the PIN). */
    pinPass: (userId: number, updateId: number) => pinPass(slot(userId), updateId),
    /** Hash of one invite, by the hash of its code. */
    invite: (hash: string) => invite(hash),
    /** An invite's short ID -> the hash of its code. */
    inviteId: (id: string) => inviteId(id),
    /** Set of the live invites: the admins' together, or one distributor's. */
    liveInvites: (distributor?: number) => (distributor === undefined ? live : `${live}:${distributor}`),
    /** The pattern of every distributor's live-invite set. */
    liveInvitesOfDistributors: `${live}:*`,
    /** Hash: child user ID -> distributor user ID, the only record of the networks' tree. */
    parents: keyspace(prefix, 'net')('parent'),
    /** Hash of the margin rules: the merchant's (no owner) or one distributor's. */
    pricingRules: (owner?: number) => (owner === undefined ? pricing('rules') : pricing('rules', owner)),
    /** List of the rule changes of the same owner, newest first. */
    pricingAudit: (owner?: number) => (owner === undefined ? pricing('audit') : pricing('audit', owner)),
  };
}

export type AccountsKeys = ReturnType<typeof accountsKeys>;
