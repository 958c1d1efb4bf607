import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import type { StreamQuote } from '../../contract/market.ts';
import { encodeFrameLine, encodeHeaderLine, openRecording, type RecordedFrame } from '../../server/market/recording/format.ts';

// The shipped fixture is two simulated minutes: at 1× it ends before a long load test does,
// at max in well under a second. The load test plays it `loops` times back to back: each copy's
// offsets and quote times move on by the recording's span, and its cumulative volume and
// turnover carry on from where the previous copy ended, so the replayed stream stays a valid,
// monotonic recording (same format, same checks) rather than a special mode of the server.

const volume = 6;
const turnover = 7;
const time = 8;

/** The frames of copy `loop` (0 = the original): shifted in time, volumes carried on. */
export function shiftFrame(frame: RecordedFrame, loop: number, spanMs: number, carried: ReadonlyMap<string, [volume: number, turnover: number]>): RecordedFrame {
  if (loop === 0) return frame;
  const quotes = frame[1].map((quote) => {
    const shifted = [...quote] as StreamQuote;
    const [addVolume, addTurnover] = carried.get(quote[0]) ?? [0, 0];
    shifted[volume] = quote[volume] + loop * addVolume;
    shifted[turnover] = quote[turnover] + loop * addTurnover;
    if (quote[time] > 0) shifted[time] = quote[time] + loop * spanMs;
    return shifted;
  });
  return [frame[0] + loop * spanMs, quotes];
}

/** Span of one copy: the last offset plus the usual gap between frames, so copies do not land on the same instant. */
export function spanOf(offsets: readonly number[]): number {
  if (offsets.length === 0) return 1000;
  const last = offsets.at(-1)!;
  const gap = offsets.length > 1 ? Math.max(1, Math.round(last / (offsets.length - 1))) : 1000;
  return last + gap;
}

export interface LoopedRecording {
  instruments: string[];
  /** Frames and quotes in the whole looped file; the span of one copy in ms. */
  frames: number;
  quotes: number;
  spanMs: number;
}

/** Reads `source` once (it is small: a fixture or a day), writes `loops` copies to `target`. */
export async function loopRecording(source: string, target: string, loops: number): Promise<LoopedRecording> {
  const recording = await openRecording(source);
  const frames: RecordedFrame[] = [];
  try {
    for await (const frame of recording.frames) frames.push(frame);
  } finally {
    recording.close();
  }
  const { header } = recording;
  const spanMs = spanOf(frames.map((frame) => frame[0]));
  // What one copy adds to each instrument's cumulative volume and turnover: its last value less its initial one.
  const initial = new Map(header.initial.map((quote) => [quote[0], quote]));
  const carried = new Map<string, [number, number]>();
  for (const [, quotes] of frames) {
    for (const quote of quotes) {
      const before = initial.get(quote[0]);
      carried.set(quote[0], [Math.max(0, quote[volume] - (before?.[volume] ?? 0)), Math.max(0, quote[turnover] - (before?.[turnover] ?? 0))]);
    }
  }
  const gzip = createGzip({ level: 1 });
  const out = createWriteStream(target);
  gzip.pipe(out);
  const write = async (line: string) => {
    if (!gzip.write(line)) await once(gzip, 'drain');
  };
  await write(encodeHeaderLine(header));
  let quotes = 0;
  for (let loop = 0; loop < loops; loop++) {
    for (const frame of frames) {
      const [offset, shifted] = shiftFrame(frame, loop, spanMs, carried);
      quotes += shifted.length;
      await write(encodeFrameLine(offset, shifted));
    }
  }
  gzip.end();
  await once(out, 'close');
  return { instruments: header.instruments.map((spec) => spec.code), frames: frames.length * loops, quotes, spanMs };
}
