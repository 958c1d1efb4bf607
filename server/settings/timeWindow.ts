import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import type { TimeWindow } from '../../contract/settings.ts';

dayjs.extend(utc);

// Deposit and withdrawal windows are published in India Standard Time, which has no
// daylight saving: a fixed UTC+05:30 offset is exact.
const istOffsetMinutes = 5 * 60 + 30;

/** Whether `at` falls inside `window`: an allowed IST weekday, between from and to (both minutes included). */
export function isWithinWindow(window: TimeWindow, at: Date | number): boolean {
  const ist = dayjs(at).utcOffset(istOffsetMinutes);
  // dayjs counts Sunday as 0; the window uses ISO weekdays (Monday 1 … Sunday 7).
  const isoWeekday = ist.day() === 0 ? 7 : ist.day();
  if (!window.days.includes(isoWeekday)) return false;
  const clock = ist.format('HH:mm');
  return clock >= window.from && clock <= window.to;
}
