// Orders against a real database and a hand-driven market: every check refuses with its
// own key and changes nothing; fills, cancels, closes and margin calls move exactly the
// money they should, in the ledger; a repeated idempotency key makes one order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRupees } from '../../contract/money.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../market/testing/marketTestKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { fundedTestUser } from '../testing/userKit.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { createAndLogInStaff } from '../testing/staffKit.ts';
import { feeOn, marginFor } from '../../contract/fees.ts';
import { defaultTradingRules } from './rules.ts';

let database: TestDatabase;
let server: TestServer;
let driven: HandDrivenMarket;
let accountNumber = 9822200000;

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Trading Desk', kind: 'advisor', code: 'TRD1' });
  driven = handDrivenMarket(5, loadCatalog().instruments);
  for (let i = 0; i < 5; i += 1) driven.step();
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  // A generous rate limit here; the limit itself has its own test.
  server = await startTestServer(database.db, { market: runtime, tradingRules: { ...defaultTradingRules, ordersPerSecond: 1000 } });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** A new user funded with `rupees` of test money. */
const fundedTrader = (rupees: bigint) => fundedTestUser(database.db, server, String((accountNumber += 1)), 'TRD1', rupees);

let keySequence = 0;
const key = () => `test-order-${Date.now()}-${(keySequence += 1)}`;
const last = (code: string) => driven.market.quote(code)!.last;
const ordersOf = async (userId: bigint) => (await database.db.query('SELECT id FROM orders WHERE user_id = $1', [userId.toString()])).length;

describe('placing orders', () => {
  it('fills a market long at the current price and moves margin and fees through the ledger', async () => {
    const { session, userId } = await fundedTrader(1_000_000n);
    const price = BigInt(last('TCS'));
    const { body } = await server.call('order/place', { code: 'TCS', side: 'long', type: 'market', quantity: 100, leverage: 2, idempotency_key: key() }, session);
    expect(body.msg).toBe('ok');
    expect(body.data).toMatchObject({ code: 'TCS', side: 'long', status: 'holding', quantity: 100, leverage: 2 });
    const amount = price * 100n;
    const spent = marginFor(amount, 2) + feeOn(amount, defaultTradingRules.fees.serviceFeeBps) + feeOn(amount, defaultTradingRules.fees.stampDutyBps);
    const balances = await userBalances(database.db, userId);
    expect(balances.available).toBe(100_000_000n - spent);
    expect(balances.frozen).toBe(0n);
    expect(balances.margin).toBe(marginFor(amount, 2));
    const statement = (await server.call('user/statement', {}, session)).body.data as { kind: string }[];
    // Filled as placed: one transfer pays margin and fees from available money, with no hold between.
    expect(statement.map((line) => line.kind)).toEqual(['order_fill', 'test']);
  });

  it('refuses each broken rule with its own key and changes nothing', async () => {
    const { session, userId } = await fundedTrader(10_000n);
    const before = await userBalances(database.db, userId);
    const tcs = last('TCS');
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: 150 }, 'quantity_not_whole_lots'],
      [{ quantity: 0 }, 'quantity_not_whole_lots'],
      [{ leverage: 3 }, 'leverage_not_allowed'],
      [{ type: 'limit' }, 'price_required'],
      [{ quantity: '100' }, 'invalid_field:quantity'],
      [{ type: 'limit', price: '0.00' }, 'price_must_be_above_zero'],
      [{ type: 'limit', price: '0' }, 'price_must_be_above_zero'],
      [{ type: 'limit', price: `${Math.floor(tcs / 100)}.03` }, 'price_not_on_tick'],
      [{ type: 'limit', price: `${Math.floor((tcs * 2) / 100)}.00` }, 'exceeded_price_limit'],
      [{ code: 'NIFTY50' }, 'unknown_instrument'],
      [{ quantity: 100_000 }, 'insufficient_available_balance'],
    ];
    for (const [change, expected] of cases) {
      const form = { code: 'TCS', side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: key(), ...change };
      expect((await server.call('order/place', form, session)).body.msg, expected).toBe(expected);
    }
    expect(await ordersOf(userId)).toBe(0);
    expect(await userBalances(database.db, userId)).toEqual(before);
  });

  it('makes one order from a repeated idempotency key', async () => {
    const { session, userId } = await fundedTrader(1_000_000n);
    const form = { code: 'INFY', side: 'short', type: 'market', quantity: 100, leverage: 1, idempotency_key: key() };
    const [first, second] = await Promise.all([server.call('order/place', form, session), server.call('order/place', form, session)]);
    expect(first.body.data.order_no).toBe(second.body.data.order_no);
    expect(await ordersOf(userId)).toBe(1);
    expect((await server.call('order/place', { ...form, quantity: 200 }, session)).body.msg).toBe('idempotency_key_reused');
  });
});

