// Proves that the chart's candles join history and the live day without a gap or a
// duplicate, group weeks and months on IST boundaries, cut ranges at the right day, and
// adjust live and intraday bars on the same basis as the history.
import { describe, expect, it } from 'vitest';
import type { Candle, CandlePeriod } from '../../../contract/market.ts';
import type { QuoteState } from '../model.ts';
import { istDay, istDayStartOf, istIsoWeekday } from '../../../contract/calendar.ts';
import { createCandleAggregator, type CandleAggregator } from './candleAggregator.ts';
import type { CorporateAction } from './corporateActions.ts';
import { createHistory } from './dailyHistory.ts';
import { buildKline, formatMinor } from './kline.ts';

const today = '2025-06-18'; // a Wednesday
const now = Date.parse('2025-06-18T11:00:00+05:30');
const history = createHistory({ dataDir: null, seed: 21, codes: ['DEMO'], basePrices: new Map([['DEMO', 250_000]]), today });

/** Feeds one code's trades as the cumulative quote states a feed would publish. */
function feed(aggregator: CandleAggregator, trades: { at: string; price: number; size: number }[]): void {
  let previous: QuoteState | undefined;
  for (const { at, price, size } of trades) {
    const time = Date.parse(at);
    const day = istDay(time);
    const base = previous?.day === day ? previous : undefined;
    const state: QuoteState = {
      code: 'DEMO', last: price, time, day, prevClose: price, shortVolume: 0, turnover: 0,
      open: base?.open ?? price, high: Math.max(base?.high ?? price, price), low: Math.min(base?.low ?? price, price), volume: (base?.volume ?? 0) + size,
    };
    aggregator.apply(state);
    previous = state;
  }
}

function liveMarket(): CandleAggregator {
  const aggregator = createCandleAggregator();
  feed(aggregator, [
    { at: '2025-06-17T15:00:00+05:30', price: 249_000, size: 100 }, // yesterday: already in the history
    { at: '2025-06-18T09:15:10+05:30', price: 250_000, size: 300 },
    { at: '2025-06-18T09:16:10+05:30', price: 251_500, size: 200 },
    { at: '2025-06-18T09:31:00+05:30', price: 249_500, size: 500 },
    { at: '2025-06-18T10:45:00+05:30', price: 250_500, size: 50 },
  ]);
  return aggregator;
}

const kline = (aggregator: CandleAggregator, period: CandlePeriod, adjust: 'none' | 'forward' | 'backward' = 'forward', actions?: CorporateAction[]) =>
  buildKline({ history, aggregator, code: 'DEMO', period, adjust, now, actions });
const minor = (text: string) => Math.round(Number(text) * 100);

