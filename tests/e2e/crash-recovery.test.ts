// Crash recovery against the real server on a real PostgreSQL database: a burst of orders
// from many users, the server SIGKILLed while requests are still in flight, a restart on
// the same database, then the books are audited straight from the database. Every order a
// client saw accepted must exist, pending or holding, with its ledger transfers; every
// transfer must balance; no user account may be negative; frozen and margin money must
// equal the open orders; retried requests must not double-book; and the restarted server
// must keep serving and filling the resting limit orders.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser } from '../../server/demo/seed.ts';
import { type ServerProcess, startServer } from './harness.ts';
import { auditLedger as auditBooks } from './ledgerAudit.ts';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `ledgerline_crash_${randomBytes(6).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
const serverEnv = { DATABASE_URL: databaseUrl, DEMO_MODE: '1', MARKET_WARMUP_MINUTES: '0' };

/** Thirty traders (the demo user and 29 registered with DEMO100), ten orders each, three a second each: 300 orders in ten waves over ~3.4 s. */
const traderCount = 30;
const ordersPerTrader = 10;
/** Below the server's 5 orders/s per user, with room for jitter. */
const orderSpacingMs = 340;
/** The server is killed once this share of the burst has been answered. */
const killAfterAnsweredShare = 0.4;
const fundingPaise = 1_000_000_000n; // ₹1 crore each: no order is refused for lack of money
const codes = ['INFY', 'TCS', 'SBIN', 'ITC', 'RELIANCE', 'HDFCBANK'] as const;
const tickPaise = 5n; // NSE equities

interface Trader {
  account: string;
  password: string;
  userId: bigint;
  token: string;
}

type Envelope = { status: 0 | 1; msg: string; data: any };

interface OrderForm {
  code: string;
  side: 'long' | 'short';
  type: 'market' | 'limit';
  quantity: number;
  price?: string;
  leverage: number;
  idempotency_key: string;
}

interface Attempt {
  trader: Trader;
  form: OrderForm;
  /** accepted / refused: answered; in_flight: sent, then the connection died; unsent: scheduled after the kill. */
  outcome: 'accepted' | 'refused' | 'in_flight' | 'unsent';
  response?: Envelope;
  error?: string;
}

let server: ServerProcess | undefined;
let restarted: ServerProcess | undefined;
let db: pg.Client;
const traders: Trader[] = [];
const attempts: Attempt[] = [];
/** When the first server was dead for sure: fills after this are the restarted server's. */
let killedAt = 0;

async function call(baseUrl: string, path: string, body: unknown, trader?: Trader): Promise<Envelope> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (trader) {
    headers.token = trader.token;
    headers.account = trader.account;
  }
  const response = await fetch(`${baseUrl}/api/vue/${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
  return (await response.json()) as Envelope;
}

async function ok(baseUrl: string, path: string, body: unknown, trader?: Trader): Promise<any> {
  const envelope = await call(baseUrl, path, body, trader);
  if (envelope.status !== 1) throw new Error(`${path} refused: ${envelope.msg}`);
  return envelope.data;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function rupeesToPaise(rupees: string): bigint {
  const [whole, fraction = ''] = rupees.split('.');
  return BigInt(whole!) * 100n + BigInt((fraction + '00').slice(0, 2));
}

const paiseToRupees = (paise: bigint) => `${paise / 100n}.${(paise % 100n).toString().padStart(2, '0')}`;

/** Waits until every code has a traded quote in an open market, and returns the last prices in paise. */
async function lastPrices(baseUrl: string, trader: Trader): Promise<Map<string, bigint>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const prices = new Map<string, bigint>();
    for (const code of codes) {
      const detail = await ok(baseUrl, 'stock/detail', { code }, trader);
      if (detail.phase === 'open' && detail.quote.time > 0 && Number(detail.quote.last) > 0) prices.set(code, rupeesToPaise(detail.quote.last));
    }
    if (prices.size === codes.length) return prices;
    if (Date.now() > deadline) throw new Error('no traded quotes 30 s after start');
    await sleep(250);
  }
}

async function logIn(baseUrl: string, trader: Trader): Promise<void> {
  const data = await ok(baseUrl, 'user/login', { account: trader.account, password: trader.password });
  trader.token = data.token;
}

