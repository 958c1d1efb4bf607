// After the order writer commits, and when it cannot. The books follow the writer's events,
// so a triggered fill or margin call that fails inside its transaction is retried and goes
// through; a full book and a full queue refuse before anything is written; a market order's
// fill leaves a message like a resting fill does; a cancel or close retried with its key is
// answered with the order instead of a refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import type { Database, Sql } from '../db/database.ts';
import { Refusal } from '../http/refusal.ts';
import { healthyLedger, ledgerHealth } from '../ledger/ledgerTestKit.ts';
import { userLedgerAccounts } from '../ledger/userBalances.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../market/testing/marketTestKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { fundedTestUser } from '../testing/userKit.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { houseAccountLanes, openOrderCount } from './orderStore.ts';
import { defaultTradingRules } from './rules.ts';
import { createOrderWriter } from './writer/orderWriter.ts';

/** A database whose next `failures` statements matching `pattern` fail inside their transaction, as a dropped connection would. */
function withInjectedFaults(db: Database) {
  const armed = { pattern: /$^/, failures: 0, injected: 0 };
  const faulty = (tx: Sql): Sql => ({
    query(text, params) {
      if (armed.failures > 0 && armed.pattern.test(text)) {
        armed.failures -= 1;
        armed.injected += 1;
        return Promise.reject(new Error('injected fault: connection lost mid-transaction'));
      }
      return tx.query(text, params);
    },
    execScript: (script) => tx.execScript(script),
  });
  const wrapped: Database = {
    engine: db.engine,
    query: (text, params) => db.query(text, params),
    execScript: (script) => db.execScript(script),
    transaction: (work) => db.transaction((tx) => work(faulty(tx))),
    close: () => db.close(),
  };
  return {
    db: wrapped,
    arm(pattern: RegExp, failures: number) {
      Object.assign(armed, { pattern, failures, injected: 0 });
    },
    injected: () => armed.injected,
  };
}

let database: TestDatabase;
let driven: HandDrivenMarket;
let accountNumber = 9833300000;
let keySequence = 0;
const key = () => `after-commit-${Date.now()}-${(keySequence += 1)}`;
const last = (code: string) => driven.market.quote(code)!.last;
const rupees = (paise: number) => (paise / 100).toFixed(2);

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'After Commit Desk', kind: 'advisor', code: 'AFTER1' });
  driven = handDrivenMarket(11, loadCatalog().instruments);
  for (let step = 0; step < 5; step += 1) driven.step();
});

afterAll(async () => {
  await database?.close();
});

const runtime = () => ({ market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} });
const generousRules = { ...defaultTradingRules, ordersPerSecond: 1000 };

async function serverOn(db: Database, options: { orderBookCapacity?: number; orderQueueMax?: number } = {}): Promise<TestServer> {
  return startTestServer(db, { market: runtime(), tradingRules: generousRules, ...options });
}

/** A new user with ₹10,00,000 of test money. */
const fundedTrader = (server: TestServer) => fundedTestUser(database.db, server, String((accountNumber += 1)), 'AFTER1', 1_000_000n);

/** Orders the books watch beyond those of earlier tests (every server rebuilds its books from the shared database). */
const watchingSince = (server: TestServer, before: { limits: number; marginCalls: number }) => {
  const now = server.app.execution.watching();
  return { limits: now.limits - before.limits, marginCalls: now.marginCalls - before.marginCalls };
};

const counts = async (userId: bigint) => {
  const [row] = await database.db.query<{ orders: bigint; transfers: bigint }>(
    `SELECT (SELECT count(*) FROM orders WHERE user_id = $1) AS orders,
            (SELECT count(*) FROM ledger_transfers WHERE user_id = $1) AS transfers`,
    [userId.toString()],
  );
  return { orders: Number(row!.orders), transfers: Number(row!.transfers) };
};

