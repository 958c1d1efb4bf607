import { type AppLocale, intlLocaleOf } from '../../../i18n/locale.ts';

// The chart's time labels in the reader's language: "Sep" / "9月" / "9월" on the axis,
// the full date (and time for intraday bars) under the crosshair. Chart times are seconds
// of Indian wall-clock time written as if they were UTC (chartTimeOf in liveBars.ts), so
// every formatter reads them in UTC and what it shows is the time in IST.

/** lightweight-charts' TickMarkType, by value, so this module stays free of the chart library. */
export const tickMarkKinds = { year: 0, month: 1, dayOfMonth: 2, time: 3, timeWithSeconds: 4 } as const;

export type ChartLabelFormatters = {
  /** The label of a tick on the time axis; `kind` is the chart's TickMarkType. */
  tickMark: (time: unknown, kind: number) => string;
  /** The date (and time of day for intraday bars) shown where the crosshair meets the time axis. */
  crosshair: (time: unknown) => string;
};

function formatter(intlLocale: string, options: Intl.DateTimeFormatOptions): (seconds: number) => string {
  const format = new Intl.DateTimeFormat(intlLocale, { ...options, timeZone: 'UTC' });
  return (seconds) => format.format(seconds * 1000);
}

const hourMinute: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** Label formatters for one language; `intraday` charts show the time of day under the crosshair. */
export function chartLabelFormatters(locale: AppLocale, intraday: boolean): ChartLabelFormatters {
  const intlLocale = intlLocaleOf(locale);
  const byKind: Record<number, (seconds: number) => string> = {
    [tickMarkKinds.year]: formatter(intlLocale, { year: 'numeric' }),
    [tickMarkKinds.month]: formatter(intlLocale, { month: 'short' }),
    [tickMarkKinds.dayOfMonth]: formatter(intlLocale, { day: 'numeric' }),
    [tickMarkKinds.time]: formatter(intlLocale, hourMinute),
    [tickMarkKinds.timeWithSeconds]: formatter(intlLocale, { ...hourMinute, second: '2-digit' }),
  };
  const crosshair = formatter(intlLocale, intraday ? { year: 'numeric', month: 'short', day: 'numeric', ...hourMinute } : { year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' });
  // Our bars always carry numeric times; anything else (a business-day object) keeps the chart's own text.
  return {
    tickMark: (time, kind) => (typeof time === 'number' ? (byKind[kind] ?? byKind[tickMarkKinds.dayOfMonth]!)(time) : String(time)),
    crosshair: (time) => (typeof time === 'number' ? crosshair(time) : String(time)),
  };
}
