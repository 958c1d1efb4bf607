import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { FeedSource, SessionPhase } from '../../../contract/market.ts';
import { istDay, istMinuteOfDay, nsePhaseAt, nseSession } from '../../../contract/calendar.ts';
import { gaussianFrom } from '../gaussian.ts';
import type { FeedListing, InstrumentSpec, MarketFeed, QuoteState } from '../model.ts';
import { priceBand } from '../priceBand.ts';

// A deterministic market: the same seed and the same step times give the same stream.
// Each step, every stock's log-return is its beta times a market factor plus a sector
// factor plus its own noise, with a weak pull back towards the previous close; prices
// move in whole ticks inside the daily band; indices are computed from their
// constituents. Volume follows liquidity (market cap) and the intraday U-shape.
// An instrument with a profile (its real daily volatility and volume, see
// candles/dailyHistory.ts) gets its own noise scaled to its volatility and trades so that a
// full session's volume is of the order of its real volume; the others keep the defaults.
// An instrument listed while running (list()) joins the draws from its listing on, so the
// stream stays the same for the same seed, step times and listings.

export interface SimulatorOptions {
  seed: number;
  /** 'always_open' trades around the clock (demo); 'ist' follows the NSE session calendar. */
  calendar: FeedSource['calendar'];
  instruments: readonly InstrumentSpec[];
  /** Previous close per code, minor units; indices use their base level. */
  prevCloses: ReadonlyMap<string, number>;
  /** Market capitalisation in rupees, to size trades; unknown codes trade as small caps. */
  marketCaps?: ReadonlyMap<string, number>;
  /** Per-instrument daily volatility (log return) and mean shares a day, from real data; absent codes use the defaults. */
  profiles?: ReadonlyMap<string, InstrumentProfile>;
  stepMs?: number;
  now?: () => number;
}

export interface InstrumentProfile {
  dailyVolatility: number;
  dailyVolume: number;
}

export interface SimulatorFeed extends MarketFeed {
  /** Advances the market to `time` by one step and returns the quotes that changed. Used by the timer and by tests. */
  stepAt(time: number): QuoteState[];
  list(spec: InstrumentSpec, listing: FeedListing): QuoteState;
}

/** Per-step volatility of each return component; together about 2 % a day over a 6¼-hour session. */
const volatility = { market: 0.00007, sector: 0.00005, own: 0.0001 } as const;
/** Fraction of the distance to the previous close recovered per step; keeps a 24-hour demo day within its bands. */
const meanReversion = 1 / 20_000;
/** The daily volatility the default own-noise stands for: a profile's volatility scales the own noise by its ratio to this. */
const referenceDailyVolatility = 0.015;
/** Mean shares a trade aimed at for profiled instruments: thinly traded ones trade rarely instead of in single shares every second. */
const targetSharesPerTrade = 20;
const tradeProbabilityBounds = { min: 0.01, max: 0.9 } as const;
/** Liquidity quantile (0 smallest, 1 largest) of an instrument listed while running. */
const newListingLiquidity = 0.5;

interface Simulated {
  spec: InstrumentSpec;
  quote: QuoteState;
  /** Exact (unrounded) price, so that sub-tick moves accumulate instead of vanishing. */
  fairPrice: number;
  tradeProbability: number;
  /** Mean rupee value of one trade. */
  tradeValueRupees: number;
  /** Mean shares of one trade when the instrument has a profile (then tradeValueRupees is unused). */
  tradeShares: number | null;
  ownVolatility: number;
  sectorIndex: number;
}

