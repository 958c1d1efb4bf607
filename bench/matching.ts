// Resting-order matching throughput: a million limit orders over 2,000 symbols, checked
// against a realistic quote stream. Prints load time, ticks and fills per second, memory,
// and whether the no-cross path allocates (GC events and heap growth over millions of ticks,
// next to a control loop that allocates on purpose, to show the measure would notice).
// Asserts that every fill is one the stream really crossed, and that the book stays whole.
// Run: npx tsx bench/matching.ts [ticks=5000000] [orders=1000000] [symbols=2000]
import os from 'node:os';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { gaussianFrom } from '../server/market/gaussian.ts';
import { createRestingOrderBook, type OrderSide, PRICE_PAISE_MAX, type RestingOrder } from '../server/trading/matching/restingOrders.ts';
import { skewedSymbolPicker, xorshiftRandom } from './streamShape.ts';

const tickCount = Number(process.argv[2] ?? 5_000_000);
const orderCount = Number(process.argv[3] ?? 1_000_000);
const symbolCount = Number(process.argv[4] ?? 2_000);
const tickPaise = 5; // NSE equities
const runCount = 3;

const random = xorshiftRandom();
const gaussian = gaussianFrom(random);
const onTick = (pricePaise: number) => Math.max(tickPaise, Math.round(pricePaise / tickPaise) * tickPaise);

// Reference prices log-uniform from ₹20 to ₹5,000, as across the NSE list; a ±20 % daily band.
const referencePaise = new Int32Array(symbolCount);
for (let symbolId = 0; symbolId < symbolCount; symbolId++) referencePaise[symbolId] = onTick(2_000 * 250 ** random());

// Orders rest where they would on a real book: longs below the reference, shorts above it,
// anywhere within 10 %. (A long above the market would fill on the next tick, not rest.)
const orderSymbol = new Uint16Array(orderCount);
const orderIsShort = new Uint8Array(orderCount);
const orderPricePaise = new Int32Array(orderCount);
for (let id = 0; id < orderCount; id++) {
  const symbolId = Math.floor(random() * symbolCount);
  const isShort = random() < 0.5;
  const offset = 0.1 * random() * referencePaise[symbolId]!;
  orderSymbol[id] = symbolId;
  orderIsShort[id] = isShort ? 1 : 0;
  orderPricePaise[id] = onTick(referencePaise[symbolId]! + (isShort ? offset : -offset));
}

// The stream: symbol i updates with weight 1/(i+1)^0.8 (a few names take most updates, as on
// NSE); each symbol's last price walks in whole ticks with a daily volatility of 1 to 4 %
// spread over its own number of updates, inside its band.
const pickSymbol = skewedSymbolPicker(symbolCount, random);
const streamSymbol = new Uint16Array(tickCount);
const streamLastPaise = new Int32Array(tickCount);
const updatesOf = new Int32Array(symbolCount);
for (let index = 0; index < tickCount; index++) {
  const symbol = pickSymbol();
  streamSymbol[index] = symbol;
  updatesOf[symbol]!++;
}
const lastPaise = Int32Array.from(referencePaise);
// Extremes of the delivered ticks only: the starting reference is not a tick and fills nothing.
const lowestPaise = new Int32Array(symbolCount).fill(PRICE_PAISE_MAX);
const highestPaise = new Int32Array(symbolCount);
const stepFraction = Float64Array.from(updatesOf, (updates) => (0.01 + 0.03 * random()) / Math.sqrt(Math.max(1, updates)));
for (let index = 0; index < tickCount; index++) {
  const symbolId = streamSymbol[index]!;
  const reference = referencePaise[symbolId]!;
  const next = onTick(lastPaise[symbolId]! + gaussian() * stepFraction[symbolId]! * reference);
  const banded = Math.min(onTick(reference * 1.2), Math.max(onTick(reference * 0.8), next));
  lastPaise[symbolId] = streamLastPaise[index] = banded;
  lowestPaise[symbolId] = Math.min(lowestPaise[symbolId]!, banded);
  highestPaise[symbolId] = Math.max(highestPaise[symbolId]!, banded);
}
// The fills the stream must produce: a long fills iff the price ever reached its limit from above.
let expectedFills = 0;
for (let id = 0; id < orderCount; id++) {
  const symbolId = orderSymbol[id]!;
  if (orderIsShort[id] ? highestPaise[symbolId]! >= orderPricePaise[id]! : lowestPaise[symbolId]! <= orderPricePaise[id]!) expectedFills++;
}

