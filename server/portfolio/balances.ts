import type { CurrencyBalance, UserInfo } from '../../contract/accounts.ts';
import { istDayStart } from '../../contract/calendarDays.ts';
import { formatMinorAmount } from '../../contract/currencies.ts';
import type { Sql } from '../db/database.ts';
import { userBalancesByCurrency } from '../ledger/userBalances.ts';
import type { Valuation } from './prices.ts';
import { openPositionsOf, realisedBetween } from './store.ts';
import { type CurrencyValuation, valueBalances, valuePositions, type ValuedPosition } from './valuation.ts';

// A user's balances valued at market, as user/info, the back office's user detail and
// user/portfolioSummary report them: the rupee card (`balances`) and every currency's own.

export interface ValuedBalances {
  byCurrency: CurrencyValuation[];
  inr: CurrencyValuation;
  positions: ValuedPosition[];
  /** Rupees realised by positions closed since today's IST midnight. */
  realisedTodayInr: bigint;
}

export async function valuedBalancesOf(sql: Sql, userId: bigint, { prices, now }: Valuation): Promise<ValuedBalances> {
  const time = now();
  const dayStart = istDayStart(time);
  const balances = await userBalancesByCurrency(sql, userId);
  const positions = await openPositionsOf(sql, userId);
  const realisedToday = await realisedBetween(sql, userId, new Date(dayStart));
  const positionsValued = valuePositions(positions, prices, dayStart);
  const byCurrency = valueBalances(balances, positionsValued);
  return {
    byCurrency,
    inr: byCurrency.find((entry) => entry.currency === 'INR')!,
    positions: positionsValued,
    realisedTodayInr: realisedToday.get('INR') ?? 0n,
  };
}

/** The rupee card of user/info and the back office. */
export function balancesForWire({ inr, realisedTodayInr }: ValuedBalances): UserInfo['balances'] {
  const money = (minor: bigint) => formatMinorAmount(minor, 'INR');
  return {
    cash: money(inr.cash),
    available: money(inr.available),
    frozen: money(inr.frozen),
    total_assets: money(inr.totalAssets),
    invested: money(inr.invested),
    market_value: money(inr.marketValue),
    unrealised_pnl: money(inr.unrealised),
    day_pnl: money(inr.dayPnl),
    realised_pnl_today: money(realisedTodayInr),
  };
}

export function balancesByCurrencyForWire({ byCurrency }: ValuedBalances): CurrencyBalance[] {
  return byCurrency.map((entry) => {
    const money = (minor: bigint) => formatMinorAmount(minor, entry.currency);
    return {
      currency: entry.currency,
      cash: money(entry.cash),
      available: money(entry.available),
      frozen: money(entry.frozen),
      invested: money(entry.invested),
      market_value: money(entry.marketValue),
      total_assets: money(entry.totalAssets),
    };
  });
}
