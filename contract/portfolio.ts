import { z } from 'zod';
import { ledgerCurrencies } from './currencies.ts';
import { pageField, pageOf } from './paging.ts';
import { orderSides } from './trading.ts';
import { holdingsPageSize } from './constants.ts';

// Zod-free, for the phone app's first load (constants.ts); re-exported where it always was.
export { holdingsPageSize };

// The portfolio valued at market. A position here is an open (holding) order: the trader's
// margin in it, and its P&L at the last price of the stream. Amounts are decimal strings in
// the currency's major unit (contract/currencies.ts); nothing adds rupees to won, so every
// figure below is per currency (the summary and the history are in rupees, the currency of
// the Home card; foreign positions show in their own money in `user/info`'s
// balances_by_currency and in the holdings list).
//
//   position equity  = margin + unrealised P&L at the last price
//   market_value     = Σ position equity
//   total_assets     = cash + market_value
//   day P&L          = (last − reference) × quantity, signed by side; reference = previous
//                      close, or the fill price for a position filled today (IST)

export const portfolioRanges = ['1w', '1m', '3m', '1y', 'all'] as const;
export type PortfolioRange = (typeof portfolioRanges)[number];

export const portfolioHistoryRequest = z.object({ range: z.enum(portfolioRanges, 'invalid_field').default('1m') });

/** One IST day's closing figures, rupees. */
export const portfolioPoint = z.object({
  /** IST day, YYYY-MM-DD. */
  date: z.string(),
  /** cash + Σ position equity at that day's closing prices. */
  equity: z.string(),
  cash: z.string(),
  /** Margin in open positions at the day's close. */
  invested: z.string(),
  /** True for a day of the demo's seeded, simulated history (labelled on screen); real days are false. */
  simulated: z.boolean(),
});
export type PortfolioPoint = z.infer<typeof portfolioPoint>;

export const portfolioHistoryResponse = z.object({
  currency: z.enum(ledgerCurrencies),
  /** Oldest first; the last point is today, valued at the current prices. */
  points: z.array(portfolioPoint),
});
export type PortfolioHistory = z.infer<typeof portfolioHistoryResponse>;

export const pnlCalendarRequest = z.object({
  month: z.string({ error: 'invalid_field' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid_field'),
});

/** A day's P&L: the change of equity that day less the money deposited and plus the money withdrawn (realised + unrealised change). */
export const pnlCalendarDay = z.object({ date: z.string(), pnl: z.string(), simulated: z.boolean() });
export const pnlCalendarResponse = z.array(pnlCalendarDay);
export type PnlCalendarDay = z.infer<typeof pnlCalendarDay>;

export const holdingSorts = ['value', 'pnl', 'pnl_pct', 'day_change', 'name'] as const;
export type HoldingSort = (typeof holdingSorts)[number];

export const holdingsRequest = z.object({
  page: pageField,
  sort: z.enum(holdingSorts, 'invalid_field').default('value'),
  /**
   * Descending by default (largest value, largest P&L first); ascending for name. The money
   * sorts (value, pnl, day_change) keep each currency's positions together, rupees first, so
   * won never outranks rupees by its number alone; pnl_pct and name sort across currencies.
   */
  direction: z.enum(['asc', 'desc'], 'invalid_field').optional(),
});

/** One open position valued at the last price, as Kite's holdings list shows it. */
export const holding = z.object({
  order_no: z.string(),
  code: z.string(),
  name: z.string(),
  side: z.enum(orderSides),
  currency: z.enum(ledgerCurrencies),
  quantity: z.number().int(),
  lot: z.number().int(),
  leverage: z.number().int(),
  /** Average cost: the fill price. */
  average_cost: z.string(),
  last: z.string(),
  prev_close: z.string(),
  /** The trader's margin in it. */
  invested: z.string(),
  /** last × quantity, in the position's currency (note: `user/info`'s balances.market_value is Σ position equity instead). */
  market_value: z.string(),
  /** margin + pnl. */
  equity: z.string(),
  pnl: z.string(),
  /** pnl ÷ invested, percent with two decimals ("12.34"); "0.00" when nothing is invested. */
  pnl_pct: z.string(),
  /** (last − reference) × quantity, signed by side (see above). */
  day_change: z.string(),
  /** Today's price change, percent with two decimals, of last against the reference price. */
  day_change_pct: z.string(),
  filled_at: z.string(),
});
export type Holding = z.infer<typeof holding>;
export const holdingsResponse = pageOf(holding);

export const portfolioSummaryResponse = z.object({
  currency: z.enum(ledgerCurrencies),
  /** Approved deposits and paid-out withdrawals, all time. */
  deposits_total: z.string(),
  withdrawals_total: z.string(),
  /** Filled orders (positions ever opened) and open positions now. */
  trade_count: z.number().int(),
  holding_count: z.number().int(),
  realised_pnl_today: z.string(),
  realised_pnl_month: z.string(),
  realised_pnl_all: z.string(),
  /** Same as user/info's balances, so the portfolio screen needs one call. */
  invested: z.string(),
  market_value: z.string(),
  unrealised_pnl: z.string(),
  day_pnl: z.string(),
  total_assets: z.string(),
});
export type PortfolioSummary = z.infer<typeof portfolioSummaryResponse>;
