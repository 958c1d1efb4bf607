import { dayMs, istDayNumber, istDayNumberStart, isTradingDayNumber, minuteMs } from '../../contract/calendar.ts';
import type { FeedSource } from '../../contract/market.ts';
import type { Settings } from '../settings/settings.ts';
import { refuse } from '../http/refusal.ts';

// The intraday product: positions opened as intraday carry the intraday leverage and are
// squared off (closed at the market price) at the square-off time of their session. On the
// NSE calendar that is `intraday.square_off_time` (15:20 IST by default) on each trading day,
// and from then until the next session new intraday orders are refused. The 24×7 demo market
// has no closing bell: its simulated sessions run from IST midnight for `demoSessionMinutes`
// each (a whole day unless a test shortens it), and square-off runs at each session's end,
// where the next one begins at once.

export interface IntradayRules {
  /** An intraday order uses exactly this leverage: the ticket shows one number, and the setting is the one truth. */
  leverage: number;
  minimumShares: bigint;
  /** Minutes after IST midnight (NSE calendar only). */
  squareOffMinute: number;
}

export interface IntradaySchedule {
  rules(): IntradayRules;
  /** The latest square-off instant at or before `time`: intraday positions opened before it are due. */
  lastSquareOffAtOrBefore(time: number): number;
  /** The first square-off instant after `time`, for the ticket's countdown. */
  nextSquareOffAfter(time: number): number;
  /** Whether new intraday orders are refused at `time`: after the day's square-off until the next session. */
  closedForTheDay(time: number): boolean;
}

export const fullDayMinutes = 24 * 60;

export function createIntradaySchedule(
  settings: Pick<Settings, 'get'>, calendar: FeedSource['calendar'], demoSessionMinutes = fullDayMinutes,
): IntradaySchedule {
  if (!Number.isInteger(demoSessionMinutes) || demoSessionMinutes < 1 || fullDayMinutes % demoSessionMinutes !== 0) {
    throw new Error('intraday: a demo session is a whole number of minutes that divides a day');
  }
  const rules = (): IntradayRules => ({
    leverage: settings.get('intraday.leverage'),
    minimumShares: BigInt(settings.get('intraday.minimum_shares')),
    squareOffMinute: settings.get('intraday.square_off_time'),
  });
  const sessionMs = demoSessionMinutes * minuteMs;
  /** NSE: the square-off instant of a day, or null on a weekend or holiday. */
  const nseSquareOffOfDay = (dayNumber: number): number | null =>
    isTradingDayNumber(dayNumber) ? istDayNumberStart(dayNumber) + rules().squareOffMinute * minuteMs : null;
  /** Demo sessions are aligned on IST midnight: the end of the session containing `time`. */
  const demoSessionEnd = (time: number): number => {
    const dayStart = istDayNumberStart(istDayNumber(time));
    return dayStart + (Math.floor((time - dayStart) / sessionMs) + 1) * sessionMs;
  };
  // Holidays never run for more than a few days: two weeks of looking is plenty.
  const searchDays = 14;

  return {
    rules,
    lastSquareOffAtOrBefore(time) {
      if (calendar === 'always_open') return demoSessionEnd(time) - sessionMs;
      for (let day = istDayNumber(time), tries = 0; tries < searchDays; day -= 1, tries += 1) {
        const instant = nseSquareOffOfDay(day);
        if (instant !== null && instant <= time) return instant;
      }
      return time - searchDays * dayMs;
    },
    nextSquareOffAfter(time) {
      if (calendar === 'always_open') return demoSessionEnd(time);
      for (let day = istDayNumber(time), tries = 0; tries < searchDays; day += 1, tries += 1) {
        const instant = nseSquareOffOfDay(day);
        if (instant !== null && instant > time) return instant;
      }
      return time + searchDays * dayMs;
    },
    closedForTheDay(time) {
      if (calendar === 'always_open') return false;
      const today = nseSquareOffOfDay(istDayNumber(time));
      return today !== null && time >= today;
    },
  };
}

/** The intraday rules an order must meet, checked with the free checks before any money moves. */
export function checkIntradayOrder(schedule: IntradaySchedule, now: number, order: { quantity: number; leverage: number }): { leverage: number } {
  const rules = schedule.rules();
  if (BigInt(order.quantity) < rules.minimumShares) refuse('intraday_minimum_not_met', rules.minimumShares.toString());
  if (order.leverage !== rules.leverage) refuse('leverage_not_allowed');
  if (schedule.closedForTheDay(now)) refuse('intraday_closed_for_the_day');
  return { leverage: rules.leverage };
}
