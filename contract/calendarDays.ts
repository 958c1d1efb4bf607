// IST days and clock: the half of the market calendar (calendar.ts) that knows nothing
// of the exchange.
//
// NSE keeps Indian Standard Time, UTC+05:30 all year (India has no daylight saving), so
// every IST day boundary, clock time and calendar date here is integer arithmetic on
// epoch milliseconds with that fixed offset: no time-zone database, no Date parsing and
// no allocation on the paths that run for every quote and every order check. Days are
// counted as "IST day numbers", days since 1970-01-01 on the IST calendar.

export const minuteMs = 60_000;
export const dayMs = 86_400_000;
export const istOffsetMs = (5 * 60 + 30) * minuteMs;

/** Floor division's remainder: never negative, so times before 1970 land in the right day. */
const floorMod = (value: number, modulus: number): number => ((value % modulus) + modulus) % modulus;

// ---------------------------------------------------------------------------------
// IST days and clock

/** Days since 1970-01-01 on the IST calendar of the instant `time` (epoch ms). */
export function istDayNumber(time: number): number {
  return Math.floor((time + istOffsetMs) / dayMs);
}

/** Epoch ms of IST midnight starting the IST day number `dayNumber`. */
export function istDayNumberStart(dayNumber: number): number {
  return dayNumber * dayMs - istOffsetMs;
}

/** Epoch ms of IST midnight starting the day that contains `time`. */
export function istDayStart(time: number): number {
  return istDayNumberStart(istDayNumber(time));
}

/** Minutes since IST midnight, 0 … 1439. */
export function istMinuteOfDay(time: number): number {
  return Math.floor(floorMod(time + istOffsetMs, dayMs) / minuteMs);
}

/** ISO weekday of an IST day number: 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export function isoWeekdayOfDayNumber(dayNumber: number): number {
  return floorMod(dayNumber + 3, 7) + 1;
}

/** ISO weekday of the IST day containing `time`. */
export function istIsoWeekday(time: number): number {
  return isoWeekdayOfDayNumber(istDayNumber(time));
}

export type CalendarDate = { year: number; month: number; day: number };

/** The proleptic Gregorian date of a day number (H. Hinnant's civil_from_days, in integers). */
export function calendarDateOfDayNumber(dayNumber: number): CalendarDate {
  const shifted = dayNumber + 719_468; // days since 0000-03-01
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153); // 0 = March … 11 = February
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day: dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1 };
}

/** The day number of a proleptic Gregorian date (H. Hinnant's days_from_civil); month 1–12. */
export function dayNumberOfCalendarDate(year: number, month: number, day: number): number {
  const marchYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(marchYear / 400);
  const yearOfEra = marchYear - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

const twoDigits = (value: number): string => (value < 10 ? `0${value}` : String(value));

/** YYYY-MM-DD of a day number. */
export function isoDayOfDayNumber(dayNumber: number): string {
  const date = calendarDateOfDayNumber(dayNumber);
  return `${String(date.year).padStart(4, '0')}-${twoDigits(date.month)}-${twoDigits(date.day)}`;
}

// Quotes arrive in time order, so the day's text is almost always the previous call's.
let memoDayNumber = Number.NaN;
let memoIsoDay = '';

/** The IST calendar day of an instant, YYYY-MM-DD. */
export function istDay(time: number): string {
  const dayNumber = istDayNumber(time);
  if (dayNumber !== memoDayNumber) {
    memoIsoDay = isoDayOfDayNumber(dayNumber);
    memoDayNumber = dayNumber;
  }
  return memoIsoDay;
}

/** "YYYY-MM-DD HH:mm:ss" on the IST clock. */
export function istDateTimeText(time: number): string {
  const secondOfDay = Math.floor(floorMod(time + istOffsetMs, dayMs) / 1000);
  const clock = `${twoDigits(Math.floor(secondOfDay / 3600))}:${twoDigits(Math.floor(secondOfDay / 60) % 60)}:${twoDigits(secondOfDay % 60)}`;
  return `${istDay(time)} ${clock}`;
}

const digitAt = (text: string, index: number): number => {
  const code = text.charCodeAt(index) - 48;
  return code >= 0 && code <= 9 ? code : Number.NaN;
};

/** The day number of a real calendar day written YYYY-MM-DD ("2025-02-30" is not one), or null. */
export function parseIsoDay(text: string): number | null {
  if (text.length !== 10 || text[4] !== '-' || text[7] !== '-') return null;
  const year = digitAt(text, 0) * 1000 + digitAt(text, 1) * 100 + digitAt(text, 2) * 10 + digitAt(text, 3);
  const month = digitAt(text, 5) * 10 + digitAt(text, 6);
  const day = digitAt(text, 8) * 10 + digitAt(text, 9);
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= 31)) return null; // also false for NaN
  const dayNumber = dayNumberOfCalendarDate(year, month, day);
  return calendarDateOfDayNumber(dayNumber).day === day ? dayNumber : null;
}

/** The day number of a YYYY-MM-DD day; throws on anything else (a programming error, not input). */
export function dayNumberOfIsoDay(isoDay: string): number {
  const dayNumber = parseIsoDay(isoDay);
  if (dayNumber === null) throw new Error(`not a YYYY-MM-DD day: ${isoDay}`);
  return dayNumber;
}

/** Epoch ms of IST midnight of a calendar day written YYYY-MM-DD. */
export function istDayStartOf(isoDay: string): number {
  return istDayNumberStart(dayNumberOfIsoDay(isoDay));
}

/** The Monday starting the ISO week of a day number. */
export function weekStartDayNumber(dayNumber: number): number {
  return dayNumber - isoWeekdayOfDayNumber(dayNumber) + 1;
}

/** The 1st of the month of a day number. */
export function monthStartDayNumber(dayNumber: number): number {
  return dayNumber - calendarDateOfDayNumber(dayNumber).day + 1;
}

/** Months since year 0 of a day number's date: consecutive months differ by one. */
export function monthNumberOfDayNumber(dayNumber: number): number {
  const date = calendarDateOfDayNumber(dayNumber);
  return date.year * 12 + date.month - 1;
}