export function createSimulatorFeed(options: SimulatorOptions): SimulatorFeed {
  const stepMs = options.stepMs ?? 1000;
  // Steps of one trading session: the NSE's 6¼ hours, or a whole day when the demo trades around the clock.
  const stepsPerSession = ((options.calendar === 'ist' ? nseSession.closingStart - nseSession.openStart : 24 * 60) * 60_000) / stepMs;
  const now = options.now ?? Date.now;
  const rng = xoroshiro128plus(options.seed);
  const uniform = () => uniformFloat64(rng);
  const normal = gaussianFrom(uniform);

  const sectors = [...new Set(options.instruments.map((i) => i.industry ?? ''))];
  const caps = options.marketCaps ?? new Map<string, number>();
  const capRank = rankByCap(options.instruments, caps);
  const stocks: Simulated[] = [];
  const indices: { spec: InstrumentSpec; quote: QuoteState; base: number }[] = [];
  const byCode = new Map<string, Simulated>();

  // The feed's own list: a listing while running adds to it, and the market reads it as it grows.
  const instruments: InstrumentSpec[] = [...options.instruments];
  function addStock(spec: InstrumentSpec, quote: QuoteState, liquidity: number, profile: InstrumentProfile | undefined): void {
    // A session's expected volume = trading steps × probability × mean shares; the profile fixes it at the real volume.
    const profiledProbability = profile
      ? Math.min(tradeProbabilityBounds.max, Math.max(tradeProbabilityBounds.min, profile.dailyVolume / (stepsPerSession * targetSharesPerTrade)))
      : null;
    const prevClose = quote.prevClose;
    const simulated: Simulated = {
      spec,
      quote,
      fairPrice: prevClose,
      tradeProbability: profiledProbability ?? 0.3 + 0.7 * liquidity,
      tradeValueRupees: 20_000 + 400_000 * liquidity * liquidity,
      tradeShares: profile && profiledProbability ? profile.dailyVolume / (stepsPerSession * profiledProbability) : null,
      ownVolatility: volatility.own * (profile ? profile.dailyVolatility / referenceDailyVolatility : 1),
      sectorIndex: sectors.indexOf(spec.industry ?? ''),
    };
    stocks.push(simulated);
    byCode.set(spec.code, simulated);
  }
  for (const spec of options.instruments) {
    const prevClose = options.prevCloses.get(spec.code) ?? fallbackPrice(spec);
    const quote = emptyQuote(spec.code, prevClose);
    if (spec.kind === 'index') {
      indices.push({ spec, quote, base: prevClose });
      continue;
    }
    // Liquidity quantile: 1 for the largest company, 0 for the smallest.
    addStock(spec, quote, 1 - (capRank.get(spec.code) ?? options.instruments.length) / options.instruments.length, options.profiles?.get(spec.code));
  }

  const phaseAt = (time: number): SessionPhase => (options.calendar === 'ist' ? nsePhaseAt(time) : 'open');

  function rollDay(day: string): void {
    for (const s of stocks) startDay(s.quote, day);
    for (const index of indices) startDay(index.quote, day);
  }

  function stepAt(time: number): QuoteState[] {
    const day = istDay(time);
    const first = stocks[0] ?? indices[0];
    if (first && first.quote.day !== day) rollDay(day);
    const phase = phaseAt(time);
    // Pre-open collects orders and the closing session trades at the close price:
    // neither moves prices here; the market only moves while open.
    if (phase !== 'open') return [];

    const marketShock = volatility.market * normal();
    const sectorShocks = sectors.map(() => volatility.sector * normal());
    const activity = intradayActivity(options.calendar, time);
    const changed: QuoteState[] = [];
    for (const s of stocks) {
      const shock = s.spec.beta * marketShock + (sectorShocks[s.sectorIndex] ?? 0) + s.ownVolatility * normal();
      const pull = -meanReversion * Math.log(s.fairPrice / s.quote.prevClose);
      s.fairPrice *= Math.exp(shock + pull);
      const trades = uniform() < s.tradeProbability * Math.min(1, activity);
      const shortShare = 0.2 * uniform();
      const sizeNoise = normal();
      if (!trades) continue;
      const price = clampToBand(s.spec, s.quote.prevClose, roundToTick(s.fairPrice, s.spec.tickMinor));
      s.fairPrice = Math.min(Math.max(s.fairPrice, price * 0.999), price * 1.001);
      const meanShares = s.tradeShares === null ? (s.tradeValueRupees * 100 * activity) / price : s.tradeShares * activity;
      const size = Math.max(1, Math.round(meanShares * Math.exp(0.8 * sizeNoise - 0.32)));
      applyTrade(s.quote, price, size, Math.round(size * shortShare), time);
      changed.push(s.quote);
    }
    for (const index of indices) {
      const level = indexLevel(index.spec, index.base, byCode);
      if (level === index.quote.last && index.quote.time !== 0) continue;
      applyTrade(index.quote, level, 0, 0, time);
      changed.push(index.quote);
    }
    return changed;
  }

  let timer: ReturnType<typeof setTimeout> | null = null;
  const source: FeedSource = { kind: 'simulated', date: null, calendar: options.calendar };
  return {
    source,
    instruments,
    initialQuotes: () => [...indices.map((i) => i.quote), ...stocks.map((s) => s.quote)].map((q) => ({ ...q })),
    phaseAt,
    stepAt,
    list(spec, listing) {
      if (byCode.has(spec.code) || spec.kind === 'index') throw new Error(`simulator: ${spec.code} is already trading or is an index`);
      // The listing day's base price is the discovered open (as NSE's special pre-open session for a new listing sets it), so
      // the band and the pull back towards the previous close act around it; the simulator trades it from the next step.
      const quote = emptyQuote(spec.code, listing.openMinor);
      startDay(quote, istDay(listing.time));
      applyTrade(quote, listing.openMinor, 0, 0, listing.time);
      // A newcomer trades like a mid-sized company until it has a history of its own.
      addStock(spec, quote, newListingLiquidity, undefined);
      instruments.push(spec);
      return { ...quote };
    },
    start(onQuotes) {
      const tick = () => {
        const time = Math.floor(now() / stepMs) * stepMs;
        const changed = stepAt(time);
        if (changed.length > 0) onQuotes(changed.map((q) => ({ ...q })));
        timer = setTimeout(tick, stepMs - (now() % stepMs));
      };
      timer = setTimeout(tick, stepMs - (now() % stepMs));
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

function emptyQuote(code: string, prevClose: number): QuoteState {
  return { code, last: prevClose, open: 0, prevClose, high: 0, low: 0, volume: 0, shortVolume: 0, turnover: 0, time: 0, day: '' };
}

function startDay(quote: QuoteState, day: string): void {
  if (quote.day !== '' && quote.time !== 0) quote.prevClose = quote.last;
  quote.open = 0;
  quote.high = 0;
  quote.low = 0;
  quote.volume = 0;
  quote.shortVolume = 0;
  quote.turnover = 0;
  quote.day = day;
}

function applyTrade(quote: QuoteState, price: number, size: number, shortSize: number, time: number): void {
  if (quote.open === 0) {
    quote.open = price;
    quote.high = price;
    quote.low = price;
  }
  quote.last = price;
  if (price > quote.high) quote.high = price;
  if (price < quote.low) quote.low = price;
  quote.volume += size;
  quote.shortVolume += shortSize;
  quote.turnover += price * size;
  quote.time = time;
}

function roundToTick(price: number, tick: number): number {
  return Math.max(tick, Math.round(price / tick) * tick);
}

function clampToBand(spec: InstrumentSpec, prevClose: number, price: number): number {
  const band = priceBand(spec, prevClose);
  return band ? Math.min(Math.max(price, band.lower), band.upper) : price;
}

function indexLevel(spec: InstrumentSpec, base: number, stocks: ReadonlyMap<string, Simulated>): number {
  let relative = 0;
  let weights = 0;
  for (const { code, weight } of spec.constituents ?? []) {
    const member = stocks.get(code);
    if (!member) continue;
    relative += (weight * member.quote.last) / member.quote.prevClose;
    weights += weight;
  }
  return weights === 0 ? base : Math.round((base * relative) / weights);
}

/** Trading is busier after the open and before the close; a 24-hour demo session keeps a flat profile. */
function intradayActivity(calendar: FeedSource['calendar'], time: number): number {
  if (calendar === 'always_open') return 1;
  const minutesIntoSession = istMinuteOfDay(time) - nseSession.openStart;
  const sessionLength = nseSession.closingStart - nseSession.openStart;
  const x = Math.min(Math.max(minutesIntoSession / sessionLength, 0), 1);
  return 0.6 + 2.4 * (x - 0.5) * (x - 0.5) * 4 * 0.5;
}

function rankByCap(instruments: readonly InstrumentSpec[], caps: ReadonlyMap<string, number>): Map<string, number> {
  const ranked = instruments.filter((i) => i.kind !== 'index').sort((a, b) => (caps.get(b.code) ?? 0) - (caps.get(a.code) ?? 0));
  return new Map(ranked.map((i, rank) => [i.code, rank]));
}

/** A starting price for an instrument nobody gave one: derived from its code, ₹20 to ₹5,000, on its tick. */
export function fallbackPrice(spec: InstrumentSpec): number {
  let hash = 2166136261;
  for (const char of spec.code) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  const rupees = 20 * Math.pow(250, (hash % 10_000) / 10_000);
  return roundToTick(rupees * 100, spec.tickMinor);
}
