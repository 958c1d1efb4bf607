import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { dayMs, istDay, istDayStart, istDayStartOf } from '../../contract/calendarDays.ts';
import { parseRupees } from '../../contract/money.ts';
import type { Database } from '../db/database.ts';
import type { KlineSource } from '../market/routes.ts';
import { valuedBalancesOf } from '../portfolio/balances.ts';
import { businessDaysBefore } from '../portfolio/demoHistory.ts';
import { fixedPrices } from '../portfolio/prices.ts';

// The demo user's simulated trading history for the preference radar (demo mode only; migration
// 0027): so a first start can show the radar, which needs three months of trading. About forty
// round trips over the business days before the seeding day, in ten NIFTY 50 stocks, replaying
// the REAL NSE daily closes of the market's data in order (the last sessions of the data the
// market loads, never copied into the repository), one real session per business day. Without
// real data the market's own daily candles are used and the rows say their prices are not real.
// Deterministic (a seeded generator, as the demo balance history), written once, never orders:
// no money moves, so the ledger and the crash-recovery audit never see them. The page labels
// every radar that counts them.

/** Business days the simulated history covers, ending the business day before seeding: about four months. */
export const simulatedHistoryDays = 85;
const demoCodes = ['RELIANCE', 'HDFCBANK', 'ICICIBANK', 'INFY', 'TCS', 'ITC', 'SBIN', 'BHARTIARTL', 'LT', 'SUNPHARMA'] as const;
const leverages = [1, 1, 1, 1, 2, 2, 2, 5] as const;
/** Business days a trade is meant to be held; a losing one may be cut two days in. */
const holdingDays = [1, 2, 3, 4, 6, 8, 10, 15, 20, 30] as const;
const openMinuteOfDay = 10 * 60;
const closeMinuteOfDay = 14 * 60 + 30;

export interface PriceSeries {
  code: string;
  /** Shares per lot the order writer enforces. */
  lot: number;
  /** One close per business day of the plan (paise), and the session each close is from. */
  closes: readonly bigint[];
  sessions: readonly string[];
  real: boolean;
}

export interface SimulatedTradeRow {
  seq: number;
  code: string;
  side: 'long' | 'short';
  quantity: bigint;
  leverage: number;
  openedAt: number;
  closedAt: number;
  openPricePaise: bigint;
  closePricePaise: bigint;
  realisedPnlPaise: bigint;
  priceDayOpen: string;
  priceDayClose: string;
  pricesReal: boolean;
}

const pnlOf = (side: 'long' | 'short', open: bigint, close: bigint, quantity: bigint) => (side === 'long' ? close - open : open - close) * quantity;

/**
 * The trades, oldest first: every one to three business days a stock is picked, a side (long
 * four times in five), a leverage and a holding period; about half the trades losing two days
 * in are closed then (cutting losses), the rest are held as planned. Each opens with 8–25 % of
 * the equity in whole lots (stocks whose lot costs more than 40 % are skipped).
 */
export function planSimulatedTrades(input: { series: readonly PriceSeries[]; tradingDays: readonly string[]; equityPaise: bigint; seed?: number }): SimulatedTradeRow[] {
  const rng = xoroshiro128plus(input.seed ?? 2_026_015);
  const random = () => uniformFloat64(rng);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const days = input.tradingDays;
  const rows: SimulatedTradeRow[] = [];
  if (input.series.length === 0 || input.equityPaise <= 0n) return rows;
  for (let open = 1; open < days.length - 2; open += 1 + Math.floor(random() * 3)) {
    const series = pick(input.series);
    const leverage = pick(leverages);
    const side = random() < 0.8 ? 'long' : 'short';
    let close = Math.min(open + pick(holdingDays), days.length - 1);
    const cutAt = open + 2;
    const cuts = random() < 0.5;
    if (cuts && close > cutAt && pnlOf(side, series.closes[open]!, series.closes[cutAt]!, 1n) < 0n) close = cutAt;
    const sharePercent = BigInt(8 + Math.floor(random() * 18));
    const lotCost = series.closes[open]! * BigInt(series.lot);
    if (lotCost * 100n > input.equityPaise * 40n) continue;
    const lots = (input.equityPaise * sharePercent) / 100n / lotCost;
    const quantity = (lots > 0n ? lots : 1n) * BigInt(series.lot);
    const openPricePaise = series.closes[open]!;
    const closePricePaise = series.closes[close]!;
    rows.push({
      seq: rows.length, code: series.code, side, quantity, leverage,
      openedAt: istDayStartOf(days[open]!) + openMinuteOfDay * 60_000 + rows.length * 1000,
      closedAt: istDayStartOf(days[close]!) + closeMinuteOfDay * 60_000 + rows.length * 1000,
      openPricePaise, closePricePaise, realisedPnlPaise: pnlOf(side, openPricePaise, closePricePaise, quantity),
      priceDayOpen: series.sessions[open]!, priceDayClose: series.sessions[close]!, pricesReal: series.real,
    });
  }
  return rows;
}

