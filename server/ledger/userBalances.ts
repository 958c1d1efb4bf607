import { type LedgerCurrency, ledgerCurrencies } from '../../contract/currencies.ts';
import type { Sql } from '../db/database.ts';
import { balancesOf, openLedgerAccount } from './ledger.ts';

export interface UserLedgerAccounts {
  availableAccountId: bigint;
  frozenAccountId: bigint;
  /** Own money in open positions. */
  marginAccountId: bigint;
}

/** A user's money in one currency, in its minor units. */
export interface UserBalances {
  available: bigint;
  frozen: bigint;
  /** cash = available + frozen, so available = cash − frozen. */
  cash: bigint;
  /** Own money in open positions (their margin). */
  margin: bigint;
}

const userAccountKinds = { availableAccountId: 'user_available', frozenAccountId: 'user_frozen', marginAccountId: 'user_margin' } as const;
const userAccountFields = Object.keys(userAccountKinds) as (keyof UserLedgerAccounts)[];

/** Rupee accounts keep the codes they had before currencies: `user:7:available`; others name theirs: `user:7:available:KRW`. */
function userAccountCode(userId: bigint, kind: string, currency: LedgerCurrency): string {
  const base = `user:${userId}:${kind.slice('user_'.length)}`;
  return currency === 'INR' ? base : `${base}:${currency}`;
}

/**
 * A user holds three ledger accounts per currency they use: money they can use, money held
 * for pending commands, and money in open positions. None may go negative. Rupee accounts are
 * opened at registration, others when money first arrives in that currency. Idempotent.
 */
export async function openUserLedgerAccounts(sql: Sql, userId: bigint, currency: LedgerCurrency = 'INR'): Promise<UserLedgerAccounts> {
  const opened = {} as UserLedgerAccounts;
  for (const field of userAccountFields) {
    const kind = userAccountKinds[field];
    opened[field] = await openLedgerAccount(sql, { code: userAccountCode(userId, kind, currency), kind, currency, userId, allowNegative: false });
  }
  return opened;
}

/** The key of a user's accounts in one currency, in the maps below. */
export const userCurrencyKey = (userId: bigint, currency: LedgerCurrency) => `${userId}:${currency}`;

/**
 * The accounts of many (user, currency) pairs in one query, keyed by `userCurrencyKey`. A pair
 * without accounts is missing from the map: that user holds no money in that currency.
 */
export async function ledgerAccountsOf(sql: Sql, pairs: readonly { userId: bigint; currency: LedgerCurrency }[]): Promise<Map<string, UserLedgerAccounts>> {
  if (pairs.length === 0) return new Map();
  const rows = await sql.query<{ id: bigint; kind: string; user_id: bigint; currency: LedgerCurrency }>(
    `SELECT id, kind, user_id, currency FROM ledger_accounts
      WHERE user_id = ANY($1::bigint[]) AND currency = ANY($2::text[]) AND kind IN ('user_available', 'user_frozen', 'user_margin')`,
    [[...new Set(pairs.map((pair) => pair.userId.toString()))], [...new Set(pairs.map((pair) => pair.currency))]],
  );
  const found = new Map<string, Partial<UserLedgerAccounts>>();
  for (const row of rows) {
    const key = userCurrencyKey(row.user_id, row.currency);
    const accounts = found.get(key) ?? {};
    accounts[userAccountFields.find((field) => userAccountKinds[field] === row.kind)!] = row.id;
    found.set(key, accounts);
  }
  const result = new Map<string, UserLedgerAccounts>();
  for (const { userId, currency } of pairs) {
    const accounts = found.get(userCurrencyKey(userId, currency));
    if (!accounts) continue;
    if (!accounts.availableAccountId || !accounts.frozenAccountId || !accounts.marginAccountId) throw new Error(`ledger: user ${userId} lacks a ${currency} ledger account`);
    result.set(userCurrencyKey(userId, currency), accounts as UserLedgerAccounts);
  }
  return result;
}

/** A user's accounts in one currency, or null when they hold none in it. */
export async function findUserLedgerAccounts(sql: Sql, userId: bigint, currency: LedgerCurrency): Promise<UserLedgerAccounts | null> {
  return (await ledgerAccountsOf(sql, [{ userId, currency }])).get(userCurrencyKey(userId, currency)) ?? null;
}

/** A user's accounts in one currency; rupee accounts exist from registration, so their absence is a broken invariant. */
export async function userLedgerAccounts(sql: Sql, userId: bigint, currency: LedgerCurrency = 'INR'): Promise<UserLedgerAccounts> {
  const accounts = await findUserLedgerAccounts(sql, userId, currency);
  if (!accounts) throw new Error(`ledger: user ${userId} lacks ${currency} ledger accounts`);
  return accounts;
}

const noBalances: UserBalances = { available: 0n, frozen: 0n, cash: 0n, margin: 0n };

/** A user's balances in one currency: zeros when they hold none in it. */
export async function userBalances(sql: Sql, userId: bigint, currency: LedgerCurrency = 'INR'): Promise<UserBalances> {
  const accounts = await findUserLedgerAccounts(sql, userId, currency);
  if (!accounts) return noBalances;
  const balances = await balancesOf(sql, [accounts.availableAccountId, accounts.frozenAccountId, accounts.marginAccountId]);
  const available = balances.get(accounts.availableAccountId) ?? 0n;
  const frozen = balances.get(accounts.frozenAccountId) ?? 0n;
  return { available, frozen, cash: available + frozen, margin: balances.get(accounts.marginAccountId) ?? 0n };
}

/** A user's balances in every currency they hold accounts in, rupees first and always there. */
export async function userBalancesByCurrency(sql: Sql, userId: bigint): Promise<(UserBalances & { currency: LedgerCurrency })[]> {
  const rows = await sql.query<{ kind: string; currency: LedgerCurrency; balance_paise: bigint }>(
    "SELECT kind, currency, balance_paise FROM ledger_accounts WHERE user_id = $1 AND kind IN ('user_available', 'user_frozen', 'user_margin')",
    [userId.toString()],
  );
  const byCurrency = new Map<LedgerCurrency, UserBalances>([['INR', { ...noBalances }]]);
  for (const row of rows) {
    const balances = byCurrency.get(row.currency) ?? { ...noBalances };
    if (row.kind === 'user_available') balances.available = row.balance_paise;
    else if (row.kind === 'user_frozen') balances.frozen = row.balance_paise;
    else balances.margin = row.balance_paise;
    balances.cash = balances.available + balances.frozen;
    byCurrency.set(row.currency, balances);
  }
  return ledgerCurrencies.filter((currency) => byCurrency.has(currency)).map((currency) => ({ currency, ...byCurrency.get(currency)! }));
}
