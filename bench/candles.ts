// Candle aggregation throughput: a realistic stream of published quote states (2,000
// codes, liquidity skewed like a real market, two NSE sessions) aggregated into every
// period at once. Prints figures; asserts only that no volume went missing.
// Run: npx tsx bench/candles.ts [updates=6000000] [codes=2000]
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createCandleAggregator } from '../server/market/candles/candleAggregator.ts';
import { istDay } from '../contract/calendar.ts';
import type { QuoteState } from '../server/market/model.ts';
import { skewedSymbolPicker, xorshiftRandom } from './streamShape.ts';

const updateCount = Number(process.argv[2] ?? 6_000_000);
const codeCount = Number(process.argv[3] ?? 2_000);
const sessions = [Date.parse('2025-06-16T09:15:00+05:30'), Date.parse('2025-06-17T09:15:00+05:30')];
const sessionMs = 375 * 60_000; // 09:15 to 15:30

const random = xorshiftRandom();

// Pre-generate the stream so that the timed loop measures aggregation, not generation.
const pickCode = skewedSymbolPicker(codeCount, random);
const streamCodes = new Uint16Array(updateCount);
const streamTicks = new Int8Array(updateCount);
const streamSizes = new Uint16Array(updateCount);
for (let index = 0; index < updateCount; index++) {
  streamCodes[index] = pickCode();
  streamTicks[index] = Math.floor(random() * 7) - 3;
  streamSizes[index] = 1 + Math.floor(random() * 500);
}

const codes = Array.from({ length: codeCount }, (_, index) => `CODE${index}`);
// One mutable state per code, updated in place as a feed does; the aggregator keeps no reference to it.
const quotes: QuoteState[] = codes.map((code, index) => {
  const price = 2_000 + ((index * 7_919) % 400_000);
  return { code, last: price, open: 0, prevClose: price, high: 0, low: 0, volume: 0, shortVolume: 0, turnover: 0, time: 0, day: '' };
});

function run(aggregate: boolean): { elapsedMs: number; volume: number } {
  for (const quote of quotes) Object.assign(quote, { last: quote.prevClose, open: 0, high: 0, low: 0, volume: 0, turnover: 0, time: 0, day: '' });
  const aggregator = createCandleAggregator();
  const perSession = Math.ceil(updateCount / sessions.length);
  let volume = 0;
  const started = performance.now();
  for (let index = 0; index < updateCount; index++) {
    const session = Math.floor(index / perSession);
    const time = Math.floor(sessions[session]! + ((index % perSession) * sessionMs) / perSession);
    const quote = quotes[streamCodes[index]!]!;
    const day = session === 0 ? '2025-06-16' : '2025-06-17';
    if (quote.day !== day) {
      quote.day = day;
      quote.open = 0;
      quote.volume = 0;
      quote.turnover = 0;
    }
    const price = Math.max(5, quote.last + streamTicks[index]! * 5);
    const size = streamSizes[index]!;
    if (quote.open === 0) quote.open = quote.high = quote.low = price;
    quote.last = price;
    if (price > quote.high) quote.high = price;
    if (price < quote.low) quote.low = price;
    quote.volume += size;
    quote.turnover += price * size;
    quote.time = time;
    volume += size;
    if (aggregate) aggregator.apply(quote);
  }
  const elapsedMs = performance.now() - started;
  if (aggregate) {
    let dayVolume = 0;
    for (const code of codes) for (const bar of aggregator.bars(code, 'day')) dayVolume += bar.v;
    if (dayVolume !== volume) throw new Error(`day bars hold ${dayVolume} shares, the stream traded ${volume}`);
    retained = aggregator;
  }
  return { elapsedMs, volume };
}

let retained: ReturnType<typeof createCandleAggregator> | null = null;
const format = (value: number) => Math.round(value).toLocaleString('en-US');
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
const loadAverage = os.loadavg()[0]!.toFixed(2);
// A collection before reading memory, so that RSS shows the one live aggregator, not the garbage of earlier runs.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

console.log(`candles: ${format(updateCount)} quote updates, ${format(codeCount)} codes, 2 sessions (${istDay(sessions[0]!)}, ${istDay(sessions[1]!)}), 7 periods per update`);
console.log(`  machine: ${os.cpus().length} CPUs, load average ${loadAverage} at start; each run starts from an empty aggregator`);
const baseline = run(false);
console.log(`  baseline loop (updating the quote states only): ${baseline.elapsedMs.toFixed(0)} ms`);
const rates: number[] = [];
for (let attempt = 1; attempt <= 3; attempt++) {
  retained = null;
  collectGarbage();
  const measured = run(true);
  const aggregationMs = measured.elapsedMs - baseline.elapsedMs;
  rates.push(updateCount / (aggregationMs / 1000));
  console.log(`  run ${attempt}: ${measured.elapsedMs.toFixed(0)} ms in all, ${aggregationMs.toFixed(0)} ms aggregating: ${format(rates.at(-1)!)} updates/s`);
}
rates.sort((a, b) => a - b);
console.log(`  median: ${format(rates[1]!)} updates/s into all 7 periods; day volume checked against the stream`);
console.log(`  minute bars kept: ${format(codes.reduce((sum, code) => sum + retained!.bars(code, 'minute').length, 0))}`);
collectGarbage();
const memory = process.memoryUsage();
console.log(`  rss ${megabytes(memory.rss)}: heap used ${megabytes(memory.heapUsed)}, typed arrays ${megabytes(memory.arrayBuffers)} (of which the pre-generated stream ${megabytes(updateCount * 5)}), one aggregator live`);
