import type { LedgerCurrency } from '../../contract/currencies.ts';
import { type EcbSeries, ecbCurrencies, latestDayIndexOnOrBefore, type EcbCurrency } from './ecbFile.ts';
import { intradayPartsPerMillion, intradayStepMs } from './intraday.ts';
import { changeBasisPoints, crossRate, type Ratio, ratio, scaledRate } from './rateMath.ts';

// The rates the app offers, from three sources, each named where it shows:
// - 'ecb': the ECB reference rate of the latest day in the file on or before today; or, in a
//   replay (the demo), the file's last year of business days played one a real day, so the
//   rate and its day change move from day to day as they really did (every rate is dated with
//   its real ECB day, never a later one invented); cross rates go through the euro.
// - 'staff_setting': currencies the ECB does not publish (TWD, VND), as rupees per 100 TWD or
//   per 10,000 VND, set by staff in the audited settings registry.
// - 'simulated_intraday': in the demo, the ECB rate moved by the bounded, seeded wave of
//   intraday.ts, so a quote changes during the day as it would against a live market.

export type RateSource = 'ecb' | 'staff_setting' | 'simulated_intraday';
export const staffRateCurrencies = ['TWD', 'VND'] as const;
export type StaffRateCurrency = (typeof staffRateCurrencies)[number];
/** A staff rate is rupees for this many units (the way these currencies are usually quoted). */
export const staffRateUnits: Record<StaffRateCurrency, bigint> = { TWD: 100n, VND: 10_000n };
/** Days looked back for a day on which both currencies of a pair have a rate. */
const gapDaysMax = 10;
const historyDaysMax = 800;

export interface StaffRate {
  /** Paise for `staffRateUnits[currency]` units of the currency. */
  paise: bigint;
  /** When staff last set it; null while it is the registry's default. */
  updatedAt: string | null;
}

export interface PairRate {
  from: LedgerCurrency;
  to: LedgerCurrency;
  /** The reference rate, exact, and × 10^10 (half up). */
  reference: Ratio;
  referenceScaled: bigint;
  /** The rate quotes are made from: the reference, moved by the simulated intraday wave where it runs. */
  live: Ratio;
  liveScaled: bigint;
  source: RateSource;
  /** The ECB day the reference is from; null for a staff rate. */
  referenceDay: string | null;
  /** When the live rate was set: the intraday tick, or staff's last change; null for a plain ECB day. */
  updatedAt: string | null;
  /** The reference's move since the previous ECB day; null without two ECB days. */
  dayChangeBasisPoints: number | null;
}

export interface RateBook {
  /** The pair's rates at `timeMs` (today = its IST-agnostic UTC day); null when a currency has no rate. */
  pair(from: LedgerCurrency, to: LedgerCurrency, timeMs: number): PairRate | null;
  /** Daily reference rates of the pair (× 10^10), oldest first, ending at today's reference day; empty for staff rates. */
  history(from: LedgerCurrency, to: LedgerCurrency, days: number, timeMs: number): { day: string; rateScaled: bigint }[];
  readonly fileLoaded: boolean;
  readonly intradaySimulated: boolean;
}

export interface RateBookOptions {
  series: EcbSeries | null;
  staffRate: (currency: StaffRateCurrency) => StaffRate;
  /** The seed of the simulated intraday movement; null: none (ECB rates as published). */
  intradaySeed: number | null;
  /** Replays the file's last year one business day a real day (replayedDayIndex) instead of its latest day on or before today. */
  replay?: boolean;
}

/** Business days of the file a replay cycles over, one a real day. */
export const replayWindowDays = 365;

/** In a replay, the index of the file day shown on the real UTC day of `timeMs`: the window's days in order, then again. */
export function replayedDayIndex(dayCount: number, timeMs: number): number {
  if (dayCount === 0) return -1;
  const window = Math.min(replayWindowDays, dayCount);
  const realDay = Math.floor(timeMs / 86_400_000);
  return dayCount - window + (realDay % window);
}

const isEcbCurrency = (currency: LedgerCurrency): currency is EcbCurrency => (ecbCurrencies as readonly string[]).includes(currency);
const isStaffCurrency = (currency: LedgerCurrency): currency is StaffRateCurrency => (staffRateCurrencies as readonly string[]).includes(currency);
const utcDay = (timeMs: number) => new Date(timeMs).toISOString().slice(0, 10);

