import type { z } from 'zod';
import type { adminLoansListRequest, AdminLoanRow, LoanDetail, LoanEvent, LoanStatus } from '../../contract/lending.ts';
import { formatRupees } from '../../contract/money.ts';
import { listPageSize } from '../../contract/paging.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { toLoanView } from './loans.ts';
import { type LoanEventRow, type LoanRow, loanEvents, loanWhere, selectLoans } from './loanStore.ts';

// Loan records: the user's loans newest first, and one loan's lines (the borrow, each date's
// interest, each repayment), ten a page. Staff read the same, for any user.

const money = (paise: bigint | null) => (paise === null ? null : formatRupees(paise));

const toEvent = (row: LoanEventRow): LoanEvent => ({
  kind: row.kind,
  at: row.at,
  amount: formatRupees(row.amount_paise),
  interest: money(row.interest_paise),
  principal: money(row.principal_paise),
  on_principal: money(row.on_principal_paise),
});

async function eventsPage(sql: Sql, loanId: bigint, page: number) {
  const { rows, total } = await loanEvents(sql, loanId, listPageSize, (page - 1) * listPageSize);
  return { items: rows.map(toEvent), total, page, page_size: listPageSize };
}

export async function loansOf(sql: Sql, userId: bigint, page: number, status?: LoanStatus) {
  // NULL status: every loan.
  const where = 'user_id = $1 AND ($2::text IS NULL OR status = $2)';
  const rows = await sql.query<LoanRow>(`${selectLoans} WHERE ${where} ORDER BY id DESC LIMIT $3 OFFSET $4`, [
    userId.toString(), status ?? null, listPageSize, (page - 1) * listPageSize,
  ]);
  const [count] = await sql.query<{ total: bigint }>(`SELECT count(*) AS total FROM loans WHERE ${where}`, [userId.toString(), status ?? null]);
  return { items: rows.map(toLoanView), total: Number(count?.total ?? 0n), page, page_size: listPageSize };
}

/** One of the user's own loans; another user's id reads as not found. */
export async function loanDetailOf(sql: Sql, userId: bigint, loanId: bigint, page: number): Promise<LoanDetail> {
  const loan = await loanWhere(sql, 'id = $1 AND user_id = $2', [loanId.toString(), userId.toString()]);
  if (!loan) refuse('loan_not_found');
  return { loan: toLoanView(loan), events: await eventsPage(sql, loan.id, page) };
}

type AdminLoanQueryRow = LoanRow & { account: string };
const selectAdminLoans = `SELECT l.*, u.account FROM (${selectLoans}) l JOIN users u ON u.id = l.user_id`;
const toAdminRow = (row: AdminLoanQueryRow): AdminLoanRow => ({ ...toLoanView(row), user_id: row.user_id.toString(), account: row.account });

export async function loansForStaff(sql: Sql, filter: z.output<typeof adminLoansListRequest>) {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.status) conditions.push(`l.status = $${params.push(filter.status)}`);
  if (filter.kind) conditions.push(`l.kind = $${params.push(filter.kind)}`);
  if (filter.query) conditions.push(`u.account LIKE $${params.push(`${filter.query}%`)}`);
  const where = conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;
  const rows = await sql.query<AdminLoanQueryRow>(`${selectAdminLoans} ${where} ORDER BY l.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
    ...params, listPageSize, (filter.page - 1) * listPageSize,
  ]);
  const [count] = await sql.query<{ total: bigint }>(`SELECT count(*) AS total FROM loans l JOIN users u ON u.id = l.user_id ${where}`, params);
  return { items: rows.map(toAdminRow), total: Number(count?.total ?? 0n), page: filter.page, page_size: listPageSize };
}

export async function loanDetailForStaff(sql: Sql, loanId: bigint, page: number) {
  const [row] = await sql.query<AdminLoanQueryRow>(`${selectAdminLoans} WHERE l.id = $1`, [loanId.toString()]);
  if (!row) refuse('loan_not_found');
  return { loan: toAdminRow(row), events: await eventsPage(sql, row.id, page) };
}
