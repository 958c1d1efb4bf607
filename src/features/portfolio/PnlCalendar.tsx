import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { istDay } from '../../../contract/calendarDays.ts';
import { formatMinorAmount, ledgerAmountOfHundredths, parseMinorAmount } from '../../../contract/currencies.ts';
import type { PnlCalendarDay } from '../../../contract/portfolio.ts';
import { call } from '../../api/commandBus.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { type AppLocale, intlLocaleOf } from '../../i18n/locale.ts';
import { formatIsoDay } from '../../ui/format.ts';
import { Icon } from '../../ui/icons.tsx';
import { ErrorState } from '../../ui/LoadStates.tsx';
import { formatMoney } from '../../ui/money.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { Skeleton } from '../../ui/widgets.tsx';
import { useOrderUpdates } from '../market/stream/marketStore.ts';
import { istMonth, monthWeeks, parseMonth, shiftMonth } from './pnlCalendar.ts';
import * as styles from './portfolio.css.ts';
import { useLiveDeltas, useOpenHoldings } from './useLivePortfolio.ts';
import { useReloadOn } from './useReloadOn.ts';

// The P&L calendar (user/pnlCalendar): a month of IST days from Monday to Sunday, each with
// its P&L (realised + unrealised change) in green or red. Today's cell follows the quote
// stream; the demo's seeded days are marked simulated. Months before and after, up to this one.

const monthTitles = new Map<AppLocale, Intl.DateTimeFormat>();
function monthTitle(month: string, locale: AppLocale): string {
  const parsed = parseMonth(month);
  if (!parsed) return month;
  let formatter = monthTitles.get(locale);
  if (!formatter) monthTitles.set(locale, (formatter = new Intl.DateTimeFormat(intlLocaleOf(locale), { year: 'numeric', month: 'long', timeZone: 'UTC' })));
  return formatter.format(Date.UTC(parsed.year, parsed.month - 1, 1));
}

/** Monday … Sunday, short, in the reader's language (1–7 Jan 2024 ran Monday to Sunday). */
function weekdayNames(locale: AppLocale): string[] {
  const formatter = new Intl.DateTimeFormat(intlLocaleOf(locale), { weekday: 'short', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, index) => formatter.format(Date.UTC(2024, 0, 1 + index)));
}

const cellFormatters = new Map<AppLocale, Intl.NumberFormat>();
/** A day's P&L short enough for a seventh of a phone: whole rupees, compact from a thousand ("+16.6K", "+1.66萬"), sign always. */
export function cellAmount(paise: bigint, locale: AppLocale): string {
  const rupees = (paise < 0n ? paise - 50n : paise + 50n) / 100n;
  let formatter = cellFormatters.get(locale);
  if (!formatter) cellFormatters.set(locale, (formatter = new Intl.NumberFormat(intlLocaleOf(locale), { notation: 'compact', maximumSignificantDigits: 3, signDisplay: 'exceptZero' })));
  // Intl formats a decimal string digit for digit; TypeScript's lib types only admit numbers.
  return formatter.format(rupees.toString() as unknown as number);
}

const toneOf = (minor: bigint | null): 'up' | 'down' | 'flat' => (minor === null || minor === 0n ? 'flat' : minor > 0n ? 'up' : 'down');

export function PnlCalendar() {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const thisMonth = istMonth(Date.now());
  const today = istDay(Date.now());
  const [month, setMonth] = useState(thisMonth);
  const calendar = useLoad(useCallback(() => call('user/pnlCalendar', { month }, { silent: true }), [month]));
  useReloadOn(month, calendar.reload);
  // Today's cell moves with the open positions' prices since the calendar was loaded.
  const answer = calendar.state.status === 'ready' ? calendar.state.data : null;
  const holdings = useOpenHoldings(month === thisMonth ? answer : null);
  const liveRupees = useLiveDeltas(holdings).get('INR') ?? 0n;
  useOrderUpdates(calendar.reload);

  const days = useMemo(() => {
    const byDate = new Map<string, PnlCalendarDay & { minor: bigint | null }>();
    for (const day of answer ?? []) {
      let minor = parseMinorAmount(day.pnl, 'INR');
      if (day.date === today && minor !== null) minor += ledgerAmountOfHundredths(liveRupees, 'INR');
      byDate.set(day.date, { ...day, minor, pnl: minor === null ? day.pnl : formatMinorAmount(minor, 'INR') });
    }
    return byDate;
  }, [answer, today, liveRupees]);
  const monthTotal = [...days.values()].reduce((sum, day) => sum + (day.minor ?? 0n), 0n);
  const anySimulated = [...days.values()].some((day) => day.simulated);
  const monthPnl = formatMoney(monthTotal, 'INR', { sign: 'always' });

  return (
    <section className={styles.card} aria-label={t`P&L calendar`} data-testid="pnl-calendar" style={{ margin: '8px 16px' }}>
      <div className={styles.calendarHead}>
        <button type="button" className={styles.monthButton} onClick={() => setMonth(shiftMonth(month, -1))} aria-label={t`Previous month`}>
          <Icon name="back" size={20} />
        </button>
        <h2 className={styles.monthTitle} data-testid="pnl-calendar-month">
          {monthTitle(month, locale)}
        </h2>
        <button type="button" className={styles.monthButton} onClick={() => setMonth(shiftMonth(month, 1))} disabled={month >= thisMonth} aria-label={t`Next month`}>
          <Icon name="chevronRight" size={20} />
        </button>
      </div>
      {calendar.state.status === 'failed' ? (
        <ErrorState title={t`The P&L calendar could not be loaded.`} onRetry={calendar.reload} />
      ) : calendar.state.status === 'loading' ? (
        <Skeleton width="100%" height={260} radius={8} />
      ) : (
        <>
          <p className={`${styles.monthTotal} ${styles.tone[toneOf(monthTotal)]}`} data-testid="pnl-calendar-total">
            <Trans>Month's P&L {monthPnl}</Trans>
          </p>
          <div className={styles.grid} role="grid" aria-label={monthTitle(month, locale)}>
            {weekdayNames(locale).map((name, index) => (
              <div key={index} className={styles.weekday} role="columnheader">
                {name}
              </div>
            ))}
            {monthWeeks(month).flat().map((date, index) => {
              if (date === null) return <div key={`blank-${index}`} role="gridcell" />;
              const day = days.get(date);
              const tone = day ? toneOf(day.minor) : 'none';
              const amount = day ? formatMoney(day.pnl, 'INR', { sign: 'always' }) : null;
              const short = day && day.minor !== null ? cellAmount(day.minor, locale) : '';
              const label = [formatIsoDay(date, locale), amount, day?.simulated ? t`simulated` : null].filter(Boolean).join(' · ');
              return (
                <div
                  key={date}
                  role="gridcell"
                  aria-label={label}
                  title={label}
                  data-testid={day ? 'pnl-day' : undefined}
                  data-date={date}
                  className={`${styles.day} ${styles.dayCell[tone]} ${date === today ? styles.today : ''}`}
                >
                  <span className={styles.dayNumber}>{Number(date.slice(8))}</span>
                  <span>{short}</span>
                  {day?.simulated ? <span className={styles.simulatedMark} aria-hidden="true">◦</span> : null}
                </div>
              );
            })}
          </div>
          {anySimulated ? (
            <p className={styles.note} data-testid="pnl-calendar-simulated">
              <Trans>◦ Simulated history (demo): these days are made up to show how the calendar works.</Trans>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
