// Money in and out in the portfolio: user/portfolioSummary totals approved deposits and paid
// withdrawals only, and the daily job records them as the day's outside flow (net_flow), so
// the P&L calendar does not count a deposit as profit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDay } from '../../contract/calendarDays.ts';
import { depositAndApprove, type FundingWorld, newKey, openFundingWorld, testFundPassword } from '../funding/fundingTestKit.ts';

let world: FundingWorld;

beforeAll(async () => {
  world = await openFundingWorld('pf');
});
afterAll(async () => {
  await world?.close();
});

describe('deposits and withdrawals in the portfolio', () => {
  it('totals-approved-deposits-and-paid-withdrawals-and-records-them-as-the-days-flow', async () => {
    const user = await world.newUser();
    const bystander = await world.newUser();
    await depositAndApprove(world, user, '25000.00');
    await depositAndApprove(world, bystander, '9000.00');
    // A pending deposit and a pending withdrawal count for nothing yet.
    const call = world.server.call;
    const withdraw = (amount: string) => call('user/withdraw', { amount, card_id: user.cardId, fund_password: testFundPassword, idempotency_key: newKey('withdraw') }, user.session);
    const paid = await withdraw('4000.00');
    expect(paid.body.msg).toBe('ok');
    const review = await call('admin/withdrawals/review', { id: paid.body.data.id, decision: 'approve', reason: 'Checked', bank_reference: 'NEFT-PF-1' }, world.reviewer.headers);
    expect(review.body.data.status).toBe('paid');
    expect((await withdraw('1000.00')).body.msg).toBe('ok');

    const summary = (await call('user/portfolioSummary', {}, user.session)).body.data;
    expect(summary).toMatchObject({
      currency: 'INR', deposits_total: '25000.00', withdrawals_total: '4000.00', trade_count: 0, holding_count: 0,
      total_assets: '21000.00', invested: '0.00', market_value: '0.00', realised_pnl_all: '0.00',
    });

    // Today's live calendar day: 25,000 in, 4,000 out, nothing earned.
    const today = istDay(Date.now());
    const calendar = (await call('user/pnlCalendar', { month: today.slice(0, 7) }, user.session)).body.data;
    expect(calendar).toEqual([{ date: today, pnl: '0.00', simulated: false }]);
  });
});
