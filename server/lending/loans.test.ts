// Credit loans end to end through the API on a real database: the score sets the limit, a
// borrow is one balanced transfer that books the debt, each date's interest posts once however
// often the job runs (and catches up after downtime), a repayment pays interest first and never
// more than is owed, loans hold back withdrawals, and staff can read every loan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDayOfDayNumber, istDayNumber } from '../../contract/calendarDays.ts';
import { userBalances } from '../ledger/userBalances.ts';
import {
  depositAndApprove,
  expectHealthyLedger,
  type FundingUser,
  type FundingWorld,
  newKey,
  openFundingWorld,
  testFundPassword,
} from '../funding/fundingTestKit.ts';
import { dailyInterestPaise } from './interest.ts';

let world: FundingWorld;
beforeAll(async () => {
  world = await openFundingWorld('loan');
});
afterAll(async () => {
  await world?.close();
});

const call = (...args: Parameters<FundingWorld['server']['call']>) => world.server.call(...args);
const dateAfter = (days: number) => isoDayOfDayNumber(istDayNumber(Date.now()) + days);
const runJob = (days: number) => world.server.app.accrualJob.runOnce(dateAfter(days));

async function verifiedWithMoney(rupees = '100000.00'): Promise<FundingUser> {
  const user = await world.newUser({ verified: true });
  await depositAndApprove(world, user, rupees);
  return user;
}

const borrow = (user: FundingUser, amount: string, idempotency_key = newKey('borrow')) => call('loan/borrow', { amount, idempotency_key }, user.session);
const repay = (user: FundingUser, loan_id: string, amount: string, idempotency_key = newKey('repay')) =>
  call('loan/repay', { loan_id, amount, idempotency_key }, user.session);
const loanAccountBalance = async (user: FundingUser) => {
  const [row] = await world.db.query<{ balance_paise: bigint }>("SELECT balance_paise FROM ledger_accounts WHERE user_id = $1 AND kind = 'user_loan'", [user.userId.toString()]);
  return row?.balance_paise ?? 0n;
};

describe('the credit overview', () => {
  it('shows-the-score-its-factors-and-the-limit-of-a-verified-newcomer', async () => {
    const user = await verifiedWithMoney();
    const overview = (await call('credit/overview', {}, user.session)).body.data;
    expect(overview).toMatchObject({ score: 520, max_score: 1000, level: 'average', limit: '50000.00', borrowed: '0.00', available: '50000.00', annual_rate_bps: 1200 });
    expect(overview.factors.map((factor: { name: string }) => factor.name)).toEqual([
      'kyc_verified', 'account_age', 'trading_months', 'repayment_history', 'no_missed_payment', 'utilisation',
    ]);
  });

  it('an-unverified-user-is-poor-and-refused-any-loan', async () => {
    const user = await world.newUser({ verified: false });
    expect((await call('credit/overview', {}, user.session)).body.data).toMatchObject({ level: 'poor', limit: '0.00' });
    expect((await borrow(user, '100.00')).body.msg).toBe('loan_limit_insufficient:0.00');
  });
});

describe('borrowing', () => {
  it('pays-the-loan-into-available-and-books-the-debt-in-one-transfer', async () => {
    const user = await verifiedWithMoney();
    const key = newKey('borrow');
    const answer = await borrow(user, '20000.00', key);
    expect(answer.body.msg).toBe('ok');
    expect(answer.body.data).toMatchObject({ kind: 'credit', status: 'open', principal: '20000.00', outstanding: '20000.00', interest_outstanding: '0.00' });
    expect((await userBalances(world.db, user.userId)).available).toBe(12_000_000n);
    expect(await loanAccountBalance(user)).toBe(-2_000_000n);
    const transfers = await world.db.query<{ kind: string; legs: bigint }>(
      `SELECT t.kind, count(p.id) AS legs FROM ledger_transfers t JOIN ledger_postings p ON p.transfer_id = t.id
        WHERE t.user_id = $1 AND t.kind = 'loan_borrow' GROUP BY t.kind`,
      [user.userId.toString()],
    );
    expect(transfers).toEqual([{ kind: 'loan_borrow', legs: 4n }]);
    // The same key again is the same loan, lent once.
    expect((await borrow(user, '20000.00', key)).body.data.id).toBe(answer.body.data.id);
    expect(await loanAccountBalance(user)).toBe(-2_000_000n);
    expect((await borrow(user, '20001.00', key)).body.msg).toBe('idempotency_key_reused');
    await expectHealthyLedger(world.db);
  });

  it('refuses-past-the-limit-with-what-may-still-be-borrowed', async () => {
    const user = await verifiedWithMoney();
    expect((await borrow(user, '30000.00')).body.msg).toBe('ok');
    expect((await borrow(user, '20000.01')).body.msg).toBe('loan_limit_insufficient:20000.00');
    expect((await call('credit/overview', {}, user.session)).body.data).toMatchObject({ borrowed: '30000.00', available: '20000.00' });
  });
});

