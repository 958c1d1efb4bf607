import type { Candle } from '../../contract/market.ts';
import { formatRupees } from '../../contract/money.ts';
import { dayMs, istDayStart } from '../../contract/calendarDays.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import type { Database } from '../db/database.ts';
import { fallbackPrice } from '../market/feeds/simulator.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket, testEpoch } from '../market/testing/marketTestKit.ts';
import type { MarketRuntime } from '../market/runtime.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser, type TestUser } from '../testing/userKit.ts';
import { defaultTradingRules } from '../trading/rules.ts';

// A strategy-fund test bench: a real database, the whole instrument catalog on a hand-driven
// market, daily closes that trend up for some NIFTY 50 members and down for others (so every
// strategy has something to do), a clock the test moves, and an exam gate the test controls.

export interface FundBench {
  database: TestDatabase;
  db: Database;
  server: TestServer;
  driven: HandDrivenMarket;
  operator: TestStaff;
  clock: { now: number };
  /** Users who passed the courseware exam, as far as this bench's gate knows. */
  passed: Set<bigint>;
  user(rupees: bigint, options?: { passed?: boolean }): Promise<TestUser>;
  createFund(overrides?: Record<string, unknown>): Promise<{ id: string }>;
  close(): Promise<void>;
}

/** Deterministic daily closes ending yesterday: a trend of −10 % … +10 % over `days` days, by code. */
export function trendingCloses(code: string, last: number, now: number, days = 40): Candle[] {
  let hash = 0;
  for (const char of code) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  const trendPercent = (hash % 21) - 10;
  const today = istDayStart(now);
  const bars: Candle[] = [];
  for (let back = days; back >= 1; back--) {
    const close = Math.max(1, Math.round(last * (1 - (trendPercent * back) / (100 * days))));
    const text = formatRupees(BigInt(close));
    bars.push({ t: today - back * dayMs, o: text, h: text, l: text, c: text, v: 1000 });
  }
  return bars;
}

let accountNumber = 9_700_000_000 + Math.floor(Math.random() * 9_000_000) * 10;

export async function openFundBench(options: { seed?: number } = {}): Promise<FundBench> {
  const database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Fund Desk', kind: 'advisor', code: 'FUND1' });
  // Shares outstanding from the market-cap list at the starting price, as the real runtime estimates them (the equal-weight strategy ranks by them).
  const catalog = loadCatalog();
  const instruments = catalog.instruments.map((spec) => {
    const capRupees = catalog.marketCapRupees.get(spec.code);
    return capRupees && spec.kind === 'equity' ? { ...spec, shares: Math.round((capRupees * 100) / fallbackPrice(spec)) } : spec;
  });
  const driven = handDrivenMarket(options.seed ?? 11, instruments);
  for (let i = 0; i < 3; i += 1) driven.step();
  const clock = { now: testEpoch + 60_000 };
  const runtime: MarketRuntime = {
    market: driven.market,
    kline: { candles: (code) => trendingCloses(code, driven.market.quote(code)?.last ?? 100_000, clock.now), realUntil: () => null },
    start() {},
    async stop() {},
  };
  const passed = new Set<bigint>();
  const server = await startTestServer(database.db, {
    market: runtime, now: () => clock.now, tradingRules: { ...defaultTradingRules, ordersPerSecond: 1000 },
    copyTradingExamPassed: async (_sql, userId) => passed.has(userId),
  });
  const operator = await createAndLogInStaff(database.db, server, `fund-operator-${accountNumber}`, 'operator');
  return {
    database, db: database.db, server, driven, operator, clock, passed,
    async user(rupees, { passed: hasPassed = true } = {}) {
      const user = await fundedTestUser(database.db, server, String((accountNumber += 1)), 'FUND1', rupees);
      if (hasPassed) passed.add(user.userId);
      return user;
    },
    async createFund(overrides = {}) {
      const { body } = await server.call('admin/fund/save', {
        name: 'Test Momentum', strategy: 'nifty50_momentum', size_cap: '50000000.00', minimum_investment: '5000.00',
        subscribe_from: new Date(clock.now - 3_600_000).toISOString(), subscribe_until: new Date(clock.now + 10 * dayMs).toISOString(),
        ends_at: new Date(clock.now + 30 * dayMs).toISOString(), management_fee_bps: 100, reason: 'A fund for the tests', ...overrides,
      }, operator.headers);
      if (body.status !== 1) throw new Error(`fund not saved: ${body.msg}`);
      return body.data;
    },
    async close() {
      await server?.close();
      await database?.close();
    },
  };
}
