import type { Adjustment, CandlePeriod } from '../../contract/market.ts';
import { createCandleAggregator } from './candles/candleAggregator.ts';
import { createHistory } from './candles/dailyHistory.ts';
import { buildKline } from './candles/kline.ts';
import { createSimulatorFeed, type InstrumentProfile } from './feeds/simulator.ts';
import { loadEndOfDay } from './instruments/endOfDay.ts';
import { loadCatalog } from './instruments/catalog.ts';
import { istDay } from '../../contract/calendar.ts';
import { createMarket, type Market } from './marketService.ts';
import type { InstrumentSpec, MarketFeed } from './model.ts';
import { createRecorder } from './recording/recorder.ts';
import { openReplayFeed, type ReplayFeed, type ReplaySpeed } from './recording/replayFeed.ts';
import type { KlineSource } from './routes.ts';
import { sharedDataDir, sharedDataFolderName } from './sharedData.ts';
import { fromStreamQuote, toStreamQuote } from './streamQuote.ts';

// Assembles the market the server runs: the feed chosen by configuration, the quote
// book and frames, candles aggregated from the published frames, and an optional
// recorder of exactly those frames.

export interface MarketConfig {
  feed: 'simulator' | 'replay';
  calendar: 'always_open' | 'ist';
  seed: number;
  replayFile: string | null;
  replaySpeed: ReplaySpeed;
  /** Simulated minutes run before start, so the first chart already has bars. */
  warmUpMinutes: number;
  recordTo: string | null;
}

/** Shares a day at most for an NSE security missing from the end-of-day file, so that rankings are led by what really trades. */
const untradedDailyVolumeMax = 50_000;

export interface MarketRuntime {
  market: Market;
  kline: KlineSource;
  /** The replay being played (MARKET_FEED=replay): when it ends, and its clock. */
  replay?: Pick<ReplayFeed, 'finished' | 'position' | 'delivered'>;
  start(): void;
  stop(): Promise<void>;
}

export const testMarketConfig: MarketConfig = {
  feed: 'simulator', calendar: 'always_open', seed: 7, replayFile: null, replaySpeed: 1, warmUpMinutes: 0, recordTo: null,
};

export interface OpenMarketOptions {
  now?: () => number;
  /** Where start-up notices go (the server's logger); silent when absent. */
  log?: (message: string) => void;
  /** Environment read for MARKET_DATA_DIR; process.env when absent. */
  env?: NodeJS.ProcessEnv;
}

export async function openMarket(config: MarketConfig, options: OpenMarketOptions = {}): Promise<MarketRuntime> {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const aggregator = createCandleAggregator();
  let feed: MarketFeed;
  let history: ReturnType<typeof createHistory> | null = null;

  let replay: ReplayFeed | null = null;
  let publishReplayedFrame = () => {};
  if (config.feed === 'replay') {
    // Every recorded frame is published as it is delivered, so fast replays conflate nothing.
    replay = await openReplayFeed({ path: config.replayFile!, speed: config.replaySpeed, now, afterFrame: () => publishReplayedFrame() });
    feed = replay;
  } else {
    const catalog = loadCatalog();
    const dataDir = sharedDataDir(options.env);
    const endOfDay = loadEndOfDay(dataDir);
    if (!endOfDay) log(`market: no end-of-day prices in ${sharedDataFolderName}: history and prices are simulated`);
    history = createHistory({
      dataDir,
      endOfDay,
      seed: config.seed,
      codes: catalog.instruments.filter((spec) => spec.kind !== 'index').map((spec) => spec.code),
      basePrices: catalog.referencePrices,
      today: istDay(now()),
    });
    // Every instrument starts from its last close: the real close where the data covers it (history bridges the days since).
    const prevCloses = new Map<string, number>(catalog.indexBaseLevels);
    const profiles = new Map<string, InstrumentProfile>();
    for (const spec of catalog.instruments) {
      if (spec.kind === 'index') continue;
      const profile = history.profile(spec.code);
      prevCloses.set(spec.code, profile.lastClose);
      if (profile.realUntil !== null) profiles.set(spec.code, profile);
      // An NSE security the exchange did not trade on the real session (delisted, renamed, suspended since the lists were made) trades thinly.
      else if (endOfDay && spec.exchange === 'NSE') profiles.set(spec.code, { ...profile, dailyVolume: Math.min(profile.dailyVolume, untradedDailyVolumeMax) });
      // Foreign listings trade their simulated history's volume (in shares, whatever their currency).
      else if (endOfDay) profiles.set(spec.code, profile);
    }
    const instruments: InstrumentSpec[] = catalog.instruments.map((spec) => {
      const capRupees = catalog.marketCapRupees.get(spec.code);
      const prevClose = prevCloses.get(spec.code);
      // Shares outstanding from the 2023 market cap at today's starting price: an estimate, enough for a market-cap column.
      return capRupees && prevClose && spec.kind !== 'index' ? { ...spec, shares: Math.round((capRupees * 100) / prevClose) } : spec;
    });
    const simulator = createSimulatorFeed({ seed: config.seed, calendar: config.calendar, instruments, prevCloses, marketCaps: catalog.marketCapRupees, profiles, now });
    const stepMs = 1000;
    const end = Math.floor(now() / stepMs) * stepMs;
    for (let time = end - config.warmUpMinutes * 60_000; time < end; time += stepMs) {
      for (const quote of simulator.stepAt(time)) aggregator.apply(quote);
    }
    feed = simulator;
  }

  const market = createMarket(feed, { now });
  if (replay) publishReplayedFrame = market.flush;
  for (const quote of market.quotes()) if (quote.time > 0) aggregator.apply(quote);
  market.onFrame((frame) => {
    for (const tuple of frame.quotes) aggregator.apply(fromStreamQuote(tuple));
  });
  const recorder = config.recordTo
    ? createRecorder(config.recordTo, {
        format: 'ledgerline-ticks',
        version: 1,
        recordedFrom: 'server',
        date: istDay(now()),
        calendar: feed.source.calendar,
        startedAt: now(),
        instruments: [...feed.instruments],
        initial: [...market.quotes()].map(toStreamQuote),
      })
    : null;
  // A recording's header lists the instruments at its start, and a replay refuses a quote of any other code:
  // an instrument listed while recording stays out of it (a replay ignores listings anyway).
  const recordedCodes = new Set(feed.instruments.map((spec) => spec.code));
  if (recorder) {
    market.onFrame((frame) => {
      const quotes = frame.quotes.filter((quote) => recordedCodes.has(quote[0]));
      if (quotes.length > 0) recorder.write({ ...frame, quotes });
    });
  }

  const kline: KlineSource = {
    // A replay's ranges (range_1w …) end on the replayed clock, not on the wall clock it plays on.
    candles: (code: string, period: CandlePeriod, adjust: Adjustment) =>
      buildKline({ history, aggregator, code, period, adjust, now: replay ? replay.position() : now() }),
    realUntil: (code: string) => history?.realUntil(code) ?? null,
  };
  return {
    market,
    kline,
    ...(replay ? { replay } : {}),
    start: () => market.start(),
    async stop() {
      market.stop();
      await recorder?.close();
    },
  };
}
