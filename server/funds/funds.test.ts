// Strategy funds end to end on a real database: a subscription holds money until the next NAV
// converts it into units at ₹10.0000, the strategy then trades through the order path, a
// redemption is paid at the next NAV, each refusal has its own key and changes nothing, and a
// fund ended early sells everything and pays every holder out with nothing left behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apportion, payoutFor, unitScale } from '../../contract/fundMath.ts';
import { parseRupees } from '../../contract/money.ts';
import { ledgerHealth, healthyLedger } from '../ledger/ledgerTestKit.ts';
import { userBalances } from '../ledger/userBalances.ts';
import { type FundBench, openFundBench } from './fundTestKit.ts';

let bench: FundBench;

beforeAll(async () => {
  bench = await openFundBench();
});
afterAll(async () => {
  await bench?.close();
});

let keys = 0;
const key = () => `fund-test-${Date.now()}-${(keys += 1)}`;
const call = (...args: Parameters<FundBench['server']['call']>) => bench.server.call(...args);
const fundRow = async (fundId: string) => (await bench.db.query<{ units_e4: bigint; state: string; account_user_id: bigint }>('SELECT units_e4, state, account_user_id FROM funds WHERE id = $1', [fundId]))[0]!;

/** The unit holders' claims at the fund's last NAV: its net assets apportioned over every unit held or waiting. */
async function claimsAtLastNav(fundId: string) {
  const [point] = await bench.db.query<{ net_assets_paise: bigint; units_e4: bigint }>('SELECT net_assets_paise, units_e4 FROM fund_nav_points WHERE fund_id = $1 ORDER BY at DESC, id DESC LIMIT 1', [fundId]);
  const holdings = await bench.db.query<{ units: bigint }>("SELECT units_e4 + units_redeeming_e4 AS units FROM fund_holdings WHERE fund_id = $1 AND state = 'holding' ORDER BY id", [fundId]);
  return { net: BigInt(point!.net_assets_paise), units: BigInt(point!.units_e4), claims: apportion(BigInt(point!.net_assets_paise), holdings.map((row) => BigInt(row.units))) };
}