describe('a triggered command that fails inside its transaction', () => {
  it('a-resting-limit-whose-first-fill-fails-is-filled-on-the-retry-and-the-book-keeps-every-pending-order', async () => {
    const faults = withInjectedFaults(database.db);
    const server = await serverOn(faults.db);
    try {
      const { session } = await fundedTrader(server);
      const before = server.app.execution.watching();
      const limitOf = (price: number) => ({ code: 'WIPRO', side: 'long', type: 'limit', quantity: 100, leverage: 1, price: rupees(price), idempotency_key: key() });
      const near = last('WIPRO') - 100;
      const first = (await server.call('order/place', limitOf(near), session)).body.data;
      const deeper = (await server.call('order/place', limitOf(near - 500), session)).body.data;
      const elsewhere = (await server.call('order/place', { ...limitOf(0), code: 'ITC', price: rupees(last('ITC') - 300) }, session)).body.data;
      expect([first.status, deeper.status, elsewhere.status]).toEqual(['pending', 'pending', 'pending']);
      expect(watchingSince(server, before)).toEqual({ limits: 3, marginCalls: 0 });

      faults.arm(/UPDATE orders/, 1);
      driven.trade('WIPRO', near);
      await server.app.execution.settled();

      expect(faults.injected()).toBe(1);
      expect((await server.call('order/detail', { order_no: first.order_no }, session)).body.data).toMatchObject({ status: 'holding', fill_price: rupees(near) });
      // The filled order now waits for its margin call; the two still pending are still watched.
      expect(watchingSince(server, before)).toEqual({ limits: 2, marginCalls: 1 });
      driven.trade('WIPRO', near - 500);
      await server.app.execution.settled();
      expect((await server.call('order/detail', { order_no: deeper.order_no }, session)).body.data.status).toBe('holding');
    } finally {
      await server.close();
    }
  });

  it('a-margin-call-whose-first-close-fails-closes-the-position-on-the-retry', async () => {
    const faults = withInjectedFaults(database.db);
    const server = await serverOn(faults.db);
    try {
      const { session } = await fundedTrader(server);
      const before = server.app.execution.watching();
      const opened = (await server.call('order/place', { code: 'HDFCBANK', side: 'long', type: 'market', quantity: 100, leverage: 5, idempotency_key: key() }, session)).body.data;
      expect(watchingSince(server, before)).toEqual({ limits: 0, marginCalls: 1 });
      const fill = Number(opened.fill_price.replace('.', '')); // number-ok: a quote price in paise for the hand-driven market
      faults.arm(/UPDATE orders/, 1);
      driven.trade('HDFCBANK', Math.round((fill * 0.8) / 5) * 5);
      await server.app.execution.settled();
      expect(faults.injected()).toBe(1);
      expect((await server.call('order/detail', { order_no: opened.order_no }, session)).body.data).toMatchObject({ status: 'closed', close_reason: 'margin_call' });
      expect(watchingSince(server, before)).toEqual({ limits: 0, marginCalls: 0 });
    } finally {
      await server.close();
    }
  });

  it('a-fill-that-keeps-failing-goes-back-in-its-book-and-fills-at-the-next-crossing', async () => {
    const faults = withInjectedFaults(database.db);
    const server = await serverOn(faults.db);
    try {
      const { session } = await fundedTrader(server);
      const before = server.app.execution.watching();
      const price = last('SBIN') - 100;
      const placed = (await server.call('order/place', { code: 'SBIN', side: 'long', type: 'limit', quantity: 100, leverage: 1, price: rupees(price), idempotency_key: key() }, session)).body.data;
      faults.arm(/UPDATE orders/, 100);
      driven.trade('SBIN', price);
      await server.app.execution.settled();
      expect((await server.call('order/detail', { order_no: placed.order_no }, session)).body.data.status).toBe('pending');
      expect(watchingSince(server, before)).toEqual({ limits: 1, marginCalls: 0 });
      faults.arm(/$^/, 0);
      driven.trade('SBIN', price - 5);
      await server.app.execution.settled();
      expect((await server.call('order/detail', { order_no: placed.order_no }, session)).body.data).toMatchObject({ status: 'holding', fill_price: rupees(price) });
    } finally {
      await server.close();
    }
  });
});

