import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { LedgerCurrency } from '../../../contract/currencies.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { formatMoney } from '../../ui/money.ts';
import { currencyName } from '../funding/balances/CurrencyBalances.tsx';
import * as styles from './fx.css.ts';

export interface HeldBalance {
  currency: LedgerCurrency;
  available: string;
  frozen: string;
}

/**
 * The money the user can exchange, one line per currency, each in its own money (₹ in lakh
 * and crore, ₩ without decimals). `label` names a line otherwise (a market's account).
 */
export function BalancesByCurrency({ balances, label }: { balances: readonly HeldBalance[]; label?: (currency: LedgerCurrency) => string }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  return (
    <ul className={styles.balanceList} aria-label={t`Balances per currency`}>
      {balances.map((balance) => {
        const frozen = formatMoney(balance.frozen, balance.currency);
        return (
          <li key={balance.currency} className={styles.balanceLine} data-testid={`fx-balance-${balance.currency}`}>
            <span className={styles.balanceLabel}>
              <span className={styles.code}>{label ? label(balance.currency) : balance.currency}</span>
              <span className={styles.name}>{label ? balance.currency : currencyName(balance.currency, locale)}</span>
            </span>
            <span className={styles.balanceLabel}>
              <span className={styles.amount} data-testid={`fx-available-${balance.currency}`}>
                {formatMoney(balance.available, balance.currency)}
              </span>
              {balance.frozen !== '0' && !/^0\.0+$/.test(balance.frozen) ? (
                <span className={styles.name}>
                  <Trans>Frozen {frozen}</Trans>
                </span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
