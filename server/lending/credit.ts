import { dayMs, istOffsetMs } from '../../contract/calendarDays.ts';
import type { CreditFactorName, CreditOverview } from '../../contract/lending.ts';
import { formatRupees } from '../../contract/money.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { verifiedKycName } from '../identity/identityChecks.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { type CreditAssessment, type CreditFacts, assessCredit, creditFactorRules } from './creditScore.ts';
import { type LendingContext, loanTermsNow, openLoan, paiseOfAmount } from './loans.ts';
import { type LoanRow, outstandingOf } from './loanStore.ts';

// The credit overview and credit loans: the facts are read from the database, the score is
// the pure function of creditScore.ts, and a borrow is refused past the limit it gives.

/** The facts of the score as the database holds them now. */
export async function creditFactsOf(sql: Sql, userId: bigint, now: number, termDays: number): Promise<CreditFacts> {
  const [user] = await sql.query<{ created_at: Date }>('SELECT created_at FROM users WHERE id = $1', [userId.toString()]);
  if (!user) throw new Error(`lending: no user ${userId}`);
  // Months are IST calendar months: the offset moves each fill time to its IST wall clock first.
  const [trading] = await sql.query<{ months: bigint }>(
    `SELECT count(DISTINCT date_trunc('month', filled_at + $2::interval)) AS months FROM orders WHERE user_id = $1 AND filled_at IS NOT NULL`,
    [userId.toString(), `${istOffsetMs / 60_000} minutes`],
  );
  const [loans] = await sql.query<{ repaid: bigint; past_term: bigint }>(
    `SELECT count(*) FILTER (WHERE status = 'repaid') AS repaid,
            count(*) FILTER (WHERE status = 'open' AND created_at < $2) AS past_term
       FROM loans WHERE user_id = $1`,
    [userId.toString(), new Date(now - termDays * dayMs)],
  );
  const balances = await userBalances(sql, userId);
  return {
    kycVerified: (await verifiedKycName(sql, userId)) !== null,
    accountAgeDays: Math.max(0, Math.floor((now - new Date(user.created_at).getTime()) / dayMs)),
    tradingMonths: Number(trading?.months ?? 0n),
    loansRepaid: Number(loans?.repaid ?? 0n),
    loansPastTerm: Number(loans?.past_term ?? 0n),
    outstandingPaise: await outstandingOf(sql, userId),
    assetsPaise: balances.cash + balances.margin,
  };
}

async function assessmentOf(context: LendingContext, sql: Sql, userId: bigint): Promise<{ facts: CreditFacts; assessment: CreditAssessment }> {
  const facts = await creditFactsOf(sql, userId, context.now(), context.settings.get('loan.term_days'));
  return { facts, assessment: assessCredit(facts, context.settings.paise('loan.credit_limit_max')) };
}

/** The fact behind each factor, as a whole number the screen writes in words. */
function factValue(name: CreditFactorName, facts: CreditFacts): number {
  switch (name) {
    case 'kyc_verified': return facts.kycVerified ? 1 : 0;
    case 'account_age': return facts.accountAgeDays;
    case 'trading_months': return facts.tradingMonths;
    case 'repayment_history': return facts.loansRepaid;
    case 'no_missed_payment': return facts.loansPastTerm;
    case 'utilisation':
      if (facts.outstandingPaise <= 0n) return 0;
      // number-ok: basis points of a ratio of two amounts, not an amount
      return facts.assetsPaise <= facts.outstandingPaise ? 10_000 : Number((facts.outstandingPaise * 10_000n) / facts.assetsPaise);
  }
}

export async function creditOverview(context: LendingContext, userId: bigint): Promise<CreditOverview> {
  const { facts, assessment } = await assessmentOf(context, context.db, userId);
  const borrowedPaise = await outstandingOf(context.db, userId, ['credit']);
  const availablePaise = assessment.limitPaise > borrowedPaise ? assessment.limitPaise - borrowedPaise : 0n;
  return {
    score: assessment.score,
    max_score: Object.values(creditFactorRules).reduce((sum, rule) => sum + rule.maxPoints, 0),
    level: assessment.level,
    factors: assessment.factors.map((factor) => ({ name: factor.name, points: factor.points, max_points: factor.maxPoints, value: factValue(factor.name, facts) })),
    limit: formatRupees(assessment.limitPaise),
    borrowed: formatRupees(borrowedPaise),
    available: formatRupees(availablePaise),
    annual_rate_bps: context.settings.get('loan.annual_rate_bps'),
    term_days: context.settings.get('loan.term_days'),
  };
}

/**
 * A credit loan of `amount` rupees, refused with 'loan_limit_insufficient' (and what may still
 * be borrowed) when it would take the user's credit loans past the limit their score gives.
 * The user row is locked first, so two borrows at once cannot both fit under one limit.
 */
export async function borrowCredit(context: LendingContext, userId: bigint, form: { amount: string; idempotency_key: string }): Promise<LoanRow> {
  const principalPaise = paiseOfAmount(form.amount);
  return context.db.transaction(async (tx) => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId.toString()]);
    const [earlier] = await tx.query<{ id: bigint }>('SELECT id FROM loans WHERE user_id = $1 AND idempotency_key = $2', [userId.toString(), form.idempotency_key]);
    if (!earlier) {
      const { assessment } = await assessmentOf(context, tx, userId);
      const borrowedPaise = await outstandingOf(tx, userId, ['credit']);
      const availablePaise = assessment.limitPaise > borrowedPaise ? assessment.limitPaise - borrowedPaise : 0n;
      if (principalPaise > availablePaise) refuse('loan_limit_insufficient', formatRupees(availablePaise));
    }
    return openLoan(tx, { userId, kind: 'credit', principalPaise, idempotencyKey: form.idempotency_key, ...loanTermsNow(context.settings, context.now()) });
  });
}
