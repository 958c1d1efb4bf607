import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gaussianFrom } from '../gaussian.ts';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { dayMs, istDay, istDayNumber, istDayNumberStart, istDayStartOf, isTradingDayNumber } from '../../../contract/calendar.ts';
import type { EndOfDay } from '../instruments/endOfDay.ts';
import type { Bar } from './buckets.ts';

// Daily history per instrument, prices in integer minor units (paise), bar times IST midnight.
// - Real bars first: the NSE five-year daily files of ../shared/data/daily (NIFTY 50 members,
//   forward-adjusted for splits and bonuses, see corporateActions.ts), and the end-of-day
//   session of ../shared/data/eod (every traded security, 30 Sep 2025; instruments/endOfDay.ts).
// - From the last real session to the trading day before today: a seeded simulated walk
//   pinned at both ends to the real close (a Brownian bridge in log price), so the live
//   simulator starts from the REAL close while realUntil stays the real day and the app
//   labels the later bars simulated.
// - Before a lone end-of-day session: a simulated year pinned to end at its real open, so
//   charts are continuous.
// - Instruments without real data: a simulated year ending at a simulated level (the given
//   base price, else one derived from the code); realUntil null marks the level simulated.
// Each walk moves with the instrument's volatility (Parkinson, from the real day ranges,
// bounded to 0.8 %–5 % a day; 1.5 % without data) and its mean volume is the real volume.
// Level, volatility and volume are known without building the bars (profile()), so opening
// the market is cheap; bars are built when a chart asks and kept for the most recent codes.

/** Per-day log-return volatility of the simulated walk (about 24 % a year). */
const simulatedDailyVolatility = 0.015;
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
  /** Folder holding daily/ (see sharedDataDir()); null: no five-year files. */
  dataDir: string | null;
  /** One real session of every traded security (instruments/endOfDay.ts); null or absent: none. */
  endOfDay?: EndOfDay | null;
  seed: number;
  codes: readonly string[];
  /** Starting prices (minor units) for codes without real data; others get one from their code. */
  basePrices?: ReadonlyMap<string, number>;
  /** Today's IST day, YYYY-MM-DD: history ends on the trading day before it. */
  today: string;
}

/** What the live simulator needs of an instrument, known without building its bars. */
export interface HistoryProfile {
  /** Close of the last bar, where the live simulator starts, minor units. */
  lastClose: number;
  /** Daily log-return volatility: from the real day ranges where there are any, else the simulated default. */
  dailyVolatility: number;
  /** Mean shares a day: the real volume where there is one, else a turnover derived from the code. */
  dailyVolume: number;
  /** Last IST day of real data, or null when the whole history (and so the price level) is simulated. */
  realUntil: string | null;
}

export interface DailyHistory {
  readonly codes: readonly string[];
  /** Forward-adjusted daily bars, oldest first, ending the trading day before today; empty for unknown codes. */
  bars(code: string): readonly Bar[];
  /** Close of the last bar, where the live simulator starts. */
  lastClose(code: string): number;
  /** Last IST day of real data, or null when the whole history is simulated. */
  realUntil(code: string): string | null;
  /** Level, volatility and volume of `code`, without building its bars. */
  profile(code: string): HistoryProfile;
}

interface Series {
  bars: readonly Bar[];
  realUntil: string | null;
}

export function createHistory(options: HistoryOptions): DailyHistory {
  const known = new Set(options.codes);
  const todayStart = istDayStartOf(options.today);
  const yearAgoStart = istDayStartOf(`${Number(options.today.slice(0, 4)) - 1}${options.today.slice(4)}`) + dayMs;
  const cache = new Map<string, Series>(); // insertion order = least recently used first
  const profiles = new Map<string, HistoryProfile & { real: readonly Bar[] }>();

  /** The real bars of `code` before today: its five-year file, then the end-of-day session when that is later. */
  function realBars(code: string): readonly Bar[] {
    const daily = (options.dataDir ? loadDailyBars(code, options.dataDir) : null)?.filter((bar) => bar.t < todayStart) ?? [];
    const session = options.endOfDay?.bars.get(code);
    if (session && session.t < todayStart && (daily.length === 0 || daily[daily.length - 1]!.t < session.t)) return [...daily, session];
    return daily;
  }

  function profileOf(code: string) {
    const cached = profiles.get(code);
    if (cached) return cached;
    const real = realBars(code);
    const last = real[real.length - 1];
    let profile: HistoryProfile & { real: readonly Bar[] };
    if (last) {
      const recent = real.slice(-20);
      profile = {
        real, lastClose: last.c, realUntil: istDay(last.t), dailyVolatility: parkinsonVolatility(recent),
        dailyVolume: Math.max(1, recent.reduce((sum, bar) => sum + bar.v, 0) / recent.length),
      };
    } else {
      const basePrice = options.basePrices?.get(code) ?? priceFromCode(code);
      // Turnover of ₹1 crore to ₹100 crore a day, from the code, sets the share volume.
      const turnoverRupees = 10 ** (7 + (2 * (hashCode(`${code}/turnover`) % 1000)) / 1000);
      profile = { real, lastClose: basePrice, realUntil: null, dailyVolatility: simulatedDailyVolatility, dailyVolume: Math.max(100, (turnoverRupees * 100) / basePrice) };
    }
    profiles.set(code, profile);
    return profile;
  }

  function build(code: string): Series {
    const { real, lastClose, dailyVolatility, dailyVolume, realUntil } = profileOf(code);
    const rng = xoroshiro128plus(seedFor(options.seed, code));
    const walk = { volatility: dailyVolatility, meanVolume: dailyVolume };
    const first = real[0];
    if (!first) {
      // One simulated year (the days after the same date a year ago; 29 February rolls to 1 March), ending at the simulated start.
      return { bars: pinnedWalk(rng, tradingDaysBetween(yearAgoStart, todayStart), { ...walk, from: null, to: lastClose }), realUntil };
    }
    // Before a lone real session: a simulated year ending at its open, so the chart is continuous.
    const before = real.length === 1 ? pinnedWalk(rng, tradingDaysBetween(first.t - 365 * dayMs, first.t), { ...walk, from: null, to: first.o }) : [];
    // After the last real session up to yesterday: a bridge that returns to the real close, where the live market starts.
    const after = pinnedWalk(rng, tradingDaysBetween(real[real.length - 1]!.t + dayMs, todayStart), { ...walk, from: lastClose, to: lastClose });
    return { bars: [...before, ...real, ...after], realUntil };
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
    return built;
  }

  const knownProfile = (code: string) => {
    if (!known.has(code)) throw new Error(`no daily history for ${code}`);
    return profileOf(code);
  };
  return {
    codes: options.codes,
    bars: (code) => series(code)?.bars ?? [],
    lastClose: (code) => knownProfile(code).lastClose,
    realUntil: (code) => (known.has(code) ? profileOf(code).realUntil : null),
    profile(code) {
      const { real: _real, ...profile } = knownProfile(code);
      return profile;
    },
  };
}

