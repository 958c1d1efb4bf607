import type { Sql } from '../db/database.ts';
import { balancesOf, openLedgerAccount } from './ledger.ts';

export interface UserLedgerAccounts {
  availableAccountId: bigint;
  frozenAccountId: bigint;
}

export interface UserBalances {
  availablePaise: bigint;
  frozenPaise: bigint;
  /** cash = available + frozen, so available = cash − frozen. */
  cashPaise: bigint;
  /** Own money in open positions (their margin). */
  marginPaise: bigint;
}

/** Every user holds two ledger accounts: money they can use, and money held for pending commands. */
export async function openUserLedgerAccounts(sql: Sql, userId: bigint): Promise<UserLedgerAccounts> {
  const availableAccountId = await openLedgerAccount(sql, {
    code: `user:${userId}:available`,
    kind: 'user_available',
    userId,
    allowNegative: false,
  });
  const frozenAccountId = await openLedgerAccount(sql, {
    code: `user:${userId}:frozen`,
    kind: 'user_frozen',
    userId,
    allowNegative: false,
  });
  return { availableAccountId, frozenAccountId };
}

export async function userLedgerAccounts(sql: Sql, userId: bigint): Promise<UserLedgerAccounts> {
  const rows = await sql.query<{ id: bigint; kind: string }>(
    "SELECT id, kind FROM ledger_accounts WHERE user_id = $1 AND kind IN ('user_available', 'user_frozen')",
    [userId.toString()],
  );
  const idOf = (kind: string) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    if (!row) throw new Error(`ledger: user ${userId} has no ${kind} account`);
    return row.id;
  };
  return { availableAccountId: idOf('user_available'), frozenAccountId: idOf('user_frozen') };
}

export async function userBalances(sql: Sql, userId: bigint): Promise<UserBalances> {
  const accounts = await userLedgerAccounts(sql, userId);
  const [margin] = await sql.query<{ id: bigint }>("SELECT id FROM ledger_accounts WHERE user_id = $1 AND kind = 'user_margin'", [userId.toString()]);
  const ids = [accounts.availableAccountId, accounts.frozenAccountId, ...(margin ? [margin.id] : [])];
  const balances = await balancesOf(sql, ids);
  const availablePaise = balances.get(accounts.availableAccountId) ?? 0n;
  const frozenPaise = balances.get(accounts.frozenAccountId) ?? 0n;
  const marginPaise = margin ? (balances.get(margin.id) ?? 0n) : 0n;
  return { availablePaise, frozenPaise, cashPaise: availablePaise + frozenPaise, marginPaise };
}
