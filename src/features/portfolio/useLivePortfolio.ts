import { useEffect, useMemo, useState } from 'react';
import type { UserInfo } from '../../../contract/accounts.ts';
import { type LedgerCurrency, parseMinorAmount } from '../../../contract/currencies.ts';
import { holdingsPageSize } from '../../../contract/constants.ts';
import type { Holding } from '../../../contract/portfolio.ts';
import { call } from '../../api/commandBus.ts';
import { getQuote, subscribeQuote, useWatch } from '../market/stream/marketStore.ts';
import { liveDeltas, liveUserInfo } from './livePortfolio.ts';

// The balances of user/info kept at market between reloads: the open positions are loaded
// with them (user/holdings, every page up to a bound), their codes are watched on the quote
// stream, and each quote moves the totals (livePortfolio.ts). A user without positions
// costs no request and no subscription.

/** At most this many pages of positions (300 with 30 a page) follow the stream; more is beyond a phone screen's total. */
export const livePositionPagesMax = 10;

/** True when any currency has money in open positions. */
export function holdsPositions(info: UserInfo): boolean {
  return info.balances_by_currency.some((line) => (parseMinorAmount(line.invested, line.currency) ?? 0n) !== 0n) || (parseMinorAmount(info.balances.invested, 'INR') ?? 0n) !== 0n;
}

/** Every open position, a page at a time, up to {@link livePositionPagesMax} pages. */
export async function loadOpenHoldings(): Promise<Holding[]> {
  const holdings: Holding[] = [];
  for (let page = 1; page <= livePositionPagesMax; page += 1) {
    const answer = await call('user/holdings', { page, sort: 'value' }, { silent: true });
    holdings.push(...answer.items);
    if (answer.items.length < holdingsPageSize || holdings.length >= answer.total) break;
  }
  return holdings;
}

/**
 * The open positions loaded for `answer` (an answer of the server they go with, e.g. user/info),
 * again each time it changes; empty when `answer` is null or `load` is false.
 */
export function useOpenHoldings(answer: object | null, load = true): readonly Holding[] {
  const [loaded, setLoaded] = useState<{ for: object; holdings: Holding[] } | null>(null);
  useEffect(() => {
    if (answer === null || !load) return;
    let current = true;
    loadOpenHoldings().then(
      (holdings) => current && setLoaded({ for: answer, holdings }),
      // Without the positions the server's totals still stand; they just do not move until the next reload.
      () => current && setLoaded({ for: answer, holdings: [] }),
    );
    return () => {
      current = false;
    };
  }, [answer, load]);
  return loaded !== null && loaded.for === answer ? loaded.holdings : noHoldings;
}

const noHoldings: readonly Holding[] = [];

/** Re-renders whenever a quote of one of these codes changes; returns a counter that changes with them. */
export function useQuotesVersion(codes: readonly string[]): number {
  const [version, setVersion] = useState(0);
  const key = codes.join(',');
  useEffect(() => {
    const bump = () => setVersion((count) => count + 1);
    const unsubscribers = key === '' ? [] : key.split(',').map((code) => subscribeQuote(code, bump));
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  }, [key]);
  return version;
}

/** The stream's last price of a code in hundredths, or null before its first quote. */
export const streamLast = (code: string): bigint | null => {
  const quote = getQuote(code);
  return quote ? BigInt(quote.last) : null;
};

/** user/info with total assets, market value, unrealised and day P&L following the quote stream; null while loading. */
export function useLiveUserInfo(info: UserInfo | null): UserInfo | null {
  const holdings = useOpenHoldings(info, info !== null && holdsPositions(info));
  const deltas = useLiveDeltas(holdings);
  return useMemo(() => (info === null ? null : liveUserInfo(info, deltas)), [info, deltas]);
}

/** How far the live prices have moved these positions' value since they were loaded, per currency in hundredths. */
export function useLiveDeltas(holdings: readonly Holding[]): ReadonlyMap<LedgerCurrency, bigint> {
  const codes = useMemo(() => [...new Set(holdings.map((holding) => holding.code))].sort(), [holdings]);
  useWatch(codes);
  const version = useQuotesVersion(codes);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` stands for the quotes read through streamLast
  return useMemo(() => liveDeltas(holdings, streamLast), [holdings, version]);
}