/** The last `count` daily closes of `code`: the real sessions where the market has them, else its own candles before today. */
export function priceSeriesOf(kline: KlineSource, code: string, lot: number, count: number, now: number): PriceSeries | null {
  const realUntil = kline.realUntil(code);
  const until = realUntil ? istDayStartOf(realUntil) + dayMs : istDayStart(now);
  const bars = kline
    .candles(code, 'day', 'none')
    .map((candle) => ({ time: candle.t < 1e12 ? candle.t * 1000 : candle.t, close: parseRupees(candle.c) }))
    .filter((bar) => bar.time < until && bar.close !== null && bar.close > 0n)
    .slice(-count);
  if (bars.length < count) return null;
  return { code, lot, closes: bars.map((bar) => bar.close!), sessions: bars.map((bar) => istDay(bar.time)), real: realUntil !== null };
}

/**
 * Seeds the demo user's simulated trades once: nothing when the user does not exist, already has
 * them, or has no equity. Returns the rows written.
 */
export async function seedDemoPreferenceTrades(
  db: Database,
  options: { account: string; kline: KlineSource; lotOf: (code: string) => number | null; now: () => number },
): Promise<number> {
  const [user] = await db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [options.account]);
  if (!user) return 0;
  const [existing] = await db.query('SELECT 1 FROM preference_simulated_trades WHERE user_id = $1 LIMIT 1', [user.id.toString()]);
  if (existing) return 0;
  const { inr } = await valuedBalancesOf(db, user.id, { prices: fixedPrices(new Map()), now: options.now });
  const tradingDays = businessDaysBefore(options.now(), simulatedHistoryDays);
  const series = demoCodes.flatMap((code) => {
    const lot = options.lotOf(code);
    const found = lot === null ? null : priceSeriesOf(options.kline, code, lot, tradingDays.length, options.now());
    return found ? [found] : [];
  });
  const rows = planSimulatedTrades({ series, tradingDays, equityPaise: inr.totalAssets });
  if (rows.length === 0) return 0;
  return db.transaction(async (tx) => {
    // Two servers starting at once: the second finds the first one's rows and writes none.
    await tx.query('LOCK TABLE preference_simulated_trades IN SHARE ROW EXCLUSIVE MODE');
    const [again] = await tx.query('SELECT 1 FROM preference_simulated_trades WHERE user_id = $1 LIMIT 1', [user.id.toString()]);
    if (again) return 0;
    const column = <T>(read: (row: SimulatedTradeRow) => T) => rows.map(read);
    await tx.query(
      `INSERT INTO preference_simulated_trades (user_id, seq, code, side, quantity, leverage, opened_at, closed_at, open_price_paise,
                                                close_price_paise, realised_pnl_paise, price_day_open, price_day_close, prices_real)
       SELECT $1, * FROM unnest($2::integer[], $3::text[], $4::text[], $5::bigint[], $6::integer[], $7::timestamptz[], $8::timestamptz[],
                                $9::bigint[], $10::bigint[], $11::bigint[], $12::date[], $13::date[], $14::boolean[])`,
      [
        user.id.toString(), column((row) => row.seq), column((row) => row.code), column((row) => row.side), column((row) => row.quantity.toString()),
        column((row) => row.leverage), column((row) => new Date(row.openedAt).toISOString()), column((row) => new Date(row.closedAt).toISOString()),
        column((row) => row.openPricePaise.toString()), column((row) => row.closePricePaise.toString()), column((row) => row.realisedPnlPaise.toString()),
        column((row) => row.priceDayOpen), column((row) => row.priceDayClose), column((row) => row.pricesReal),
      ],
    );
    return rows.length;
  });
}
