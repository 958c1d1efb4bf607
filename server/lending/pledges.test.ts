// Pledges on a real database: a small request is granted at once and lends exactly the amount
// into available money; the limit follows the price; every broken rule refuses with its own
// key and changes nothing; a repeated key makes one pledge; a pledged position cannot be
// closed until released, and release waits for the loan to be repaid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBalances } from '../ledger/userBalances.ts';
import type { TestUser } from '../testing/userKit.ts';
import { repayLoanIn } from './loans.ts';
import { newKey, openPledgeWorld, type PledgeWorld } from './pledgeTestKit.ts';

let world: PledgeWorld;
const tcsPaise = 350_000;

beforeAll(async () => {
  world = await openPledgeWorld('svc');
  world.driven.trade('TCS', tcsPaise);
});
afterAll(async () => {
  await world?.close();
});

const call = (...args: Parameters<PledgeWorld['server']['call']>) => world.server.call(...args);
const request = (user: TestUser, positions: string[], amount: string, key = newKey('pledge')) =>
  call('pledge/request', { positions, amount, idempotency_key: key }, user.session);
const pledgeCount = async (userId: bigint) => (await world.database.db.query('SELECT id FROM pledges WHERE user_id = $1', [userId.toString()])).length;

describe('pledging and borrowing', () => {
  it('a-small-request-is-granted-at-once-and-pays-the-loan-into-available', async () => {
    const user = await world.newUser();
    const orderNo = await world.buy(user, 'TCS');
    const before = await userBalances(world.database.db, user.userId);
    const listed = (await call('pledge/list', {}, user.session)).body.data;
    expect(listed.candidates).toEqual([
      { order_no: orderNo, code: 'TCS', quantity: '100', haircut_bps: 5000, price: '3500.00', value: '350000.00', limit: '175000.00' },
    ]);
    expect(listed.rules).toMatchObject({ minimum: '10000.00', warning_ltv_bps: 6000, sale_ltv_bps: 7500, open: true });

    const { body } = await request(user, [orderNo], '100000.00');
    expect(body.msg).toBe('ok');
    expect(body.data).toMatchObject({
      status: 'successful', amount: '100000.00', limit_at_request: '175000.00', value: '350000.00', limit: '175000.00',
      outstanding: '100000.00', ltv_bps: 2858, reviews_needed: 0,
      positions: [{ order_no: orderNo, code: 'TCS', state: 'pledged' }],
    });
    const after = await userBalances(world.database.db, user.userId);
    expect(after.available - before.available).toBe(10_000_000n);
    const statement = (await call('user/statement', {}, user.session)).body.data as { kind: string }[];
    expect(statement[0]!.kind).toBe('loan_borrow');
    // The position is no longer offered, and the limit follows the price.
    expect((await call('pledge/list', {}, user.session)).body.data.candidates).toEqual([]);
    world.driven.trade('TCS', 315_000);
    const moved = (await call('pledge/list', {}, user.session)).body.data.pledges[0];
    expect(moved).toMatchObject({ value: '315000.00', limit: '157500.00', ltv_bps: 3175 });
    world.driven.trade('TCS', tcsPaise);
  });

  it('a-pledged-position-cannot-be-closed-and-release-waits-for-repayment', async () => {
    const user = await world.newUser();
    const orderNo = await world.buy(user, 'TCS');
    const pledge = (await request(user, [orderNo], '50000.00')).body.data;
    expect((await call('order/close', { order_no: orderNo, idempotency_key: newKey('close') }, user.session)).body.msg).toBe('position_pledged');
    expect((await call('pledge/release', { pledge_id: pledge.id }, user.session)).body.msg).toBe('pledge_loan_not_repaid');

    await world.database.db.transaction((tx) => repayLoanIn(tx, user.userId, { loanId: BigInt(pledge.loan_id), amountPaise: 5_000_000n, idempotencyKey: newKey('repay') }));
    const released = (await call('pledge/release', { pledge_id: pledge.id }, user.session)).body;
    expect(released.data).toMatchObject({ status: 'completed', outstanding: '0.00', positions: [{ state: 'released' }] });
    expect((await call('pledge/release', { pledge_id: pledge.id }, user.session)).body.msg).toBe('pledge_not_active');
    expect((await call('order/close', { order_no: orderNo, idempotency_key: newKey('close') }, user.session)).body.data.status).toBe('closed');
  });

  it('a-repeated-key-answers-with-the-first-pledge-and-lends-once', async () => {
    const user = await world.newUser();
    const orderNo = await world.buy(user, 'TCS');
    const key = newKey('pledge');
    const first = (await request(user, [orderNo], '20000.00', key)).body.data;
    const again = (await request(user, [orderNo], '20000.00', key)).body.data;
    expect(again.id).toBe(first.id);
    expect((await request(user, [orderNo], '30000.00', key)).body.msg).toBe('idempotency_key_reused');
    expect(await pledgeCount(user.userId)).toBe(1);
  });
});

