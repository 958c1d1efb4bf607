// Proves that bucket starts follow the IST wall clock (not UTC): minutes, days at IST
// midnight, weeks on Monday and months on the 1st, checked against Intl's Asia/Kolkata.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { istDayStartOf } from '../../../contract/calendar.ts';
import { bucketPeriods, bucketStart, type BucketPeriod } from './buckets.ts';

const istParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short',
});
const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The bucket start computed the slow, obviously right way: from IST calendar fields. */
function referenceBucketStart(period: BucketPeriod, time: number): number {
  const parts = Object.fromEntries(istParts.formatToParts(time).map((part) => [part.type, part.value]));
  const ymd = `${parts.year}-${parts.month}-${parts.day}`;
  const at = (date: string, hour: number, minute: number) =>
    Date.parse(`${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+05:30`);
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  switch (period) {
    case 'minute': return at(ymd, hour, minute);
    case '5m': return at(ymd, hour, minute - (minute % 5));
    case '15m': return at(ymd, hour, minute - (minute % 15));
    case '30m': return at(ymd, hour, minute - (minute % 30));
    case 'day': return at(ymd, 0, 0);
    case 'week': return at(ymd, 0, 0) - weekdays.indexOf(parts.weekday!) * 86_400_000;
    case 'month': return at(`${parts.year}-${parts.month}-01`, 0, 0);
  }
}

describe('IST bucket boundaries', () => {
  it('matches the IST calendar for every period at random instants', () => {
    const instant = fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2035, 0, 1) });
    fc.assert(
      fc.property(instant, fc.constantFrom(...bucketPeriods), (time, period) => {
        expect(bucketStart(period, time)).toBe(referenceBucketStart(period, time));
      }),
      { numRuns: 3000 },
    );
  });

  it('puts 00:10 IST on the 1st of April in April, though it is still 31 March in UTC', () => {
    const time = Date.parse('2025-04-01T00:10:00+05:30');
    expect(bucketStart('month', time)).toBe(Date.parse('2025-04-01T00:00:00+05:30'));
    expect(bucketStart('day', time)).toBe(istDayStartOf('2025-04-01'));
    // A Tuesday: its week began on Monday 31 March, IST midnight.
    expect(bucketStart('week', time)).toBe(Date.parse('2025-03-31T00:00:00+05:30'));
  });

  it('starts a week on Monday: Sunday night belongs to the week before', () => {
    const sundayLate = Date.parse('2025-06-15T23:59:59+05:30');
    const mondayEarly = Date.parse('2025-06-16T00:00:00+05:30');
    expect(bucketStart('week', sundayLate)).toBe(Date.parse('2025-06-09T00:00:00+05:30'));
    expect(bucketStart('week', mondayEarly)).toBe(mondayEarly);
  });

  it('aligns half hours to the IST clock: 09:15 opens a 15-minute bar, 09:30 a 30-minute one', () => {
    const open = Date.parse('2025-06-16T09:17:30+05:30');
    expect(bucketStart('15m', open)).toBe(Date.parse('2025-06-16T09:15:00+05:30'));
    expect(bucketStart('30m', open)).toBe(Date.parse('2025-06-16T09:00:00+05:30'));
    expect(bucketStart('30m', Date.parse('2025-06-16T09:45:00+05:30'))).toBe(Date.parse('2025-06-16T09:30:00+05:30'));
  });
});
