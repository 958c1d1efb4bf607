import type { LoanKind, LoanStatus } from '../../contract/lending.ts';
import type { Sql } from '../db/database.ts';
import { openLedgerAccount } from '../ledger/ledger.ts';

// The loan tables (migration 0016) as the service reads them; every write happens in loans.ts
// or accrualJob.ts, in the transaction that posts the matching ledger transfer.

export type LoanRow = {
  id: bigint;
  user_id: bigint;
  kind: LoanKind;
  status: LoanStatus;
  idempotency_key: string;
  pledge_id: bigint | null;
  principal_paise: bigint;
  principal_outstanding_paise: bigint;
  interest_outstanding_paise: bigint;
  interest_accrued_paise: bigint;
  repaid_paise: bigint;
  annual_rate_bps: number;
  /** YYYY-MM-DD (IST business date). */
  borrowed_on: string;
  accrued_through: string;
  borrow_transfer_id: bigint;
  created_at: Date;
  repaid_at: Date | null;
};

/** Dates come back as text: a JavaScript Date would shift an IST business date by the server's zone. */
export const selectLoans = `
  SELECT id, user_id, kind, status, idempotency_key, pledge_id, principal_paise, principal_outstanding_paise,
         interest_outstanding_paise, interest_accrued_paise, repaid_paise, annual_rate_bps,
         to_char(borrowed_on, 'YYYY-MM-DD') AS borrowed_on, to_char(accrued_through, 'YYYY-MM-DD') AS accrued_through,
         borrow_transfer_id, created_at, repaid_at
    FROM loans`;

export async function loanWhere(sql: Sql, where: string, params: unknown[], lock = false): Promise<LoanRow | undefined> {
  const [row] = await sql.query<LoanRow>(`${selectLoans} WHERE ${where}${lock ? ' FOR UPDATE' : ''}`, params);
  return row;
}

/** The user's loan account in rupees (negative balance: what they owe), opened with their first loan. */
export const openUserLoanAccount = (sql: Sql, userId: bigint) =>
  openLedgerAccount(sql, { code: `user:${userId}:loan`, kind: 'user_loan', currency: 'INR', userId, allowNegative: true });

/** What the user owes on open loans of the given kinds (principal and unpaid interest), paise. */
export async function outstandingOf(sql: Sql, userId: bigint, kinds: readonly LoanKind[] = ['credit', 'margin']): Promise<bigint> {
  const [row] = await sql.query<{ owed: bigint | null }>(
    `SELECT sum(principal_outstanding_paise + interest_outstanding_paise)::bigint AS owed
       FROM loans WHERE user_id = $1 AND status = 'open' AND kind = ANY($2::text[])`,
    [userId.toString(), [...kinds]],
  );
  return row?.owed ?? 0n;
}

export type LoanEventRow = {
  kind: 'borrow' | 'interest' | 'repayment';
  at: string;
  amount_paise: bigint;
  interest_paise: bigint | null;
  principal_paise: bigint | null;
  on_principal_paise: bigint | null;
};

/** A loan's record, newest first: the borrow, each date's interest (at IST midnight of its date) and each repayment. */
export async function loanEvents(sql: Sql, loanId: bigint, limit: number, offset: number): Promise<{ rows: LoanEventRow[]; total: number }> {
  const events = `
    SELECT 'borrow' AS kind, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, created_at AS sort_at, 0 AS tie,
           principal_paise AS amount_paise, NULL::bigint AS interest_paise, NULL::bigint AS principal_paise, NULL::bigint AS on_principal_paise
      FROM loans WHERE id = $1
    UNION ALL
    SELECT 'interest', to_char(business_date, 'YYYY-MM-DD'), (business_date::timestamp - interval '330 minutes') AT TIME ZONE 'UTC', 1,
           amount_paise, NULL, NULL, principal_paise
      FROM loan_accruals WHERE loan_id = $1
    UNION ALL
    SELECT 'repayment', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), created_at, 2,
           amount_paise, interest_paise, principal_paise, NULL
      FROM loan_repayments WHERE loan_id = $1`;
  const rows = await sql.query<LoanEventRow>(
    `SELECT kind, at, amount_paise, interest_paise, principal_paise, on_principal_paise FROM (${events}) e
      ORDER BY sort_at DESC, tie DESC LIMIT $2 OFFSET $3`,
    [loanId.toString(), limit, offset],
  );
  const [count] = await sql.query<{ total: bigint }>(
    `SELECT 1 + (SELECT count(*) FROM loan_accruals WHERE loan_id = $1) + (SELECT count(*) FROM loan_repayments WHERE loan_id = $1) AS total`,
    [loanId.toString()],
  );
  return { rows, total: Number(count?.total ?? 0n) };
}
