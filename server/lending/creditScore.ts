import type { CreditFactorName, CreditLevel } from '../../contract/lending.ts';

// The credit score, from objective facts the user can see and check, each worth published
// points (at most 1000 in all). The score decides one thing: the credit-loan limit, a share
// of the firm's largest limit by level. It never decides whether a user may withdraw.

export interface CreditFacts {
  kycVerified: boolean;
  accountAgeDays: number;
  /** Calendar months (IST) in which the user had an order filled. */
  tradingMonths: number;
  /** Loans the user has repaid in full. */
  loansRepaid: number;
  /** Loans still open past the loan term (a payment missed). */
  loansPastTerm: number;
  /** What the user owes on loans (principal and interest), minor units. */
  outstandingPaise: bigint;
  /** The user's own money in the ledger (cash and margin), minor units. */
  assetsPaise: bigint;
}

export interface CreditFactor {
  name: CreditFactorName;
  points: number;
  maxPoints: number;
}

/** Points of each factor: what earns them, and the most each can give. */
export const creditFactorRules = {
  kyc_verified: { maxPoints: 300 },
  // 10 points per full 30 days since registration.
  account_age: { maxPoints: 120, pointsPerStep: 10, daysPerStep: 30 },
  // 20 points per month with a filled order.
  trading_months: { maxPoints: 180, pointsPerMonth: 20 },
  // 60 points per loan repaid in full.
  repayment_history: { maxPoints: 180, pointsPerLoan: 60 },
  no_missed_payment: { maxPoints: 120 },
  // All of it with nothing owed; nothing when the debt reaches the user's whole assets.
  utilisation: { maxPoints: 100 },
} as const;

/** Lowest score of each level, best first; below the last one a user is 'poor'. */
export const creditLevelFloors: readonly (readonly [CreditLevel, number])[] = [
  ['excellent', 850],
  ['ok', 700],
  ['fair', 550],
  ['average', 400],
];

/** The share of the largest credit limit each level may borrow, in percent. */
export const creditLimitPercentOf: Record<CreditLevel, bigint> = { excellent: 100n, ok: 50n, fair: 25n, average: 10n, poor: 0n };

const capped = (points: number, maxPoints: number) => Math.max(0, Math.min(points, maxPoints));

export function creditFactors(facts: CreditFacts): CreditFactor[] {
  const rules = creditFactorRules;
  const utilisationPoints = facts.outstandingPaise <= 0n
    ? rules.utilisation.maxPoints
    : facts.assetsPaise <= facts.outstandingPaise
      ? 0
      : // number-ok: points out of 100 from a ratio of two amounts, not an amount
        Number((BigInt(rules.utilisation.maxPoints) * (facts.assetsPaise - facts.outstandingPaise)) / facts.assetsPaise);
  const points: Record<CreditFactorName, number> = {
    kyc_verified: facts.kycVerified ? rules.kyc_verified.maxPoints : 0,
    account_age: Math.floor(facts.accountAgeDays / rules.account_age.daysPerStep) * rules.account_age.pointsPerStep,
    trading_months: facts.tradingMonths * rules.trading_months.pointsPerMonth,
    repayment_history: facts.loansRepaid * rules.repayment_history.pointsPerLoan,
    no_missed_payment: facts.loansPastTerm === 0 ? rules.no_missed_payment.maxPoints : 0,
    utilisation: utilisationPoints,
  };
  return (Object.keys(rules) as CreditFactorName[]).map((name) => ({
    name,
    points: capped(points[name], rules[name].maxPoints),
    maxPoints: rules[name].maxPoints,
  }));
}

export function creditLevelOf(score: number): CreditLevel {
  return creditLevelFloors.find(([, floor]) => score >= floor)?.[0] ?? 'poor';
}

export interface CreditAssessment {
  score: number;
  level: CreditLevel;
  factors: CreditFactor[];
  limitPaise: bigint;
}

/** Score, level and credit limit from the facts; `limitMaxPaise` is the excellent level's limit (a setting). */
export function assessCredit(facts: CreditFacts, limitMaxPaise: bigint): CreditAssessment {
  const factors = creditFactors(facts);
  const score = factors.reduce((sum, factor) => sum + factor.points, 0);
  const level = creditLevelOf(score);
  return { score, level, factors, limitPaise: (limitMaxPaise * creditLimitPercentOf[level]) / 100n };
}
