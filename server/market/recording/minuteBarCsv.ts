import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { createGunzip } from 'node:zlib';
import { istDayStartOf } from '../../../contract/calendar.ts';

// Reads minute-bar CSV files of the common shape `timestamp,symbol,open,high,low,close,volume`
// (ISO timestamps with +05:30; columns in any order, found by the header) as a stream: a
// year of bars for many symbols is hundreds of MB, so a file is read in chunks, split into
// lines and parsed a batch at a time, never loaded whole. Several files (each in time
// order) are merged by time with a k-way merge, so a conversion holds one batch per file.

export interface MinuteBar {
  symbol: string;
  /** Epoch ms of the minute's start. */
  time: number;
  /** IST day of the bar, YYYY-MM-DD. */
  day: string;
  /** Prices in paise (index points × 100 for indices). */
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** Where the bar came from (file name and 1-based line), for error messages. */
  file: string;
  line: number;
}

export const whereOf = (bar: Pick<MinuteBar, 'file' | 'line'>): string => `${bar.file}:${bar.line}`;

/** A row that is not a minute bar, or a file out of time order; names the file and line. */
export class MinuteBarError extends Error {
  constructor(where: string, detail: string) {
    super(`${where}: ${detail}`);
    this.name = 'MinuteBarError';
  }
}

const requiredColumns = ['timestamp', 'symbol', 'open', 'high', 'low', 'close', 'volume'] as const;
type Column = (typeof requiredColumns)[number];
const timestampPattern = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})\+05:30$/;
const volumePattern = /^\d{1,15}$/;

/** Parses rows of one file; keeps the column positions and a one-day memo of IST midnight. */
export class MinuteBarParser {
  private columns: Record<Column, number> | null = null;
  private memoDay = '';
  private memoDayStart = 0;
  private previousTime = Number.NEGATIVE_INFINITY;

  constructor(readonly file: string) {}

  /** Parses one line (1-based `lineNumber`); returns null for the header and blank lines. */
  parse(line: string, lineNumber: number): MinuteBar | null {
    let trimmed = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (lineNumber === 1 && trimmed.charCodeAt(0) === 0xfeff) trimmed = trimmed.slice(1); // a byte-order mark
    if (trimmed.trim() === '') return null;
    const fields = trimmed.includes('"') ? trimmed.split(',').map((field) => field.trim().replace(/^"|"$/g, '')) : trimmed.split(',');
    const where = () => `${this.file}:${lineNumber}`;
    if (!this.columns) {
      this.columns = columnsOf(fields, where());
      return null;
    }
    const columns = this.columns;
    const timestamp = (fields[columns.timestamp] ?? '').trim();
    const match = timestampPattern.exec(timestamp);
    if (!match) throw new MinuteBarError(where(), `timestamp ${timestamp} is not ISO with +05:30 (e.g. 2019-01-01T09:15:00+05:30)`);
    const day = match[1]!;
    if (day !== this.memoDay) {
      this.memoDay = day;
      this.memoDayStart = istDayStartOf(day);
    }
    const time = this.memoDayStart + ((+match[2]! * 60 + +match[3]!) * 60 + +match[4]!) * 1000;
    if (time < this.previousTime) throw new MinuteBarError(where(), `timestamp ${timestamp} is before the previous row's: a file must be in time order`);
    this.previousTime = time;
    const volumeText = (fields[columns.volume] ?? '').trim();
    if (!volumePattern.test(volumeText)) throw new MinuteBarError(where(), `volume ${volumeText} is not a whole number`);
    const symbol = (fields[columns.symbol] ?? '').trim();
    if (symbol === '') throw new MinuteBarError(where(), 'symbol is empty');
    const bar: MinuteBar = {
      symbol, time, day,
      open: priceField(fields, columns.open, 'open', where),
      high: priceField(fields, columns.high, 'high', where),
      low: priceField(fields, columns.low, 'low', where),
      close: priceField(fields, columns.close, 'close', where),
      volume: +volumeText,
      file: this.file,
      line: lineNumber,
    };
    if (bar.low > Math.min(bar.open, bar.close) || bar.high < Math.max(bar.open, bar.close)) {
      throw new MinuteBarError(where(), 'open and close must lie between low and high');
    }
    return bar;
  }
}

function priceField(fields: readonly string[], column: number, name: string, where: () => string): number {
  const text = fields[column] ?? '';
  const paise = paiseOfRupeeText(text);
  if (paise <= 0) throw new MinuteBarError(where(), `${name} ${text.trim()} is not a positive price of rupees and paise (at most 2 decimals)`);
  return paise;
}

/**
 * Rupees as written ("1136.75", "290", "10881.7", " 12.50 ") to integer paise, digit by digit:
 * no float on the way, and (this runs four times a bar) no bigint either; a price is far
 * below 2^53 paise. Returns -1 for anything that is not such a number, or finer than a paisa.
 */
