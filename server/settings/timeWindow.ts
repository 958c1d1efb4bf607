import { istIsoWeekday, istMinuteOfDay } from '../../contract/calendar.ts';
import type { TimeWindow } from '../../contract/settings.ts';

// Deposit and withdrawal windows are published in India Standard Time, on the market's
// calendar (contract/calendar.ts).

/** "HH:mm" (checked by the contract's clockTime) as minutes after midnight. */
const minutesOfClock = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Whether `at` falls inside `window`: an allowed IST weekday, between from and to (both minutes included). */
export function isWithinWindow(window: TimeWindow, at: Date | number): boolean {
  const time = typeof at === 'number' ? at : at.getTime();
  if (!window.days.includes(istIsoWeekday(time))) return false;
  const minute = istMinuteOfDay(time);
  return minute >= minutesOfClock(window.from) && minute <= minutesOfClock(window.to);
}
