import { createSimulatorFeed } from '../../server/market/feeds/simulator.ts';
import { loadCatalog } from '../../server/market/instruments/catalog.ts';
import { createMarket, type Market } from '../../server/market/marketService.ts';
import type { MarketFeed, QuoteState } from '../../server/market/model.ts';
import { now } from './measure.ts';

// The market both bench servers run: the real catalog and simulator, but every
// instrument publishes its quote once a second (the simulator alone only reports the
// instruments that traded), so the offered load is exactly 1 tick/s per symbol.
// Both servers frame it with the real createMarket, so they fan out identical frames.

export function createBenchMarket(seed = 7): Market {
  const catalog = loadCatalog();
  const prevCloses = new Map<string, number>([...catalog.indexBaseLevels, ...catalog.referencePrices]);
  const simulator = createSimulatorFeed({
    seed,
    calendar: 'always_open',
    instruments: catalog.instruments,
    prevCloses,
    marketCaps: catalog.marketCapRupees,
    now,
  });
  let timer: ReturnType<typeof setTimeout> | null = null;
  const feed: MarketFeed = {
    source: simulator.source,
    instruments: simulator.instruments,
    initialQuotes: () => simulator.initialQuotes(),
    phaseAt: (time) => simulator.phaseAt(time),
    start(onQuotes: (quotes: QuoteState[]) => void) {
      // On whole seconds, like the simulator's own timer; setTimeout re-aimed each time so it does not drift.
      const tick = () => {
        const time = Math.floor(now() / 1000) * 1000;
        simulator.stepAt(time);
        // initialQuotes() copies the current state of every instrument: all of them, traded or not.
        onQuotes(simulator.initialQuotes().map((quote) => ({ ...quote, time })));
        timer = setTimeout(tick, 1000 - (now() % 1000));
      };
      timer = setTimeout(tick, 1000 - (now() % 1000));
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
  return createMarket(feed, { now });
}
