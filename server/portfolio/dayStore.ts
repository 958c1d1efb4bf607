import type { LedgerCurrency } from '../../contract/currencies.ts';
import type { Sql } from '../db/database.ts';

// The ledger's side of the daily history, and the portfolio_days rows themselves
// (migration 0018). Amounts are minor units of each row's currency.

/**
 * Transfers that are not outside flows: trading's four, and the demo's play money, which the
 * demo user's simulated history already holds as its opening deposit (demoHistory.ts).
 * Everything else that moves a user's money is an outside flow (net_flow, migration 0018).
 */
export const notFlowTransferKinds = ['order_freeze', 'order_fill', 'order_cancel', 'position_close', 'demo_funding'] as const;

const userMoneyKinds = "('user_available', 'user_frozen', 'user_margin')";

/** Users holding ledger accounts with an id above `afterId`, in id order, at most `limit`. */
export async function usersWithAccounts(sql: Sql, afterId: bigint, limit: number): Promise<bigint[]> {
  const rows = await sql.query<{ user_id: bigint }>(
    `SELECT DISTINCT user_id FROM ledger_accounts WHERE kind = 'user_available' AND user_id > $1 ORDER BY user_id LIMIT $2`,
    [afterId.toString(), limit],
  );
  return rows.map((row) => row.user_id);
}

export interface CashAt {
  userId: bigint;
  currency: LedgerCurrency;
  /** available + frozen at the instant. */
  cash: bigint;
}

/** Each (user, currency) that had any posting before `end`, with its cash (available + frozen) as of then. */
export async function cashAt(sql: Sql, userIds: readonly bigint[], end: Date): Promise<CashAt[]> {
  if (userIds.length === 0) return [];
  const rows = await sql.query<{ user_id: bigint; currency: LedgerCurrency; cash: bigint }>(
    `SELECT a.user_id, a.currency, coalesce(sum(p.amount_paise) FILTER (WHERE a.kind <> 'user_margin'), 0)::bigint AS cash
       FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id AND p.created_at < $2
      WHERE a.user_id = ANY($1::bigint[]) AND a.kind IN ${userMoneyKinds}
      GROUP BY a.user_id, a.currency`,
    [userIds.map(String), end],
  );
  return rows.map((row) => ({ userId: row.user_id, currency: row.currency, cash: row.cash }));
}

/** Outside money into the users' accounts in [start, end) less money out, per `userId:currency`. */
export async function netFlows(sql: Sql, userIds: readonly bigint[], start: Date, end: Date): Promise<Map<string, bigint>> {
  if (userIds.length === 0) return new Map();
  const rows = await sql.query<{ user_id: bigint; currency: LedgerCurrency; flow: bigint }>(
    `SELECT a.user_id, a.currency, sum(p.amount_paise)::bigint AS flow
       FROM ledger_postings p
       JOIN ledger_accounts a ON a.id = p.account_id
       JOIN ledger_transfers t ON t.id = p.transfer_id
      WHERE a.user_id = ANY($1::bigint[]) AND a.kind IN ${userMoneyKinds}
        AND p.created_at >= $2 AND p.created_at < $3 AND t.kind <> ALL($4::text[])
      GROUP BY a.user_id, a.currency`,
    [userIds.map(String), start, end, [...notFlowTransferKinds]],
  );
  return new Map(rows.map((row) => [`${row.user_id}:${row.currency}`, row.flow]));
}

export interface PortfolioDayRow {
  userId: bigint;
  currency: LedgerCurrency;
  /** YYYY-MM-DD, IST. */
  day: string;
  equity: bigint;
  cash: bigint;
  invested: bigint;
  netFlow: bigint;
  simulated: boolean;
}

/** Writes rows not yet written (a day's row is never rewritten); returns how many were new. */
export async function insertPortfolioDays(sql: Sql, rows: readonly PortfolioDayRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await sql.query(
    `INSERT INTO portfolio_days (user_id, currency, day, equity, cash, invested, net_flow, simulated)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::date[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $8::boolean[])
     ON CONFLICT (user_id, currency, day) DO NOTHING RETURNING 1`,
    [
      rows.map((row) => row.userId.toString()),
      rows.map((row) => row.currency),
      rows.map((row) => row.day),
      rows.map((row) => row.equity.toString()),
      rows.map((row) => row.cash.toString()),
      rows.map((row) => row.invested.toString()),
      rows.map((row) => row.netFlow.toString()),
      rows.map((row) => row.simulated),
    ],
  );
  return inserted.length;
}

/** A user's stored days in one currency from `from` (inclusive) to `to` (exclusive), oldest first; from = null: from the first. */
export async function portfolioDaysOf(sql: Sql, userId: bigint, currency: LedgerCurrency, from: string | null, to: string): Promise<PortfolioDayRow[]> {
  const rows = await sql.query<{ day: string; equity: bigint; cash: bigint; invested: bigint; net_flow: bigint; simulated: boolean }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, equity, cash, invested, net_flow, simulated FROM portfolio_days
      WHERE user_id = $1 AND currency = $2 AND ($3::date IS NULL OR day >= $3::date) AND day < $4::date
      ORDER BY day`,
    [userId.toString(), currency, from, to],
  );
  return rows.map((row) => ({
    userId, currency, day: row.day, equity: row.equity, cash: row.cash, invested: row.invested, netFlow: row.net_flow, simulated: row.simulated,
  }));
}

/** The last stored day before `before`, or null. */
export async function lastPortfolioDayBefore(sql: Sql, userId: bigint, currency: LedgerCurrency, before: string): Promise<PortfolioDayRow | null> {
  const rows = await sql.query<{ day: string; equity: bigint; cash: bigint; invested: bigint; net_flow: bigint; simulated: boolean }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, equity, cash, invested, net_flow, simulated FROM portfolio_days
      WHERE user_id = $1 AND currency = $2 AND day < $3::date ORDER BY day DESC LIMIT 1`,
    [userId.toString(), currency, before],
  );
  const row = rows[0];
  return row ? { userId, currency, day: row.day, equity: row.equity, cash: row.cash, invested: row.invested, netFlow: row.net_flow, simulated: row.simulated } : null;
}

/** The last day the job finished, or null before its first. */
export async function lastFinishedDay(sql: Sql): Promise<string | null> {
  const [row] = await sql.query<{ day: string | null }>("SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM portfolio_job_days");
  return row?.day ?? null;
}

export async function markDayFinished(sql: Sql, day: string, users: number, rowsWritten: number, prices: 'market' | 'candles'): Promise<void> {
  await sql.query('INSERT INTO portfolio_job_days (day, users, rows_written, prices) VALUES ($1, $2, $3, $4) ON CONFLICT (day) DO NOTHING', [day, users, rowsWritten, prices]);
}

/** The IST day of the first posting of any user, or null when no user has money yet. */
export async function firstUserPostingAt(sql: Sql): Promise<Date | null> {
  // Transfers are numbered in time order: the first by id is the first in time, found on the primary key.
  const [row] = await sql.query<{ created_at: Date }>('SELECT created_at FROM ledger_transfers WHERE user_id IS NOT NULL ORDER BY id LIMIT 1');
  return row ? new Date(row.created_at) : null;
}
