// The loan interest job on the real PostgreSQL server: one business date's accruals for
// LOANS open loans (default 1,000,000, one per user), batched, then the same date again,
// which must post nothing. Baseline in the same run: a plain INSERT … SELECT of as many rows
// into a table shaped like loan_accruals (no triggers), the floor for writing one row per loan.
// The loans are seeded set-based (no borrow transfers: their loan accounts start at zero and
// go negative by the interest alone). Prints figures; exits non-zero if a check fails.
// Run: npm run bench:interest [-- <loans=1000000> <batch=20000> <lanes=2>]
import { performance } from 'node:perf_hooks';
import { isoDayOfDayNumber, istDayNumber } from '../contract/calendarDays.ts';
import { accrualBatchSizeDefault, accrualLanesDefault, accrueInterest } from '../server/lending/accrualJob.ts';
import { openTestDatabase } from '../server/testing/testDatabase.ts';

const loanCount = Number(process.argv[2] ?? 1_000_000);
const batchSize = Number(process.argv[3] ?? accrualBatchSizeDefault);
const lanes = Number(process.argv[4] ?? accrualLanesDefault);
const secondsBudget = 60;

const seconds = (from: number) => (performance.now() - from) / 1000;

const database = await openTestDatabase('postgres');
const { db } = database;
const businessDate = isoDayOfDayNumber(istDayNumber(Date.now()));
const borrowedOn = isoDayOfDayNumber(istDayNumber(Date.now()) - 1);
let failed = false;
try {
  const seedStarted = performance.now();
  await db.execScript(`
    INSERT INTO institutions (name, kind) VALUES ('Bench institution', 'institution');
    INSERT INTO invitation_codes (code, institution_id) SELECT 'BENCH', id FROM institutions LIMIT 1;
    INSERT INTO users (account, password_hash, invitation_code)
      SELECT (6000000000 + g)::text, 'bench', 'BENCH' FROM generate_series(1, ${loanCount}) g;
    INSERT INTO ledger_accounts (code, kind, currency, user_id, allow_negative)
      SELECT 'user:' || id || ':loan', 'user_loan', 'INR', id, true FROM users;
    INSERT INTO loans (user_id, kind, idempotency_key, principal_paise, principal_outstanding_paise, annual_rate_bps,
                       borrowed_on, accrued_through, borrow_transfer_id)
      SELECT id, 'credit', 'bench-loan-' || id, 1000000 + (id % 1000) * 100, 1000000 + (id % 1000) * 100, 1200,
             '${borrowedOn}', '${borrowedOn}', 0
        FROM users;
    ANALYZE users;
    ANALYZE ledger_accounts;
    ANALYZE loans;
  `);
  console.log(`seeded ${loanCount.toLocaleString('en-IN')} users, loan accounts and open loans in ${seconds(seedStarted).toFixed(1)} s`);

  const baselineStarted = performance.now();
  await db.execScript(`
    CREATE TABLE bench_baseline (loan_id bigint, business_date date, principal_paise bigint, amount_paise bigint, transfer_id bigint,
                                 PRIMARY KEY (loan_id, business_date));
    INSERT INTO bench_baseline SELECT g, '${businessDate}', 1000000, 329, g FROM generate_series(1, ${loanCount}) g;
  `);
  const baselineSeconds = seconds(baselineStarted);
  console.log(`baseline: INSERT … SELECT of ${loanCount.toLocaleString('en-IN')} rows (one table, one index, no triggers): ${baselineSeconds.toFixed(2)} s`);

  const firstStarted = performance.now();
  const first = await accrueInterest(db, businessDate, { batchSize, lanes });
  const firstSeconds = seconds(firstStarted);
  console.log(
    `accrual for ${businessDate}: ${first.accruals.toLocaleString('en-IN')} transfers (${(first.accruals * 2).toLocaleString('en-IN')} postings, ` +
      `${first.accruals.toLocaleString('en-IN')} accrual rows, ${first.loans.toLocaleString('en-IN')} loans updated) in ${firstSeconds.toFixed(1)} s, ` +
      `${Math.round(first.accruals / firstSeconds).toLocaleString('en-IN')} loans/s, batch ${batchSize}, ${lanes} lanes; ${(firstSeconds / baselineSeconds).toFixed(1)}× the baseline`,
  );

  const secondStarted = performance.now();
  const second = await accrueInterest(db, businessDate, { batchSize, lanes });
  console.log(`same date again: ${second.accruals} transfers in ${seconds(secondStarted).toFixed(2)} s`);

  const [counts] = await db.query<{ accruals: bigint; transfers: bigint; postings_sum: bigint }>(
    `SELECT (SELECT count(*) FROM loan_accruals) AS accruals,
            (SELECT count(*) FROM ledger_transfers WHERE kind = 'loan_interest') AS transfers,
            (SELECT coalesce(sum(amount_paise), 0)::bigint FROM ledger_postings) AS postings_sum`,
  );
  const checks = {
    [`one accrual per loan (${loanCount})`]: counts!.accruals === BigInt(loanCount) && counts!.transfers === BigInt(loanCount),
    'postings sum to zero': counts!.postings_sum === 0n,
    'second run posts nothing': second.accruals === 0,
    [`first run under ${secondsBudget} s`]: firstSeconds < secondsBudget,
  };
  for (const [check, holds] of Object.entries(checks)) {
    console.log(`${holds ? 'ok  ' : 'FAIL'} ${check}`);
    if (!holds) failed = true;
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
