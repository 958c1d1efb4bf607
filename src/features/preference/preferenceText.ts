import { useLingui } from '@lingui/react/macro';
import { type AssetClass, lossCutDays, type PreferenceAxis, type PreferenceProfile, volatilityCandles } from '../../../contract/preference.ts';

// The words of the preference page in the reader's language: each axis's name, what its figure
// is and which way it scores, its figure with its unit, the profiles and the asset classes of
// the allocation tips (contract/preference.ts holds the rules these sentences describe).

export function usePreferenceText() {
  const { t } = useLingui();
  const axisName: Record<PreferenceAxis, string> = {
    holding_period: t`Holding period`,
    turnover: t`Trading turnover`,
    leverage: t`Leverage`,
    concentration: t`Concentration`,
    losses_cut_early: t`Losses cut early`,
    volatility: t`Volatility`,
  };
  const axisMeaning: Record<PreferenceAxis, string> = {
    holding_period: t`Median days you held a position (open ones: so far). Shorter holding scores higher.`,
    turnover: t`What you traded each month (buys and sells) compared with your average equity. More trading scores higher.`,
    leverage: t`Your average leverage, weighted by the size of each position. More leverage scores higher.`,
    concentration: t`How many stocks your money was spread over, counted as equal-sized ones. Fewer stocks score higher.`,
    losses_cut_early: t`Share of your losing trades that you closed within ${lossCutDays} days. Cutting losses is careful, so a high share scores low.`,
    volatility: t`How much the stocks you traded move in a day (over their last ${volatilityCandles} daily candles), weighted by the money in each. Livelier stocks score higher.`,
  };
  const noFigure: Record<PreferenceAxis, string> = {
    holding_period: t`No data`,
    turnover: t`No equity data`,
    leverage: t`No data`,
    concentration: t`No data`,
    losses_cut_early: t`No losing trade yet`,
    volatility: t`No price history`,
  };
  const figure = (axis: PreferenceAxis, value: string | null): string => {
    if (value === null) return noFigure[axis];
    switch (axis) {
      case 'holding_period':
        return t`${value} days`;
      case 'turnover':
        return t`${value}× equity a month`;
      case 'leverage':
        return t`${value}×`;
      case 'concentration':
        return t`${value} stocks`;
      case 'losses_cut_early':
        return t`${value}%`;
      case 'volatility':
        return t`${value}% a day`;
    }
  };
  const profileName: Record<PreferenceProfile, string> = { conservative: t`Conservative`, balanced: t`Balanced`, growth: t`Growth` };
  const profileSummary: Record<PreferenceProfile, string> = {
    conservative: t`You have traded carefully: longer holdings, little leverage, spread over several stocks.`,
    balanced: t`You have traded with a mix of careful and riskier habits.`,
    growth: t`You have traded actively and taken more risk: shorter holdings, more leverage or fewer, livelier stocks.`,
  };
  const assetClass: Record<AssetClass, string> = {
    structured_products: t`Structured products`,
    bonds: t`Bonds`,
    funds: t`Investment funds`,
    equity: t`Equity`,
    alternatives: t`Alternatives`,
  };
  return { axisName, axisMeaning, figure, profileName, profileSummary, assetClass };
}
