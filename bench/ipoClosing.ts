// The closing minute of a popular IPO: ipo/apply over keep-alive HTTP at a fixed rate (open
// loop, latency from each scheduled send: bench/orders/load.ts) against the real server
// (bench/orders/server.ts, a child process) on a fresh PostgreSQL database, one open issue and
// enough funded users that none reaches the issue's maximum applications. Before it, in the
// same run: pgbench's TPC-B-like tps on the same PostgreSQL server and the no-database ceiling
// of the same client and server (authenticated trade/rules), as the order bench prints them, and
// the apply path's capacity (closed loop).
// After it: held money = Σ open applications, per user and in total, and the ledger's invariants.
//
//   npm run bench:ipo-closing [-- --rate 2000 --seconds 25 --users 1000 --pgbench-seconds 10 --profile DIR]
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/open.ts';
import { healthyLedger, ledgerHealth } from '../server/ledger/ledgerTestKit.ts';
import { benchIssue } from './ipoClosingIssue.ts';
import { databaseUrl } from './orders/databases.ts';
import { closedLoop, createClient, type LoadResult, openLoop, percentile } from './orders/load.ts';
import { runPgbench } from './orders/pgbench.ts';
import { benchDatabases, cleanupBench, cleanupOnSignals, isExiting, startServerChild } from './orders/serverChild.ts';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '2000' }, seconds: { type: 'string', default: '25' }, users: { type: 'string', default: '1000' },
    'pgbench-seconds': { type: 'string', default: '10' }, 'pgbench-clients': { type: 'string', default: '10' }, profile: { type: 'string' },
  },
});
const config = {
  rate: Number(values.rate), seconds: Number(values.seconds), users: Number(values.users),
  pgbenchSeconds: Number(values['pgbench-seconds']), pgbenchClients: Number(values['pgbench-clients']),
};
for (const [name, value] of Object.entries(config)) if (!Number.isInteger(value) || value < 1) throw new Error(`--${name}: expected a positive integer, got ${value}`);
cleanupOnSignals();
const targets = { rate: 2000, p99Ms: 50 };
const applications = config.rate * config.seconds;
if (applications > config.users * benchIssue.maxApplicationsPerUser) {
  throw new Error(`${applications} applications need at least ${Math.ceil(applications / benchIssue.maxApplicationsPerUser)} users (the issue allows ${benchIssue.maxApplicationsPerUser} each)`);
}
/** At most a quarter second of sends outstanding; beyond that a send is shed and counted (as the order bench does). */
const maxInFlight = Math.ceil(config.rate / 4);

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));
const countsOf = (map: Map<string, number>) => [...map].map(([key, count]) => `${key}×${count}`).join(' ') || 'none';

function printLoad(name: string, result: LoadResult, rate?: number): { p99: number; keptUp: boolean } {
  const sorted = [...result.latenciesMs].sort((left, right) => left - right);
  const achieved = result.sent / result.elapsedS;
  const keptUp = rate === undefined || (result.shed === 0 && achieved >= 0.95 * rate);
  console.log(`${name}: ${achieved.toFixed(0)}/s sent=${result.sent} ok=${result.ok} shed=${result.shed} p50=${ms(percentile(sorted, 50))} p95=${ms(percentile(sorted, 95))} ` +
    `p99=${ms(percentile(sorted, 99))} max=${ms(sorted.at(-1) ?? NaN)} ms refusals: ${countsOf(result.refusals)}`);
  return { p99: percentile(sorted, 99), keptUp };
}

/** Held money against the applications, after the load: per user and in total, and the ledger's invariants. */
async function checkLedger(databaseName: string, ipoId: string) {
  const db = await openDatabase({ engine: 'postgres', url: databaseUrl(databaseName) });
  try {
    const [totals] = await db.query<{ applications: bigint; held: bigint; frozen: bigint; users_off: bigint }>(
      `WITH held AS (SELECT user_id, sum(amount_held_paise) AS held FROM ipo_applications WHERE ipo_id = $1 AND state = 'pending' GROUP BY user_id),
            frozen AS (SELECT user_id, balance_paise AS frozen FROM ledger_accounts WHERE kind = 'user_frozen' AND currency = 'INR')
       SELECT (SELECT count(*) FROM ipo_applications WHERE ipo_id = $1 AND state = 'pending') AS applications,
              (SELECT coalesce(sum(held), 0) FROM held)::bigint AS held, (SELECT coalesce(sum(frozen), 0) FROM frozen)::bigint AS frozen,
              (SELECT count(*) FROM frozen f FULL JOIN held h USING (user_id) WHERE coalesce(f.frozen, 0) <> coalesce(h.held, 0)) AS users_off`,
      [ipoId],
    );
    const accounts = await db.query<{ id: bigint }>('SELECT id FROM ledger_accounts');
    const health = await ledgerHealth(db, accounts.map((account) => account.id));
    const problems = Object.entries(health).filter(([key, value]) => key !== 'globalSumPaise' && value !== healthyLedger()[key as keyof typeof health]);
    return { ...totals!, healthy: problems.length === 0 && health.globalSumPaise === 0n, health };
  } finally {
    await db.close();
  }
}

