// Records the fixture the project ships: two simulated minutes of the simulator (seed 42,
// always-open calendar), stepped synchronously one second at a time, one frame per step,
// to fixtures/recordings/simulated-sample.jsonl.gz (format: docs/recording-format.md).
//
// Universe: the indices, their constituents (the NIFTY 50 stocks), the ETFs and the
// foreign listings. The whole board (about 2,000 instruments) would make a 4 MB file for
// two minutes; this keeps the fixture well under 1 MB while every kind of instrument,
// every exchange and every index stays in it.
//
//   npx tsx scripts/record-fixture.ts [--out fixtures/recordings/simulated-sample.jsonl.gz]
//
// Only the simulator's own prices go in: starting levels are the catalog's reference
// levels or the simulator's invented fallbacks, never the real NSE price files, which
// carry no redistribution licence. Same code, same bytes: rerunning gives the same file.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createSimulatorFeed } from '../server/market/feeds/simulator.ts';
import { loadCatalog } from '../server/market/instruments/catalog.ts';
import { istDay } from '../contract/calendar.ts';
import { createRecorder } from '../server/market/recording/recorder.ts';
import { toStreamQuote } from '../server/market/streamQuote.ts';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: { out: { type: 'string', default: `${repositoryRoot}fixtures/recordings/simulated-sample.jsonl.gz` } },
});

const seed = 42;
const stepMs = 1000;
const simulatedSeconds = 120;
/** A fixed Monday, 10:00 IST: the file must not depend on when it was recorded. */
const startedAt = Date.UTC(2026, 0, 5, 4, 30, 0);

const catalog = loadCatalog();
const indexMembers = new Set(catalog.instruments.flatMap((spec) => (spec.constituents ?? []).map((member) => member.code)));
const instruments = catalog.instruments.filter(
  (spec) => spec.kind !== 'equity' || indexMembers.has(spec.code) || spec.exchange !== 'NSE',
);
const prevCloses = new Map<string, number>([...catalog.indexBaseLevels, ...catalog.referencePrices]);
const simulator = createSimulatorFeed({
  seed,
  calendar: 'always_open',
  instruments,
  prevCloses,
  marketCaps: catalog.marketCapRupees,
  stepMs,
  now: () => startedAt,
});

const outPath = resolve(values.out);
const recorder = createRecorder(outPath, {
  format: 'ledgerline-ticks',
  version: 1,
  recordedFrom: 'simulator',
  date: istDay(startedAt),
  calendar: simulator.source.calendar,
  startedAt,
  instruments: [...simulator.instruments],
  initial: simulator.initialQuotes().map(toStreamQuote),
});
let quotes = 0;
for (let step = 1; step <= simulatedSeconds; step += 1) {
  const time = startedAt + step * stepMs;
  const changed = simulator.stepAt(time);
  quotes += changed.length;
  recorder.write({ sentAt: time, quotes: changed.map(toStreamQuote) });
}
await recorder.close();

const bytes = statSync(outPath).size;
console.log(`recorded ${simulatedSeconds} frames, ${quotes} quotes of ${instruments.length} instruments: ${outPath} (${(bytes / 1024).toFixed(0)} KiB)`);
