// Positions bought at a fixed price outside the market (IPO, placement, block, VIP): opened
// inside the caller's transaction with one balanced transfer, idempotent per key, refused
// without the money (nothing written), listed and closable like any position once unlocked,
// and watched by the execution books once announced after the commit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legFees } from '../../contract/fees.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { Refusal } from '../http/refusal.ts';
import { openHouseAccount } from '../ledger/houseAccounts.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { loadCatalog } from '../market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../market/testing/marketTestKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundedTestUser } from '../testing/userKit.ts';
import { announceFixedPricePositions, type FixedPricePosition, openFixedPricePosition } from './fixedPricePositions.ts';
import { defaultTradingRules } from './rules.ts';

let database: TestDatabase;
let server: TestServer;
let driven: HandDrivenMarket;
let accountNumber = 9822300000;

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Primary Desk', kind: 'advisor', code: 'FXP1' });
  driven = handDrivenMarket(7, loadCatalog().instruments);
  for (let i = 0; i < 5; i += 1) driven.step();
  const runtime = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  server = await startTestServer(database.db, { market: runtime, tradingRules: { ...defaultTradingRules, ordersPerSecond: 1000 } });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const trader = (rupees: bigint) => fundedTestUser(database.db, server, String((accountNumber += 1)), 'FXP1', rupees);
let sequence = 0;
const nextId = () => `${Date.now()}${(sequence += 1)}`;

function blockBuy(userId: bigint, change: Partial<FixedPricePosition> = {}): FixedPricePosition {
  const id = nextId();
  return {
    userId, code: 'TCS', currency: 'INR', quantity: 200n, lot: 1, pricePaise: 350_000n, schedule: 'block', vip: false, lockedUntil: null,
    paidFrom: { kind: 'available' }, origin: { kind: 'block', id }, idempotencyKey: `block:${id}`, ...change,
  };
}

const open = (input: FixedPricePosition) => database.db.transaction((tx) => openFixedPricePosition(tx, input, server.app.trading.currentRules()));

async function unbalancedTransfers(): Promise<bigint> {
  const [row] = await database.db.query<{ count: bigint }>(
    'SELECT count(*) AS count FROM (SELECT transfer_id FROM ledger_postings GROUP BY transfer_id, currency HAVING sum(amount_paise) <> 0) t',
  );
  return row!.count;
}

