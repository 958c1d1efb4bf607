import { dayMs, istDayNumber, istDayNumberStart, istOffsetMs, monthStartDayNumber, weekStartDayNumber } from '../../../contract/calendar.ts';

// Candle bucket boundaries on the IST clock (contract/calendar.ts): every boundary is
// plain arithmetic on epoch milliseconds; no time-zone library sits in the path that runs
// for every quote.

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

// Month starts only change when the IST day changes, and quotes arrive in time order, so a
// one-entry memo answers almost every call without the calendar-date arithmetic.
let monthMemoDay = Number.NaN;
let monthMemoStart = 0;

function monthStartOfDay(dayNumber: number): number {
  if (dayNumber !== monthMemoDay) {
    monthMemoDay = dayNumber;
    monthMemoStart = istDayNumberStart(monthStartDayNumber(dayNumber));
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
    case 5: return istDayNumberStart(weekStartDayNumber(istDayNumber(time)));
    case 6: return monthStartOfDay(istDayNumber(time));
    default: throw new Error(`no bucket period at index ${periodIndex}`);
  }
}

/** Shifts to IST wall-clock time, floors to `width`, shifts back; floor (not %) keeps pre-1970 times right. */
function floorIst(time: number, width: number): number {
  return Math.floor((time + istOffsetMs) / width) * width - istOffsetMs;
}
