// The order writer alone, in process, against a throwaway PostgreSQL database: no HTTP, no
// JSON, no sessions. What the database path can take; run.ts runs it beside pgbench and the
// whole server in the same run.
//
//   npx tsx bench/orders/writerOnly.ts [--orders 50000] [--concurrency 256] [--users 200]
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { issueInvitationCode } from '../../server/accounts/invitations.ts';
import { openDatabase } from '../../server/db/open.ts';
import { openLedgerAccount, transfer } from '../../server/ledger/ledger.ts';
import { rupeesParam } from '../../contract/statementReasons.ts';
import { openUserLedgerAccounts } from '../../server/ledger/userBalances.ts';
import { loadCatalog } from '../../server/market/instruments/catalog.ts';
import { handDrivenMarket } from '../../server/market/testing/marketTestKit.ts';
import { houseAccountLanes } from '../../server/trading/orderStore.ts';
import { defaultTradingRules } from '../../server/trading/rules.ts';
import { createOrderWriter } from '../../server/trading/writer/orderWriter.ts';
import { createDatabase, databaseUrl, dropDatabase } from './databases.ts';
import { postgresCpuSeconds } from './pgbench.ts';

export interface WriterOnlyResult {
  /** CPU of this process (the writer) and of every PostgreSQL process while orders ran, in % of one core. */
  writerCpuPercent: number; postgresCpuPercent: number;
  ordersPerSecond: number; p50Ms: number; p99Ms: number; batches: number; commandsPerBatch: number; fallbacks: number; replans: number }

export async function benchWriterOnly({ orders, concurrency, userCount, track }: {
  orders: number; concurrency: number; userCount: number; track?: (name: string, exists: boolean) => void;
}): Promise<WriterOnlyResult> {
  const name = `ledgerline_bench_writer_${randomBytes(5).toString('hex')}`;
  track?.(name, true);
  await createDatabase(name);
  const db = await openDatabase({ engine: 'postgres', url: databaseUrl(name) });
  try {
    const { code } = await issueInvitationCode(db, { institutionName: 'Writer Bench', kind: 'advisor', code: 'WBENCH' });
    const funding = await openLedgerAccount(db, { code: 'bench:funding', kind: 'demo_funding', currency: 'INR', allowNegative: true });
    const users: bigint[] = [];
    for (let index = 0; index < userCount; index++) {
      const [user] = await db.query<{ id: bigint }>('INSERT INTO users (account, password_hash, invitation_code) VALUES ($1, $2, $3) RETURNING id', [String(9_100_000_000 + index), 'x', code]);
      const { availableAccountId } = await openUserLedgerAccounts(db, user!.id);
      await db.transaction((tx) => transfer(tx, { idempotencyKey: `bench-funding:${index}`, kind: 'test', reasonKind: 'correction', reasonParams: { amount: rupeesParam(1_000_000_000_00n), note: 'Benchmark money' }, userId: user!.id,
        postings: [{ accountId: funding, currency: 'INR', amount: -1_000_000_000_00n }, { accountId: availableAccountId, currency: 'INR', amount: 1_000_000_000_00n }] }));
      users.push(user!.id);
    }
    const driven = handDrivenMarket(3, loadCatalog().instruments);
    driven.step();
    const codes = ['TCS', 'INFY', 'SBIN', 'ITC', 'LT'];
    const writer = createOrderWriter({ db, currentRules: () => defaultTradingRules, house: await houseAccountLanes(db, Number(process.env.BENCH_LANES ?? 2), ['INR']), market: driven.market, now: Date.now });
    // A writer loads its users as it starts.
    await writer.rebuild(users);
    let next = 0;
    const latencies: number[] = [];
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const postgresBefore = postgresCpuSeconds();
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < orders) {
        const index = next++;
        const code = codes[index % codes.length]!;
        const price = BigInt(driven.market.quote(code)!.last);
        const sent = performance.now();
        await writer.submit({ kind: 'place', userId: users[index % users.length]!, vip: false, idempotencyKey: `bench-order-${index}`, code, currency: 'INR', side: 'long', type: 'market',
          quantity: 100n, lot: 100, leverage: 2, limitPaise: null, pricePaise: price, fillsNow: true });
        latencies.push(performance.now() - sent);
      }
    }));
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const postgresSeconds = postgresCpuSeconds() - postgresBefore;
    latencies.sort((a, b) => a - b);
    const stats = writer.stats();
    return {
      writerCpuPercent: ((cpu.user + cpu.system) / 1e6 / seconds) * 100, postgresCpuPercent: (postgresSeconds / seconds) * 100,
      ordersPerSecond: orders / seconds, p50Ms: latencies[Math.floor(latencies.length / 2)]!, p99Ms: latencies[Math.floor(latencies.length * 0.99)]!,
      batches: stats.batches, commandsPerBatch: stats.commands / stats.batches, fallbacks: stats.fallbacks, replans: stats.replans,
    };
  } finally {
    await db.close();
    await dropDatabase(name);
    track?.(name, false);
  }
}

export const describeWriterOnly = (result: WriterOnlyResult) =>
  `writer only: ${result.ordersPerSecond.toFixed(0)} orders/s, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, ${result.batches} batches (${result.commandsPerBatch.toFixed(1)} per batch), ${result.fallbacks} fallbacks, ${result.replans} replans; CPU: writer ${result.writerCpuPercent.toFixed(0)} %, PostgreSQL ${result.postgresCpuPercent.toFixed(0)} % (of one core)`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { orders: { type: 'string', default: '50000' }, concurrency: { type: 'string', default: '256' }, users: { type: 'string', default: '200' } } });
  console.log(describeWriterOnly(await benchWriterOnly({ orders: Number(values.orders), concurrency: Number(values.concurrency), userCount: Number(values.users) })));
}
