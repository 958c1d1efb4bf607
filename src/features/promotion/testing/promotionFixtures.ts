import type { FeeRebateStatus } from '../../../../contract/promotion.ts';

// Answers of promotion/feeRebate for component tests (MSW), shaped as the server sends them.

export const feeRebateOf = (changes: Partial<FeeRebateStatus> = {}): FeeRebateStatus => ({
  terms: { enabled: true, window_days: 30, percent: 100, cap: '2000.00' },
  state: 'open',
  registered_at: '2026-11-20T05:00:00.000Z',
  window_start: '2026-11-20T05:00:00.000Z',
  window_end: '2026-12-20T05:00:00.000Z',
  days_left: 22,
  fees_counted: '245.60',
  due: '245.60',
  rebated: '180.00',
  pending: '65.60',
  remaining_cap: '1820.00',
  next_settlement_at: '2026-11-28T18:30:00.000Z',
  payments: [{ id: '3', through_day: '2026-11-25', fees_counted: '180.00', percent: 100, amount: '180.00', paid_at: '2026-11-25T18:35:00.000Z', transfer_id: '812' }],
  ...changes,
});
