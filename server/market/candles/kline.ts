import type { Adjustment, Candle, CandlePeriod } from '../../../contract/market.ts';
import { applyAdjustment, planAdjustment } from './adjustment.ts';
import { dayMs, istDayNumber, istDayStartOf } from '../../../contract/calendar.ts';
import { bucketStart, type Bar, type BucketPeriod } from './buckets.ts';
import type { CandleAggregator } from './candleAggregator.ts';
import { actionsFor, type CorporateAction } from './corporateActions.ts';
import type { DailyHistory } from './dailyHistory.ts';

// Answers the chart's candle request: daily history joined with the live days the
// aggregator has seen, intraday bars from the aggregator, in the requested adjustment,
// as REST candles (decimal strings, oldest first).
//
// Live bars are on today's share basis, the same basis as the forward-adjusted history,
// so one adjustment plan built over history + live days serves both. Weeks and months
// are grouped from the adjusted daily bars, so they reach back as far as the history.
// Without a history (the replay feed) there is nothing to relate corporate actions to and
// the live bars are returned as they are, whatever the adjustment.

export interface KlineRequest {
  history: DailyHistory | null;
  aggregator: CandleAggregator;
  code: string;
  period: CandlePeriod;
  adjust: Adjustment;
  /** The clock, epoch ms: ranges (range_1w …) end on its IST day. The wall clock, or for a replay its position (the latest replayed quote time). */
  now: number;
  /** Defaults to the embedded table of corporateActions.ts. */
  actions?: readonly CorporateAction[];
}

/** Calendar span of each range period, ending today. */
const rangeSpans: Partial<Record<CandlePeriod, { days?: number; months?: number }>> = {
  range_1w: { days: 7 },
  range_1m: { months: 1 },
  range_3m: { months: 3 },
  range_6m: { months: 6 },
  range_1y: { months: 12 },
};

const intradayPeriods: Partial<Record<CandlePeriod, BucketPeriod>> = { '5m': '5m', '15m': '15m', '30m': '30m' };

export function buildKline(request: KlineRequest): Candle[] {
  const { aggregator, code, period } = request;
  const history = request.history?.bars(code) ?? [];
  const lastHistoryTime = history[history.length - 1]?.t ?? Number.NEGATIVE_INFINITY;
  const daily = [...history, ...aggregator.bars(code, 'day').filter((bar) => bar.t > lastHistoryTime)];
  // Corporate actions only mean something against a history to relate them to.
  const plan = planAdjustment(daily, request.history ? actionsFor(code, request.actions) : [], request.adjust);

  if (period === 'time_share') {
    const minutes = aggregator.bars(code, 'minute');
    const latest = minutes[minutes.length - 1];
    if (!latest) return [];
    const dayStart = bucketStart('day', latest.t);
    return toCandles(applyAdjustment(minutes.filter((bar) => bar.t >= dayStart), plan));
  }
  const intraday = intradayPeriods[period];
  if (intraday) return toCandles(applyAdjustment(aggregator.bars(code, intraday), plan));

  const adjusted = applyAdjustment(daily, plan);
  if (period === 'day') return toCandles(adjusted);
  if (period === 'week' || period === 'month') return toCandles(groupBars(adjusted, period));
  const span = rangeSpans[period];
  if (!span) throw new Error(`no candles for period ${period}`);
  const cutoff = rangeStart(request.now, span);
  return toCandles(adjusted.filter((bar) => bar.t > cutoff));
}

/** IST midnight of the same day `span` before the IST day of `now`: bars after it are in range. */
function rangeStart(now: number, span: { days?: number; months?: number }): number {
  const date = new Date(istDayNumber(now) * dayMs);
  if (span.days) date.setUTCDate(date.getUTCDate() - span.days);
  if (span.months) {
    // Keep the day of month where it exists: 31 March minus one month is 28/29 February, not 3 March.
    const day = date.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() - span.months);
    const daysInMonth = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, daysInMonth));
  }
  return istDayStartOf(date.toISOString().slice(0, 10));
}

/** Groups daily bars (oldest first) into week or month bars on IST boundaries. */
export function groupBars(daily: readonly Bar[], period: 'week' | 'month'): Bar[] {
  const grouped: Bar[] = [];
  let current: Bar | null = null;
  for (const bar of daily) {
    const start = bucketStart(period, bar.t);
    if (current && current.t === start) {
      if (bar.h > current.h) current.h = bar.h;
      if (bar.l < current.l) current.l = bar.l;
      current.c = bar.c;
      current.v += bar.v;
    } else {
      current = { t: start, o: bar.o, h: bar.h, l: bar.l, c: bar.c, v: bar.v };
      grouped.push(current);
    }
  }
  return grouped;
}

function toCandles(bars: readonly Bar[]): Candle[] {
  return bars.map((bar) => ({ t: bar.t, o: formatMinor(bar.o), h: formatMinor(bar.h), l: formatMinor(bar.l), c: formatMinor(bar.c), v: bar.v }));
}

/** An integer of minor units as a decimal string with two decimals: 123450 → "1234.50", -5 → "-0.05". */
export function formatMinor(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`not a whole number of minor units: ${minor}`);
  const magnitude = Math.abs(minor);
  const fraction = magnitude % 100;
  return `${minor < 0 ? '-' : ''}${(magnitude - fraction) / 100}.${fraction < 10 ? '0' : ''}${fraction}`;
}
