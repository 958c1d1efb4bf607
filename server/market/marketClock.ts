import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { SessionPhase } from '../../contract/market.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

// NSE keeps Indian Standard Time (UTC+05:30, no daylight saving). Session boundaries
// are minutes after IST midnight.

export const istZone = 'Asia/Kolkata';
const istOffsetMs = (5 * 60 + 30) * 60_000;
const dayMs = 86_400_000;

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
const nseHolidays = new Set([
  '2025-02-26', '2025-03-14', '2025-03-31', '2025-04-10', '2025-04-14', '2025-04-18', '2025-05-01',
  '2025-08-15', '2025-08-27', '2025-10-02', '2025-10-21', '2025-10-22', '2025-11-05', '2025-12-25',
  '2026-01-26', '2026-03-03', '2026-03-26', '2026-03-31', '2026-04-03', '2026-04-14', '2026-05-01',
  '2026-05-28', '2026-06-26', '2026-09-14', '2026-10-02', '2026-10-20', '2026-11-10', '2026-11-24',
  '2026-12-25',
]);

/** The IST calendar day of an instant, YYYY-MM-DD. */
export function istDay(time: number): string {
  return new Date(time + istOffsetMs).toISOString().slice(0, 10);
}

/** Minutes since IST midnight. */
export function istMinuteOfDay(time: number): number {
  return Math.floor(((time + istOffsetMs) % dayMs) / 60_000);
}

/** Epoch ms of IST midnight starting the day that contains `time`. */
export function istDayStart(time: number): number {
  return Math.floor((time + istOffsetMs) / dayMs) * dayMs - istOffsetMs;
}

export function isTradingDay(day: string): boolean {
  const weekday = dayjs.tz(day, istZone).day();
  return weekday !== 0 && weekday !== 6 && !nseHolidays.has(day);
}

/** IST midnight starting the `count`-th trading day after the one containing `time` (T+N). */
export function tradingDayStartAfter(time: number, count: number): number {
  let dayStart = istDayStart(time);
  for (let remaining = count; remaining > 0; ) {
    dayStart += dayMs;
    if (isTradingDay(istDay(dayStart))) remaining -= 1;
  }
  return dayStart;
}

export function nsePhaseAt(time: number): SessionPhase {
  if (!isTradingDay(istDay(time))) return 'closed';
  const minute = istMinuteOfDay(time);
  if (minute < nseSession.preOpenStart) return 'closed';
  if (minute < nseSession.openStart) return 'pre_open';
  if (minute < nseSession.closingStart) return 'open';
  if (minute < nseSession.closedStart) return 'closing';
  return 'closed';
}
