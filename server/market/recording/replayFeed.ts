import { performance } from 'node:perf_hooks';
import type { FeedSource, SessionPhase, StreamQuote } from '../../../contract/market.ts';
import { istDay, nsePhaseAt } from '../../../contract/calendar.ts';
import type { MarketFeed, QuoteState } from '../model.ts';
import { openRecording, type RecordedFrame, type RecordingHeader } from './format.ts';

// Plays a recording (format.ts) back as a MarketFeed. Frame k is delivered at
// start + offsetMs / speed of wall time, or at speed 'max' as fast as the server takes
// them (no sleeping; the player yields to the event loop every few milliseconds so HTTP
// and sockets still answer). Quotes keep their RECORDED times: the app shows "Replay of
// <date>", candles land on the recorded minutes and days, and `position()` (the latest
// replayed quote time) is the replay's clock for anything measured from "now".
//
// Reading streams the file line by line (readline over gunzip) into a bounded read-ahead
// queue, so a recording of a whole day of the full board (gigabytes decompressed) plays
// in constant memory. openReplayFeed resolves once the first `readAheadFrames` frames
// (or the whole file, for every small recording) are read and validated: a malformed
// small file is rejected up front, and tests with fake timers need no real I/O later.

export interface ReplayTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ReplayFeedOptions {
  path: string;
  /** Playback speed, 1 (real time) to 1000, or 'max': as fast as the frames can be published. */
  speed: ReplaySpeed;
  /** Wall clock; defaults to Date.now (looked up on each call, so fake timers apply). */
  now?: () => number;
  timers?: ReplayTimers;
  /** Frames kept in memory ahead of playback; default 20,000. */
  readAheadFrames?: number;
  /** A read failure after playback started (bad line deep in a large file); default logs it. The replay ends there. */
  onError?: (error: Error) => void;
  /**
   * Called after each recorded frame is handed over. The server publishes there (market.flush), so
   * the published frames are the recorded ones even when many fall due at once (high speeds, 'max'):
   * without it two updates of one instrument would be conflated into one 50 ms frame, and the
   * candle aggregator would miss the minutes, or at a day boundary the close, in between.
   */
  afterFrame?: () => void;
}

export type ReplaySpeed = number | 'max';
/** At 'max', frames are delivered in slices of this much wall time, then the event loop runs. */
const maxSpeedSliceMs = 10;

export interface ReplayFeed extends MarketFeed {
  readonly header: RecordingHeader;
  /** Resolves when the last frame was delivered, the replay was stopped, or reading failed. */
  readonly finished: Promise<void>;
  /** Frames delivered so far. */
  delivered(): number;
  /** Recorded time of the latest replayed quote (epoch ms): the replay's clock. */
  position(): number;
}

const defaultTimers: ReplayTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function replaySource(header: RecordingHeader): FeedSource {
  const severalDays = header.lastDate !== undefined && header.lastDate !== header.date;
  return { kind: 'replay', date: header.date, ...(severalDays ? { lastDate: header.lastDate } : {}), calendar: header.calendar };
}

function toQuoteState(tuple: StreamQuote, day: string): QuoteState {
  const [code, last, open, prevClose, high, low, volume, turnover, time, shortVolume] = tuple;
  // time 0 marks "no trade yet": such a quote belongs to the recorded day, not to 1970.
  return { code, last, open, prevClose, high, low, volume, turnover, time, shortVolume, day: time === 0 ? day : istDay(time) };
}

