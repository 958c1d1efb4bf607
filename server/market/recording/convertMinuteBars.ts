import { createReadStream, createWriteStream, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, type ZlibOptions } from 'node:zlib';
import type { StreamQuote } from '../../../contract/market.ts';
import { loadCatalog } from '../instruments/catalog.ts';
import type { InstrumentSpec } from '../model.ts';
import { encodeHeaderLine, recordingFormatName, recordingFormatVersion, recordingHeaderSchema, type RecordingHeader } from './format.ts';
import { mergeBarFiles, MinuteBarError, whereOf, type MinuteBar } from './minuteBarCsv.ts';

// Turns real 1-minute bars (any number of CSV files, any symbols, any span of days) into
// one recording (docs/recording-format.md) that the server replays session after session.
// The bars are read at run time from wherever the user keeps them and the recording goes
// to a git-ignored path: NSE price files carry no redistribution licence.
//
// A bar only says where a minute started, ended and how far it went, so each bar becomes
// four quote updates inside its minute: the open at +0 s, the extreme on the "wrong"
// side at +15 s, the extreme on the side the bar closed towards at +30 s, the close at
// +45 s (a rising bar dips first, then rallies to its high; a falling bar the reverse).
// The bar's volume is split across the four updates; turnover accumulates price × shares.
//
// Sessions: quotes keep their REAL times (candles land on the real minutes and days), but
// frame offsets are session time: a session's frames follow the previous session's last
// frame after `sessionGapMs`, so a replay skips nights, weekends and holidays. Every bar of
// a day is kept (NIFTY's 09:07 pre-open bar, closing-session bars); each IST day starts a
// new quote day: open, high, low, volume and turnover reset, prevClose = that symbol's
// last close of its previous day in the files (or the day's first open when none).
//
// Streaming: the files are merged by time (minuteBarCsv.ts) and frames are gzipped to a
// temporary file as they are made; the header (which needs every symbol, known only at the
// end) is written last as its own gzip member in front of the frames' member. Concatenated
// gzip members are one valid gzip stream (RFC 1952), read by zcat and by openRecording.

export type { MinuteBar } from './minuteBarCsv.ts';

/** Where inside its minute each of a bar's four updates lands. */
export const barStepOffsetsMs = [0, 15_000, 30_000, 45_000] as const;
/** Replay time between one session's last frame and the next session's first. */
export const sessionGapMs = 60_000;

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

/** The minute files in a folder (the shared data's minute/), the default input. */
export function minuteFilesIn(folder: string): string[] {
  return readdirSync(folder).filter((name) => /\.csv(\.gz)?$/.test(name)).sort().map((name) => join(folder, name));
}

interface SymbolState {
  code: string;
  codeJson: string;
  /** IST day of the quote; '' before the first bar. */
  day: string;
  last: number;
  open: number;
  prevClose: number;
  high: number;
  low: number;
  volume: number;
  turnover: number;
  time: number;
  /** Start of the latest bar, to refuse two bars of one symbol in one minute. */
  barTime: number;
  /** Quote before the first frame inside the range (the header's `initial`); null until a bar in range. */
  initialPrice: number | null;
  barsInRange: number;
  anyVolume: boolean;
  onFivePaise: boolean;
}

/** The quote as a StreamQuote's JSON text: JSON.stringify's exact output, without building the tuple (this runs for every update). */
const quoteJson = (q: SymbolState): string => `[${q.codeJson},${q.last},${q.open},${q.prevClose},${q.high},${q.low},${q.volume},${q.turnover},${q.time},0]`;

export interface ConvertMinuteBarsOptions {
  /** CSV files (`.csv` or `.csv.gz`), each in time order. */
  files: readonly string[];
  /** First and last IST day to record (inclusive); bars before `from` only set the first prevClose. */
  from?: string;
  to?: string;
  outPath: string;
  /** Instrument metadata by code; defaults to the catalogue. */
  catalog?: ReadonlyMap<string, InstrumentSpec>;
}

export interface MinuteBarConversion {
  path: string;
  header: RecordingHeader;
  frameCount: number;
  /** Bars used per symbol. */
  barCounts: Map<string, number>;
  bars: number;
  sessions: number;
}

