import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as calendar from './calendar.ts';
import { calendarCases } from './calendar.cases.ts';

// The calendar in Node: the shared table of edges (the same table runs in happy-dom and in
// Chromium's main thread and a Web Worker), then the integer arithmetic checked against
// the time-zone database it replaces, over two centuries of random instants.

describe('the market calendar in Node', () => {
  it.each(calendarCases.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, testCase) => {
    expect(testCase.actual()).toEqual(testCase.expected);
  });
});

const kolkata = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
});
const isoWeekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

describe('integer IST arithmetic agrees with the Asia/Kolkata zone', () => {
  // From 1946: before India settled on +05:30 the zone database has other offsets.
  const instant = fc.integer({ min: Date.parse('1946-01-01T00:00:00Z'), max: Date.parse('2150-12-31T00:00:00Z') });

  it('gives the same day, clock and weekday for any instant after 1945', () => {
    fc.assert(
      fc.property(instant, (time) => {
        const parts = Object.fromEntries(kolkata.formatToParts(time).map((part) => [part.type, part.value]));
        expect(calendar.istDay(time)).toBe(`${parts.year}-${parts.month}-${parts.day}`);
        expect(calendar.istMinuteOfDay(time)).toBe(Number(parts.hour) * 60 + Number(parts.minute));
        expect(calendar.istIsoWeekday(time)).toBe(isoWeekdays.indexOf(parts.weekday!) + 1);
        expect(calendar.istDateTimeText(time)).toBe(`${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`);
        expect(calendar.istDayStartOf(calendar.istDay(time))).toBe(calendar.istDayStart(time));
      }),
      { numRuns: 5_000 },
    );
  });

  it('reads back every day it writes, and only real days', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200_000, max: 200_000 }), (dayNumber) => {
        const isoDay = calendar.isoDayOfDayNumber(dayNumber);
        expect(isoDay).toBe(new Date(dayNumber * calendar.dayMs).toISOString().slice(0, 10));
        expect(calendar.parseIsoDay(isoDay)).toBe(dayNumber);
      }),
      { numRuns: 5_000 },
    );
    for (const day of ['2023-02-29', '2100-02-29', '2024-04-31', '2024-06-31']) expect(calendar.parseIsoDay(day), day).toBeNull();
    expect(calendar.parseIsoDay('2000-02-29')).not.toBeNull();
  });

  it('counts trading days as weekdays that are not holidays', () => {
    const holidays = new Set(calendar.nseHolidays);
    for (let dayNumber = calendar.dayNumberOfIsoDay('2024-12-01'); dayNumber < calendar.dayNumberOfIsoDay('2027-01-31'); dayNumber++) {
      const isoDay = calendar.isoDayOfDayNumber(dayNumber);
      const weekday = new Date(dayNumber * calendar.dayMs).getUTCDay();
      expect(calendar.isTradingDay(isoDay), isoDay).toBe(weekday !== 0 && weekday !== 6 && !holidays.has(isoDay));
    }
  });
});
