import { useSnapshot } from 'valtio';
import type { LedgerCurrency } from '../../../../contract/currencies.ts';
import { localeState } from '../../../i18n/activateLocale.ts';
import { formatMoney } from '../../../ui/money.ts';
import { formatIstDateTime, noValue } from '../../../ui/format.ts';

/**
 * Amounts and moments as staff read them: amount strings from the wire formatted exactly
 * (never through a float) and times in IST, the firm's clock, whatever the desk's zone.
 */
export function useStaffFormat() {
  const { locale } = useSnapshot(localeState);
  return {
    locale,
    /** An amount from the wire in its currency's major unit; rupees unless the row says otherwise. */
    money: (amount: string | null | undefined, currency: LedgerCurrency = 'INR') => formatMoney(amount, currency),
    /** A change with its sign always shown: "+₹120.00", "-₩4,500". */
    signedMoney: (amount: string, currency: LedgerCurrency = 'INR') => formatMoney(amount, currency, { sign: 'always' }),
    dateTime: (iso: string | null | undefined) => (iso ? formatIstDateTime(iso, locale) : noValue),
  };
}