describe('opening a fixed-price position', () => {
  it('pays price and block fees from available money into the margin account, in one balanced transfer', async () => {
    const { userId, session } = await trader(2_000_000n);
    const fees = legFees('long', 'open', 70_000_000n, defaultTradingRules.blockFees);
    const row = await open(blockBuy(userId));
    expect(row).toMatchObject({ status: 'holding', side: 'long', leverage: 1, quantity: 200n, fill_price_paise: 350_000n, margin_paise: 70_000_000n, origin_kind: 'block', product: 'delivery' });
    expect(row.open_service_fee_paise).toBe(fees.service);
    expect(row.open_tax_paise).toBe(fees.tax);
    const balances = await userBalances(database.db, userId);
    expect(balances).toMatchObject({ available: 200_000_000n - 70_000_000n - fees.service - fees.tax, frozen: 0n, margin: 70_000_000n });
    expect(await unbalancedTransfers()).toBe(0n);

    const statement = (await server.call('user/statement', {}, session)).body.data;
    expect(statement[0]).toMatchObject({
      kind: 'position_open', reason_kind: 'position_opened_from_block',
      reason_params: { order_no: row.id.toString(), origin_id: row.origin_id, quantity: '200', code: 'TCS', price: { amount: '350000', currency: 'INR' } },
    });
  });

  it('answers a repeated key with the position it opened and moves nothing more; other terms under the key are refused', async () => {
    const { userId } = await trader(2_000_000n);
    const input = blockBuy(userId);
    const [first, second] = await Promise.all([open(input), open(input)]);
    expect(second.id).toBe(first.id);
    const third = await open(input);
    expect(third.id).toBe(first.id);
    const [{ count }] = await database.db.query<{ count: bigint }>('SELECT count(*) AS count FROM orders WHERE user_id = $1', [userId.toString()]) as [{ count: bigint }];
    expect(count).toBe(1n);
    expect((await userBalances(database.db, userId)).margin).toBe(70_000_000n);
    await expect(open({ ...input, quantity: 100n })).rejects.toMatchObject({ key: 'idempotency_key_reused' });
  });

  it('refuses without the money and writes nothing', async () => {
    const { userId } = await trader(1_000n);
    const before = await userBalances(database.db, userId);
    const refused = await open(blockBuy(userId)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Refusal);
    expect(refused).toMatchObject({ key: 'insufficient_available_balance' });
    expect(await userBalances(database.db, userId)).toEqual(before);
    expect(await database.db.query('SELECT id FROM orders WHERE user_id = $1', [userId.toString()])).toEqual([]);
  });

  it('pays an allotment from a house account without fees, leaving the user\'s available money alone', async () => {
    const { userId } = await trader(100n);
    const escrow = await openHouseAccount(database.db, 'house_settlement', 'INR');
    const [escrowBefore] = (await balancesOf(database.db, [escrow])).values();
    const row = await open(blockBuy(userId, { schedule: 'none', paidFrom: { kind: 'house', accountId: escrow }, origin: { kind: 'ipo', id: 'ipo-7' }, idempotencyKey: `ipo:7:${nextId()}` }));
    expect(row).toMatchObject({ origin_kind: 'ipo', origin_id: 'ipo-7', open_service_fee_paise: 0n, open_tax_paise: 0n });
    expect(await userBalances(database.db, userId)).toMatchObject({ available: 10_000n, margin: 70_000_000n });
    const [escrowAfter] = (await balancesOf(database.db, [escrow])).values();
    expect(escrowBefore! - escrowAfter!).toBe(70_000_000n);
    expect(await unbalancedTransfers()).toBe(0n);
  });
});

describe('the position afterwards', () => {
  it('is in order/list with its origin, is refused a close while locked, and closes by its owner after the lock', async () => {
    const { userId, session } = await trader(2_000_000n);
    const locked = await open(blockBuy(userId, { lockedUntil: new Date(Date.now() + 86_400_000) }));
    const unlocked = await open(blockBuy(userId, { lockedUntil: new Date(Date.now() - 1_000) }));
    announceFixedPricePositions(server.app.writer, [{ order: locked, vip: false }, { order: unlocked, vip: false }]);

    const list = (await server.call('order/list', { status: 'holding' }, session)).body.data;
    expect(list.map((order: { order_no: string }) => order.order_no).sort()).toEqual([locked.id.toString(), unlocked.id.toString()].sort());
    expect(list[0]).toMatchObject({ product: 'delivery', origin: { kind: 'block' }, leverage: 1, fill_price: '3500.00' });

    expect((await server.call('order/close', { order_no: locked.id.toString() }, session)).body.msg).toBe('position_locked');
    const closed = await server.call('order/close', { order_no: unlocked.id.toString() }, session);
    expect(closed.body.msg).toBe('ok');
    expect(closed.body.data).toMatchObject({ status: 'closed', close_reason: 'user', origin: { kind: 'block', id: unlocked.origin_id } });
    expect((await userBalances(database.db, userId)).margin).toBe(70_000_000n);
    expect(await unbalancedTransfers()).toBe(0n);
  });

  it('is watched by the margin-call book once announced after the commit', async () => {
    const { userId } = await trader(2_000_000n);
    const before = server.app.execution.watching().marginCalls;
    const row = await open(blockBuy(userId));
    expect(server.app.execution.watching().marginCalls).toBe(before);
    announceFixedPricePositions(server.app.writer, [{ order: row, vip: false }]);
    expect(server.app.execution.watching().marginCalls).toBe(before + 1);
  });
});
