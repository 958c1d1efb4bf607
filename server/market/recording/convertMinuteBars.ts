import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { StreamQuote, TickFrame } from '../../../contract/market.ts';
import { parseRupees } from '../../../contract/money.ts';
import type { InstrumentSpec } from '../model.ts';
import type { RecordingHeader } from './format.ts';
import { createRecorder } from './recorder.ts';

// Turns real NSE 1-minute bars (shared data, minute/*.csv) into a recording of one IST
// trading day, so the app can replay a real session. The bars are read from the shared
// data folder at run time and the recording goes to a git-ignored path: the price files
// carry no redistribution licence and must not enter the repository.
//
// A bar only says where a minute started, ended and how far it went, so each bar becomes
// four quote updates inside its minute: the open at +0 s, the extreme on the "wrong"
// side at +15 s, the extreme on the side the bar closed towards at +30 s, the close at
// +45 s (a rising bar dips first, then rallies to its high; a falling bar the reverse).
// The bar's volume is split across the four updates; turnover accumulates price × shares
// in integer paise.

export interface MinuteBar {
  symbol: string;
  /** Epoch ms of the minute's start. */
  time: number;
  /** IST day of the bar, YYYY-MM-DD. */
  day: string;
  /** Prices in paise (index points × 100 for NIFTY 50). */
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const nseEtf = { isin: null, exchange: 'NSE', currency: 'INR', kind: 'etf', industry: null, lot: 1, tickMinor: 1, bandPercent: 20, shares: null, constituents: null } as const;

/** The instruments the minute files hold. NIFTY 50 is an index (volume always 0); the BeES are ETFs. */
export const minuteBarInstruments: readonly InstrumentSpec[] = [
  { code: 'NIFTY50', name: 'NIFTY 50', isin: null, exchange: 'NSE', currency: 'INR', kind: 'index', industry: null, lot: 1, tickMinor: 1, bandPercent: null, shares: null, constituents: null, beta: 1 },
  { ...nseEtf, code: 'NIFTYBEES', name: 'Nippon India ETF Nifty 50 BeES', beta: 1 },
  { ...nseEtf, code: 'JUNIORBEES', name: 'Nippon India ETF Nifty Next 50 Junior BeES', beta: 1.1 },
];

export const defaultReplayDate = '2019-01-02';
/** Where inside its minute each of a bar's four updates lands. */
export const barStepOffsetsMs = [0, 15_000, 30_000, 45_000] as const;

const timestampPattern = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}\+05:30$/;

