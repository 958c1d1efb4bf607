import type { Sql } from '../db/database.ts';
import { balancesOf, openLedgerAccount } from './ledger.ts';

export interface UserLedgerAccounts {
  availableAccountId: bigint;
  frozenAccountId: bigint;
  /** Own money in open positions. */
  marginAccountId: bigint;
}

export interface UserBalances {
  availablePaise: bigint;
  frozenPaise: bigint;
  /** cash = available + frozen, so available = cash − frozen. */
  cashPaise: bigint;
  /** Own money in open positions (their margin). */
  marginPaise: bigint;
}

const userAccountKinds = { availableAccountId: 'user_available', frozenAccountId: 'user_frozen', marginAccountId: 'user_margin' } as const;

/**
 * Every user holds three ledger accounts, opened at registration: money they can use, money
 * held for pending commands, and money in open positions. None may go negative.
 */
export async function openUserLedgerAccounts(sql: Sql, userId: bigint): Promise<UserLedgerAccounts> {
  const opened = {} as UserLedgerAccounts;
  for (const [field, kind] of Object.entries(userAccountKinds) as [keyof UserLedgerAccounts, (typeof userAccountKinds)[keyof UserLedgerAccounts]][]) {
    opened[field] = await openLedgerAccount(sql, { code: `user:${userId}:${kind.slice('user_'.length)}`, kind, userId, allowNegative: false });
  }
  return opened;
}

/** The accounts of many users in one query; a user without all three is a broken invariant. */
export async function ledgerAccountsOfUsers(sql: Sql, userIds: readonly bigint[]): Promise<Map<bigint, UserLedgerAccounts>> {
  const rows = await sql.query<{ id: bigint; kind: string; user_id: bigint }>(
    "SELECT id, kind, user_id FROM ledger_accounts WHERE user_id = ANY($1::bigint[]) AND kind IN ('user_available', 'user_frozen', 'user_margin')",
    [userIds.map(String)],
  );
  const found = new Map<bigint, Partial<UserLedgerAccounts>>();
  for (const row of rows) {
    const accounts = found.get(row.user_id) ?? {};
    const field = (Object.keys(userAccountKinds) as (keyof UserLedgerAccounts)[]).find((key) => userAccountKinds[key] === row.kind)!;
    accounts[field] = row.id;
    found.set(row.user_id, accounts);
  }
  const result = new Map<bigint, UserLedgerAccounts>();
  for (const userId of userIds) {
    const accounts = found.get(userId);
    if (!accounts?.availableAccountId || !accounts.frozenAccountId || !accounts.marginAccountId) throw new Error(`ledger: user ${userId} lacks a ledger account`);
    result.set(userId, accounts as UserLedgerAccounts);
  }
  return result;
}

export async function userLedgerAccounts(sql: Sql, userId: bigint): Promise<UserLedgerAccounts> {
  return (await ledgerAccountsOfUsers(sql, [userId])).get(userId)!;
}

export async function userBalances(sql: Sql, userId: bigint): Promise<UserBalances> {
  const accounts = await userLedgerAccounts(sql, userId);
  const balances = await balancesOf(sql, [accounts.availableAccountId, accounts.frozenAccountId, accounts.marginAccountId]);
  const availablePaise = balances.get(accounts.availableAccountId) ?? 0n;
  const frozenPaise = balances.get(accounts.frozenAccountId) ?? 0n;
  const marginPaise = balances.get(accounts.marginAccountId) ?? 0n;
  return { availablePaise, frozenPaise, cashPaise: availablePaise + frozenPaise, marginPaise };
}
