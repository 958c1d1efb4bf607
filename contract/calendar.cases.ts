import * as calendar from './calendar.ts';
import type { SessionPhase } from './market.ts';

// The calendar's table of cases: holidays, weekends, every session edge to the
// millisecond, IST midnight ± 1 ms and a year end. One table, run by Node
// (contract/calendar.test.ts), by happy-dom (workers/calendar.test.ts) and by Chromium's
// main thread and a Web Worker (tests/e2e/calendar-runtimes.test.ts), so the three places
// the calendar runs are shown to agree. Expected values are written by hand or parsed
// from ISO text with an explicit +05:30, never computed by the calendar itself.

export type CalendarCase = { name: string; actual: () => unknown; expected: unknown };
export type CalendarCaseResult = { name: string; actual: unknown; expected: unknown };

/** An instant written as IST wall-clock time, "2026-11-23T09:15:00.000". */
const ist = (wallClock: string): number => Date.parse(`${wallClock}+05:30`);

// 2026-11-23 is a Monday and a trading day; 2026-11-24 (Guru Nanak Jayanti) is a holiday.
const tradingMonday = '2026-11-23';
const phaseEdges: [string, SessionPhase][] = [
  ['00:00:00.000', 'closed'],
  ['08:59:59.999', 'closed'],
  ['09:00:00.000', 'pre_open'],
  ['09:14:59.999', 'pre_open'],
  ['09:15:00.000', 'open'],
  ['15:29:59.999', 'open'],
  ['15:30:00.000', 'closing'],
  ['15:59:59.999', 'closing'],
  ['16:00:00.000', 'closed'],
  ['23:59:59.999', 'closed'],
];

const phaseCases: CalendarCase[] = [
  ...phaseEdges.map(([clock, phase]): CalendarCase => ({ name: `phase on a trading day at ${clock}`, actual: () => calendar.nsePhaseAt(ist(`${tradingMonday}T${clock}`)), expected: phase })),
  { name: 'phase at 10:00 on a holiday (2026-11-24)', actual: () => calendar.nsePhaseAt(ist('2026-11-24T10:00:00.000')), expected: 'closed' },
  { name: 'phase at 10:00 on a Saturday', actual: () => calendar.nsePhaseAt(ist('2026-11-21T10:00:00.000')), expected: 'closed' },
  { name: 'phase at 10:00 on a Sunday', actual: () => calendar.nsePhaseAt(ist('2026-11-22T10:00:00.000')), expected: 'closed' },
  { name: 'phase at 09:15 on Christmas 2025', actual: () => calendar.nsePhaseAt(ist('2025-12-25T09:15:00.000')), expected: 'closed' },
  { name: 'phase at 09:15 on the first trading day of 2026', actual: () => calendar.nsePhaseAt(ist('2026-01-01T09:15:00.000')), expected: 'open' },
  // 03:45 UTC is 09:15 IST: the device's zone never enters.
  { name: 'phase at 03:45 UTC on a trading day is open', actual: () => calendar.nsePhaseAt(Date.parse('2026-11-23T03:45:00.000Z')), expected: 'open' },
];