/** Parses one minute-bar CSV (timestamp, symbol, open, high, low, close, volume). */
export function parseMinuteBarCsv(text: string, file: string): MinuteBar[] {
  const rows = parse(text, { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  return rows.map((row, index) => {
    const where = `${file} row ${index + 2}`;
    const match = timestampPattern.exec(row.timestamp ?? '');
    if (!match) throw new Error(`${where}: timestamp ${row.timestamp} is not ISO with +05:30`);
    const price = (column: 'open' | 'high' | 'low' | 'close'): number => {
      const paise = parseRupees(row[column] ?? '');
      if (paise === null || paise <= 0n) throw new Error(`${where}: ${column} ${row[column]} is not a price`);
      return Number(paise); // number-ok: a quote price in paise, far below 2^53, is a number in the stream
    };
    const volumeText = row.volume ?? '';
    if (!/^\d+$/.test(volumeText)) throw new Error(`${where}: volume ${volumeText} is not a whole number`);
    const bar: MinuteBar = {
      symbol: row.symbol ?? '',
      time: Date.parse(row.timestamp!),
      day: match[1]!,
      open: price('open'),
      high: price('high'),
      low: price('low'),
      close: price('close'),
      volume: Number(volumeText),
    };
    if (bar.low > Math.min(bar.open, bar.close) || bar.high < Math.max(bar.open, bar.close)) {
      throw new Error(`${where}: open and close must lie between low and high`);
    }
    return bar;
  });
}

/** Every bar of every CSV in the minute folder, per symbol in time order. */
export function readMinuteBars(minuteDir: string): Map<string, MinuteBar[]> {
  const bySymbol = new Map<string, MinuteBar[]>();
  for (const file of readdirSync(minuteDir).filter((name) => name.endsWith('.csv')).sort()) {
    for (const bar of parseMinuteBarCsv(readFileSync(join(minuteDir, file), 'utf8'), file)) {
      const bars = bySymbol.get(bar.symbol) ?? [];
      bars.push(bar);
      bySymbol.set(bar.symbol, bars);
    }
  }
  for (const bars of bySymbol.values()) bars.sort((a, b) => a.time - b.time);
  return bySymbol;
}

/** The four prices a bar passes through, in the order a trader would expect. */
export function barPath(bar: Pick<MinuteBar, 'open' | 'high' | 'low' | 'close'>): [number, number, number, number] {
  return bar.close >= bar.open ? [bar.open, bar.low, bar.high, bar.close] : [bar.open, bar.high, bar.low, bar.close];
}

/** Splits a bar's volume into four whole parts that sum to it, the remainder going to the earliest. */
export function splitVolume(volume: number): [number, number, number, number] {
  const base = Math.floor(volume / 4);
  const remainder = volume % 4;
  return [0, 1, 2, 3].map((part) => base + (part < remainder ? 1 : 0)) as [number, number, number, number];
}

interface DayQuote {
  code: string;
  last: number;
  open: number;
  prevClose: number;
  high: number;
  low: number;
  volume: number;
  turnover: number;
  time: number;
}

const tuple = (q: DayQuote): StreamQuote => [q.code, q.last, q.open, q.prevClose, q.high, q.low, q.volume, q.turnover, q.time, 0];

export interface MinuteBarRecording {
  header: RecordingHeader;
  frames: TickFrame[];
  /** Bars used per symbol. */
  barCounts: Map<string, number>;
}

/** Builds the recording of one IST day from the bars (pure: no I/O). */
export function recordingFromMinuteBars(barsBySymbol: ReadonlyMap<string, readonly MinuteBar[]>, date: string): MinuteBarRecording {
  const quotes = new Map<string, DayQuote>();
  const dayBars = new Map<string, readonly MinuteBar[]>();
  const instruments: InstrumentSpec[] = [];
  for (const spec of minuteBarInstruments) {
    const bars = barsBySymbol.get(spec.code) ?? [];
    const today = bars.filter((bar) => bar.day === date);
    if (today.length === 0) continue;
    const previous = bars.filter((bar) => bar.day < date).at(-1);
    const prevClose = previous?.close ?? today[0]!.open;
    instruments.push(spec);
    dayBars.set(spec.code, today);
    quotes.set(spec.code, { code: spec.code, last: prevClose, open: 0, prevClose, high: 0, low: 0, volume: 0, turnover: 0, time: 0 });
  }
  if (instruments.length === 0) throw new Error(`no minute bars on ${date}`);
  const header: RecordingHeader = {
    format: 'ledgerline-ticks',
    version: 1,
    recordedFrom: 'nse-minute-bars',
    date,
    calendar: 'ist',
    startedAt: Math.min(...[...dayBars.values()].map((bars) => bars[0]!.time)),
    instruments,
    initial: [...quotes.values()].map(tuple),
  };

  // All symbols' bars of one minute advance together, so a frame holds every instrument that moved at that instant.
  const minutes = new Map<number, MinuteBar[]>();
  for (const bars of dayBars.values()) {
    for (const bar of bars) {
      const atMinute = minutes.get(bar.time) ?? [];
      atMinute.push(bar);
      minutes.set(bar.time, atMinute);
    }
  }
  const frames: TickFrame[] = [];
  for (const minute of [...minutes.keys()].sort((a, b) => a - b)) {
    const bars = minutes.get(minute)!;
    const paths = bars.map(barPath);
    const volumes = bars.map((bar) => splitVolume(bar.volume));
    barStepOffsetsMs.forEach((offset, step) => {
      const time = minute + offset;
      const changed: StreamQuote[] = [];
      bars.forEach((bar, i) => {
        const quote = quotes.get(bar.symbol)!;
        const price = paths[i]![step]!;
        const shares = volumes[i]![step]!;
        const firstTrade = quote.time === 0;
        // Like the live feed, a frame only carries instruments whose quote changed.
        if (!firstTrade && price === quote.last && shares === 0) return;
        if (firstTrade) {
          quote.open = price;
          quote.high = price;
          quote.low = price;
        }
        quote.last = price;
        quote.high = Math.max(quote.high, price);
        quote.low = Math.min(quote.low, price);
        quote.volume += shares;
        quote.turnover += price * shares;
        quote.time = time;
        changed.push(tuple(quote));
      });
      if (changed.length > 0) frames.push({ sentAt: time, quotes: changed });
    });
  }
  return { header, frames, barCounts: new Map([...dayBars].map(([code, bars]) => [code, bars.length])) };
}

export interface ConvertMinuteBarsOptions {
  /** The shared data's minute/ folder. */
  minuteDir: string;
  date: string;
  outPath: string;
}

/** Reads the minute bars, builds the day's recording and writes it to `outPath`. */
export async function convertMinuteBars(options: ConvertMinuteBarsOptions): Promise<MinuteBarRecording & { path: string }> {
  const recording = recordingFromMinuteBars(readMinuteBars(options.minuteDir), options.date);
  const recorder = createRecorder(options.outPath, recording.header);
  for (const frame of recording.frames) recorder.write(frame);
  await recorder.close();
  return { ...recording, path: options.outPath };
}
