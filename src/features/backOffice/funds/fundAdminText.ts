import { useLingui } from '@lingui/react/macro';
import type { FundPhase, FundStrategy, strategyParameterDefaults } from '../../../../contract/funds.ts';
import type { Tone } from '../shared/labels.ts';

// The back office's words for strategy funds: phases, the three strategies and their published
// parameters (keyed by the contract's strategyParameterDefaults, so a new parameter fails to
// compile until staff can read it here).

type ParameterName = { [S in FundStrategy]: keyof (typeof strategyParameterDefaults)[S] }[FundStrategy];

export const fundPhaseTone: Record<FundPhase, Tone> = { upcoming: 'neutral', subscribing: 'good', running: 'good', ending: 'warn', ended: 'neutral', withdrawn: 'bad' };

export function useFundAdminLabels() {
  const { t } = useLingui();
  const phase: Record<FundPhase, string> = {
    upcoming: t({ message: 'Upcoming', context: 'fund phase' }),
    subscribing: t({ message: 'Subscribing', context: 'fund phase' }),
    running: t({ message: 'Running', context: 'fund phase' }),
    ending: t({ message: 'Ending', context: 'fund phase' }),
    ended: t({ message: 'Ended', context: 'fund phase' }),
    withdrawn: t({ message: 'Withdrawn', context: 'fund phase' }),
  };
  const strategy: Record<FundStrategy, string> = {
    nifty50_momentum: t`NIFTY 50 momentum`,
    large_cap_mean_reversion: t`Large-cap mean reversion`,
    top10_equal_weight: t`Top 10 equal weight`,
  };
  const parameter: Record<ParameterName, string> = {
    lookback_days: t`Look-back (trading days)`,
    holdings: t`Stocks held`,
    rebalance_minutes: t`Rebalance every (minutes)`,
    cash_reserve_bps: t`Cash reserve (bps of net assets)`,
    mean_days: t`Average over (days)`,
    entry_below_mean_bps: t`Buy when below the average by (bps)`,
    limit_offset_bps: t`Limit under the last price (bps)`,
    order_timeout_minutes: t`Unfilled order cancelled after (minutes)`,
    max_positions: t`Most positions`,
    max_hold_days: t`Longest hold (days)`,
    drift_band_bps: t`Drift band (bps of target weight)`,
  };
  /** A published parameter's label; a name this version does not know shows as sent. */
  const parameterName = (name: string): string => (Object.hasOwn(parameter, name) ? parameter[name as ParameterName] : name);
  return { phase, strategy, parameterName };
}
