// The real Ledgerline server for the order benchmark, in its own process so its CPU and
// RSS are its own: a throwaway database (PostgreSQL or PGlite in a temp dir), migrations,
// the simulator market running, funded and logged-in users. Driven by run.ts over IPC:
// 'ready' (port, sessions) → 'usage' samples → 'stop'. Cleans up its database on stop,
// on SIGINT/SIGTERM and when the parent goes away.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open.ts';
import { openMarket, testMarketConfig, type MarketRuntime } from '../../server/market/runtime.ts';
import { defaultTradingRules } from '../../server/trading/rules.ts';
import { openBenchIssue } from '../ipoClosingIssue.ts';
import { seedUsers } from './seedUsers.ts';
import { createDatabase, databaseUrl, dropDatabase } from './databases.ts';

export type ServerMessage =
  | { type: 'ready'; port: number; sessions: { account: string; token: string }[]; seedMs: number; ipoId?: string }
  | { type: 'usage'; cpuMicros: number; rssBytes: number; batches: number; batchedCommands: number }
  | { type: 'stopped' };

const send = (message: ServerMessage) => process.send?.(message);

async function main() {
  const engine = process.env.BENCH_ENGINE === 'pglite' ? 'pglite' : 'postgres';
  const userCount = Number(process.env.BENCH_USERS ?? 200);
  let db: Database | null = null;
  let app: App | null = null;
  let market: MarketRuntime | null = null;
  let databaseName: string | null = null;
  let dataDir: string | null = null;
  let cleaning: Promise<void> | null = null;

  const cleanup = () =>
    (cleaning ??= (async () => {
      await app?.http.close().catch((error) => console.error(`server: close: ${error.message}`));
      await market?.stop().catch(() => undefined);
      await db?.close().catch(() => undefined);
      if (databaseName) await dropDatabase(databaseName).catch((error) => console.error(`server: drop ${databaseName}: ${error.message}`));
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    })());
  const stopAndExit = (code: number) => void cleanup().finally(() => process.exit(code));
  process.on('SIGINT', () => stopAndExit(130));
  process.on('SIGTERM', () => stopAndExit(143));
  // The parent died or was killed: nobody will send 'stop', so do not leave a database behind.
  process.on('disconnect', () => stopAndExit(1));
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'usage') {
      const cpu = process.cpuUsage();
      const writer = app?.writer.stats() ?? { batches: 0, commands: 0 };
      send({ type: 'usage', cpuMicros: cpu.user + cpu.system, rssBytes: process.memoryUsage().rss, batches: writer.batches, batchedCommands: writer.commands });
    } else if (message.type === 'stop') {
      void cleanup().then(() => {
        send({ type: 'stopped' });
        process.exit(0);
      });
    }
  });

  try {
    const seedStarted = performance.now();
    if (engine === 'postgres') {
      // Named by the parent, which drops it too if this process dies before it can.
      databaseName = process.env.BENCH_DATABASE ?? `ledgerline_bench_orders_${randomBytes(5).toString('hex')}`;
      await createDatabase(databaseName);
      db = await openDatabase({ engine: 'postgres', url: databaseUrl(databaseName) });
    } else {
      dataDir = await mkdtemp(join(tmpdir(), 'ledgerline-bench-orders-'));
      db = await openDatabase({ engine: 'pglite', dataDir });
    }
    const sessions = await seedUsers(db, userCount);
    market = await openMarket(testMarketConfig);
    market.start();
    await waitForFirstPrices(market);
    // The per-user limit would refuse almost everything at benchmark rates; the limit itself is not under test.
    app = await buildApp({ db, demoMode: false, market, tradingRules: { ...defaultTradingRules, ordersPerSecond: 1_000_000 } });
    await app.http.listen({ host: '127.0.0.1', port: 0 });
    const address = app.http.server.address();
    if (!address || typeof address === 'string') throw new Error('server: no TCP address');
    // The IPO closing-minute bench (bench/ipoClosing.ts) applies for one open issue.
    const ipoId = process.env.BENCH_IPO === '1' ? await openBenchIssue(app) : undefined;
    send({ type: 'ready', port: address.port, sessions, seedMs: performance.now() - seedStarted, ipoId });
  } catch (error) {
    console.error(`server: setup failed: ${(error as Error).stack ?? error}`);
    stopAndExit(1);
  }
}

/** Orders are refused until an instrument has traded once (quote.time > 0): wait for the first frame. */
async function waitForFirstPrices(market: MarketRuntime) {
  const deadline = Date.now() + 15_000;
  while (![...market.market.quotes()].some((quote) => quote.time > 0)) {
    if (Date.now() > deadline) throw new Error('server: the simulator published no prices within 15 s');
    await new Promise((done) => setTimeout(done, 100));
  }
}

await main();