try {
  console.log(`ipo closing bench: ${config.rate}/s for ${config.seconds} s (${applications} ipo/apply), ${config.users} funded users, one open issue ` +
    `(₹${benchIssue.pricePaise / 100n} × lot ${benchIssue.lot}, at most ${benchIssue.maxApplicationsPerUser} applications per user); ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(2)}`);
  const pgbench = await runPgbench({
    clients: config.pgbenchClients, seconds: config.pgbenchSeconds, scale: 10,
    track: (name, exists) => void (exists ? benchDatabases.add(name) : benchDatabases.delete(name)),
  });
  console.log(`pgbench TPC-B-like -s 10 -c ${pgbench.clients} -j 2 -T ${pgbench.seconds}: tps=${pgbench.tps.toFixed(0)} latency_avg=${pgbench.latencyMs.toFixed(2)} ms`);
  const server = await startServerChild({ engine: 'postgres', users: config.users, profileDir: values.profile, env: { BENCH_IPO: '1' } });
  const { port, sessions, ipoId } = server.ready;
  if (!ipoId) throw new Error('the bench server opened no IPO issue');
  console.log(`server up on :${port}, ${sessions.length} funded users seeded in ${(server.ready.seedMs / 1000).toFixed(1)} s, issue ${ipoId} open`);
  const client = createClient(port, 64);
  const openClient = createClient(port, 256);
  try {
    // The same session and envelope path with no database work: what no command can pass here.
    const ceiling = await closedLoop(client, 20_000, 64, (index) => [sessions[index % sessions.length]!, {}], 'trade/rules');
    printLoad('ceiling, trade/rules closed loop c=64, no database', ceiling);
    const apply = (tag: string) => (index: number): [typeof sessions[number], Record<string, unknown>] =>
      [sessions[index % sessions.length]!, { ipo_id: ipoId, lots: 1 + (index % 3), idempotency_key: `bench-${tag}-${index}` }];
    // Warm-up (JIT, pool connections, plans), not measured: these applications stay and are checked with the rest.
    await closedLoop(client, 1_000, 32, apply('warm'), 'ipo/apply');
    // Capacity: as fast as the server answers, 32 in flight (what the open loop can hope for).
    const capacity = await closedLoop(client, 5_000, 32, apply('capacity'), 'ipo/apply');
    printLoad('ipo/apply closed loop c=32 (capacity)', capacity);
    const usageBefore = await server.usage();
    const result = await openLoop(openClient, applications, config.rate, maxInFlight, apply('close'), 'ipo/apply');
    const usageAfter = await server.usage();
    const { p99, keptUp } = printLoad(`ipo/apply open loop at ${config.rate}/s`, result, config.rate);
    console.log(`  server process CPU during the open loop: ${(((usageAfter.cpuMicros - usageBefore.cpuMicros) / 1e6 / result.elapsedS) * 100).toFixed(0)}% of one core`);
    const achieved = result.sent / result.elapsedS;
    const ledger = await checkLedger(server.databaseName, ipoId);
    console.log(`after: ${ledger.applications} open applications hold ₹${ledger.held / 100n}; users' frozen balances ₹${ledger.frozen / 100n}; ` +
      `users whose frozen balance differs from their open applications: ${ledger.users_off}; ledger ${ledger.healthy ? 'healthy' : `NOT healthy ${JSON.stringify(ledger.health, (_, value) => (typeof value === 'bigint' ? value.toString() : value))}`}`);
    const ceilingRate = ceiling.sent / ceiling.elapsedS;
    console.log(`\n== summary (target: ≥ ${targets.rate} applications/s over HTTP on PostgreSQL, p99 < ${targets.p99Ms} ms, ledger balanced) ==`);
    console.log(`achieved ${achieved.toFixed(0)}/s (capacity ${(capacity.sent / capacity.elapsedS).toFixed(0)}/s = ${(capacity.sent / capacity.elapsedS / pgbench.tps).toFixed(2)}× pgbench tps ${pgbench.tps.toFixed(0)}; no-database ceiling ${ceilingRate.toFixed(0)}/s), p99 ${ms(p99)} ms, ` +
      `refusals ${[...result.refusals.values()].reduce((sum, count) => sum + count, 0)}, ledger ${ledger.healthy && ledger.users_off === 0n && ledger.held === ledger.frozen ? 'balanced' : 'NOT balanced'} — target: ` +
      `${keptUp && achieved >= targets.rate && p99 < targets.p99Ms && ledger.healthy && ledger.held === ledger.frozen ? 'met' : 'missed'}`);
    console.log(`machine: ${cpus().length} cores shared by client, server and PostgreSQL; load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  } finally {
    client.close();
    openClient.close();
    await server.stop();
  }
  await cleanupBench();
} catch (error) {
  if (!isExiting()) {
    console.error(`ipo closing bench failed: ${(error as Error).stack ?? error}`);
    await cleanupBench();
    process.exit(1);
  }
}
