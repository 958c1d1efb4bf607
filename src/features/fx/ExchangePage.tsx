import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ResponseOf } from '../../../contract/api.ts';
import type { LedgerCurrency } from '../../../contract/currencies.ts';
import { call } from '../../api/commandBus.ts';
import { formatMoney } from '../../ui/money.ts';
import { LoadStates, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { BalancesByCurrency } from './BalancesByCurrency.tsx';
import { type CurrencyOption, ExchangeForm } from './ExchangeForm.tsx';
import * as styles from './fx.css.ts';

type UserInfo = ResponseOf<'user/info'>;
type Rates = ResponseOf<'fx/rates'>;

/** Every currency with a rate against the rupee, rupees first: what may be exchanged today. */
export const exchangeableCurrencies = (rates: Rates): LedgerCurrency[] => ['INR', ...rates.pairs.filter((pair) => pair.to === 'INR').map((pair) => pair.from)];

/** The user's available money by currency, for the form's "Available" line. */
export const availableByCurrency = (info: UserInfo): Partial<Record<LedgerCurrency, string>> =>
  Object.fromEntries(info.balances_by_currency.map((balance) => [balance.currency, balance.available]));

/** /information/exChange: balances per currency, then any currency into any other at a live quote. */
export function ExchangePage() {
  const { t } = useLingui();
  const load = useCallback(() => Promise.all([call('user/info', {}, { silent: true }), call('fx/rates', { to: 'INR' }, { silent: true })]), []);
  const { state, reload } = useLoad(load);
  const pullPx = usePullToRefresh(reload);
  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates state={state} onRetry={reload} errorTitle={t`The exchange could not be loaded.`} skeleton={<SkeletonRows count={5} />}>
        {([info, rates]) => {
          const options: CurrencyOption[] = exchangeableCurrencies(rates).map((currency) => ({ currency, label: currency }));
          return (
            <>
              <section className={styles.card} aria-label={t`Your balances`}>
                <div className={styles.cardHead}>
                  <h2 className={styles.cardTitle}>
                    <Trans>Your balances</Trans>
                  </h2>
                  <Link to="/information/capitalTransfer">
                    <Trans>Transfer between markets</Trans>
                  </Link>
                </div>
                <BalancesByCurrency balances={info.balances_by_currency} />
              </section>
              <ExchangeForm options={options} initialFrom="INR" initialTo={options.some((option) => option.currency === 'KRW') ? 'KRW' : (options[1]?.currency ?? 'TWD')} available={availableByCurrency(info)} onConverted={reload} />
              <ExchangeTerms rates={rates} />
            </>
          );
        }}
      </LoadStates>
    </div>
  );
}

/** The published terms: the spread, how long a quote holds, the limits, and where today's rates come from. */
export function ExchangeTerms({ rates }: { rates: Rates }) {
  const spread = rates.spread_bps;
  const seconds = rates.quote_seconds;
  const minimum = formatMoney(rates.minimum, 'INR');
  const maximum = formatMoney(rates.maximum, 'INR');
  return (
    <section className={styles.card}>
      <p className={styles.muted}>
        <Trans>
          A quote is the reference rate less a {spread} bp spread and holds for {seconds} seconds. Each exchange is worth from {minimum} to {maximum} at the reference rate.
        </Trans>
      </p>
      <p className={styles.muted}>
        <Trans>Reference rates are the European Central Bank's daily rates; TWD and VND rates are set by our staff.</Trans>{' '}
        {rates.intraday_simulated ? <Trans>In this demo they move a little during the day (simulated intraday).</Trans> : null}
      </p>
      <Link to="/market/index" search={{ tab: 'forex' }}>
        <Trans>See all rates</Trans>
      </Link>
    </section>
  );
}