describe('daily interest', () => {
  it('posts-each-date-once-and-catches-up-after-downtime', async () => {
    const user = await verifiedWithMoney();
    const loan = (await borrow(user, '10000.00')).body.data;
    const day = dailyInterestPaise(1_000_000n, 1200); // 329 paise
    expect((await runJob(0)).accruals).toBe(0);
    await runJob(1);
    await runJob(1);
    expect(await loanAccountBalance(user)).toBe(-1_000_000n - day);
    // Three dates missed: the next run posts them all, and again nothing the second time.
    await runJob(4);
    expect((await runJob(4)).accruals).toBe(0);
    const detail = (await call('loan/detail', { loan_id: loan.id, page: 1 }, user.session)).body.data;
    expect(detail.loan).toMatchObject({ interest_outstanding: '13.16', interest_accrued: '13.16', accrued_through: dateAfter(4), outstanding: '10013.16' });
    expect(detail.events.total).toBe(5);
    expect(detail.events.items[0]).toMatchObject({ kind: 'interest', at: dateAfter(4), amount: '3.29', on_principal: '10000.00' });
    expect(detail.events.items.at(-1)).toMatchObject({ kind: 'borrow', amount: '10000.00' });
    expect(await loanAccountBalance(user)).toBe(-1_000_000n - 4n * day);
    await expectHealthyLedger(world.db);
  });
});

describe('repaying', () => {
  it('pays-interest-first-then-principal-and-closes-the-loan-when-nothing-is-owed', async () => {
    const user = await verifiedWithMoney();
    const loan = (await borrow(user, '10000.00')).body.data;
    await runJob(1);
    expect((await repay(user, loan.id, '10003.30')).body.msg).toBe('repayment_greater_than_borrowed:10003.29');
    const part = (await repay(user, loan.id, '1000.00')).body.data;
    expect(part).toMatchObject({ status: 'open', interest_outstanding: '0.00', principal_outstanding: '9003.29', repaid: '1000.00' });
    const rest = (await repay(user, loan.id, '9003.29')).body.data;
    expect(rest).toMatchObject({ status: 'repaid', outstanding: '0.00', repaid: '10003.29' });
    expect(rest.repaid_at).not.toBeNull();
    expect(await loanAccountBalance(user)).toBe(0n);
    expect((await repay(user, loan.id, '1.00')).body.msg).toBe('contact_service_to_confirm_repayment');
    // A repaid loan accrues nothing more.
    expect((await runJob(2)).accruals).toBe(0);
    // It counts in the score's repayment history.
    expect((await call('credit/overview', {}, user.session)).body.data.factors[3]).toMatchObject({ name: 'repayment_history', value: 1, points: 60 });
    await expectHealthyLedger(world.db);
  });

  it('refuses-another-users-loan', async () => {
    const owner = await verifiedWithMoney('5000.00');
    const loan = (await borrow(owner, '1000.00')).body.data;
    const stranger = await verifiedWithMoney();
    expect((await repay(stranger, loan.id, '10.00')).body.msg).toBe('loan_not_found');
    expect((await call('loan/detail', { loan_id: loan.id, page: 1 }, stranger.session)).body.msg).toBe('loan_not_found');
    // The owner's own ₹5,000 is withdrawable; a paisa more is the borrowed money.
    const spent = await call('user/withdraw', { amount: '5000.01', card_id: owner.cardId, fund_password: testFundPassword, idempotency_key: newKey('withdraw') }, owner.session);
    expect(spent.body.msg).toBe('outstanding_credit_repay_first');
  });
});

describe('withdrawals while a loan is outstanding', () => {
  it('withdrawable-is-cash-minus-frozen-minus-outstanding-loans', async () => {
    const user = await verifiedWithMoney('20000.00');
    const loan = (await borrow(user, '5000.00')).body.data;
    expect((await call('user/withdrawInfo', {}, user.session)).body.data.withdrawable).toBe('20000.00');
    const form = { amount: '20000.01', card_id: user.cardId, fund_password: testFundPassword, idempotency_key: newKey('withdraw') };
    expect((await call('user/withdraw', form, user.session)).body.msg).toBe('outstanding_credit_repay_first');
    expect((await call('user/withdraw', { ...form, amount: '25000.01' }, user.session)).body.msg).toBe('insufficient_withdrawable_amount');
    await repay(user, loan.id, '5000.00');
    expect((await call('user/withdrawInfo', {}, user.session)).body.data.withdrawable).toBe('20000.00');
  });
});

describe('records', () => {
  it('list-the-users-loans-newest-first-and-staff-see-them-too', async () => {
    const user = await verifiedWithMoney();
    const first = (await borrow(user, '1000.00')).body.data;
    const second = (await borrow(user, '2000.00')).body.data;
    const list = (await call('loan/list', { page: 1 }, user.session)).body.data;
    expect(list).toMatchObject({ total: 2, page: 1, page_size: 10 });
    expect(list.items.map((loan: { id: string }) => loan.id)).toEqual([second.id, first.id]);
    await repay(user, first.id, '1000.00');
    const open = (await call('loan/list', { page: 1, status: 'open' }, user.session)).body.data;
    expect(open.items.map((loan: { id: string }) => loan.id)).toEqual([second.id]);
    expect(open.total).toBe(1);
    const staffList = (await call('admin/loans/list', { page: 1, query: user.account }, world.reviewer.headers)).body.data;
    expect(staffList.items.map((loan: { id: string; account: string }) => [loan.id, loan.account])).toEqual([[second.id, user.account], [first.id, user.account]]);
    const staffDetail = (await call('admin/loans/detail', { loan_id: first.id, page: 1 }, world.operator.headers)).body.data;
    expect(staffDetail.loan).toMatchObject({ id: first.id, account: user.account });
    expect((await call('admin/loans/list', { page: 1 }, user.session)).httpStatus).toBe(401);
  });
});
