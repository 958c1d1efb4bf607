import type { Adjustment, CandlePeriod } from '../../contract/market.ts';
import { createCandleAggregator } from './candles/candleAggregator.ts';
import { createHistory } from './candles/dailyHistory.ts';
import { buildKline } from './candles/kline.ts';
import { createSimulatorFeed } from './feeds/simulator.ts';
import { loadCatalog } from './instruments/catalog.ts';
import { istDay } from '../../contract/calendar.ts';
import { createMarket, type Market } from './marketService.ts';
import type { InstrumentSpec, MarketFeed } from './model.ts';
import { createRecorder } from './recording/recorder.ts';
import { openReplayFeed } from './recording/replayFeed.ts';
import type { KlineSource } from './routes.ts';
import { sharedDataDir } from './sharedData.ts';
import { fromStreamQuote, toStreamQuote } from './streamQuote.ts';

// Assembles the market the server runs: the feed chosen by configuration, the quote
// book and frames, candles aggregated from the published frames, and an optional
// recorder of exactly those frames.

export interface MarketConfig {
  feed: 'simulator' | 'replay';
  calendar: 'always_open' | 'ist';
  seed: number;
  replayFile: string | null;
  replaySpeed: number;
  /** Simulated minutes run before start, so the first chart already has bars. */
  warmUpMinutes: number;
  recordTo: string | null;
}

export interface MarketRuntime {
  market: Market;
  kline: KlineSource;
  start(): void;
  stop(): Promise<void>;
}

export const testMarketConfig: MarketConfig = {
  feed: 'simulator', calendar: 'always_open', seed: 7, replayFile: null, replaySpeed: 1, warmUpMinutes: 0, recordTo: null,
};

export async function openMarket(config: MarketConfig, options: { now?: () => number } = {}): Promise<MarketRuntime> {
  const now = options.now ?? Date.now;
  const aggregator = createCandleAggregator();
  let feed: MarketFeed;
  let history: ReturnType<typeof createHistory> | null = null;

  if (config.feed === 'replay') {
    feed = await openReplayFeed({ path: config.replayFile!, speed: config.replaySpeed, now });
  } else {
    const catalog = loadCatalog();
    history = createHistory({
      dataDir: sharedDataDir(),
      seed: config.seed,
      codes: catalog.instruments.filter((spec) => spec.kind !== 'index').map((spec) => spec.code),
      basePrices: catalog.referencePrices,
      today: istDay(now()),
    });
    const prevCloses = new Map<string, number>(catalog.indexBaseLevels);
    for (const spec of catalog.instruments) {
      if (spec.kind !== 'index') prevCloses.set(spec.code, history.lastClose(spec.code));
    }
    const instruments: InstrumentSpec[] = catalog.instruments.map((spec) => {
      const capRupees = catalog.marketCapRupees.get(spec.code);
      const prevClose = prevCloses.get(spec.code);
      // Shares outstanding from the 2023 market cap at today's starting price: an estimate, enough for a market-cap column.
      return capRupees && prevClose ? { ...spec, shares: Math.round((capRupees * 100) / prevClose) } : spec;
    });
    const simulator = createSimulatorFeed({ seed: config.seed, calendar: config.calendar, instruments, prevCloses, marketCaps: catalog.marketCapRupees, now });
    const stepMs = 1000;
    const end = Math.floor(now() / stepMs) * stepMs;
    for (let time = end - config.warmUpMinutes * 60_000; time < end; time += stepMs) {
      for (const quote of simulator.stepAt(time)) aggregator.apply(quote);
    }
    feed = simulator;
  }

  const market = createMarket(feed, { now });
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
  if (recorder) market.onFrame((frame) => recorder.write(frame));

  const kline: KlineSource = {
    candles: (code: string, period: CandlePeriod, adjust: Adjustment) => buildKline({ history, aggregator, code, period, adjust, now: now() }),
    realUntil: (code: string) => history?.realUntil(code) ?? null,
  };
  return {
    market,
    kline,
    start: () => market.start(),
    async stop() {
      market.stop();
      await recorder?.close();
    },
  };
}
