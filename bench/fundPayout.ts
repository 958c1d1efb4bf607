// A strategy fund's end on the real PostgreSQL server: HOLDERS holdings (default 10,000) paid out
// in the one transaction of server/funds/fundEnd.ts payOut (fees to the instant, the cash split by
// units with the largest remainder, one ledger transfer per holding, holdings and redemptions
// settled set-based). Baseline in the same run: plain INSERT … SELECT of as many transfer rows and
// twice as many posting rows into tables shaped like the ledger's, without its triggers — the
// floor for writing one balanced transfer per holder. The holders are seeded set-based with the
// transfers that funded, held and converted their subscriptions (the history a fund's end meets
// in production, so the planner sees a ledger of its real size). Target: < 5 s, ledger
// balanced, the fund left with nothing. Prints figures; exits non-zero if a check fails.
// Run: npm run bench:fund-payout [-- <holders=10000>]
import { performance } from 'node:perf_hooks';
import { dayMs } from '../contract/calendarDays.ts';
import { saveFund } from '../server/funds/admin.ts';
import { payOut } from '../server/funds/fundEnd.ts';
import { marketPrices } from '../server/portfolio/prices.ts';
import { openTestDatabase } from '../server/testing/testDatabase.ts';

const holderCount = Number(process.argv[2] ?? 10_000);
const secondsBudget = 5;
const seconds = (from: number) => (performance.now() - from) / 1000;