export function createRateBook({ series, staffRate, intradaySeed, replay = false }: RateBookOptions): RateBook {
  const todayIndex = (timeMs: number) => {
    if (!series) return -1;
    return replay ? replayedDayIndex(series.days.length, timeMs) : latestDayIndexOnOrBefore(series, utcDay(timeMs));
  };
  /** Units of the currency per rupee on an ECB day (staff rates whatever the day); null without a rate. */
  const perRupee = (currency: LedgerCurrency, dayIndex: number): Ratio | null => {
    if (currency === 'INR') return ratio(1n, 1n);
    if (isStaffCurrency(currency)) return ratio(staffRateUnits[currency] * 100n, staffRate(currency).paise);
    if (!series || !isEcbCurrency(currency) || dayIndex < 0) return null;
    const value = series.perEuro[currency][dayIndex] ?? 0n;
    const rupees = series.perEuro.INR[dayIndex] ?? 0n;
    return value > 0n && rupees > 0n ? ratio(value, rupees) : null;
  };
  const referenceOn = (from: LedgerCurrency, to: LedgerCurrency, dayIndex: number): Ratio | null => {
    const fromPerRupee = perRupee(from, dayIndex);
    const toPerRupee = perRupee(to, dayIndex);
    return fromPerRupee && toPerRupee ? crossRate(fromPerRupee, toPerRupee) : null;
  };
  const needsEcbDay = (from: LedgerCurrency, to: LedgerCurrency) => [from, to].some((currency) => currency !== 'INR' && isEcbCurrency(currency));
  /** The latest day at or before `start` (within the gap allowed) on which the pair has a rate. */
  const dayWithRate = (from: LedgerCurrency, to: LedgerCurrency, start: number): number => {
    for (let index = start; index >= 0 && index > start - gapDaysMax; index--) if (referenceOn(from, to, index)) return index;
    return -1;
  };
  const moved = (perRupeeValue: Ratio, currency: LedgerCurrency, timeMs: number): Ratio => {
    // The rupee is the base and staff rates are set by hand: neither moves.
    if (intradaySeed === null || currency === 'INR' || !isEcbCurrency(currency)) return perRupeeValue;
    const partsPerMillion = 1_000_000n + BigInt(intradayPartsPerMillion(currency, timeMs, intradaySeed));
    return ratio(perRupeeValue.numerator * partsPerMillion, perRupeeValue.denominator * 1_000_000n);
  };

  function pair(from: LedgerCurrency, to: LedgerCurrency, timeMs: number): PairRate | null {
    if (from === to) return null;
    const ecbDay = needsEcbDay(from, to);
    const dayIndex = ecbDay ? dayWithRate(from, to, todayIndex(timeMs)) : -1;
    if (ecbDay && dayIndex < 0) return null;
    const fromPerRupee = perRupee(from, dayIndex);
    const toPerRupee = perRupee(to, dayIndex);
    if (!fromPerRupee || !toPerRupee) return null;
    const reference = crossRate(fromPerRupee, toPerRupee);
    const staffLegs = [from, to].filter(isStaffCurrency);
    const simulated = intradaySeed !== null && ecbDay;
    const live = simulated ? crossRate(moved(fromPerRupee, from, timeMs), moved(toPerRupee, to, timeMs)) : reference;
    const source: RateSource = staffLegs.length > 0 ? 'staff_setting' : simulated ? 'simulated_intraday' : 'ecb';
    const previousIndex = staffLegs.length === 0 && dayIndex > 0 ? dayWithRate(from, to, dayIndex - 1) : -1;
    const previous = previousIndex >= 0 ? referenceOn(from, to, previousIndex) : null;
    const referenceScaled = scaledRate(reference);
    const tickTime = Math.floor(timeMs / intradayStepMs) * intradayStepMs;
    return {
      from, to, reference, referenceScaled, live, liveScaled: scaledRate(live), source,
      referenceDay: ecbDay ? series!.days[dayIndex]! : null,
      updatedAt:
        source === 'simulated_intraday'
          ? new Date(tickTime).toISOString()
          : (staffLegs.map((currency) => staffRate(currency).updatedAt).find((updated) => updated !== null) ?? null),
      dayChangeBasisPoints: previous ? changeBasisPoints(scaledRate(previous), referenceScaled) : null,
    };
  }

  function history(from: LedgerCurrency, to: LedgerCurrency, days: number, timeMs: number) {
    if (from === to || !needsEcbDay(from, to) || [from, to].some(isStaffCurrency)) return [];
    const points: { day: string; rateScaled: bigint }[] = [];
    const count = Math.min(Math.max(days, 1), historyDaysMax);
    for (let index = todayIndex(timeMs); index >= 0 && points.length < count; index--) {
      const rate = referenceOn(from, to, index);
      if (rate) points.push({ day: series!.days[index]!, rateScaled: scaledRate(rate) });
    }
    return points.reverse();
  }

  return { pair, history, fileLoaded: series !== null, intradaySimulated: intradaySeed !== null };
}
