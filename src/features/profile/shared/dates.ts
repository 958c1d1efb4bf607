import { istDay } from '../../../../contract/calendar.ts';
import type { AppLocale } from '../../../i18n/locale.ts';
import { formatIsoDay, noValue } from '../../../ui/format.ts';

// Calendar dates in India time, written the reader's way ("23 Nov 2026", "2026年11月23日"):
// the IST day comes from the market calendar, the writing from the shared day formatter.

export function formatIstDate(iso: string, locale: AppLocale): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? noValue : formatIsoDay(istDay(time), locale);
}
