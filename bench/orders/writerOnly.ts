// The order writer alone, in process, against a throwaway PostgreSQL database: no HTTP, no
// JSON, no sessions. What the database path can take; run.ts measures the whole server.
//
//   npx tsx bench/orders/writerOnly.ts [--orders 50000] [--concurrency 256] [--users 200]
import { randomBytes } from 'node:crypto';
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

const { values } = parseArgs({ options: { orders: { type: 'string', default: '50000' }, concurrency: { type: 'string', default: '256' }, users: { type: 'string', default: '200' } } });
const orders = Number(values.orders);
const concurrency = Number(values.concurrency);
const userCount = Number(values.users);

const name = `ledgerline_bench_writer_${randomBytes(5).toString('hex')}`;
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
  const writer = createOrderWriter({ db, currentRules: () => defaultTradingRules, house: await houseAccountLanes(db, 2, ['INR']), market: driven.market, now: Date.now });
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
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
  latencies.sort((a, b) => a - b);
  const stats = writer.stats();
  console.log(`writer only: ${(orders / seconds).toFixed(0)} orders/s, p50 ${latencies[Math.floor(latencies.length / 2)]!.toFixed(1)} ms, p99 ${latencies[Math.floor(latencies.length * 0.99)]!.toFixed(1)} ms, ${stats.batches} batches (${(stats.commands / stats.batches).toFixed(1)} per batch), ${stats.fallbacks} fallbacks`);
} finally {
  await db.close();
  await dropDatabase(name);
}