describe('competing orders', () => {
  it('accepts exactly one of two orders that each need most of the same cash', async () => {
    const price = BigInt(last('LT'));
    const amount = price * 100n;
    const needed = marginFor(amount, 1) + feeOn(amount, defaultTradingRules.fees.serviceFeeBps) + feeOn(amount, defaultTradingRules.fees.stampDutyBps);
    // Enough for one order and a half: never for two.
    const { session, userId } = await fundedTrader((needed * 3n) / 2n / 100n + 1n);
    const form = () => ({ code: 'LT', side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: key() });
    const results = await Promise.all([server.call('order/place', form(), session), server.call('order/place', form(), session)]);
    expect(results.map((result) => result.body.msg).sort()).toEqual(['insufficient_available_balance', 'ok']);
    expect(await ordersOf(userId)).toBe(1);
    const balances = await userBalances(database.db, userId);
    expect(balances.available).toBeGreaterThanOrEqual(0n);
    expect(balances.frozen).toBe(0n);
  });

  it('refuses orders past the per-user rate limit with submit_too_frequently', async () => {
    const strict = await startTestServer(database.db, {
      market: { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} },
      tradingRules: { ...defaultTradingRules, ordersPerSecond: 2 },
    });
    try {
      const { session } = await fundedTrader(10n);
      const messages = [];
      for (let i = 0; i < 3; i += 1) messages.push((await strict.call('order/place', { code: 'LT', side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: key() }, session)).body.msg);
      expect(messages[2]).toBe('submit_too_frequently');
    } finally {
      await strict.close();
    }
  });
});

describe('lock-up rules', () => {
  it('a-t-plus-one-position-is-locked-until-the-next-trading-day-and-the-close-says-so', async () => {
    const locked = await startTestServer(database.db, {
      market: { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} },
      tradingRules: { ...defaultTradingRules, ordersPerSecond: 1000, lockDays: 1 },
    });
    try {
      const { session } = await fundedTrader(1_000_000n);
      const opened = (await locked.call('order/place', { code: 'TCS', side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: key() }, session)).body.data;
      expect(Date.parse(opened.locked_until)).toBeGreaterThan(Date.now());
      expect((await locked.call('order/close', { order_no: opened.order_no }, session)).body.msg).toBe('position_locked');
      expect((await locked.call('trade/rules', {}, session)).body.data).toMatchObject({ lockDays: 1 });
    } finally {
      await locked.close();
    }
  });
});

