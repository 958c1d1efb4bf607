import { useSnapshot } from 'valtio';
import { localeState } from '../../../i18n/activateLocale.ts';
import { formatMoney } from '../../../ui/money.ts';
import { formatIstDateTime, noValue } from '../../../ui/format.ts';

/**
 * Amounts and moments as staff read them: rupee strings from the wire formatted exactly
 * (never through a float) and times in IST, the firm's clock, whatever the desk's zone.
 */
export function useStaffFormat() {
  const { locale } = useSnapshot(localeState);
  return {
    locale,
    money: (rupees: string | null | undefined) => formatMoney(rupees, 'INR'),
    /** A change with its sign always shown: "+₹120.00", "-₹45.50". */
    signedMoney: (rupees: string) => formatMoney(rupees, 'INR', { sign: 'always' }),
    dateTime: (iso: string | null | undefined) => (iso ? formatIstDateTime(iso, locale) : noValue),
  };
}
