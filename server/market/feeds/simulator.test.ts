import { describe, expect, it } from 'vitest';
import { priceBand } from '../priceBand.ts';
import { simulatorFor, smallUniverse, testEpoch } from '../testing/marketTestKit.ts';
import { createSimulatorFeed } from './simulator.ts';

function run(seed: number, steps: number) {
  const feed = simulatorFor(seed);
  const stream = [];
  for (let i = 1; i <= steps; i += 1) stream.push(feed.stepAt(testEpoch + i * 1000).map((quote) => ({ ...quote })));
  return { feed, stream };
}

describe('market simulator', () => {
  it('gives the same stream for the same seed and a different one for another seed', () => {
    const first = run(42, 300).stream;
    expect(run(42, 300).stream).toEqual(first);
    expect(run(43, 300).stream).not.toEqual(first);
  });

  it('moves prices in whole ticks, inside the daily band, with consistent day figures', () => {
    const { feed, stream } = run(5, 2000);
    const specs = new Map(feed.instruments.map((spec) => [spec.code, spec]));
    for (const quote of stream.flat()) {
      const spec = specs.get(quote.code)!;
      expect(quote.last % spec.tickMinor).toBe(0);
      expect(quote.low).toBeLessThanOrEqual(quote.last);
      expect(quote.high).toBeGreaterThanOrEqual(quote.last);
      const band = priceBand(spec, quote.prevClose);
      if (band) {
        expect(quote.last).toBeGreaterThanOrEqual(band.lower);
        expect(quote.last).toBeLessThanOrEqual(band.upper);
      }
      expect(quote.shortVolume).toBeLessThanOrEqual(quote.volume);
      if (spec.kind !== 'index') expect(quote.turnover).toBeGreaterThanOrEqual(quote.low * quote.volume);
    }
  });

  it('computes the index from its constituents', () => {
    const { feed } = run(9, 600);
    const quotes = new Map(feed.initialQuotes().map((quote) => [quote.code, quote]));
    const index = feed.instruments.find((spec) => spec.kind === 'index')!;
    const expected = (index.constituents ?? []).reduce((sum, { code, weight }) => sum + (weight * quotes.get(code)!.last) / quotes.get(code)!.prevClose, 0);
    expect(quotes.get(index.code)!.last).toBe(Math.round(quotes.get(index.code)!.prevClose * expected));
  });

  it('follows the IST session calendar when asked: nothing trades on a Sunday or before 09:15', () => {
    const instruments = smallUniverse();
    const prevCloses = new Map(instruments.map((spec) => [spec.code, 100_000]));
    const feed = createSimulatorFeed({ seed: 1, calendar: 'ist', instruments, prevCloses });
    const sundayNoon = Date.UTC(2026, 10, 22, 6, 30);
    const mondayPreOpen = Date.UTC(2026, 10, 23, 3, 35); // 09:05 IST
    const mondayOpen = Date.UTC(2026, 10, 23, 4, 0); // 09:30 IST
    expect(feed.phaseAt(sundayNoon)).toBe('closed');
    expect(feed.stepAt(sundayNoon)).toEqual([]);
    expect(feed.phaseAt(mondayPreOpen)).toBe('pre_open');
    expect(feed.stepAt(mondayPreOpen)).toEqual([]);
    expect(feed.phaseAt(mondayOpen)).toBe('open');
    expect(feed.stepAt(mondayOpen).length).toBeGreaterThan(0);
  });

  it('starts a new day from the last price: previous close rolls, day figures reset', () => {
    const feed = simulatorFor(3);
    const lateEvening = Date.UTC(2026, 10, 23, 18, 29, 0); // 23:59 IST
    let last = new Map<string, number>();
    for (let i = 0; i < 50; i += 1) for (const quote of feed.stepAt(lateEvening + i * 1000)) last.set(quote.code, quote.last);
    const nextDay = feed.stepAt(lateEvening + 120_000);
    for (const quote of nextDay) {
      if (last.has(quote.code)) expect(quote.prevClose).toBe(last.get(quote.code));
      expect(quote.day).toBe('2026-11-24');
    }
  });

  it('trades a profiled instrument about its real daily volume and moves it with its own volatility', () => {
    const [index, quiet, wild] = smallUniverse();
    const instruments = [{ ...index!, constituents: [{ code: quiet!.code, weight: 0.5 }, { code: wild!.code, weight: 0.5 }] }, quiet!, wild!];
    const prevCloses = new Map([[index!.code, 2_500_000], [quiet!.code, 100_000], [wild!.code, 100_000]]);
    const profiles = new Map([[quiet!.code, { dailyVolatility: 0.008, dailyVolume: 2_000_000 }], [wild!.code, { dailyVolatility: 0.05, dailyVolume: 20_000 }]]);
    const feed = createSimulatorFeed({ seed: 8, calendar: 'ist', instruments, prevCloses, profiles });
    const open = Date.UTC(2026, 10, 23, 3, 45); // 09:15 IST, a Monday
    const minuteCloses = new Map<string, number[]>([[quiet!.code, []], [wild!.code, []]]);
    for (let second = 0; second < 375 * 60; second += 1) {
      const changed = feed.stepAt(open + second * 1000);
      if (second % 60 === 59) for (const quote of feed.initialQuotes()) minuteCloses.get(quote.code)?.push(quote.last);
      expect(changed.every((quote) => quote.day === '2026-11-23')).toBe(true);
    }
    const day = new Map(feed.initialQuotes().map((quote) => [quote.code, quote]));
    for (const [code, { dailyVolume }] of profiles) {
      expect(day.get(code)!.volume / dailyVolume, code).toBeGreaterThan(0.5);
      expect(day.get(code)!.volume / dailyVolume, code).toBeLessThan(2);
    }
    const deviation = (closes: number[]) => {
      const returns = closes.slice(1).map((close, at) => Math.log(close / closes[at]!));
      const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
      return Math.sqrt(returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / returns.length);
    };
    expect(deviation(minuteCloses.get(wild!.code)!)).toBeGreaterThan(2 * deviation(minuteCloses.get(quiet!.code)!));
  });
});