/** A mix: market orders fill at once; far limits rest for the whole test; near limits straddle the price and fill as it moves. */
function orderFor(traderIndex: number, orderIndex: number, prices: Map<string, bigint>, run: string): OrderForm {
  const code = codes[(traderIndex + orderIndex) % codes.length]!;
  const last = prices.get(code)!;
  const kind = (traderIndex * 7 + orderIndex) % 8;
  const base = { code, quantity: 100, leverage: 1, idempotency_key: `crash-${run}-${traderIndex}-${orderIndex}` };
  const onTick = (paise: bigint) => paise - (paise % tickPaise);
  const nearTicks = [2n, 5n, 10n, 20n][(traderIndex + orderIndex) % 4]!;
  switch (kind) {
    case 0:
    case 1:
      return { ...base, side: 'long', type: 'market' };
    case 2:
      return { ...base, side: 'short', type: 'market' };
    case 3:
      return { ...base, side: 'long', type: 'limit', price: paiseToRupees(onTick((last * 97n) / 100n)) };
    case 4:
      return { ...base, side: 'short', type: 'limit', price: paiseToRupees(onTick((last * 103n) / 100n)) };
    case 5:
    case 6:
      return { ...base, side: 'long', type: 'limit', price: paiseToRupees(last - nearTicks * tickPaise) };
    default:
      return { ...base, side: 'short', type: 'limit', price: paiseToRupees(last + nearTicks * tickPaise) };
  }
}

const rows = async <Row = any>(text: string, params: unknown[] = []): Promise<Row[]> => (await db.query(text, params)).rows as Row[];
const auditLedger = () => auditBooks(db);

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();

  server = await startServer({ env: serverEnv });
  const baseUrl = server.baseUrl;
  const password = 'crash-pass-123';
  const registered = Array.from({ length: traderCount - 1 }, (_, index) => ({ account: `98765${String(index).padStart(5, '0')}`, password }));
  await Promise.all(
    registered.map((user) => ok(baseUrl, 'user/register', { account: user.account, password, password2: password, invite_code: 'DEMO100', agree: true })),
  );
  for (const user of [{ account: demoUser.account, password: demoUser.password }, ...registered]) {
    const [row] = await rows<{ id: string }>('SELECT id::text FROM users WHERE account = $1', [user.account]);
    traders.push({ ...user, userId: BigInt(row!.id), token: '' });
  }
  await Promise.all(traders.map((trader) => logIn(baseUrl, trader)));

  // Play money, booked exactly as ledger.transfer() books it: one transfer, its postings in one INSERT.
  const [funding] = await rows<{ id: string }>("SELECT id::text FROM ledger_accounts WHERE code = 'demo:play-money-funding'");
  for (const trader of traders) {
    const [available] = await rows<{ id: string }>("SELECT id::text FROM ledger_accounts WHERE user_id = $1 AND kind = 'user_available' AND currency = 'INR'", [trader.userId.toString()]);
    await db.query('BEGIN');
    const [transfer] = await rows<{ id: string }>(
      `INSERT INTO ledger_transfers (idempotency_key, kind, reason_kind, reason_params, request_fingerprint, user_id)
       VALUES ($1, 'demo_funding', 'demo_funding', jsonb_build_object('amount', jsonb_build_object('amount', $4::text, 'currency', 'INR')), $2, $3)
       RETURNING id::text`,
      [`e2e-crash-funding:${trader.account}`, `demo_funding|${funding!.id}:${-fundingPaise}INR,${available!.id}:${fundingPaise}INR`, trader.userId.toString(), fundingPaise.toString()],
    );
    await db.query("INSERT INTO ledger_postings (transfer_id, account_id, currency, amount_paise) VALUES ($1, $2, 'INR', $3), ($1, $4, 'INR', $5)", [
      transfer!.id,
      funding!.id,
      (-fundingPaise).toString(),
      available!.id,
      fundingPaise.toString(),
    ]);
    await db.query('COMMIT');
  }
  expect(await auditLedger()).toEqual([]);
}, 180_000);

afterAll(async () => {
  await restarted?.stop();
  await server?.kill('SIGKILL');
  await db?.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
}, 180_000);

