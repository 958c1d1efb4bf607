import { istDay } from '../../contract/calendarDays.ts';
import { rupeesParam } from '../../contract/statementReasons.ts';
import type { Database, Sql } from '../db/database.ts';
import { appendTransfers, type TransferCommand } from '../ledger/ledger.ts';
import { openHouseAccount } from '../ledger/houseAccounts.ts';
import { accrualKeyOf, bpsDaysPerYear, dailyInterestPaise, datesToAccrue } from './interest.ts';
import { type PeriodicJob, startPeriodicJob } from '../jobs/periodicJob.ts';

// The business-date job: for every open loan, one interest transfer per IST date after the
// last one it was accrued for, up to the date asked for. Idempotent per date three times over:
// it reads only loans whose accrued_through is before the date (and moves it forward in the
// same transaction), each transfer's ledger key is loan:<id>:interest:<date>, and
// loan_accruals' primary key is (loan_id, business_date). A job that was down for days
// catches up on the next run: every missing date of every loan is posted, on the principal
// outstanding now (no repayment can have happened on a date the job has not reached without
// the job seeing it first: repayments lock the loan, and the principal they leave applies
// from the next accrual). Loans are taken in id order, a batch per transaction, and each
// batch's transfers, postings and accrual rows are written with a few multi-row statements.

export interface AccrualOutcome {
  /** Loans that had at least one date to post. */
  loans: number;
  /** Interest transfers posted. */
  accruals: number;
  interestPaise: bigint;
}

type AccruedLoanRow = {
  id: bigint;
  user_id: bigint;
  principal_outstanding_paise: bigint;
  annual_rate_bps: number;
  /** The interest the update added, all dates together. */
  interest_paise: bigint;
  /** YYYY-MM-DD: the last date accrued before this batch, and now. */
  accrued_before: string;
  accrued_through: string;
  loan_account_id: bigint;
};

// Measured on 1,000,000 loans (bench:interest): 5,000 a batch 82 s, 20,000 a batch 40 s: a statement's fixed
// cost (round trips, its triggers' set-up) is paid a quarter as often.
export const accrualBatchSizeDefault = 20_000;
/**
 * Batches written at once, each on its own connection over its own share of the loans (id
 * modulo the count) and crediting its own interest account (house:interest, house:interest:1,
 * …), so no two of them wait for one account row: the order writer's lanes, for the same reason.
 */
export const accrualLanesDefault = 2;
/**
 * A pass moves a loan forward at most this many dates, so a batch holds at most batch size ×
 * this many transfers; after downtime the job makes passes until no loan is behind.
 */
const datesPerPassMax = 5;

/** Posts every missing accrual up to and including `businessDate` (YYYY-MM-DD, IST). */
export async function accrueInterest(
  db: Database,
  businessDate: string,
  { batchSize = accrualBatchSizeDefault, lanes = accrualLanesDefault }: { batchSize?: number; lanes?: number } = {},
): Promise<AccrualOutcome> {
  const outcome: AccrualOutcome = { loans: 0, accruals: 0, interestPaise: 0n };
  let movedInPass = 0;
  const runLane = async (lane: number) => {
    let afterId = 0n;
    for (;;) {
      const batch = await db.transaction((tx) => accrueBatch(tx, businessDate, afterId, batchSize, { lane, lanes }));
      movedInPass += batch.loans;
      outcome.accruals += batch.accruals;
      outcome.interestPaise += batch.interestPaise;
      if (batch.lastLoanId === null) return;
      afterId = batch.lastLoanId;
    }
  };
  do {
    movedInPass = 0;
    await Promise.all(Array.from({ length: lanes }, (_, lane) => runLane(lane)));
    outcome.loans = Math.max(outcome.loans, movedInPass);
  } while (movedInPass > 0);
  return outcome;
}

