// Proves the industry aggregates and VIP analytics (movers, spikes, breadth) over small hand-made boards.
import { describe, expect, it } from 'vitest';
import type { StreamQuote } from '../../contract/market.ts';
import { equity, indexInstrument, instrumentIndex, streamQuote } from '../testing/quoteFixtures.ts';
import { computeIndustries } from './industries.ts';
import { tradingMinutesElapsed } from './sessionMinutes.ts';
import { computeVipAnalytics, createMinuteWindow } from './vipAnalytics.ts';

const bookOf = (...quotes: StreamQuote[]) => new Map(quotes.map((quote) => [quote[0], quote]));
const instruments = instrumentIndex(equity('HDFCBANK', 'Banks'), equity('SBIN', 'Banks'), equity('AXIS', 'Banks'), equity('INFY', 'IT'), indexInstrument('NIFTY50'));
/** 2025-01-06 10:15 IST, a Monday: one hour into the NSE session. */
const tenFifteenIst = Date.UTC(2025, 0, 6, 4, 45);

describe('computeIndustries', () => {
  it('banks-and-it: averages basis points, counts advancers and decliners, sums turnover, names the leader', () => {
    const book = bookOf(
      streamQuote('HDFCBANK', 1020, { turnover: 100 }), // +2.00 %
      streamQuote('SBIN', 990, { turnover: 50 }), // -1.00 %
      streamQuote('AXIS', 1000, { turnover: 7 }), // unchanged
      streamQuote('INFY', 1005, { turnover: 1 }),
      streamQuote('NIFTY50', 1100),
    );
    expect(computeIndustries(book, instruments)).toEqual([
      { industry: 'Banks', changeRateBps: 33, advancers: 1, decliners: 1, unchanged: 1, turnover: 157, leader: { code: 'HDFCBANK', changeRateBps: 200 } },
      { industry: 'IT', changeRateBps: 50, advancers: 1, decliners: 0, unchanged: 0, turnover: 1, leader: { code: 'INFY', changeRateBps: 50 } },
    ]);
  });
});

describe('tradingMinutesElapsed', () => {
  it('ist-session: counts from 09:15 IST, never below one minute, stops at 16:00', () => {
    expect(tradingMinutesElapsed('ist', tenFifteenIst)).toBe(60);
    expect(tradingMinutesElapsed('ist', Date.UTC(2025, 0, 6, 3, 0))).toBe(1);
    expect(tradingMinutesElapsed('ist', Date.UTC(2025, 0, 6, 15, 0))).toBe(405);
    expect(tradingMinutesElapsed('always_open', tenFifteenIst)).toBe(10 * 60 + 15);
  });
});

describe('computeVipAnalytics', () => {
  it('first-minute: breadth is there at once, movers and spikes wait for a full minute of history', () => {
    const window = createMinuteWindow();
    const book = bookOf(streamQuote('HDFCBANK', 1020, { volume: 600 }), streamQuote('SBIN', 990), streamQuote('NIFTY50', 1100));
    window.observe(book, tenFifteenIst);
    const analytics = computeVipAnalytics({ book, heatmap: computeIndustries(book, instruments), instruments, baseline: window.baseline(tenFifteenIst + 30_000), streamTime: tenFifteenIst + 30_000, calendar: 'ist' });
    expect(analytics.breadth).toEqual({ advancers: 1, decliners: 1, unchanged: 0 });
    expect(analytics.topMovers).toEqual([]);
    expect(analytics.volumeSpikes).toEqual([]);
  });

  it('a-minute-later: movers ranked by size of the one-minute move, spikes against the day average pace', () => {
    const window = createMinuteWindow();
    window.observe(bookOf(streamQuote('HDFCBANK', 1000, { volume: 5_000 }), streamQuote('SBIN', 1000, { volume: 5_000 }), streamQuote('INFY', 1000, { volume: 5_000 })), tenFifteenIst - 60_000);
    const later = tenFifteenIst;
    const book = bookOf(
      // +1.00 % in the minute; 1,000 shares against a day average of 6,000 / 60 = 100 a minute: ratio 10.
      streamQuote('HDFCBANK', 1010, { volume: 6_000 }),
      // -3.00 % in the minute; 60 shares against 5,060 / 60 ≈ 84 a minute: no spike.
      streamQuote('SBIN', 970, { volume: 5_060 }),
      streamQuote('INFY', 1000, { volume: 5_000 }),
    );
    window.observe(book, later);
    const analytics = computeVipAnalytics({ book, heatmap: computeIndustries(book, instruments), instruments, baseline: window.baseline(later), streamTime: later, calendar: 'ist' });
    expect(analytics.topMovers).toEqual([
      { code: 'SBIN', changeRate1mBps: -300 },
      { code: 'HDFCBANK', changeRate1mBps: 100 },
    ]);
    expect(analytics.volumeSpikes).toEqual([{ code: 'HDFCBANK', ratio: 10, volume1m: 1_000 }]);
    expect(analytics.heatmap.map((row) => row.industry)).toEqual(['Banks', 'IT']);
  });

  it('window-keeps-one-minute: samples older than the newest one before the window start are dropped', () => {
    const window = createMinuteWindow({ windowMs: 60_000, sampleEveryMs: 5_000 });
    const book = bookOf(streamQuote('INFY', 1000));
    for (let second = 0; second <= 120; second += 1) window.observe(book, second * 1000);
    expect(window.baseline(120_000)?.time).toBe(60_000);
    expect(window.baseline(59_000)).toBeUndefined();
  });
});
