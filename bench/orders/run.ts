// Order placement end to end: pgbench's TPC-B-like tps on the same PostgreSQL server as
// the ceiling, then the real server (child process) taking order/place over keep-alive
// HTTP — market orders that fill and limit orders that rest, closed loop for maximum
// throughput and open loop at a fixed rate for latency — on PostgreSQL and on PGlite.
// Also the writer alone in process (writerOnly.ts). Prints figures, each target as a ratio
// to a baseline measured in the same run (writer-only ÷ pgbench tps, HTTP ÷ the no-database
// ceiling, PGlite's open loop p99 at --pglite-rate); asserts nothing.
//
//   npx tsx bench/orders/run.ts [--orders 20000] [--concurrency 64] [--rate 2000]
//     [--engine postgres|pglite|both] [--users 200] [--pglite-orders 4000] [--pglite-rate 1000]
//     [--writer-orders 30000] [--pgbench-clients 10] [--pgbench-seconds 20] [--profile DIR] [--quick] [--writer-only]
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { restingLimits } from './restingLimits.ts';
import { loadCatalog } from '../../server/market/instruments/catalog.ts';
import { closedLoop, createClient, type LoadResult, type OrderForm, openLoop, percentile, type Session } from './load.ts';
import { postgresCpuSeconds, runPgbench, type PgbenchResult } from './pgbench.ts';
import { benchWriterOnly, describeWriterOnly, type WriterOnlyResult } from './writerOnly.ts';
import { benchDatabases, cleanupBench, cleanupOnSignals, isExiting, startServerChild } from './serverChild.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string' }, concurrency: { type: 'string' }, rate: { type: 'string' },
    engine: { type: 'string', default: 'both' }, users: { type: 'string' }, 'pglite-orders': { type: 'string' }, 'pglite-rate': { type: 'string', default: '1000' },
    'writer-orders': { type: 'string' },
    'pgbench-clients': { type: 'string', default: '10' }, 'pgbench-seconds': { type: 'string' },
    profile: { type: 'string' }, quick: { type: 'boolean', default: false },
    'writer-only': { type: 'boolean', default: false },
  },
});
const quick = values.quick;
const config = {
  orders: Number(values.orders ?? (quick ? 1000 : 20_000)),
  concurrency: Number(values.concurrency ?? (quick ? 32 : 64)),
  rate: Number(values.rate ?? 2000),
  users: Number(values.users ?? (quick ? 50 : 200)),
  // PGlite is one embedded connection: the full count would take many minutes and say nothing more.
  pgliteOrders: Number(values['pglite-orders'] ?? (quick ? 300 : 4000)),
  pgliteRate: Number(values['pglite-rate']),
  writerOrders: Number(values['writer-orders'] ?? (quick ? 3000 : 30_000)),
  // The server's pg pool holds 10 connections: pgbench gets the same database concurrency.
  pgbenchClients: Number(values['pgbench-clients']),
  pgbenchSeconds: Number(values['pgbench-seconds'] ?? (quick ? 5 : 20)),
};
for (const [name, value] of Object.entries(config)) if (!Number.isInteger(value) || value < 1) throw new Error(`--${name}: expected a positive integer, got ${value}`);
if (!['postgres', 'pglite', 'both'].includes(values.engine!)) throw new Error(`--engine: postgres, pglite or both, got ${values.engine}`);
const engines = (values.engine === 'both' ? ['postgres', 'pglite'] : [values.engine]) as ('postgres' | 'pglite')[];
const targets = { writerToPgbench: 3, httpToCeiling: 0.8, pgliteRate: 1000, pgliteP99Ms: 50 };
/**
 * Open loop: at most this many requests outstanding (a quarter second at the rate) before
 * scheduled sends are shed, so a server far below the rate shows up as shed orders and a
 * bounded p99 instead of a queue that takes minutes to drain.
 */
