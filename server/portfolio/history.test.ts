// The daily balance history: the job writes each business day once (catching up over missed
// days, a second run writing nothing), values a day at its closing prices, refuses changes to
// a written day, and user/portfolioHistory and user/pnlCalendar read it back with today's live
// point, every day's P&L being the change of equity less the outside money.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTradingDayNumber } from '../../contract/calendar.ts';
import { dayMs, dayNumberOfIsoDay, isoDayOfDayNumber, istDay, istDayStartOf } from '../../contract/calendarDays.ts';
import { formatRupees, parseRupees } from '../../contract/money.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../market/testing/marketTestKit.ts';
import { lotOf } from '../trading/orders.ts';
import { defaultTradingRules } from '../trading/rules.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser, type TestUser } from '../testing/userKit.ts';
import { writePortfolioDay } from './dailyJob.ts';

let database: TestDatabase;
let server: TestServer;
let driven: HandDrivenMarket;
let user: TestUser;
let code: string;
let clock = Date.now();
const today = istDay(clock);
const dayAfter = (days: number) => isoDayOfDayNumber(dayNumberOfIsoDay(today) + days);
const businessDaysThrough = (from: string, through: string) => {
  const days: string[] = [];
  for (let day = dayNumberOfIsoDay(from); day <= dayNumberOfIsoDay(through); day++) if (isTradingDayNumber(day)) days.push(isoDayOfDayNumber(day));
  return days;
};
const paise = (text: string) => parseRupees(text)!;
const funding = 500_000n * 100n;

type DayRow = { day: string; equity: bigint; cash: bigint; invested: bigint; net_flow: bigint; simulated: boolean };
const storedDays = () =>
  database.db.query<DayRow>("SELECT to_char(day, 'YYYY-MM-DD') AS day, equity, cash, invested, net_flow, simulated FROM portfolio_days WHERE user_id = $1 ORDER BY day", [user.userId.toString()]);

let position: { quantity: bigint; margin: bigint; fill: bigint };

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'History Desk', kind: 'advisor', code: 'HIST1' });
  driven = handDrivenMarket(9);
  code = driven.market.instruments.find((spec) => spec.kind !== 'index')!.code;
  driven.trade(code, driven.market.quote(code)!.last);
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  server = await startTestServer(database.db, { market: runtime, now: () => clock, tradingRules: { ...defaultTradingRules, ordersPerSecond: 10_000 } });
  user = await fundedTestUser(database.db, server, '9855500001', 'HIST1', funding / 100n);
  const quantity = lotOf(driven.market.instrument(code)!, defaultTradingRules) * 2;
  const { body } = await server.call('order/place', { code, side: 'long', type: 'market', quantity, leverage: 5, idempotency_key: `history-${Date.now()}` }, user.session);
  expect(body.msg).toBe('ok');
  await server.app.execution.settled();
  const [row] = await database.db.query<{ margin_paise: bigint; fill_price_paise: bigint }>("SELECT margin_paise, fill_price_paise FROM orders WHERE user_id = $1 AND status = 'holding'", [user.userId.toString()]);
  position = { quantity: BigInt(quantity), margin: row!.margin_paise, fill: row!.fill_price_paise };
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