describe('resting limit orders, closing and margin calls', () => {
  it('rests a limit order, fills it when the stream crosses its price, and cancels only while pending', async () => {
    const { session, userId } = await fundedTrader(1_000_000n);
    const price = last('WIPRO') - 100;
    const placed = (await server.call('order/place', { code: 'WIPRO', side: 'long', type: 'limit', quantity: 100, leverage: 1, price: (price / 100).toFixed(2), idempotency_key: key() }, session)).body;
    expect(placed.data.status).toBe('pending');
    expect((await userBalances(database.db, userId)).frozen).toBeGreaterThan(0n);
    driven.trade('WIPRO', price);
    await server.app.execution.settled();
    const filled = (await server.call('order/detail', { order_no: placed.data.order_no }, session)).body.data;
    expect(filled).toMatchObject({ status: 'holding', fill_price: (price / 100).toFixed(2) });
    const messages = (await server.call('user/messages', { page: 1 }, session)).body.data;
    expect(messages.items[0]).toMatchObject({ kind: 'order_filled', params: { order_no: placed.data.order_no, code: 'WIPRO', price: (price / 100).toFixed(2) } });
    expect((await server.call('order/cancel', { order_no: placed.data.order_no }, session)).body.msg).toBe('order_not_pending');
    expect((await userBalances(database.db, userId)).frozen).toBe(0n);
  });

  it('returns the frozen money on cancel', async () => {
    const { session, userId } = await fundedTrader(1_000_000n);
    const price = last('ITC') - 200;
    const placed = (await server.call('order/place', { code: 'ITC', side: 'long', type: 'limit', quantity: 100, leverage: 1, price: (price / 100).toFixed(2), idempotency_key: key() }, session)).body;
    const cancelled = (await server.call('order/cancel', { order_no: placed.data.order_no }, session)).body;
    expect(cancelled.data.status).toBe('cancelled');
    expect(await userBalances(database.db, userId)).toMatchObject({ available: 100_000_000n, frozen: 0n });
    expect((await server.call('order/close', { order_no: placed.data.order_no }, session)).body.msg).toBe('order_not_holding');
  });

  it('closes a short at a profit when the price falls, and realises it in the ledger', async () => {
    const { session, userId } = await fundedTrader(1_000_000n);
    const opened = (await server.call('order/place', { code: 'SBIN', side: 'short', type: 'market', quantity: 100, leverage: 1, idempotency_key: key() }, session)).body.data;
    const fill = Number(opened.fill_price.replace('.', '')); // number-ok: a quote price in paise for the hand-driven market
    driven.trade('SBIN', fill - 500);
    const closed = (await server.call('order/close', { order_no: opened.order_no }, session)).body.data;
    expect(closed).toMatchObject({ status: 'closed', realised_pnl: '500.00', close_reason: 'user' });
    const balances = await userBalances(database.db, userId);
    expect(balances.margin).toBe(0n);
    expect(balances.available).toBeGreaterThan(100_000_000n);
  });

  it('closes a leveraged long automatically when its loss reaches the maintenance level, and says why', async () => {
    const { session } = await fundedTrader(1_000_000n);
    const opened = (await server.call('order/place', { code: 'HDFCBANK', side: 'long', type: 'market', quantity: 100, leverage: 5, idempotency_key: key() }, session)).body.data;
    const fill = Number(opened.fill_price.replace('.', '')); // number-ok: a quote price in paise for the hand-driven market
    driven.trade('HDFCBANK', Math.round((fill * 0.8) / 5) * 5);
    await server.app.execution.settled();
    const closed = (await server.call('order/detail', { order_no: opened.order_no }, session)).body.data;
    expect(closed).toMatchObject({ status: 'closed', close_reason: 'margin_call' });
    const statement = (await server.call('user/statement', {}, session)).body.data;
    expect(statement[0]).toMatchObject({
      kind: 'position_close', reason_kind: 'position_closed_by_margin_call',
      reason_params: { order_no: opened.order_no, code: 'HDFCBANK', maintenance_percent: defaultTradingRules.maintenanceMarginPercent },
    });
    const messages = (await server.call('user/messages', { page: 1 }, session)).body.data;
    expect(messages.items[0]).toMatchObject({ kind: 'margin_call', params: { order_no: opened.order_no, code: 'HDFCBANK' }, read_at: null });
  });
});