const maxInFlightAt = (rate: number) => Math.max(config.concurrency, Math.ceil(rate / 4));

cleanupOnSignals();

// ---- one engine ----------------------------------------------------------------------
interface PhaseReport {
  name: string; result: LoadResult; cpuPercent: number; rssMb: number; rate?: number; commandsPerBatch: number;
  /** CPU of this load generator and of every PostgreSQL process (null on PGlite, which runs inside the server), in % of one core. */
  clientCpuPercent: number; postgresCpuPercent: number | null;
  /** Not an order phase: the same HTTP, session and envelope path without any database work, as a ceiling. */
  ceiling?: boolean;
}

const startServer = (engine: 'postgres' | 'pglite') => startServerChild({ engine, users: config.users, profileDir: values.profile });


async function benchEngine(engine: 'postgres' | 'pglite'): Promise<PhaseReport[]> {
  const orders = engine === 'pglite' ? Math.min(config.orders, config.pgliteOrders) : config.orders;
  const server = await startServer(engine);
  const { port, sessions } = server.ready;
  console.log(`${engine}: server up on :${port}, ${sessions.length} funded users seeded in ${(server.ready.seedMs / 1000).toFixed(1)} s`);
  const client = createClient(port, config.concurrency);
  const openClient = createClient(port, 256);
  try {
    // Twenty large caps that have traded (an instrument without a trade yet refuses orders);
    // limit prices come from each one's stock/detail, like the app's order ticket.
    const candidates = loadCatalog().instruments.filter((spec) => spec.kind !== 'index' && spec.currency === 'INR').slice(0, 60).map((spec) => spec.code);
    const tradedNow = async () => {
      const details = await Promise.all(candidates.map(async (code) => {
        const detail = await client.post('stock/detail', { code }, sessions[0]);
        if (detail.status !== 1) throw new Error(`stock/detail ${code}: ${detail.msg}`);
        return { code, ...detail.data };
      }));
      return details.filter((detail) => detail.quote.time > 0).slice(0, 20);
    };
    // On a loaded machine the replay may need a while to reach twenty first trades.
    let traded = await tradedNow();
    for (let waited = 0; traded.length < 20 && waited < 60; waited += 2) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      traded = await tradedNow();
    }
    if (traded.length < 20) throw new Error(`only ${traded.length} of the large caps have traded yet`);
    const instruments = traded.map(({ code, instrument, quote }) => {
      return { code, quantity: Math.max(100, instrument.lot), ...restingLimits({ instrument, quote }) };
    });
    const makeOrder = (type: 'market' | 'limit', tag: string) => (index: number): [Session, OrderForm] => {
      const session = sessions[index % sessions.length]!;
      const instrument = instruments[Math.floor(index / sessions.length) % instruments.length]!;
      const side = index % 2 === 0 ? 'long' : 'short';
      const form: OrderForm = { code: instrument.code, side, type, quantity: instrument.quantity, leverage: 2, idempotency_key: `bench-${tag}-${index}` };
      if (type === 'limit') form.price = side === 'long' ? instrument.longLimit : instrument.shortLimit;
      return [session, form];
    };
    // Warm-up: JIT, pool connections, plan caches; not measured.
    await closedLoop(client, Math.min(500, orders), config.concurrency, makeOrder('market', 'warm'));

    const reports: PhaseReport[] = [];
    const measure = async (name: string, run: () => Promise<LoadResult>, rate?: number, ceiling = false) => {
      const before = await server.usage();
      const clientBefore = process.cpuUsage();
      const postgresBefore = engine === 'postgres' ? postgresCpuSeconds() : 0;
      const result = await run();
      const postgresAfter = engine === 'postgres' ? postgresCpuSeconds() : 0;
      const clientUsed = process.cpuUsage(clientBefore);
      const after = await server.usage();
      const report: PhaseReport = {
        name, result, rate, ceiling, cpuPercent: ((after.cpuMicros - before.cpuMicros) / 1e6 / result.elapsedS) * 100, rssMb: after.rssBytes / 2 ** 20,
        commandsPerBatch: (after.batchedCommands - before.batchedCommands) / Math.max(1, after.batches - before.batches),
        clientCpuPercent: ((clientUsed.user + clientUsed.system) / 1e6 / result.elapsedS) * 100,
        postgresCpuPercent: engine === 'postgres' ? ((postgresAfter - postgresBefore) / result.elapsedS) * 100 : null,
      };
      reports.push(report);
      printPhase(engine, report);
    };
    // The ceiling of any order path on this machine: authenticated trade/rules over the same client, no database.
    await measure(`closed c=${config.concurrency} no-db `, () => closedLoop(client, orders, config.concurrency, (index) => [sessions[index % sessions.length]!, {}], 'trade/rules'), undefined, true);
    await measure(`closed c=${config.concurrency} market`, () => closedLoop(client, orders, config.concurrency, makeOrder('market', 'cm')));
    await measure(`closed c=${config.concurrency} limit `, () => closedLoop(client, orders, config.concurrency, makeOrder('limit', 'cl')));
    // The open loop schedules as many orders as the closed loop sent: orders ÷ rate seconds.
    const openOrders = orders;
    // PGlite's target is its own rate (one embedded connection).
    const rate = engine === 'pglite' ? config.pgliteRate : config.rate;
    await measure(`open ${rate}/s market  `, () => openLoop(openClient, openOrders, rate, maxInFlightAt(rate), makeOrder('market', 'om')), rate);
    await measure(`open ${rate}/s limit   `, () => openLoop(openClient, openOrders, rate, maxInFlightAt(rate), makeOrder('limit', 'ol')), rate);
    return reports;
  } finally {
    client.close();
    openClient.close();
    await server.stop();
  }
}