describe('racing a close', () => {
  it('a-close-and-a-pledge-sent-together-never-leave-a-closed-position-pledged', async () => {
    // Both lock the order row first: whichever commits second sees the other's result.
    for (let round = 0; round < 5; round += 1) {
      const user = await world.newUser();
      const orderNo = await world.buy(user, 'TCS');
      const [closed, pledged] = await Promise.all([
        call('order/close', { order_no: orderNo, idempotency_key: newKey('close') }, user.session),
        request(user, [orderNo], '20000.00'),
      ]);
      const outcomes = [closed.body.msg, pledged.body.msg].sort();
      expect([['margin_loan_failed', 'ok'], ['ok', 'position_pledged']]).toContainEqual(outcomes);
      const [row] = await world.database.db.query<{ status: string; pledged: boolean }>(
        `SELECT o.status, EXISTS (SELECT 1 FROM pledge_positions pp WHERE pp.order_id = o.id AND pp.released_at IS NULL AND pp.sold_at IS NULL) AS pledged
           FROM orders o WHERE o.id = $1`,
        [orderNo],
      );
      expect(row!.status === 'closed' && row!.pledged).toBe(false);
    }
  });
});

describe('refusals', () => {
  it('each-broken-rule-refuses-with-its-own-key-and-changes-nothing', async () => {
    const user = await world.newUser(3_000_000n);
    const other = await world.newUser();
    const tcs = await world.buy(user, 'TCS');
    const leveraged = await world.buy(user, 'TCS', 100, 2);
    const theirs = await world.buy(other, 'TCS');
    // An equity outside NIFTY 50 (no haircut: not pledgeable by default).
    const outside = world.driven.market.instruments.find((spec) => spec.kind === 'equity' && spec.currency === 'INR' && spec.industry === null)!;
    world.driven.trade(outside.code, 10_000);
    const notPledgeable = await world.buy(user, outside.code);
    const before = await userBalances(world.database.db, user.userId);
    const cases: [string[], string, string][] = [
      [[tcs], '9999.99', 'margin_loan_below_minimum:10000.00'],
      [[theirs], '20000.00', 'order_not_found'],
      [['999999999'], '20000.00', 'order_not_found'],
      [[notPledgeable], '20000.00', 'margin_trading_not_enabled'],
      [[leveraged], '20000.00', 'margin_loan_failed'],
      [[tcs], '175000.01', 'loan_limit_insufficient:175000.00'],
      [[], '20000.00', 'invalid_field:positions'],
    ];
    for (const [positions, amount, expected] of cases) {
      expect((await request(user, positions, amount)).body.msg, expected).toBe(expected);
    }
    await world.setSetting('pledge.quota', '10000.00');
    expect((await request(user, [tcs], '20000.00')).body.msg).toBe('margin_loan_quota_full_or_channel_closed');
    await world.setSetting('pledge.quota', '50000000.00');
    expect(await pledgeCount(user.userId)).toBe(0);
    expect(await userBalances(world.database.db, user.userId)).toEqual(before);
    // Pledged once, a position is not pledged again.
    expect((await request(user, [tcs], '20000.00')).body.data.status).toBe('successful');
    expect((await request(user, [tcs], '20000.00')).body.msg).toBe('margin_loan_failed');
  });
});