describe('fees staff change at run time', () => {
  it('a-fee-change-applies-to-orders-placed-after-it-while-a-resting-order-fills-at-the-rates-it-was-accepted-with', async () => {
    // Its own server, so the changed setting never reaches the other tests' cached settings.
    const feeServer = await startTestServer(database.db, {
      market: { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} },
      tradingRules: { ...defaultTradingRules, ordersPerSecond: 1000 },
    });
    const admin = await createAndLogInStaff(database.db, feeServer, 'fee-admin', 'admin');
    const setServiceFee = (bps: number) => feeServer.call('admin/settings/update', { name: 'trade.service_fee_bps', value: bps, reason: 'Tariff review' }, admin.headers);
    try {
      const { session, userId } = await fundedTrader(1_000_000n);
      const limitPaise = last('WIPRO') - 100;
      const resting = (await feeServer.call('order/place', { code: 'WIPRO', side: 'long', type: 'limit', quantity: 100, leverage: 1, price: (limitPaise / 100).toFixed(2), idempotency_key: key() }, session)).body.data;
      const frozen = (await userBalances(database.db, userId)).frozen;

      expect((await setServiceFee(40)).body.msg).toBe('ok');
      expect((await feeServer.call('trade/rules', {}, session)).body.data).toMatchObject({ serviceFeeBps: 40 });

      driven.trade('WIPRO', limitPaise);
      await feeServer.app.execution.settled();
      const amount = BigInt(limitPaise) * 100n;
      const oldFees = feeOn(amount, defaultTradingRules.fees.serviceFeeBps) + feeOn(amount, defaultTradingRules.fees.stampDutyBps);
      const filled = (await feeServer.call('order/detail', { order_no: resting.order_no }, session)).body.data;
      expect(filled.status).toBe('holding');
      expect(parseRupees(filled.service_fee)! + parseRupees(filled.stamp_duty)!).toBe(oldFees);
      expect(marginFor(amount, 1) + oldFees).toBe(frozen);

      const before = (await userBalances(database.db, userId)).available;
      const tcs = BigInt(last('TCS')) * 100n;
      expect((await feeServer.call('order/place', { code: 'TCS', side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: key() }, session)).body.msg).toBe('ok');
      const spent = before - (await userBalances(database.db, userId)).available;
      expect(spent).toBe(marginFor(tcs, 1) + feeOn(tcs, 40) + feeOn(tcs, defaultTradingRules.fees.stampDutyBps));
    } finally {
      await setServiceFee(defaultTradingRules.fees.serviceFeeBps);
      await feeServer.close();
    }
  });
});

describe('fee schedules', () => {
  it('a-block-size-order-pays-block-rates-and-a-vip-user-sees-and-pays-vip-rates', async () => {
    const blockMinimumPaise = 50_00_000_00n; // ₹50 lakh, within a test trader's reach at 5×
    const rules = { ...defaultTradingRules, ordersPerSecond: 1000, blockMinimumPaise };
    const feeServer = await startTestServer(database.db, {
      market: { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} },
      tradingRules: rules,
    });
    try {
      const { session, userId } = await fundedTrader(2_000_000n);
      await database.db.query('UPDATE users SET vip = true WHERE id = $1', [userId.toString()]);
      const vipSession = (await feeServer.call('user/login', { account: session.account, password: 'correct-horse' })).body.data;
      const published = (await feeServer.call('trade/rules', {}, vipSession)).body.data;
      expect(published).toMatchObject({ vip: true, serviceFeeBps: rules.vipFees.serviceFeeBps, blockTrade: { minimum: '5000000.00', serviceFeeBps: rules.blockFees.serviceFeeBps } });

      const price = BigInt(last('TCS'));
      const lots = (blockMinimumPaise / (price * 100n) + 1n) * 100n;
      const place = async (quantity: bigint) => {
        const before = (await userBalances(database.db, userId)).available;
        const { body } = await feeServer.call('order/place', { code: 'TCS', side: 'long', type: 'market', quantity: Number(quantity), leverage: 5, idempotency_key: key() }, vipSession);
        expect(body.msg).toBe('ok');
        return { order: body.data, spent: before - (await userBalances(database.db, userId)).available, amount: BigInt(body.data.fill_price.replace('.', '')) * quantity };
      };
      const block = await place(lots);
      expect(block.amount).toBeGreaterThanOrEqual(blockMinimumPaise);
      expect(block.spent).toBe(marginFor(block.amount, 5) + feeOn(block.amount, rules.blockFees.serviceFeeBps) + feeOn(block.amount, rules.blockFees.stampDutyBps));
      const small = await place(100n);
      expect(small.spent).toBe(marginFor(small.amount, 5) + feeOn(small.amount, rules.vipFees.serviceFeeBps) + feeOn(small.amount, rules.vipFees.stampDutyBps));
    } finally {
      await feeServer.close();
    }
  });
});

