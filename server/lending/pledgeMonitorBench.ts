// How long one pass of the loan-to-value monitor takes over many granted pledges, on the
// real PostgreSQL server (TEST_DATABASE_URL, default 127.0.0.1:5432), against a pass over none.
// Rows are written straight into a throwaway database (no ledger: the pass only reads them).
//   npx tsx server/lending/pledgeMonitorBench.ts [pledges=10000]
import { issueInvitationCode } from '../accounts/invitations.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket } from '../market/testing/marketTestKit.ts';
import { openTestDatabase } from '../testing/testDatabase.ts';
import { startTestServer } from '../testing/testServer.ts';
import { registerAndLogIn } from '../testing/userKit.ts';

const pledges = Number(process.argv[2] ?? 10_000);
const database = await openTestDatabase('postgres');
const { db } = database;
const driven = handDrivenMarket(3, loadCatalog().instruments);
driven.trade('TCS', 350_000);
const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
const server = await startTestServer(db, { market: runtime });
await server.app.pledgeMonitor.stop();
await issueInvitationCode(db, { institutionName: 'Bench', kind: 'advisor', code: 'BENCH1' });
const user = await registerAndLogIn(db, server, '9600000001', 'BENCH1');

async function timedPass(): Promise<number> {
  const started = performance.now();
  const summary = await server.app.pledgeMonitor.runOnce();
  const elapsed = performance.now() - started;
  if (summary.sold + summary.warned + summary.settled !== 0) throw new Error('bench: every pledge should be safe');
  return elapsed;
}

const emptyMs = await timedPass();
// Each pledge: one holding order of 100 TCS, a ₹50,000 margin loan (14 % of ₹3,50,000: safe).
await db.query(
  `INSERT INTO orders (user_id, idempotency_key, code, side, type, status, quantity, lot, leverage, frozen_paise, fill_price_paise, margin_paise, filled_at, currency)
   SELECT $1, 'bench-order-' || g, 'TCS', 'long', 'market', 'holding', 100, 1, 1, 0, 350000, 35000000, now(), 'INR' FROM generate_series(1, $2) g`,
  [user.userId.toString(), pledges],
);
await db.query(
  `INSERT INTO pledges (user_id, idempotency_key, status, amount_paise, limit_at_request_paise, reviews_needed, loan_id)
   SELECT $1, 'bench-pledge-' || g, 'in_progress', 5000000, 17500000, 0, NULL FROM generate_series(1, $2) g`,
  [user.userId.toString(), pledges],
);
await db.query(
  `INSERT INTO loans (user_id, kind, idempotency_key, pledge_id, principal_paise, principal_outstanding_paise, annual_rate_bps, borrowed_on, accrued_through, borrow_transfer_id)
   SELECT $1, 'margin', 'bench-loan-' || p.id, p.id, 5000000, 5000000, 1200, current_date, current_date, 1 FROM pledges p`,
  [user.userId.toString()],
);
await db.query("UPDATE pledges p SET status = 'successful', loan_id = l.id FROM loans l WHERE l.pledge_id = p.id");
await db.query(
  `INSERT INTO pledge_positions (pledge_id, order_id, code, quantity, haircut_bps, price_paise)
   SELECT p.id, o.id, 'TCS', 100, 5000, 350000 FROM pledges p JOIN orders o ON o.idempotency_key = 'bench-order-' || substr(p.idempotency_key, 14)`,
);
const runs = [await timedPass(), await timedPass(), await timedPass()].sort((a, b) => a - b);
console.log(JSON.stringify({ engine: 'postgres', pledges, emptyPassMs: Math.round(emptyMs), passMsMedian: Math.round(runs[1]!), passMsBest: Math.round(runs[0]!) }));
await server.close();
await database.close();
