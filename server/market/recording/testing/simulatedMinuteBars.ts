import { writeFileSync } from 'node:fs';
import { dayMs, isTradingDay, istDayStartOf, istOffsetMs, nseSession } from '../../../../contract/calendar.ts';
import { formatRupees } from '../../../../contract/money.ts';
import { createSimulatorFeed } from '../../feeds/simulator.ts';
import type { InstrumentSpec } from '../../model.ts';

// Minute bars made by the project's own simulator (calendar 'ist'), for tests of the
// minute-bar conversion and replay: the shared NSE price files must not become fixtures.
// The simulator is stepped every `stepMs` through each trading day's open session and the
// steps of each minute are folded into one bar per instrument that traded. Like real NSE
// files, each index gets a 09:07 pre-open bar at its last level (volume 0) and each
// stock a 15:40 closing-session bar at its last price (the closing session trades at the
// close).

export interface CsvBar {
  /** ISO with +05:30, as in NSE minute files. */
  timestamp: string;
  symbol: string;
  /** Paise. */
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface SimulatedBarsOptions {
  instruments: readonly InstrumentSpec[];
  prevCloses: ReadonlyMap<string, number>;
  /** First and last IST day (inclusive); non-trading days are skipped. */
  from: string;
  to: string;
  seed?: number;
  stepMs?: number;
}

export const istTimestamp = (time: number): string => `${new Date(time + istOffsetMs).toISOString().slice(0, 19)}+05:30`;

/** Bars in time order (within a minute, in instrument order). */
export function simulatedMinuteBars(options: SimulatedBarsOptions): CsvBar[] {
  const stepMs = options.stepMs ?? 10_000;
  const feed = createSimulatorFeed({ seed: options.seed ?? 20_261_125, calendar: 'ist', instruments: options.instruments, prevCloses: options.prevCloses });
  const order = new Map(options.instruments.map((spec, index) => [spec.code, index]));
  const kinds = new Map(options.instruments.map((spec) => [spec.code, spec.kind]));
  const bars: CsvBar[] = [];
  const last = new Map<string, number>(options.prevCloses);
  for (let dayStart = istDayStartOf(options.from); dayStart <= istDayStartOf(options.to); dayStart += dayMs) {
    const day = istTimestamp(dayStart).slice(0, 10);
    if (!isTradingDay(day)) continue;
    const preOpen = dayStart + (nseSession.preOpenStart + 7) * 60_000;
    for (const spec of options.instruments) {
      if (spec.kind === 'index') bars.push(flat(preOpen, spec.code, last.get(spec.code)!, 0));
    }
    const cumulative = new Map<string, number>();
    let minute: Map<string, CsvBar> = new Map();
    let minuteStart = 0;
    const closeMinute = () => {
      bars.push(...[...minute.values()].sort((a, b) => order.get(a.symbol)! - order.get(b.symbol)!));
      minute = new Map();
    };
    const sessionEnd = dayStart + nseSession.closingStart * 60_000;
    for (let time = dayStart + nseSession.openStart * 60_000; time < sessionEnd; time += stepMs) {
      const start = time - (time % 60_000);
      if (start !== minuteStart) {
        closeMinute();
        minuteStart = start;
      }
      for (const quote of feed.stepAt(time)) {
        const shares = quote.volume - (cumulative.get(quote.code) ?? 0);
        cumulative.set(quote.code, quote.volume);
        last.set(quote.code, quote.last);
        const bar = minute.get(quote.code);
        if (!bar) {
          minute.set(quote.code, { ...flat(start, quote.code, quote.last, shares) });
          continue;
        }
        bar.high = Math.max(bar.high, quote.last);
        bar.low = Math.min(bar.low, quote.last);
        bar.close = quote.last;
        bar.volume += shares;
      }
    }
    closeMinute();
    const closing = dayStart + (nseSession.closingStart + 10) * 60_000;
    for (const spec of options.instruments) {
      if (kinds.get(spec.code) !== 'index') bars.push(flat(closing, spec.code, last.get(spec.code)!, 100 + 7 * order.get(spec.code)!));
    }
  }
  return bars;
}

function flat(time: number, symbol: string, price: number, volume: number): CsvBar {
  return { timestamp: istTimestamp(time), symbol, open: price, high: price, low: price, close: price, volume };
}

/** Writes bars as an NSE-style minute CSV (prices in rupees with two decimals). */
export function writeBarCsv(path: string, bars: readonly CsvBar[]): void {
  const rupees = (paise: number) => formatRupees(BigInt(paise));
  const lines = bars.map((bar) => `${bar.timestamp},${bar.symbol},${rupees(bar.open)},${rupees(bar.high)},${rupees(bar.low)},${rupees(bar.close)},${bar.volume}`);
  writeFileSync(path, `timestamp,symbol,open,high,low,close,volume\n${lines.join('\n')}\n`);
}
