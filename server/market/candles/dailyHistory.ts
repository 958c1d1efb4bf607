import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gaussianFrom } from '../gaussian.ts';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { dayMs, istDay, istDayNumber, istDayNumberStart, istDayStartOf, isTradingDayNumber } from '../../../contract/calendar.ts';
import type { Bar } from './buckets.ts';

// Daily history per instrument: the real NSE daily bars where the shared data folder has
// them (forward-adjusted for splits and bonuses, see corporateActions.ts), continued by
// a deterministic simulated random walk up to the trading day before today, so that the
// live simulator can start from yesterday's close. Instruments without a real file get
// one simulated year. Prices are integer minor units (paise); bar times are IST midnight.

/** Per-day log-return volatility of the simulated walk (about 24 % a year). */
const dailyVolatility = 0.015;
/** Overnight gap between the previous close and the open. */
const gapVolatility = 0.004;
/** How far the day's range reaches beyond the open and the close. */
const wickVolatility = 0.006;
const simulatedTickMinor = 5;
/** Histories kept in memory; others are rebuilt (deterministically, the same bars) when asked again. */
const seriesCacheCodesMax = 256;
const realFileCacheMax = 500;
const realFilePattern = /^\d{4}-\d{2}-\d{2}_to_\d{4}-\d{2}-\d{2}\.csv$/;

const realFiles = new Map<string, readonly Bar[] | null>();
const folderListings = new Map<string, string[]>();

/** Minor units from a decimal string such as "1078.9" (→ 107890), without a float on the way. */
export function parseMinorUnits(text: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The real daily bars of `code` from `<dataDir>/daily/<CODE>_<from>_to_<to>.csv`, oldest first; null when there is no file. Cached per process. */
export function loadDailyBars(code: string, dataDir: string): readonly Bar[] | null {
  const key = `${dataDir}\u0000${code}`;
  const cached = realFiles.get(key);
  if (cached !== undefined) return cached;
  const folder = join(dataDir, 'daily');
  let listing = folderListings.get(folder);
  if (!listing) {
    listing = existsSync(folder) ? readdirSync(folder) : [];
    folderListings.set(folder, listing);
  }
  const prefix = `${code}_`;
  const name = listing.find((file) => file.startsWith(prefix) && realFilePattern.test(file.slice(prefix.length)));
  const bars = name ? parseDailyCsv(readFileSync(join(folder, name), 'utf8'), name) : null;
  if (realFiles.size >= realFileCacheMax) realFiles.delete(realFiles.keys().next().value!);
  realFiles.set(key, bars);
  return bars;
}

function parseDailyCsv(text: string, fileName: string): Bar[] {
  const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
  const header = lines[0]?.split(',') ?? [];
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`${fileName}: no ${name} column`);
    return index;
  };
  const at = { time: column('timestamp'), o: column('open'), h: column('high'), l: column('low'), c: column('close'), v: column('volume') };
  let lineIndex = 0;
  const fail = (what: string): never => {
    throw new Error(`${fileName}:${lineIndex + 1}: ${what}`);
  };
  const price = (cells: string[], index: number) => parseMinorUnits(cells[index] ?? '') ?? fail(`bad price "${cells[index]}"`);
  const bars: Bar[] = [];
  for (lineIndex = 1; lineIndex < lines.length; lineIndex++) {
    const cells = lines[lineIndex]!.split(',');
    // "2020-10-01 00:00:00+05:30": the IST calendar day is the first ten characters.
    const t = istDayStartOf((cells[at.time] ?? '').slice(0, 10));
    const volumeText = cells[at.v] ?? '';
    if (!/^\d{1,15}$/.test(volumeText)) fail(`bad volume "${volumeText}"`);
    if (bars.length > 0 && bars[bars.length - 1]!.t >= t) fail('days out of order');
    bars.push({ t, o: price(cells, at.o), h: price(cells, at.h), l: price(cells, at.l), c: price(cells, at.c), v: Number(volumeText) });
  }
  return bars;
}

export interface HistoryOptions {
  /** Folder holding daily/ (see sharedDataDir()); null: every history is simulated. */
  dataDir: string | null;
  seed: number;
  codes: readonly string[];
  /** Starting prices (minor units) for codes without a real file; others get one from their code. */
  basePrices?: ReadonlyMap<string, number>;
  /** Today's IST day, YYYY-MM-DD: history ends on the trading day before it. */
  today: string;
}

export interface DailyHistory {
  readonly codes: readonly string[];
  /** Forward-adjusted daily bars, oldest first, ending the trading day before today; empty for unknown codes. */
  bars(code: string): readonly Bar[];
  /** Close of the last bar, where the live simulator starts. */
  lastClose(code: string): number;
  /** Last IST day of real data, or null when the whole history is simulated. */
  realUntil(code: string): string | null;
}

interface Series {
  bars: readonly Bar[];
  realUntil: string | null;
}