describe('following a fund', () => {
  it('refuses each broken rule with its own key, in order, and changes nothing', async () => {
    const fund = await bench.createFund({ minimum_investment: '5000.00', size_cap: '100000.00' });
    const user = await bench.user(1_000_000n);
    const notPassed = await bench.user(1_000_000n, { passed: false });
    const before = await userBalances(bench.db, user.userId);
    const cases: [typeof user, Record<string, unknown>, string][] = [
      [user, { fund_id: '999999' }, 'fund_not_found_or_removed'],
      [notPassed, {}, 'copy_trading_exam_not_passed'],
      [user, { amount: '4999.99' }, 'purchase_below_product_minimum:5000.00'],
      [user, { amount: '100000.01' }, 'insufficient_fundraising_amount:100000.00'],
      [user, { amount: 'abc' }, 'amount_invalid'],
    ];
    for (const [who, change, expected] of cases) {
      const { body } = await call('fund/subscribe', { fund_id: fund.id, amount: '10000.00', idempotency_key: key(), ...change }, who.session);
      expect(body.msg).toBe(expected);
    }
    expect(await userBalances(bench.db, user.userId)).toEqual(before);
    const upcoming = await bench.createFund({ subscribe_from: new Date(bench.clock.now + 3_600_000).toISOString() });
    expect((await call('fund/subscribe', { fund_id: upcoming.id, amount: '10000.00', idempotency_key: key() }, user.session)).body.msg).toBe('fund_subscription_not_open');
    const closed = await bench.createFund({ subscribe_from: new Date(bench.clock.now - 7_200_000).toISOString(), subscribe_until: new Date(bench.clock.now - 3_600_000).toISOString() });
    expect((await call('fund/subscribe', { fund_id: closed.id, amount: '10000.00', idempotency_key: key() }, user.session)).body.msg).toBe('copy_trading_time_exceeded');
    const poor = await bench.user(1_000n);
    expect((await call('fund/subscribe', { fund_id: fund.id, amount: '10000.00', idempotency_key: key() }, poor.session)).body.msg).toBe('insufficient_available_balance');
  });

  it('holds the money, answers a retry with the same holding, and refuses the key for another amount', async () => {
    const fund = await bench.createFund();
    const user = await bench.user(100_000n);
    const intent = key();
    const first = await call('fund/subscribe', { fund_id: fund.id, amount: '25000.00', idempotency_key: intent }, user.session);
    expect(first.body.data).toMatchObject({ state: 'pending', amount: '25000.00', units: '0.0000' });
    const retry = await call('fund/subscribe', { fund_id: fund.id, amount: '25000.00', idempotency_key: intent }, user.session);
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect((await call('fund/subscribe', { fund_id: fund.id, amount: '26000.00', idempotency_key: intent }, user.session)).body.msg).toBe('idempotency_key_reused');
    expect(await userBalances(bench.db, user.userId)).toMatchObject({ available: 7_500_000n, frozen: 2_500_000n });
  });

  it('counts the money the last NAV converted against the size cap, so the next subscription sees what is really left', async () => {
    const fund = await bench.createFund({ size_cap: '100000.00', minimum_investment: '5000.00' });
    const first = await bench.user(10_000_000n);
    const second = await bench.user(10_000_000n);
    await call('fund/subscribe', { fund_id: fund.id, amount: '60000.00', idempotency_key: key() }, first.session);
    await bench.server.app.funds.runOnce();
    // The first NAV priced an empty fund at ₹10.0000, then converted the ₹60,000 into 6,000 units.
    const { fund: summary } = (await call('fund/detail', { fund_id: fund.id }, second.session)).body.data;
    expect(summary).toMatchObject({ nav: '10.0000', units_outstanding: '6000.0000', net_assets: '60000.00', remaining_capacity: '40000.00' });
    expect((await call('fund/subscribe', { fund_id: fund.id, amount: '50000.00', idempotency_key: key() }, second.session)).body.msg).toBe('insufficient_fundraising_amount:40000.00');
    expect((await call('fund/subscribe', { fund_id: fund.id, amount: '40000.00', idempotency_key: key() }, second.session)).body.status).toBe(1);
  });
});

