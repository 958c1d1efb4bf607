import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { FundHoldingState, FundPhase, FundStrategy, fundRedemptionKinds, fundRedemptionStates, strategyParameterDefaults } from '../../../contract/funds.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { formatBasisPoints, formatCount, formatIstDateTime, noValue } from '../../ui/format.ts';
import { formatMoney } from '../../ui/money.ts';
import type { BadgeTone } from '../funding/fundingLabels.ts';
import { formatFourDecimals, formatNav, percentTextToBps } from './fundFormat.ts';

// Words of the strategy-fund screens in the reader's language: a fund's phase, a holding's
// state, a redemption's kind and state, each strategy's name and rules, and each published
// parameter's label and meaning (the names are the contract's strategyParameterDefaults keys,
// so the compiler says when a strategy gains a parameter this file does not explain).

type RedemptionKind = (typeof fundRedemptionKinds)[number];
type RedemptionState = (typeof fundRedemptionStates)[number];
type ParameterName = { [S in FundStrategy]: keyof (typeof strategyParameterDefaults)[S] }[FundStrategy];

/** Every phase before ended is the spec's "ongoing". */
export const isOngoing = (phase: FundPhase): boolean => phase !== 'ended' && phase !== 'withdrawn';

export const phaseTone: Record<FundPhase, BadgeTone> = { upcoming: 'neutral', subscribing: 'good', running: 'good', ending: 'waiting', ended: 'neutral', withdrawn: 'bad' };
export const holdingTone: Record<FundHoldingState, BadgeTone> = { pending: 'waiting', holding: 'good', ended: 'neutral', released: 'neutral' };

/** How a parameter's integer reads: a share in basis points, a count of days or minutes, or a plain count. */
function unitOf(name: string): 'bps' | 'days' | 'minutes' | 'count' {
  if (name.endsWith('_bps')) return 'bps';
  if (name.endsWith('_days')) return 'days';
  if (name.endsWith('_minutes')) return 'minutes';
  return 'count';
}

