// The loan-to-value monitor on a real database and a hand-driven market: a price fall past the
// warning line messages the user once however many passes run, and again only after the
// ratio recovered and crossed again; past the sale line the pledged stock is closed through
// the order writer and its proceeds repay the loan once, with the reason in the statement,
// and a fully repaid pledge with nothing left is completed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../testing/userKit.ts';
import { percentOf } from './pledgeMonitor.ts';
import { newKey, openPledgeWorld, type PledgeWorld } from './pledgeTestKit.ts';

let world: PledgeWorld;
const startPaise = 350_000;

beforeAll(async () => {
  world = await openPledgeWorld('mon');
});
afterAll(async () => {
  await world?.close();
});

const call = (...args: Parameters<PledgeWorld['server']['call']>) => world.server.call(...args);
const pass = () => world.server.app.pledgeMonitor.runOnce();
const kindsOfMessages = async (user: TestUser) => ((await call('user/messages', { page: 1 }, user.session)).body.data.items as { kind: string }[]).map((item) => item.kind);

/** 100 shares of `code` at ₹3,500 pledged for `amount`: value ₹3,50,000, limit ₹1,75,000. */
async function pledged(code: string, amount: string) {
  world.driven.trade(code, startPaise);
  const user = await world.newUser();
  const orderNo = await world.buy(user, code);
  const { body } = await call('pledge/request', { positions: [orderNo], amount, idempotency_key: newKey('pledge') }, user.session);
  expect(body.data.status).toBe('successful');
  return { user, orderNo, pledgeId: body.data.id as string };
}

describe('the loan-to-value monitor', () => {
  it('writes-basis-points-as-percent', () => {
    expect(percentOf(6000)).toBe('60.00');
    expect(percentOf(6251)).toBe('62.51');
    expect(percentOf(7)).toBe('0.07');
  });

  it('messages-once-per-crossing-of-the-warning-line', async () => {
    const { user, pledgeId } = await pledged('INFY', '175000.00');
    // Owed ₹1,75,000 on ₹3,50,000: 50 %. At ₹2,800 a share it is 62.5 %.
    await pass();
    expect(await kindsOfMessages(user)).not.toContain('pledge_ltv_warning');
    world.driven.trade('INFY', 280_000);
    await pass();
    await pass();
    const warnings = (await call('user/messages', { page: 1 }, user.session)).body.data.items.filter((item: { kind: string }) => item.kind === 'pledge_ltv_warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].params).toEqual({ pledge_id: pledgeId, ltv_percent: '62.50', sale_percent: '75.00' });
    // Back below the line the mark clears; the next crossing is messaged again.
    world.driven.trade('INFY', startPaise);
    await pass();
    world.driven.trade('INFY', 280_000);
    await pass();
    expect((await kindsOfMessages(user)).filter((kind) => kind === 'pledge_ltv_warning')).toHaveLength(2);
    world.driven.trade('INFY', startPaise);
  });

  it('sells-past-the-sale-line-and-repays-the-loan-once-with-the-reason-in-the-statement', async () => {
    const { user, orderNo, pledgeId } = await pledged('HDFCBANK', '175000.00');
    // At ₹2,200 a share: owed ₹1,75,000 on ₹2,20,000, 79.55 %: past 75 %.
    world.driven.trade('HDFCBANK', 220_000);
    await pass();
    await pass();
    const order = (await call('order/detail', { order_no: orderNo }, user.session)).body.data;
    expect(order).toMatchObject({ status: 'closed', close_price: '2200.00' });
    const pledge = (await call('pledge/list', {}, user.session)).body.data.pledges[0];
    // Proceeds: ₹2,20,000 less the closing fees, well above what was owed: the loan is repaid and the pledge completed.
    expect(pledge).toMatchObject({ id: pledgeId, status: 'completed', outstanding: '0.00', positions: [{ state: 'sold' }] });
    const kinds = await kindsOfMessages(user);
    expect(kinds.filter((kind) => kind === 'pledge_stock_sold')).toHaveLength(1);
    const repayments = await world.database.db.query('SELECT amount_paise FROM loan_repayments WHERE loan_id = $1', [pledge.loan_id]);
    expect(repayments).toEqual([{ amount_paise: 17_500_000n }]);
    const statement = (await call('user/statement', {}, user.session)).body.data as { kind: string }[];
    expect(statement.map((line) => line.kind).slice(0, 2)).toEqual(['pledge_sale', 'position_close']);
  });
});