describe('a fund at work', () => {
  it('converts at the first NAV of ₹10, trades through the order path, redeems at a later NAV, and keeps claims equal to net assets', async () => {
    const fund = await bench.createFund({ name: 'Worked Momentum' });
    const alice = await bench.user(5_000_000n);
    const bob = await bench.user(5_000_000n);
    await call('fund/subscribe', { fund_id: fund.id, amount: '3000000.00', idempotency_key: key() }, alice.session);
    await call('fund/subscribe', { fund_id: fund.id, amount: '1500000.00', idempotency_key: key() }, bob.session);
    await bench.server.app.funds.runOnce();

    const [aliceHolding] = (await call('fund/holdings', { page: 1 }, alice.session)).body.data.items.filter((item: { fund_id: string }) => item.fund_id === fund.id);
    expect(aliceHolding).toMatchObject({ state: 'holding', nav_in: '10.0000', units_bought: '300000.0000' });
    expect(await userBalances(bench.db, alice.userId)).toMatchObject({ available: 200_000_000n, frozen: 0n });
    const { account_user_id: accountUserId } = await fundRow(fund.id);
    const orders = await bench.db.query<{ status: string }>('SELECT status FROM orders WHERE user_id = $1', [accountUserId.toString()]);
    expect(orders.length).toBeGreaterThan(0);

    for (let step = 0; step < 30; step++) bench.driven.step();
    bench.clock.now += 60_000;
    await bench.server.app.funds.runOnce();
    const atNav = await claimsAtLastNav(fund.id);
    expect(atNav.claims.reduce((sum, claim) => sum + claim, 0n)).toBe(atNav.net);

    // A ten-thousandth under 100,000 units, so the payout rounds down below units × NAV.
    const redeemed = await call('fund/redeem', { holding_id: aliceHolding.id, units: '99999.9999', idempotency_key: key() }, alice.session);
    expect(redeemed.body.data).toMatchObject({ units: '200000.0001', units_redeeming: '99999.9999' });
    const before = await userBalances(bench.db, alice.userId);
    bench.clock.now += 60_000;
    const [outcome] = (await bench.server.app.funds.runOnce()).filter((each) => each.fundId.toString() === fund.id);
    const published = outcome!.published!;
    const paid = (await userBalances(bench.db, alice.userId)).available - before.available;
    if (published.redeemed === 1) {
      // Never more than the redeemed units' share of the net assets at that NAV.
      expect(paid).toBe(payoutFor(100_000n * unitScale - 1n, published.net.netAssetsPaise, 450_000n * unitScale));
      const detail = (await call('fund/detail', { fund_id: fund.id }, alice.session)).body.data;
      expect(detail.my_holdings[0].redemptions[0]).toMatchObject({ state: 'paid', units: '99999.9999' });
    } else {
      // The fund's cash was invested: it sells to raise it, and the next NAV pays.
      expect(published.waitingRedemptions).toBe(1);
      bench.clock.now += 60_000;
      await bench.server.app.funds.runOnce();
      expect((await userBalances(bench.db, alice.userId)).available).toBeGreaterThan(before.available);
    }
    // NAV out is the NAV the units were redeemed at, not the payout ÷ units that the rounding down leaves a hair below it.
    const [afterRedemption] = (await call('fund/holdings', { page: 1 }, alice.session)).body.data.items.filter((item: { fund_id: string }) => item.fund_id === fund.id);
    expect(afterRedemption.redemptions).toHaveLength(1);
    expect(afterRedemption.redemptions[0].state).toBe('paid');
    expect(afterRedemption.nav_out).toBe(afterRedemption.redemptions[0].nav);
    const detail = (await call('fund/detail', { fund_id: fund.id }, bob.session)).body.data;
    expect(detail.fund.strategy_order_count).toBe(detail.orders.length <= 50 ? detail.orders.length : detail.fund.strategy_order_count);
    expect(detail.response_rate).not.toBeNull();
    expect(detail.nav_history.length).toBeGreaterThan(0);
    expect(detail.exam_passed).toBe(true);
  });

  it('refuses to redeem more units than held, or someone else\'s holding, the same way as one that does not exist', async () => {
    const fund = await bench.createFund();
    const owner = await bench.user(100_000n);
    const stranger = await bench.user(100_000n);
    await call('fund/subscribe', { fund_id: fund.id, amount: '10000.00', idempotency_key: key() }, owner.session);
    const pending = (await call('fund/holdings', { page: 1 }, owner.session)).body.data.items[0];
    expect((await call('fund/redeem', { holding_id: pending.id, units: '1.0000', idempotency_key: key() }, owner.session)).body.msg).toBe('fund_holding_not_redeemable');
    await bench.server.app.funds.runOnce();
    expect((await call('fund/redeem', { holding_id: pending.id, units: '1000.0001', idempotency_key: key() }, owner.session)).body.msg).toBe('fund_units_exceed_holding');
    expect((await call('fund/redeem', { holding_id: pending.id, units: '1.0000', idempotency_key: key() }, stranger.session)).body.msg).toBe('fund_holding_not_found');
    expect((await call('fund/redeem', { holding_id: '987654321', units: '1.0000', idempotency_key: key() }, stranger.session)).body.msg).toBe('fund_holding_not_found');
  });
});