// ---- printing ------------------------------------------------------------------------
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));
const countsOf = (map: Map<string, number>) => [...map].map(([key, count]) => `${key}×${count}`).join(' ') || 'none';
const perSecond = (result: LoadResult) => result.sent / result.elapsedS;

function keptUp(report: PhaseReport): boolean {
  return report.result.shed === 0 && perSecond(report.result) >= 0.95 * report.rate!;
}

function printPhase(engine: string, report: PhaseReport) {
  const { name, result, cpuPercent, rssMb, rate, commandsPerBatch, clientCpuPercent, postgresCpuPercent } = report;
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const open = rate !== undefined ? ` sent=${result.sent} shed=${result.shed} kept_up=${keptUp(report) ? 'yes' : 'NO'}` : '';
  const postgres = postgresCpuPercent === null ? '' : ` postgres_cpu=${postgresCpuPercent.toFixed(0)}%`;
  console.log(
    `${engine.padEnd(8)} ${name}  orders/s=${perSecond(result).toFixed(0).padStart(5)} ok=${result.ok}${open} ` +
      `p50=${ms(percentile(sorted, 50))} p95=${ms(percentile(sorted, 95))} p99=${ms(percentile(sorted, 99))} max=${ms(sorted.at(-1) ?? NaN)} ms ` +
      `server_cpu=${cpuPercent.toFixed(0)}%${postgres} client_cpu=${clientCpuPercent.toFixed(0)}% rss=${rssMb.toFixed(0)}MB orders/batch=${commandsPerBatch.toFixed(1)} status: ${countsOf(result.statuses)} refusals: ${countsOf(result.refusals)}`,
  );
}