describe('lists and history', () => {
  it('ended-orders-come-most-recently-ended-first-and-the-summary-covers-every-closed-position', async () => {
    const { session } = await fundedTrader(1_000_000n);
    const place = async (code: string) => (await server.call('order/place', { code, side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: key() }, session)).body.data;
    const first = await place('TCS');
    const second = await place('INFY');
    const resting = (await server.call('order/place', { code: 'ITC', side: 'long', type: 'limit', quantity: 100, leverage: 1, price: ((last('ITC') - 200) / 100).toFixed(2), idempotency_key: key() }, session)).body.data;
    await server.call('order/close', { order_no: second.order_no }, session);
    await server.call('order/cancel', { order_no: resting.order_no }, session);
    await server.call('order/close', { order_no: first.order_no }, session);
    const ended = (await server.call('order/list', { status: 'ended', page: 1 }, session)).body.data as { order_no: string }[];
    expect(ended.map((order) => order.order_no)).toEqual([first.order_no, resting.order_no, second.order_no]);
    expect((await server.call('order/list', { status: 'ended', page: 2 }, session)).body.data).toEqual([]);
    const [summary] = (await server.call('order/historySummary', {}, session)).body.data as { currency: string; revenue: string; margins: string; positions: number }[];
    expect(summary!.currency).toBe('INR');
    expect(summary!.positions).toBe(2);
    const closed = (await server.call('order/list', { status: 'closed', page: 1 }, session)).body.data as { realised_pnl: string; margin: string }[];
    const sum = (field: 'realised_pnl' | 'margin') => closed.reduce((total, order) => total + parseRupees(order[field])!, 0n);
    expect(parseRupees(summary!.revenue)).toBe(sum('realised_pnl'));
    expect(parseRupees(summary!.margins)).toBe(sum('margin'));
  });
});

describe('negative balance protection', () => {
  it('closes a position whose loss exceeds everything the trader has, and the firm absorbs the rest', async () => {
    // IRCTC trades in a 20 % band: a 5× short opened 5 % below the previous close and
    // squeezed to the upper band loses more than its whole margin.
    driven.trade('IRCTC', Math.round((driven.market.quote('IRCTC')!.prevClose * 0.95) / 5) * 5);
    const price = BigInt(last('IRCTC'));
    const amount = price * 100n;
    const held = marginFor(amount, 5) + feeOn(amount, defaultTradingRules.fees.serviceFeeBps) + feeOn(amount, defaultTradingRules.fees.sellingFeeBps);
    const { session, userId } = await fundedTrader((held + 99n) / 100n);
    const opened = (await server.call('order/place', { code: 'IRCTC', side: 'short', type: 'market', quantity: 100, leverage: 5, idempotency_key: key() }, session)).body;
    expect(opened.msg).toBe('ok');
    const upper = Math.floor((driven.market.quote('IRCTC')!.prevClose * 1.2) / 5) * 5;
    driven.trade('IRCTC', upper);
    await server.app.execution.settled();
    const closed = (await server.call('order/detail', { order_no: opened.data.order_no }, session)).body.data;
    expect(closed).toMatchObject({ status: 'closed', close_reason: 'margin_call' });
    expect((await userBalances(database.db, userId)).available).toBe(0n);
    const statement = (await server.call('user/statement', {}, session)).body.data;
    expect(statement[0]).toMatchObject({ reason_kind: 'position_closed_by_margin_call', reason_params: { absorbed: { currency: 'INR' } } });
  });
});

describe('ledger after trading', () => {
  it('every transfer balances and no user account is negative', async () => {
    const [unbalanced] = await database.db.query<{ count: bigint }>(
      'SELECT count(*) AS count FROM (SELECT transfer_id FROM ledger_postings GROUP BY transfer_id HAVING sum(amount_paise) <> 0) t',
    );
    expect(unbalanced!.count).toBe(0n);
    const negative = await database.db.query(
      `SELECT a.id FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id
        WHERE NOT a.allow_negative GROUP BY a.id HAVING sum(p.amount_paise) < 0`,
    );
    expect(negative).toEqual([]);
  });
});
