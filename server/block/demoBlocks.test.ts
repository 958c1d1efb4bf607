// Proves demo mode's blocks: three open blocks of NIFTY 50 stocks priced 1–2 % under the
// market, within the configured band; a later start with a block still open adds none.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../market/testing/marketTestKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { lotOf } from '../trading/orders.ts';
import { seedDemoBlocks } from './demoBlocks.ts';

let database: TestDatabase;
let server: TestServer;
let driven: HandDrivenMarket;

beforeAll(async () => {
  database = await openTestDatabase();
  driven = handDrivenMarket(5, loadCatalog().instruments);
  driven.step();
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  server = await startTestServer(database.db, { market: runtime });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

it('seeds-three-open-blocks-under-the-market-once', async () => {
  const seed = () => seedDemoBlocks(database.db, driven.market, (spec) => lotOf(spec, server.app.trading.currentRules()), server.app.settings, Date.now);
  expect(await seed()).toBe(3);
  expect(await seed()).toBe(0);
  const rows = await database.db.query<{ code: string; price_paise: bigint; reference_price_paise: bigint; remaining: bigint }>(
    'SELECT code, price_paise, reference_price_paise, remaining FROM blocks ORDER BY id',
  );
  expect(rows.map((row) => row.code)).toEqual(['HDFCBANK', 'TCS', 'ICICIBANK']);
  for (const row of rows) {
    const discountBps = ((row.reference_price_paise - row.price_paise) * 10_000n) / row.reference_price_paise;
    expect(discountBps >= 90n && discountBps <= 210n, `${row.code} at ${discountBps} bps under`).toBe(true);
    expect(row.remaining > 0n).toBe(true);
  }
});
