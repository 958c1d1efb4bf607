import { istMinuteOfDay, nseSession } from '../../contract/calendar.ts';
import type { FeedSource } from '../../contract/market.ts';

// How many minutes of trading the day has had at a given stream time, to turn the day's
// cumulative volume into an average per minute, on the market calendar (contract/calendar.ts).
// Holidays do not matter because nothing trades on them. The count runs from 09:15, the
// start of NSE's normal market (pre-open matching volume lands in the first minute), to
// 16:00, the end of the closing session.

/** At least 1, so the first minute's volume is its own average rather than a division by zero. */
export function tradingMinutesElapsed(calendar: FeedSource['calendar'], streamTime: number): number {
  const minute = istMinuteOfDay(streamTime);
  // An always-open feed starts its day at IST midnight (the simulator rolls days by IST date).
  if (calendar === 'always_open') return Math.max(1, minute);
  return Math.max(1, Math.min(minute, nseSession.closedStart) - nseSession.openStart);
}