async function accrueBatch(tx: Sql, businessDate: string, afterId: bigint, batchSize: number, { lane, lanes }: { lane: number; lanes: number }) {
  // One pass over the batch's loan rows: they are locked (a repayment of one of them waits for
  // this batch, and the batch for it), moved to the date and given the interest, and read back.
  // The interest is computed here, in SQL, and again below by dailyInterestPaise: a mismatch
  // throws and rolls the batch back (the two must never disagree by a paisa).
  const updated = await tx.query<AccruedLoanRow>(
    `WITH picked AS (
       SELECT l.id, l.accrued_through AS before_date, least($2::date, l.accrued_through + $6::integer) AS through_date,
              (least($2::date, l.accrued_through + $6::integer) - l.accrued_through)
                * ((2 * l.principal_outstanding_paise * l.annual_rate_bps + ${bpsDaysPerYear}) / ${2n * bpsDaysPerYear}) AS interest
         FROM loans l
        WHERE l.status = 'open' AND l.id > $1 AND l.accrued_through < $2::date AND l.id % $4 = $5
        ORDER BY l.id
        LIMIT $3
          FOR NO KEY UPDATE
     )
     UPDATE loans l
        SET accrued_through = p.through_date,
            interest_outstanding_paise = l.interest_outstanding_paise + p.interest,
            interest_accrued_paise = l.interest_accrued_paise + p.interest
       FROM picked p, ledger_accounts a
      WHERE l.id = p.id AND a.user_id = l.user_id AND a.kind = 'user_loan' AND a.currency = l.currency
     RETURNING l.id, l.user_id, l.principal_outstanding_paise, l.annual_rate_bps, p.interest AS interest_paise,
               to_char(p.before_date, 'YYYY-MM-DD') AS accrued_before, to_char(p.through_date, 'YYYY-MM-DD') AS accrued_through,
               a.id AS loan_account_id`,
    [afterId.toString(), businessDate, batchSize, lanes, lane, datesPerPassMax],
  );
  const loans = updated.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const lastLoanId = loans.at(-1)?.id ?? null;
  const transfers: (TransferCommand & { id: bigint })[] = [];
  const accrualRows = { loanIds: [] as string[], dates: [] as string[], principals: [] as string[], amounts: [] as string[], transferIds: [] as string[] };
  const pending: { loan: AccruedLoanRow; date: string; amount: bigint }[] = [];
  for (const loan of loans) {
    const dates = datesToAccrue(loan.accrued_before, loan.accrued_through);
    const amount = dailyInterestPaise(loan.principal_outstanding_paise, loan.annual_rate_bps);
    if (amount * BigInt(dates.length) !== loan.interest_paise) throw new Error(`lending: loan ${loan.id}: interest ${loan.interest_paise} in SQL, ${amount} × ${dates.length} in code`);
    // A loan whose day's interest rounds to nothing (or with only interest left) still moved its date forward.
    if (amount > 0n) for (const date of dates) pending.push({ loan, date, amount });
  }
  const transferIds = pending.length === 0 ? [] : await tx.query<{ id: bigint }>(
    "SELECT nextval('ledger_transfers_id_seq') AS id FROM generate_series(1, $1)",
    [pending.length],
  );
  // Opened on the first interest ever posted, not by a job run with nothing to post.
  const interestAccountId = pending.length === 0 ? 0n : await openHouseAccount(tx, 'house_interest', 'INR', lane === 0 ? undefined : lane);
  let interestPaise = 0n;
  pending.forEach(({ loan, date, amount }, index) => {
    const transferId = transferIds[index]!.id;
    interestPaise += amount;
    transfers.push({
      id: transferId,
      idempotencyKey: accrualKeyOf(loan.id, date),
      kind: 'loan_interest',
      reasonKind: 'loan_interest_accrued',
      reasonParams: { loan_id: loan.id.toString(), date, amount: rupeesParam(amount) },
      userId: loan.user_id,
      postings: [
        { accountId: loan.loan_account_id, currency: 'INR', amount: -amount },
        { accountId: interestAccountId, currency: 'INR', amount },
      ],
    });
    accrualRows.loanIds.push(loan.id.toString());
    accrualRows.dates.push(date);
    accrualRows.principals.push(loan.principal_outstanding_paise.toString());
    accrualRows.amounts.push(amount.toString());
    accrualRows.transferIds.push(transferId.toString());
  });
  await appendTransfers(tx, transfers);
  if (pending.length > 0) {
    await tx.query(
      `INSERT INTO loan_accruals (loan_id, business_date, principal_paise, amount_paise, transfer_id)
       SELECT * FROM unnest($1::bigint[], $2::date[], $3::bigint[], $4::bigint[], $5::bigint[])`,
      [accrualRows.loanIds, accrualRows.dates, accrualRows.principals, accrualRows.amounts, accrualRows.transferIds],
    );
  }
  return { loans: loans.length, accruals: pending.length, interestPaise, lastLoanId };
}

/** runOnce(businessDate) posts that IST date's interest (default: today's). */
export type AccrualJob = PeriodicJob<string, AccrualOutcome>;

/**
 * Runs the accrual for the current IST date at start and then every `intervalMs`: a date
 * turns over at IST midnight and is posted on the first run after it. Runs never overlap.
 */
export function startAccrualJob(options: { db: Database; now: () => number; intervalMs?: number; onError?: (error: unknown) => void }): AccrualJob {
  const { db, now, intervalMs = 60_000, onError = () => {} } = options;
  return startPeriodicJob({ run: (businessDate: string) => accrueInterest(db, businessDate), defaultArgument: () => istDay(now()), intervalMs, onError });
}
