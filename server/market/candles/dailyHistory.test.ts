// Proves that daily history is reproducible from its seed, continues the real file from
// the next session up to yesterday on a bridge back to the real close, places a lone
// end-of-day session between a simulated year ending at its open and that bridge, and
// looks like a market: trading days only, whole ticks, consistent OHLC, a daily
// volatility near 1.5 % (or the instrument's own, from its real day range).
import { describe, expect, it } from 'vitest';
import { dayMs, istDay, istDayStartOf, isTradingDay } from '../../../contract/calendar.ts';
import { sharedDataDir } from '../sharedData.ts';
import type { Bar } from './buckets.ts';
import { createHistory, dailyVolatilityBounds, loadDailyBars, parkinsonVolatility, parseMinorUnits, priceFromCode } from './dailyHistory.ts';

const today = '2026-11-23'; // a Monday: history ends on Friday 2026-11-20
const dataDir = sharedDataDir();

/** Real files hold special sessions (Diwali Muhurat trading on a Saturday): only simulated days must be regular sessions. */
function expectMarketLike(bars: readonly Bar[], firstSimulated = 0): void {
  for (let index = 0; index < bars.length; index++) {
    const bar = bars[index]!;
    if (index >= firstSimulated) expect(isTradingDay(istDay(bar.t)), istDay(bar.t)).toBe(true);
    expect(bar.h).toBeGreaterThanOrEqual(Math.max(bar.o, bar.c));
    expect(bar.l).toBeLessThanOrEqual(Math.min(bar.o, bar.c));
    expect(bar.l).toBeGreaterThan(0);
    expect(Number.isInteger(bar.v) && bar.v > 0).toBe(true);
    if (index > 0) expect(bar.t).toBeGreaterThan(bars[index - 1]!.t);
  }
}

describe('simulated daily history', () => {
  const codes = Array.from({ length: 20 }, (_, index) => `SIM${index}`);

  it('gives the same bars for the same seed and other bars for another seed', () => {
    const first = createHistory({ dataDir: null, seed: 11, codes, today });
    const again = createHistory({ dataDir: null, seed: 11, codes, today });
    const other = createHistory({ dataDir: null, seed: 12, codes, today });
    expect(again.bars('SIM3')).toEqual(first.bars('SIM3'));
    expect(other.bars('SIM3')).not.toEqual(first.bars('SIM3'));
    expect(first.bars('SIM4')).not.toEqual(first.bars('SIM3'));
  });

  it('covers one year of sessions ending the trading day before today, on 5-paise ticks', () => {
    const history = createHistory({ dataDir: null, seed: 3, codes, today });
    const bars = history.bars('SIM0');
    expect(istDay(bars[0]!.t) > '2025-11-23').toBe(true);
    expect(istDay(bars[0]!.t) <= '2025-11-26').toBe(true);
    expect(istDay(bars.at(-1)!.t)).toBe('2026-11-20');
    expect(bars.length).toBeGreaterThan(240);
    expect(bars.length).toBeLessThan(255);
    expectMarketLike(bars);
    for (const bar of bars) for (const price of [bar.o, bar.h, bar.l, bar.c]) expect(price % 5).toBe(0);
    expect(history.lastClose('SIM0')).toBe(bars.at(-1)!.c);
    expect(history.realUntil('SIM0')).toBeNull();
  });

  it('moves about 1.5 % a day', () => {
    const history = createHistory({ dataDir: null, seed: 5, codes, today });
    const returns = codes.flatMap((code) => {
      const closes = history.bars(code).map((bar) => bar.c);
      return closes.slice(1).map((close, index) => Math.log(close / closes[index]!));
    });
    const mean = returns.reduce((sum, value) => sum + value, 0) / returns.length;
    const deviation = Math.sqrt(returns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / returns.length);
    expect(deviation).toBeGreaterThan(0.013);
    expect(deviation).toBeLessThan(0.017);
  });

  it('ends at the given base price, else at one derived from the code between ₹20 and ₹5,000: the live market starts there', () => {
    const history = createHistory({ dataDir: null, seed: 1, codes: ['GOLDBEES', 'SIM0'], basePrices: new Map([['GOLDBEES', 9_500]]), today });
    expect(history.bars('GOLDBEES').at(-1)!.c).toBe(9_500);
    expect(history.lastClose('GOLDBEES')).toBe(9_500);
    const derived = priceFromCode('SIM0');
    expect(derived).toBeGreaterThanOrEqual(2_000);
    expect(derived).toBeLessThanOrEqual(500_000);
    expect(history.bars('SIM0').at(-1)!.c).toBe(derived);
    expect(history.profile('SIM0')).toMatchObject({ lastClose: derived, realUntil: null, dailyVolatility: 0.015 });
  });

  it('knows nothing of codes it was not asked for', () => {
    const history = createHistory({ dataDir: null, seed: 1, codes: ['SIM0'], today });
    expect(history.bars('NIFTY50')).toEqual([]);
    expect(history.realUntil('NIFTY50')).toBeNull();
    expect(() => history.lastClose('NIFTY50')).toThrow(/NIFTY50/);
  });
});

describe('decimal prices to minor units', () => {
  it('parses the file formats without a float', () => {
    expect(parseMinorUnits('1078.9')).toBe(107_890);
    expect(parseMinorUnits('1060.55')).toBe(106_055);
    expect(parseMinorUnits('93')).toBe(9_300);
    expect(parseMinorUnits('0.05')).toBe(5);
    for (const bad of ['', '1.234', '-1', '1e3', ' 12', '12.']) expect(parseMinorUnits(bad), bad).toBeNull();
  });
});

