// Proves that the aggregator's bars for every period equal a naive grouping of the same
// trades, that memory stays bounded, and how it treats the states it cannot fully place.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { istDay } from '../../../contract/calendar.ts';
import type { QuoteState } from '../model.ts';
import { bucketPeriods, bucketStart, type Bar, type BucketPeriod } from './buckets.ts';
import { createCandleAggregator } from './candleAggregator.ts';

interface Trade {
  code: string;
  time: number;
  price: number;
  size: number;
}

/** Quote states as a feed publishes them after every trade: cumulative day figures that reset each IST day. */
function quoteStates(trades: readonly Trade[]): QuoteState[] {
  const states = new Map<string, QuoteState>();
  return trades.map(({ code, time, price, size }) => {
    const day = istDay(time);
    const previous = states.get(code);
    const fresh = !previous || previous.day !== day;
    const state: QuoteState = {
      code, last: price, time, day, prevClose: previous?.last ?? price, shortVolume: 0,
      open: fresh ? price : previous.open,
      high: fresh ? price : Math.max(previous.high, price),
      low: fresh ? price : Math.min(previous.low, price),
      volume: (fresh ? 0 : previous.volume) + size,
      turnover: (fresh ? 0 : previous.turnover) + price * size,
    };
    states.set(code, state);
    return state;
  });
}

/** The obviously right bars: group trades by bucket (buckets.test.ts checks bucketStart against Intl); o first, h max, l min, c last, v sum. */
function referenceBars(trades: readonly Trade[], code: string, period: BucketPeriod): Bar[] {
  const bars = new Map<number, Bar>();
  for (const trade of trades) {
    if (trade.code !== code) continue;
    const t = bucketStart(period, trade.time);
    const bar = bars.get(t);
    if (!bar) bars.set(t, { t, o: trade.price, h: trade.price, l: trade.price, c: trade.price, v: trade.size });
    else Object.assign(bar, { h: Math.max(bar.h, trade.price), l: Math.min(bar.l, trade.price), c: trade.price, v: bar.v + trade.size });
  }
  return [...bars.values()].sort((a, b) => a.t - b.t);
}

const codes = ['RELIANCE', 'TCS', 'M&M'];
const unbounded = { limits: { minuteDaysMax: 10_000, barsMax: Object.fromEntries(bucketPeriods.map((p) => [p, 1_000_000])) } };

const tradeStream = fc
  .record({
    start: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2026, 0, 1) }),
    steps: fc.array(
      fc.record({
        code: fc.constantFrom(...codes),
        // Mostly sub-minute steps, sometimes hours or days, so weeks and months (IST) roll too.
        gapMs: fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 0, max: 90_000 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 9 * 86_400_000 }) }),
        ticks: fc.integer({ min: -40, max: 40 }),
        size: fc.integer({ min: 0, max: 5_000 }),
      }),
      { minLength: 1, maxLength: 300 },
    ),
  })
  .map(({ start, steps }) => {
    let time = start;
    const prices = new Map(codes.map((code, index) => [code, 100_000 + index * 50_000]));
    return steps.map(({ code, gapMs, ticks, size }): Trade => {
      time += gapMs;
      const price = Math.max(5, prices.get(code)! + ticks * 5);
      prices.set(code, price);
      return { code, time, price, size };
    });
  });

