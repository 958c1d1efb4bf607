import { createSimulatorFeed } from '../../server/market/feeds/simulator.ts';
import { loadCatalog } from '../../server/market/instruments/catalog.ts';
import { istDay } from '../../contract/calendar.ts';
import { createRecorder } from '../../server/market/recording/recorder.ts';
import { toStreamQuote } from '../../server/market/streamQuote.ts';

/**
 * Records the simulator over the whole catalog, one frame per simulated second, so a
 * replay at speed ×k delivers about k × (ticks per second) ticks/s to the server.
 */
export async function recordSimulatorSample(path: string, { simulatedSeconds, seed = 11 }: { simulatedSeconds: number; seed?: number }) {
  const catalog = loadCatalog();
  const prevCloses = new Map<string, number>([...catalog.referencePrices, ...catalog.indexBaseLevels]);
  const startedAt = Date.UTC(2026, 10, 23, 4, 0, 0);
  const feed = createSimulatorFeed({ seed, calendar: 'always_open', instruments: catalog.instruments, prevCloses, marketCaps: catalog.marketCapRupees });
  const recorder = createRecorder(path, {
    format: 'ledgerline-ticks',
    version: 1,
    recordedFrom: 'simulator',
    date: istDay(startedAt),
    calendar: 'always_open',
    startedAt,
    instruments: catalog.instruments,
    initial: feed.initialQuotes().map(toStreamQuote),
  });
  let ticks = 0;
  for (let second = 1; second <= simulatedSeconds; second += 1) {
    const sentAt = startedAt + second * 1000;
    const quotes = feed.stepAt(sentAt).map(toStreamQuote);
    ticks += quotes.length;
    recorder.write({ sentAt, quotes });
  }
  await recorder.close();
  return { instruments: catalog.instruments.length, ticksPerSecond: ticks / simulatedSeconds };
}