export async function openReplayFeed(options: ReplayFeedOptions): Promise<ReplayFeed> {
  const { speed } = options;
  const asFastAsPossible = speed === 'max';
  if (!asFastAsPossible && (!Number.isFinite(speed) || speed < 1 || speed > 1000)) {
    throw new RangeError(`replay speed must be from 1 to 1000 or max, got ${speed}`);
  }
  const afterFrame = options.afterFrame ?? (() => {});
  const frameRate = typeof speed === 'number' ? speed : 1;
  const now = options.now ?? (() => Date.now());
  const timers = options.timers ?? defaultTimers;
  const readAhead = Math.max(1, options.readAheadFrames ?? 20_000);
  const onError = options.onError ?? ((error: Error) => console.error(`replay of ${options.path} stopped:`, error));

  const recording = await openRecording(options.path);
  const { header } = recording;

  // Read-ahead queue: frames[head..] are read but not yet delivered.
  let queue: RecordedFrame[] = [];
  let head = 0;
  let endOfFile = false;
  let readError: Error | null = null;
  let wakeReader: (() => void) | null = null;
  let wakePlayer: (() => void) | null = null;
  let stopped = false;
  const buffered = () => queue.length - head;
  let initiallyFilled: () => void = () => {};
  const initialFill = new Promise<void>((resolve) => (initiallyFilled = resolve));

  async function readFrames(): Promise<void> {
    try {
      for await (const frame of recording.frames) {
        if (stopped) return;
        queue.push(frame);
        wakePlayer?.();
        if (buffered() >= readAhead) {
          initiallyFilled();
          await new Promise<void>((resolve) => (wakeReader = resolve));
        }
      }
    } catch (error) {
      readError = error as Error;
    } finally {
      endOfFile = true;
      recording.close();
      initiallyFilled();
      wakePlayer?.();
    }
  }

  void readFrames();
  // The read-ahead is full or the whole file is read (and validated).
  await initialFill;
  if (readError) throw readError;

  let started = false;
  let finishedFlag = false;
  let resolveFinished: () => void = () => {};
  const finished = new Promise<void>((resolve) => (resolveFinished = resolve));
  let deliveredFrames = 0;
  let timer: unknown = null;
  let immediate: ReturnType<typeof setImmediate> | null = null;
  /** Recorded time of the latest replayed quote: where the replay "is" in the recorded day. */
  let position = header.startedAt;

  function finish(): void {
    if (finishedFlag) return;
    finishedFlag = true;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (immediate !== null) clearImmediate(immediate);
    immediate = null;
    wakePlayer = null;
    resolveFinished();
  }

  function takeFrame(): RecordedFrame | undefined {
    const frame = queue[head];
    if (frame === undefined) return undefined;
    head += 1;
    // Drop delivered frames now and then instead of shifting the array every time.
    if (head >= 4096 && head * 2 >= queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    if (wakeReader && buffered() < readAhead / 2) {
      const wake = wakeReader;
      wakeReader = null;
      wake();
    }
    return frame;
  }

  return {
    source: replaySource(header),
    instruments: header.instruments,
    header,
    finished,
    delivered: () => deliveredFrames,
    position: () => position,
    initialQuotes: () => header.initial.map((tuple) => toQuoteState(tuple, header.date)),
    phaseAt(_wallTime: number): SessionPhase {
      // The replay's phase follows the recorded position, not the wall clock it plays on.
      if (finishedFlag) return 'closed';
      return header.calendar === 'ist' ? nsePhaseAt(position) : 'open';
    },
    start(onQuotes) {
      if (started) throw new Error('a replay feed starts once');
      started = true;
      const startedAt = now();

      // Delivers every frame that is due, in order and without sleeping between them,
      // then sleeps until the next one. Due times are computed from the start, not from
      // the previous frame, so timer lateness never accumulates (drift correction).
      const play = (): void => {
        timer = null;
        immediate = null;
        const sliceEnd = asFastAsPossible ? performance.now() + maxSpeedSliceMs : 0;
        while (!stopped) {
          const next = queue[head];
          if (next === undefined) {
            if (readError) onError(readError);
            if (endOfFile) return finish();
            wakePlayer = () => {
              wakePlayer = null;
              play();
            };
            return;
          }
          if (asFastAsPossible) {
            if (performance.now() >= sliceEnd) {
              // Let HTTP, sockets and the frame timer run, then go on where this slice stopped.
              immediate = setImmediate(play);
              return;
            }
          } else {
            const wait = startedAt + next[0] / frameRate - now();
            if (wait > 0) {
              timer = timers.setTimeout(play, wait);
              return;
            }
          }
          takeFrame();
          deliveredFrames += 1;
          const quotes = next[1].map((tuple) => toQuoteState(tuple, header.date));
          for (const quote of quotes) if (quote.time > position) position = quote.time;
          if (quotes.length > 0) onQuotes(quotes);
          afterFrame();
        }
      };
      play();
    },
    stop() {
      stopped = true;
      finish();
      // Let a reader waiting for room notice the stop and release the file.
      const wake = wakeReader;
      wakeReader = null;
      wake?.();
      recording.close();
    },
  };
}