describe('kline from history and the live day', () => {
  it('ends the daily candles with today as traded so far, after yesterday from the history', () => {
    const candles = kline(liveMarket(), 'day');
    const days = history.bars('DEMO');
    expect(candles).toHaveLength(days.length + 1);
    expect(candles.at(-2)!.t).toBe(istDayStartOf('2025-06-17'));
    expect(candles.at(-2)!.c).toBe(formatMinor(days.at(-1)!.c));
    expect(candles.at(-1)).toEqual({ t: istDayStartOf(today), o: '2500.00', h: '2515.00', l: '2495.00', c: '2505.00', v: 1_050 });
    for (let index = 1; index < candles.length; index++) expect(candles[index]!.t).toBeGreaterThan(candles[index - 1]!.t);
  });

  it('groups weeks from Monday and months from the 1st, IST, with the days’ volumes', () => {
    const aggregator = liveMarket();
    const days = kline(aggregator, 'day');
    const weeks = kline(aggregator, 'week');
    const months = kline(aggregator, 'month');
    for (const week of weeks) expect(istIsoWeekday(week.t)).toBe(1);
    for (const month of months) expect(istDay(month.t).endsWith('-01')).toBe(true);
    const total = (candles: Candle[]) => candles.reduce((sum, candle) => sum + candle.v, 0);
    expect(total(weeks)).toBe(total(days));
    expect(total(months)).toBe(total(days));
    expect(weeks.at(-1)).toMatchObject({ t: istDayStartOf('2025-06-16'), c: '2505.00' });
    const june = days.filter((day) => day.t >= istDayStartOf('2025-06-01'));
    expect(months.at(-1)).toMatchObject({ o: june[0]!.o, h: formatMinor(Math.max(...june.map((day) => minor(day.h)))), v: total(june) });
  });

  it('cuts ranges at the same day a week or months before today', () => {
    const aggregator = liveMarket();
    const days = kline(aggregator, 'day');
    const week = kline(aggregator, 'range_1w');
    expect(week.map((candle) => istDay(candle.t))).toEqual(['2025-06-12', '2025-06-13', '2025-06-16', '2025-06-17', '2025-06-18']);
    expect(kline(aggregator, 'range_1m')[0]!.t).toBeGreaterThan(istDayStartOf('2025-05-18'));
    const year = kline(aggregator, 'range_1y');
    expect(year[0]!.t).toBeGreaterThan(istDayStartOf('2024-06-18'));
    expect(year).toEqual(days.slice(days.length - year.length));
  });

  it('draws the time share of the latest day only, and 5-minute bars from the aggregator', () => {
    const aggregator = liveMarket();
    const share = kline(aggregator, 'time_share');
    expect(share.map((candle) => candle.t)).toEqual(['09:15', '09:16', '09:31', '10:45'].map((hhmm) => Date.parse(`2025-06-18T${hhmm}:00+05:30`)));
    const fives = kline(aggregator, '5m');
    expect(fives.map((candle) => [istDay(candle.t), candle.v])).toEqual([['2025-06-17', 100], ['2025-06-18', 500], ['2025-06-18', 500], ['2025-06-18', 50]]);
    expect(kline(createCandleAggregator(), 'time_share')).toEqual([]);
  });

  it('adjusts live and intraday bars on the same basis as the history', () => {
    const aggregator = liveMarket();
    const split: CorporateAction[] = [{ code: 'DEMO', exDate: '2025-06-02', kind: 'split', ratio: { from: 1, to: 2 }, comment: 'test' }];
    const forward = kline(aggregator, 'day', 'forward', split);
    const none = kline(aggregator, 'day', 'none', split);
    const backward = kline(aggregator, 'day', 'backward', split);
    const before = forward.findIndex((candle) => candle.t === istDayStartOf('2025-05-30'));
    expect(minor(none[before]!.c)).toBe(2 * minor(forward[before]!.c));
    expect(none[before]!.v).toBe(Math.round(forward[before]!.v / 2));
    expect(none.at(-1)).toEqual(forward.at(-1));
    // Backward keeps the oldest basis: everything since the split, live day included, doubles.
    expect(backward.at(-1)).toEqual({ ...forward.at(-1)!, o: '5000.00', h: '5030.00', l: '4990.00', c: '5010.00', v: 525 });
    expect(backward[before]).toEqual(none[before]);
    expect(kline(aggregator, 'time_share', 'backward', split).map((candle) => candle.c)).toEqual(['5000.00', '5030.00', '4990.00', '5010.00']);
    expect(kline(aggregator, '15m', 'none', split)).toEqual(kline(aggregator, '15m', 'forward', split));
  });

  it('answers from the live bars alone when there is no history (replay), whatever the adjustment', () => {
    const aggregator = liveMarket();
    const candles = buildKline({ history: null, aggregator, code: 'DEMO', period: 'day', adjust: 'backward', now });
    expect(candles.map((candle) => [istDay(candle.t), candle.c])).toEqual([['2025-06-17', '2490.00'], ['2025-06-18', '2505.00']]);
  });
});

describe('minor units as decimal strings', () => {
  it('writes two decimals with integer arithmetic', () => {
    expect(formatMinor(0)).toBe('0.00');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(123_450)).toBe('1234.50');
    expect(formatMinor(-5)).toBe('-0.05');
    expect(formatMinor(-12_345)).toBe('-123.45');
    expect(formatMinor(900_719_925_474_099)).toBe('9007199254740.99');
    expect(() => formatMinor(1.5)).toThrow();
  });
});
