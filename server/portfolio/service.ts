import { dayMs, dayNumberOfIsoDay, isoDayOfDayNumber, istDay, istDayNumber, istDayStart, istDayStartOf, monthStartDayNumber } from '../../contract/calendarDays.ts';
import { formatMinorAmount, ledgerCurrencies } from '../../contract/currencies.ts';
import { formatRupees } from '../../contract/money.ts';
import {
  type Holding, type HoldingSort, holdingsPageSize, type PnlCalendarDay, type PortfolioHistory, type PortfolioRange, type PortfolioSummary,
} from '../../contract/portfolio.ts';
import { percentText } from '../../contract/valuation.ts';
import type { Sql } from '../db/database.ts';
import { valuedBalancesOf } from './balances.ts';
import { lastPortfolioDayBefore, netFlows, portfolioDaysOf } from './dayStore.ts';
import type { Valuation } from './prices.ts';
import { realisedBetween, tradeCounts } from './store.ts';
import type { ValuedPosition } from './valuation.ts';

// The four portfolio commands (contract/portfolio.ts). Everything is the caller's own: every
// query is keyed by the session's user id. The history and the calendar are in rupees.

const rupees = (minor: bigint) => formatMinorAmount(minor, 'INR');

// ---------------------------------------------------------------------------------------
// user/holdings

const sortKeys: Record<Exclude<HoldingSort, 'name'>, (position: ValuedPosition) => bigint> = {
  value: (position) => position.value.marketValue,
  pnl: (position) => position.value.pnl,
  // pnl ÷ invested compared without division: scaled to basis points, as the percent is.
  pnl_pct: (position) => (position.margin > 0n ? (position.value.pnl * 1_000_000n) / position.margin : 0n),
  day_change: (position) => position.value.dayChange,
};

const currencyRank = (position: ValuedPosition) => ledgerCurrencies.indexOf(position.currency);

/**
 * Open positions valued at the last price, sorted and paged. Money sorts (value, P&L, day
 * change) keep each currency's positions together, rupees first, so won never outranks rupees
 * by its number alone; P&L % and name sort across currencies. Ties: newest position first.
 */
export async function holdingsOf(sql: Sql, userId: bigint, valuation: Valuation, request: { page: number; sort: HoldingSort; direction?: 'asc' | 'desc' }) {
  const { positions } = await valuedBalancesOf(sql, userId, valuation);
  const direction = request.direction ?? (request.sort === 'name' ? 'asc' : 'desc');
  const sign = direction === 'asc' ? 1 : -1;
  const name = (position: ValuedPosition) => valuation.prices.name(position.code);
  const compare = (a: ValuedPosition, b: ValuedPosition): number => {
    if (request.sort === 'name') return sign * name(a).localeCompare(name(b), 'en');
    if (request.sort !== 'pnl_pct' && a.currency !== b.currency) return currencyRank(a) - currencyRank(b);
    const key = sortKeys[request.sort];
    const difference = key(a) - key(b);
    return difference === 0n ? 0 : sign * (difference > 0n ? 1 : -1);
  };
  const sorted = [...positions].sort((a, b) => compare(a, b) || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0));
  const start = (request.page - 1) * holdingsPageSize;
  return {
    items: sorted.slice(start, start + holdingsPageSize).map((position) => toHolding(position, name(position))),
    total: sorted.length,
    page: request.page,
    page_size: holdingsPageSize,
  };
}

function toHolding(position: ValuedPosition, name: string): Holding {
  const { value, currency } = position;
  const money = (minor: bigint) => formatMinorAmount(minor, currency);
  return {
    order_no: position.id.toString(),
    code: position.code,
    name,
    side: position.side,
    currency,
    quantity: Number(position.quantity),
    lot: position.lot,
    leverage: position.leverage,
    // Prices travel in hundredths whatever the currency, as in orders.
    average_cost: formatRupees(position.fill),
    last: formatRupees(value.last),
    prev_close: formatRupees(value.prevClose),
    invested: money(position.margin),
    market_value: money(value.marketValue),
    equity: money(value.equity),
    pnl: money(value.pnl),
    pnl_pct: percentText(value.pnl, position.margin),
    day_change: money(value.dayChange),
    day_change_pct: percentText(value.last - value.reference, value.reference),
    filled_at: new Date(position.filledAt).toISOString(),
  };
}

// ---------------------------------------------------------------------------------------
// user/portfolioHistory and user/pnlCalendar

const rangeDays: Record<PortfolioRange, number | null> = { '1w': 7, '1m': 30, '3m': 91, '1y': 365, all: null };

