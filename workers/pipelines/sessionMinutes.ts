import type { FeedSource } from '../../contract/market.ts';

// How many minutes of trading the day has had at a given stream time, to turn the day's
// cumulative volume into an average per minute. IST has no daylight saving, so a fixed
// offset is exact; holidays do not matter because nothing trades on them.

const istOffsetMs = (5 * 60 + 30) * 60_000;
const dayMs = 86_400_000;
/** 09:15 IST, the start of NSE's normal market (pre-open matching volume lands in the first minute). */
const nseOpenMinute = 9 * 60 + 15;
/** 16:00 IST, the end of the closing session. */
const nseClosedMinute = 16 * 60;

export function istMinuteOfDay(time: number): number {
  return Math.floor((((time + istOffsetMs) % dayMs) + dayMs) % dayMs / 60_000);
}

/** At least 1, so the first minute's volume is its own average rather than a division by zero. */
export function tradingMinutesElapsed(calendar: FeedSource['calendar'], streamTime: number): number {
  const minute = istMinuteOfDay(streamTime);
  // An always-open feed starts its day at IST midnight (the simulator rolls days by IST date).
  if (calendar === 'always_open') return Math.max(1, minute);
  return Math.max(1, Math.min(minute, nseClosedMinute) - nseOpenMinute);
}