describe('crash recovery', () => {
  it('SIGKILL in the middle of an order burst: after a restart every accepted order is pending or holding and the ledger balances', async () => {
    const first = server!;
    const prices = await lastPrices(first.baseUrl, traders[0]!);
    const run = randomBytes(3).toString('hex');
    const total = traderCount * ordersPerTrader;
    let answered = 0;
    let inFlight = 0;
    let killed = false;
    let killing: Promise<void> | undefined;
    let inFlightAtKill = 0;

    const kill = () => {
      killed = true;
      inFlightAtKill = inFlight;
      killing = first.kill('SIGKILL');
    };
    const send = async (attempt: Attempt) => {
      if (killed) return;
      inFlight++;
      try {
        attempt.response = await call(first.baseUrl, 'order/place', attempt.form, attempt.trader);
        attempt.outcome = attempt.response.status === 1 ? 'accepted' : 'refused';
        answered++;
      } catch (error) {
        attempt.outcome = 'in_flight';
        attempt.error = String((error as Error).cause ?? error);
      } finally {
        inFlight--;
      }
      // Kill once enough is answered, at a moment when other requests are on the wire.
      if (!killed && answered >= total * killAfterAnsweredShare && inFlight > 0) kill();
    };

    const startAt = Date.now() + 50;
    const sends: Promise<void>[] = [];
    traders.forEach((trader, traderIndex) => {
      for (let orderIndex = 0; orderIndex < ordersPerTrader; orderIndex++) {
        const attempt: Attempt = { trader, form: orderFor(traderIndex, orderIndex, prices, run), outcome: 'unsent' };
        attempts.push(attempt);
        // Waves: every trader at once, so that a wave is 30 requests racing for the database's 10 connections.
        const at = startAt + orderIndex * orderSpacingMs;
        sends.push(sleep(at - Date.now()).then(() => send(attempt)));
      }
    });
    await Promise.all(sends);
    if (!killed) kill(); // everything answered with nothing in flight: still kill, the checks below still hold
    await killing;
    killedAt = Date.now();

    const count = (outcome: Attempt['outcome']) => attempts.filter((attempt) => attempt.outcome === outcome).length;
    const summary = { accepted: count('accepted'), refused: count('refused'), in_flight: count('in_flight'), unsent: count('unsent'), inFlightAtKill };
    console.info('crash-recovery burst:', JSON.stringify(summary));
    const refusals = attempts.filter((attempt) => attempt.outcome === 'refused').map((attempt) => attempt.response!.msg);
    // Paced under the rate limit, funded, market open: nothing is refused.
    expect(refusals).toEqual([]);
    expect(summary.accepted).toBeGreaterThanOrEqual(total * killAfterAnsweredShare);
    expect(summary.in_flight).toBeGreaterThan(0);

    restarted = await startServer({ env: serverEnv });

    // Nothing accepted is lost, and nothing is half done.
    // The demo's strategy funds trade on their own accounts (users.kind 'fund'): their orders are not the burst's.
    const orderRows = await rows<{ id: string; user_id: string; idempotency_key: string; status: string }>(
      "SELECT o.id::text, o.user_id::text, o.idempotency_key, o.status FROM orders o JOIN users u ON u.id = o.user_id WHERE o.origin_kind IS NULL AND u.kind = 'person'",
    );
    const byId = new Map(orderRows.map((row) => [row.id, row]));
    const lost: unknown[] = [];
    for (const attempt of attempts.filter((candidate) => candidate.outcome === 'accepted')) {
      const answer = attempt.response!.data as { order_no: string; status: string };
      const row = byId.get(answer.order_no);
      const expected = answer.status === 'holding' ? ['holding'] : ['pending', 'holding'];
      if (!row || row.user_id !== attempt.trader.userId.toString() || row.idempotency_key !== attempt.form.idempotency_key || !expected.includes(row.status)) {
        lost.push({ key: attempt.form.idempotency_key, answered: answer, row });
      }
    }
    expect(lost).toEqual([]);
    // Refused or never sent: no order.
    const keys = new Set(orderRows.map((row) => `${row.user_id}/${row.idempotency_key}`));
    const phantom = attempts.filter((attempt) => (attempt.outcome === 'refused' || attempt.outcome === 'unsent') && keys.has(`${attempt.trader.userId}/${attempt.form.idempotency_key}`));
    expect(phantom.map((attempt) => attempt.form.idempotency_key)).toEqual([]);
    // Every order in the database came from this burst (the demo seed's only positions are its listed IPOs', which carry their origin).
    expect(orderRows.every((row) => row.idempotency_key.startsWith(`crash-${run}-`))).toBe(true);
    const orderStatuses = orderRows.reduce<Record<string, number>>((counts, row) => ({ ...counts, [row.status]: (counts[row.status] ?? 0) + 1 }), {});
    console.info('crash-recovery orders after restart:', JSON.stringify({ rows: orderRows.length, ...orderStatuses }));
    expect(orderStatuses.pending ?? 0).toBeGreaterThan(0);
    expect(orderStatuses.holding ?? 0).toBeGreaterThan(0);

    expect(await auditLedger()).toEqual([]);
  });

  it('retrying the requests that were in flight at the kill, with their idempotency keys, books each order exactly once', async () => {
    const baseUrl = restarted!.baseUrl;
    const failed = attempts.filter((attempt) => attempt.outcome === 'in_flight');
    expect(failed.length).toBeGreaterThan(0);
    await lastPrices(baseUrl, traders[0]!);
    // Sessions live in the database: the tokens from before the crash still work.
    const before = new Map(
      (await rows<{ id: string; user_id: string; idempotency_key: string }>('SELECT id::text, user_id::text, idempotency_key FROM orders')).map((row) => [
        `${row.user_id}/${row.idempotency_key}`,
        row.id,
      ]),
    );
    const byTrader = new Map<Trader, Attempt[]>();
    for (const attempt of failed) byTrader.set(attempt.trader, [...(byTrader.get(attempt.trader) ?? []), attempt]);
    const retried: { key: string; committedBefore: string | undefined; answer: Envelope }[] = [];
    await Promise.all(
      [...byTrader.entries()].map(async ([trader, own]) => {
        for (const attempt of own) {
          const answer = await call(baseUrl, 'order/place', attempt.form, trader);
          retried.push({ key: `${trader.userId}/${attempt.form.idempotency_key}`, committedBefore: before.get(`${trader.userId}/${attempt.form.idempotency_key}`), answer });
          await sleep(orderSpacingMs);
        }
      }),
    );
    console.info('crash-recovery retries:', JSON.stringify({ retried: retried.length, committedBeforeTheKill: retried.filter((entry) => entry.committedBefore).length }));
    expect(retried.filter((entry) => entry.answer.status !== 1).map((entry) => entry.answer.msg)).toEqual([]);
    // A request that had committed before the kill answers with that same order.
    const changed = retried.filter((entry) => entry.committedBefore !== undefined && entry.answer.data.order_no !== entry.committedBefore);
    expect(changed).toEqual([]);
    // Exactly one order per key, and it is the one the retry answered with.
    const afterRows = await rows<{ key: string; ids: string[] }>(
      "SELECT user_id || '/' || idempotency_key AS key, array_agg(id::text) AS ids FROM orders GROUP BY user_id, idempotency_key",
    );
    const after = new Map(afterRows.map((row) => [row.key, row.ids]));
    const mismatched = retried.filter((entry) => JSON.stringify(after.get(entry.key)) !== JSON.stringify([entry.answer.data.order_no]));
    expect(mismatched).toEqual([]);
    // Retrying again changes nothing.
    const again = failed[0]!;
    const repeat = await call(baseUrl, 'order/place', again.form, again.trader);
    expect(repeat.status).toBe(1);
    expect(repeat.data.order_no).toBe(after.get(`${again.trader.userId}/${again.form.idempotency_key}`)![0]);
    expect(await auditLedger()).toEqual([]);
  });

  it('the restarted server lists the orders and still fills the limit orders that rested through the crash', async () => {
    const baseUrl = restarted!.baseUrl;
    const stored = async (trader: Trader, status: string) =>
      (await rows<{ id: string }>('SELECT id::text FROM orders WHERE user_id = $1 AND status = $2 ORDER BY orders.id DESC LIMIT 30', [trader.userId.toString(), status])).map(
        (row) => row.id,
      );
    let compared = 0;
    for (const trader of traders) {
      for (const status of ['pending', 'holding'] as const) {
        // A resting limit order may fill while we look: compare only when the database did not change around the call.
        const before = await stored(trader, status);
        const listed = ((await ok(baseUrl, 'order/list', { status, page: 1 }, trader)) as { order_no: string; status: string }[]).map((order) => order.order_no);
        const after = await stored(trader, status);
        if (JSON.stringify(before) !== JSON.stringify(after)) continue;
        expect(listed).toEqual(after);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(traderCount);
    // Limit orders placed before the crash that were still pending at the restart; the near ones straddle the price both ways.
    const restingAtRestart = await rows<{ id: string }>(
      "SELECT id::text FROM orders WHERE status = 'pending' OR (status = 'holding' AND type = 'limit' AND filled_at > $1) ORDER BY id",
      [new Date(killedAt)],
    );
    expect(restingAtRestart.length).toBeGreaterThan(0);
    const ids = restingAtRestart.map((row) => row.id);
    let filledSinceRestart = 0;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const [row] = await rows<{ count: number }>("SELECT count(*)::int AS count FROM orders WHERE id = ANY($1::bigint[]) AND status = 'holding' AND filled_at > $2", [
        ids,
        new Date(killedAt),
      ]);
      filledSinceRestart = row!.count;
      if (filledSinceRestart > 0) break;
      await sleep(500);
    }
    console.info('crash-recovery resting limits filled after the restart:', filledSinceRestart, 'of', ids.length);
    expect(filledSinceRestart).toBeGreaterThan(0);
    expect(await auditLedger()).toEqual([]);
    // The restarted server logged no errors (pino: level 50 and up).
    const errors = restarted!.output().split('\n').filter((line) => /"level":(5|6)\d/.test(line));
    expect(errors).toEqual([]);
  });
});