type Rng = ReturnType<typeof xoroshiro128plus>;

interface Walk {
  volatility: number;
  meanVolume: number;
  /** Close before the first day; null: only the end is pinned (the walk is placed so that it ends at `to`). */
  from: number | null;
  /** Close of the last day, exactly. */
  to: number;
}

/**
 * Daily bars on the given days whose log closes are a random walk pinned at its ends: with
 * `from`, a Brownian bridge from `from` to `to` (W_k − k/N·W_N plus the straight line); without,
 * the same walk shifted to end at `to`. The last close is `to` exactly (a real close may lie
 * off the 5-paise tick); the others are rounded to the tick. Opens gap from the previous
 * close, wicks reach beyond the body, both in proportion to the volatility.
 */
function pinnedWalk(rng: Rng, days: readonly number[], walk: Walk): Bar[] {
  const count = days.length;
  if (count === 0) return [];
  const normal = gaussianFrom(() => uniformFloat64(rng));
  const steps = Array.from({ length: count }, () => walk.volatility * normal());
  const total = steps.reduce((sum, step) => sum + step, 0);
  const endLog = Math.log(walk.to);
  const startLog = walk.from === null ? endLog - total : Math.log(walk.from);
  const gap = walk.volatility * (gapVolatility / simulatedDailyVolatility);
  const wick = walk.volatility * (wickVolatility / simulatedDailyVolatility);
  const bars: Bar[] = [];
  let cumulative = 0;
  let close = Math.exp(startLog);
  for (let index = 0; index < count; index++) {
    cumulative += steps[index]!;
    const share = (index + 1) / count;
    const log = walk.from === null ? startLog + cumulative : startLog + cumulative - share * total + share * (endLog - startLog);
    const next = index === count - 1 ? walk.to : roundToTick(Math.exp(log));
    const open = roundToTick(close * Math.exp(gap * normal()));
    const high = Math.max(open, next, roundToTick(Math.max(open, next) * Math.exp(Math.abs(wick * normal()))));
    const low = Math.min(open, next, roundToTick(Math.min(open, next) * Math.exp(-Math.abs(wick * normal()))));
    const volume = Math.max(1, Math.round(walk.meanVolume * Math.exp(0.4 * normal() - 0.08)));
    bars.push({ t: days[index]!, o: open, h: high, l: low, c: next, v: volume });
    close = next;
  }
  return bars;
}

/** Bounds of the daily volatility derived from real day ranges: a quiet day is not a riskless stock, a wild one not the norm. */
export const dailyVolatilityBounds = { min: 0.008, max: 0.05 } as const;

/**
 * Daily log-return volatility from day ranges (Parkinson 1980: σ = ln(H/L) / (2·√ln 2), averaged
 * in variance over the bars given), bounded to 0.8 %–5 % a day.
 */
export function parkinsonVolatility(bars: readonly Bar[]): number {
  const usable = bars.filter((bar) => bar.l > 0 && bar.h >= bar.l);
  if (usable.length === 0) return dailyVolatilityBounds.min;
  const variance = usable.reduce((sum, bar) => sum + Math.log(bar.h / bar.l) ** 2, 0) / (usable.length * 4 * Math.LN2);
  return Math.min(dailyVolatilityBounds.max, Math.max(dailyVolatilityBounds.min, Math.sqrt(variance)));
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
