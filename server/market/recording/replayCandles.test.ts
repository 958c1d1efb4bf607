// A multi-week file of minute bars, made by the project's own simulator, converted and
// replayed at max speed through the server's market runtime, builds the day, week and
// month candles (and the last session's 5-minute and minute bars) of an independent
// aggregation of the same bars, to the paisa and the share; ranges end on the replayed clock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayNumberOfIsoDay, isoDayOfDayNumber, istDayStartOf, weekStartDayNumber } from '../../../contract/calendar.ts';
import type { Candle, CandlePeriod } from '../../../contract/market.ts';
import { formatRupees } from '../../../contract/money.ts';
import { loadCatalog } from '../instruments/catalog.ts';
import type { InstrumentSpec } from '../model.ts';
import { openMarket, testMarketConfig, type MarketRuntime } from '../runtime.ts';
import { convertMinuteBars, sessionGapMs, type MinuteBarConversion } from './convertMinuteBars.ts';
import { openRecording } from './format.ts';
import { simulatedMinuteBars, writeBarCsv, type CsvBar } from './testing/simulatedMinuteBars.ts';

const from = '2025-09-15';
const to = '2025-10-17'; // five weeks, a month boundary and the 2 October holiday
const workDir = mkdtempSync(join(tmpdir(), 'ledgerline-replay-candles-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const catalog = loadCatalog().byCode;
const listed = ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK'].map((code) => catalog.get(code)!);
const nifty: InstrumentSpec = { ...catalog.get('NIFTY50')!, constituents: listed.map((spec) => ({ code: spec.code, weight: 0.25 })) };
const unlisted: InstrumentSpec = { ...listed[0]!, code: 'LLSIMCO', name: 'simulated company', isin: null, industry: null };
const instruments = [...listed, unlisted, nifty];
const prevCloses = new Map<string, number>([['RELIANCE', 137_520], ['TCS', 289_010], ['INFY', 145_230], ['HDFCBANK', 95_115], ['LLSIMCO', 4_235], ['NIFTY50', 2_461_100]]);

let bars: CsvBar[] = [];
let conversion: MinuteBarConversion;
let runtime: MarketRuntime;
let timerTicksDuringReplay = 0;

beforeAll(async () => {
  bars = simulatedMinuteBars({ instruments, prevCloses, from, to, seed: 77 });
  // Two files, each in time order, split by symbol: the converter merges them by time.
  const equities = join(workDir, 'equities.csv');
  const others = join(workDir, 'index-and-unlisted.csv');
  writeBarCsv(equities, bars.filter((bar) => listed.some((spec) => spec.code === bar.symbol)));
  writeBarCsv(others, bars.filter((bar) => !listed.some((spec) => spec.code === bar.symbol)));
  const outPath = join(workDir, 'replay.jsonl.gz');
  conversion = await convertMinuteBars({ files: [equities, others], outPath });

  runtime = await openMarket({ ...testMarketConfig, feed: 'replay', replayFile: outPath, replaySpeed: 'max' });
  const ticker = setInterval(() => (timerTicksDuringReplay += 1), 1);
  runtime.start();
  await runtime.replay!.finished;
  clearInterval(ticker);
}, 60_000);
afterAll(async () => await runtime?.stop());

interface Expected { t: number; o: string; h: string; l: string; c: string; v: number }
const paiseText = (paise: number) => formatRupees(BigInt(paise));

/** Folds bars (oldest first) into buckets keyed by `bucketOf`: open first, close last, high/low/volume over all. */
function aggregate(rows: readonly CsvBar[], bucketOf: (row: CsvBar) => number): Expected[] {
  const buckets = new Map<number, { t: number; o: number; h: number; l: number; c: number; v: number }>();
  for (const row of rows) {
    const t = bucketOf(row);
    const bucket = buckets.get(t);
    if (!bucket) buckets.set(t, { t, o: row.open, h: row.high, l: row.low, c: row.close, v: row.volume });
    else Object.assign(bucket, { h: Math.max(bucket.h, row.high), l: Math.min(bucket.l, row.low), c: row.close, v: bucket.v + row.volume });
  }
  return [...buckets.values()].map((b) => ({ t: b.t, o: paiseText(b.o), h: paiseText(b.h), l: paiseText(b.l), c: paiseText(b.c), v: b.v }));
}

const dayOf = (row: CsvBar) => row.timestamp.slice(0, 10);
const dayStart = (row: CsvBar) => istDayStartOf(dayOf(row));
const weekStart = (row: CsvBar) => istDayStartOf(isoDayOfDayNumber(weekStartDayNumber(dayNumberOfIsoDay(dayOf(row)))));
const monthStart = (row: CsvBar) => istDayStartOf(`${dayOf(row).slice(0, 8)}01`);
const minuteStart = (row: CsvBar) => Date.parse(row.timestamp);
const fiveMinuteStart = (row: CsvBar) => Date.parse(row.timestamp) - (Date.parse(row.timestamp) % 300_000);
const candles = (code: string, period: CandlePeriod): Expected[] =>
  runtime.kline.candles(code, period, 'none').map((candle: Candle) => ({ t: candle.t, o: candle.o, h: candle.h, l: candle.l, c: candle.c, v: candle.v }));

describe('replaying weeks of minute bars', () => {
  it('records every session in session time, with the real times, pre-open and closing bars kept', async () => {
    const days = [...new Set(bars.map(dayOf))];
    expect(days.length).toBeGreaterThanOrEqual(23);
    expect(days).not.toContain('2025-10-02');
    expect(conversion.sessions).toBe(days.length);
    expect(conversion.bars).toBe(bars.length);
    expect(conversion.header).toMatchObject({ date: days[0], lastDate: days.at(-1), calendar: 'ist', recordedFrom: 'nse-minute-bars' });
    const byCode = new Map(conversion.header.instruments.map((spec) => [spec.code, spec]));
    expect(byCode.get('RELIANCE')).toEqual(catalog.get('RELIANCE'));
    expect(byCode.get('NIFTY50')!.kind).toBe('index');
    expect(byCode.get('LLSIMCO')).toMatchObject({ name: 'LLSIMCO (unlisted)', kind: 'equity', isin: null, industry: null });

    // Offsets: within a session the real minutes, between sessions one fixed gap, never a night.
    const recording = await openRecording(conversion.path);
    let previous: { offset: number; time: number } | null = null;
    let gaps = 0;
    for await (const [offset, quotes] of recording.frames) {
      const time = Math.max(...quotes.map((quote) => quote[8]));
      if (previous && isoDayOfDayNumber(Math.floor((time + 19_800_000) / 86_400_000)) !== isoDayOfDayNumber(Math.floor((previous.time + 19_800_000) / 86_400_000))) {
        expect(offset - previous.offset).toBe(sessionGapMs);
        gaps += 1;
      } else if (previous) expect(offset - previous.offset).toBe(time - previous.time);
      previous = { offset, time };
    }
    expect(gaps).toBe(days.length - 1);
    expect(runtime.replay!.delivered()).toBe(conversion.frameCount);
    // 'max' yields to the event loop between slices: timers ran while it played.
    expect(timerTicksDuringReplay).toBeGreaterThan(0);
  });

  it('builds day, week and month candles equal to an independent aggregation of the bars', () => {
    for (const spec of instruments) {
      const rows = bars.filter((bar) => bar.symbol === spec.code);
      const days = aggregate(rows, dayStart);
      expect(candles(spec.code, 'day'), `${spec.code} day`).toEqual(days);
      expect(candles(spec.code, 'week'), `${spec.code} week`).toEqual(aggregate(rows, weekStart));
      expect(candles(spec.code, 'month'), `${spec.code} month`).toEqual(aggregate(rows, monthStart));
    }
    expect(candles('RELIANCE', 'week')[0]!.t).toBe(istDayStartOf('2025-09-15')); // a Monday
    expect(candles('RELIANCE', 'month').map((candle) => candle.t)).toEqual([istDayStartOf('2025-09-01'), istDayStartOf('2025-10-01')]);
  });

  it('shows the last session intraday and measures ranges on the replayed clock', () => {
    const lastDay = bars.at(-1)!.timestamp.slice(0, 10);
    const lastDayStart = istDayStartOf(lastDay);
    for (const spec of instruments) {
      const rows = bars.filter((bar) => bar.symbol === spec.code && dayOf(bar) === lastDay);
      const fiveMinutes = candles(spec.code, '5m').filter((candle) => candle.t >= lastDayStart);
      expect(fiveMinutes, `${spec.code} 5m`).toEqual(aggregate(rows, fiveMinuteStart));
      expect(candles(spec.code, 'time_share'), `${spec.code} time share`).toEqual(aggregate(rows, minuteStart));
    }
    // The week before the last replayed day (Friday 17 October): the five sessions of 13–17 October, whatever the wall clock says.
    const week = candles('TCS', 'range_1w');
    expect(week.map((candle) => candle.t)).toEqual(['2025-10-13', '2025-10-14', '2025-10-15', '2025-10-16', '2025-10-17'].map(istDayStartOf));
    expect(runtime.replay!.position()).toBeGreaterThanOrEqual(lastDayStart + 15 * 3_600_000);
    expect(candles('TCS', 'range_1m').length).toBeGreaterThanOrEqual(21);
  });
});
