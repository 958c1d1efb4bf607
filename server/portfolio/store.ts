import type { LedgerCurrency } from '../../contract/currencies.ts';
import type { OrderSide } from '../../contract/trading.ts';
import type { PositionTerms } from '../../contract/valuation.ts';
import type { Sql } from '../db/database.ts';

// The portfolio's reads of the orders table: open positions (orders holding now, or at an
// instant gone by) and realised P&L over a span of time. Nothing here writes.

export interface OpenPosition extends PositionTerms {
  id: bigint;
  userId: bigint;
  code: string;
  lot: number;
  leverage: number;
}

type PositionRow = {
  id: bigint;
  user_id: bigint;
  code: string;
  side: OrderSide;
  currency: LedgerCurrency;
  quantity: bigint;
  lot: number;
  leverage: number;
  fill_price_paise: bigint;
  margin_paise: bigint;
  filled_at: Date;
};

const positionColumns = 'id, user_id, code, side, currency, quantity, lot, leverage, fill_price_paise, margin_paise, filled_at';

const toPosition = (row: PositionRow): OpenPosition => ({
  id: row.id,
  userId: row.user_id,
  code: row.code,
  side: row.side,
  currency: row.currency,
  quantity: row.quantity,
  lot: row.lot,
  leverage: row.leverage,
  fill: row.fill_price_paise,
  margin: row.margin_paise,
  filledAt: new Date(row.filled_at).getTime(),
});

/** The user's positions open now, oldest first. */
export async function openPositionsOf(sql: Sql, userId: bigint): Promise<OpenPosition[]> {
  const rows = await sql.query<PositionRow>(
    `SELECT ${positionColumns} FROM orders WHERE user_id = $1 AND status = 'holding' ORDER BY id`,
    [userId.toString()],
  );
  return rows.map(toPosition);
}

/**
 * The positions of the given users open at the instant `at`: filled before it and not closed
 * by then (still holding, or closed at or after it).
 */
export async function positionsOpenAt(sql: Sql, userIds: readonly bigint[], at: Date): Promise<OpenPosition[]> {
  if (userIds.length === 0) return [];
  const rows = await sql.query<PositionRow>(
    `SELECT ${positionColumns} FROM orders
      WHERE user_id = ANY($1::bigint[]) AND status IN ('holding', 'closed')
        AND filled_at < $2 AND (closed_at IS NULL OR closed_at >= $2)
      ORDER BY id`,
    [userIds.map(String), at],
  );
  return rows.map(toPosition);
}

/** Realised P&L of the user's positions closed in [from, to), per currency (minor units); to = null: until now. */
export async function realisedBetween(sql: Sql, userId: bigint, from: Date | null, to: Date | null = null): Promise<Map<LedgerCurrency, bigint>> {
  const rows = await sql.query<{ currency: LedgerCurrency; realised: bigint }>(
    `SELECT currency, coalesce(sum(realised_pnl_paise), 0)::bigint AS realised FROM orders
      WHERE user_id = $1 AND status = 'closed'
        AND ($2::timestamptz IS NULL OR closed_at >= $2) AND ($3::timestamptz IS NULL OR closed_at < $3)
      GROUP BY currency`,
    [userId.toString(), from, to],
  );
  return new Map(rows.map((row) => [row.currency, row.realised]));
}

/** Positions ever opened (filled orders, open or closed) and positions open now, in one currency. */
export async function tradeCounts(sql: Sql, userId: bigint, currency: LedgerCurrency): Promise<{ trades: number; holdings: number }> {
  const [row] = await sql.query<{ trades: bigint; holdings: bigint }>(
    `SELECT count(*) FILTER (WHERE status IN ('holding', 'closed')) AS trades, count(*) FILTER (WHERE status = 'holding') AS holdings
       FROM orders WHERE user_id = $1 AND currency = $2`,
    [userId.toString(), currency],
  );
  return { trades: Number(row?.trades ?? 0n), holdings: Number(row?.holdings ?? 0n) };
}
