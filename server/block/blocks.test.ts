// The block-trade desk end to end through HTTP: staff price a block within the band and are
// audited; a purchase is refused in the documented order changing nothing, is idempotent,
// becomes a locked position at the block price, and 50 buyers at once never oversell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingDayStartAfter } from '../../contract/calendar.ts';
import { parseRupees } from '../../contract/money.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { expectHealthyLedger } from '../funding/fundingTestKit.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../market/testing/marketTestKit.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser } from '../testing/userKit.ts';
import { defaultTradingRules } from '../trading/rules.ts';

let database: TestDatabase;
let server: TestServer;
let driven: HandDrivenMarket;
let operator: TestStaff;
let reviewer: TestStaff;
let clock = Date.parse('2026-11-24T05:00:00.000Z');
let accountNumber = 9822400000;
const hour = 3_600_000;

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Block Desk', kind: 'advisor', code: 'BLK1' });
  driven = handDrivenMarket(11, loadCatalog().instruments);
  for (let i = 0; i < 5; i += 1) driven.step();
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  server = await startTestServer(database.db, { market: runtime, now: () => clock, tradingRules: { ...defaultTradingRules, ordersPerSecond: 1000 } });
  operator = await createAndLogInStaff(database.db, server, 'block-operator', 'operator');
  reviewer = await createAndLogInStaff(database.db, server, 'block-reviewer', 'reviewer');
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const buyer = (rupees: bigint) => fundedTestUser(database.db, server, String((accountNumber += 1)), 'BLK1', rupees);
let keys = 0;
const key = () => `block-test-${Date.now()}-${(keys += 1)}`;
/** A price `bps` basis points away from the market's last price of `code`, in rupees. */
function priceNear(code: string, bps: number): string {
  const last = BigInt(driven.market.quote(code)!.last);
  const paise = (last * BigInt(10_000 + bps)) / 10_000n;
  return `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
}

/** The fewest whole lots of 100 shares at `price` that reach the ₹20,00,000 minimum. */
function sharesForMinimum(price: string): number {
  const pricePaise = parseRupees(price)!;
  const lots = (200_000_000n + pricePaise * 100n - 1n) / (pricePaise * 100n);
  return Number(lots) * 100; // number-ok: a share count
}

async function saveBlock(change: Record<string, unknown> = {}) {
  const form = {
    code: 'TCS', price: priceNear('TCS', -150), quantity: 20_000, open_at: new Date(clock - hour).toISOString(), close_at: new Date(clock + 4 * hour).toISOString(),
    reason: 'Promoter sale', ...change,
  };
  return server.call('admin/block/save', form, operator.headers);
}

async function openBlock(change: Record<string, unknown> = {}): Promise<{ id: string; price: string; lot: number }> {
  const saved = await saveBlock(change);
  expect(saved.body.msg).toBe('ok');
  return saved.body.data;
}

async function blockRow(id: string) {
  const [row] = await database.db.query<{ remaining: bigint; quantity: bigint }>('SELECT remaining, quantity FROM blocks WHERE id = $1', [id]);
  return row!;
}

describe('staff pricing a block', () => {
  it('refuses a price outside the band of the market price, a reviewer, and an edit once open; audits what it saves', async () => {
    expect((await saveBlock({ price: priceNear('TCS', -301) })).body.msg).toBe('block_price_outside_band:3');
    expect((await saveBlock({ price: priceNear('TCS', 310) })).body.msg).toBe('block_price_outside_band:3');
    expect((await server.call('admin/block/save', { code: 'TCS' }, reviewer.headers)).httpStatus).toBe(403);

    const upcoming = await openBlock({ open_at: new Date(clock + hour).toISOString() });
    expect(upcoming).toMatchObject({ state: 'upcoming', remaining: 20_000, minimum_shares: 100, minimum_amount: '2000000.00', lock_trading_days: 1 });
    const edited = await saveBlock({ block_id: upcoming.id, quantity: 30_000, open_at: new Date(clock + hour).toISOString(), reason: 'Size raised' });
    expect(edited.body.data).toMatchObject({ id: upcoming.id, quantity: 30_000, remaining: 30_000 });

    const open = await openBlock();
    expect((await saveBlock({ block_id: open.id, reason: 'Too late' })).body.msg).toBe('block_not_editable');
    const audit = await database.db.query<{ action: string; reason: string }>("SELECT action, reason FROM audit_log WHERE subject_kind = 'block' AND subject_id = $1 ORDER BY id", [upcoming.id]);
    expect(audit).toEqual([{ action: 'block.save', reason: 'Promoter sale' }, { action: 'block.save', reason: 'Size raised' }]);
    const list = (await server.call('admin/block/list', { page: 1 }, reviewer.headers)).body.data;
    expect(list.items.map((row: { id: string }) => row.id)).toContain(open.id);
  });
});

describe('buying from a block', () => {
  it('refuses in the documented order and changes nothing', async () => {
    const block = await openBlock();
    const later = await openBlock({ open_at: new Date(clock + hour).toISOString() });
    const poor = await buyer(1_000n);
    const before = { balances: await userBalances(database.db, poor.userId), block: await blockRow(block.id) };
    const buy = (blockId: string, quantity: number) => server.call('block/buy', { block_id: blockId, quantity, idempotency_key: key() }, poor.session);
    expect((await buy('999999', 1000)).body.msg).toBe('block_not_found');
    expect((await buy(later.id, 1000)).body.msg).toBe('bulk_trade_closed');
    expect((await buy(block.id, 50)).body.msg).toBe('block_below_minimum_shares:100');
    expect((await buy(block.id, 100)).body.msg).toBe('block_below_minimum_amount:2000000.00');
    expect(block.lot).toBe(100);
    const shares = sharesForMinimum(block.price);
    expect((await buy(block.id, shares + 50)).body.msg).toBe('quantity_not_whole_lots');
    expect((await buy(block.id, Math.max(shares, 20_100))).body.msg).toBe('block_sold_out');
    expect((await buy(block.id, shares)).body.msg).toBe('insufficient_available_balance');
    expect(await userBalances(database.db, poor.userId)).toEqual(before.balances);
    expect(await blockRow(block.id)).toEqual(before.block);
    expect(await database.db.query('SELECT id FROM block_purchases WHERE user_id = $1', [poor.userId.toString()])).toEqual([]);
  });

  it('answers a retry with the same purchase, holds the shares as a T+1-locked position, and closes only after the lock', async () => {
    const block = await openBlock();
    const { userId, session } = await buyer(5_000_000n);
    const shares = sharesForMinimum(block.price);
    const form = { block_id: block.id, quantity: shares, idempotency_key: key() };
    const [first, second] = await Promise.all([server.call('block/buy', form, session), server.call('block/buy', form, session)]);
    expect(first.body.msg).toBe('ok');
    expect(second.body.data.id).toBe(first.body.data.id);
    expect((await server.call('block/buy', { ...form, quantity: shares + 100 }, session)).body.msg).toBe('idempotency_key_reused');
    expect((await blockRow(block.id)).remaining).toBe(BigInt(20_000 - shares));
    const purchase = first.body.data;
    expect(purchase).toMatchObject({ block_id: block.id, quantity: shares, price: block.price, position_status: 'holding' });
    expect(purchase.locked_until).toBe(new Date(tradingDayStartAfter(clock, 1)).toISOString());
    expect((await userBalances(database.db, userId)).margin).toBe(parseRupees(block.price)! * BigInt(shares));

    const order = (await server.call('order/detail', { order_no: purchase.order_no }, session)).body.data;
    expect(order).toMatchObject({ status: 'holding', origin: { kind: 'block', id: purchase.id } });
    expect((await server.call('order/close', { order_no: purchase.order_no }, session)).body.msg).toBe('position_locked');
    const detail = (await server.call('block/detail', { block_id: block.id }, session)).body.data;
    expect(detail.purchases.map((row: { id: string }) => row.id)).toEqual([purchase.id]);
    expect((await server.call('block/purchases', { page: 1 }, session)).body.data.total).toBe(1);
    expect((await server.call('block/purchases', { page: 1, positions: 'holding' }, session)).body.data.total).toBe(1);

    const savedClock = clock;
    clock = tradingDayStartAfter(savedClock, 1) + hour;
    try {
      expect((await server.call('order/close', { order_no: purchase.order_no }, session)).body.msg).toBe('ok');
      expect((await server.call('block/purchases', { page: 1, positions: 'holding' }, session)).body.data.total).toBe(0);
      expect((await server.call('block/purchases', { page: 1 }, session)).body.data.items[0]).toMatchObject({ position_status: 'closed' });
    } finally {
      clock = savedClock;
    }
    await expectHealthyLedger(database.db);
  });

  it('is refused once staff end the block early, with the reason on the desk', async () => {
    const block = await openBlock();
    expect((await server.call('admin/block/close', { block_id: block.id, reason: 'Seller withdrew' }, reviewer.headers)).httpStatus).toBe(403);
    const closed = await server.call('admin/block/close', { block_id: block.id, reason: 'Seller withdrew' }, operator.headers);
    expect(closed.body.data).toMatchObject({ state: 'closed', closed_reason: 'Seller withdrew' });
    expect((await server.call('admin/block/close', { block_id: block.id, reason: 'Again' }, operator.headers)).body.msg).toBe('bulk_trade_closed');
    const { session } = await buyer(5_000_000n);
    const shares = sharesForMinimum(block.price);
    expect((await server.call('block/buy', { block_id: block.id, quantity: shares, idempotency_key: key() }, session)).body.msg).toBe('bulk_trade_closed');
    const desk = (await server.call('block/list', {}, session)).body.data;
    expect(desk.find((row: { id: string }) => row.id === block.id)).toMatchObject({ state: 'closed', closed_reason: 'Seller withdrew' });
  });
});

describe('first come by commit order', () => {
  it('50 concurrent buyers never take remaining below zero, and what was sold is what was bought', async () => {
    const probe = await openBlock();
    const shares = sharesForMinimum(probe.price);
    const block = await openBlock({ quantity: 20 * shares });
    const buyers = [];
    for (let i = 0; i < 50; i += 1) buyers.push(await buyer(5_000_000n));
    const results = await Promise.all(
      buyers.map(({ session }) => server.call('block/buy', { block_id: block.id, quantity: shares, idempotency_key: key() }, session)),
    );
    const outcomes = results.map((result) => result.body.msg);
    expect(outcomes.filter((msg) => msg === 'ok')).toHaveLength(20);
    expect(outcomes.filter((msg) => msg === 'block_sold_out')).toHaveLength(30);
    const row = await blockRow(block.id);
    expect(row.remaining).toBe(0n);
    const [{ sold }] = (await database.db.query<{ sold: bigint }>('SELECT coalesce(sum(quantity), 0)::bigint AS sold FROM block_purchases WHERE block_id = $1', [block.id])) as [
      { sold: bigint },
    ];
    expect(sold).toBe(row.quantity - row.remaining);
    const [{ positions }] = (await database.db.query<{ positions: bigint }>(
      "SELECT count(*) AS positions FROM orders WHERE origin_kind = 'block' AND origin_id IN (SELECT id::text FROM block_purchases WHERE block_id = $1)",
      [block.id],
    )) as [{ positions: bigint }];
    expect(positions).toBe(20n);
    await expectHealthyLedger(database.db);
  });
});