export function createHistory(options: HistoryOptions): DailyHistory {
  const known = new Set(options.codes);
  const todayStart = istDayStartOf(options.today);
  const cache = new Map<string, Series>(); // insertion order = least recently used first
  const lastCloses = new Map<string, number>();
  const realUntils = new Map<string, string | null>();

  function build(code: string): Series {
    const real = (options.dataDir ? loadDailyBars(code, options.dataDir) : null)?.filter((bar) => bar.t < todayStart) ?? [];
    const rng = xoroshiro128plus(seedFor(options.seed, code));
    const lastReal = real[real.length - 1];
    if (lastReal) {
      const recent = real.slice(-20);
      const meanVolume = recent.reduce((sum, bar) => sum + bar.v, 0) / recent.length;
      const continuation = simulateDays(rng, tradingDaysBetween(lastReal.t + dayMs, todayStart), lastReal.c, meanVolume);
      return { bars: [...real, ...continuation], realUntil: istDay(lastReal.t) };
    }
    // One year: the days after the same date a year ago (29 February rolls to 1 March).
    const start = istDayStartOf(`${Number(options.today.slice(0, 4)) - 1}${options.today.slice(4)}`) + dayMs;
    const basePrice = options.basePrices?.get(code) ?? priceFromCode(code);
    // Turnover of ₹1 crore to ₹100 crore a day, from the code, sets the share volume.
    const turnoverRupees = 10 ** (7 + 2 * (hashCode(`${code}/turnover`) % 1000) / 1000);
    const meanVolume = Math.max(100, (turnoverRupees * 100) / basePrice);
    return { bars: simulateDays(rng, tradingDaysBetween(start, todayStart), basePrice, meanVolume), realUntil: null };
  }

  function series(code: string): Series | null {
    if (!known.has(code)) return null;
    const cached = cache.get(code);
    if (cached) {
      cache.delete(code);
      cache.set(code, cached);
      return cached;
    }
    const built = build(code);
    cache.set(code, built);
    if (cache.size > seriesCacheCodesMax) cache.delete(cache.keys().next().value!);
    lastCloses.set(code, built.bars[built.bars.length - 1]?.c ?? options.basePrices?.get(code) ?? priceFromCode(code));
    realUntils.set(code, built.realUntil);
    return built;
  }

  return {
    codes: options.codes,
    bars: (code) => series(code)?.bars ?? [],
    lastClose(code) {
      const close = lastCloses.get(code);
      if (close !== undefined) return close;
      if (!series(code)) throw new Error(`no daily history for ${code}`);
      return lastCloses.get(code)!;
    },
    realUntil(code) {
      if (!realUntils.has(code)) series(code);
      return realUntils.get(code) ?? null;
    },
  };
}

type Rng = ReturnType<typeof xoroshiro128plus>;

/** A random walk of daily bars on the given days, starting from `previousClose`. */
function simulateDays(rng: Rng, days: readonly number[], previousClose: number, meanVolume: number): Bar[] {
  const normal = gaussianFrom(() => uniformFloat64(rng));
  const bars: Bar[] = [];
  let close = previousClose;
  for (const t of days) {
    const open = roundToTick(close * Math.exp(gapVolatility * normal()));
    const next = roundToTick(close * Math.exp(dailyVolatility * normal()));
    const high = Math.max(open, next, roundToTick(Math.max(open, next) * Math.exp(Math.abs(wickVolatility * normal()))));
    const low = Math.min(open, next, roundToTick(Math.min(open, next) * Math.exp(-Math.abs(wickVolatility * normal()))));
    const volume = Math.max(1, Math.round(meanVolume * Math.exp(0.4 * normal() - 0.08)));
    bars.push({ t, o: open, h: high, l: low, c: next, v: volume });
    close = next;
  }
  return bars;
}

function roundToTick(price: number): number {
  return Math.max(simulatedTickMinor, Math.round(price / simulatedTickMinor) * simulatedTickMinor);
}

/** IST-midnight times of the NSE trading days in [from, until). */
function tradingDaysBetween(from: number, until: number): number[] {
  const days: number[] = [];
  for (let dayNumber = istDayNumber(from); dayNumber < istDayNumber(until); dayNumber++) {
    if (isTradingDayNumber(dayNumber)) days.push(istDayNumberStart(dayNumber));
  }
  return days;
}

function hashCode(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619) >>> 0;
  return hash;
}

function seedFor(seed: number, code: string): number {
  return (Math.imul(seed | 0, 0x9e3779b1) ^ hashCode(code)) | 0;
}

/** A starting price from the code alone: ₹20 to ₹5,000, log-uniform, on a 5-paise tick. */
export function priceFromCode(code: string): number {
  const rupees = 20 * 250 ** ((hashCode(code) % 10_000) / 10_000);
  return roundToTick(rupees * 100);
}
