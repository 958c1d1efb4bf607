import { useSnapshot } from 'valtio';
import { localeState } from '../../../i18n/activateLocale.ts';
import { formatRupees } from '../../../ui/money.ts';
import { formatIstDateTime, noValue } from '../../../ui/format.ts';

/**
 * Amounts and moments as staff read them: rupee strings from the wire formatted exactly
 * (never through a float) and times in IST, the firm's clock, whatever the desk's zone.
 */
export function useStaffFormat() {
  const { locale } = useSnapshot(localeState);
  return {
    locale,
    money: (rupees: string | null | undefined) => (rupees == null ? noValue : formatRupees(rupees, locale)),
    /** A change with its sign always shown: "+₹120.00", "-₹45.50". */
    signedMoney: (rupees: string) => {
      const text = rupees.trim();
      if (text.startsWith('-')) return `-${formatRupees(text.slice(1), locale)}`;
      return /^0(\.0+)?$/.test(text) ? formatRupees(text, locale) : `+${formatRupees(text, locale)}`;
    },
    dateTime: (iso: string | null | undefined) => (iso ? formatIstDateTime(iso, locale) : noValue),
  };
}
