import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { LedgerCurrency } from '../../../contract/currencies.ts';
import { call } from '../../api/commandBus.ts';
import { LoadStates, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { BalancesByCurrency } from './BalancesByCurrency.tsx';
import { type CurrencyOption, ExchangeForm } from './ExchangeForm.tsx';
import { availableByCurrency, ExchangeTerms } from './ExchangePage.tsx';
import * as styles from './fx.css.ts';

/** The markets the app trades, each with the sub-account its listings settle in. */
const marketCurrencies = ['INR', 'KRW', 'THB'] as const satisfies readonly LedgerCurrency[];

/**
 * /information/capitalTransfer: money moved between the market sub-accounts (India ₹, Korea ₩,
 * Thailand ฿). It is the same exchange as /information/exChange, named by market.
 */
export function CapitalTransferPage() {
  const { t } = useLingui();
  const marketName: Record<(typeof marketCurrencies)[number], string> = { INR: t`India`, KRW: t`Korea`, THB: t`Thailand` };
  const label = (currency: LedgerCurrency) => (currency in marketName ? `${marketName[currency as keyof typeof marketName]} (${currency})` : currency);
  const load = useCallback(() => Promise.all([call('user/info', {}, { silent: true }), call('fx/rates', { to: 'INR' }, { silent: true })]), []);
  const { state, reload } = useLoad(load);
  const pullPx = usePullToRefresh(reload);
  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates state={state} onRetry={reload} errorTitle={t`The market accounts could not be loaded.`} skeleton={<SkeletonRows count={4} />}>
        {([info, rates]) => {
          const priced = new Set<LedgerCurrency>(['INR', ...rates.pairs.map((pair) => pair.from)]);
          const options: CurrencyOption[] = marketCurrencies.filter((currency) => priced.has(currency)).map((currency) => ({ currency, label: label(currency) }));
          const held = new Map(info.balances_by_currency.map((balance) => [balance.currency, balance]));
          const accounts = marketCurrencies.map((currency) => held.get(currency) ?? { currency, available: '0', frozen: '0' });
          return (
            <>
              <section className={styles.card} aria-label={t`Market accounts`}>
                <div className={styles.cardHead}>
                  <h2 className={styles.cardTitle}>
                    <Trans>Market accounts</Trans>
                  </h2>
                  <Link to="/information/exChange">
                    <Trans>Other currencies</Trans>
                  </Link>
                </div>
                <p className={styles.muted}>
                  <Trans>Each market's stocks are bought and sold with the money of its own account.</Trans>
                </p>
                <BalancesByCurrency balances={accounts} label={label} />
              </section>
              {options.length >= 2 ? (
                <ExchangeForm options={options} initialFrom="INR" initialTo={options[1]!.currency} available={availableByCurrency(info)} onConverted={reload} />
              ) : (
                <p className={styles.muted} role="status">
                  <Trans>There is no exchange rate for these markets right now.</Trans>
                </p>
              )}
              <ExchangeTerms rates={rates} />
            </>
          );
        }}
      </LoadStates>
    </div>
  );
}
