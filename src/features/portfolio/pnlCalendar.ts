import { dayNumberOfCalendarDate, isoDayOfDayNumber, isoWeekdayOfDayNumber, istDay } from '../../../contract/calendarDays.ts';

// The P&L calendar's month arithmetic on IST days, in integers: the weeks of a month from
// Monday to Sunday, the month before and after, and this month on the IST clock.

/** "YYYY-MM" → year and month (1–12), or null when malformed. */
export function parseMonth(month: string): { year: number; month: number } | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
}

/** The month `offset` months from `month`: shiftMonth("2026-01", -1) = "2025-12". */
export function shiftMonth(month: string, offset: number): string {
  const parsed = parseMonth(month);
  if (!parsed) return month;
  const index = parsed.year * 12 + (parsed.month - 1) + offset;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String(index - year * 12 + 1).padStart(2, '0')}`;
}

/** The IST month containing `time`, "YYYY-MM". */
export const istMonth = (time: number): string => istDay(time).slice(0, 7);

/** The month's days as weeks of seven (Monday first), YYYY-MM-DD, null before the 1st and after the last day. */
export function monthWeeks(month: string): (string | null)[][] {
  const parsed = parseMonth(month);
  if (!parsed) return [];
  const first = dayNumberOfCalendarDate(parsed.year, parsed.month, 1);
  const next = parsed.month === 12 ? dayNumberOfCalendarDate(parsed.year + 1, 1, 1) : dayNumberOfCalendarDate(parsed.year, parsed.month + 1, 1);
  const cells: (string | null)[] = Array.from({ length: isoWeekdayOfDayNumber(first) - 1 }, () => null);
  for (let day = first; day < next; day += 1) cells.push(isoDayOfDayNumber(day));
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}