/** Today's live rupee figures, and the outside money since the last stored day (the calendar's today). */
async function liveToday(sql: Sql, userId: bigint, valuation: Valuation) {
  const time = valuation.now();
  const today = istDay(time);
  const { inr } = await valuedBalancesOf(sql, userId, valuation);
  const last = await lastPortfolioDayBefore(sql, userId, 'INR', today);
  return { today, inr, last, time };
}

export async function portfolioHistory(sql: Sql, userId: bigint, valuation: Valuation, range: PortfolioRange): Promise<PortfolioHistory> {
  const { today, inr } = await liveToday(sql, userId, valuation);
  const days = rangeDays[range];
  const from = days === null ? null : isoDayOfDayNumber(dayNumberOfIsoDay(today) - days);
  const stored = await portfolioDaysOf(sql, userId, 'INR', from, today);
  return {
    currency: 'INR',
    points: [
      ...stored.map((row) => ({ date: row.day, equity: rupees(row.equity), cash: rupees(row.cash), invested: rupees(row.invested), simulated: row.simulated })),
      { date: today, equity: rupees(inr.totalAssets), cash: rupees(inr.cash), invested: rupees(inr.invested), simulated: false },
    ],
  };
}

/** Each stored day of the month (and today, live): equity − the previous day's equity − the day's outside money. */
export async function pnlCalendar(sql: Sql, userId: bigint, valuation: Valuation, month: string): Promise<PnlCalendarDay[]> {
  const monthStart = `${month}-01`;
  const startNumber = dayNumberOfIsoDay(monthStart);
  const nextMonthStart = isoDayOfDayNumber(monthStartDayNumber(startNumber + 31));
  const { today, inr, last, time } = await liveToday(sql, userId, valuation);
  const stored = await portfolioDaysOf(sql, userId, 'INR', monthStart, today < nextMonthStart ? today : nextMonthStart);
  let previous = (await lastPortfolioDayBefore(sql, userId, 'INR', monthStart))?.equity ?? 0n;
  const days: PnlCalendarDay[] = [];
  for (const row of stored) {
    days.push({ date: row.day, pnl: rupees(row.equity - previous - row.netFlow), simulated: row.simulated });
    previous = row.equity;
  }
  if (today >= monthStart && today < nextMonthStart) {
    const since = last ? istDayStartOf(last.day) + dayMs : 0;
    const flow = (await netFlows(sql, [userId], new Date(since), new Date(time + 1))).get(`${userId}:INR`) ?? 0n;
    days.push({ date: today, pnl: rupees(inr.totalAssets - (last?.equity ?? 0n) - flow), simulated: false });
  }
  return days;
}

// ---------------------------------------------------------------------------------------
// user/portfolioSummary

export async function portfolioSummary(sql: Sql, userId: bigint, valuation: Valuation): Promise<PortfolioSummary> {
  const valued = await valuedBalancesOf(sql, userId, valuation);
  const time = valuation.now();
  const dayStart = istDayStart(time);
  const monthStart = istDayStartOf(isoDayOfDayNumber(monthStartDayNumber(istDayNumber(time))));
  const [funding] = await sql.query<{ deposits: bigint; withdrawals: bigint }>(
    `SELECT (SELECT coalesce(sum(amount_paise), 0) FROM deposits WHERE user_id = $1 AND status = 'approved')::bigint AS deposits,
            (SELECT coalesce(sum(amount_paise), 0) FROM withdrawals WHERE user_id = $1 AND status = 'paid')::bigint AS withdrawals`,
    [userId.toString()],
  );
  const counts = await tradeCounts(sql, userId, 'INR');
  const realised = async (from: number | null) => (await realisedBetween(sql, userId, from === null ? null : new Date(from))).get('INR') ?? 0n;
  const { inr } = valued;
  return {
    currency: 'INR',
    deposits_total: rupees(funding?.deposits ?? 0n),
    withdrawals_total: rupees(funding?.withdrawals ?? 0n),
    trade_count: counts.trades,
    holding_count: counts.holdings,
    realised_pnl_today: rupees(await realised(dayStart)),
    realised_pnl_month: rupees(await realised(monthStart)),
    realised_pnl_all: rupees(await realised(null)),
    invested: rupees(inr.invested),
    market_value: rupees(inr.marketValue),
    unrealised_pnl: rupees(inr.unrealised),
    day_pnl: rupees(inr.dayPnl),
    total_assets: rupees(inr.totalAssets),
  };
}
