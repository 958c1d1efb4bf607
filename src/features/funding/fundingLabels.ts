import { useLingui } from '@lingui/react/macro';
import type { depositStatuses, withdrawalStatuses } from '../../../contract/funding.ts';
import { parseRupees, type Paise } from '../../../contract/money.ts';
import type { TimeWindow } from '../../../contract/settings.ts';
import { type AppLocale, intlLocaleOf } from '../../i18n/locale.ts';
import { formatIstDateTime } from '../../ui/format.ts';
import { useOrderLabels } from '../trading/orderLabels.ts';

// Words shared by every money screen, so a status, a time window or an amount reads the
// same on the deposit form, the history lists and the funds tab.

export type DepositStatus = (typeof depositStatuses)[number];
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];
export type BadgeTone = 'waiting' | 'good' | 'bad' | 'neutral';

export const depositTone: Record<DepositStatus, BadgeTone> = { pending: 'waiting', approved: 'good', rejected: 'bad' };
export const withdrawalTone: Record<WithdrawalStatus, BadgeTone> = { pending: 'waiting', first_approved: 'waiting', paid: 'good', rejected: 'bad' };

/**
 * An amount as the user types it: rupees with at most two decimals; the grouping commas
 * a user copies from a bank app ("5,000.00") are allowed. Null when it is not an amount.
 */
export function parseAmountInput(text: string): Paise | null {
  return parseRupees(text.replace(/[,\s]/g, ''));
}

const weekdayFormatters = new Map<AppLocale, Intl.DateTimeFormat>();
/** ISO weekday 1 (Monday) … 7 (Sunday) in the reader's language. */
function weekdayName(isoDay: number, locale: AppLocale): string {
  let formatter = weekdayFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocaleOf(locale), { weekday: 'short', timeZone: 'UTC' });
    weekdayFormatters.set(locale, formatter);
  }
  // 2024-01-01 was a Monday.
  return formatter.format(Date.UTC(2024, 0, isoDay));
}

/** True when the sorted days run without a gap, so they read as a range ("Mon–Fri"). */
function isRun(days: readonly number[]): boolean {
  return days.every((day, index) => index === 0 || day === days[index - 1]! + 1);
}

export function useFundingLabels() {
  const { t } = useLingui();
  const order = useOrderLabels();
  const { locale } = order;

  const depositStatus: Record<DepositStatus, string> = { pending: t`Under review`, approved: t`Approved`, rejected: t`Rejected` };
  const withdrawalStatus: Record<WithdrawalStatus, string> = { pending: t`Under review`, first_approved: t`Awaiting second approval`, paid: t`Paid`, rejected: t`Rejected` };

  /** "Mon–Fri, 09:30–15:30 IST"; every day reads "Every day". */
  const timeWindow = (value: TimeWindow): string => {
    const days = [...value.days].sort((a, b) => a - b);
    const from = value.from;
    const to = value.to;
    const dayText =
      days.length === 7
        ? t`Every day`
        : days.length > 2 && isRun(days)
          ? `${weekdayName(days[0]!, locale)}–${weekdayName(days[days.length - 1]!, locale)}`
          : days.map((day) => weekdayName(day, locale)).join(', ');
    return t`${dayText}, ${from}–${to} IST`;
  };

  /** "within 2–48 hours"; a single figure when both ends agree. */
  const arrival = (hours: { from: number; to: number }): string => {
    const from = hours.from;
    const to = hours.to;
    return from === to ? t`within ${to} hours` : t`within ${from}–${to} hours`;
  };

  const dateTime = (iso: string | null): string => (iso === null ? '' : formatIstDateTime(iso, locale));

  return { ...order, depositStatus, withdrawalStatus, timeWindow, arrival, dateTime };
}