let gcCount = 0;
new PerformanceObserver((list) => (gcCount += list.getEntries().length)).observe({ entryTypes: ['gc'] });
// GC entries arrive on the event loop, after the synchronous phase that caused them.
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const format = (value: number) => Math.round(value).toLocaleString('en-US');
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const arrayBuffersBefore = process.memoryUsage().arrayBuffers;
const book = createRestingOrderBook({ symbolCount, orderCapacity: orderCount });
const bookArrayBytes = process.memoryUsage().arrayBuffers - arrayBuffersBefore;
let fillCount = 0;
let fillChecksum = 0;
// One visitor made once: the tick loop passes it on every call and allocates nothing.
const onFill = (id: number) => {
  fillCount++;
  fillChecksum = (fillChecksum + id) | 0;
};

// The book keeps no reference to the order it is given, so the load loop reuses one object:
// the figure is the book's cost, not the garbage collector's.
const scratch: { id: number; symbolId: number; side: OrderSide; pricePaise: number } = { id: 0, symbolId: 0, side: 'long', pricePaise: 1 };
function loadAll(): number {
  book.rebuild([]);
  const started = performance.now();
  for (let id = 0; id < orderCount; id++) {
    scratch.id = id;
    scratch.symbolId = orderSymbol[id]!;
    scratch.side = orderIsShort[id] ? 'short' : 'long';
    scratch.pricePaise = orderPricePaise[id]!;
    book.add(scratch);
  }
  return performance.now() - started;
}

function runStream(): { elapsedMs: number; fills: number; crossingTicks: number } {
  fillCount = 0;
  let crossingTicks = 0;
  const started = performance.now();
  for (let index = 0; index < tickCount; index++) {
    if (book.crossed(streamSymbol[index]!, streamLastPaise[index]!, onFill) !== 0) crossingTicks++;
  }
  return { elapsedMs: performance.now() - started, fills: fillCount, crossingTicks };
}

console.log(`matching: ${format(orderCount)} resting limit orders over ${format(symbolCount)} symbols, ${format(tickCount)} quote updates`);
console.log(`  machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}, load average ${os.loadavg()[0]!.toFixed(2)} at start`);
console.log(`  book: ${megabytes(book.byteLength)} of typed arrays, all allocated at construction (arrayBuffers grew ${megabytes(bookArrayBytes)})`);

const loadRates: number[] = [];
const tickRates: number[] = [];
const fillRates: number[] = [];
for (let run = 1; run <= runCount; run++) {
  const loadMs = loadAll();
  loadRates.push(orderCount / (loadMs / 1000));
  if (book.size() !== orderCount) throw new Error(`loaded ${book.size()} of ${orderCount} orders`);
  await settle(); // so that collections caused by the load are not counted against the stream
  const gcBefore = gcCount;
  const stream = runStream();
  await settle();
  if (stream.fills !== expectedFills) throw new Error(`the stream filled ${stream.fills} orders, the prices crossed ${expectedFills}`);
  if (book.size() !== orderCount - stream.fills) throw new Error('fills and remaining orders do not add up');
  tickRates.push(tickCount / (stream.elapsedMs / 1000));
  fillRates.push(stream.fills / (stream.elapsedMs / 1000));
  console.log(
    `  run ${run}: load ${loadMs.toFixed(0)} ms (${format(loadRates.at(-1)!)} adds/s); stream ${stream.elapsedMs.toFixed(0)} ms: ` +
      `${format(tickRates.at(-1)!)} ticks/s, ${format(stream.fills)} fills on ${format(stream.crossingTicks)} crossing ticks, ${gcCount - gcBefore} GCs`,
  );
}
book.verify();
console.log(`  median: load ${format(median(loadRates))} adds/s; ${format(median(tickRates))} ticks checked/s; ${format(median(fillRates))} fills/s over the stream`);
console.log(`  every run filled exactly the ${format(expectedFills)} orders whose limit the stream reached; book verified`);

const memory = process.memoryUsage();
console.log(
  `  memory with ${format(book.size())} orders resting: rss ${megabytes(memory.rss)}, heap used ${megabytes(memory.heapUsed)}, ` +
    `typed arrays ${megabytes(memory.arrayBuffers)} (book ${megabytes(book.byteLength)}, pre-generated orders and stream ${megabytes(orderCount * 7 + tickCount * 6)})`,
);

