// Proves live quotes move the chart's last bar within its bucket and open a new bar when
// the quote's time falls in the next one, with volume taken from the cumulative day volume.
import { describe, expect, it } from 'vitest';
import { applyLiveTick, bucketOf, type ChartBar } from './liveBars.ts';

const fiveMinutes = 300_000;
const sessionStart = Date.UTC(2026, 10, 23, 3, 45); // 09:15 IST
const bar = (t: number, close: number, volume = 100): ChartBar => ({ t, o: close, h: close, l: close, c: close, v: volume });

describe('applyLiveTick', () => {
  it('a-quote-inside-the-last-bucket-moves-close-high-low-and-adds-volume', () => {
    const bars = [bar(sessionStart, 100), bar(sessionStart + fiveMinutes, 101)];
    const next = applyLiveTick(bars, { last: 10_350, volume: 5_050, time: sessionStart + fiveMinutes + 60_000 }, { kind: 'fixed', ms: fiveMinutes }, 5_000);
    expect(next).toHaveLength(2);
    expect(next?.[1]).toEqual({ t: sessionStart + fiveMinutes, o: 101, h: 103.5, l: 101, c: 103.5, v: 150 });
    // The input is left alone (React state).
    expect(bars[1]?.c).toBe(101);
  });

  it('a-quote-in-the-next-bucket-opens-a-new-bar-aligned-to-the-last', () => {
    const bars = [bar(sessionStart, 100)];
    const next = applyLiveTick(bars, { last: 9_900, volume: 7_000, time: sessionStart + 2 * fiveMinutes + 10_000 }, { kind: 'fixed', ms: fiveMinutes }, 6_000);
    expect(next?.[1]).toEqual({ t: sessionStart + 2 * fiveMinutes, o: 99, h: 99, l: 99, c: 99, v: 1_000 });
  });

  it('a-stale-quote-changes-nothing', () => {
    const bars = [bar(sessionStart, 100)];
    expect(applyLiveTick(bars, { last: 9_900, volume: 1, time: sessionStart - 1 }, { kind: 'fixed', ms: fiveMinutes }, null)).toBeNull();
  });

  it('daily-bars-take-the-days-volume-and-roll-over-at-ist-midnight', () => {
    const today = Date.UTC(2026, 10, 22, 18, 30); // 00:00 IST on the 23rd
    const bars = [bar(today, 100, 10)];
    const sameDay = applyLiveTick(bars, { last: 10_100, volume: 50_000, time: today + 10 * 3_600_000 }, { kind: 'day' }, 40_000);
    expect(sameDay?.[0]?.v).toBe(50_000);
    const nextDay = applyLiveTick(bars, { last: 10_100, volume: 300, time: today + 25 * 3_600_000 }, { kind: 'day' }, 50_000);
    expect(nextDay?.[1]).toMatchObject({ t: today + 86_400_000, o: 101, v: 300 });
  });
});

describe('bucketOf', () => {
  it('range-periods-read-their-bar-size-from-the-bars', () => {
    const intraday = [bar(sessionStart, 1), bar(sessionStart + 1_800_000, 1), bar(sessionStart + 3_600_000, 1)];
    expect(bucketOf('range_1w', intraday)).toEqual({ kind: 'fixed', ms: 1_800_000 });
    const daily = [bar(sessionStart, 1), bar(sessionStart + 86_400_000, 1)];
    expect(bucketOf('range_1y', daily)).toEqual({ kind: 'day' });
    expect(bucketOf('15m', [])).toEqual({ kind: 'fixed', ms: 900_000 });
  });
});
