import { allocationTips, type PreferenceAnswer, type PreferenceRadar } from '../../../../contract/preference.ts';

// Answers of profile/preference for component tests (MSW), shaped as the server sends them.

export const radarOf = (changes: Partial<PreferenceRadar> = {}): PreferenceRadar => ({
  available: true,
  axes: [
    { axis: 'holding_period', score: 73, figure: '6.2', trades: 44 },
    { axis: 'turnover', score: 77, figure: '4.57', trades: 88 },
    { axis: 'leverage', score: 40, figure: '2.01', trades: 44 },
    { axis: 'concentration', score: 37, figure: '7.6', trades: 44 },
    { axis: 'losses_cut_early', score: 52, figure: '48.1', trades: 27 },
    { axis: 'volatility', score: 10, figure: null, trades: 0 },
  ],
  average_score: '48.2',
  profile: 'balanced',
  allocation: allocationTips.balanced.map((tip) => ({ ...tip })),
  first_trade_at: '2026-07-28T04:30:00.000Z',
  window: { from: '2025-11-28T10:00:00.000Z', to: '2026-11-28T10:00:00.000Z' },
  trades_counted: 44,
  average_equity: '955774.83',
  includes_simulated: false,
  simulated_trades: 0,
  simulated_prices: null,
  computed_at: '2026-11-28T10:00:00.000Z',
  ...changes,
});

export const notYetOf = (changes: Partial<Extract<PreferenceAnswer, { available: false }>> = {}): PreferenceAnswer => ({
  available: false,
  reason: 'history_too_short',
  first_trade_at: '2026-11-02T05:00:00.000Z',
  available_from: '2027-02-02',
  days_remaining: 66,
  months_required: 3,
  ...changes,
});
