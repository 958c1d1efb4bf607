// Live NAVs of strategy funds: FUNDS funds (default 100) of POSITIONS positions each (default 50),
// valued every second from the market stream exactly as server/funds/fundEngine.ts does
// (netAssetsOf on each fund's book at the market's last prices, fees accrued to the instant),
// against a baseline measured in the same run: a plain loop summing quantity × last price over
// the same positions. The market is the simulator over the whole instrument catalog, stepped one
// simulated second between recomputations. Prints the CPU time of one recomputation of every
// fund and the share of one core it takes at one recomputation a second (target < 5 %).
// Run: npm run bench:fund-nav [-- <funds=100> <positions=50> <rounds=300>]
import { performance } from 'node:perf_hooks';
import { loadCatalog } from '../server/market/instruments/catalog.ts';
import { handDrivenMarket } from '../server/market/testing/marketTestKit.ts';
import { marketPrices } from '../server/portfolio/prices.ts';
import { type FundBook, netAssetsOf } from '../server/funds/fundBook.ts';

const fundCount = Number(process.argv[2] ?? 100);
const positionsPerFund = Number(process.argv[3] ?? 50);
const rounds = Number(process.argv[4] ?? 300);
const targetShare = 0.05;

const catalog = loadCatalog();
const driven = handDrivenMarket(41, catalog.instruments);
driven.step();
const prices = marketPrices(driven.market);
const codes = catalog.instruments.filter((spec) => spec.kind === 'equity' && spec.currency === 'INR').map((spec) => spec.code);

// Each fund holds `positionsPerFund` distinct stocks, bought at today's price.
const books: { book: FundBook; units: bigint }[] = [];
for (let fund = 0; fund < fundCount; fund++) {
  const positions = Array.from({ length: positionsPerFund }, (_, index) => {
    const code = codes[(fund * 37 + index * 11) % codes.length]!;
    const fill = BigInt(driven.market.quote(code)!.last);
    return { orderId: BigInt(fund * positionsPerFund + index + 1), code, side: 'long' as const, currency: 'INR' as const, quantity: 100n, fill, margin: fill * 100n, filledAt: Date.now() - 86_400_000 };
  });
  const accounts = { availableAccountId: 1n, frozenAccountId: 2n, marginAccountId: 3n };
  books.push({ book: { accounts, availablePaise: 50_000_00n, frozenPaise: 0n, positions, pendingOrders: [] }, units: 10_000_000_000n });
}

const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};

function recomputeAll(now: number): bigint {
  let total = 0n;
  for (const { book, units } of books) total += netAssetsOf(book, prices, units, 100, now).navE4;
  return total;
}

function baseline(): bigint {
  let total = 0n;
  for (const { book } of books) {
    let value = book.availablePaise;
    for (const position of book.positions) value += position.quantity * BigInt(driven.market.quote(position.code)!.last);
    total += value;
  }
  return total;
}

function measure(work: (now: number) => bigint): { perRoundMs: number; checksum: bigint } {
  let checksum = 0n;
  let spent = 0;
  for (let round = 0; round < rounds; round++) {
    driven.step();
    const now = Date.now();
    const from = process.cpuUsage();
    checksum += work(now);
    spent += cpuMs(from);
  }
  return { perRoundMs: spent / rounds, checksum };
}

// Warm up both paths so neither pays for compilation in its measurement.
measure(recomputeAll);
measure(() => baseline());
const started = performance.now();
const engine = measure(recomputeAll);
const plain = measure(() => baseline());
const share = engine.perRoundMs / 1000;

console.log(`${fundCount} funds × ${positionsPerFund} positions (${(fundCount * positionsPerFund).toLocaleString('en-IN')} positions), ${rounds} recomputations, one simulated second apart`);
console.log(`engine's recomputation (netAssetsOf, valuation and accrued fee): ${engine.perRoundMs.toFixed(3)} ms of CPU per second of market`);
console.log(`baseline (Σ quantity × last, same positions):                     ${plain.perRoundMs.toFixed(3)} ms (${(engine.perRoundMs / plain.perRoundMs).toFixed(1)}× the baseline)`);
console.log(`share of one core at one recomputation a second: ${(share * 100).toFixed(2)} % (target < ${targetShare * 100} %); measured in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const holds = share < targetShare;
console.log(`${holds ? 'ok  ' : 'FAIL'} under ${targetShare * 100} % of one core`);
process.exit(holds ? 0 : 1);
