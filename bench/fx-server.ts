// The real Ledgerline server for the exchange benchmark, in its own process so the load
// generator does not share its event loop: a throwaway PostgreSQL database, migrations, the
// ECB rate file (the shared data folder, or the sample below when it is missing), funded
// users with sessions. Tells the parent 'ready' (port, sessions) and stops on 'stop', on a
// signal, or when the parent goes away, dropping its database each time.
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { buildApp, type App } from '../server/app.ts';
import type { Database } from '../server/db/database.ts';
import { openDatabase } from '../server/db/open.ts';
import { parseEcbCsv } from '../server/fx/ecbFile.ts';
import { loadFxRateData, readFxRatesConfig } from '../server/fx/fxRates.ts';
import { openMarket, testMarketConfig } from '../server/market/runtime.ts';
import { createDatabase, databaseUrl, dropDatabase } from './orders/databases.ts';
import { seedUsers } from './orders/seedUsers.ts';

export type FxServerMessage = { type: 'ready'; port: number; sessions: { account: string; token: string }[] } | { type: 'stopped' };

const send = (message: FxServerMessage) => process.send?.(message);
const sampleRates = 'Date,USD,JPY,CNY,HKD,INR,KRW,MYR,THB,\n2025-05-09,1.1252,163.36,8.147,8.7519,96.0755,1575.72,4.835,37.132,\n';

async function main() {
  const userCount = Number(process.env.BENCH_USERS ?? 200);
  const databaseName = process.env.BENCH_DATABASE ?? `ledgerline_bench_fx_${randomBytes(5).toString('hex')}`;
  let db: Database | null = null;
  let app: App | null = null;
  let cleaning: Promise<void> | null = null;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await app?.http.close().catch(() => undefined);
      await db?.close().catch(() => undefined);
      await dropDatabase(databaseName).catch((error) => console.error(`fx server: drop ${databaseName}: ${error.message}`));
    })());
  const stopAndExit = (code: number) => void cleanup().finally(() => process.exit(code));
  process.on('SIGINT', () => stopAndExit(130));
  process.on('SIGTERM', () => stopAndExit(143));
  process.on('disconnect', () => stopAndExit(1));
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'stop') void cleanup().then(() => (send({ type: 'stopped' }), process.exit(0)));
  });

  try {
    await createDatabase(databaseName);
    db = await openDatabase({ engine: 'postgres', url: databaseUrl(databaseName) });
    const sessions = await seedFxUsers(db, userCount);
    const configured = loadFxRateData(readFxRatesConfig(process.env, false));
    const fxRates = configured.series ? configured : { series: parseEcbCsv(sampleRates), intradaySeed: null };
    // Errors only: a failed command is worth seeing, a request log would cost the server what it measures.
    app = await buildApp({ db, demoMode: false, market: await openMarket(testMarketConfig), fxRates, logger: pino({ level: 'error' }) });
    await app.http.listen({ host: '127.0.0.1', port: 0 });
    const address = app.http.server.address();
    if (!address || typeof address === 'string') throw new Error('fx server: no TCP address');
    send({ type: 'ready', port: address.port, sessions });
  } catch (error) {
    console.error(`fx server: setup failed: ${(error as Error).stack ?? error}`);
    stopAndExit(1);
  }
}

/** Users with rupee accounts, ₹1 crore each and a session; one shared password hash (argon2 is not under test). */
const seedFxUsers = (db: Database, count: number) =>
  seedUsers(db, count, { institutionName: 'FX Bench', invitationCode: 'FXBENCH', firstAccount: 9_200_000_000, fundPaise: 1_00_00_000n * 100n });

await main();