describe('candle aggregator against a naive grouping', () => {
  it('builds the same bars for every period from every random trade stream', () => {
    fc.assert(
      fc.property(tradeStream, (trades) => {
        const aggregator = createCandleAggregator(unbounded);
        for (const state of quoteStates(trades)) aggregator.apply({ ...state });
        for (const code of codes) {
          for (const period of bucketPeriods) expect(aggregator.bars(code, period), `${code} ${period}`).toEqual(referenceBars(trades, code, period));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('credits a day high traded between two published frames to the bar of the later frame', () => {
    const aggregator = createCandleAggregator();
    const [first, second] = quoteStates([
      { code: 'TCS', time: Date.parse('2025-06-16T10:00:05+05:30'), price: 400_000, size: 10 },
      { code: 'TCS', time: Date.parse('2025-06-16T10:01:05+05:30'), price: 400_500, size: 20 },
    ]);
    aggregator.apply(first!);
    // The frame conflated a trade at 4,020.00 between the two states: only the day high tells.
    aggregator.apply({ ...second!, high: 402_000, low: 399_000, volume: 50 });
    const minutes = aggregator.bars('TCS', 'minute');
    expect(minutes[1]).toMatchObject({ o: 400_500, h: 402_000, l: 399_000, c: 400_500, v: 40 });
    expect(aggregator.latestBar('TCS', 'day')).toMatchObject({ o: 400_000, h: 402_000, l: 399_000, c: 400_500, v: 50 });
  });

  it('credits the volume before a mid-day join to the day bar only, not to the joining minute', () => {
    const aggregator = createCandleAggregator();
    const time = Date.parse('2025-06-16T13:00:00+05:30');
    aggregator.apply({ code: 'INFY', last: 150_000, open: 148_000, prevClose: 147_000, high: 151_000, low: 147_500, volume: 2_000_000, shortVolume: 0, turnover: 0, time, day: istDay(time) });
    aggregator.apply({ code: 'INFY', last: 150_100, open: 148_000, prevClose: 147_000, high: 151_000, low: 147_500, volume: 2_000_300, shortVolume: 0, turnover: 0, time: time + 1_000, day: istDay(time) });
    expect(aggregator.bars('INFY', 'minute')).toEqual([{ t: time, o: 150_000, h: 150_100, l: 150_000, c: 150_100, v: 300 }]);
    expect(aggregator.latestBar('INFY', 'day')).toEqual({ t: Date.parse('2025-06-16T00:00:00+05:30'), o: 148_000, h: 151_000, l: 147_500, c: 150_100, v: 2_000_300 });
    expect(aggregator.latestBar('INFY', 'week')!.v).toBe(2_000_300);
  });

  it('starts a new day from zero and credits the whole new cumulative volume once it has watched the day before', () => {
    const aggregator = createCandleAggregator();
    const evening = Date.parse('2025-06-16T15:29:00+05:30');
    const morning = Date.parse('2025-06-17T09:15:20+05:30');
    aggregator.apply({ code: 'SBIN', last: 80_000, open: 79_000, prevClose: 79_000, high: 80_500, low: 78_900, volume: 9_000, shortVolume: 0, turnover: 0, time: evening, day: istDay(evening) });
    // The first frame of the new day already holds three trades: open 801.00, low 800.00, high 803.00.
    aggregator.apply({ code: 'SBIN', last: 80_200, open: 80_100, prevClose: 80_000, high: 80_300, low: 80_000, volume: 700, shortVolume: 0, turnover: 0, time: morning, day: istDay(morning) });
    expect(aggregator.latestBar('SBIN', 'minute')).toEqual({ t: Date.parse('2025-06-17T09:15:00+05:30'), o: 80_100, h: 80_300, l: 80_000, c: 80_200, v: 700 });
    expect(aggregator.bars('SBIN', 'day').map((bar) => bar.v)).toEqual([9_000, 700]);
    expect(aggregator.latestBar('SBIN', 'week')).toMatchObject({ o: 79_000, h: 80_500, l: 78_900, c: 80_200, v: 9_700 });
  });

  it('folds a late state into the open bar instead of reopening a closed one', () => {
    const aggregator = createCandleAggregator();
    const states = quoteStates([
      { code: 'ITC', time: Date.parse('2025-06-16T10:00:00+05:30'), price: 40_000, size: 1 },
      { code: 'ITC', time: Date.parse('2025-06-16T10:05:00+05:30'), price: 40_100, size: 2 },
      { code: 'ITC', time: Date.parse('2025-06-16T10:02:00+05:30'), price: 39_900, size: 4 },
    ]);
    for (const state of states) aggregator.apply(state);
    expect(aggregator.bars('ITC', 'minute').map((bar) => [bar.l, bar.v])).toEqual([[40_000, 1], [39_900, 6]]);
  });

  it('ignores states without a trade (time 0, the pre-open snapshot)', () => {
    const aggregator = createCandleAggregator();
    aggregator.apply({ code: 'LT', last: 350_000, open: 0, prevClose: 350_000, high: 0, low: 0, volume: 0, shortVolume: 0, turnover: 0, time: 0, day: '' });
    expect(aggregator.bars('LT', 'minute')).toEqual([]);
    expect(aggregator.codes()).toEqual([]);
  });
});

describe('candle aggregator memory', () => {
  it('keeps minute bars of the three latest IST days and caps every other period', () => {
    const aggregator = createCandleAggregator({ limits: { barsMax: { '5m': 50, day: 4 } } });
    const trades: Trade[] = [];
    const firstDay = Date.parse('2025-06-16T09:15:00+05:30');
    for (let day = 0; day < 6; day++) {
      for (let minute = 0; minute < 375; minute++) trades.push({ code: 'HDFCBANK', time: firstDay + day * 86_400_000 + minute * 60_000, price: 190_000 + minute, size: 1 });
    }
    for (const state of quoteStates(trades)) aggregator.apply(state);
    const minutes = aggregator.bars('HDFCBANK', 'minute');
    expect(minutes).toHaveLength(3 * 375);
    expect(new Set(minutes.map((bar) => istDay(bar.t)))).toEqual(new Set(['2025-06-19', '2025-06-20', '2025-06-21']));
    expect(aggregator.bars('HDFCBANK', '5m')).toHaveLength(50);
    expect(aggregator.bars('HDFCBANK', '5m').at(-1)!.t).toBe(Date.parse('2025-06-21T15:25:00+05:30'));
    expect(aggregator.bars('HDFCBANK', 'day').map((bar) => istDay(bar.t))).toEqual(['2025-06-18', '2025-06-19', '2025-06-20', '2025-06-21']);
    expect(aggregator.bars('HDFCBANK', 'week')).toHaveLength(1);
  });

  it('refuses more codes than its limit, loudly', () => {
    const aggregator = createCandleAggregator({ limits: { codesMax: 2 } });
    const time = Date.parse('2025-06-16T10:00:00+05:30');
    const quote = (code: string): QuoteState => ({ code, last: 100, open: 100, prevClose: 100, high: 100, low: 100, volume: 1, shortVolume: 0, turnover: 100, time, day: istDay(time) });
    aggregator.apply(quote('A'));
    aggregator.apply(quote('B'));
    expect(() => aggregator.apply(quote('C'))).toThrow(/refusing C/);
  });
});

describe('a year of replayed sessions', () => {
  it('keeps every day, week and month bar of a year while minute bars stay bounded', () => {
    // 300 trading sessions (more than an NSE year's ~250) of a few trades each, as a long replay delivers them.
    const trades: Trade[] = [];
    let dayStart = Date.parse('2024-01-01T00:00:00+05:30');
    for (let session = 0; session < 300; dayStart += 86_400_000) {
      const weekday = new Date(dayStart + 19_800_000).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      for (let minute = 0; minute < 3; minute += 1) trades.push({ code: 'A', time: dayStart + (9 * 60 + 15 + minute) * 60_000, price: 10_000 + session, size: 1 + minute });
      session += 1;
    }
    const aggregator = createCandleAggregator();
    for (const state of quoteStates(trades)) aggregator.apply(state);
    expect(aggregator.bars('A', 'day')).toEqual(referenceBars(trades, 'A', 'day'));
    expect(aggregator.bars('A', 'day')).toHaveLength(300);
    expect(aggregator.bars('A', 'week')).toEqual(referenceBars(trades, 'A', 'week'));
    expect(aggregator.bars('A', 'month')).toEqual(referenceBars(trades, 'A', 'month'));
    // Intraday periods keep the recent days only (minuteDaysMax).
    expect(new Set(aggregator.bars('A', 'minute').map((bar) => istDay(bar.t))).size).toBe(3);
  });
});