export function paiseOfRupeeText(text: string): number {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 32) start++;
  while (end > start && text.charCodeAt(end - 1) === 32) end--;
  let whole = 0;
  let wholeDigits = 0;
  let index = start;
  for (; index < end; index++) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) break;
    whole = whole * 10 + digit;
    wholeDigits++;
  }
  if (wholeDigits === 0 || wholeDigits > 13) return -1;
  if (index === end) return whole * 100;
  if (text.charCodeAt(index) !== 46) return -1; // '.'
  let fraction = 0;
  let fractionDigits = 0;
  for (index++; index < end; index++) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    // Trailing zeros beyond the paisa are fine ("1136.7500"); other digits there are not.
    if (fractionDigits >= 2) {
      if (digit !== 0) return -1;
    } else fraction = fraction * 10 + digit;
    fractionDigits++;
  }
  if (fractionDigits === 0) return -1;
  return whole * 100 + (fractionDigits === 1 ? fraction * 10 : fraction);
}

function columnsOf(fields: string[], where: string): Record<Column, number> {
  const names = fields.map((field) => field.trim().toLowerCase());
  const columns = {} as Record<Column, number>;
  for (const column of requiredColumns) {
    const index = names.indexOf(column);
    if (index < 0) throw new MinuteBarError(where, `the header needs the columns ${requiredColumns.join(',')}; got ${fields.join(',')}`);
    columns[column] = index;
  }
  return columns;
}

/** The bars of one CSV file (`.csv` or `.csv.gz`), in batches of about one read chunk. */
export async function* readBarFile(path: string): AsyncGenerator<MinuteBar[]> {
  const parser = new MinuteBarParser(basename(path));
  const file = createReadStream(path, { highWaterMark: 256 * 1024 });
  const input = path.endsWith('.gz') ? file.pipe(createGunzip()) : file;
  file.on('error', (error) => input.destroy(error));
  input.setEncoding('utf8');
  let rest = '';
  let lineNumber = 0;
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      const text = rest + chunk;
      const lines = text.split('\n');
      rest = lines.pop()!;
      const batch: MinuteBar[] = [];
      for (const line of lines) {
        lineNumber += 1;
        const bar = parser.parse(line, lineNumber);
        if (bar) batch.push(bar);
      }
      if (batch.length > 0) yield batch;
    }
    lineNumber += 1;
    const last = parser.parse(rest, lineNumber);
    if (last) yield [last];
  } finally {
    file.destroy();
  }
}

interface Cursor {
  batch: MinuteBar[];
  index: number;
  order: number;
  source: AsyncGenerator<MinuteBar[]>;
}

/**
 * Merges time-ordered bar files into one time-ordered stream (k-way merge on a binary
 * heap of file cursors; ties in file order, so a minute's bars keep the files' order),
 * yielded in batches of up to `batchSize` bars: one await per batch, not per bar.
 */
export async function* mergeBarFiles(paths: readonly string[], batchSize = 4096): AsyncGenerator<MinuteBar[]> {
  const heap: Cursor[] = [];
  const before = (a: Cursor, b: Cursor) => {
    const timeA = a.batch[a.index]!.time;
    const timeB = b.batch[b.index]!.time;
    return timeA < timeB || (timeA === timeB && a.order < b.order);
  };
  const push = (cursor: Cursor) => {
    heap.push(cursor);
    let at = heap.length - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!before(heap[at]!, heap[parent]!)) break;
      [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
      at = parent;
    }
  };
  const siftDown = () => {
    let at = 0;
    for (;;) {
      const left = at * 2 + 1;
      const right = left + 1;
      let smallest = at;
      if (left < heap.length && before(heap[left]!, heap[smallest]!)) smallest = left;
      if (right < heap.length && before(heap[right]!, heap[smallest]!)) smallest = right;
      if (smallest === at) return;
      [heap[at], heap[smallest]] = [heap[smallest]!, heap[at]!];
      at = smallest;
    }
  };
  const sources = paths.map((path) => readBarFile(path));
  try {
    for (const [order, source] of sources.entries()) {
      const first = await source.next();
      if (!first.done) push({ batch: first.value, index: 0, order, source });
    }
    let out: MinuteBar[] = [];
    while (heap.length > 0) {
      const cursor = heap[0]!;
      out.push(cursor.batch[cursor.index]!);
      if (out.length >= batchSize) {
        yield out;
        out = [];
      }
      cursor.index += 1;
      if (cursor.index === cursor.batch.length) {
        const next = await cursor.source.next();
        if (next.done) {
          const last = heap.pop()!;
          if (heap.length === 0) break;
          heap[0] = last;
        } else {
          cursor.batch = next.value;
          cursor.index = 0;
        }
      }
      siftDown();
    }
    if (out.length > 0) yield out;
  } finally {
    await Promise.all(sources.map((source) => source.return(undefined)));
  }
}
