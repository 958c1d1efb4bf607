import { dayNumberOfIsoDay, istDayNumber, istDayNumberStart, istMinuteOfDay, isoWeekdayOfDayNumber } from './calendarDays.ts';
import type { SessionPhase } from './market.ts';

// The market calendar, one copy for the server, the web app and the quote worker: NSE's
// sessions, its holidays and trading-day arithmetic on top of the IST days and clock of
// calendarDays.ts (re-exported here, so callers import one module). Everything is integer
// arithmetic on the fixed +05:30 offset; see calendarDays.ts for why that is exact.

export * from './calendarDays.ts';

/** Session boundaries in minutes after IST midnight. */
export const nseSession = {
  preOpenStart: 9 * 60, // 09:00 order entry, 09:08 call-auction matching
  openStart: 9 * 60 + 15,
  closingStart: 15 * 60 + 30, // 15:30 close; 15:40–16:00 closing session
  closedStart: 16 * 60,
} as const;

/**
 * Exchange trading holidays (weekdays only) as published in NSE's yearly circulars.
 * Check the circular when a new year starts; a missing date only means the simulator
 * trades on a day the exchange does not.
 */
export const nseHolidays: readonly string[] = [
  '2025-02-26', '2025-03-14', '2025-03-31', '2025-04-10', '2025-04-14', '2025-04-18', '2025-05-01',
  '2025-08-15', '2025-08-27', '2025-10-02', '2025-10-21', '2025-10-22', '2025-11-05', '2025-12-25',
  '2026-01-26', '2026-03-03', '2026-03-26', '2026-03-31', '2026-04-03', '2026-04-14', '2026-05-01',
  '2026-05-28', '2026-06-26', '2026-09-14', '2026-10-02', '2026-10-20', '2026-11-10', '2026-11-24',
  '2026-12-25',
];

const holidayDayNumbers: ReadonlySet<number> = new Set(nseHolidays.map(dayNumberOfIsoDay));

/** A weekday that is not an exchange holiday. */
export function isTradingDayNumber(dayNumber: number): boolean {
  return isoWeekdayOfDayNumber(dayNumber) < 6 && !holidayDayNumbers.has(dayNumber);
}

/** Whether the calendar day YYYY-MM-DD is an NSE trading day. */
export function isTradingDay(isoDay: string): boolean {
  return isTradingDayNumber(dayNumberOfIsoDay(isoDay));
}

/** Holidays never run for more than a few days, so these loops end within a week or two. */
export function nextTradingDayNumber(dayNumber: number): number {
  let next = dayNumber + 1;
  while (!isTradingDayNumber(next)) next += 1;
  return next;
}

export function previousTradingDayNumber(dayNumber: number): number {
  let previous = dayNumber - 1;
  while (!isTradingDayNumber(previous)) previous -= 1;
  return previous;
}

/**
 * IST midnight starting the `count`-th trading day after the day containing `time` (T+N);
 * with a count of 0 or less, the start of that day itself, trading day or not.
 */
export function tradingDayStartAfter(time: number, count: number): number {
  let dayNumber = istDayNumber(time);
  for (let remaining = count; remaining > 0; remaining -= 1) dayNumber = nextTradingDayNumber(dayNumber);
  return istDayNumberStart(dayNumber);
}

/** NSE's session phase at an instant: closed all day on weekends and holidays. */
export function nsePhaseAt(time: number): SessionPhase {
  if (!isTradingDayNumber(istDayNumber(time))) return 'closed';
  const minute = istMinuteOfDay(time);
  if (minute < nseSession.preOpenStart) return 'closed';
  if (minute < nseSession.openStart) return 'pre_open';
  if (minute < nseSession.closingStart) return 'open';
  if (minute < nseSession.closedStart) return 'closing';
  return 'closed';
}
