import { useEffect, useState } from 'react';
import type { LedgerCurrency } from '../../../../contract/currencies.ts';
import type { UserInfo } from '../../../../contract/accounts.ts';
import { type CurrencyBalance, holdsOtherCurrencies, inrTotal, type InrRate, visibleBalances } from './currencyBalances.ts';
import { loadInrRates } from './inrRates.ts';

// The rupee total of a user's balances as a screen shows it: rupees alone need nothing more;
// any other currency needs today's reference rates (fx/rates), fetched only then and again
// each time the balances are reloaded, so a pulled-to-refresh total uses fresh rates.

export type InrTotalState =
  | { status: 'loading' }
  /** `rates` is empty when only rupees are held. */
  | { status: 'complete'; totalInr: string; rates: InrRate[] }
  | { status: 'missing_rates'; missing: LedgerCurrency[] }
  | { status: 'failed'; retry: () => void };

/** The balances a screen lists: rupees first, then every other currency with money in it. */
export function balancesOf(info: UserInfo): CurrencyBalance[] {
  return visibleBalances(info.balances_by_currency);
}

/**
 * `info` is the server's answer the rates are fetched for; `live` the same answer with its
 * market figures moved by the quote stream (useLiveUserInfo), which the total is computed
 * from, so a moving price never refetches the rates.
 */
export function useInrTotal(info: UserInfo | null, loadRates: () => Promise<InrRate[]> = loadInrRates, live: UserInfo | null = info): InrTotalState {
  const needsRates = info !== null && holdsOtherCurrencies(balancesOf(info));
  const [rates, setRates] = useState<{ for: UserInfo; rates: InrRate[] | 'failed' } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!needsRates || info === null) return;
    let current = true;
    loadRates().then(
      (loaded) => current && setRates({ for: info, rates: loaded }),
      () => current && setRates({ for: info, rates: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [info, needsRates, loadRates, attempt]);

  if (info === null) return { status: 'loading' };
  const shown = live ?? info;
  if (!needsRates) return { status: 'complete', totalInr: shown.balances.total_assets, rates: [] };
  // Rates fetched for an earlier answer still read as loading: a total never mixes old rates with new balances.
  if (rates === null || rates.for !== info) return { status: 'loading' };
  if (rates.rates === 'failed') {
    return {
      status: 'failed',
      retry: () => {
        setRates(null);
        setAttempt((count) => count + 1);
      },
    };
  }
  return inrTotal(shown.balances.total_assets, balancesOf(shown), rates.rates);
}
