import type { Sql } from '../../db/database.ts';
import { type LockedAccount, lockedBalances } from '../../ledger/ledger.ts';
import { ledgerAccountsOf, userCurrencyKey, type UserLedgerAccounts } from '../../ledger/userBalances.ts';
import type { LedgerCurrency } from '../../../contract/currencies.ts';
import type { OrderRow } from '../orderStore.ts';

// What the order writer keeps in memory between commits (see the comment at the top of
// orderWriter.ts for why it is safe): its users' ledger account ids, their balances, and
// their open orders. Everything here is a copy of committed rows, loaded on first use (or
// all at once by `loadUserState`), and can be dropped at any time: a miss is read again
// from the database, under lock, by the next batch that needs it.

export interface WriterState {
  /** A user's three accounts per currency (userCurrencyKey); ids never change once opened. */
  accounts: Map<string, UserLedgerAccounts>;
  /** Balances of those accounts, by account id: what the last batch touching them committed. */
  balances: Map<bigint, LockedAccount>;
  /** Open orders (pending or holding), by id. */
  orders: Map<bigint, OrderRow>;
}

/** What a writer keeps for some users: the shape two writers (or a writer and the database) are compared in. */
export interface UserStateSnapshot {
  balances: { accountId: bigint; balance: bigint }[];
  openOrders: OrderRow[];
}

/** Entries each map holds at most; the oldest loaded is dropped first (dropping is always safe). */
export const writerStateMax = 500_000;

export const emptyWriterState = (): WriterState => ({ accounts: new Map(), balances: new Map(), orders: new Map() });

/** Sets `key`, dropping the oldest entries past the bound. */
export function remember<K, V>(map: Map<K, V>, key: K, value: V, max = writerStateMax): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as K);
}

export const isOpen = (row: Pick<OrderRow, 'status'>) => row.status === 'pending' || row.status === 'holding';

/** The accounts of each (user, currency) pair: from memory, the rest read once. A pair without accounts stays missing. */
export async function accountsOf(sql: Sql, state: WriterState, pairs: readonly { userId: bigint; currency: LedgerCurrency }[]): Promise<Map<string, UserLedgerAccounts>> {
  const missing = pairs.filter(({ userId, currency }) => !state.accounts.has(userCurrencyKey(userId, currency)));
  if (missing.length > 0) for (const [key, accounts] of await ledgerAccountsOf(sql, missing)) remember(state.accounts, key, accounts);
  const found = new Map<string, UserLedgerAccounts>();
  for (const { userId, currency } of pairs) {
    const accounts = state.accounts.get(userCurrencyKey(userId, currency));
    if (accounts) found.set(userCurrencyKey(userId, currency), accounts);
  }
  return found;
}

/** Balances of the accounts not in memory yet, read under lock (so what an earlier transaction is writing is waited for) and kept. */
export async function loadMissingBalances(tx: Sql, state: WriterState, accountIds: readonly bigint[]): Promise<void> {
  const missing = accountIds.filter((id) => !state.balances.has(id));
  if (missing.length === 0) return;
  for (const [id, account] of await lockedBalances(tx, [...missing].sort(compareIds))) remember(state.balances, id, account);
}

/**
 * Everything a writer keeps for these users, read from the database: what a writer holds
 * after it starts and loads them, and what the running writer must hold once each of them
 * has been through a batch.
 */
export async function loadUserState(sql: Sql, userIds: readonly bigint[]): Promise<WriterState> {
  const state = emptyWriterState();
  if (userIds.length === 0) return state;
  const ids = userIds.map(String);
  const rows = await sql.query<{ id: bigint; kind: string; user_id: bigint; currency: LedgerCurrency; balance_paise: bigint; allow_negative: boolean }>(
    `SELECT id, kind, user_id, currency, balance_paise, allow_negative FROM ledger_accounts
      WHERE user_id = ANY($1::bigint[]) AND kind IN ('user_available', 'user_frozen', 'user_margin') ORDER BY id`,
    [ids],
  );
  const field = { user_available: 'availableAccountId', user_frozen: 'frozenAccountId', user_margin: 'marginAccountId' } as const;
  const partial = new Map<string, Partial<UserLedgerAccounts>>();
  for (const row of rows) {
    const key = userCurrencyKey(row.user_id, row.currency);
    partial.set(key, { ...partial.get(key), [field[row.kind as keyof typeof field]]: row.id });
    state.balances.set(row.id, { balance: row.balance_paise, currency: row.currency, allowNegative: row.allow_negative });
  }
  for (const [key, accounts] of partial) {
    if (accounts.availableAccountId && accounts.frozenAccountId && accounts.marginAccountId) state.accounts.set(key, accounts as UserLedgerAccounts);
  }
  const orders = await sql.query<OrderRow>(`SELECT * FROM orders WHERE user_id = ANY($1::bigint[]) AND status IN ('pending', 'holding') ORDER BY id`, [ids]);
  for (const order of orders) state.orders.set(order.id, order);
  return state;
}

/** The part of a state that concerns these users, in a stable order. */
export function snapshotOf(state: WriterState, userIds: readonly bigint[]): UserStateSnapshot {
  const users = new Set(userIds);
  const accountIds = [...state.accounts].filter(([key]) => users.has(BigInt(key.split(':')[0]!)))
    .flatMap(([, accounts]) => [accounts.availableAccountId, accounts.frozenAccountId, accounts.marginAccountId]);
  return {
    balances: accountIds.sort(compareIds).map((accountId) => ({ accountId, balance: state.balances.get(accountId)?.balance ?? -1n })),
    openOrders: [...state.orders.values()].filter((order) => users.has(order.user_id)).sort((a, b) => compareIds(a.id, b.id)),
  };
}

export const compareIds = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
