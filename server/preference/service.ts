import { dayMs, istDay } from '../../contract/calendarDays.ts';
import { formatRupees, parseRupees } from '../../contract/money.ts';
import { allocationTips, type PreferenceAnswer, preferenceHistoryMonths, preferenceWindowDays, volatilityCandles } from '../../contract/preference.ts';
import type { Database } from '../db/database.ts';
import type { KlineSource } from '../market/routes.ts';
import { valuedBalancesOf } from '../portfolio/balances.ts';
import type { Valuation } from '../portfolio/prices.ts';
import { availability, dailyVolatilityPercent, preferenceScores, type TradeRecord } from './preferenceScores.ts';
import { equityHistoryOf, orderTradesOf, simulatedTradesOf } from './store.ts';

// profile/preference: the caller's trades (real orders, and for the demo user the simulated
// ones, labelled), their equity over the window, and each traded stock's volatility from the
// market's daily candles, into the pure scores (preferenceScores.ts); or, before three months
// of history, when the radar becomes available.

export interface PreferenceContext {
  db: Database;
  now: () => number;
  /** Values today's positions for the live equity figure. */
  valuation: Valuation;
  /** Daily candles for each traded stock's volatility. */
  kline: KlineSource;
}

/** Volatilities kept per stock and IST day: the candles behind one change at most once a day. */
const volatilityCacheMax = 500;

export function createVolatilityBook(kline: KlineSource, now: () => number) {
  const cache = new Map<string, { day: string; percent: number | null }>();
  return (code: string): number | null => {
    const day = istDay(now());
    const cached = cache.get(code);
    if (cached?.day === day) return cached.percent;
    const before = now();
    const closes = kline
      .candles(code, 'day', 'none')
      .filter((candle) => (candle.t < 1e12 ? candle.t * 1000 : candle.t) < before)
      .slice(-(volatilityCandles + 1))
      .map((candle) => parseRupees(candle.c))
      .filter((close): close is NonNullable<typeof close> => close !== null);
    const percent = dailyVolatilityPercent(closes);
    if (cache.size >= volatilityCacheMax) cache.delete(cache.keys().next().value!);
    cache.set(code, { day, percent });
    return percent;
  };
}

export function createPreferenceService(context: PreferenceContext) {
  const volatilityOf = createVolatilityBook(context.kline, context.now);

  return async function preferenceOf(userId: bigint): Promise<PreferenceAnswer> {
    const now = context.now();
    const real = await orderTradesOf(context.db, userId);
    const simulated = await simulatedTradesOf(context.db, userId);
    const trades: TradeRecord[] = [...real, ...simulated.trades].filter((trade) => trade.openedAt <= now);
    const base = { available: false as const, months_required: preferenceHistoryMonths };
    if (trades.length === 0) return { ...base, reason: 'history_too_short', first_trade_at: null, available_from: null, days_remaining: null };
    const firstTradeAt = trades.reduce((earliest, trade) => Math.min(earliest, trade.openedAt), now);
    const rule = availability(firstTradeAt, now);
    const unavailable = { ...base, first_trade_at: new Date(firstTradeAt).toISOString(), available_from: rule.availableFrom, days_remaining: rule.daysRemaining };
    if (!rule.available) return { ...unavailable, reason: 'history_too_short' };

    const { inr } = await valuedBalancesOf(context.db, userId, context.valuation);
    const windowStartDay = istDay(now - preferenceWindowDays * dayMs);
    const equity = [...(await equityHistoryOf(context.db, userId, windowStartDay)), inr.totalAssets];
    const codes = new Set(trades.map((trade) => trade.code));
    const volatilityPercent = new Map([...codes].map((code) => [code, volatilityOf(code)]));
    const scores = preferenceScores({ trades, equitySamplesPaise: equity, volatilityPercent, now });
    if (!scores) return { ...unavailable, days_remaining: 0, reason: 'no_trades_in_window' };
    // Simulated trades the window counted (the demo's get older as the demo runs on).
    const counted = trades.filter((trade) => trade.simulated && (trade.openedAt >= scores.windowFrom || (trade.closedAt ?? now) >= scores.windowFrom)).length;
    return {
      available: true,
      axes: scores.axes,
      average_score: (scores.scoreSum / scores.axes.length).toFixed(1),
      profile: scores.profile,
      allocation: allocationTips[scores.profile].map((tip) => ({ ...tip })),
      first_trade_at: new Date(firstTradeAt).toISOString(),
      window: { from: new Date(scores.windowFrom).toISOString(), to: new Date(now).toISOString() },
      trades_counted: scores.tradesCounted,
      average_equity: formatRupees(scores.averageEquityPaise),
      includes_simulated: counted > 0,
      simulated_trades: counted,
      simulated_prices: counted > 0 ? simulated.prices : null,
      computed_at: new Date(now).toISOString(),
    };
  };
}