// The no-cross path: ticks strictly inside each symbol's resting spread, so nothing fills.
for (let index = 0; index < tickCount; index++) {
  const symbolId = streamSymbol[index]!;
  const floor = (book.bestLongPaise(symbolId) ?? 0) + 1;
  const ceiling = (book.bestShortPaise(symbolId) ?? PRICE_PAISE_MAX) - 1;
  streamLastPaise[index] = Math.min(ceiling, Math.max(floor, streamLastPaise[index]!));
}
const noCrossRounds = 4;
async function noCrossPhase(label: string, step: (symbolId: number, last: number) => number) {
  await settle();
  const gcBefore = gcCount;
  const heapBefore = process.memoryUsage().heapUsed;
  let filled = 0;
  const started = performance.now();
  for (let round = 0; round < noCrossRounds; round++) {
    for (let index = 0; index < tickCount; index++) filled += step(streamSymbol[index]!, streamLastPaise[index]!);
  }
  const elapsedMs = performance.now() - started;
  const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
  await settle();
  if (filled !== 0) throw new Error(`${filled} fills in the no-cross phase`);
  const ticks = noCrossRounds * tickCount;
  console.log(
    `  ${label}: ${format(ticks)} ticks in ${elapsedMs.toFixed(0)} ms, ${format(ticks / (elapsedMs / 1000))} ticks/s; ` +
      `${gcCount - gcBefore} GCs, heap used ${heapGrowth >= 0 ? '+' : ''}${megabytes(heapGrowth)}`,
  );
}
await noCrossPhase('no-cross ticks', (symbolId, last) => book.crossed(symbolId, last, onFill));
// The control allocates one closure per tick, as a careless caller would: the measure must see it.
// It shows why the GC count is the figure to read: the scavenger frees short-lived garbage
// during the loop, so heap growth alone stays near zero even when every tick allocates.
await noCrossPhase('control, a new closure per tick', (symbolId, last) => book.crossed(symbolId, last, (id) => void (fillChecksum ^= id + last)));

// Cancels: every resting order, in a shuffled order.
const resting = new Int32Array(book.size());
let restingCount = 0;
for (let id = 0; id < orderCount; id++) if (book.has(id)) resting[restingCount++] = id;
for (let index = restingCount - 1; index > 0; index--) {
  const other = Math.floor(random() * (index + 1));
  const swap = resting[index]!;
  resting[index] = resting[other]!;
  resting[other] = swap;
}
let started = performance.now();
for (let index = 0; index < restingCount; index++) if (!book.remove(resting[index]!)) throw new Error(`order ${resting[index]} did not rest`);
const cancelMs = performance.now() - started;
console.log(`  cancels: ${format(restingCount)} in ${cancelMs.toFixed(0)} ms, ${format(restingCount / (cancelMs / 1000))} removes/s; book empty: ${book.size() === 0}`);

// Start-up: rebuild from a list of order objects, as read from the database.
const orders: RestingOrder[] = Array.from({ length: orderCount }, (_, id) => ({
  id,
  symbolId: orderSymbol[id]!,
  side: orderIsShort[id] ? 'short' : 'long',
  pricePaise: orderPricePaise[id]!,
}));
started = performance.now();
book.rebuild(orders);
console.log(`  rebuild from ${format(orderCount)} order objects: ${(performance.now() - started).toFixed(0)} ms (clearing the arrays included)`);

// Sweeps: one tick per symbol and side that crosses every order of that side, so every call fills deeply.
fillCount = 0;
started = performance.now();
for (let symbolId = 0; symbolId < symbolCount; symbolId++) {
  book.crossed(symbolId, 1, onFill);
  book.crossed(symbolId, PRICE_PAISE_MAX, onFill);
}
const sweepMs = performance.now() - started;
if (fillCount !== orderCount || book.size() !== 0) throw new Error(`the sweep filled ${fillCount} of ${orderCount}`);
book.verify();
console.log(`  sweep: ${format(fillCount)} fills in ${sweepMs.toFixed(0)} ms, ${format(fillCount / (sweepMs / 1000))} fills/s when every tick fills deep; book verified empty`);
