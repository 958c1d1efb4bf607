import { createHash } from 'node:crypto';
import { istDay } from '../../contract/calendarDays.ts';
import type { LoanKind, LoanView } from '../../contract/lending.ts';
import { formatRupees, parseRupees } from '../../contract/money.ts';
import { rupeesParam } from '../../contract/statementReasons.ts';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { transfer } from '../ledger/ledger.ts';
import { openHouseAccount } from '../ledger/houseAccounts.ts';
import { userLedgerAccounts } from '../ledger/userBalances.ts';
import type { Settings } from '../settings/settings.ts';
import { splitRepayment } from './interest.ts';
import { type LoanRow, loanWhere, openUserLoanAccount } from './loanStore.ts';

// Loans, credit and margin alike. The ledger holds the money:
//   borrow P (one transfer, loan_borrow, four postings):
//     house_lending −P → user_available +P   the lending desk pays the cash out
//     user_loan     −P → house_lending  +P   and takes the user's debt in return
//   so the user's loan account is −(what they owe), house_lending nets to zero (lent out =
//   claims held: the firm's exposure is the sum of the users' loan accounts), and every
//   borrow shows both movements in the ledger.
//   a date's interest i (loan_interest): user_loan −i → house_interest +i
//   a repayment R (loan_repay): user_available −R → user_loan +R
// The loan row splits the loan account's balance per loan: principal and interest outstanding.

export interface LendingContext {
  db: Database;
  settings: Settings;
  now: () => number;
}

export interface OpenLoanCommand {
  userId: bigint;
  kind: LoanKind;
  principalPaise: bigint;
  /** The caller's key for this loan: a repeat with the same key returns the same loan. */
  idempotencyKey: string;
  /** The pledge securing a margin loan. */
  pledgeId?: bigint;
  annualRateBps: number;
  /** IST business date it is lent on (YYYY-MM-DD); interest accrues from the next one. */
  borrowedOn: string;
}

/** The terms a loan taken now gets: the rate of the setting and today's IST date. */
export const loanTermsNow = (settings: Settings, now: number) => ({
  annualRateBps: settings.get('loan.annual_rate_bps'),
  borrowedOn: istDay(now),
});

/** The ledger key of a borrow, from the user's own key (hashed: it may be as long as a ledger key may be). */
const borrowKeyOf = (userId: bigint, userKey: string) => `loan-borrow:${userId}:${createHash('sha256').update(userKey).digest('hex')}`;
const repayKeyOf = (userId: bigint, userKey: string) => `loan-repay:${userId}:${createHash('sha256').update(userKey).digest('hex')}`;

/**
 * Lends `principalPaise` to the user, inside the caller's transaction: one loan row and one
 * ledger transfer. Checks no limit (a credit loan's limit is borrowCredit's, a margin loan's
 * the pledge's). A repeat of the key returns the loan it made; the key used for another
 * loan is refused with 'idempotency_key_reused'.
 */
export async function openLoan(tx: Sql, command: OpenLoanCommand): Promise<LoanRow> {
  const earlier = await loanWhere(tx, 'user_id = $1 AND idempotency_key = $2', [command.userId.toString(), command.idempotencyKey]);
  if (earlier) {
    const same = earlier.kind === command.kind && earlier.principal_paise === command.principalPaise && earlier.pledge_id === (command.pledgeId ?? null);
    if (!same) refuse('idempotency_key_reused');
    return earlier;
  }
  if (command.principalPaise <= 0n) throw new Error('lending: a loan lends a positive amount');
  const [{ id: loanId }] = (await tx.query<{ id: bigint }>("SELECT nextval('loans_id_seq') AS id")) as [{ id: bigint }];
  const { availableAccountId } = await userLedgerAccounts(tx, command.userId);
  const loanAccountId = await openUserLoanAccount(tx, command.userId);
  const lendingAccountId = await openHouseAccount(tx, 'house_lending', 'INR');
  const amount = command.principalPaise;
  const borrowed = await transfer(tx, {
    idempotencyKey: borrowKeyOf(command.userId, command.idempotencyKey),
    kind: 'loan_borrow',
    reasonKind: 'loan_borrowed',
    reasonParams: { loan_id: loanId.toString(), amount: rupeesParam(amount) },
    userId: command.userId,
    postings: [
      { accountId: lendingAccountId, currency: 'INR', amount: -amount },
      { accountId: availableAccountId, currency: 'INR', amount },
      { accountId: loanAccountId, currency: 'INR', amount: -amount },
      { accountId: lendingAccountId, currency: 'INR', amount },
    ],
  });
  await tx.query(
    `INSERT INTO loans (id, user_id, kind, idempotency_key, pledge_id, principal_paise, principal_outstanding_paise,
                        annual_rate_bps, borrowed_on, accrued_through, borrow_transfer_id)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $8, $9)`,
    [loanId.toString(), command.userId.toString(), command.kind, command.idempotencyKey, command.pledgeId?.toString() ?? null,
      amount.toString(), command.annualRateBps, command.borrowedOn, borrowed.transferId.toString()],
  );
  return (await loanWhere(tx, 'id = $1', [loanId.toString()]))!;
}

