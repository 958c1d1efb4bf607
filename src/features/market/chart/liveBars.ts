import { dayMs, istDayNumber, istDayNumberStart, istOffsetMs, minuteMs, monthNumberOfDayNumber, monthStartDayNumber, weekStartDayNumber } from '../../../../contract/calendar.ts';
import type { Candle, CandlePeriod } from '../../../../contract/market.ts';

// Candles for the chart, and how a live quote moves the last one. Chart coordinates are
// floats by nature (lightweight-charts draws numbers), so prices become Numbers here and
// only here; nothing computed from them is ever shown as an amount.

export type ChartBar = { t: number; o: number; h: number; l: number; c: number; v: number };

/** A live quote as the chart needs it: last price in minor units, the day's cumulative volume, trade time. */
export type LiveTick = { last: number; volume: number; time: number };

export type Bucket = { kind: 'fixed'; ms: number } | { kind: 'day' } | { kind: 'week' } | { kind: 'month' };

export function toChartBars(candles: readonly Candle[]): ChartBar[] {
  return candles.map((candle) => ({ t: candle.t, o: Number(candle.o), h: Number(candle.h), l: Number(candle.l), c: Number(candle.c), v: candle.v }));
}

const fixedBuckets: Partial<Record<CandlePeriod, number>> = { time_share: minuteMs, '5m': 5 * minuteMs, '15m': 15 * minuteMs, '30m': 30 * minuteMs };

/**
 * How long one bar of `period` lasts. The range periods (1W … 1Y) do not say their bar size
 * in the contract, so it is read from the spacing of the bars the server sent.
 */
export function bucketOf(period: CandlePeriod, bars: readonly ChartBar[]): Bucket {
  const fixed = fixedBuckets[period];
  if (fixed) return { kind: 'fixed', ms: fixed };
  if (period === 'day') return { kind: 'day' };
  if (period === 'week') return { kind: 'week' };
  if (period === 'month') return { kind: 'month' };
  let spacing = Number.POSITIVE_INFINITY;
  for (let index = Math.max(1, bars.length - 20); index < bars.length; index += 1) {
    const gap = (bars[index]?.t ?? 0) - (bars[index - 1]?.t ?? 0);
    if (gap > 0) spacing = Math.min(spacing, gap);
  }
  // Overnight gaps make intraday spacing look longer, never shorter: the minimum is the bar size.
  return spacing < 20 * 60 * minuteMs ? { kind: 'fixed', ms: spacing } : { kind: 'day' };
}

// Days, weeks (from Monday) and months are the market's, on the IST calendar.
const istMonday = (t: number) => weekStartDayNumber(istDayNumber(t));
const istMonth = (t: number) => monthNumberOfDayNumber(istDayNumber(t));
const istMonthStart = (t: number) => istDayNumberStart(monthStartDayNumber(istDayNumber(t)));

/** How many buckets after the last bar's the tick falls: negative (stale), 0 (same bar) or more (new bar). */
function bucketsAfter(bucket: Bucket, lastBarT: number, tickTime: number): number {
  switch (bucket.kind) {
    case 'fixed':
      return Math.floor((tickTime - lastBarT) / bucket.ms);
    case 'day':
      return istDayNumber(tickTime) - istDayNumber(lastBarT);
    case 'week':
      return (istMonday(tickTime) - istMonday(lastBarT)) / 7;
    case 'month':
      return istMonth(tickTime) - istMonth(lastBarT);
  }
}

/** The start of the new bar, keeping the server's alignment (e.g. 09:15 sessions) by stepping from the last bar. */
function newBarStart(bucket: Bucket, lastBarT: number, tickTime: number, steps: number): number {
  switch (bucket.kind) {
    case 'fixed':
      return lastBarT + steps * bucket.ms;
    case 'day':
      return lastBarT + steps * dayMs;
    case 'week':
      return lastBarT + steps * 7 * dayMs;
    case 'month':
      return Math.max(istMonthStart(tickTime), lastBarT + dayMs);
  }
}

/**
 * Moves the bars by one live quote: the last bar's close, high and low follow the price
 * within its bucket, and a quote in a later bucket opens a new bar. Volume grows by the
 * change in the day's cumulative volume since `previousVolume` (a daily bar simply takes
 * the day's volume). Returns null when the quote changes nothing (stale, or no bars).
 */
export function applyLiveTick(bars: readonly ChartBar[], tick: LiveTick, bucket: Bucket, previousVolume: number | null): ChartBar[] | null {
  const last = bars[bars.length - 1];
  if (!last || tick.last <= 0) return null;
  const price = tick.last / 100;
  const steps = bucketsAfter(bucket, last.t, tick.time);
  if (steps < 0) return null;
  const volumeDelta = previousVolume === null ? 0 : tick.volume >= previousVolume ? tick.volume - previousVolume : tick.volume;
  if (steps === 0) {
    const updated: ChartBar = {
      ...last,
      c: price,
      h: Math.max(last.h, price),
      l: Math.min(last.l, price),
      v: bucket.kind === 'day' ? Math.max(last.v, tick.volume) : last.v + volumeDelta,
    };
    if (updated.c === last.c && updated.h === last.h && updated.l === last.l && updated.v === last.v) return null;
    const next = bars.slice();
    next[next.length - 1] = updated;
    return next;
  }
  const opened: ChartBar = { t: newBarStart(bucket, last.t, tick.time, steps), o: price, h: price, l: price, c: price, v: bucket.kind === 'day' ? tick.volume : volumeDelta };
  return [...bars, opened];
}

/** Seconds on the chart's time axis. lightweight-charts shows times in UTC, so IST is added to read as Indian time. */
export const chartTimeOf = (t: number) => Math.floor((t + istOffsetMs) / 1000);