const dayCases: CalendarCase[] = [
  { name: 'IST midnight belongs to the new day', actual: () => calendar.istDay(ist('2026-11-23T00:00:00.000')), expected: '2026-11-23' },
  { name: 'IST midnight − 1 ms belongs to the day before', actual: () => calendar.istDay(ist('2026-11-23T00:00:00.000') - 1), expected: '2026-11-22' },
  { name: 'IST midnight + 1 ms belongs to the new day', actual: () => calendar.istDay(ist('2026-11-23T00:00:00.000') + 1), expected: '2026-11-23' },
  { name: 'UTC 18:29:59.999 is still the same IST day', actual: () => calendar.istDay(Date.parse('2026-11-22T18:29:59.999Z')), expected: '2026-11-22' },
  { name: 'UTC 18:30 is the next IST day', actual: () => calendar.istDay(Date.parse('2026-11-22T18:30:00.000Z')), expected: '2026-11-23' },
  { name: 'minute of day at IST midnight', actual: () => calendar.istMinuteOfDay(ist('2026-11-23T00:00:00.000')), expected: 0 },
  { name: 'minute of day at IST midnight − 1 ms', actual: () => calendar.istMinuteOfDay(ist('2026-11-23T00:00:00.000') - 1), expected: 1439 },
  { name: 'minute of day at 09:15', actual: () => calendar.istMinuteOfDay(ist('2026-11-23T09:15:59.999')), expected: 555 },
  { name: 'day start of IST midnight − 1 ms', actual: () => calendar.istDayStart(ist('2026-11-23T00:00:00.000') - 1), expected: ist('2026-11-22T00:00:00.000') },
  { name: 'day start of IST midnight', actual: () => calendar.istDayStart(ist('2026-11-23T00:00:00.000')), expected: ist('2026-11-23T00:00:00.000') },
  { name: 'day start of a written day', actual: () => calendar.istDayStartOf('2026-11-23'), expected: ist('2026-11-23T00:00:00.000') },
  { name: 'year end: 31 Dec 23:59:59.999 IST', actual: () => calendar.istDay(ist('2025-12-31T23:59:59.999')), expected: '2025-12-31' },
  { name: 'year end: 1 Jan 00:00 IST (still 31 Dec in UTC)', actual: () => calendar.istDay(ist('2026-01-01T00:00:00.000')), expected: '2026-01-01' },
  { name: 'a leap day', actual: () => calendar.istDay(ist('2024-02-29T12:00:00.000')), expected: '2024-02-29' },
  { name: 'before 1970', actual: () => [calendar.istDay(ist('1969-12-31T23:59:59.999')), calendar.istMinuteOfDay(ist('1969-12-31T23:59:59.999'))], expected: ['1969-12-31', 1439] },
  { name: 'date and time text', actual: () => calendar.istDateTimeText(Date.parse('2025-12-31T18:29:59.999Z')), expected: '2025-12-31 23:59:59' },
  { name: 'ISO weekday of a Monday and a Sunday', actual: () => [calendar.istIsoWeekday(ist('2026-11-23T00:00:00.000')), calendar.istIsoWeekday(ist('2026-11-22T23:59:59.999'))], expected: [1, 7] },
  { name: 'week starts on Monday', actual: () => calendar.isoDayOfDayNumber(calendar.weekStartDayNumber(calendar.dayNumberOfIsoDay('2026-01-01'))), expected: '2025-12-29' },
  { name: 'month starts on the 1st', actual: () => calendar.isoDayOfDayNumber(calendar.monthStartDayNumber(calendar.dayNumberOfIsoDay('2024-02-29'))), expected: '2024-02-01' },
  { name: 'consecutive months across a year end', actual: () => calendar.monthNumberOfDayNumber(calendar.dayNumberOfIsoDay('2026-01-01')) - calendar.monthNumberOfDayNumber(calendar.dayNumberOfIsoDay('2025-12-31')), expected: 1 },
  { name: 'real and unreal calendar days', actual: () => ['2024-02-29', '2025-02-29', '2025-02-30', '2025-13-01', '2025-00-10', '2025-1-01', 'x025-01-01'].map((day) => calendar.parseIsoDay(day) !== null), expected: [true, false, false, false, false, false, false] },
];

