import { z } from 'zod';
import { amountField } from './funding.ts';
import { idString, pageField, pageOf } from './paging.ts';
import { idempotencyKey } from './trading.ts';

// Credit score, credit loans and their records. A loan is in rupees (INR); amounts travel as
// decimal rupee strings ("50000.00"), rates as basis points (1 % = 100 bps). Interest accrues
// daily on the outstanding principal (actual/365, half up to the paisa, per loan per date);
// a repayment pays interest first, then principal. Margin loans on pledged stock are loans of
// kind 'margin' (contract/pledge.ts) and show in the same records.

export const creditLevels = ['excellent', 'ok', 'fair', 'average', 'poor'] as const;
export type CreditLevel = (typeof creditLevels)[number];

/** The facts the score is made of, in the order the screen lists them. */
export const creditFactorNames = ['kyc_verified', 'account_age', 'trading_months', 'repayment_history', 'no_missed_payment', 'utilisation'] as const;
export type CreditFactorName = (typeof creditFactorNames)[number];

export const loanKinds = ['credit', 'margin'] as const;
export type LoanKind = (typeof loanKinds)[number];

export const loanStatuses = ['open', 'repaid'] as const;
export type LoanStatus = (typeof loanStatuses)[number];

export const creditFactor = z.object({
  name: z.enum(creditFactorNames),
  points: z.number().int(),
  max_points: z.number().int(),
  /**
   * The fact itself, as a whole number: 1/0 for yes/no facts, days of account age, months
   * with trades, loans repaid, loans past their term, utilisation in basis points.
   */
  value: z.number().int(),
});
export type CreditFactorView = z.infer<typeof creditFactor>;

export const creditOverview = z.object({
  score: z.number().int(),
  max_score: z.number().int(),
  level: z.enum(creditLevels),
  factors: z.array(creditFactor),
  /** The credit-loan limit the score gives, rupees. */
  limit: z.string(),
  /** Owed on credit loans now (principal and unpaid interest), rupees. */
  borrowed: z.string(),
  /** What may still be borrowed: limit − borrowed, never below zero. */
  available: z.string(),
  annual_rate_bps: z.number().int(),
  /** Days after which an open loan counts as a missed payment in the score. */
  term_days: z.number().int(),
});
export type CreditOverview = z.infer<typeof creditOverview>;

export const borrowRequest = z.object({ amount: amountField, idempotency_key: idempotencyKey });
export const repayRequest = z.object({ loan_id: idString, amount: amountField, idempotency_key: idempotencyKey });
/** `status`: only loans in that state (the loan screen lists the open ones to repay). */
export const loanListRequest = z.object({ page: pageField, status: z.enum(loanStatuses, 'invalid_field').optional() });
export const loanDetailRequest = z.object({ loan_id: idString, page: pageField });

export const loanView = z.object({
  id: z.string(),
  kind: z.enum(loanKinds),
  status: z.enum(loanStatuses),
  currency: z.literal('INR'),
  /** Borrowed at the start. */
  principal: z.string(),
  principal_outstanding: z.string(),
  interest_outstanding: z.string(),
  /** principal_outstanding + interest_outstanding: what repays the loan now. */
  outstanding: z.string(),
  interest_accrued: z.string(),
  repaid: z.string(),
  annual_rate_bps: z.number().int(),
  /** IST business date the money was lent on; interest accrues from the next date. */
  borrowed_on: z.string(),
  /** Last IST date interest was posted for (the borrow date before the first accrual). */
  accrued_through: z.string(),
  created_at: z.string(),
  repaid_at: z.string().nullable(),
});
export type LoanView = z.infer<typeof loanView>;
export const loanListResponse = pageOf(loanView);

/** One line of a loan's record: the money lent, a day's interest, or a repayment. */
export const loanEvent = z.object({
  kind: z.enum(['borrow', 'interest', 'repayment']),
  /** IST business date of an accrual, or the time (ISO) of a borrow or repayment. */
  at: z.string(),
  amount: z.string(),
  /** A repayment's split: interest first, then principal (null for other lines). */
  interest: z.string().nullable(),
  principal: z.string().nullable(),
  /** The principal the day's interest was computed on (null for other lines). */
  on_principal: z.string().nullable(),
});
export type LoanEvent = z.infer<typeof loanEvent>;

export const loanDetailResponse = z.object({ loan: loanView, events: pageOf(loanEvent) });
export type LoanDetail = z.infer<typeof loanDetailResponse>;

// ---- back office (read-only: staff inspect loans; money moves only by the user's commands and the accrual job)

export const adminLoansListRequest = z.object({
  page: pageField,
  status: z.enum(loanStatuses, 'invalid_field').optional(),
  kind: z.enum(loanKinds, 'invalid_field').optional(),
  /** Start of a mobile number. */
  query: z.string({ error: 'invalid_field' }).trim().regex(/^\d{0,10}$/, 'invalid_field').optional(),
});
export const adminLoanRow = loanView.extend({ user_id: z.string(), account: z.string() });
export type AdminLoanRow = z.infer<typeof adminLoanRow>;
export const adminLoansListResponse = pageOf(adminLoanRow);
export const adminLoanDetailRequest = loanDetailRequest;
export const adminLoanDetailResponse = z.object({ loan: adminLoanRow, events: pageOf(loanEvent) });