function printSummary(pgbench: PgbenchResult, writerOnly: WriterOnlyResult | null, results: Map<string, PhaseReport[]>) {
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  console.log(`\n== summary: each figure beside its baseline from this run ==`);
  if (writerOnly) {
    const ratio = writerOnly.ordersPerSecond / pgbench.tps;
    console.log(`writer-only ÷ pgbench: ${writerOnly.ordersPerSecond.toFixed(0)} orders/s ÷ ${pgbench.tps.toFixed(0)} tps = ${ratio.toFixed(2)}× — target ≥ ${targets.writerToPgbench}×: ${verdict(ratio >= targets.writerToPgbench)}`);
  }
  for (const [engine, reports] of results) {
    const ceiling = reports.find((report) => report.ceiling);
    const best = reports.filter((report) => report.rate === undefined && !report.ceiling).reduce((a, b) => (perSecond(a.result) >= perSecond(b.result) ? a : b));
    const bestRate = perSecond(best.result);
    if (ceiling) {
      const ratio = bestRate / perSecond(ceiling.result);
      console.log(`${engine.padEnd(8)} HTTP ÷ no-db ceiling: ${bestRate.toFixed(0)} orders/s (${best.name.trim()}) ÷ ${perSecond(ceiling.result).toFixed(0)} commands/s = ${(ratio * 100).toFixed(0)} % — target ≥ ${targets.httpToCeiling * 100} %: ${verdict(ratio >= targets.httpToCeiling)}`);
    }
    console.log(`${engine.padEnd(8)} HTTP ÷ pgbench: ${(bestRate / pgbench.tps).toFixed(2)}×`);
    for (const report of reports.filter((candidate) => candidate.rate !== undefined)) {
      const p99 = percentile([...report.result.latenciesMs].sort((a, b) => a - b), 99);
      const target = engine === 'pglite' && report.rate === targets.pgliteRate && report.name.includes('market')
        ? ` — target p99 < ${targets.pgliteP99Ms} ms at ${targets.pgliteRate}/s: ${verdict(keptUp(report) && p99 < targets.pgliteP99Ms)}` : '';
      console.log(`${engine.padEnd(8)} ${report.name.trim()}: p99=${ms(p99)} ms, kept up: ${keptUp(report) ? 'yes' : 'no'}${target}`);
    }
  }
  console.log(`machine: ${cpus().length} cores shared by client, server and PostgreSQL (and anything else running); load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
}

// ---- main ----------------------------------------------------------------------------
try {
  console.log(`orders bench: orders=${config.orders} (pglite ${Math.min(config.orders, config.pgliteOrders)}) concurrency=${config.concurrency} rate=${config.rate}/s users=${config.users} engines=${engines.join(',')}`);
  const pgbench = await runPgbench({
    clients: config.pgbenchClients, seconds: config.pgbenchSeconds, scale: 10,
    track: (name, exists) => void (exists ? benchDatabases.add(name) : benchDatabases.delete(name)),
  });
  console.log(`pgbench  TPC-B-like -s 10 -c ${pgbench.clients} -j 2 -T ${pgbench.seconds}: tps=${pgbench.tps.toFixed(0)} latency_avg=${pgbench.latencyMs.toFixed(2)} ms`);
  // The writer alone on PostgreSQL, right after pgbench: its target is a ratio to that tps.
  const writerOnly = engines.includes('postgres')
    ? await benchWriterOnly({ orders: config.writerOrders, concurrency: 256, userCount: config.users, track: (name, exists) => void (exists ? benchDatabases.add(name) : benchDatabases.delete(name)) })
    : null;
  if (writerOnly) console.log(`postgres ${describeWriterOnly(writerOnly)} (load average ${loadavg()[0]!.toFixed(2)})`);
  const results = new Map<string, PhaseReport[]>();
  // --writer-only: pgbench and the writer alone, for quick turns on the database path.
  if (!values['writer-only']) for (const engine of engines) results.set(engine, await benchEngine(engine));
  printSummary(pgbench, writerOnly, results);
  await cleanupBench();
  // Pools and timers of the phases may still hold the loop open: the figures are out.
  process.exit(0);
} catch (error) {
  if (!isExiting()) {
    console.error(`orders bench failed: ${(error as Error).stack ?? error}`);
    await cleanupBench();
    process.exit(1);
  }
}
