// Proves profile/preference on a real database: without a trade it says nothing is there yet;
// with trades placed through the real order path it says how many days remain until three
// calendar months of history, and once the clock is past that it answers the six-axis radar with
// its profile and the spec's allocation tip. The demo seed gives the demo user labelled,
// simulated history on the "real" closes, once, without touching the ledger or the orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayMs } from '../../contract/calendarDays.ts';
import { allocationTips, preferenceAxes } from '../../contract/preference.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { demoUser, seedDemo } from '../demo/seed.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket } from '../market/testing/marketTestKit.ts';
import { defaultTradingRules } from '../trading/rules.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser } from '../testing/userKit.ts';
import { availability } from './preferenceScores.ts';
import { seedDemoPreferenceTrades, simulatedHistoryDays } from './demoTrades.ts';
import { zigzagKline } from './testing/preferenceKit.ts';

let database: TestDatabase;
let server: TestServer;
let clock = Date.now();
const now = () => clock;
const kline = zigzagKline(now);
let accountNumber = 9833300000;
let keySequence = 0;
const key = () => `pref-order-${Date.now()}-${(keySequence += 1)}`;

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Preference Desk', kind: 'advisor', code: 'PREF1' });
  const driven = handDrivenMarket(11, loadCatalog().instruments);
  for (let i = 0; i < 5; i += 1) driven.step();
  server = await startTestServer(database.db, {
    market: { market: driven.market, kline, start() {}, async stop() {} }, now, tradingRules: { ...defaultTradingRules, ordersPerSecond: 1000 },
  });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const trader = () => fundedTestUser(database.db, server, String((accountNumber += 1)), 'PREF1', 2_000_000n);
const preferenceOf = async (session: { token: string; account: string }) => {
  const { body } = await server.call('profile/preference', {}, session);
  expect(body.msg).toBe('ok');
  return body.data;
};

describe('profile/preference', () => {
  it('a-user-without-trades-has-no-history-yet', async () => {
    const { session } = await trader();
    expect(await preferenceOf(session)).toEqual({
      available: false, reason: 'history_too_short', first_trade_at: null, available_from: null, days_remaining: null, months_required: 3,
    });
  });

  it('a-new-trader-learns-how-many-days-remain-and-after-three-months-gets-the-radar', async () => {
    const start = clock;
    try {
      const { session } = await trader();
      const place = (code: string, leverage: number) =>
        server.call('order/place', { code, side: 'long', type: 'market', quantity: 100, leverage, idempotency_key: key() }, session);
      const first = (await place('TCS', 2)).body.data;
      expect(first.status).toBe('holding');
      clock += 3 * dayMs;
      const second = (await place('INFY', 1)).body.data;
      clock += 2 * dayMs;
      expect((await server.call('order/close', { order_no: first.order_no, idempotency_key: key() }, session)).body.data.status).toBe('closed');

      const rule = availability(start, clock);
      const waiting = await preferenceOf(session);
      expect(waiting).toMatchObject({ available: false, reason: 'history_too_short', available_from: rule.availableFrom, days_remaining: rule.daysRemaining });
      expect(waiting.days_remaining).toBeGreaterThan(80);
      expect(Date.parse(waiting.first_trade_at)).toBe(start);

      clock = start + 100 * dayMs;
      const radar = await preferenceOf(session);
      expect(radar.available).toBe(true);
      expect(radar.axes.map((axis: { axis: string }) => axis.axis)).toEqual([...preferenceAxes]);
      const axis = Object.fromEntries(radar.axes.map((row: { axis: string }) => [row.axis, row]));
      // TCS held 5 days, INFY still open after 97: the median of two is their mean.
      expect(axis.holding_period.figure).toBe('51.0');
      // TCS at 2× and INFY at 1×, weighted by the money each opened (100 shares at its fill price).
      const fills = await database.db.query<{ code: string; fill_price_paise: bigint }>('SELECT code, fill_price_paise FROM orders WHERE id = ANY($1::bigint[])', [[first.order_no, second.order_no]]);
      // number-ok: prices become weights of a ratio in the test's expectation
      const [tcs, infy] = ['TCS', 'INFY'].map((code) => Number(fills.find((fill) => fill.code === code)!.fill_price_paise));
      expect(axis.leverage.figure).toBe(((2 * tcs! + infy!) / (tcs! + infy!)).toFixed(2));
      expect(Number(axis.concentration.figure)).toBeCloseTo((tcs! + infy!) ** 2 / (tcs! ** 2 + infy! ** 2), 1);
      expect(axis.volatility.figure).not.toBeNull();
      expect(radar.includes_simulated).toBe(false);
      expect(radar.simulated_prices).toBeNull();
      expect(radar.trades_counted).toBe(2);
      expect(radar.allocation).toEqual(allocationTips[radar.profile as keyof typeof allocationTips]);
      expect(second.status).toBe('holding');
    } finally {
      clock = start;
    }
  });
});

