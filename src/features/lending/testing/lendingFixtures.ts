import type { CreditOverview, LoanEvent, LoanView } from '../../../../contract/lending.ts';

// Answers of the lending commands for component tests (MSW), shaped as the server sends them.

export const overviewOf = (changes: Partial<CreditOverview> = {}): CreditOverview => ({
  score: 520,
  max_score: 1000,
  level: 'average',
  factors: [
    { name: 'kyc_verified', points: 300, max_points: 300, value: 1 },
    { name: 'account_age', points: 0, max_points: 120, value: 12 },
    { name: 'trading_months', points: 0, max_points: 180, value: 0 },
    { name: 'repayment_history', points: 0, max_points: 180, value: 0 },
    { name: 'no_missed_payment', points: 120, max_points: 120, value: 0 },
    { name: 'utilisation', points: 100, max_points: 100, value: 0 },
  ],
  limit: '50000.00',
  borrowed: '0.00',
  available: '50000.00',
  annual_rate_bps: 1200,
  term_days: 90,
  ...changes,
});

export const loanOf = (changes: Partial<LoanView> = {}): LoanView => ({
  id: '12',
  kind: 'credit',
  status: 'open',
  currency: 'INR',
  principal: '20000.00',
  principal_outstanding: '20000.00',
  interest_outstanding: '6.58',
  outstanding: '20006.58',
  interest_accrued: '6.58',
  repaid: '0.00',
  annual_rate_bps: 1200,
  borrowed_on: '2026-11-24',
  accrued_through: '2026-11-25',
  created_at: '2026-11-24T06:00:00.000Z',
  repaid_at: null,
  ...changes,
});

export const interestEvent = (at: string, amount = '6.58'): LoanEvent => ({ kind: 'interest', at, amount, interest: null, principal: null, on_principal: '20000.00' });

export const pageOf = <Item>(items: Item[], total = items.length, page = 1) => ({ items, total, page, page_size: 10 });
