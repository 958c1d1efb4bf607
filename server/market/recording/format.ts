import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import { currencies, exchanges, instrumentKinds, type StreamQuote } from '../../../contract/market.ts';
import type { InstrumentSpec } from '../model.ts';

// The one file format for recorded tick streams (docs/recording-format.md):
// gzip-compressed JSON Lines.
//
//   line 1     header   { format: 'ledgerline-ticks', version: 1, recordedFrom, date, lastDate?, calendar,
//                         startedAt, instruments: InstrumentSpec[], initial: StreamQuote[] }
//   line 2...  frame    [offsetMs, StreamQuote[]]   offsetMs = frame.sentAt − startedAt
//
// A frame line holds exactly what the server published in one TickFrame (the
// instruments that changed), so replaying a recording restores the published stream,
// high and low included. Offsets never decrease; quotes keep their recorded times.

export const recordingFormatName = 'ledgerline-ticks';
export const recordingFormatVersion = 1;

const safeInt = z.number().int();
const nonNegativeInt = safeInt.nonnegative();

export const instrumentSpecSchema = z.object({
  code: z.string().min(1),
  name: z.string(),
  isin: z.string().nullable(),
  exchange: z.enum(exchanges),
  currency: z.enum(currencies),
  kind: z.enum(instrumentKinds),
  industry: z.string().nullable(),
  lot: z.number().int().positive(),
  tickMinor: z.number().int().positive(),
  bandPercent: z.number().positive().nullable(),
  shares: z.number().nonnegative().nullable(),
  constituents: z.array(z.object({ code: z.string(), weight: z.number() })).nullable(),
  beta: z.number(),
  tracks: z.string().nullable().optional(),
}) satisfies z.ZodType<InstrumentSpec>;

/** [code, last, open, prevClose, high, low, volume, turnover, time, shortVolume], integers. */
export const streamQuoteSchema = z.tuple([
  z.string().min(1),
  nonNegativeInt, nonNegativeInt, nonNegativeInt, nonNegativeInt, nonNegativeInt,
  nonNegativeInt, nonNegativeInt, nonNegativeInt, nonNegativeInt,
]) satisfies z.ZodType<StreamQuote>;

export const recordingHeaderSchema = z.object({
  format: z.literal(recordingFormatName),
  version: z.literal(recordingFormatVersion),
  /** Who produced the stream: the simulator, a conversion of NSE minute bars, or a running server. */
  recordedFrom: z.enum(['simulator', 'nse-minute-bars', 'server']),
  /** First IST trading day the recording covers. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Last IST trading day the recording covers, when it spans several (optional: version 1 readers ignore it). */
  lastDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  calendar: z.enum(['always_open', 'ist']),
  /** Epoch ms that frame offsets count from. */
  startedAt: nonNegativeInt,
  instruments: z.array(instrumentSpecSchema).min(1),
  /** Every instrument's quote before the first frame (time 0 = no trade yet). */
  initial: z.array(streamQuoteSchema),
});
export type RecordingHeader = z.infer<typeof recordingHeaderSchema>;

export const frameLineSchema = z.tuple([nonNegativeInt, z.array(streamQuoteSchema)]);
/** One recorded frame: milliseconds after `startedAt`, and the quotes published in it. */
export type RecordedFrame = [offsetMs: number, quotes: StreamQuote[]];

/** A recording that does not follow the format; `line` is 1-based (line 1 is the header). */
export class RecordingFormatError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    detail: string,
  ) {
    super(`${file}: line ${line}: ${detail}`);
    this.name = 'RecordingFormatError';
  }
}

export function encodeHeaderLine(header: RecordingHeader): string {
  return `${JSON.stringify(header)}\n`;
}

export function encodeFrameLine(offsetMs: number, quotes: readonly StreamQuote[]): string {
  return `${JSON.stringify([offsetMs, quotes])}\n`;
}

function parseJson(text: string, file: string, line: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new RecordingFormatError(file, line, `not JSON (${(error as Error).message})`);
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(line)'}: ${issue.message}`)
    .join('; ');
}

export function parseHeaderLine(text: string, file = 'recording'): RecordingHeader {
  const result = recordingHeaderSchema.safeParse(parseJson(text, file, 1));
  if (!result.success) throw new RecordingFormatError(file, 1, `invalid header: ${describeIssues(result.error)}`);
  const codes = new Set(result.data.instruments.map((spec) => spec.code));
  for (const quote of result.data.initial) {
    if (!codes.has(quote[0])) throw new RecordingFormatError(file, 1, `initial quote for ${quote[0]}, which is not among the instruments`);
  }
  return result.data;
}

