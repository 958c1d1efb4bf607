// The portfolio valued at market through the real endpoints: user/info's balances, the back
// office's user detail, user/holdings (values, sorting, paging, only the caller's own) and
// user/portfolioSummary, with positions opened and closed through the real order path and
// prices moved on a hand-driven market.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRupees } from '../../contract/money.ts';
import { holdingsPageSize } from '../../contract/portfolio.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../market/testing/marketTestKit.ts';
import { lotOf } from '../trading/orders.ts';
import { defaultTradingRules } from '../trading/rules.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser, type TestUser } from '../testing/userKit.ts';

let database: TestDatabase;
let server: TestServer;
let driven: HandDrivenMarket;
let owner: TestUser;
let other: TestUser;
let staff: TestStaff;
let codes: [string, string];

const paise = (text: string) => parseRupees(text)!;
let keys = 0;

async function open(user: TestUser, code: string, side: 'long' | 'short', lots: number) {
  const quantity = lotOf(driven.market.instrument(code)!, defaultTradingRules) * lots;
  const { body } = await server.call('order/place', { code, side, type: 'market', quantity, leverage: 2, idempotency_key: `portfolio-${(keys += 1)}-${Date.now()}` }, user.session);
  expect(body.msg).toBe('ok');
  await server.app.execution.settled();
  return body.data as { order_no: string; status: string };
}

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Portfolio Desk', kind: 'advisor', code: 'PORT1' });
  driven = handDrivenMarket(5);
  const stocks = driven.market.instruments.filter((spec) => spec.kind !== 'index');
  codes = [stocks[0]!.code, stocks[1]!.code];
  for (const code of codes) driven.trade(code, driven.market.quote(code)!.last);
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  server = await startTestServer(database.db, { market: runtime, tradingRules: { ...defaultTradingRules, ordersPerSecond: 10_000 } });
  owner = await fundedTestUser(database.db, server, '9844400001', 'PORT1', 1_000_000n);
  other = await fundedTestUser(database.db, server, '9844400002', 'PORT1', 1_000_000n);
  staff = await createAndLogInStaff(database.db, server, 'portfolio-reviewer', 'reviewer');
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

type Row = { id: bigint; code: string; side: 'long' | 'short'; quantity: bigint; fill_price_paise: bigint; margin_paise: bigint };

/** The expected figures computed here, independently of the server's arithmetic (rupee prices: hundredths are paise). */
async function expected(user: TestUser) {
  const rows = await database.db.query<Row>("SELECT id, code, side, quantity, fill_price_paise, margin_paise FROM orders WHERE user_id = $1 AND status = 'holding'", [user.userId.toString()]);
  let invested = 0n;
  let pnl = 0n;
  for (const row of rows) {
    const last = BigInt(driven.market.quote(row.code)!.last);
    invested += row.margin_paise;
    pnl += (row.side === 'long' ? last - row.fill_price_paise : row.fill_price_paise - last) * row.quantity;
  }
  const { cash } = await userBalances(database.db, user.userId);
  return { rows, invested, pnl, cash };
}