describe.skipIf(!dataDir)('real daily history', () => {
  it('reads the real file once and gives the same bars from the cache', () => {
    const bars = loadDailyBars('RELIANCE', dataDir!)!;
    expect(bars[0]).toEqual({ t: istDayStartOf('2020-10-01'), o: 107_890, h: 107_890, l: 105_520, c: 106_055, v: 20_124_778 });
    expect(loadDailyBars('RELIANCE', dataDir!)).toBe(bars);
    expect(loadDailyBars('M&M', dataDir!)!.length).toBeGreaterThan(1_000);
    expect(loadDailyBars('BAJAJ', dataDir!)).toBeNull(); // BAJAJ-AUTO's file is not BAJAJ's
    expect(loadDailyBars('NOSUCHCODE', dataDir!)).toBeNull();
  });

  it('continues the real file from the next session with a reproducible walk from its last close', () => {
    const codes = ['RELIANCE', 'JIOFIN'];
    const history = createHistory({ dataDir, seed: 9, codes, today });
    const real = loadDailyBars('RELIANCE', dataDir!)!;
    const bars = history.bars('RELIANCE');
    expect(history.realUntil('RELIANCE')).toBe('2025-09-30');
    expect(bars.slice(0, real.length)).toEqual(real);
    const firstSimulated = bars[real.length]!;
    expect(istDay(firstSimulated.t)).toBe('2025-10-01');
    // 2 October 2025 is an exchange holiday, then a weekend.
    expect(istDay(bars[real.length + 1]!.t)).toBe('2025-10-03');
    expect(istDay(bars[real.length + 2]!.t)).toBe('2025-10-06');
    expect(Math.abs(firstSimulated.o - real.at(-1)!.c)).toBeLessThan(real.at(-1)!.c * 0.03);
    expect(istDay(bars.at(-1)!.t)).toBe('2026-11-20');
    expectMarketLike(bars, real.length);
    // The bridge returns to the real close: the live market starts where the real data ends.
    expect(bars.at(-1)!.c).toBe(real.at(-1)!.c);
    expect(history.lastClose('RELIANCE')).toBe(real.at(-1)!.c);

    const again = createHistory({ dataDir, seed: 9, codes, today });
    expect(again.bars('RELIANCE')).toEqual(bars);
    const reseeded = createHistory({ dataDir, seed: 10, codes, today }).bars('RELIANCE');
    expect(reseeded.slice(0, real.length)).toEqual(real);
    expect(reseeded.slice(real.length)).not.toEqual(bars.slice(real.length));
  });

  it('never shows a real bar from today or later: history ends the day before today', () => {
    const history = createHistory({ dataDir, seed: 9, codes: ['TCS'], today: '2024-06-03' });
    expect(history.realUntil('TCS')).toBe('2024-05-31');
    expect(history.bars('TCS').at(-1)!.t).toBe(istDayStartOf('2024-05-31'));
    expect(history.bars('TCS').at(-1)!.t + 3 * dayMs).toBe(istDayStartOf('2024-06-03'));
  });
});

describe('a lone end-of-day session', () => {
  const session = { t: istDayStartOf('2025-09-30'), o: 595_300, h: 603_100, l: 591_750, c: 599_100, v: 298_070 };
  const endOfDay = { day: '2025-09-30', bars: new Map([['BRITANNIA', session]]) };

  it('sits between a simulated year ending at its open and a bridge back to its close, with its own volatility and volume', () => {
    const history = createHistory({ dataDir: null, endOfDay, seed: 4, codes: ['BRITANNIA', 'SIM0'], today });
    const bars = history.bars('BRITANNIA');
    const at = bars.findIndex((bar) => bar.t === session.t);
    expect(bars[at]).toEqual(session);
    expect(bars[at - 1]!.c).toBe(session.o);
    expect(istDay(bars[0]!.t) >= '2024-09-30').toBe(true);
    expect(istDay(bars[at + 1]!.t)).toBe('2025-10-01');
    expect(bars.at(-1)!.c).toBe(session.c);
    expect(istDay(bars.at(-1)!.t)).toBe('2026-11-20');
    expectMarketLike(bars, at + 1);
    const profile = history.profile('BRITANNIA');
    expect(profile).toMatchObject({ lastClose: 599_100, realUntil: '2025-09-30', dailyVolume: 298_070 });
    // Parkinson on 6031 / 5917.5: ln(H/L) / (2·√ln 2) ≈ 1.14 %.
    expect(profile.dailyVolatility).toBeCloseTo(Math.log(603_100 / 591_750) / (2 * Math.sqrt(Math.LN2)), 10);
    const simulatedVolumes = bars.slice(at + 1).map((bar) => bar.v);
    const meanVolume = simulatedVolumes.reduce((sum, v) => sum + v, 0) / simulatedVolumes.length;
    expect(meanVolume / 298_070).toBeGreaterThan(0.8);
    expect(meanVolume / 298_070).toBeLessThan(1.2);
    expect(history.realUntil('SIM0')).toBeNull();
  });

  it('is ignored when it is not before today', () => {
    const history = createHistory({ dataDir: null, endOfDay, seed: 4, codes: ['BRITANNIA'], today: '2025-09-30' });
    expect(history.realUntil('BRITANNIA')).toBeNull();
  });

  it('bounds the volatility of a wild or flat day', () => {
    expect(parkinsonVolatility([{ t: 0, o: 100, h: 200, l: 50, c: 100, v: 1 }])).toBe(dailyVolatilityBounds.max);
    expect(parkinsonVolatility([{ t: 0, o: 100, h: 100, l: 100, c: 100, v: 1 }])).toBe(dailyVolatilityBounds.min);
  });
});