describe('the end of a fund', () => {
  it('ended early: sells every position, pays every unit out, and leaves nothing in the fund', async () => {
    const fund = await bench.createFund({ name: 'Ending Early', strategy: 'top10_equal_weight' });
    const holders = [await bench.user(3_000_000n), await bench.user(3_000_000n), await bench.user(3_000_000n)];
    for (const [index, holder] of holders.entries()) {
      await call('fund/subscribe', { fund_id: fund.id, amount: `${(index + 1) * 500_000}.00`, idempotency_key: key() }, holder.session);
    }
    await bench.server.app.funds.runOnce();
    const late = await bench.user(100_000n);
    await call('fund/subscribe', { fund_id: fund.id, amount: '10000.00', idempotency_key: key() }, late.session);
    for (let step = 0; step < 10; step++) bench.driven.step();
    const ended = await call('admin/fund/end', { fund_id: fund.id, reason: 'Strategy retired by the desk' }, bench.operator.headers);
    expect(ended.body.data.phase).toBe('ending');
    // The late subscription was never converted: its money is back.
    expect(await userBalances(bench.db, late.userId)).toMatchObject({ available: 10_000_000n, frozen: 0n });
    bench.clock.now += 60_000;
    await bench.server.app.funds.runOnce();
    bench.clock.now += 60_000;
    await bench.server.app.funds.runOnce();
    const row = await fundRow(fund.id);
    expect(row).toMatchObject({ state: 'ended' });
    expect(BigInt(row.units_e4)).toBe(0n);
    const fundBalances = await userBalances(bench.db, BigInt(row.account_user_id));
    expect(fundBalances).toMatchObject({ available: 0n, frozen: 0n, margin: 0n });
    for (const holder of holders) {
      const [holding] = (await call('fund/holdings', { page: 1 }, holder.session)).body.data.items;
      expect(holding).toMatchObject({ state: 'ended', units: '0.0000' });
      expect(holding.redemptions.at(-1)).toMatchObject({ kind: 'final', state: 'paid' });
    }
    const trades = await bench.db.query<{ status: string }>('SELECT status FROM orders WHERE user_id = $1', [row.account_user_id.toString()]);
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.every((trade) => trade.status === 'closed' || trade.status === 'cancelled')).toBe(true);
    const accounts = await bench.db.query<{ id: bigint }>('SELECT id FROM ledger_accounts');
    expect(await ledgerHealth(bench.db, accounts.map((account) => account.id))).toEqual(healthyLedger());
  });

  it('withdrawn before anyone holds units: waiting subscriptions are released and the fund reads as removed', async () => {
    const fund = await bench.createFund();
    const user = await bench.user(100_000n);
    await call('fund/subscribe', { fund_id: fund.id, amount: '10000.00', idempotency_key: key() }, user.session);
    const withdrawn = await call('admin/fund/withdraw', { fund_id: fund.id, reason: 'Launched by mistake' }, bench.operator.headers);
    expect(withdrawn.body.data.phase).toBe('withdrawn');
    expect(await userBalances(bench.db, user.userId)).toMatchObject({ available: 10_000_000n, frozen: 0n });
    expect((await call('fund/subscribe', { fund_id: fund.id, amount: '10000.00', idempotency_key: key() }, user.session)).body.msg).toBe('fund_not_found_or_removed');
    const audit = await bench.db.query<{ action: string }>("SELECT action FROM audit_log WHERE subject_kind = 'fund' AND subject_id = $1 ORDER BY id", [fund.id]);
    expect(audit.map((entry) => entry.action)).toEqual(['fund.save', 'fund.withdraw']);
  });

  it('keeps a fund\'s terms fixed once anyone has subscribed', async () => {
    const fund = await bench.createFund();
    const user = await bench.user(100_000n);
    await call('fund/subscribe', { fund_id: fund.id, amount: '10000.00', idempotency_key: key() }, user.session);
    const edit = await call('admin/fund/save', {
      fund_id: fund.id, name: 'Renamed', strategy: 'nifty50_momentum', size_cap: '50000000.00', minimum_investment: '1.00',
      subscribe_from: new Date(bench.clock.now + 3_600_000).toISOString(), subscribe_until: new Date(bench.clock.now + 7_200_000).toISOString(),
      ends_at: new Date(bench.clock.now + 9_000_000).toISOString(), management_fee_bps: 0, reason: 'Try to change terms',
    }, bench.operator.headers);
    expect(edit.body.msg).toBe('fund_not_editable');
    expect(parseRupees('1.00')).toBe(100n);
  });
});
