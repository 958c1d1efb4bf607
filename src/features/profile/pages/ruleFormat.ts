import type { TimeWindow } from '../../../../contract/settings.ts';
import { type AppLocale, intlLocaleOf } from '../../../i18n/locale.ts';

// Published rules in words: fee basis points as percentages and time windows as days and
// hours, so the FAQ repeats the server's numbers instead of copies that could drift.

/** Basis points as a percentage with two decimals, exactly: 3 → "0.03", 10 → "0.10", 250 → "2.50". */
export function basisPointsAsPercent(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  return `${whole}.${String(basisPoints % 100).padStart(2, '0')}`;
}

// 1 January 2024 was a Monday: day n (1 = Monday … 7 = Sunday) is that date plus n − 1 days.
const mondayUtc = Date.UTC(2024, 0, 1);
const dayMs = 86_400_000;

/** Weekday numbers as words: a run becomes a range ("Mon – Fri"), anything else a list. */
export function formatWeekdays(days: readonly number[], locale: AppLocale, everyDay: string): string {
  const sorted = [...new Set(days)].sort((left, right) => left - right);
  if (sorted.length === 7) return everyDay;
  const name = new Intl.DateTimeFormat(intlLocaleOf(locale), { weekday: 'short', timeZone: 'UTC' });
  const dayName = (day: number) => name.format(new Date(mondayUtc + (day - 1) * dayMs));
  const isRun = sorted.length > 2 && sorted.every((day, index) => index === 0 || day === sorted[index - 1]! + 1);
  return isRun ? `${dayName(sorted[0]!)} – ${dayName(sorted[sorted.length - 1]!)}` : sorted.map(dayName).join(', ');
}

export function formatWindow(window: TimeWindow, locale: AppLocale, everyDay: string): string {
  return `${formatWeekdays(window.days, locale, everyDay)}, ${window.from}–${window.to} IST`;
}