describe('a portfolio valued at market', () => {
  it('values-open-positions-at-the-last-price-in-user-info-and-the-back-office', async () => {
    await open(owner, codes[0], 'long', 2);
    await open(owner, codes[1], 'short', 1);
    await open(other, codes[0], 'short', 3);
    driven.trade(codes[0], driven.market.quote(codes[0])!.last + 500);
    driven.trade(codes[1], driven.market.quote(codes[1])!.last - 300);

    const want = await expected(owner);
    expect(want.rows).toHaveLength(2);
    expect(want.pnl).toBeGreaterThan(0n);
    const { balances, balances_by_currency } = (await server.call('user/info', {}, owner.session)).body.data;
    expect(paise(balances.cash)).toBe(want.cash);
    expect(paise(balances.invested)).toBe(want.invested);
    expect(paise(balances.unrealised_pnl)).toBe(want.pnl);
    expect(paise(balances.market_value)).toBe(want.invested + want.pnl);
    expect(paise(balances.total_assets)).toBe(want.cash + want.invested + want.pnl);
    // Filled today: the day's reference is the fill price, so the day's P&L is the whole P&L.
    expect(paise(balances.day_pnl)).toBe(want.pnl);
    expect(balances.realised_pnl_today).toBe('0.00');
    expect(balances_by_currency).toEqual([
      { currency: 'INR', cash: balances.cash, available: balances.available, frozen: balances.frozen, invested: balances.invested, market_value: balances.market_value, total_assets: balances.total_assets },
    ]);

    const detail = (await server.call('admin/users/detail', { user_id: owner.userId.toString() }, staff.headers)).body.data;
    expect(detail.balances).toEqual(balances);
  });

  it('lists-only-the-callers-holdings-valued-sorted-and-paged', async () => {
    const want = await expected(owner);
    const page = (await server.call('user/holdings', { sort: 'pnl' }, owner.session)).body.data;
    expect(page).toMatchObject({ total: 2, page: 1, page_size: holdingsPageSize });
    const pnls = page.items.map((item: { pnl: string }) => paise(item.pnl));
    expect(pnls).toEqual([...pnls].sort((a, b) => (b > a ? 1 : b < a ? -1 : 0)));
    for (const item of page.items) {
      const row = want.rows.find((candidate) => candidate.id.toString() === item.order_no)!;
      const last = BigInt(driven.market.quote(row.code)!.last);
      const pnl = (row.side === 'long' ? last - row.fill_price_paise : row.fill_price_paise - last) * row.quantity;
      expect(item).toMatchObject({ code: row.code, side: row.side, currency: 'INR', quantity: Number(row.quantity) });
      expect(paise(item.average_cost)).toBe(row.fill_price_paise);
      expect(paise(item.last)).toBe(last);
      expect(paise(item.invested)).toBe(row.margin_paise);
      expect(paise(item.market_value)).toBe(last * row.quantity);
      expect(paise(item.pnl)).toBe(pnl);
      expect(paise(item.equity)).toBe(row.margin_paise + pnl);
      expect(paise(item.day_change)).toBe(pnl);
      // Percent with two decimals, half away from zero, from integers.
      const basisPoints = (pnl * 10_000n * 2n + row.margin_paise) / (2n * row.margin_paise);
      expect(item.pnl_pct).toBe(`${basisPoints / 100n}.${(basisPoints % 100n).toString().padStart(2, '0')}`);
      expect(item.name).toBe(driven.market.instrument(row.code)!.name);
    }
    const ascending = (await server.call('user/holdings', { sort: 'pnl', direction: 'asc' }, owner.session)).body.data;
    expect(ascending.items.map((item: { order_no: string }) => item.order_no)).toEqual(page.items.map((item: { order_no: string }) => item.order_no).reverse());
    const byName = (await server.call('user/holdings', { sort: 'name' }, owner.session)).body.data;
    const names = byName.items.map((item: { name: string }) => item.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect((await server.call('user/holdings', { page: 2 }, owner.session)).body.data).toMatchObject({ items: [], total: 2, page: 2 });

    const others = (await server.call('user/holdings', {}, other.session)).body.data;
    expect(others.total).toBe(1);
    expect(others.items[0].side).toBe('short');
    expect(want.rows.map((row) => row.id.toString())).not.toContain(others.items[0].order_no);
    expect((await server.call('user/holdings', { sort: 'size' }, owner.session)).body.msg).toBe('invalid_field:sort');
  });

  it('sums-realised-pnl-trades-and-holdings-in-the-portfolio-summary', async () => {
    const before = (await server.call('user/portfolioSummary', {}, owner.session)).body.data;
    expect(before).toMatchObject({ currency: 'INR', trade_count: 2, holding_count: 2, realised_pnl_all: '0.00', deposits_total: '0.00', withdrawals_total: '0.00' });
    const [first] = (await expected(owner)).rows;
    const { body } = await server.call('order/close', { order_no: first!.id.toString(), idempotency_key: `portfolio-close-${Date.now()}` }, owner.session);
    expect(body.msg).toBe('ok');
    await server.app.execution.settled();
    const [closed] = await database.db.query<{ realised_pnl_paise: bigint }>('SELECT realised_pnl_paise FROM orders WHERE id = $1', [first!.id.toString()]);
    const summary = (await server.call('user/portfolioSummary', {}, owner.session)).body.data;
    const realised = closed!.realised_pnl_paise;
    expect(summary).toMatchObject({ trade_count: 2, holding_count: 1 });
    for (const field of ['realised_pnl_today', 'realised_pnl_month', 'realised_pnl_all']) expect(paise(summary[field])).toBe(realised);
    const info = (await server.call('user/info', {}, owner.session)).body.data.balances;
    expect(paise(info.realised_pnl_today)).toBe(realised);
    for (const field of ['invested', 'market_value', 'unrealised_pnl', 'day_pnl', 'total_assets']) expect(summary[field]).toBe(info[field]);
    const want = await expected(owner);
    expect(paise(summary.total_assets)).toBe(want.cash + want.invested + want.pnl);
    // The other user's figures are untouched by the owner's close.
    expect((await server.call('user/portfolioSummary', {}, other.session)).body.data).toMatchObject({ trade_count: 1, holding_count: 1, realised_pnl_all: '0.00' });
  });

  it('refuses-the-portfolio-commands-without-a-session', async () => {
    for (const path of ['user/holdings', 'user/portfolioHistory', 'user/pnlCalendar', 'user/portfolioSummary'] as const) {
      expect((await server.call(path, {})).httpStatus).toBe(401);
    }
  });
});