describe('refused before the commit', () => {
  it('a-full-book-refuses-a-new-order-with-its-own-message-and-writes-nothing; a-cancel-makes-room-again', async () => {
    // Room for two more orders than earlier tests left open.
    const server = await serverOn(database.db, { orderBookCapacity: (await openOrderCount(database.db)) + 2 });
    try {
      const { session, userId } = await fundedTrader(server);
      const limit = () => ({ code: 'ITC', side: 'long', type: 'limit', quantity: 100, leverage: 1, price: rupees(last('ITC') - 200), idempotency_key: key() });
      const first = (await server.call('order/place', limit(), session)).body.data;
      expect((await server.call('order/place', limit(), session)).body.status).toBe(1);
      const before = await counts(userId);
      const refused = await server.call('order/place', limit(), session);
      expect(refused.httpStatus).toBe(200);
      expect(refused.body.msg).toBe('order_book_full');
      expect(await counts(userId)).toEqual(before);
      expect((await server.call('order/cancel', { order_no: first.order_no }, session)).body.data.status).toBe('cancelled');
      expect((await server.call('order/place', limit(), session)).body.status).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('a-full-writer-queue-answers-system-busy-without-a-500-and-writes-nothing', async () => {
    const server = await serverOn(database.db, { orderQueueMax: 0 });
    try {
      const { session, userId } = await fundedTrader(server);
      const before = await counts(userId);
      const answer = await server.call('order/place', { code: 'TCS', side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: key() }, session);
      expect(answer.httpStatus).toBe(200);
      expect(answer.body).toMatchObject({ status: 0, msg: 'system_busy' });
      expect(await counts(userId)).toEqual(before);
    } finally {
      await server.close();
    }
  });

  it('the-writer-takes-users-commands-up-to-its-queue-limit-and-refuses-the-rest-at-once', async () => {
    const { db } = database;
    const server = await serverOn(db);
    const { userId } = await fundedTrader(server);
    await server.close();
    const writer = createOrderWriter({ db, currentRules: () => generousRules, house: await houseAccountLanes(db, 2, ['INR']), market: driven.market, now: Date.now, queueMax: 2 });
    const place = (idempotencyKey: string) => writer.submit({
      kind: 'place', userId, vip: false, idempotencyKey, code: 'TCS', currency: 'INR', side: 'long', type: 'market', quantity: 100n, lot: 100, leverage: 1,
      limitPaise: null, pricePaise: BigInt(last('TCS')), fillsNow: true,
    });
    const outcomes = await Promise.allSettled([place(key()), place(key()), place(key()), place(key())]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
    for (const outcome of outcomes.slice(2)) expect((outcome as PromiseRejectedResult).reason).toEqual(new Refusal('system_busy'));
    expect((await counts(userId)).orders).toBe(2);
    expect(writer.stats().refusedBusy).toBe(2);
  });
});

describe('what follows a commit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serverOn(database.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a-market-order-that-fills-leaves-a-message-like-a-resting-fill-does', async () => {
    const { session } = await fundedTrader(server);
    const placed = (await server.call('order/place', { code: 'TCS', side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: key() }, session)).body.data;
    const messages = (await server.call('user/messages', { page: 1 }, session)).body.data;
    expect(messages.items[0]).toMatchObject({ kind: 'order_filled', params: { order_no: placed.order_no, code: 'TCS', side: 'long', quantity: 100, price: placed.fill_price } });
  });

  it('a-cancel-or-close-retried-with-its-key-answers-with-the-order-and-moves-no-money-twice', async () => {
    const { session, userId } = await fundedTrader(server);
    const pending = (await server.call('order/place', { code: 'ITC', side: 'long', type: 'limit', quantity: 100, leverage: 1, price: rupees(last('ITC') - 200), idempotency_key: key() }, session)).body.data;
    const cancelKey = key();
    const cancelled = (await server.call('order/cancel', { order_no: pending.order_no, idempotency_key: cancelKey }, session)).body;
    const again = (await server.call('order/cancel', { order_no: pending.order_no, idempotency_key: cancelKey }, session)).body;
    expect(again).toEqual(cancelled);
    expect((await server.call('order/cancel', { order_no: pending.order_no, idempotency_key: key() }, session)).body.msg).toBe('order_not_pending');

    const opened = (await server.call('order/place', { code: 'TCS', side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: key() }, session)).body.data;
    const closeKey = key();
    const [closed, closedAgain] = await Promise.all([
      server.call('order/close', { order_no: opened.order_no, idempotency_key: closeKey }, session),
      server.call('order/close', { order_no: opened.order_no, idempotency_key: closeKey }, session),
    ]);
    expect(closed.body.data.status).toBe('closed');
    expect(closedAgain.body).toEqual(closed.body);
    const transfers = await database.db.query<{ kind: string }>('SELECT kind FROM ledger_transfers WHERE user_id = $1 ORDER BY id', [userId.toString()]);
    expect(transfers.map((row) => row.kind)).toEqual(['test', 'order_freeze', 'order_cancel', 'order_fill', 'position_close']);
    const accounts = await userLedgerAccounts(database.db, userId);
    expect(await ledgerHealth(database.db, [accounts.availableAccountId, accounts.frozenAccountId, accounts.marginAccountId])).toEqual(healthyLedger());
  });
});
