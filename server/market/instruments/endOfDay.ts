import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { istDayStartOf } from '../../../contract/calendar.ts';
import type { Bar } from '../candles/buckets.ts';
import { parseMinorUnits } from '../candles/dailyHistory.ts';

// NSE's end-of-day prices of every traded security on one session (../shared/data/eod/
// <YYYY-MM-DD>.csv: SYMBOL, TIMESTAMP, OPEN, HIGH, LOW, CLOSE, VOLUME), read at run time
// from the shared data folder and never copied into the repository. The latest file of the
// folder is the session the market starts from; it is parsed once per process and folder.

export interface EndOfDay {
  /** IST day of the session, YYYY-MM-DD. */
  day: string;
  /** The session's bar per symbol, minor units; `t` is the day's IST midnight. */
  bars: ReadonlyMap<string, Bar>;
}

const filePattern = /^(\d{4}-\d{2}-\d{2})\.csv$/;
const parsed = new Map<string, EndOfDay | null>();

/** The latest end-of-day file of `<dataDir>/eod/`, or null when there is none (no folder, no file). A malformed file is an error. */
export function loadEndOfDay(dataDir: string | null): EndOfDay | null {
  if (!dataDir) return null;
  const cached = parsed.get(dataDir);
  if (cached !== undefined) return cached;
  const folder = join(dataDir, 'eod');
  const latest = existsSync(folder) ? readdirSync(folder).filter((name) => filePattern.test(name)).sort().at(-1) : undefined;
  const endOfDay = latest ? parseEndOfDay(readFileSync(join(folder, latest), 'utf8'), latest.slice(0, 10), latest) : null;
  parsed.set(dataDir, endOfDay);
  return endOfDay;
}

export function parseEndOfDay(text: string, day: string, fileName: string): EndOfDay {
  const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
  const header = (lines[0] ?? '').replace(/^\uFEFF/, '').split(',').map((cell) => cell.trim().toUpperCase());
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`${fileName}: no ${name} column`);
    return index;
  };
  const at = { symbol: column('SYMBOL'), o: column('OPEN'), h: column('HIGH'), l: column('LOW'), c: column('CLOSE'), v: column('VOLUME') };
  const t = istDayStartOf(day);
  const bars = new Map<string, Bar>();
  for (let lineIndex = 1; lineIndex < lines.length; lineIndex++) {
    const cells = lines[lineIndex]!.split(',');
    const fail = (what: string): never => {
      throw new Error(`${fileName}:${lineIndex + 1}: ${what}`);
    };
    const price = (index: number) => parseMinorUnits(stripTrailingZeros(cells[index] ?? '')) ?? fail(`bad price "${cells[index]}"`);
    const symbol = (cells[at.symbol] ?? '').trim();
    const volumeText = (cells[at.v] ?? '').trim();
    if (!/^[A-Z0-9&\-_.]{1,20}$/.test(symbol)) fail(`bad symbol "${symbol}"`);
    if (!/^\d{1,15}$/.test(volumeText)) fail(`bad volume "${volumeText}"`);
    const bar: Bar = { t, o: price(at.o), h: price(at.h), l: price(at.l), c: price(at.c), v: Number(volumeText) };
    // A session that did not trade, or a row whose range does not hold its open and close, is no price to start from.
    if (bar.l <= 0 || bar.h < Math.max(bar.o, bar.c) || bar.l > Math.min(bar.o, bar.c)) continue;
    bars.set(symbol, bar);
  }
  return { day, bars };
}

/** "1038.0" and "52.310" carry no more than paise. */
function stripTrailingZeros(text: string): string {
  const trimmed = text.trim();
  return trimmed.includes('.') ? trimmed.replace(/0+$/, '').replace(/\.$/, '') : trimmed;
}
