// Candle bucket boundaries on the IST clock. NSE keeps Indian Standard Time (UTC+05:30,
// no daylight saving), so every boundary is plain arithmetic on epoch milliseconds; no
// time-zone library sits in the path that runs for every quote.

/** One OHLCV bar. Prices in integer minor units (paise), `v` in shares, `t` the epoch ms of the bucket start. */
export interface Bar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

export const bucketPeriods = ['minute', '5m', '15m', '30m', 'day', 'week', 'month'] as const;
export type BucketPeriod = (typeof bucketPeriods)[number];

export const istOffsetMs = (5 * 60 + 30) * 60_000;
export const dayMs = 86_400_000;

/** Days since 1970-01-01 on the IST calendar. */
export function istDayNumber(time: number): number {
  return Math.floor((time + istOffsetMs) / dayMs);
}

/** Epoch ms of IST midnight starting the IST day number `dayNumber`. */
export function istDayNumberStart(dayNumber: number): number {
  return dayNumber * dayMs - istOffsetMs;
}

// Week and month starts only change when the IST day changes, and quotes arrive in time
// order, so a one-entry memo per period answers almost every call without a Date.
let weekMemoDay = Number.NaN;
let weekMemoStart = 0;
let monthMemoDay = Number.NaN;
let monthMemoStart = 0;

function weekStartOfDay(dayNumber: number): number {
  if (dayNumber !== weekMemoDay) {
    // 1970-01-01 was a Thursday: with Monday as 0, its weekday is 3.
    const weekday = (((dayNumber + 3) % 7) + 7) % 7;
    weekMemoDay = dayNumber;
    weekMemoStart = istDayNumberStart(dayNumber - weekday);
  }
  return weekMemoStart;
}

function monthStartOfDay(dayNumber: number): number {
  if (dayNumber !== monthMemoDay) {
    // The IST calendar date of day N is the UTC calendar date of N * dayMs.
    const date = new Date(dayNumber * dayMs);
    monthMemoDay = dayNumber;
    monthMemoStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) - istOffsetMs;
  }
  return monthMemoStart;
}

/**
 * Epoch ms where the bucket of `period` that contains `time` starts, on IST boundaries:
 * minutes aligned to the IST clock, days at IST midnight, weeks on Monday, months on the 1st.
 */
export function bucketStart(period: BucketPeriod, time: number): number {
  return bucketStartAt(bucketPeriods.indexOf(period), time);
}

/** bucketStart by index into `bucketPeriods`: a numeric switch, for the aggregator's per-quote path. */
export function bucketStartAt(periodIndex: number, time: number): number {
  switch (periodIndex) {
    case 0: return floorIst(time, 60_000);
    case 1: return floorIst(time, 5 * 60_000);
    case 2: return floorIst(time, 15 * 60_000);
    case 3: return floorIst(time, 30 * 60_000);
    case 4: return floorIst(time, dayMs);
    case 5: return weekStartOfDay(istDayNumber(time));
    case 6: return monthStartOfDay(istDayNumber(time));
    default: throw new Error(`no bucket period at index ${periodIndex}`);
  }
}

/** Shifts to IST wall-clock time, floors to `width`, shifts back; floor (not %) keeps pre-1970 times right. */
function floorIst(time: number, width: number): number {
  return Math.floor((time + istOffsetMs) / width) * width - istOffsetMs;
}

/** Epoch ms of IST midnight of a calendar day written YYYY-MM-DD. */
export function istDayStartOf(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`not a YYYY-MM-DD day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) - istOffsetMs;
}

