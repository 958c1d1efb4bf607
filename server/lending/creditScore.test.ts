// The credit score: each factor's points from facts the user can check, the levels, and the
// limit each level gives; nothing but the limit depends on it.
import { describe, expect, it } from 'vitest';
import { type CreditFacts, assessCredit, creditFactors, creditLevelOf } from './creditScore.ts';

const newcomer: CreditFacts = {
  kycVerified: false, accountAgeDays: 0, tradingMonths: 0, loansRepaid: 0, loansPastTerm: 0, outstandingPaise: 0n, assetsPaise: 0n,
};
const limitMaxPaise = 50_000_000n; // ₹5,00,000

const pointsOf = (facts: CreditFacts) => Object.fromEntries(creditFactors(facts).map((factor) => [factor.name, factor.points]));

describe('factor points', () => {
  it('a-new-unverified-user-scores-only-for-no-missed-payment-and-no-debt', () => {
    expect(pointsOf(newcomer)).toEqual({
      kyc_verified: 0, account_age: 0, trading_months: 0, repayment_history: 0, no_missed_payment: 120, utilisation: 100,
    });
  });

  it('each-factor-stops-at-its-maximum', () => {
    const seasoned = { ...newcomer, kycVerified: true, accountAgeDays: 5000, tradingMonths: 40, loansRepaid: 12 };
    expect(pointsOf(seasoned)).toEqual({
      kyc_verified: 300, account_age: 120, trading_months: 180, repayment_history: 180, no_missed_payment: 120, utilisation: 100,
    });
    expect(assessCredit(seasoned, limitMaxPaise).score).toBe(1000);
  });

  it('account-age-counts-full-30-day-steps', () => {
    expect(pointsOf({ ...newcomer, accountAgeDays: 59 }).account_age).toBe(10);
    expect(pointsOf({ ...newcomer, accountAgeDays: 60 }).account_age).toBe(20);
  });

  it('a-loan-past-its-term-takes-the-missed-payment-points', () => {
    expect(pointsOf({ ...newcomer, loansPastTerm: 1 }).no_missed_payment).toBe(0);
  });

  it('utilisation-falls-with-debt-over-assets-and-is-nothing-at-or-past-them', () => {
    expect(pointsOf({ ...newcomer, outstandingPaise: 25n, assetsPaise: 100n }).utilisation).toBe(75);
    expect(pointsOf({ ...newcomer, outstandingPaise: 100n, assetsPaise: 100n }).utilisation).toBe(0);
    expect(pointsOf({ ...newcomer, outstandingPaise: 100n, assetsPaise: 0n }).utilisation).toBe(0);
  });
});

describe('levels and limits', () => {
  it('levels-follow-the-published-floors', () => {
    expect([1000, 850, 849, 700, 699, 550, 549, 400, 399, 0].map(creditLevelOf)).toEqual([
      'excellent', 'excellent', 'ok', 'ok', 'fair', 'fair', 'average', 'average', 'poor', 'poor',
    ]);
  });

  it('a-verified-newcomer-is-average-and-may-borrow-a-tenth-of-the-largest-limit', () => {
    const assessment = assessCredit({ ...newcomer, kycVerified: true }, limitMaxPaise);
    expect(assessment).toMatchObject({ score: 520, level: 'average', limitPaise: 5_000_000n });
  });

  it('an-unverified-user-is-poor-and-may-not-borrow', () => {
    expect(assessCredit(newcomer, limitMaxPaise)).toMatchObject({ score: 220, level: 'poor', limitPaise: 0n });
  });
});