describe('the daily balance history', () => {
  it('catches-up-every-missed-business-day-once-and-a-second-run-writes-nothing', async () => {
    const through = dayAfter(6);
    const days = businessDaysThrough(today, through);
    const first = await server.app.portfolioJob.runOnce(through);
    expect(first).toEqual({ days, rows: days.length });
    const { cash } = await userBalances(database.db, user.userId);
    const rows = await storedDays();
    expect(rows.map((row) => row.day)).toEqual(days);
    rows.forEach((row, index) => {
      // No closing price known for these days (no quote of that day, no candles): valued at the fill price.
      // The funding came in today: it is the first written day's outside money, whether that day is today or, when today
      // is a weekend or a holiday, the next business day (the flow since the previous business day's close).
      expect(row).toEqual({ day: days[index], cash, invested: position.margin, equity: cash + position.margin, net_flow: index === 0 ? funding : 0n, simulated: false });
    });
    expect(await server.app.portfolioJob.runOnce(through)).toEqual({ days: [], rows: 0 });
    const later = dayAfter(9);
    const more = businessDaysThrough(dayAfter(7), later);
    expect(await server.app.portfolioJob.runOnce(later)).toEqual({ days: more, rows: more.length });
    expect((await storedDays()).length).toBe(days.length + more.length);
  });

  it('values-a-day-at-its-closing-prices-and-never-rewrites-a-day', async () => {
    const day = businessDaysThrough(dayAfter(10), dayAfter(16))[0]!;
    const close = position.fill + 1_000n;
    const written = await writePortfolioDay(database.db, day, () => ({ close: (asked) => (asked === code ? close : undefined), source: 'candles' }));
    expect(written).toEqual({ users: 1, rows: 1 });
    const row = (await storedDays()).find((candidate) => candidate.day === day)!;
    expect(row.equity).toBe(row.cash + position.margin + 1_000n * position.quantity);
    expect(await writePortfolioDay(database.db, day, () => ({ close: () => undefined, source: 'candles' }))).toEqual({ users: 1, rows: 0 });
    await expect(database.db.query('UPDATE portfolio_days SET cash = 0')).rejects.toThrow(/append-only/);
    await expect(database.db.query('DELETE FROM portfolio_days')).rejects.toThrow(/append-only/);
    // The table's own checks: nothing invested means equity is the cash; cash is never negative.
    const insert = (equity: number, cash: number, invested: number) =>
      database.db.query("INSERT INTO portfolio_days (user_id, currency, day, equity, cash, invested, net_flow) VALUES ($1, 'INR', '2001-01-01', $2, $3, $4, 0)", [user.userId.toString(), equity, cash, invested]);
    await expect(insert(500, 400, 0)).rejects.toThrow(/check/i);
    await expect(insert(-5, -5, 0)).rejects.toThrow(/check/i);
  });

  it('reads-the-history-and-the-pnl-calendar-back-with-todays-live-point', async () => {
    // Catch up to a fortnight on, then look from the day after.
    const through = dayAfter(16);
    await server.app.portfolioJob.runOnce(through);
    clock = istDayStartOf(through) + dayMs + 11 * 3_600_000;
    const now = istDay(clock);
    driven.trade(code, driven.market.quote(code)!.last + 700);
    const info = (await server.call('user/info', {}, user.session)).body.data.balances;

    const history = (await server.call('user/portfolioHistory', { range: '1m' }, user.session)).body.data;
    const rows = await storedDays();
    expect(history.currency).toBe('INR');
    expect(history.points.slice(0, -1)).toEqual(
      rows.map((row) => ({ date: row.day, equity: formatRupees(row.equity), cash: formatRupees(row.cash), invested: formatRupees(row.invested), simulated: false })),
    );
    expect(history.points.at(-1)).toEqual({ date: now, equity: info.total_assets, cash: info.cash, invested: info.invested, simulated: false });
    const week = (await server.call('user/portfolioHistory', { range: '1w' }, user.session)).body.data.points;
    expect(week.every((point: { date: string }) => point.date >= isoDayOfDayNumber(dayNumberOfIsoDay(now) - 7))).toBe(true);

    // Every day's P&L telescopes: their sum is today's equity less all outside money (the funding).
    const months = [...new Set([...rows.map((row) => row.day), now].map((day) => day.slice(0, 7)))];
    let sum = 0n;
    const calendarDays: { date: string; pnl: string }[] = [];
    for (const month of months) calendarDays.push(...(await server.call('user/pnlCalendar', { month }, user.session)).body.data);
    for (const day of calendarDays) sum += paise(day.pnl);
    expect(calendarDays.map((day) => day.date)).toEqual([...rows.map((row) => row.day), now]);
    expect(sum).toBe(paise(info.total_assets) - funding);
    // The first day lost the opening fees; the priced day gained 10 rupees a share and gave it back the next.
    const { cash } = await userBalances(database.db, user.userId);
    expect(paise(calendarDays[0]!.pnl)).toBe(cash + position.margin - funding);
    const priced = calendarDays.findIndex((day) => paise(day.pnl) === 1_000n * position.quantity);
    expect(priced).toBeGreaterThan(0);
    expect(paise(calendarDays[priced + 1]!.pnl)).toBe(-1_000n * position.quantity);
    expect((await server.call('user/pnlCalendar', { month: '2026-13' }, user.session)).body.msg).toBe('invalid_field:month');
  });
});