describe('demo history', () => {
  it('the-demo-seed-makes-the-demo-profile-available-labelled-simulated-once-and-moves-no-money', async () => {
    await seedDemo(database.db, now);
    const ledgerRows = async () => (await database.db.query<{ count: bigint }>('SELECT count(*) AS count FROM ledger_postings'))[0]!.count;
    const ordersBefore = (await database.db.query('SELECT id FROM orders')).length;
    const postingsBefore = await ledgerRows();
    const seed = () => seedDemoPreferenceTrades(database.db, { account: demoUser.account, kline, lotOf: () => 100, now });
    const written = await seed();
    expect(written).toBeGreaterThanOrEqual(25);
    expect(await seed()).toBe(0);
    expect((await database.db.query('SELECT id FROM preference_simulated_trades')).length).toBe(written);
    expect((await database.db.query('SELECT id FROM orders')).length).toBe(ordersBefore);
    expect(await ledgerRows()).toBe(postingsBefore);

    const [first] = await database.db.query<{ opened_at: Date; price_day_close: string }>(
      "SELECT opened_at, to_char(max(price_day_close) OVER (), 'YYYY-MM-DD') AS price_day_close FROM preference_simulated_trades ORDER BY seq LIMIT 1",
    );
    // The history starts more than three months back and is priced at closes no later than the last "real" day.
    expect(clock - new Date(first!.opened_at).getTime()).toBeGreaterThan(95 * dayMs);
    expect(first!.price_day_close <= kline.realUntilDay()).toBe(true);

    const login = await server.call('user/login', demoUser);
    const radar = await preferenceOf(login.body.data);
    expect(radar).toMatchObject({ available: true, includes_simulated: true, simulated_trades: written });
    expect(radar.simulated_prices).toMatchObject({ real: true, to: first!.price_day_close });
    expect(radar.axes).toHaveLength(6);
    expect(radar.axes.every((axis: { figure: string | null }) => axis.figure !== null)).toBe(true);
    expect(Number(radar.average_equity)).toBeGreaterThan(0);
  });

  it('a-demo-mode-start-seeds-it-once-and-a-second-start-adds-nothing', async () => {
    const demoDatabase = await openTestDatabase();
    try {
      await seedDemo(demoDatabase.db, now);
      const driven = handDrivenMarket(17, loadCatalog().instruments);
      driven.step();
      const runtime = { market: driven.market, kline, start() {}, async stop() {} };
      const count = async () => (await demoDatabase.db.query('SELECT id FROM preference_simulated_trades')).length;
      const first = await startTestServer(demoDatabase.db, { demoMode: true, market: runtime, now });
      const written = await count();
      expect(written).toBeGreaterThanOrEqual(25);
      const login = await first.call('user/login', demoUser);
      expect((await first.call('profile/preference', {}, login.body.data)).body.data).toMatchObject({ available: true, includes_simulated: true });
      await first.close();
      const second = await startTestServer(demoDatabase.db, { demoMode: true, market: runtime, now });
      expect(await count()).toBe(written);
      await second.close();
    } finally {
      await demoDatabase.close();
    }
  });

  it('the-simulated-history-fits-in-the-business-days-before-seeding', () => {
    expect(simulatedHistoryDays).toBeLessThan(90);
  });
});