const database = await openTestDatabase('postgres');
const { db } = database;
const now = Date.now();
let failed = false;
try {
  const fund = await saveFund({ db, now: () => now - 2 * dayMs }, null, {
    name: 'Bench fund', strategy: 'nifty50_momentum', size_cap: '100000000000.00', minimum_investment: '1000.00',
    subscribe_from: new Date(now - dayMs).toISOString(), subscribe_until: new Date(now).toISOString(), ends_at: new Date(now).toISOString(),
    management_fee_bps: 100, reason: 'Bench',
  });
  const seedStarted = performance.now();
  // Each holder was funded with, held, and converted ₹10,000 + (id mod 997) rupees at ₹10.0000 a unit, as three real
  // transfers each (so the ledger holds the history a fund's end meets in production); the fund then grew by 7 %.
  const transfers = (key: string, kind: string, reason: string, from: string, to: string) => `
    WITH t AS (INSERT INTO ledger_transfers (idempotency_key, kind, reason_kind, reason_params, request_fingerprint, user_id)
                 SELECT 'bench:${key}:' || h.g, '${kind}', '${reason}',
                        jsonb_build_object('amount', jsonb_build_object('amount', h.amount::text, 'currency', 'INR'), 'note', 'Bench'), 'bench', h.user_id
                   FROM bench_holders h RETURNING id, user_id)
    INSERT INTO ledger_postings (transfer_id, account_id, currency, amount_paise)
      SELECT t.id, ${from}, 'INR', -h.amount FROM t JOIN bench_holders h ON h.user_id = t.user_id
      UNION ALL
      SELECT t.id, ${to}, 'INR', h.amount FROM t JOIN bench_holders h ON h.user_id = t.user_id;`;
  const fundAvailable = `(SELECT id FROM ledger_accounts WHERE code = 'user:${fund.account_user_id}:available')`;
  await db.execScript(`
    INSERT INTO institutions (name, kind) VALUES ('Bench institution', 'institution');
    INSERT INTO invitation_codes (code, institution_id) SELECT 'BENCH', id FROM institutions LIMIT 1;
    INSERT INTO users (account, password_hash, invitation_code) SELECT (6000000000 + g)::text, 'bench', 'BENCH' FROM generate_series(1, ${holderCount}) g;
    INSERT INTO ledger_accounts (code, kind, currency, user_id, allow_negative)
      SELECT 'user:' || u.id || ':' || k.kind, 'user_' || k.kind, 'INR', u.id, false
        FROM users u CROSS JOIN (VALUES ('available'), ('frozen'), ('margin')) AS k (kind) WHERE u.kind = 'person';
    INSERT INTO ledger_accounts (code, kind, currency, allow_negative) VALUES ('bench:funding', 'demo_funding', 'INR', true);
    CREATE TABLE bench_holders AS
      SELECT u.account::bigint - 6000000000 AS g, u.id AS user_id, (1000000 + ((u.account::bigint - 6000000000) % 997) * 100)::bigint AS amount,
             (SELECT id FROM ledger_accounts a WHERE a.user_id = u.id AND a.kind = 'user_available') AS available,
             (SELECT id FROM ledger_accounts a WHERE a.user_id = u.id AND a.kind = 'user_frozen') AS frozen
        FROM users u WHERE u.kind = 'person';
    ${transfers('funding', 'test', 'correction', "(SELECT id FROM ledger_accounts WHERE code = 'bench:funding')", 'h.available')}
    ${transfers('hold', 'fund_subscription_hold', 'correction', 'h.available', 'h.frozen')}
    ${transfers('convert', 'fund_subscription_convert', 'correction', 'h.frozen', fundAvailable)}
    WITH growth AS (SELECT (sum(amount) * 7 / 100)::bigint AS total FROM bench_holders),
         t AS (INSERT INTO ledger_transfers (idempotency_key, kind, reason_kind, reason_params, request_fingerprint, user_id)
               SELECT 'bench:growth', 'test', 'correction', jsonb_build_object('amount', jsonb_build_object('amount', total::text, 'currency', 'INR'), 'note', 'Bench'), 'bench', NULL
                 FROM growth RETURNING id)
    INSERT INTO ledger_postings (transfer_id, account_id, currency, amount_paise)
      SELECT t.id, (SELECT id FROM ledger_accounts WHERE code = 'bench:funding'), 'INR', -growth.total FROM t, growth
      UNION ALL SELECT t.id, ${fundAvailable}, 'INR', growth.total FROM t, growth;
    INSERT INTO fund_holdings (fund_id, user_id, idempotency_key, amount_paise, state, hold_transfer_id, settle_transfer_id, nav_in_e4,
                               units_bought_e4, units_e4, created_at, converted_at)
      SELECT ${fund.id}, h.user_id, 'bench-holding-' || h.g, h.amount, 'holding', hold.id, convert.id, 100000, h.amount * 10, h.amount * 10, now(), now()
        FROM bench_holders h
        JOIN ledger_transfers hold ON hold.idempotency_key = 'bench:hold:' || h.g
        JOIN ledger_transfers convert ON convert.idempotency_key = 'bench:convert:' || h.g;
    UPDATE funds SET units_e4 = (SELECT sum(units_e4) FROM fund_holdings), state = 'ending', ending_at = now() WHERE id = ${fund.id};
    ANALYZE;
  `);
  console.log(`seeded ${holderCount.toLocaleString('en-IN')} holders of one ending fund in ${seconds(seedStarted).toFixed(1)} s`);

  const baselineStarted = performance.now();
  await db.execScript(`
    CREATE TABLE bench_transfers (LIKE ledger_transfers INCLUDING DEFAULTS);
    CREATE TABLE bench_postings (LIKE ledger_postings INCLUDING DEFAULTS);
    INSERT INTO bench_transfers (id, idempotency_key, kind, reason_kind, reason_params, request_fingerprint, user_id)
      SELECT g, 'bench:' || g, 'fund_redemption_payout', 'fund_final_payout', '{}'::jsonb, 'x', NULL FROM generate_series(1, ${holderCount}) g;
    INSERT INTO bench_postings (transfer_id, account_id, currency, amount_paise)
      SELECT g / 2, 1, 'INR', CASE WHEN g % 2 = 0 THEN -1 ELSE 1 END FROM generate_series(2, ${holderCount * 2 + 1}) g;
  `);
  const baselineSeconds = seconds(baselineStarted);
  console.log(`baseline: plain INSERT … SELECT of ${holderCount.toLocaleString('en-IN')} transfer rows and ${(holderCount * 2).toLocaleString('en-IN')} posting rows (no triggers, no locks): ${baselineSeconds.toFixed(2)} s`);

  const payoutStarted = performance.now();
  const market = { quote: () => undefined, instrument: () => undefined };
  const outcome = await payOut({ db, prices: marketPrices(market as never), now: () => Date.now() }, fund.id);
  const payoutSeconds = seconds(payoutStarted);
  console.log(
    `payout: ${outcome?.holders.toLocaleString('en-IN')} holdings paid ₹${((outcome?.paidPaise ?? 0n) / 100n).toLocaleString('en-IN')} at NAV ${outcome?.navE4} (ten-thousandths) ` +
      `in ${payoutSeconds.toFixed(2)} s, ${Math.round(holderCount / payoutSeconds).toLocaleString('en-IN')} holders/s; ${(payoutSeconds / baselineSeconds).toFixed(1)}× the baseline`,
  );

  const [check] = await db.query<{ postings_sum: bigint; fund_cash: bigint; paid: bigint; open: bigint; state: string }>(
    `SELECT (SELECT coalesce(sum(amount_paise), 0)::bigint FROM ledger_postings) AS postings_sum,
            (SELECT balance_paise FROM ledger_accounts WHERE code = 'user:${fund.account_user_id}:available') AS fund_cash,
            (SELECT coalesce(sum(amount_paise), 0)::bigint FROM fund_redemptions WHERE fund_id = ${fund.id}) AS paid,
            (SELECT count(*) FROM fund_holdings WHERE fund_id = ${fund.id} AND state <> 'ended') AS open,
            (SELECT state FROM funds WHERE id = ${fund.id}) AS state`,
  );
  const checks = {
    'ledger balanced (postings sum to zero)': BigInt(check!.postings_sum) === 0n,
    'the fund left with nothing': BigInt(check!.fund_cash) === 0n && check!.state === 'ended',
    'every holding paid and ended': BigInt(check!.open) === 0n && BigInt(check!.paid) === outcome?.paidPaise,
    [`under ${secondsBudget} s`]: payoutSeconds < secondsBudget,
  };
  for (const [name, holds] of Object.entries(checks)) {
    console.log(`${holds ? 'ok  ' : 'FAIL'} ${name}`);
    if (!holds) failed = true;
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