const tradingDayCases: CalendarCase[] = [
  { name: 'a Monday trades', actual: () => calendar.isTradingDay('2026-11-23'), expected: true },
  { name: 'a holiday does not trade (2026-11-24)', actual: () => calendar.isTradingDay('2026-11-24'), expected: false },
  { name: 'a Saturday does not trade', actual: () => calendar.isTradingDay('2026-11-21'), expected: false },
  { name: 'a Sunday does not trade', actual: () => calendar.isTradingDay('2026-11-22'), expected: false },
  { name: 'Christmas 2025 does not trade', actual: () => calendar.isTradingDay('2025-12-25'), expected: false },
  { name: 'Republic Day 2026 does not trade', actual: () => calendar.isTradingDay('2026-01-26'), expected: false },
  { name: 'New Year 2026 trades', actual: () => calendar.isTradingDay('2026-01-01'), expected: true },
  { name: 'every listed holiday is a weekday that does not trade', actual: () => calendar.nseHolidays.filter((day) => calendar.isTradingDay(day) || calendar.isoWeekdayOfDayNumber(calendar.dayNumberOfIsoDay(day)) > 5), expected: [] },
  { name: 'next trading day after a Friday is Monday', actual: () => calendar.isoDayOfDayNumber(calendar.nextTradingDayNumber(calendar.dayNumberOfIsoDay('2026-11-20'))), expected: '2026-11-23' },
  { name: 'next trading day skips a holiday', actual: () => calendar.isoDayOfDayNumber(calendar.nextTradingDayNumber(calendar.dayNumberOfIsoDay('2026-11-23'))), expected: '2026-11-25' },
  { name: 'next trading day across Christmas 2025', actual: () => calendar.isoDayOfDayNumber(calendar.nextTradingDayNumber(calendar.dayNumberOfIsoDay('2025-12-24'))), expected: '2025-12-26' },
  { name: 'previous trading day skips a holiday', actual: () => calendar.isoDayOfDayNumber(calendar.previousTradingDayNumber(calendar.dayNumberOfIsoDay('2026-11-25'))), expected: '2026-11-23' },
  { name: 'previous trading day across a year end', actual: () => calendar.isoDayOfDayNumber(calendar.previousTradingDayNumber(calendar.dayNumberOfIsoDay('2026-01-01'))), expected: '2025-12-31' },
  { name: 'previous trading day of a Monday is Friday', actual: () => calendar.isoDayOfDayNumber(calendar.previousTradingDayNumber(calendar.dayNumberOfIsoDay('2026-11-23'))), expected: '2026-11-20' },
  { name: 'T+0 is the start of the same day', actual: () => calendar.tradingDayStartAfter(ist('2026-11-20T15:00:00.000'), 0), expected: ist('2026-11-20T00:00:00.000') },
  { name: 'T+1 from a Friday is Monday', actual: () => calendar.tradingDayStartAfter(ist('2026-11-20T15:00:00.000'), 1), expected: ist('2026-11-23T00:00:00.000') },
  { name: 'T+2 from a Friday skips the holiday', actual: () => calendar.tradingDayStartAfter(ist('2026-11-20T15:00:00.000'), 2), expected: ist('2026-11-25T00:00:00.000') },
  { name: 'T+1 from a Saturday is Monday', actual: () => calendar.tradingDayStartAfter(ist('2026-11-21T10:00:00.000'), 1), expected: ist('2026-11-23T00:00:00.000') },
  { name: 'T+1 from 23:59:59.999 on the last day of 2025', actual: () => calendar.tradingDayStartAfter(ist('2025-12-31T23:59:59.999'), 1), expected: ist('2026-01-01T00:00:00.000') },
  { name: 'T+1 from IST midnight − 1 ms counts from the earlier day', actual: () => calendar.tradingDayStartAfter(ist('2026-11-23T00:00:00.000') - 1, 1), expected: ist('2026-11-23T00:00:00.000') },
];

export const calendarCases: readonly CalendarCase[] = [...phaseCases, ...dayCases, ...tradingDayCases];

/** Runs every case; a case that throws reports the error text as its result. */
export function runCalendarCases(): CalendarCaseResult[] {
  return calendarCases.map(({ name, actual, expected }) => {
    try {
      return { name, actual: actual(), expected };
    } catch (error) {
      return { name, actual: `threw: ${String(error)}`, expected };
    }
  });
}