/** Reads the bars, writes the recording to `outPath` as it goes and returns a summary. */
export async function convertMinuteBars(options: ConvertMinuteBarsOptions): Promise<MinuteBarConversion> {
  if (options.files.length === 0) throw new Error('no minute-bar files to convert');
  const from = options.from ?? '0000-00-00';
  const to = options.to ?? '9999-99-99';
  if (from > to) throw new Error(`--from ${from} is after --to ${to}`);
  const catalog = options.catalog ?? loadCatalog().byCode;
  const framesPath = `${options.outPath}.frames.tmp`;
  mkdirSync(dirname(options.outPath), { recursive: true });
  // A deep write buffer lets compression (on the thread pool) overlap parsing instead of taking turns.
  // (zlib streams take the stream options too; its typings only list the zlib ones.)
  const gzipOptions: ZlibOptions & { highWaterMark: number } = { level: 4, highWaterMark: 4 * 1024 * 1024 };
  const frames = createGzip(gzipOptions);
  const framesDone = pipeline(frames, createWriteStream(framesPath));
  framesDone.catch(() => undefined); // awaited below; a write failure surfaces there
  let pending = '';
  const writeLine = async (line: string) => {
    pending += line;
    if (pending.length < 64 * 1024) return;
    const chunk = pending;
    pending = '';
    if (!frames.write(chunk)) await once(frames, 'drain');
  };

  const symbols = new Map<string, SymbolState>();
  let startedAt = -1;
  let firstDay = '';
  let lastDay = '';
  let sessions = 0;
  let bars = 0;
  let frameCount = 0;
  /** Session time: the offset of the current session's first frame, and that frame's real time. */
  let sessionBase = 0;
  let sessionStart = 0;
  let lastOffset = 0;
  let minute: MinuteBar[] = [];

  const emitMinute = async () => {
    if (minute.length === 0) return;
    const time = minute[0]!.time;
    const day = minute[0]!.day;
    if (day !== lastDay) {
      if (sessions > 0) sessionBase = lastOffset + sessionGapMs;
      else {
        startedAt = time;
        firstDay = day;
      }
      sessionStart = time;
      lastDay = day;
      sessions += 1;
    }
    const paths = minute.map(barPath);
    const volumes = minute.map((bar) => splitVolume(bar.volume));
    const states = minute.map((bar) => startBar(symbols, bar));
    for (let step = 0; step < barStepOffsetsMs.length; step += 1) {
      const at = time + barStepOffsetsMs[step]!;
      let changed = '';
      for (let i = 0; i < minute.length; i += 1) {
        const quote = states[i]!;
        const price = paths[i]![step]!;
        const shares = volumes[i]![step]!;
        const firstTrade = quote.time === 0;
        // Like the live feed, a frame only carries instruments whose quote changed.
        if (!firstTrade && price === quote.last && shares === 0) continue;
        if (firstTrade) quote.open = quote.high = quote.low = price;
        quote.last = price;
        if (price > quote.high) quote.high = price;
        if (price < quote.low) quote.low = price;
        quote.volume += shares;
        quote.turnover += price * shares;
        quote.time = at;
        changed += changed === '' ? quoteJson(quote) : `,${quoteJson(quote)}`;
      }
      if (changed === '') continue;
      lastOffset = sessionBase + (at - sessionStart);
      frameCount += 1;
      // encodeFrameLine's format: [offsetMs, [quote, …]] and a line end.
      await writeLine(`[${lastOffset},[${changed}]]\n`);
    }
    minute = [];
  };

  try {
    reading: for await (const batch of mergeBarFiles(options.files)) {
      for (const bar of batch) {
        if (bar.day > to) break reading;
        if (bar.day < from) {
          // Before the range: only the close matters, as the first day's previous close.
          const state = symbols.get(bar.symbol) ?? newSymbol(symbols, bar.symbol);
          state.last = bar.close;
          state.day = bar.day;
          continue;
        }
        if (minute.length > 0 && bar.time !== minute[0]!.time) await emitMinute();
        minute.push(bar);
        bars += 1;
      }
    }
    await emitMinute();
    frames.end(pending);
    await framesDone;
    if (sessions === 0) throw new Error(`no minute bars${options.from || options.to ? ` from ${options.from ?? 'the start'} to ${options.to ?? 'the end'}` : ''} in ${options.files.join(', ')}`);

    const inRange = [...symbols.values()].filter((state) => state.initialPrice !== null);
    const instruments = inRange.map((state) => instrumentFor(state, catalog));
    const order = (spec: InstrumentSpec) => (spec.kind === 'index' ? 0 : 1);
    const sorted = inRange
      .map((state, index) => ({ state, spec: instruments[index]! }))
      .sort((a, b) => order(a.spec) - order(b.spec) || (a.spec.code < b.spec.code ? -1 : 1));
    const header: RecordingHeader = recordingHeaderSchema.parse({
      format: recordingFormatName,
      version: recordingFormatVersion,
      recordedFrom: 'nse-minute-bars',
      date: firstDay,
      lastDate: lastDay,
      calendar: 'ist',
      startedAt,
      instruments: sorted.map(({ spec }) => spec),
      initial: sorted.map(({ state }) => [state.code, state.initialPrice!, 0, state.initialPrice!, 0, 0, 0, 0, 0, 0] satisfies StreamQuote),
    });
    const headerGzip = createGzip();
    const headerDone = pipeline(headerGzip, createWriteStream(options.outPath));
    headerGzip.end(encodeHeaderLine(header));
    await headerDone;
    await pipeline(createReadStream(framesPath), createWriteStream(options.outPath, { flags: 'a' }));
    return {
      path: options.outPath,
      header,
      frameCount,
      barCounts: new Map(sorted.map(({ state }) => [state.code, state.barsInRange])),
      bars,
      sessions,
    };
  } finally {
    frames.destroy();
    rmSync(framesPath, { force: true });
  }
}

