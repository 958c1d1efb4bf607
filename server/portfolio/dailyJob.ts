import { isTradingDayNumber, previousTradingDayNumber } from '../../contract/calendar.ts';
import { dayMs, dayNumberOfIsoDay, isoDayOfDayNumber, istDay, istDayNumber, istDayNumberStart } from '../../contract/calendarDays.ts';
import { parseRupees } from '../../contract/money.ts';
import { valuePosition } from '../../contract/valuation.ts';
import type { Database } from '../db/database.ts';
import type { Market } from '../market/marketService.ts';
import type { KlineSource } from '../market/routes.ts';
import { cashAt, firstUserPostingAt, insertPortfolioDays, lastFinishedDay, markDayFinished, netFlows, type PortfolioDayRow, usersWithAccounts } from './dayStore.ts';
import { positionsOpenAt } from './store.ts';
import { type PeriodicJob, startPeriodicJob } from '../jobs/periodicJob.ts';

// The daily balance history (migration 0018): for each IST business day (NSE trading day)
// that has ended, one row per user and currency with the day's closing cash, invested margin
// and equity, written once. The job runs at start and every `intervalMs`; after downtime it
// catches up every business day after the last one it finished, oldest first, so each day is
// written once and a second run writes nothing. Users are taken in id order, a bounded batch
// per transaction; a day is marked finished after its last batch (a day cut short by a crash
// is redone: its rows already written are kept, ON CONFLICT DO NOTHING).
//
// A day's closing prices: the market's last quote of that day when the market's quote still
// belongs to it (the day just ended: NSE's close holds until the next session's open); for an
// older day (catch-up) the close of its day candle from the market's kline source; a position
// whose instrument has neither is valued at its fill price (no P&L). The first run ever starts
// at the first user posting, at most `catchUpDaysMax` days back.

// Measured (npx tsx bench/portfolio.ts, PostgreSQL here, 1,00,000 users with a position each): 5,000 a batch
// 12.6 s a day, 20,000 a batch 7.5 s: each batch's queries pay a fixed cost of scanning, fewer batches pay it less.
export const portfolioBatchSize = 20_000;
export const catchUpDaysMax = 400;

/** One day's closing prices (hundredths; undefined when unknown) and where they came from. */
export type DayCloses = (day: string) => { close(code: string): bigint | undefined; source: 'market' | 'candles' };

/** Closing prices from the running market: its last quote while it is still that day's, else the day candle's close. */
export function marketDayCloses(market: Pick<Market, 'quote'>, kline: Pick<KlineSource, 'candles'>, now: () => number): DayCloses {
  return (day) => {
    // Read afresh for each day written: candles grow while the market runs.
    const candleCloses = new Map<string, bigint | undefined>();
    const candleClose = (code: string) => {
      if (!candleCloses.has(code)) {
        // Candle times are epoch ms of the IST day's start (seconds accepted too).
        const candle = kline.candles(code, 'day', 'none').find((bar) => istDay(bar.t < 1e12 ? bar.t * 1000 : bar.t) === day);
        const close = candle ? parseRupees(candle.c) : null;
        candleCloses.set(code, close !== null && close > 0n ? close : undefined);
      }
      return candleCloses.get(code);
    };
    return {
      close(code) {
        const quote = market.quote(code);
        if (quote && quote.day === day && quote.last > 0) return BigInt(quote.last);
        return candleClose(code);
      },
      source: day === lastEndedBusinessDay(now()) ? 'market' : 'candles',
    };
  };
}

/** The latest NSE trading day whose IST day has ended at `time`. */
export function lastEndedBusinessDay(time: number): string {
  return isoDayOfDayNumber(previousTradingDayNumber(istDayNumber(time)));
}

/** Epoch ms of the end of IST day `day` (the next midnight). */
const dayEnd = (day: string) => istDayNumberStart(dayNumberOfIsoDay(day)) + dayMs;

/** Writes every user's rows of one business day; returns the rows written (0 when all were there). */
export async function writePortfolioDay(db: Database, day: string, closes: DayCloses, batchSize = portfolioBatchSize): Promise<{ users: number; rows: number }> {
  const end = new Date(dayEnd(day));
  // Flows since the previous business day ended: a weekend's deposit counts on Monday.
  const flowStart = new Date(dayEnd(isoDayOfDayNumber(previousTradingDayNumber(dayNumberOfIsoDay(day)))));
  const prices = closes(day);
  let users = 0;
  let rows = 0;
  for (let afterId = 0n; ; ) {
    const batch = await usersWithAccounts(db, afterId, batchSize);
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1]!;
    users += batch.length;
    rows += await db.transaction(async (tx) => {
      const cash = await cashAt(tx, batch, end);
      const flows = await netFlows(tx, batch, flowStart, end);
      const positions = await positionsOpenAt(tx, batch, end);
      const books = new Map<string, PortfolioDayRow>();
      for (const entry of cash) {
        const key = `${entry.userId}:${entry.currency}`;
        books.set(key, { userId: entry.userId, currency: entry.currency, day, cash: entry.cash, equity: entry.cash, invested: 0n, netFlow: flows.get(key) ?? 0n, simulated: false });
      }
      for (const position of positions) {
        const book = books.get(`${position.userId}:${position.currency}`);
        // A position's margin was posted before it filled, so its book is there; guard anyway.
        if (!book) continue;
        const close = prices.close(position.code);
        const value = valuePosition(position, close === undefined ? undefined : { last: close, prevClose: close }, 0);
        book.invested += position.margin;
        book.equity += value.equity;
      }
      return insertPortfolioDays(tx, [...books.values()]);
    });
  }
  await markDayFinished(db, day, users, rows, prices.source);
  return { users, rows };
}

export interface PortfolioJobOutcome {
  /** Business days this run wrote, oldest first. */
  days: string[];
  rows: number;
}

/** The business days after the last finished one up to `through`, oldest first. */
export async function daysToWrite(db: Database, through: string): Promise<string[]> {
  const last = await lastFinishedDay(db);
  const throughNumber = dayNumberOfIsoDay(through);
  let from: number;
  if (last !== null) from = dayNumberOfIsoDay(last) + 1;
  else {
    const first = await firstUserPostingAt(db);
    if (!first) return [];
    from = istDayNumber(first.getTime());
  }
  from = Math.max(from, throughNumber - catchUpDaysMax);
  const days: string[] = [];
  for (let dayNumber = from; dayNumber <= throughNumber; dayNumber++) if (isTradingDayNumber(dayNumber)) days.push(isoDayOfDayNumber(dayNumber));
  return days;
}

/** runOnce(through) writes every business day not yet written up to `through` (default: the last one that has ended). */
export type PortfolioJob = PeriodicJob<string, PortfolioJobOutcome>;

export function startPortfolioJob(options: {
  db: Database;
  now: () => number;
  closes: DayCloses;
  intervalMs?: number;
  batchSize?: number;
  onError?: (error: unknown) => void;
}): PortfolioJob {
  const { db, now, closes, intervalMs = 10 * 60_000, batchSize = portfolioBatchSize, onError = () => {} } = options;
  const pass = async (through: string): Promise<PortfolioJobOutcome> => {
    const outcome: PortfolioJobOutcome = { days: [], rows: 0 };
    for (const day of await daysToWrite(db, through)) {
      outcome.rows += (await writePortfolioDay(db, day, closes, batchSize)).rows;
      outcome.days.push(day);
    }
    return outcome;
  };
  return startPeriodicJob({ run: pass, defaultArgument: () => lastEndedBusinessDay(now()), intervalMs, onError });
}
