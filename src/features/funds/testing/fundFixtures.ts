import type { AdminFundRow, FundDetail, FundHolding, FundOrder, FundRedemption, FundSummary } from '../../../../contract/funds.ts';
import { strategyParameterDefaults } from '../../../../contract/funds.ts';

// Answers of the strategy-fund commands for component tests (MSW), shaped as the server sends
// them: rupee strings, units and NAVs with four decimals, ISO instants.

export const fundOf = (changes: Partial<FundSummary> = {}): FundSummary => ({
  id: '2',
  name: 'Momentum 50',
  strategy: { key: 'nifty50_momentum', parameters: { ...strategyParameterDefaults.nifty50_momentum } },
  phase: 'subscribing',
  withdrawn_reason: null,
  size_cap: '10000000.00',
  remaining_capacity: '8765432.10',
  minimum_investment: '1000.00',
  subscribe_from: '2026-11-20T03:45:00.000Z',
  subscribe_until: '2026-12-20T10:00:00.000Z',
  ends_at: '2027-06-30T10:00:00.000Z',
  management_fee_bps: 150,
  nav: '10.0000',
  nav_at: '2026-11-25T08:31:00.000Z',
  net_assets: '1234567.89',
  units_outstanding: '123456.7890',
  day_change_bps: 125,
  return_1m_bps: 310,
  return_3m_bps: null,
  return_since_inception_bps: -42,
  response_rate: '97.50',
  strategy_order_count: 120,
  demo: true,
  my_units: '0.0000',
  ...changes,
});

export const redemptionOf = (changes: Partial<FundRedemption> = {}): FundRedemption => ({
  id: '71',
  kind: 'redemption',
  state: 'paid',
  units: '100.0000',
  nav: '10.2500',
  amount: '1025.00',
  created_at: '2026-11-26T05:00:00.000Z',
  paid_at: '2026-11-26T05:01:00.000Z',
  ...changes,
});

export const holdingOf = (changes: Partial<FundHolding> = {}): FundHolding => ({
  id: '41',
  fund_id: '2',
  fund_name: 'Momentum 50',
  fund_phase: 'subscribing',
  state: 'holding',
  amount: '5000.00',
  units_bought: '500.0000',
  units: '400.0000',
  units_redeeming: '0.0000',
  nav_in: '10.0000',
  nav_out: '10.2500',
  current_value: '4000.00',
  realised_pnl: '25.00',
  fees: '0.42',
  created_at: '2026-11-25T05:00:00.000Z',
  converted_at: '2026-11-25T05:01:00.000Z',
  ended_at: null,
  redemptions: [redemptionOf()],
  ...changes,
});

export const fundOrderOf = (changes: Partial<FundOrder> = {}): FundOrder => ({
  order_no: '9001',
  code: 'RELIANCE',
  name: 'Reliance Industries',
  side: 'long',
  type: 'market',
  status: 'holding',
  quantity: 100,
  limit_price: null,
  fill_price: '2456.35',
  close_price: null,
  realised_pnl: null,
  fees: '12.40',
  created_at: '2026-11-25T05:00:00.000Z',
  filled_at: '2026-11-25T05:00:01.000Z',
  closed_at: null,
  ...changes,
});

export const detailOf = (changes: Partial<FundDetail> = {}, fund: Partial<FundSummary> = {}): FundDetail => ({
  fund: fundOf(fund),
  nav_history: [
    { at: '2026-11-23T10:00:00.000Z', nav: '9.9500', net_assets: '1000000.00' },
    { at: '2026-11-24T10:00:00.000Z', nav: '9.8765', net_assets: '1100000.00' },
    { at: '2026-11-25T08:31:00.000Z', nav: '10.0000', net_assets: '1234567.89' },
  ],
  nav_live: { nav: '10.0123', at: '2026-11-25T08:32:10.000Z' },
  cash: '234567.89',
  positions: [
    { code: 'RELIANCE', name: 'Reliance Industries', quantity: 100, average_price: '2456.35', last_price: '2500.00', market_value: '250000.00', unrealised_pnl: '4365.00', weight_bps: 2025 },
  ],
  orders: [fundOrderOf(), fundOrderOf({ order_no: '9000', code: 'TCS', name: 'Tata Consultancy Services', side: 'long', type: 'limit', status: 'cancelled', limit_price: '3400.00', fill_price: null, fees: '0.00', filled_at: null })],
  orders_filled: 117,
  response_rate: '97.50',
  strategy_order_count: 120,
  max_drawdown_bps: 812,
  fees: { management: '1520.40', management_accrued: '50.71', trading: '2210.05' },
  my_holdings: [],
  exam_passed: true,
  ...changes,
});

export const adminFundOf = (changes: Partial<AdminFundRow> = {}): AdminFundRow => {
  const { my_units: _mine, ...summary } = fundOf({ phase: 'upcoming' });
  return { ...summary, holders: 0, pending_subscriptions: '0.00', cash: '0.00', account_user_id: '900', created_at: '2026-11-19T05:00:00.000Z', ...changes };
};
