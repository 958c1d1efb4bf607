import type { Sql } from '../db/database.ts';
import type { Settings } from '../settings/settings.ts';
import { loanTermsNow, openLoan, repayLoanIn } from './loans.ts';

// The margin loan behind a pledge is a lending loan of kind 'margin' (loans.ts): opened when
// the pledge is granted, repaid by the user like any loan, or from the sale of pledged stock.
// What is owed is read from the loan rows, which change only with their ledger transfers.

/** The loan's key is the pledge's: granting a pledge twice can only ever open one loan. */
const loanKeyOf = (pledgeId: bigint) => `pledge-loan:${pledgeId}`;

export async function openMarginLoan(tx: Sql, terms: { settings: Settings; now: () => number }, loan: { userId: bigint; principalPaise: bigint; pledgeId: bigint }): Promise<bigint> {
  const row = await openLoan(tx, {
    userId: loan.userId, kind: 'margin', principalPaise: loan.principalPaise, idempotencyKey: loanKeyOf(loan.pledgeId), pledgeId: loan.pledgeId,
    ...loanTermsNow(terms.settings, terms.now()),
  });
  return row.id;
}

/** Principal and unpaid interest owed on each loan now. */
export async function marginLoanOutstanding(sql: Sql, loanIds: readonly bigint[]): Promise<Map<bigint, bigint>> {
  if (loanIds.length === 0) return new Map();
  const rows = await sql.query<{ id: bigint; owed: bigint }>(
    'SELECT id, principal_outstanding_paise + interest_outstanding_paise AS owed FROM loans WHERE id = ANY($1::bigint[])',
    [loanIds.map((id) => id.toString())],
  );
  return new Map(rows.map((row) => [row.id, row.owed]));
}

/** Everything owed on margin loans, firm-wide: the quota counts it. */
export async function marginLoansOutstandingTotal(sql: Sql): Promise<bigint> {
  const [row] = await sql.query<{ total: bigint | null }>(
    "SELECT sum(principal_outstanding_paise + interest_outstanding_paise)::bigint AS total FROM loans WHERE kind = 'margin' AND status = 'open'",
  );
  return row?.total ?? 0n;
}

export interface SaleRepayment {
  loanId: bigint;
  userId: bigint;
  amountPaise: bigint;
  idempotencyKey: string;
  pledgeId: bigint;
  orderId: bigint;
  code: string;
}

/** Repays the loan from a forced sale's proceeds (interest first), the statement saying why. */
export async function repayMarginLoanFromSale(tx: Sql, sale: SaleRepayment): Promise<void> {
  await repayLoanIn(tx, sale.userId, {
    loanId: sale.loanId, amountPaise: sale.amountPaise, idempotencyKey: sale.idempotencyKey,
    pledgeSale: { pledgeId: sale.pledgeId, orderId: sale.orderId, code: sale.code },
  });
}