export function parseFrameLine(text: string, line: number, file = 'recording'): RecordedFrame {
  const value = parseJson(text, file, line);
  // The hand-written check accepts exactly what frameLineSchema accepts and runs for every
  // frame of a replay (several times faster than the schema, with far less garbage); the
  // schema describes a frame it refuses.
  if (isFrameLine(value)) return value;
  const result = frameLineSchema.safeParse(value);
  if (result.success) return result.data;
  throw new RecordingFormatError(file, line, `invalid frame: ${describeIssues(result.error)}`);
}

const isNonNegativeInteger = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;

function isFrameLine(value: unknown): value is RecordedFrame {
  if (!Array.isArray(value) || value.length !== 2 || !isNonNegativeInteger(value[0])) return false;
  const quotes: unknown = value[1];
  if (!Array.isArray(quotes)) return false;
  for (const quote of quotes as unknown[]) {
    if (!Array.isArray(quote) || quote.length !== 10 || typeof quote[0] !== 'string' || quote[0].length === 0) return false;
    for (let field = 1; field < 10; field++) if (!isNonNegativeInteger(quote[field])) return false;
  }
  return true;
}

export interface RecordingReader {
  header: RecordingHeader;
  /**
   * The frames in file order, validated one line at a time as they are read (the file is
   * streamed, never loaded whole). Throws a RecordingFormatError naming the line for a
   * malformed frame, an offset that goes backwards or a code that is not an instrument.
   */
  frames: AsyncIterableIterator<RecordedFrame>;
  /** Stops reading and releases the file. */
  close(): void;
}

/** Opens a recording: reads and validates the header line, then streams the frames. */
export async function openRecording(path: string): Promise<RecordingReader> {
  const file = createReadStream(path);
  const gunzip = createGunzip();
  let streamError: Error | null = null;
  const lines = createInterface({ input: file.pipe(gunzip), crlfDelay: Infinity });
  // pipe() does not pass a failure on: end the line reader ourselves, or it waits forever.
  const remember = (error: Error) => {
    streamError ??= error;
    lines.close();
  };
  file.on('error', remember);
  gunzip.on('error', remember);
  const iterator = lines[Symbol.asyncIterator]();
  const close = () => {
    lines.close();
    file.destroy();
    gunzip.destroy();
  };
  // The line reader just ends when its input fails; surface the cause instead of a short recording.
  const failure = () => {
    const error = streamError as Error | null;
    if (!error) return null;
    const code = (error as NodeJS.ErrnoException).code;
    const truncated = code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR' || /unexpected end of file|incorrect header/i.test(error.message);
    return truncated ? new RecordingFormatError(path, lineNumber + 1, `not a complete gzip stream (${error.message})`) : error;
  };

  let lineNumber = 0;
  /** The next line, or null at the end; input failures become errors that say where the file broke. */
  const nextLine = async (): Promise<string | null> => {
    const next = await iterator.next().catch((error: Error) => {
      remember(error);
      return null;
    });
    const error = failure();
    if (error) throw error;
    if (!next || next.done) return null;
    lineNumber += 1;
    return next.value;
  };

  let header: RecordingHeader;
  try {
    const first = await nextLine();
    if (first === null) throw new RecordingFormatError(path, 1, 'empty recording: the header line is missing');
    header = parseHeaderLine(first, path);
  } catch (error) {
    close();
    throw error;
  }
  const codes = new Set(header.instruments.map((spec) => spec.code));

  async function* frames(): AsyncGenerator<RecordedFrame> {
    let previousOffset = 0;
    try {
      while (true) {
        const text = await nextLine();
        if (text === null) return;
        if (text.trim() === '') continue;
        const frame = parseFrameLine(text, lineNumber, path);
        if (frame[0] < previousOffset) {
          throw new RecordingFormatError(path, lineNumber, `offset ${frame[0]} ms is before the previous frame's ${previousOffset} ms`);
        }
        for (const quote of frame[1]) {
          if (!codes.has(quote[0])) throw new RecordingFormatError(path, lineNumber, `quote for ${quote[0]}, which is not among the instruments`);
        }
        previousOffset = frame[0];
        yield frame;
      }
    } finally {
      close();
    }
  }
  return { header, frames: frames(), close };
}