export function useFundLabels() {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);

  const phase: Record<FundPhase, string> = {
    upcoming: t({ message: 'Upcoming', context: 'fund phase' }),
    subscribing: t({ message: 'Subscribing', context: 'fund phase' }),
    running: t({ message: 'Running', context: 'fund phase' }),
    ending: t({ message: 'Ending', context: 'fund phase' }),
    ended: t({ message: 'Ended', context: 'fund phase' }),
    withdrawn: t({ message: 'Withdrawn', context: 'fund phase' }),
  };
  const holdingState: Record<FundHoldingState, string> = {
    pending: t({ message: 'Waiting for NAV', context: 'fund holding' }),
    holding: t({ message: 'Holding', context: 'fund holding' }),
    ended: t({ message: 'Ended', context: 'fund holding' }),
    released: t({ message: 'Released', context: 'fund holding' }),
  };
  const redemptionKind: Record<RedemptionKind, string> = { redemption: t`Redemption`, final: t`Final payout at the fund's end` };
  const redemptionState: Record<RedemptionState, string> = {
    pending: t({ message: 'Waiting for NAV', context: 'fund redemption' }),
    paid: t({ message: 'Paid', context: 'fund redemption' }),
  };
  const strategyName: Record<FundStrategy, string> = {
    nifty50_momentum: t`NIFTY 50 momentum`,
    large_cap_mean_reversion: t`Large-cap mean reversion`,
    top10_equal_weight: t`Top 10 equal weight`,
  };
  const strategyRule: Record<FundStrategy, string> = {
    nifty50_momentum: t`Ranks the NIFTY 50 members by their return over the look-back period and holds the strongest ones that are rising, in equal weights, rebalancing at a fixed interval.`,
    large_cap_mean_reversion: t`Buys NIFTY 50 members that have fallen well below their average with limit orders, in equal slots, and sells each once its price is back at the average or after the longest hold.`,
    top10_equal_weight: t`Holds the largest NIFTY 50 members by market capitalisation in equal weights and brings a holding back to its target when its weight drifts too far.`,
  };
  const parameterLabel: Record<ParameterName, string> = {
    lookback_days: t`Look-back`,
    holdings: t`Stocks held`,
    rebalance_minutes: t`Rebalance every`,
    cash_reserve_bps: t`Cash reserve`,
    mean_days: t`Average over`,
    entry_below_mean_bps: t`Buy when below the average by`,
    limit_offset_bps: t`Limit under the last price`,
    order_timeout_minutes: t`Unfilled order cancelled after`,
    max_positions: t`Most positions`,
    max_hold_days: t`Longest hold`,
    drift_band_bps: t`Drift band`,
  };
  const parameterMeaning: Record<ParameterName, string> = {
    lookback_days: t`Momentum is each stock's return over this many trading days.`,
    holdings: t`How many stocks the fund holds at most, in equal weights.`,
    rebalance_minutes: t`How often the strategy checks its rules and places orders.`,
    cash_reserve_bps: t`The share of net assets always kept in cash, so redemptions can be paid.`,
    mean_days: t`The number of days of closing prices in the average a price is compared with.`,
    entry_below_mean_bps: t`A stock is bought only when its price is at least this far below its average.`,
    limit_offset_bps: t`Buy orders are limit orders this far under the last price.`,
    order_timeout_minutes: t`A buy order not filled within this time is cancelled.`,
    max_positions: t`At most this many stocks at once, each an equal slot of the fund.`,
    max_hold_days: t`A position is sold after this many days even if its price has not recovered.`,
    drift_band_bps: t`A holding whose weight moves further than this from its target is traded back to it.`,
  };
  const isKnownParameter = (name: string): name is ParameterName => Object.hasOwn(parameterLabel, name);
  /** A parameter's value in words: "5.00%", "20 days", "30 min", "6". */
  const parameterValue = (name: string, value: number): string => {
    const count = formatCount(value, locale);
    switch (unitOf(name)) {
      case 'bps':
        return formatBasisPoints(value, locale, { signed: false });
      case 'days':
        return value === 1 ? t`1 day` : t`${count} days`;
      case 'minutes':
        return t`${count} min`;
      default:
        return count;
    }
  };
  /** A published parameter as the reader reads it; a name this app version does not know shows as sent. */
  const parameter = (name: string, value: number) => ({
    label: isKnownParameter(name) ? parameterLabel[name] : name,
    meaning: isKnownParameter(name) ? parameterMeaning[name] : null,
    value: parameterValue(name, value),
  });

  const money = (amount: string | bigint | null | undefined): string => formatMoney(amount ?? null, 'INR');
  const signedMoney = (amount: string | bigint | null | undefined): string => formatMoney(amount ?? null, 'INR', { sign: 'always' });
  /** A change or a return in basis points: "+1.25%", "—" when there is none yet. */
  const change = (bps: number | null): string => formatBasisPoints(bps, locale);
  /** A share or a rate in basis points without a sign: "1.50%". */
  const share = (bps: number | null): string => formatBasisPoints(bps, locale, { signed: false });
  /** The management fee: "1.50% a year". */
  const yearlyFee = (bps: number): string => {
    const rate = share(bps);
    return t`${rate} a year`;
  };
  const responseRate = (percent: string | null): string => share(percentTextToBps(percent));
  const when = (iso: string | null | undefined): string => (iso ? formatIstDateTime(iso, locale) : noValue);
  const time = (iso: string | null | undefined): string => (iso ? formatIstDateTime(iso, locale, 'time') : noValue);
  const count = (value: number): string => formatCount(value, locale);
  const units = (value: string | null | undefined): string => formatFourDecimals(value);
  const nav = (value: string | null | undefined): string => formatNav(value);

  return {
    locale, phase, holdingState, redemptionKind, redemptionState, strategyName, strategyRule, parameter,
    money, signedMoney, change, share, yearlyFee, responseRate, when, time, count, units, nav,
  };
}

export type FundLabels = ReturnType<typeof useFundLabels>;