export interface RepayCommand {
  loanId: bigint;
  amountPaise: bigint;
  idempotencyKey: string;
  /** Hook for the pledge monitor (pledgeMonitor.ts): a repayment from the sale of pledged stock says so in the statement. */
  pledgeSale?: { pledgeId: bigint; orderId: bigint; code: string };
}

/**
 * Repays part or all of one of the user's loans, interest first then principal, inside the
 * caller's transaction (the pledge service repays from a forced sale the same way). Refuses
 * more than is owed ('repayment_greater_than_borrowed', with what is owed), a loan already
 * repaid ('contact_service_to_confirm_repayment') and money the user does not have
 * ('insufficient_available_balance').
 */
export async function repayLoanIn(tx: Sql, userId: bigint, command: RepayCommand): Promise<LoanRow> {
  const [earlier] = await tx.query<{ loan_id: bigint; amount_paise: bigint }>(
    'SELECT loan_id, amount_paise FROM loan_repayments WHERE user_id = $1 AND idempotency_key = $2',
    [userId.toString(), command.idempotencyKey],
  );
  if (earlier) {
    if (earlier.loan_id !== command.loanId || earlier.amount_paise !== command.amountPaise) refuse('idempotency_key_reused');
    return (await loanWhere(tx, 'id = $1', [command.loanId.toString()]))!;
  }
  // Locked: the accrual job and another repayment wait, so the split below stays true.
  const loan = await loanWhere(tx, 'id = $1 AND user_id = $2', [command.loanId.toString(), userId.toString()], true);
  if (!loan) refuse('loan_not_found');
  if (loan.status === 'repaid') refuse('contact_service_to_confirm_repayment');
  const owed = loan.principal_outstanding_paise + loan.interest_outstanding_paise;
  if (command.amountPaise > owed) refuse('repayment_greater_than_borrowed', formatRupees(owed));
  const { interestPaise, principalPaise } = splitRepayment(command.amountPaise, loan.interest_outstanding_paise);
  const { availableAccountId } = await userLedgerAccounts(tx, userId);
  const loanAccountId = await openUserLoanAccount(tx, userId);
  const split = { loan_id: loan.id.toString(), amount: rupeesParam(command.amountPaise), interest: rupeesParam(interestPaise), principal: rupeesParam(principalPaise) };
  const sale = command.pledgeSale;
  const repaid = await transfer(tx, {
    idempotencyKey: repayKeyOf(userId, command.idempotencyKey),
    ...(sale
      ? { kind: 'pledge_sale', reasonKind: 'pledge_sold', reasonParams: { ...split, pledge_id: sale.pledgeId.toString(), order_no: sale.orderId.toString(), code: sale.code } } as const
      : { kind: 'loan_repay', reasonKind: 'loan_repaid', reasonParams: split } as const),
    userId,
    postings: [
      { accountId: availableAccountId, currency: 'INR', amount: -command.amountPaise },
      { accountId: loanAccountId, currency: 'INR', amount: command.amountPaise },
    ],
  });
  await tx.query(
    `INSERT INTO loan_repayments (loan_id, user_id, idempotency_key, amount_paise, interest_paise, principal_paise, transfer_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [loan.id.toString(), userId.toString(), command.idempotencyKey, command.amountPaise.toString(), interestPaise.toString(),
      principalPaise.toString(), repaid.transferId.toString()],
  );
  const paidOff = command.amountPaise === owed;
  await tx.query(
    `UPDATE loans SET interest_outstanding_paise = interest_outstanding_paise - $2, principal_outstanding_paise = principal_outstanding_paise - $3,
                      repaid_paise = repaid_paise + $2 + $3, status = $4, repaid_at = CASE WHEN $4 = 'repaid' THEN now() END
      WHERE id = $1`,
    [loan.id.toString(), interestPaise.toString(), principalPaise.toString(), paidOff ? 'repaid' : 'open'],
  );
  return (await loanWhere(tx, 'id = $1', [loan.id.toString()]))!;
}

export const toLoanView = (row: LoanRow): LoanView => ({
  id: row.id.toString(),
  kind: row.kind,
  status: row.status,
  currency: 'INR',
  principal: formatRupees(row.principal_paise),
  principal_outstanding: formatRupees(row.principal_outstanding_paise),
  interest_outstanding: formatRupees(row.interest_outstanding_paise),
  outstanding: formatRupees(row.principal_outstanding_paise + row.interest_outstanding_paise),
  interest_accrued: formatRupees(row.interest_accrued_paise),
  repaid: formatRupees(row.repaid_paise),
  annual_rate_bps: row.annual_rate_bps,
  borrowed_on: row.borrowed_on,
  accrued_through: row.accrued_through,
  created_at: new Date(row.created_at).toISOString(),
  repaid_at: row.repaid_at ? new Date(row.repaid_at).toISOString() : null,
});

/** Amounts in validated requests are rupee strings the schema already checked. */
export const paiseOfAmount = (text: string): bigint => parseRupees(text)!;
