import { type AppLocale, intlLocaleOf } from '../../../i18n/locale.ts';
import { noValue } from '../../../ui/format.ts';

// Calendar dates in India time, written the reader's way ("23 Nov 2026", "2026年11月23日").

const formatters = new Map<AppLocale, Intl.DateTimeFormat>();

export function formatIstDate(iso: string, locale: AppLocale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return noValue;
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocaleOf(locale), { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
    formatters.set(locale, formatter);
  }
  return formatter.format(date);
}
