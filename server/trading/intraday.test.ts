// The intraday product against a real database: the minimum and the leverage are enforced
// with their own refusals, the square-off closes every intraday position at the market price
// with its reason on the order, in the statement and in the inbox, cancels pending intraday
// orders, leaves delivery positions alone, and does nothing more when run again; after the
// day's square-off new intraday orders are refused until the next session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayMs, istDayStartOf, minuteMs } from '../../contract/calendar.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../market/testing/marketTestKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser } from '../testing/userKit.ts';
import { createIntradaySchedule } from './intraday.ts';
import { lotOf, placeOrder } from './orders.ts';
import { defaultTradingRules } from './rules.ts';

let database: TestDatabase;
let server: TestServer;
let driven: HandDrivenMarket;
let accountNumber = 9822400000;
const code = 'IRCTC';
/** The smallest whole number of lots reaching the default minimum of 10,000 shares. */
let quantity = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Intraday Desk', kind: 'advisor', code: 'INT1' });
  driven = handDrivenMarket(11, loadCatalog().instruments);
  for (let i = 0; i < 5; i += 1) driven.step();
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  server = await startTestServer(database.db, { market: runtime, tradingRules: { ...defaultTradingRules, ordersPerSecond: 1000 } });
  const lot = lotOf(driven.market.instrument(code)!, defaultTradingRules);
  quantity = Math.ceil(10_000 / lot) * lot;
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const trader = () => fundedTestUser(database.db, server, String((accountNumber += 1)), 'INT1', 100_000_000n);
let sequence = 0;
const key = () => `intraday-${Date.now()}-${(sequence += 1)}`;
const intradayOrder = (change: Record<string, unknown> = {}) => ({ code, side: 'long', type: 'market', quantity, leverage: 5, product: 'intraday', idempotency_key: key(), ...change });

describe('placing intraday orders', () => {
  it('refuses fewer shares than the minimum, naming it, and any leverage but the intraday one', async () => {
    const { session, userId } = await trader();
    expect((await server.call('order/place', intradayOrder({ quantity: 100 }), session)).body.msg).toBe('intraday_minimum_not_met:10000');
    expect((await server.call('order/place', intradayOrder({ leverage: 2 }), session)).body.msg).toBe('leverage_not_allowed');
    expect(await database.db.query('SELECT id FROM orders WHERE user_id = $1', [userId.toString()])).toEqual([]);
  });

  it('opens an intraday position at the intraday leverage; delivery orders keep their own rules', async () => {
    const { session } = await trader();
    const opened = (await server.call('order/place', intradayOrder(), session)).body;
    expect(opened.msg).toBe('ok');
    expect(opened.data).toMatchObject({ status: 'holding', product: 'intraday', leverage: 5, quantity });
    const delivery = (await server.call('order/place', { code, side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: key() }, session)).body;
    expect(delivery.data).toMatchObject({ status: 'holding', product: 'delivery' });
  });

  it('answers the intraday rules and the next square-off time', async () => {
    const { session } = await trader();
    const status = (await server.call('intraday/status', {}, session)).body.data;
    expect(status).toMatchObject({ leverage: 5, minimum_shares: 10_000, closed_for_the_day: false });
    // The 24×7 demo market's session ends at the next IST midnight.
    expect(Date.parse(status.square_off_at)).toBeGreaterThan(Date.now());
    expect(Date.parse(status.square_off_at) - Date.now()).toBeLessThanOrEqual(dayMs);
  });

  it('refuses new intraday orders after the day\'s square-off on the NSE calendar, until the next session', async () => {
    const { userId } = await trader();
    const tuesday = istDayStartOf('2026-11-17');
    const nse = createIntradaySchedule(server.app.settings, 'ist');
    const at = (time: number) => ({ ...server.app.trading, intraday: nse, now: () => time });
    const refusal = await placeOrder(at(tuesday + (15 * 60 + 25) * minuteMs), { userId, vip: false } as never, intradayOrder() as never).catch((error: { key: string }) => error.key);
    expect(refusal).toBe('intraday_closed_for_the_day');
    expect(nse.closedForTheDay(tuesday + (15 * 60 + 19) * minuteMs)).toBe(false);
    expect(nse.closedForTheDay(tuesday + dayMs + 9 * 60 * minuteMs)).toBe(false);
    expect(nse.nextSquareOffAfter(tuesday + (15 * 60 + 25) * minuteMs)).toBe(tuesday + dayMs + (15 * 60 + 20) * minuteMs);
    // Friday's square-off is followed by Monday's.
    const friday = istDayStartOf('2026-11-20');
    expect(nse.nextSquareOffAfter(friday + 16 * 60 * minuteMs)).toBe(friday + 3 * dayMs + (15 * 60 + 20) * minuteMs);
  });
});

describe('the square-off', () => {
  it('closes intraday positions at the market price with the reason, cancels pending intraday orders, and leaves delivery alone', async () => {
    const { session, userId } = await trader();
    const position = (await server.call('order/place', intradayOrder(), session)).body.data;
    const below = Math.floor((driven.market.quote(code)!.last * 0.95) / 500) * 5;
    const placed = (await server.call('order/place', intradayOrder({ type: 'limit', price: `${below}.00` }), session)).body;
    expect(placed.msg).toBe('ok');
    const pending = placed.data;
    expect(pending).toMatchObject({ status: 'pending', product: 'intraday' });
    const delivery = (await server.call('order/place', { code, side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: key() }, session)).body.data;
    const price = driven.market.quote(code)!.last;

    const run = await server.app.intradaySquareOff.runOnce(Date.now() + dayMs);
    expect(run.squaredOff).toBeGreaterThanOrEqual(1);
    expect(run.left).toBe(0);
    const detail = async (orderNo: string) => (await server.call('order/detail', { order_no: orderNo }, session)).body.data;
    expect(await detail(position.order_no)).toMatchObject({ status: 'closed', close_reason: 'intraday_square_off', close_price: `${(price / 100).toFixed(2)}` });
    expect(await detail(pending.order_no)).toMatchObject({ status: 'cancelled' });
    expect(await detail(delivery.order_no)).toMatchObject({ status: 'holding' });

    const statement = (await server.call('user/statement', {}, session)).body.data as { reason_kind: string; reason_params: { order_no?: string } }[];
    expect(statement.find((line) => line.reason_params.order_no === position.order_no && line.reason_kind === 'position_squared_off')).toBeDefined();
    const inbox = (await server.call('user/messages', { page: 1 }, session)).body.data.items as { kind: string; params: { order_no: string } }[];
    expect(inbox.find((message) => message.kind === 'intraday_squared_off')?.params.order_no).toBe(position.order_no);
    expect((await userBalances(database.db, userId)).frozen).toBe(0n);

    const balances = await userBalances(database.db, userId);
    const again = await server.app.intradaySquareOff.runOnce(Date.now() + dayMs);
    expect(again).toMatchObject({ squaredOff: 0, cancelled: 0, left: 0 });
    expect(await userBalances(database.db, userId)).toEqual(balances);
    expect(server.app.execution.watching().limits).toBe(0);
  });

  it('leaves positions opened in the current session alone', async () => {
    const { session } = await trader();
    const position = (await server.call('order/place', intradayOrder(), session)).body.data;
    await server.app.intradaySquareOff.runOnce(Date.now());
    expect((await server.call('order/detail', { order_no: position.order_no }, session)).body.data).toMatchObject({ status: 'holding' });
  });
});
