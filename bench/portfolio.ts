// The portfolio day job on the real PostgreSQL server: one business day's closing rows for
// USERS users (default 100,000), each with a funding transfer and one open position, then the
// same day again, which must write nothing. Seeded set-based. Prints figures; exits non-zero
// if a check fails. Run: npx tsx bench/portfolio.ts [<users=100000> <batch=5000>]
import { performance } from 'node:perf_hooks';
import { isoDayOfDayNumber, istDayNumber } from '../contract/calendarDays.ts';
import { nextTradingDayNumber } from '../contract/calendar.ts';
import { portfolioBatchSize, writePortfolioDay } from '../server/portfolio/dailyJob.ts';
import { openTestDatabase } from '../server/testing/testDatabase.ts';

const userCount = Number(process.argv[2] ?? 100_000);
const batchSize = Number(process.argv[3] ?? portfolioBatchSize);
const seconds = (from: number) => (performance.now() - from) / 1000;

const database = await openTestDatabase('postgres');
const { db } = database;
// A business day from today on, so every posting made now is before its end.
const day = isoDayOfDayNumber(nextTradingDayNumber(istDayNumber(Date.now()) - 1));
let failed = false;
try {
  const seedStarted = performance.now();
  await db.execScript(`
    INSERT INTO institutions (name, kind) VALUES ('Bench institution', 'institution');
    INSERT INTO invitation_codes (code, institution_id) SELECT 'BENCH', id FROM institutions LIMIT 1;
    INSERT INTO users (account, password_hash, invitation_code)
      SELECT (6000000000 + g)::text, 'bench', 'BENCH' FROM generate_series(1, ${userCount}) g;
    INSERT INTO ledger_accounts (code, kind, currency, user_id, allow_negative)
      SELECT 'user:' || u.id || ':' || k.suffix, k.kind, 'INR', u.id, false
        FROM users u CROSS JOIN (VALUES ('available', 'user_available'), ('frozen', 'user_frozen'), ('margin', 'user_margin')) k (suffix, kind);
    INSERT INTO ledger_accounts (code, kind, currency, allow_negative) VALUES ('bench:funding', 'demo_funding', 'INR', true);
    INSERT INTO ledger_transfers (idempotency_key, kind, reason_kind, reason_params, request_fingerprint, user_id)
      SELECT 'bench-funding-' || id, 'test', 'correction', '{"note": "bench"}'::jsonb, 'bench', id FROM users;
    INSERT INTO ledger_postings (transfer_id, account_id, currency, amount_paise)
      SELECT t.id, a.id, 'INR', 10000000 FROM ledger_transfers t JOIN ledger_accounts a ON a.user_id = t.user_id AND a.kind = 'user_available'
      UNION ALL
      SELECT t.id, (SELECT id FROM ledger_accounts WHERE code = 'bench:funding'), 'INR', -10000000 FROM ledger_transfers t;
    INSERT INTO orders (user_id, idempotency_key, code, side, type, status, quantity, lot, leverage, frozen_paise, fill_price_paise, margin_paise, currency, filled_at)
      SELECT id, 'bench-order-' || id, 'TCS', CASE WHEN id % 2 = 0 THEN 'long' ELSE 'short' END, 'market', 'holding', 10, 1, 2, 0, 300000, 1500000, 'INR', now() FROM users;
    ANALYZE users; ANALYZE ledger_accounts; ANALYZE ledger_postings; ANALYZE ledger_transfers; ANALYZE orders;
  `);
  console.log(`seeded ${userCount.toLocaleString('en-IN')} users, each with a funding transfer and an open position, in ${seconds(seedStarted).toFixed(1)} s`);

  const closes = () => ({ close: (code: string) => (code === 'TCS' ? 310000n : undefined), source: 'market' as const });
  const firstStarted = performance.now();
  const first = await writePortfolioDay(db, day, closes, batchSize);
  const firstSeconds = seconds(firstStarted);
  console.log(`day ${day}: ${first.rows.toLocaleString('en-IN')} rows for ${first.users.toLocaleString('en-IN')} users in ${firstSeconds.toFixed(1)} s, ${Math.round(first.rows / firstSeconds).toLocaleString('en-IN')} rows/s, batch ${batchSize}`);
  const secondStarted = performance.now();
  const second = await writePortfolioDay(db, day, closes, batchSize);
  console.log(`same day again: ${second.rows} rows in ${seconds(secondStarted).toFixed(1)} s`);
  const [sums] = await db.query<{ rows: bigint; equity: bigint }>('SELECT count(*) AS rows, sum(equity)::bigint AS equity FROM portfolio_days');
  // Each user: 1,00,000 rupees cash + 15,000 margin ± 10 × 100 rupees (long gains, short loses): the sum is cash + margin.
  const checks = {
    [`one row per user (${userCount})`]: sums!.rows === BigInt(userCount),
    'equity sums to cash + margin (longs and shorts cancel)': sums!.equity === BigInt(userCount) * (10_000_000n + 1_500_000n) + (userCount % 2 === 1 ? -10n * 10_000n : 0n),
    'second run writes nothing': second.rows === 0,
  };
  for (const [check, holds] of Object.entries(checks)) {
    console.log(`${holds ? 'ok  ' : 'FAIL'} ${check}`);
    if (!holds) failed = true;
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
