import type { Sql } from '../db/database.ts';
import type { TradeRecord } from './preferenceScores.ts';

// What the preference radar reads: the user's filled rupee orders (every position they held,
// open or closed, whatever its origin), the demo's simulated trades for the demo user (migration
// 0027), and the daily balance history's rupee equity.

type OrderRow = {
  code: string; side: 'long' | 'short'; quantity: bigint; leverage: number; filled_at: Date; closed_at: Date | null;
  fill_price_paise: bigint; close_price_paise: bigint | null; realised_pnl_paise: bigint | null;
};

/** Every filled rupee position of the user, oldest first. Positions in other currencies are left out (their amounts would need a rate). */
export async function orderTradesOf(sql: Sql, userId: bigint): Promise<TradeRecord[]> {
  const rows = await sql.query<OrderRow>(
    `SELECT code, side, quantity, leverage, filled_at, closed_at, fill_price_paise, close_price_paise, realised_pnl_paise
       FROM orders
      WHERE user_id = $1 AND status IN ('holding', 'closed') AND filled_at IS NOT NULL AND currency = 'INR'
      ORDER BY filled_at, id`,
    [userId.toString()],
  );
  return rows.map((row) => ({
    code: row.code, side: row.side, quantity: row.quantity, leverage: row.leverage,
    openedAt: new Date(row.filled_at).getTime(), closedAt: row.closed_at ? new Date(row.closed_at).getTime() : null,
    openPricePaise: row.fill_price_paise, closePricePaise: row.close_price_paise, realisedPnlPaise: row.realised_pnl_paise, simulated: false,
  }));
}

export interface SimulatedTrades {
  trades: TradeRecord[];
  /** The sessions whose closes priced them, and whether all are real NSE closes; null without any. */
  prices: { from: string; to: string; real: boolean } | null;
}

/** The demo's simulated round trips of the user (only the demo user has any), oldest first. */
export async function simulatedTradesOf(sql: Sql, userId: bigint): Promise<SimulatedTrades> {
  const rows = await sql.query<OrderRow & { price_day_open: string; price_day_close: string; prices_real: boolean }>(
    `SELECT code, side, quantity, leverage, opened_at AS filled_at, closed_at, open_price_paise AS fill_price_paise, close_price_paise,
            realised_pnl_paise, to_char(price_day_open, 'YYYY-MM-DD') AS price_day_open, to_char(price_day_close, 'YYYY-MM-DD') AS price_day_close, prices_real
       FROM preference_simulated_trades WHERE user_id = $1 ORDER BY seq`,
    [userId.toString()],
  );
  const trades = rows.map((row): TradeRecord => ({
    code: row.code, side: row.side, quantity: row.quantity, leverage: row.leverage,
    openedAt: new Date(row.filled_at).getTime(), closedAt: new Date(row.closed_at!).getTime(),
    openPricePaise: row.fill_price_paise, closePricePaise: row.close_price_paise, realisedPnlPaise: row.realised_pnl_paise, simulated: true,
  }));
  if (rows.length === 0) return { trades, prices: null };
  const days = rows.flatMap((row) => [row.price_day_open, row.price_day_close]).sort();
  return { trades, prices: { from: days[0]!, to: days[days.length - 1]!, real: rows.every((row) => row.prices_real) } };
}

/** The user's stored rupee equity of each day from `fromDay` (YYYY-MM-DD), paise. */
export async function equityHistoryOf(sql: Sql, userId: bigint, fromDay: string): Promise<bigint[]> {
  const rows = await sql.query<{ equity: bigint }>(
    "SELECT equity FROM portfolio_days WHERE user_id = $1 AND currency = 'INR' AND day >= $2::date ORDER BY day",
    [userId.toString(), fromDay],
  );
  return rows.map((row) => row.equity);
}
