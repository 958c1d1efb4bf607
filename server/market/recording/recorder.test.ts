import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { StreamQuote, TickFrame } from '../../../contract/market.ts';
import { parseRupees } from '../../../contract/money.ts';
import { createMarket, type Market } from '../marketService.ts';
import type { MarketFeed, QuoteState } from '../model.ts';
import { sharedDataDir } from '../sharedData.ts';
import { toStreamQuote } from '../streamQuote.ts';
import { handDrivenMarket, testEpoch } from '../testing/marketTestKit.ts';
import { barPath, convertMinuteBars, minuteFilesIn, splitVolume } from './convertMinuteBars.ts';
import { openRecording, RecordingFormatError, type RecordedFrame, type RecordingHeader } from './format.ts';
import { createRecorder } from './recorder.ts';
import { openReplayFeed } from './replayFeed.ts';

const workDir = mkdtempSync(join(tmpdir(), 'ledgerline-recording-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
afterEach(() => void vi.useRealTimers());
let fileCounter = 0;
const tempPath = (name: string) => join(workDir, `${(fileCounter += 1)}-${name}.jsonl.gz`);

/** Records `steps` frames published by a hand-driven simulated market, one simulated second apart. */
async function recordSimulatedMarket(steps: number): Promise<{ path: string; header: RecordingHeader; frames: TickFrame[] }> {
  const { market, step } = handDrivenMarket(11);
  const header: RecordingHeader = {
    format: 'ledgerline-ticks', version: 1, recordedFrom: 'server', date: '2026-11-23', calendar: 'always_open', startedAt: testEpoch,
    instruments: [...market.instruments], initial: [...market.quotes()].map(toStreamQuote),
  };
  const path = tempPath('simulated');
  const recorder = createRecorder(path, header);
  const frames: TickFrame[] = [];
  market.onFrame((frame) => {
    frames.push(frame);
    recorder.write(frame);
  });
  for (let i = 0; i < steps; i += 1) step();
  await recorder.close();
  return { path, header, frames };
}

function collect(feed: MarketFeed): QuoteState[][] {
  const batches: QuoteState[][] = [];
  feed.start((quotes) => batches.push(quotes));
  return batches;
}

const spec = handDrivenMarket().market.instruments[1]!;
const quoteOf = (code: string, last: number, time: number): StreamQuote => [code, last, 100, 100, Math.max(100, last), Math.min(100, last), 1, last, time, 0];
const smallHeader = (overrides: Partial<RecordingHeader> = {}): RecordingHeader => ({
  format: 'ledgerline-ticks', version: 1, recordedFrom: 'simulator', date: '2026-11-23', calendar: 'always_open', startedAt: testEpoch,
  instruments: [spec], initial: [[spec.code, 100, 0, 100, 0, 0, 0, 0, 0, 0]], ...overrides,
});
/** Writes a recording line by line, as given, so that tests can break it on purpose. */
function writeRaw(lines: unknown[]): string {
  const path = tempPath('raw');
  writeFileSync(path, gzipSync(lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')));
  return path;
}
async function readAll(path: string): Promise<RecordedFrame[]> {
  const recording = await openRecording(path);
  const frames: RecordedFrame[] = [];
  for await (const frame of recording.frames) frames.push(frame);
  return frames;
}

describe('recording and replaying', () => {
  it('replays exactly the recorded stream: same frames, same order, same quote states', async () => {
    const { path, header, frames } = await recordSimulatedMarket(90);
    expect(frames.length).toBe(90);
    const feed = await openReplayFeed({ path, speed: 1000 });
    expect(feed.source).toEqual({ kind: 'replay', date: '2026-11-23', calendar: 'always_open' });
    expect(feed.instruments).toEqual(header.instruments);
    expect(feed.initialQuotes().map(toStreamQuote)).toEqual(header.initial);

    const started = Date.now();
    const batches = collect(feed);
    await feed.finished;
    // 89 simulated seconds at ×1000 take about 89 ms of wall time.
    expect(Date.now() - started).toBeGreaterThanOrEqual(80);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(batches.map((batch) => batch.map(toStreamQuote))).toEqual(frames.map((frame) => frame.quotes));
    for (const quote of batches.flat()) expect(quote.day).toBe('2026-11-23');
    expect(feed.delivered()).toBe(90);
    expect(feed.phaseAt(Date.now())).toBe('closed');
  });

  it('publishes the same frames again when the replay drives a market', async () => {
    const { path, frames } = await recordSimulatedMarket(30);
    const replay = await openReplayFeed({ path, speed: 1000 });
    let market: Market | null = null;
    // One market frame per replayed frame, instead of whatever fits in 50 ms.
    const framed: MarketFeed = { ...replay, start: (deliver) => replay.start((quotes) => (deliver(quotes), market!.flush())) };
    market = createMarket(framed, { frameIntervalMs: 3_600_000 });
    const published: StreamQuote[][] = [];
    market.onFrame((frame) => published.push(frame.quotes));
    market.start();
    await replay.finished;
    market.stop();
    expect(published).toEqual(frames.map((frame) => frame.quotes));
    const recordedLast = frames.flatMap((frame) => frame.quotes).filter((quote) => quote[0] === spec.code).at(-1);
    expect(toStreamQuote(market.quote(spec.code)!)).toEqual(recordedLast);
  });

  it('honours the speed, delivers frames that are due together in order, and does not drift', async () => {
    const path = writeRaw([
      smallHeader(),
      [0, [quoteOf(spec.code, 101, testEpoch)]],
      [1_000, [quoteOf(spec.code, 102, testEpoch + 1_000)]],
      [2_000, [quoteOf(spec.code, 103, testEpoch + 2_000)]],
      [2_000, [quoteOf(spec.code, 104, testEpoch + 2_000)]],
      [60_000, [quoteOf(spec.code, 105, testEpoch + 60_000)]],
    ]);
    const feed = await openReplayFeed({ path, speed: 10 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const batches = collect(feed);
    const lasts = () => batches.map((batch) => batch[0]!.last);
    expect(lasts()).toEqual([101]); // offset 0 is due at once
    vi.advanceTimersByTime(99);
    expect(lasts()).toEqual([101]);
    vi.advanceTimersByTime(1);
    expect(lasts()).toEqual([101, 102]); // 1,000 ms at ×10
    // The event loop stalls for 150 ms: when the timer finally runs, everything due comes at once, in order.
    vi.setSystemTime(Date.now() + 150);
    vi.advanceTimersByTime(100);
    expect(lasts()).toEqual([101, 102, 103, 104]);
    // The next frame is still due 6 s after the start, not 6 s after the late one.
    vi.advanceTimersByTime(6_000 - 350 - 1);
    expect(lasts()).toHaveLength(4);
    expect(feed.phaseAt(Date.now())).toBe('open');
    vi.advanceTimersByTime(1);
    expect(lasts()).toEqual([101, 102, 103, 104, 105]);
    await feed.finished;
    expect(feed.phaseAt(Date.now())).toBe('closed');
  });

  it('keeps the recorded quote times and stops when asked', async () => {
    const path = writeRaw([smallHeader(), [0, [quoteOf(spec.code, 101, testEpoch)]], [5_000, [quoteOf(spec.code, 102, testEpoch + 5_000)]]]);
    const feed = await openReplayFeed({ path, speed: 1 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: Date.UTC(2030, 0, 1) });
    const batches = collect(feed);
    expect(batches[0]![0]!.time).toBe(testEpoch);
    feed.stop();
    vi.advanceTimersByTime(10_000);
    expect(batches).toHaveLength(1);
    await feed.finished;
  });

  it('streams a recording longer than its read-ahead', async () => {
    const { path, frames } = await recordSimulatedMarket(40);
    const feed = await openReplayFeed({ path, speed: 1000, readAheadFrames: 5 });
    const batches = collect(feed);
    await feed.finished;
    expect(batches.map((batch) => batch.map(toStreamQuote))).toEqual(frames.map((frame) => frame.quotes));
  });

  it('offsets never go backwards, even when the clock does', async () => {
    const path = tempPath('clock');
    const recorder = createRecorder(path, smallHeader());
    recorder.write({ sentAt: testEpoch + 500, quotes: [quoteOf(spec.code, 101, testEpoch)] });
    recorder.write({ sentAt: testEpoch + 200, quotes: [quoteOf(spec.code, 102, testEpoch)] });
    await recorder.close();
    expect((await readAll(path)).map((frame) => frame[0])).toEqual([500, 500]);
  });
});

describe('recording validation', () => {
  const expectFormatError = async (promise: Promise<unknown>, line: number, detail: RegExp) => {
    const error = await promise.then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(RecordingFormatError);
    expect((error as RecordingFormatError).line).toBe(line);
    expect((error as Error).message).toMatch(new RegExp(`line ${line}: `));
    expect((error as Error).message).toMatch(detail);
  };
  const frame = (offset: number, last = 101): RecordedFrame => [offset, [quoteOf(spec.code, last, testEpoch + offset)]];

  it('rejects a bad header on line 1', async () => {
    await expectFormatError(openRecording(writeRaw([{ ...smallHeader(), format: 'other' }])), 1, /invalid header: format/);
    await expectFormatError(openRecording(writeRaw([{ ...smallHeader(), version: 2 }])), 1, /version/);
    await expectFormatError(openRecording(writeRaw([{ ...smallHeader(), date: '23/11/2026' }])), 1, /date/);
    await expectFormatError(openRecording(writeRaw(['{"format":'])), 1, /not JSON/);
    await expectFormatError(openRecording(writeRaw([smallHeader({ initial: [quoteOf('NOPE', 1, 0)] })])), 1, /NOPE/);
    await expectFormatError(openRecording(writeRaw([])), 1, /header line is missing/);
    expect(() => createRecorder(tempPath('bad'), { ...smallHeader(), calendar: 'weekends' } as unknown as RecordingHeader)).toThrow();
  });

  it('names the line of a malformed frame', async () => {
    await expectFormatError(readAll(writeRaw([smallHeader(), frame(0), '[1000, [["X"'])), 3, /not JSON/);
    await expectFormatError(readAll(writeRaw([smallHeader(), frame(0), frame(10), [20, [[spec.code, '1.5', 1, 1, 1, 1, 1, 1, 1, 1]]]])), 4, /invalid frame: 1\.0\.1/);
    await expectFormatError(readAll(writeRaw([smallHeader(), frame(0), [10, [quoteOf(spec.code, 101.5, 0)]]])), 3, /invalid frame/);
    await expectFormatError(readAll(writeRaw([smallHeader(), { offset: 0 }])), 2, /invalid frame/);
    await expectFormatError(readAll(writeRaw([smallHeader(), frame(1000), frame(999)])), 3, /before the previous frame/);
    await expectFormatError(readAll(writeRaw([smallHeader(), frame(0), [5, [quoteOf('NOPE', 1, 1)]]])), 3, /NOPE.*not among the instruments/);
  });

  it('rejects files that are not complete gzip streams', async () => {
    const plain = tempPath('plain');
    writeFileSync(plain, `${JSON.stringify(smallHeader())}\n`);
    await expectFormatError(openRecording(plain), 1, /not a complete gzip stream/);
    const { path } = await recordSimulatedMarket(60);
    const bytes = readFileSync(path);
    const truncated = tempPath('truncated');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expect(readAll(truncated)).rejects.toThrow(/not a complete gzip stream/);
  });

  it('refuses to replay a malformed recording or an impossible speed', async () => {
    await expectFormatError(openReplayFeed({ path: writeRaw([smallHeader(), frame(0), 'oops']), speed: 1 }), 3, /not JSON/);
    const good = writeRaw([smallHeader(), frame(0)]);
    await expect(openReplayFeed({ path: good, speed: 0 })).rejects.toThrow(RangeError);
    await expect(openReplayFeed({ path: good, speed: 1001 })).rejects.toThrow(RangeError);
    await expect(openReplayFeed({ path: join(workDir, 'missing.jsonl.gz'), speed: 1 })).rejects.toThrow(/ENOENT/);
  });
});

describe('NSE minute bars', () => {
  it('puts high and low in the order of the bar and splits volume into whole parts', () => {
    expect(barPath({ open: 100, high: 110, low: 95, close: 108 })).toEqual([100, 95, 110, 108]);
    expect(barPath({ open: 100, high: 110, low: 95, close: 97 })).toEqual([100, 110, 95, 97]);
    expect(splitVolume(10)).toEqual([3, 3, 2, 2]);
    expect(splitVolume(0)).toEqual([0, 0, 0, 0]);
  });

  const dataDir = sharedDataDir();
  it.skipIf(!dataDir)('converts the real bars of 2019-01-02 into a replayable day', async () => {
    const date = '2019-01-02';
    const path = tempPath('nse');
    const result = await convertMinuteBars({ files: minuteFilesIn(join(dataDir!, 'minute')), from: date, to: date, outPath: path });

    // Expected figures straight from the CSV files.
    const csvRows = (symbol: string) =>
      readFileSync(join(dataDir!, 'minute', `${symbol}_1min.csv`), 'utf8').trim().split('\n').slice(1).map((line) => line.split(','));
    const paise = (text: string) => Number(parseRupees(text)); // number-ok: stream prices are numbers of paise
    const expected = (symbol: string) => {
      const rows = csvRows(symbol);
      const today = rows.filter((row) => row[0]!.startsWith(date));
      const before = rows.filter((row) => row[0]! < date);
      return {
        bars: today.length,
        open: paise(today[0]![2]!),
        high: Math.max(...today.map((row) => paise(row[3]!))),
        low: Math.min(...today.map((row) => paise(row[4]!))),
        close: paise(today.at(-1)![5]!),
        volume: today.reduce((sum, row) => sum + Number(row[6]), 0),
        prevClose: paise(before.at(-1)![5]!),
      };
    };

    const feed = await openReplayFeed({ path, speed: 1000 });
    expect(feed.source).toEqual({ kind: 'replay', date, calendar: 'ist' });
    expect(feed.header.lastDate).toBe(date);
    expect(feed.instruments.map((i) => [i.code, i.kind])).toEqual([['NIFTY50', 'index'], ['JUNIORBEES', 'etf'], ['NIFTYBEES', 'etf']]);
    expect(feed.phaseAt(Date.now())).toBe('pre_open'); // the day starts with NIFTY's 09:07 pre-open bar

    const frames = await readAll(path);
    expect(frames.length).toBe(result.frameCount);
    // Four updates inside each minute, at most: +0, +15, +30 and +45 s.
    for (const [offset] of frames) expect(offset % 15_000).toBe(0);
    const final = new Map<string, StreamQuote>();
    for (const [, quotes] of frames) for (const quote of quotes) final.set(quote[0], quote);

    for (const symbol of ['NIFTY50', 'NIFTYBEES', 'JUNIORBEES']) {
      const want = expected(symbol);
      const [, last, open, prevClose, high, low, volume, turnover] = final.get(symbol)!;
      expect(result.barCounts.get(symbol)).toBe(want.bars);
      expect({ last, open, prevClose, high, low, volume }).toEqual({ last: want.close, open: want.open, prevClose: want.prevClose, high: want.high, low: want.low, volume: want.volume });
      expect(turnover).toBeGreaterThanOrEqual(volume * low);
      expect(turnover).toBeLessThanOrEqual(volume * high);
    }
    expect(result.barCounts.get('NIFTYBEES')).toBe(307);
    expect(final.get('NIFTYBEES')![1]).toBe(112865); // ₹1,128.65, the CSV's last close of the day
    expect(final.get('NIFTY50')![6]).toBe(0);
    feed.stop();
  });
});
