// Demo mode seeds two rights issues under the market price with their record dates still ahead,
// once: a second start while they are ahead of their allotment seeds nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket } from '../market/testing/marketTestKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { seedDemoPlacements } from './demoPlacements.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

it('demo-rights-issues-are-seeded-once-under-the-market-price-before-their-record-date', async () => {
  const driven = handDrivenMarket(7, loadCatalog().instruments);
  driven.step();
  driven.trade('RELIANCE', 140_000);
  driven.trade('TCS', 350_000);
  const now = Date.now();
  expect(await seedDemoPlacements(database.db, driven.market, () => now)).toBe(2);
  expect(await seedDemoPlacements(database.db, driven.market, () => now)).toBe(0);
  const rows = await database.db.query<{ code: string; price_paise: bigint; record_at: Date; open_at: Date; demo: boolean }>(
    'SELECT code, price_paise, record_at, open_at, demo FROM placements ORDER BY id');
  expect(rows.map((row) => [row.code, BigInt(row.price_paise), row.demo])).toEqual([['RELIANCE', 119_000n, true], ['TCS', 297_500n, true]]);
  for (const row of rows) {
    expect(row.record_at.getTime()).toBeGreaterThan(now);
    expect(row.open_at.getTime()).toBeGreaterThan(row.record_at.getTime());
  }
});
