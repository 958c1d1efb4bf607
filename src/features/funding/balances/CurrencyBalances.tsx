import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { currencyConventions, type LedgerCurrency, parseMinorAmount } from '../../../../contract/currencies.ts';
import { localeState } from '../../../i18n/activateLocale.ts';
import { type AppLocale, intlLocaleOf } from '../../../i18n/locale.ts';
import { formatIsoDay, formatIstDateTime } from '../../../ui/format.ts';
import { formatMoney } from '../../../ui/money.ts';
import type { CurrencyBalance, InrRate } from './currencyBalances.ts';
import * as styles from './balances.css.ts';
import type { InrTotalState } from './useInrTotal.ts';

// The pieces every balance screen shares: each currency other than rupees on its own line in
// its own money, and the note that says how the rupee total was reached (which rate, from
// where, as of when), or why there is none.

const currencyNames = new Map<AppLocale, Intl.DisplayNames>();
/** "South Korean Won", "韓元", "대한민국 원": the currency's name in the reader's language. */
export function currencyName(currency: LedgerCurrency, locale: AppLocale): string {
  let names = currencyNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([intlLocaleOf(locale)], { type: 'currency' });
    currencyNames.set(locale, names);
  }
  return names.of(currency) ?? currency;
}

/** Every held currency but rupees: its cash large, available and frozen below, all in that currency. */
export function OtherCurrencyBalances({ balances }: { balances: readonly CurrencyBalance[] }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  if (balances.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={t`Balances in other currencies`}>
      {balances.map((balance) => {
        const available = formatMoney(balance.available, balance.currency);
        const frozen = formatMoney(balance.frozen, balance.currency);
        // Positions in this currency at market: part of its total assets, and so of the rupee total.
        const positions = parseMinorAmount(balance.market_value, balance.currency) ? formatMoney(balance.market_value, balance.currency) : null;
        return (
          <li key={balance.currency} className={styles.line} data-testid={`balance-${balance.currency}`}>
            <span className={styles.currency}>
              <span className={styles.code}>{balance.currency}</span>
              <span className={styles.name}>{currencyName(balance.currency, locale)}</span>
            </span>
            <span className={styles.cash} data-testid={`balance-${balance.currency}-cash`}>
              {formatMoney(balance.cash, balance.currency)}
            </span>
            <span className={styles.detail}>
              <Trans>Available {available}</Trans> · <Trans>Frozen {frozen}</Trans>
              {positions === null ? null : (
                <span data-testid={`balance-${balance.currency}-positions`}>
                  {' · '}
                  <Trans>Positions at market {positions}</Trans>
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * "1 KRW = ₹0.0612 · ECB reference rate of 24 Nov 2026" or "… · rate set by staff · 25 Nov
 * 2026, 9:30 am IST": for each rate the total used, its value, where it comes from and when.
 */
export function InrEquivalentNote({ total }: { total: InrTotalState }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const provenance = (rate: InrRate): string => {
    const time = rate.updatedAt ? `${formatIstDateTime(rate.updatedAt, locale)} IST` : null;
    const day = rate.referenceDay ? formatIsoDay(rate.referenceDay, locale) : null;
    switch (rate.source) {
      case 'ecb':
        return day ? t`ECB reference rate of ${day}` : t`ECB reference rate`;
      case 'staff_setting':
        return time ? t`rate set by staff · ${time}` : t`rate set by staff`;
      case 'simulated_intraday':
        return time ? t`simulated intraday rate · ${time}` : t`simulated intraday rate`;
    }
  };
  if (total.status === 'complete' && total.rates.length > 0) {
    return (
      <div className={styles.note} data-testid="inr-equivalent-rates">
        <span>
          <Trans>Total in rupees at these rates:</Trans>
        </span>
        <ul className={styles.rates}>
          {total.rates.map((rate) => {
            const currency = rate.currency;
            const inr = `${currencyConventions.INR.symbol}${rate.inrPerUnit}`;
            const source = provenance(rate);
            return (
              <li key={currency}>
                <Trans>
                  1 {currency} = {inr} · {source}
                </Trans>
              </li>
            );
          })}
        </ul>
      </div>
    );
  }
  if (total.status === 'missing_rates') {
    const currencies = total.missing.join(', ');
    return (
      <p className={styles.note} role="status" data-testid="inr-equivalent-missing">
        <Trans>No rupee total: there is no reference rate for {currencies} yet, and a total without it would leave that money out.</Trans>
      </p>
    );
  }
  if (total.status === 'failed') {
    return (
      <p className={styles.note} role="status" data-testid="inr-equivalent-missing">
        <Trans>No rupee total: the exchange rates could not be loaded.</Trans>{' '}
        <button type="button" className={styles.retry} onClick={total.retry}>
          <Trans>Retry</Trans>
        </button>
      </p>
    );
  }
  return null;
}

