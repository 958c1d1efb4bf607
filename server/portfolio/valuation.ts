import type { LedgerCurrency } from '../../contract/currencies.ts';
import { type PositionValue, valuePosition } from '../../contract/valuation.ts';
import type { UserBalances } from '../ledger/userBalances.ts';
import type { Prices } from './prices.ts';
import type { OpenPosition } from './store.ts';

// Pure: a user's ledger balances and open positions, valued at prices, summed per currency
// (never across currencies). Definitions: contract/portfolio.ts.

export type ValuedPosition = OpenPosition & { value: PositionValue };

export interface PortfolioTotals {
  /** Σ margin of open positions. */
  invested: bigint;
  /** Σ position equity (margin + unrealised P&L). */
  marketValue: bigint;
  unrealised: bigint;
  dayPnl: bigint;
}

export interface CurrencyValuation extends UserBalances, PortfolioTotals {
  currency: LedgerCurrency;
  /** cash + marketValue. */
  totalAssets: bigint;
}

export const noTotals = (): PortfolioTotals => ({ invested: 0n, marketValue: 0n, unrealised: 0n, dayPnl: 0n });

export function valuePositions(positions: readonly OpenPosition[], prices: Prices, dayStart: number): ValuedPosition[] {
  return positions.map((position) => ({ ...position, value: valuePosition(position, prices.mark(position.code), dayStart) }));
}

export function totalsByCurrency(valued: readonly ValuedPosition[]): Map<LedgerCurrency, PortfolioTotals> {
  const totals = new Map<LedgerCurrency, PortfolioTotals>();
  for (const { currency, margin, value } of valued) {
    const sum = totals.get(currency) ?? noTotals();
    sum.invested += margin;
    sum.marketValue += value.equity;
    sum.unrealised += value.pnl;
    sum.dayPnl += value.dayChange;
    totals.set(currency, sum);
  }
  return totals;
}

/** Each currency's ledger balances with its positions' totals (a position's currency always has the user's accounts: its margin is in one). */
export function valueBalances(balances: readonly (UserBalances & { currency: LedgerCurrency })[], valued: readonly ValuedPosition[]): CurrencyValuation[] {
  const totals = totalsByCurrency(valued);
  return balances.map((balance) => {
    const sum = totals.get(balance.currency) ?? noTotals();
    return { ...balance, ...sum, totalAssets: balance.cash + sum.marketValue };
  });
}