function newSymbol(symbols: Map<string, SymbolState>, code: string): SymbolState {
  const state: SymbolState = {
    code, codeJson: JSON.stringify(code), day: '', last: 0, open: 0, prevClose: 0, high: 0, low: 0, volume: 0, turnover: 0, time: 0, barTime: 0,
    initialPrice: null, barsInRange: 0, anyVolume: false, onFivePaise: true,
  };
  symbols.set(code, state);
  return state;
}

/** The state a bar updates; a new IST day resets the day's figures first. */
function startBar(symbols: Map<string, SymbolState>, bar: MinuteBar): SymbolState {
  const state = symbols.get(bar.symbol) ?? newSymbol(symbols, bar.symbol);
  if (state.barTime === bar.time) throw new MinuteBarError(whereOf(bar), `a second ${bar.symbol} bar for the same minute`);
  state.barTime = bar.time;
  if (state.day !== bar.day) {
    // The previous session's close of this symbol; the day's own open when the files hold no earlier day.
    state.prevClose = state.day === '' ? bar.open : state.last;
    if (state.initialPrice === null) {
      state.initialPrice = state.prevClose;
      state.last = state.prevClose;
    }
    state.day = bar.day;
    state.open = state.high = state.low = state.volume = state.turnover = state.time = 0;
  }
  state.barsInRange += 1;
  if (bar.volume > 0) state.anyVolume = true;
  if (state.onFivePaise && (bar.open % 5 || bar.high % 5 || bar.low % 5 || bar.close % 5)) state.onFivePaise = false;
  return state;
}

/**
 * A catalogue instrument keeps its metadata (NSE listings only: the files are rupee prices
 * on IST). Any other symbol is added from the file and says so in its name: an index when
 * its volume is always 0 (like NIFTY 50's bars), otherwise an equity, lot 1, on 5-paise
 * ticks when every price is, with no price band (the real band is not known).
 */
function instrumentFor(state: SymbolState, catalog: ReadonlyMap<string, InstrumentSpec>): InstrumentSpec {
  const known = catalog.get(state.code);
  if (known && known.exchange === 'NSE' && known.currency === 'INR') return known;
  const index = !state.anyVolume;
  return {
    code: state.code,
    name: index ? `${state.code} (unlisted index)` : `${state.code} (unlisted)`,
    isin: null,
    exchange: 'NSE',
    currency: 'INR',
    kind: index ? 'index' : 'equity',
    industry: null,
    lot: 1,
    tickMinor: !index && state.onFivePaise ? 5 : 1,
    bandPercent: null,
    shares: null,
    constituents: null,
    beta: 1,
  };
}
